"""The Moon's Grave creation wizard: employer, stats with 30 Build Points, talents and followers, class, gear,
weapon perks, five perks, a flaw; then the finished sheet.

The wizard keeps the list of creation actions taken and folds them through ``mg_creation`` each time, so the rules'
``creation_refusal`` is the one legality check; a refused click shows that reason and changes nothing.
Keyboard: Tab moves between choices, arrows pick, Enter is Next; on the stats page the first letter of a stat
(A B C E G P) raises it and Shift with the letter takes the level back.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from rt0table.desktop.lettering import OK_STYLE, PROBLEM_STYLE, scaled_font, wrapped_label
from rt0table.desktop.moons_grave.character_sheet import HINT_STYLE, CharacterSheet
from rt0table.rules.moons_grave.mg_book import FLAWS, FREE_PERKS, STATS, TALENTS, step_cost
from rt0table.rules.moons_grave.mg_character import Character
from rt0table.rules.moons_grave.mg_creation import (
    ChooseClass,
    ChooseEmployer,
    ChooseFlaw,
    ChoosePackage,
    ChoosePerk,
    ChooseWeaponPerk,
    CreationAction,
    CreationRefused,
    Draft,
    DropPerk,
    LowerStat,
    RaiseStat,
    StatsDone,
    apply_creation,
    choosable_perk,
    creation_refusal,
    finish,
    free_perks,
    start,
)
from rt0table.rules.moons_grave.mg_pack import MgContent, read_mg_pack
from rt0table.rules.packs.content_pack import ContentPack

PAGES = ("employer", "stats", "class", "gear", "weapon_perks", "perks", "flaw", "done")
PAGE_TITLES = {
    "employer": "Employer",
    "stats": "Stats, talents, followers",
    "class": "Class",
    "gear": "Gear",
    "weapon_perks": "Weapon perks",
    "perks": f"{FREE_PERKS} perks",
    "flaw": "Flaw",
    "done": "The sheet",
}
CUSTOM = "custom"
WHOLE_PAGES = ("weapon_perks",)  # pages whose Next applies every pick together


def draft_character(draft: Draft) -> Character:
    """The draft read as a character, so talents come from the rules' one derivation even mid-creation."""
    return Character(
        draft.name,
        draft.employer,
        draft.bought,
        draft.character_class,
        draft.package,
        (),
        draft.flaw,
        draft.flaw_stat,
    )


def _radio_list(owner: QWidget, layout: QVBoxLayout, prefix: str, rows: list[tuple[str, str, str]]) -> QButtonGroup:
    """Radio buttons with a line of explanation under each: (key, title, explanation)."""
    group = QButtonGroup(owner)
    for key, title, text in rows:
        button = QRadioButton(title)
        button.setObjectName(f"{prefix}-{key}")
        button.setProperty("key", key)
        button.setFont(scaled_font(owner.font(), 1.05, bold=True))
        group.addButton(button)
        layout.addWidget(button)
        if text:
            note = wrapped_label(style=HINT_STYLE)
            note.setText(text)
            note.setContentsMargins(24, 0, 0, 4)
            layout.addWidget(note)
    layout.addStretch(1)
    return group


def _chosen(group: QButtonGroup) -> str:
    button = group.checkedButton()
    return str(button.property("key")) if button is not None else ""


