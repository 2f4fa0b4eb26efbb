"""The room as a grid of zones with a token for every figure still in the fight."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from rt0table.desktop.table.box import BoxItem
from rt0table.desktop.table.paint import FOE, INK, LEGAL, MUTED, PANEL_EDGE, PLAYER, TARGET, draw_text, panel
from rt0table.rules.rt0.fight.state import CombatState
from rt0table.rules.rt0.fight.zones import Zone, zone_name


class ZoneGridItem(BoxItem):
    def __init__(self) -> None:
        super().__init__()
        self.size_n = 3
        self.tokens: list[tuple[Zone, str, bool, str]] = []  # zone, initials, is foe, full name
        self.marked: set[Zone] = set()  # zones a focused decision option names
        self.offered: set[Zone] = set()  # zones a move on offer goes to: lit, to click or to drag a figure onto
        self.ids: list[str] = []  # each token's figure id, in ``tokens`` order
        self.carried: tuple[str, QPointF] | None = None  # a figure being dragged, and where (item terms)
        self.cache_between_changes()

    def refresh(self, state: CombatState) -> None:
        self.size_n = state.room.size
        people = [f for f in state.fighters if f.in_combat and f.zone is not None]
        foes = [a for a in state.adversaries if a.active]
        tokens = [(f.zone, f.name[:2], False, f.name) for f in people if f.zone is not None]
        tokens += [(a.zone, a.name[0] + a.name[-1], True, a.name) for a in foes]
        self.tokens, self.ids = tokens, [f.id for f in people] + [a.id for a in foes]
        self.setToolTip("\n".join(f"{name}: {zone_name(z)}" for z, _, _, name in tokens))
        self.update()

    def set_offered(self, zones: set[Zone]) -> None:
        if zones != self.offered:
            self.offered = zones
            self.update()

    def zone_at(self, scene_pos: QPointF) -> Zone | None:
        """The zone under a scene point, or None off the grid."""
        local = self.mapFromScene(scene_pos)
        side = min(self.size.width(), self.size.height()) / self.size_n
        column, row = int(local.x() // side), int(local.y() // side)
        if local.x() < 0 or local.y() < 0 or not (0 <= column < self.size_n and 0 <= row < self.size_n):
            return None
        return column, row

    def token_rects(self) -> dict[str, QRectF]:
        """Each figure's token, in item terms, keyed by its id."""
        found: dict[str, QRectF] = {}
        by_zone: dict[Zone, list[str]] = {}
        for (zone, _, _, _), who in zip(self.tokens, self.ids, strict=True):
            by_zone.setdefault(zone, []).append(who)
        for zone, people in by_zone.items():
            for i, rect in enumerate(self._token_spots(zone, len(people))):
                found[people[i]] = rect
        return found

    def _token_spots(self, zone: Zone, count: int) -> list[QRectF]:
        u = self.unit
        cell = self.cell(zone)
        per_row = 2 if count > 1 else 1
        # Tokens stay about a line of text across, so a 1x1 room does not get dinner plates.
        d = min(cell.width() / (per_row + 0.6), cell.height() / ((count + 1) // per_row + 0.8), u * 3.2)
        spots = []
        for i in range(count):
            x = cell.x() + cell.width() * 0.5 - per_row * d * 0.5 + (i % per_row) * d
            y = cell.y() + u * 1.0 + (i // per_row) * d
            spots.append(QRectF(x + d * 0.06, y + d * 0.06, d * 0.88, d * 0.88))
        return spots

    def carry(self, who: str, at: QPointF | None) -> None:
        """Draw ``who``'s token at a scene point while it is dragged (None: back in its zone)."""
        self.carried = (who, self.mapFromScene(at)) if at is not None else None
        self.update()

    def cell(self, zone: Zone) -> QRectF:
        side = min(self.size.width(), self.size.height()) / self.size_n
        return QRectF(zone[0] * side, zone[1] * side, side, side)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        u = self.unit
        panel(painter, self.size, u * 0.3)
        for c in range(self.size_n):
            for r in range(self.size_n):
                cell = self.cell((c, r))
                marked, offered = (c, r) in self.marked, (c, r) in self.offered
                edge = TARGET if marked else LEGAL if offered else PANEL_EDGE
                painter.setPen(QPen(edge, 3 if marked else 2 if offered else 1))
                painter.setBrush(QColor(60, 120, 80, 90) if marked or offered else Qt.BrushStyle.NoBrush)
                painter.drawRect(cell.adjusted(2, 2, -2, -2))
                draw_text(
                    painter,
                    cell.adjusted(u * 0.3, u * 0.1, 0, 0),
                    zone_name((c, r)),
                    u * 0.75,
                    MUTED,
                    False,
                    Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
                )
        spots = self.token_rects()
        for (_, initials, foe, _), who in zip(self.tokens, self.ids, strict=True):
            token = spots[who]
            if self.carried is not None and self.carried[0] == who:
                token = QRectF(token).translated(self.carried[1] - token.center())
            painter.setPen(QPen(INK, 1.2))
            painter.setBrush(FOE if foe else PLAYER)
            painter.drawEllipse(token)
            draw_text(painter, token, initials, token.height() * 0.41, INK, True, Qt.AlignmentFlag.AlignCenter)
