"""The party strip: one badge per fighter with HP, Shield, zone and injuries; the active one marked."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from rt0table.desktop.table.box import BoxItem
from rt0table.desktop.table.paint import HP, INK, LEGAL, MUTED, PLAYER, REFUSED, SHIELD, draw_text, panel
from rt0table.rules.rt0.fight.forecast import Outlook
from rt0table.rules.rt0.fight.state import START_HP, Fighter
from rt0table.rules.rt0.fight.zones import zone_name


class FighterBadgeItem(BoxItem):
    def __init__(self, fighter_id: str) -> None:
        super().__init__(clickable=True)
        self.fighter_id = fighter_id
        self.fighter: Fighter | None = None
        self.active = False
        self.targeted = False
        self.outlook: Outlook | None = None  # HP after the adversaries' turn, from the round forecast
        self.outlook_text = ""  # the short line
        self.outlook_odds = ""  # every outcome with its chance, for the tooltip
        self.cache_between_changes()

    def set_outlook(self, text: str, odds: str, outlook: Outlook | None) -> None:
        self.outlook, self.outlook_text, self.outlook_odds = outlook, text, odds

    def refresh(self, fighter: Fighter, active: bool) -> None:
        self.fighter, self.active = fighter, active
        injuries = ", ".join(fighter.injuries) or "no injuries"
        after = f"\nAfter the adversaries: {self.outlook_odds}" if self.outlook_odds else ""
        self.setToolTip(f"{fighter.name}: {fighter.hp} HP, {fighter.shield} Shield, {injuries}{after}")
        self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        fighter = self.fighter
        if fighter is None:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        u, r = self.unit, self.size
        edge = LEGAL if self.active else PLAYER
        thick = u * (0.25 if self.active or self.targeted else 0.1)
        panel(painter, r.adjusted(1, 1, -1, -1), u * 0.4, edge, max(1.5, thick))
        line = min(u * 1.4, (r.height() - u * 0.4) / 3)
        name = ("▶ " if self.active else "") + fighter.name
        if fighter.dead:
            name += " (dead)"
        elif fighter.zone is None:
            name += " (left)"
        draw_text(painter, QRectF(u * 0.5, u * 0.2, r.width() * 0.6, line), name, line * 0.78, INK, True)
        where = zone_name(fighter.zone) if fighter.zone is not None else "—"
        draw_text(
            painter,
            QRectF(r.width() * 0.6, u * 0.2, r.width() * 0.4 - u * 0.5, line),
            where,
            line * 0.7,
            MUTED,
            False,
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
        )
        bar = QRectF(u * 0.5, u * 0.2 + line + line * 0.15, r.width() * 0.45, line * 0.5)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#3a2020"))
        painter.drawRoundedRect(bar, 3, 3)
        painter.setBrush(HP)
        filled = bar.width() * min(1.0, fighter.hp / START_HP)
        painter.drawRoundedRect(QRectF(bar.x(), bar.y(), filled, bar.height()), 3, 3)
        outlook = self.outlook
        if outlook is not None and outlook.low < fighter.hp:  # the HP the adversaries may take: hatched
            kept = bar.width() * min(1.0, outlook.low / START_HP)
            painter.setBrush(QBrush(QColor("#f3d2a2"), Qt.BrushStyle.BDiagPattern))
            painter.drawRect(QRectF(bar.x() + kept, bar.y(), filled - kept, bar.height()))
        stats = f"HP {fighter.hp}   Shield {fighter.shield}"
        draw_text(
            painter,
            QRectF(bar.right() + u * 0.5, u * 0.2 + line, r.width() - bar.right() - u, line * 0.8),
            stats,
            line * 0.66,
            SHIELD if fighter.shield else INK,
        )
        if r.height() > u * 0.2 + line * 2.2:
            injuries = ", ".join(fighter.injuries) or "No injuries"
            if self.outlook_text and not fighter.dead:
                injuries = f"{self.outlook_text} · {injuries}"
            draw_text(
                painter,
                QRectF(u * 0.5, u * 0.2 + line * 2, r.width() - u, line * 0.9),
                injuries,
                line * 0.62,
                REFUSED if fighter.injuries else MUTED,
            )
