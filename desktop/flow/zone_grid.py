"""Placing figures on the room's grid: pick a figure in the list, click the zone it starts in."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from rt0table.rules.rt0.fight.zones import Zone, zone_name


@dataclass(frozen=True)
class Figure:
    key: str  # a fighter id, or "foe:<index>" for the n-th adversary in the list
    name: str
    foe: bool


class ZoneGrid(QWidget):
    """The room as a grid of zone buttons beside the list of figures; ``moved`` fires after every placement."""

    moved = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.size_n = 1
        self.figures: list[Figure] = []
        self.zones: dict[str, Zone] = {}
        self.cells: dict[Zone, QPushButton] = {}
        self.list = QListWidget()
        self.list.setObjectName("placement-figures")
        self.list.currentRowChanged.connect(lambda _row: self._render())
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.grid = QGridLayout()
        self.grid.setSpacing(4)
        grid_box = QWidget()
        grid_box.setLayout(self.grid)
        left = QVBoxLayout()
        left.addWidget(self.list, 1)
        left.addWidget(self.hint)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(left, 2)
        layout.addWidget(grid_box, 3)

    def set_room(self, size: int, figures: list[Figure], zones: dict[str, Zone]) -> None:
        """Show a room of ``size`` with these figures where ``zones`` puts them."""
        selected = self.selected()
        self.size_n, self.figures, self.zones = size, list(figures), dict(zones)
        while self.grid.count():
            item = self.grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.setParent(None)  # gone at once, so a search by name finds only the new cells
                widget.deleteLater()
        self.cells = {}
        for r in range(size):
            for c in range(size):
                cell = QPushButton()
                cell.setObjectName(f"zone-{zone_name((c, r))}")
                cell.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
                cell.setMinimumHeight(self.fontMetrics().height() * (4 if size < 5 else 3))
                cell.clicked.connect(lambda _=False, z=(c, r): self.place(z))
                self.grid.addWidget(cell, r, c)
                self.cells[(c, r)] = cell
        self.list.blockSignals(True)
        self.list.clear()
        for figure in figures:
            QListWidgetItem(figure.name, self.list)
        keys = [f.key for f in figures]
        self.list.setCurrentRow(keys.index(selected) if selected in keys else (0 if figures else -1))
        self.list.blockSignals(False)
        self._render()

    def selected(self) -> str | None:
        row = self.list.currentRow() if self.figures else -1
        return self.figures[row].key if 0 <= row < len(self.figures) else None

    def select(self, key: str) -> None:
        self.list.setCurrentRow([f.key for f in self.figures].index(key))

    def place(self, zone: Zone) -> None:
        """Put the selected figure in ``zone`` and move the selection to the next figure."""
        key = self.selected()
        if key is None:
            return
        self.zones[key] = zone
        row = self.list.currentRow()
        self.list.setCurrentRow((row + 1) % len(self.figures))
        self._render()
        self.moved.emit()

    def _render(self) -> None:
        for row, figure in enumerate(self.figures):
            item = self.list.item(row)
            if item is not None:
                where = zone_name(self.zones[figure.key]) if figure.key in self.zones else "?"
                item.setText(f"{figure.name} — {'adversary' if figure.foe else 'party'} — {where}")
        for zone, cell in self.cells.items():
            inside = [f for f in self.figures if self.zones.get(f.key) == zone]
            lines = [zone_name(zone)] + [f"{'▲' if f.foe else '●'} {f.name}" for f in inside]
            cell.setText("\n".join(lines))
            cell.setToolTip(f"Put the selected figure in {zone_name(zone)}")
        key = self.selected()
        name = next((f.name for f in self.figures if f.key == key), None)
        self.hint.setText(f"Click a zone to place {name}. ● party, ▲ adversary." if name else "Nobody to place yet.")
