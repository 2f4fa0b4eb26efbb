"""The pack editor: browse a pack's entries by kind, edit their fields with the game's check run on every change.

Generic over games: everything game-specific comes from a ``PackGame`` (kinds, fields, the check, paste readers).
Errors are the shared reader's own words, naming the file, the entry and the field; the field concerned is marked.
The shipped house pack is read-only: saving it writes a new pack into the user's packs folder.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from rt0table.desktop.packs.pack_draft import PackDraft, Problem
from rt0table.desktop.packs.pack_library import (
    PackListing,
    available_packs,
    export_pack,
    import_pack,
    install,
    read_files,
    save_files,
)
from rt0table.desktop.packs.pack_preview import CardPreview
from rt0table.desktop.packs.pack_schema import (
    CHOICE,
    FLAG,
    INTEGER,
    JSON,
    KEYED,
    LISTED,
    LONG_TEXT,
    TEXTS,
    Field,
    Kind,
    PackGame,
    Paste,
)
from rt0table.rules.packs.content_pack import PackError

PROBLEM_STYLE = "color: #b3261e;"
OK_STYLE = "color: #1b6e3a;"
MARKED = "border: 2px solid #b3261e;"
_WHOLE = re.compile(r"-?\d+")


def _edit_value(field: Field, text: str) -> tuple[Any, bool]:
    """What a typed text means for a field, and whether it removes the field (an empty optional field)."""
    if not text.strip() and field.optional:
        return None, True
    if field.type == INTEGER:
        return (int(text.strip()) if _WHOLE.fullmatch(text.strip()) else text), False
    if field.type == TEXTS:
        return [part.strip() for part in text.split(",") if part.strip()], False
    return text, False


def _shown(field: Field, value: Any) -> str:
    if value is None:
        return ""
    if field.type == TEXTS and isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if field.type == JSON:
        return json.dumps(value, indent=1, ensure_ascii=False)
    if isinstance(value, dict | list | bool) or (field.type != INTEGER and isinstance(value, int | float)):
        return json.dumps(value, ensure_ascii=False)  # a value of the wrong kind is shown as the file has it
    return str(value) if not isinstance(value, str) else value


class PackEditor(QWidget):
    """Edit one game's packs; ``saved`` carries the folder written to."""

    saved = Signal(object)  # Path

    def __init__(self, game: PackGame, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pack-editor")
        self.game = game
        self.draft: PackDraft | None = None
        self.listings: list[PackListing] = []
        self.fields: dict[str, QWidget] = {}
        self._filling = False
        self._build()
        self.reload_listing()

    # --- building ---

    def _build(self) -> None:
        self.picker = QComboBox()
        self.picker.setObjectName("pack-picker")
        self.picker.activated.connect(self._pick)
        buttons = QHBoxLayout()
        buttons.addWidget(QLabel(f"<b>{self.game.title} pack</b>"))
        buttons.addWidget(self.picker, 1)
        self.action_buttons: dict[str, QPushButton] = {}
        for name, text, slot in (
            ("save", "&Save", self.save),
            ("import-zip", "Import zip…", self._import_zip),
            ("import-folder", "Import folder…", self._import_folder),
            ("export-zip", "Export zip…", self._export_zip),
            ("export-folder", "Export folder…", self._export_folder),
        ):
            button = QPushButton(text)
            button.setObjectName(f"pack-{name}")
            button.clicked.connect(slot)
            buttons.addWidget(button)
            self.action_buttons[name] = button
        QShortcut(QKeySequence.StandardKey.Save, self, self.save)

        self.banner = QLabel()
        self.banner.setObjectName("pack-banner")
        self.banner.setWordWrap(True)

        self.kinds = QListWidget()
        self.kinds.setObjectName("pack-kinds")
        for kind in self.game.kinds:
            self.kinds.addItem(kind.title)
        self.kinds.currentRowChanged.connect(self._show_kind)
        self.entries = QListWidget()
        self.entries.setObjectName("pack-entries")
        self.entries.currentRowChanged.connect(self._show_entry)
        entry_buttons = QHBoxLayout()
        self.entry_buttons: dict[str, QPushButton] = {}
        for name, text, slot in (
            ("add", "&Add", self.add_entry),
            ("duplicate", "&Duplicate", self.duplicate_entry),
            ("remove", "&Remove", self.remove_entry),
        ):
            button = QPushButton(text)
            button.setObjectName(f"entry-{name}")
            button.clicked.connect(slot)
            entry_buttons.addWidget(button)
            self.entry_buttons[name] = button
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        for text, items, stretch in (("&Kinds", self.kinds, 2), ("&Entries", self.entries, 5)):
            label = QLabel(text)
            label.setBuddy(items)  # Alt and the letter goes to the list
            left_layout.addWidget(label)
            left_layout.addWidget(items, stretch)
        left_layout.addLayout(entry_buttons)

        self.form_host = QWidget()
        host_layout = QVBoxLayout(self.form_host)
        self.form = QFormLayout()
        host_layout.addLayout(self.form)
        host_layout.addStretch(1)  # few fields sit at the top, not spread down the page
        self.form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.form_host)
        self.entry_title = QLabel()
        self.entry_title.setObjectName("entry-title")
        middle = QWidget()
        middle_layout = QVBoxLayout(middle)
        middle_layout.setContentsMargins(0, 0, 0, 0)
        middle_layout.addWidget(self.entry_title)
        middle_layout.addWidget(scroll, 1)
        self.paste_boxes: dict[str, QGroupBox] = {}
        for paste in self.game.pastes:
            self.paste_boxes[paste.kind] = self._paste_box(paste)
            middle_layout.addWidget(self.paste_boxes[paste.kind])

        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(middle)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 3)
        self.preview: CardPreview | None = None
        if self.game.preview is not None:  # the card as the table will draw it, beside its fields
            self.preview = CardPreview()
            splitter.addWidget(self.preview)
            splitter.setStretchFactor(2, 1)

        self.problem = QLabel()
        self.problem.setObjectName("pack-problem")
        self.problem.setWordWrap(True)
        self.problem.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.go_button = QPushButton("&Go to it")
        self.go_button.setObjectName("pack-go-to-problem")
        self.go_button.clicked.connect(self.go_to_problem)
        bottom = QHBoxLayout()
        bottom.addWidget(self.problem, 1)
        bottom.addWidget(self.go_button)

        layout = QVBoxLayout(self)
        layout.addLayout(buttons)
        layout.addWidget(self.banner)
        layout.addWidget(splitter, 1)
        layout.addLayout(bottom)

    def _paste_box(self, paste: Paste) -> QGroupBox:
        box = QGroupBox(paste.title)
        box.setObjectName("paste-box")
        layout = QVBoxLayout(box)
        text = QPlainTextEdit()
        text.setObjectName("paste-text")
        text.setPlaceholderText(paste.example)
        text.setTabChangesFocus(True)
        text.setMaximumHeight(text.fontMetrics().height() * 5)
        row = QHBoxLayout()
        result = QLabel()
        result.setObjectName("paste-result")
        result.setWordWrap(True)
        button = QPushButton(f"Add to {paste.kind}")
        button.setObjectName("paste-add")
        button.clicked.connect(lambda: self.paste_into(paste, text, result))
        row.addWidget(result, 1)
        row.addWidget(button)
        layout.addWidget(text)
        layout.addLayout(row)
        return box

    # --- packs ---

    def reload_listing(self, select: Path | None = None) -> None:
        self.listings = available_packs(self.game)
        self.picker.clear()
        for listing in self.listings:
            self.picker.addItem(listing.label)
        index = next((i for i, item in enumerate(self.listings) if select and item.folder == select), 0)
        self.picker.setCurrentIndex(index)
        self.open_listing(self.listings[index])

    def _pick(self, index: int) -> None:
        if self.draft is not None and self.draft.changed and not self.discard_ok():
            current = next(i for i, item in enumerate(self.listings) if item.folder == self.draft.folder)
            self.picker.setCurrentIndex(current)
            return
        self.open_listing(self.listings[index])

    def discard_ok(self) -> bool:
        answer = QMessageBox.question(self, "Unsaved changes", "Leave this pack without saving your changes?")
        return answer == QMessageBox.StandardButton.Yes

    def open_listing(self, listing: PackListing) -> None:
        if listing.pack is None:
            self.draft = None
            self.banner.setText("This pack cannot be opened until its files are fixed.")
            self._show_problem(Problem(listing.problem))
        else:
            self.draft = PackDraft(self.game, listing.pack, listing.folder, listing.disk)
            self._update_banner()
        self.kinds.setEnabled(self.draft is not None)
        self.kinds.setCurrentRow(-1)
        self.kinds.setCurrentRow(0)
        if self.draft is not None:
            self.check()

    def _update_banner(self) -> None:
        if self.draft is None:
            return
        if self.draft.read_only:
            text = "The shipped pack is read-only. Edit freely: saving makes a copy of your own in your packs folder."
        else:
            text = f"Your pack, in {self.draft.folder}."
        if self.draft.changed:
            text += f"  Unsaved changes in {', '.join(sorted(self.draft.changed))}."
        self.banner.setText(text)

    # --- browsing ---

    def current_kind(self) -> Kind | None:
        row = self.kinds.currentRow()
        return self.game.kinds[row] if self.draft is not None and 0 <= row < len(self.game.kinds) else None

    def _show_kind(self, row: int) -> None:
        kind = self.current_kind()
        self.entries.blockSignals(True)
        self.entries.clear()
        if kind is not None and self.draft is not None:
            for index in range(len(self.draft.entries(kind))):
                self.entries.addItem(self.draft.title(kind, index))
        self.entries.blockSignals(False)
        listed = kind is not None and kind.holds == LISTED
        for title, box in self.paste_boxes.items():
            box.setVisible(kind is not None and kind.title == title)  # the paste box beside the kind it fills
        for button in self.entry_buttons.values():
            button.setEnabled(listed)
        self.entries.setCurrentRow(0 if self.entries.count() else -1)
        if not self.entries.count():
            self._show_entry(-1)

    def _show_entry(self, row: int) -> None:
        self._filling = True
        while self.form.rowCount():
            self.form.removeRow(0)
        self.fields = {}
        kind = self.current_kind()
        if kind is None or self.draft is None or row < 0:
            self.entry_title.setText("")
            self._filling = False
            return
        entry = self.draft.entry(kind, row)
        self.entry_title.setText(f"<b>{self.draft.title(kind, row)}</b> in {kind.file}")
        if isinstance(entry, dict):
            for field in self._fields_of(kind, entry):
                widget = self._field_widget(field, entry.get(field.name))
                widget.setObjectName(f"field-{field.name}")
                if field.hint:
                    widget.setToolTip(field.hint)
                self.fields[field.name] = widget
                self.form.addRow(field.name + ("" if not field.optional else " (optional)"), widget)
        else:
            self.form.addRow(QLabel("This entry is not a JSON object; remove it or fix the file."))
        self._filling = False
        self._mark_fields()
        self._refresh_preview()

    def _refresh_preview(self) -> None:
        """Draw the entry under edit again, from its fields as they are now."""
        if self.preview is None or self.game.preview is None:
            return
        kind, row = self.current_kind(), self.entries.currentRow()
        if kind is None or self.draft is None or row < 0:
            self.preview.show_face(None)
            return
        entry = self.draft.entry(kind, row)
        self.preview.show_face(self.game.preview(kind.title, entry, self.draft.files, self.draft.folder))

    def _fields_of(self, kind: Kind, entry: dict[str, Any]) -> list[Field]:
        """The schema's fields (for a keyed kind, only those the entry has), then any the schema does not know."""
        known = [f for f in kind.fields if kind.holds != KEYED or f.name in entry]
        names = {f.name for f in known}
        return known + [Field(name, JSON) for name in entry if name not in names]

    def _field_widget(self, field: Field, value: Any) -> QWidget:
        if field.type == CHOICE and self.draft is not None:
            combo = QComboBox()
            options = list(field.options(self.draft.files))
            if field.optional:
                options.insert(0, "")
            shown = _shown(field, value)
            if shown not in options:
                options.append(shown)
            combo.addItems(options)
            combo.setCurrentText(shown)
            combo.currentTextChanged.connect(lambda text, f=field: self._edited(f, text))
            return combo
        if field.type == FLAG:
            box = QCheckBox()
            box.setChecked(value is True)
            box.toggled.connect(lambda on, f=field: self._edited(f, on))
            return box
        if field.type in (LONG_TEXT, JSON):
            text = QPlainTextEdit(_shown(field, value))
            text.setTabChangesFocus(True)
            lines = 3 if field.type == LONG_TEXT else 6
            text.setFixedHeight(text.fontMetrics().height() * lines + 12)
            text.textChanged.connect(lambda f=field, t=text: self._edited(f, t.toPlainText()))
            return text
        line = QLineEdit(_shown(field, value))
        line.textEdited.connect(lambda text, f=field: self._edited(f, text))
        return line

    # --- editing ---

    def _edited(self, field: Field, typed: Any) -> None:
        kind, row = self.current_kind(), self.entries.currentRow()
        if self._filling or kind is None or self.draft is None or row < 0:
            return
        self._apply_edit(kind, row, field, typed)
        self._refresh_preview()

    def _apply_edit(self, kind: Kind, row: int, field: Field, typed: Any) -> None:
        if self.draft is None:
            return
        if field.type == FLAG:
            entry = self.draft.entry(kind, row)
            self.draft.set_field(kind, row, field.name, typed, remove=not typed and field.name not in entry)
        elif field.type == JSON:
            if not typed.strip() and field.optional:
                self.draft.set_field(kind, row, field.name, None, remove=True)
            else:
                try:
                    value = json.loads(typed)
                except json.JSONDecodeError as error:
                    where = f"{kind.file}: {self.draft.label(kind, row)}".rstrip(": ")
                    self._show_problem(
                        Problem(
                            f"{where}: field '{field.name}': is not valid JSON ({error.msg})",
                            kind.title,
                            row,
                            field.name,
                        )
                    )
                    return
                self.draft.set_field(kind, row, field.name, value)
        else:
            value, remove = _edit_value(field, typed)
            self.draft.set_field(kind, row, field.name, value, remove)
        item = self.entries.item(row)
        if item is not None:
            item.setText(self.draft.title(kind, row))
        self._update_banner()
        self.check()

    def add_entry(self) -> None:
        self._change_list(lambda kind, draft, row: draft.add(kind))

    def duplicate_entry(self) -> None:
        self._change_list(lambda kind, draft, row: draft.duplicate(kind, row) if row >= 0 else None)

    def remove_entry(self) -> None:
        def remove(kind: Kind, draft: PackDraft, row: int) -> int | None:
            if row < 0:
                return None
            draft.remove(kind, row)
            return min(row, len(draft.entries(kind)) - 1)

        self._change_list(remove)

    def _change_list(self, change: Any) -> None:
        kind = self.current_kind()
        if kind is None or self.draft is None or kind.holds != LISTED:
            return
        selected = change(kind, self.draft, self.entries.currentRow())
        self._show_kind(self.kinds.currentRow())
        if selected is not None:
            self.entries.setCurrentRow(selected)
        self._update_banner()
        self.check()

    def paste_into(self, paste: Paste, text: QPlainTextEdit, result: QLabel) -> None:
        if self.draft is None:
            return
        try:
            read = paste.read(text.toPlainText())
        except ValueError as error:
            result.setStyleSheet(PROBLEM_STYLE)
            result.setText(f"✗ {error}")
            return
        kind = self.game.kind(paste.kind)
        rows = [self.draft.add(kind, entry) for entry in read]
        self.kinds.setCurrentRow(self.game.kinds.index(kind))
        self._show_kind(self.kinds.currentRow())
        self.entries.setCurrentRow(rows[-1])
        result.setStyleSheet(OK_STYLE)
        result.setText(f"✓ {len(rows)} added to {paste.kind}.")
        text.clear()
        self._update_banner()
        self.check()

    # --- the check ---

    def check(self) -> Problem | None:
        found = self.draft.problem() if self.draft is not None else None
        self._show_problem(found)
        return found

    def _show_problem(self, found: Problem | None) -> None:
        self.current_problem = found
        if found is None:
            self.problem.setStyleSheet(OK_STYLE)
            self.problem.setText("✓ The pack passes every check.")
        else:
            self.problem.setStyleSheet(PROBLEM_STYLE)
            self.problem.setText(f"✗ {found.message}")
        self.go_button.setEnabled(found is not None and found.index >= 0)
        self.action_buttons["save"].setEnabled(found is None and self.draft is not None and bool(self.draft.changed))
        for name in ("export-zip", "export-folder"):
            self.action_buttons[name].setEnabled(found is None and self.draft is not None)
        self._mark_fields()

    def _mark_fields(self) -> None:
        found = getattr(self, "current_problem", None)
        kind = self.current_kind()
        here = (
            found is not None
            and kind is not None
            and found.kind == kind.title
            and found.index == self.entries.currentRow()
        )
        for name, widget in self.fields.items():
            widget.setStyleSheet(MARKED if here and found is not None and found.field == name else "")

    def go_to_problem(self) -> None:
        found = self.current_problem
        if found is None or found.index < 0:
            return
        self.kinds.setCurrentRow(next(i for i, k in enumerate(self.game.kinds) if k.title == found.kind))
        self.entries.setCurrentRow(found.index)
        widget = self.fields.get(found.field)
        if widget is not None:
            widget.setFocus()

    # --- files ---

    def save(self) -> Path | None:
        if self.draft is None or not self.draft.changed or self.check() is not None:
            return None
        try:
            if self.draft.folder is None:
                folder = install(self.game, read_files(self.game, self.draft.files), self.draft.disk)
            else:
                save_files(self.game, self.draft.folder, self.draft.files, self.draft.changed, self.draft.disk)
                folder = self.draft.folder
        except PackError as error:
            self._show_problem(Problem(str(error)))
            return None
        self.draft.changed.clear()
        self.reload_listing(select=folder)
        self.saved.emit(folder)
        return folder

    def import_from(self, source: Path) -> Path | None:
        try:
            folder = import_pack(self.game, source)
        except PackError as error:
            self._show_problem(Problem(f"Not imported: {error}"))
            return None
        self.reload_listing(select=folder)
        return folder

    def export_to(self, target: Path) -> Path | None:
        if self.draft is None:
            return None
        try:
            return export_pack(read_files(self.game, self.draft.files), target, self.game, self.draft.disk)
        except PackError as error:
            self._show_problem(Problem(f"Not exported: {error}"))
            return None

    def _import_zip(self) -> None:
        chosen, _ = QFileDialog.getOpenFileName(self, "Import a pack", "", "Pack (*.zip)")
        if chosen:
            self.import_from(Path(chosen))

    def _import_folder(self) -> None:
        chosen = QFileDialog.getExistingDirectory(self, "Import a pack folder")
        if chosen:
            self.import_from(Path(chosen))

    def _export_zip(self) -> None:
        chosen, _ = QFileDialog.getSaveFileName(self, "Export the pack", "pack.zip", "Pack (*.zip)")
        if chosen:
            self.export_to(Path(chosen) if chosen.lower().endswith(".zip") else Path(chosen + ".zip"))

    def _export_folder(self) -> None:
        chosen = QFileDialog.getExistingDirectory(self, "Export the pack into an empty folder")
        if chosen:
            self.export_to(Path(chosen))
