"""The room as a grid of zones with a token for every figure still in the fight."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from rt0table.desktop.table.box import BoxItem
from rt0table.desktop.table.paint import FOE, INK, MUTED, PANEL_EDGE, PLAYER, TARGET, draw_text, panel
from rt0table.rules.rt0.fight.state import CombatState
from rt0table.rules.rt0.fight.zones import Zone, zone_name


class ZoneGridItem(BoxItem):
    def __init__(self) -> None:
        super().__init__()
        self.size_n = 3
        self.tokens: list[tuple[Zone, str, bool, str]] = []  # zone, initials, is foe, full name
        self.marked: set[Zone] = set()  # zones a focused decision option names
        self.cache_between_changes()

    def refresh(self, state: CombatState) -> None:
        self.size_n = state.room.size
        tokens = [(f.zone, f.name[:2], False, f.name) for f in state.fighters if f.in_combat and f.zone is not None]
        tokens += [(a.zone, a.name[0] + a.name[-1], True, a.name) for a in state.adversaries if a.active]
        self.tokens = tokens
        self.setToolTip("\n".join(f"{name}: {zone_name(z)}" for z, _, _, name in tokens))
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
                painter.setPen(QPen(TARGET if (c, r) in self.marked else PANEL_EDGE, 3 if (c, r) in self.marked else 1))
                painter.setBrush(QColor(60, 120, 80, 90) if (c, r) in self.marked else Qt.BrushStyle.NoBrush)
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
        by_zone: dict[Zone, list[tuple[str, bool]]] = {}
        for zone, initials, foe, _ in self.tokens:
            by_zone.setdefault(zone, []).append((initials, foe))
        for zone, figures in by_zone.items():
            cell = self.cell(zone)
            per_row = 2 if len(figures) > 1 else 1
            # Tokens stay about a line of text across, so a 1x1 room does not get dinner plates.
            d = min(cell.width() / (per_row + 0.6), cell.height() / ((len(figures) + 1) // per_row + 0.8), u * 3.2)
            for i, (initials, foe) in enumerate(figures):
                x = cell.x() + cell.width() * 0.5 - per_row * d * 0.5 + (i % per_row) * d
                y = cell.y() + u * 1.0 + (i // per_row) * d
                token = QRectF(x + d * 0.06, y + d * 0.06, d * 0.88, d * 0.88)
                painter.setPen(QPen(INK, 1.2))
                painter.setBrush(FOE if foe else PLAYER)
                painter.drawEllipse(token)
                draw_text(painter, token, initials, d * 0.36, INK, True, Qt.AlignmentFlag.AlignCenter)