class CreationWizard(QDialog):
    """Make one character from a pack; ``character`` holds it once the dialog is accepted."""

    def __init__(self, content: MgContent, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mg-creation-wizard")
        self.setWindowTitle("A new Moon's Grave character")
        self.content = content
        self.history: list[tuple[str, CreationAction]] = []  # (the draft's step before, the action)
        self.draft = start("")
        self.at_flaw = False
        self.character: Character | None = None
        self.shown_page = ""
        self._build()
        self.refresh()

    # --- the draft ---

    def page(self) -> str:
        if self.draft.step == "perks" and self.at_flaw:
            return "flaw"
        return self.draft.step

    def take(self, *actions: CreationAction) -> bool:
        """Apply actions in order, all or none; a refusal is shown in words and nothing changes."""
        draft, taken = self.draft, []
        for action in actions:
            why = creation_refusal(self.content, draft, action)
            if why is not None:
                self.refuse(why)
                return False
            taken.append((draft.step, action))
            draft = apply_creation(self.content, draft, action)
        self.history += taken
        self.draft = draft
        self.refusal.setText("")
        self.refresh()
        return True

    def refuse(self, why: str) -> None:
        self.refusal.setStyleSheet(PROBLEM_STYLE)
        self.refusal.setText(f"✗ {why}")

    def _replay(self) -> None:
        draft = start("")
        for _, action in self.history:
            draft = apply_creation(self.content, draft, action)
        self.draft = draft

    # --- building ---

    def _build(self) -> None:
        self.name = QLineEdit()
        self.name.setObjectName("creation-name")
        self.name.setPlaceholderText("The character's name")
        self.steps = QListWidget()
        self.steps.setObjectName("creation-steps")
        self.steps.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        for number, page in enumerate(PAGES, 1):
            self.steps.addItem(f"{number} · {PAGE_TITLES[page]}")
        self.steps.setFixedWidth(self.fontMetrics().horizontalAdvance("8 · Stats, talents, followers") + 24)
        self.steps.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.pages = QStackedWidget()
        builders = {
            "employer": self._employer_page,
            "stats": self._stats_page,
            "class": self._class_page,
            "gear": self._gear_page,
            "weapon_perks": self._weapon_perks_page,
            "perks": self._perks_page,
            "flaw": self._flaw_page,
            "done": self._done_page,
        }
        for page in PAGES:
            widget = builders[page]()
            widget.setObjectName(f"page-{page}")
            scroll = QScrollArea()
            scroll.setWidgetResizable(True)
            scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes to the choices, not their frame
            scroll.setWidget(widget)
            self.pages.addWidget(scroll)

        self.refusal = wrapped_label("creation-refusal", PROBLEM_STYLE)
        self.back_button = QPushButton("&Back")
        self.back_button.setObjectName("creation-back")
        self.back_button.setAutoDefault(False)
        self.back_button.clicked.connect(self.back)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setAutoDefault(False)
        self.cancel_button.clicked.connect(self.reject)
        self.next_button = QPushButton("&Next")
        self.next_button.setObjectName("creation-next")
        self.next_button.setDefault(True)
        self.next_button.clicked.connect(self.next_step)
        footer = QHBoxLayout()
        footer.addWidget(self.refusal, 1)
        footer.addWidget(self.cancel_button)
        footer.addWidget(self.back_button)
        footer.addWidget(self.next_button)

        top = QHBoxLayout()
        title = QLabel("A new character")
        title.setFont(scaled_font(self.font(), 1.5, bold=True))
        top.addWidget(title)
        top.addStretch(1)
        name_label = QLabel("N&ame")
        name_label.setBuddy(self.name)
        top.addWidget(name_label)
        top.addWidget(self.name, 1)
        middle = QHBoxLayout()
        middle.addWidget(self.steps)
        middle.addWidget(self.pages, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(middle, 1)
        layout.addLayout(footer)

    def _page(self, intro: str) -> tuple[QWidget, QVBoxLayout]:
        page = QWidget()
        layout = QVBoxLayout(page)
        note = wrapped_label()
        note.setText(intro)
        layout.addWidget(note)
        return page, layout

    def _employer_page(self) -> QWidget:
        page, layout = self._page("Who hired you? Your employer's benefit starts one stat at 3; the rest start at 2.")
        rows = [(e.id, e.name, e.benefit) for e in self.content.employers]
        self.employer_group = _radio_list(page, layout, "employer", rows)
        return page

    def _stats_page(self) -> QWidget:
        page, layout = self._page(
            "Spend up to 30 Build Points. Each level costs the level it reaches (2→3 costs 3, then 3→4 costs 4). "
            "Points left over become Experience. Keys: A B C E G P raise a stat; Shift and the letter take it back."
        )
        self.points = QLabel()
        self.points.setObjectName("build-points")
        self.points.setFont(scaled_font(self.font(), 1.2, bold=True))
        layout.addWidget(self.points)
        row = QHBoxLayout()
        stats_box = QGroupBox("Core stats")
        grid = QGridLayout(stats_box)
        self.level_labels: dict[str, QLabel] = {}
        self.cost_labels: dict[str, QLabel] = {}
        self.raise_buttons: dict[str, QPushButton] = {}
        self.lower_buttons: dict[str, QPushButton] = {}
        for place, stat in enumerate(STATS):
            grid.addWidget(QLabel(f"<b>{stat}</b>"), place, 0)
            lower = QPushButton("−")
            lower.setObjectName(f"lower-{stat}")
            lower.setToolTip(f"Take back a level of {stat} (Shift+{stat[0]})")
            lower.setAutoDefault(False)
            lower.setFixedWidth(self.fontMetrics().horizontalAdvance("M") * 3)
            lower.clicked.connect(lambda _=False, s=stat: self.take(LowerStat(s)))
            level = QLabel()
            level.setObjectName(f"level-{stat}")
            level.setAlignment(Qt.AlignmentFlag.AlignCenter)
            level.setMinimumWidth(self.fontMetrics().horizontalAdvance("000"))
            raise_ = QPushButton("+")
            raise_.setObjectName(f"raise-{stat}")
            raise_.setToolTip(f"Raise {stat} ({stat[0]})")
            raise_.setAutoDefault(False)
            raise_.setFixedWidth(self.fontMetrics().horizontalAdvance("M") * 3)
            raise_.clicked.connect(lambda _=False, s=stat: self.take(RaiseStat(s)))
            cost = QLabel()
            cost.setStyleSheet(HINT_STYLE)
            grid.addWidget(lower, place, 1)
            grid.addWidget(level, place, 2)
            grid.addWidget(raise_, place, 3)
            grid.addWidget(cost, place, 4)
            self.level_labels[stat], self.cost_labels[stat] = level, cost
            self.raise_buttons[stat], self.lower_buttons[stat] = raise_, lower
            for keys, action in ((stat[0], RaiseStat(stat)), (f"Shift+{stat[0]}", LowerStat(stat))):
                shortcut = QShortcut(QKeySequence(keys), page)
                shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
                shortcut.activated.connect(lambda a=action: self.take(a))
        grid.setColumnStretch(4, 1)
        talents_box = QGroupBox("Talents: each the lower of its two stats")
        talents = QGridLayout(talents_box)
        self.talent_labels: dict[str, QLabel] = {}
        for place, (talent, (first, second)) in enumerate(TALENTS.items()):
            talents.addWidget(QLabel(talent), place % 5, (place // 5) * 3)
            value = QLabel()
            value.setObjectName(f"talent-{talent}")
            talents.addWidget(value, place % 5, (place // 5) * 3 + 1)
            hint = QLabel(f"{first[:3]}/{second[:3]}")
            hint.setStyleSheet(HINT_STYLE)
            talents.addWidget(hint, place % 5, (place // 5) * 3 + 2)
            self.talent_labels[talent] = value
        row.addWidget(stats_box, 1)
        row.addWidget(talents_box, 1)
        layout.addLayout(row)
        self.followers = wrapped_label("follower-tokens")
        layout.addWidget(self.followers)
        layout.addStretch(1)
        return page

    def _class_page(self) -> QWidget:
        page, layout = self._page("Pick a class. Its benefit comes free; its own perks join the list you choose from.")
        kind_row = QHBoxLayout()
        kind_label = QLabel("Your &followers are")
        self.follower_kind = QLineEdit()
        self.follower_kind.setObjectName("follower-kind")
        self.follower_kind.setPlaceholderText("what kind of beings follow you (flavour only)")
        kind_label.setBuddy(self.follower_kind)
        kind_row.addWidget(kind_label)
        kind_row.addWidget(self.follower_kind, 1)
        layout.addLayout(kind_row)
        rows = [(c.id, c.name, c.benefit) for c in self.content.classes]
        self.class_group = _radio_list(page, layout, "class", rows)
        return page

    def _gear_page(self) -> QWidget:
        page, layout = self._page(
            "Pick one gear package. Its armour and artifact bring their own perks free, and each weapon lets you "
            "pick one free perk with the weapon's name in it."
        )
        rows = []
        for package in self.content.packages:
            parts = [", ".join(package.weapons)]
            if package.armour:
                suit = self.content.armour_piece(package.armour)
                perk = self.content.perk(suit.perk).title
                parts.append(f"{suit.name} ({suit.kind} armour, Heat {suit.heat}; free perk {perk})")
            if package.artifact:
                perk = self.content.perk(self.content.artifact(package.artifact).perk).title
                parts.append(f"{package.artifact} (free perk {perk})")
            rows.append((package.id, package.name, " · ".join(parts)))
        self.package_group = _radio_list(page, layout, "package", rows)
        return page

    def _weapon_perks_page(self) -> QWidget:
        page, layout = self._page("One free perk for each weapon you carry, with that weapon's name in its title.")
        self.weapon_perk_host = QVBoxLayout()
        layout.addLayout(self.weapon_perk_host)
        layout.addStretch(1)
        self.weapon_groups: dict[str, QButtonGroup] = {}
        self.weapon_package = ""
        return page

    def _perks_page(self) -> QWidget:
        page, layout = self._page(
            f"Choose {FREE_PERKS} perks from the universal list and your class's own. The [number] is what it costs "
            "to trigger, in ★ on your rolls or ☠ on rolls against you."
        )
        self.perk_count = QLabel()
        self.perk_count.setObjectName("perk-count")
        self.perk_count.setFont(scaled_font(self.font(), 1.1, bold=True))
        layout.addWidget(self.perk_count)
        self.free_label = wrapped_label("free-perks", HINT_STYLE)
        layout.addWidget(self.free_label)
        self.perk_boxes: dict[str, QCheckBox] = {}
        for perk in self.content.perks:
            box = QCheckBox(f"{perk.title} [{perk.cost}] · {perk.category}: {perk.text}")
            box.setObjectName(f"perk-{perk.id}")
            box.clicked.connect(lambda on, p=perk.id: self._toggle_perk(p, on))
            self.perk_boxes[perk.id] = box
            layout.addWidget(box)
        layout.addStretch(1)
        return page

    def _flaw_page(self) -> QWidget:
        page, layout = self._page("One flaw. It adds 1 to a core stat, and the talents are worked out again.")
        self.flaw_preview = wrapped_label("flaw-preview")
        layout.addWidget(self.flaw_preview)
        columns = QGridLayout()
        self.flaw_group = QButtonGroup(page)
        for place, (flaw, stat) in enumerate(sorted(FLAWS.items())):
            button = QRadioButton(f"{flaw} (+1 {stat})")
            button.setObjectName(f"flaw-{flaw}")
            button.setProperty("key", flaw)
            self.flaw_group.addButton(button)
            columns.addWidget(button, place % 6, place // 6)
        layout.addLayout(columns)
        custom_row = QHBoxLayout()
        custom = QRadioButton("A flaw of your own, agreed with the GM:")
        custom.setObjectName("flaw-custom")
        custom.setProperty("key", CUSTOM)
        self.flaw_group.addButton(custom)
        self.custom_flaw = QLineEdit()
        self.custom_flaw.setObjectName("custom-flaw-name")
        self.custom_flaw.setPlaceholderText("its name")
        self.custom_stat = QComboBox()
        self.custom_stat.setObjectName("custom-flaw-stat")
        self.custom_stat.addItems(["(the stat it raises)", *STATS])
        self.custom_flaw.textEdited.connect(lambda _t: custom.setChecked(True))
        custom_row.addWidget(custom)
        custom_row.addWidget(self.custom_flaw, 1)
        custom_row.addWidget(self.custom_stat)
        layout.addLayout(custom_row)
        layout.addStretch(1)
        self.flaw_group.buttonToggled.connect(lambda _b, _on: self._preview_flaw())
        self.custom_stat.currentIndexChanged.connect(lambda _i: self._preview_flaw())
        return page

    def _done_page(self) -> QWidget:
        page, layout = self._page("Here is the character. Check the sheet, then create it.")
        self.sheet_host = QVBoxLayout()
        layout.addLayout(self.sheet_host, 1)
        return page

    # --- steps ---

    def next_step(self) -> None:
        page = self.page()
        if page == "employer":
            self._pick_then(self.employer_group, "Pick the employer who hired you.", ChooseEmployer)
        elif page == "stats":
            self.take(StatsDone())
        elif page == "class":
            chosen = _chosen(self.class_group)
            if not chosen:
                self.refuse("Pick a class.")
            else:
                self.take(ChooseClass(chosen, self.follower_kind.text().strip()))
        elif page == "gear":
            self._pick_then(self.package_group, "Pick a gear package.", ChoosePackage)
        elif page == "weapon_perks":
            self._weapon_perks_next()
        elif page == "perks":
            why = creation_refusal(self.content, self.draft, ChooseFlaw(next(iter(FLAWS))))  # is the flaw open?
            if why is not None:
                self.refuse(why)
            else:
                self.at_flaw = True
                self.refusal.setText("")
                self.refresh()
        elif page == "flaw":
            self._flaw_next()
        else:
            self.make_character()

    def _pick_then(self, group: QButtonGroup, missing: str, make: type) -> None:
        chosen = _chosen(group)
        if not chosen:
            self.refuse(missing)
        else:
            self.take(make(chosen))

    def _weapon_perks_next(self) -> None:
        chosen = [_chosen(group) for group in self.weapon_groups.values()]
        waiting = [weapon for weapon, perk in zip(self.weapon_groups, chosen, strict=True) if not perk]
        if waiting:
            self.refuse(f"Pick a free perk for each weapon: {', '.join(waiting)} still waits.")
            return
        self.take(*(ChooseWeaponPerk(perk) for perk in chosen))

    def _flaw_next(self) -> None:
        action = self._flaw_action()
        if action is None:
            self.refuse("Pick a flaw, or name your own and the stat the GM gives it.")
        else:
            self.take(action)

    def _flaw_action(self) -> ChooseFlaw | None:
        chosen = _chosen(self.flaw_group)
        if chosen == CUSTOM:
            stat = self.custom_stat.currentText() if self.custom_stat.currentIndex() > 0 else ""
            return ChooseFlaw(self.custom_flaw.text().strip(), stat)
        return ChooseFlaw(chosen) if chosen else None

    def _toggle_perk(self, perk: str, on: bool) -> None:
        if not self.take(ChoosePerk(perk) if on else DropPerk(perk)):
            box = self.perk_boxes[perk]
            box.setChecked(not on)

    def back(self) -> None:
        page = self.page()
        self.refusal.setText("")
        if page == "flaw":
            self.at_flaw = False
        elif self.history:
            step = self.draft.step
            while self.history and self.history[-1][0] == step:
                self.history.pop()  # what was done on this page
            if self.history:
                step = self.history.pop()[0]  # the step that led here
            while step in WHOLE_PAGES and self.history and self.history[-1][0] == step:
                self.history.pop()  # a page whose Next applies all its picks at once starts over
            self._replay()
            self.at_flaw = page == "done"
        self.refresh()

    def make_character(self) -> None:
        name = self.name.text().strip()
        if not name:
            self.refuse("Give the character a name (the box at the top).")
            self.name.setFocus()
            return
        try:
            self.character = finish(self.content, replace(self.draft, name=name))
        except CreationRefused as error:
            self.refuse(str(error))
            return
        self.accept()

    # --- showing ---

    def refresh(self) -> None:
        page = self.page()
        index = PAGES.index(page)
        self.pages.setCurrentIndex(index)
        self.steps.setCurrentRow(index)
        self.back_button.setEnabled(index > 0)
        self.next_button.setText("&Create character" if page == "done" else "&Next")
        arrived = page != self.shown_page
        self.shown_page = page
        getattr(self, f"_show_{page}", lambda: None)()
        if arrived:
            self._focus_first(page)

    def _focus_first(self, page: str) -> None:
        """On arriving at a page the keyboard starts at its first choice."""
        groups = {"employer": "employer_group", "class": "class_group", "gear": "package_group"}
        group = getattr(self, groups.get(page, ""), None)
        if isinstance(group, QButtonGroup) and group.buttons():
            target: QAbstractButton = group.checkedButton() or group.buttons()[0]
            target.setFocus()
        elif page == "stats":
            self.raise_buttons[STATS[0]].setFocus()

    def _show_stats(self) -> None:
        draft, content = self.draft, self.content
        left = draft.points_left(content)
        self.points.setText(f"Build Points left: {left} of 30")
        for stat in STATS:
            level = draft.level(stat)
            self.level_labels[stat].setText(f"<b>{level}</b>")
            price = step_cost(level + 1)
            self.cost_labels[stat].setText(
                f"next level costs {price}"
                + ("" if price <= left else " (too dear)")
                + (" · starts at 3" if draft.start_level(content, stat) == 3 else "")
            )
        character = draft_character(draft)
        for talent, label in self.talent_labels.items():
            label.setText(f"<b>{character.talent(talent)}</b>")
        beckon = character.stat("Beckon")
        self.followers.setText(
            f"Follower tokens: {'●' * beckon} {beckon}, equal to Beckon, at the start of every job. "
            f"{left} Build Points left would become {left} Experience."
        )

    def _show_weapon_perks(self) -> None:
        if self.weapon_package == self.draft.package:
            return
        self.weapon_package = self.draft.package
        while self.weapon_perk_host.count():
            item = self.weapon_perk_host.takeAt(0)
            old = item.widget() if item is not None else None
            if old is not None:
                old.setParent(None)  # gone at once, so no stale button answers to its name
                old.deleteLater()
        self.weapon_groups = {}
        weapons = self.content.package(self.draft.package).weapons
        for weapon in weapons:
            perks = [p for p in self.content.perks if p.weapon == weapon]
            if not perks:
                continue
            box = QGroupBox(weapon)
            inner = QVBoxLayout(box)
            rows = [(p.id, f"{p.title} [{p.cost}]", p.text) for p in perks]
            self.weapon_groups[weapon] = _radio_list(box, inner, "weapon-perk", rows)
            self.weapon_perk_host.addWidget(box)
            box.show()
        self._lay_out_now("weapon_perks")
        first = next(iter(self.weapon_groups.values()), None)
        if first is not None and first.buttons():
            first.buttons()[0].setFocus()

    def _lay_out_now(self, page: str) -> None:
        """Place freshly built widgets at once, so they are where they are drawn before the next event."""
        built = self.findChild(QWidget, f"page-{page}")
        layout = built.layout() if built is not None else None
        if layout is not None:
            layout.activate()

    def _show_perks(self) -> None:
        draft, content = self.draft, self.content
        free = [p for p in content.perks if p.id in (*draft.weapon_perks, *free_perks(content, draft))]
        self.free_label.setText("Yours already, free: " + ", ".join(p.title for p in free) if free else "")
        self.perk_count.setText(f"{len(draft.perks)} of {FREE_PERKS} chosen")
        self.perk_count.setStyleSheet(OK_STYLE if len(draft.perks) == FREE_PERKS else "")
        owned = {p.id for p in free}
        first: QCheckBox | None = None
        for perk in content.perks:
            box = self.perk_boxes[perk.id]
            box.setVisible(choosable_perk(content, draft, perk) and perk.id not in owned)
            box.setChecked(perk.id in draft.perks)
            if box.isVisible() and first is None:
                first = box
        if first is not None and self.shown_page == "perks" and self.focusWidget() not in self.perk_boxes.values():
            first.setFocus()

    def _show_flaw(self) -> None:
        self._preview_flaw()
        button = self.flaw_group.checkedButton() or self.flaw_group.buttons()[0]
        button.setFocus()

    def _preview_flaw(self) -> None:
        action = self._flaw_action()
        before = draft_character(self.draft)
        if action is None or not (action.stat or action.flaw in FLAWS):
            self.flaw_preview.setText("Pick a flaw to see what it changes.")
            return
        stat = action.stat or FLAWS[action.flaw]
        after = replace(before, flaw=action.flaw, flaw_stat=stat)
        changed = [
            f"{t} {before.talent(t)} → {after.talent(t)}" for t in TALENTS if after.talent(t) != before.talent(t)
        ]
        talents = "; talents: " + ", ".join(changed) if changed else "; no talent changes"
        self.flaw_preview.setText(f"{stat} {before.stat(stat)} → {after.stat(stat)}{talents}.")

    def _show_done(self) -> None:
        while self.sheet_host.count():
            item = self.sheet_host.takeAt(0)
            old = item.widget() if item is not None else None
            if old is not None:
                old.setParent(None)
                old.deleteLater()
        name = self.name.text().strip() or "(unnamed)"
        character = finish(self.content, replace(self.draft, name=name))
        self.sheet = CharacterSheet(self.content, character)
        self.sheet.print_button.hide()  # printing comes once the character exists
        self.sheet_host.addWidget(self.sheet)
        self.sheet.show()
        self._lay_out_now("done")
        self.next_button.setFocus()


def create_character(parent: QWidget | None, pack: MgContent | ContentPack) -> Character | None:
    """Run the wizard over a pack (checked content, or a pack to check); the character, or None if cancelled."""
    content = pack if isinstance(pack, MgContent) else read_mg_pack(pack)
    wizard = CreationWizard(content, parent)
    screen = (parent.screen() if parent is not None else None) or QApplication.primaryScreen()
    room = screen.availableGeometry() if screen is not None else None
    wizard.resize(min(1100, room.width() - 40) if room else 1100, min(720, room.height() - 60) if room else 720)
    wizard.exec()
    return wizard.character
