"""The Paradise Lua map: the party's figure on the book's location graphs, the place it stands in, and the tracker.

Drag the figure onto a connected place to move there, or pick an exit with the arrow keys and press Enter; a place
that is not connected is refused with the reason. Beside the map: the place's cards, factions, people and notes,
its exits, "Draw for inspiration", a fight with a faction found there, and the journal. It is a tab of the
between-fights screen of a playthrough set in Paradise Lua; every change goes through the playthrough's funnel.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import (
    QKeySequence,
    QResizeEvent,
    QShortcut,
)
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from rt0table.rules.paradise_lua.lua_campaign import (
    AdvanceAct,
    CallFight,
    ChooseMentor,
    DrawInspiration,
    FindHost,
    KillHost,
    MarkStep,
    Move,
    Offence,
    SaveHost,
    WriteNote,
    judgement_links,
    location_id,
    note_on,
    suit_here,
)
from rt0table.rules.paradise_lua.lua_encounters import factions_fielding, field_adversaries
from rt0table.rules.paradise_lua.tarot_oracle import search_meanings
from rt0table.rules.paradise_lua.world_map import Spot, exits
from rt0table.rules.rt0.cards import CARDS

from .inspiration_panel import reading_html
from .lua_table import LuaTable, bundled_bestiary
from .map_scene import MapScene, MapView


def narrow_pick() -> QComboBox:
    """A pick list whose long names (factions, Horrors, mentors) never widen the side panel: it shows what fits."""
    pick = QComboBox()
    pick.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
    pick.setMinimumWidth(pick.fontMetrics().averageCharWidth() * 10)
    return pick


class NoteBox(QWidget):
    """The GM's note on one location, faction or person: a line to type in, kept with "Keep note"."""

    def __init__(self, table: LuaTable) -> None:
        super().__init__()
        self.table = table
        self.about: str | None = None
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.text = QLineEdit()
        self.text.setPlaceholderText("GM's note (kept in the save)")
        self.text.returnPressed.connect(self.keep)
        self.keep_button = QPushButton("Keep note")
        self.keep_button.clicked.connect(self.keep)
        row.addWidget(self.text, 1)
        row.addWidget(self.keep_button)

    def show_for(self, about: str | None) -> None:
        self.setEnabled(about is not None)
        if about != self.about or not self.text.hasFocus():
            self.text.setText(note_on(self.table.state, about) if about else "")
        self.about = about

    def keep(self) -> None:
        if self.about is not None:
            self.table.do(WriteNote(self.about, self.text.text()))


class MapScreen(QWidget):
    """The map beside the place's details, the tracker's actions and the journal. ``fight_wanted`` carries the
    bestiary ids of the fight called here, for the fight set-up (the party's own members fight it)."""

    fight_wanted = Signal(object)  # tuple[str, ...]

    def __init__(self, table: LuaTable) -> None:
        super().__init__()
        self.table = table
        self.bestiary = bundled_bestiary()
        self.scenes = {graph.id: MapScene(table, graph) for graph in table.world.graphs}
        for scene in self.scenes.values():
            scene.dropped.connect(self._dropped)
        self.highlight = 0
        self.view = MapView()
        self.view.step.connect(self._step)
        self.view.go.connect(self._go)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setObjectName("map-status")
        self.title = QLabel()
        self.title.setObjectName("map-title")
        left = QVBoxLayout()
        left.addWidget(self.title)
        left.addWidget(self.view, 1)
        left.addWidget(self.status)
        map_side = QWidget()
        map_side.setLayout(left)
        splitter = QSplitter()
        splitter.addWidget(map_side)
        self.tabs = QTabWidget()
        self.tabs.addTab(self._panel(), "Here")
        self.tabs.addTab(self._campaign_tab(), "Campaign")
        self.tabs.addTab(self._meanings_tab(), "Meanings")
        self.tabs.addTab(self._people_tab(), "Factions && people")
        splitter.addWidget(self.tabs)
        splitter.setStretchFactor(0, 2)  # the map gets the room: its graphs are wide and their labels small
        splitter.setStretchFactor(1, 1)
        self.splitter, self._user_sized = splitter, False
        splitter.splitterMoved.connect(lambda *_: setattr(self, "_user_sized", True))
        outer = QHBoxLayout(self)
        outer.setContentsMargins(6, 6, 6, 6)
        outer.addWidget(splitter)
        undo = QShortcut(QKeySequence(QKeySequence.StandardKey.Undo), self)
        undo.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        undo.activated.connect(self._undo)
        table.changed.connect(self.refresh)
        table.refused.connect(self.status.setText)
        self.refresh()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Two thirds to the map until the player drags the divider (the side keeps at least its minimum)."""
        super().resizeEvent(event)
        if not self._user_sized:
            width = self.splitter.width()
            side = max(self.tabs.minimumSizeHint().width(), width // 3)
            self.splitter.setSizes([width - side, side])

    def _panel(self) -> QWidget:
        panel = QWidget()
        column = QVBoxLayout(panel)
        self.place = QLabel()
        self.place.setWordWrap(True)
        self.place.setTextFormat(Qt.TextFormat.RichText)
        self.place.setAlignment(Qt.AlignmentFlag.AlignTop)
        column.addWidget(self.place)
        self.place_note = NoteBox(self.table)
        column.addWidget(self.place_note)
        column.addWidget(QLabel("Exits (arrow keys and Enter on the map):"))
        self.exits = QListWidget()
        self.exits.setMaximumHeight(110)
        self.exits.itemActivated.connect(lambda item: self._move(item.data(Qt.ItemDataRole.UserRole)))
        column.addWidget(self.exits)
        draw_row = QHBoxLayout()
        self.draw_count = QSpinBox()
        self.draw_count.setRange(1, 3)
        self.draw_button = QPushButton("Draw for inspiration")
        self.draw_button.clicked.connect(lambda: self.table.do(DrawInspiration(self.draw_count.value())))
        draw_row.addWidget(self.draw_count)
        draw_row.addWidget(self.draw_button, 1)
        column.addLayout(draw_row)
        self.reading = QLabel()
        self.reading.setWordWrap(True)
        self.reading.setTextFormat(Qt.TextFormat.RichText)
        column.addWidget(self.reading)
        fight_row = QHBoxLayout()
        self.fight_faction = narrow_pick()
        self.fight_button = QPushButton("Fight here")
        self.fight_button.setToolTip("One adversary per player character (Eddies are not counted)")
        self.fight_button.clicked.connect(self._fight)
        fight_row.addWidget(self.fight_faction, 1)
        fight_row.addWidget(self.fight_button)
        column.addLayout(fight_row)
        buttons = QHBoxLayout()
        self.play_fight_button = QPushButton("Set up the fight called here")
        self.play_fight_button.clicked.connect(self.play_fight)
        self.undo_button = QPushButton("Undo")
        self.undo_button.clicked.connect(self._undo)
        buttons.addWidget(self.play_fight_button, 1)
        buttons.addWidget(self.undo_button)
        column.addLayout(buttons)
        column.addWidget(QLabel("Journal:"))
        self.journal = QListWidget()
        self.journal.setWordWrap(True)
        column.addWidget(self.journal, 1)
        return panel

    def inspiration_elsewhere(self) -> None:
        """In solo play the draw sits beside the oracle dock: the map's own is put away, not doubled."""
        for widget in (self.draw_count, self.draw_button, self.reading):
            widget.hide()

    def _campaign_tab(self) -> QWidget:
        tab = QWidget()
        column = QVBoxLayout(tab)
        self.act_label = QLabel()
        self.act_label.setWordWrap(True)
        self.act_label.setTextFormat(Qt.TextFormat.RichText)
        column.addWidget(self.act_label)
        column.addWidget(QLabel("Quest steps (tick when done):"))
        self.steps = QListWidget()
        self.steps.setWordWrap(True)
        self.steps.itemChanged.connect(self._step_ticked)
        column.addWidget(self.steps, 1)
        row = QHBoxLayout()
        self.discipline = QLabel()
        self.discipline.setWordWrap(True)
        self.offence_button = QPushButton("Offence")
        self.offence_button.setToolTip("A skipped curfew or class: the discipline ladder climbs a rung")
        self.offence_button.clicked.connect(lambda: self.table.do(Offence()))
        row.addWidget(self.discipline, 1)
        row.addWidget(self.offence_button)
        column.addLayout(row)
        self.next_act_button = QPushButton("Begin the next act")
        self.next_act_button.clicked.connect(lambda: self.table.do(AdvanceAct()))
        column.addWidget(self.next_act_button)
        mentor_row = QHBoxLayout()
        self.mentor_pick = narrow_pick()
        for npc in self.table.world.npcs:
            if npc.role == "mentor" and npc.card is not None:
                self.mentor_pick.addItem(f"{npc.name} ({CARDS[npc.card].name})", npc.id)
        self.mentor_button = QPushButton("Choose the mentor")
        self.mentor_button.clicked.connect(lambda: self.table.do(ChooseMentor(self.mentor_pick.currentData())))
        mentor_row.addWidget(self.mentor_pick, 1)
        mentor_row.addWidget(self.mentor_button)
        column.addLayout(mentor_row)
        host_row = QHBoxLayout()
        self.horror_pick = narrow_pick()
        for horror in self.table.world.horrors:
            if horror.linkable:
                self.horror_pick.addItem(horror.name, horror.key)
        self.host_name = QLineEdit()
        self.host_name.setPlaceholderText("the host's name")
        host_row.addWidget(self.horror_pick)
        host_row.addWidget(self.host_name, 1)
        column.addLayout(host_row)
        host_buttons = QHBoxLayout()
        self.found_button = QPushButton("Found")
        self.found_button.clicked.connect(
            lambda: self.table.do(FindHost(self.horror_pick.currentData(), self.host_name.text()))
        )
        self.saved_button = QPushButton("Saved (link cut)")
        self.saved_button.clicked.connect(lambda: self.table.do(SaveHost(self.horror_pick.currentData())))
        self.killed_button = QPushButton("Killed")
        self.killed_button.clicked.connect(lambda: self.table.do(KillHost(self.horror_pick.currentData())))
        for button in (self.found_button, self.saved_button, self.killed_button):
            host_buttons.addWidget(button)
        column.addLayout(host_buttons)
        self.hosts = QLabel()
        self.hosts.setWordWrap(True)
        column.addWidget(self.hosts)
        return tab

    def _meanings_tab(self) -> QWidget:
        tab = QWidget()
        column = QVBoxLayout(tab)
        self.search_box = QLineEdit()
        self.search_box.setPlaceholderText("Search the cards' meanings: a keyword, a title, a card")
        self.search_box.textChanged.connect(self._search)
        column.addWidget(self.search_box)
        self.meanings = QListWidget()
        self.meanings.setWordWrap(True)
        column.addWidget(self.meanings, 1)
        self._search("")
        return tab

    def _people_tab(self) -> QWidget:
        world = self.table.world
        tab = QWidget()
        column = QVBoxLayout(tab)
        self.who = QListWidget()
        for faction in world.factions:
            self.who.addItem(f"Faction: {faction.name}")
            self.who.item(self.who.count() - 1).setData(Qt.ItemDataRole.UserRole, faction.id)
        self.who.addItem(f"Allies: {world.eddies.name}")
        self.who.item(self.who.count() - 1).setData(Qt.ItemDataRole.UserRole, world.eddies.id)
        for npc in world.npcs:
            self.who.addItem(npc.name)
            self.who.item(self.who.count() - 1).setData(Qt.ItemDataRole.UserRole, npc.id)
        self.who.currentItemChanged.connect(
            lambda item, _old: self.show_who(item.data(Qt.ItemDataRole.UserRole)) if item else None
        )
        column.addWidget(self.who, 2)
        self.who_card = QLabel()
        self.who_card.setWordWrap(True)
        self.who_card.setTextFormat(Qt.TextFormat.RichText)
        self.who_card.setAlignment(Qt.AlignmentFlag.AlignTop)
        column.addWidget(self.who_card, 3)
        self.who_note = NoteBox(self.table)
        column.addWidget(self.who_note)
        return tab

    def show_who(self, entry_id: str) -> None:
        """A faction, the Eddies or a person: their card, places, people and adversaries."""
        world = self.table.world
        names = {kind_id: kind.name for kind_id, kind in self.bestiary.items()}

        def places(ids: list[str]) -> str:
            return ", ".join(world.location(i).name for i in ids) or "nowhere in particular"

        def card_line(card: int | None) -> str:
            if card is None:
                return "no card"
            return f"{CARDS[card].name} ({', '.join(world.meaning(card).keywords)})"

        if entry_id == world.eddies.id:
            eddies = world.eddies
            jobs = "; ".join(f"{skill}: {job}" for skill, job in eddies.jobs)
            text = f"<h3>{eddies.name}</h3><p>{eddies.description}</p><p><b>Card:</b> {card_line(eddies.card)}<br>"
            text += f"<b>Names:</b> {', '.join(eddies.names)}<br><b>Jobs by skill:</b> {jobs}</p>"
        elif entry_id.startswith("FAC-"):
            f = world.faction(entry_id)
            found = [loc.id for loc in world.locations if entry_id in {t.faction for t in loc.factions}]
            members = ", ".join(n.name for n in world.npcs if entry_id in n.factions) or "none named"
            fields = ", ".join(names.get(a, a) for a in f.adversaries) or "none"
            boss = names.get(f.boss, f.boss) if f.boss else "none"
            problem = next((f"{p.name}: {p.effect}" for p in world.problems if p.id == f.problem), "none")
            house = " <i>(house)</i>" if f.source == "house" else ""
            text = f"<h3>{f.name}</h3><p>{f.description}{house}</p><p><b>Suit:</b> {f.suit or 'none'}<br>"
            text += f"<b>Patron:</b> {card_line(f.patron_card)}<br><b>Wants:</b> {f.wants}<br>"
            text += f"<b>If angered:</b> {problem}<br><b>Fields:</b> {fields}<br><b>True Horror:</b> {boss}<br>"
            text += f"<b>Found at:</b> {places(found)}<br><b>People:</b> {members}</p>"
        else:
            n = world.npc(entry_id)
            factions = ", ".join(world.faction(f).name for f in n.factions) or "none"
            house = " <i>(house)</i>" if n.source == "house" else ""
            text = f"<h3>{n.name}</h3><p>{n.description}{house}</p><p><b>Card:</b> {card_line(n.card)}<br>"
            text += f"<b>Factions:</b> {factions}<br><b>Found at:</b> {places(list(n.locations))}</p>"
        self.who_card.setText(text)
        self.who_note.show_for(entry_id if entry_id != world.eddies.id else None)

    def _search(self, words: str) -> None:
        self.meanings.clear()
        world = self.table.world
        for meaning in search_meanings(world, words):
            tag = f" [{meaning.tag}]" if meaning.tag and meaning.tag != meaning.title.lower() else ""
            item = QListWidgetItem(f"{meaning.name}: {meaning.title}{tag}: {', '.join(meaning.keywords)}")
            places = [loc.name for loc in world.locations if meaning.card in loc.cards]
            people = [npc.name for npc in world.npcs if npc.card == meaning.card]
            ties = [f"Places: {', '.join(places)}"] if places else []
            ties += [f"People: {', '.join(people)}"] if people else []
            ties += [f"Theme: {meaning.theme}"] if meaning.theme else []
            item.setToolTip("\n".join(ties) or "No place or person is tied to this card.")
            self.meanings.addItem(item)

    def _show_campaign(self) -> None:
        world, state = self.table.world, self.table.state
        act = world.act(state.act)
        goals = "".join(f"<li>{goal}</li>" for goal in act.goals)
        mentor = world.npc(state.mentor).name if state.mentor else "not chosen yet"
        one_shot = " (one-shot)" if state.one_shot else ""
        self.act_label.setText(
            f"<b>Act {act.number}: {act.name}</b>{one_shot}<br>{act.summary}<ul>{goals}</ul>Mentor: {mentor}"
        )
        self.steps.blockSignals(True)
        self.steps.clear()
        for quest in act.quests:
            for step in quest.steps:
                item = QListWidgetItem(f"Quest {quest.number}: {step.text}")
                item.setData(Qt.ItemDataRole.UserRole, step.id)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                done = step.id in state.steps_done
                item.setCheckState(Qt.CheckState.Checked if done else Qt.CheckState.Unchecked)
                self.steps.addItem(item)
        self.steps.blockSignals(False)
        level = state.discipline
        rung = world.discipline.steps[level - 1].name if level else "a clean record"
        self.discipline.setText(
            f"Discipline: {rung} (rung {level} of {len(world.discipline.steps)}); "
            f"curfew {world.discipline.curfew_hour}:00"
        )
        self.offence_button.setEnabled(self.table.refusal_of(Offence()) is None)
        reason = self.table.refusal_of(AdvanceAct())
        self.next_act_button.setEnabled(reason is None)
        self.next_act_button.setToolTip(reason or "")
        self.mentor_button.setEnabled(state.mentor is None)
        hosts = "; ".join(f"{h.name} ({world.horror(h.horror).name}): {h.status}" for h in state.hosts) or "none yet"
        self.hosts.setText(f"Hosts: {hosts}. Links Judgement still climbs: {judgement_links(world, state)}")

    def _step_ticked(self, item: QListWidgetItem) -> None:
        done = item.checkState() == Qt.CheckState.Checked
        self.table.do(MarkStep(item.data(Qt.ItemDataRole.UserRole), done))

    # --- what the screen shows ----------------------------------------------------------------------------

    def current_exits(self) -> tuple[Spot, ...]:
        return exits(self.table.world, self.table.state.at)

    def scene(self) -> MapScene:
        return self.scenes[self.table.state.at.graph]

    def refresh(self) -> None:
        world, state = self.table.world, self.table.state
        scene = self.scene()
        if self.view.scene() is not scene:
            self.view.setScene(scene)
            self.view.fit()
        options = self.current_exits()
        self.highlight %= max(1, len(options))
        scene.refresh(options[self.highlight] if options else None)
        self.title.setText(f"<b>{scene.graph.name}</b> · Act {state.act}: {world.act(state.act).name}")
        self._show_place()
        self.exits.clear()
        for index, spot in enumerate(options):
            label = world.graph(spot.graph).node(spot.node).label
            if spot.graph != state.at.graph:
                label += f" (into {world.graph(spot.graph).name})" if spot.graph != "MAP-JOYEUSE" else " (back out)"
            reason = self.table.refusal_of(Move(spot))
            self.exits.addItem(label + (" (shut)" if reason else ""))
            self.exits.item(index).setData(Qt.ItemDataRole.UserRole, spot)
            self.exits.item(index).setToolTip(reason or "")
        if options:
            self.exits.setCurrentRow(self.highlight)
        here = world.location(location_id(world, state.at))
        self.fight_faction.clear()
        for faction in factions_fielding(world, here):
            self.fight_faction.addItem(world.faction(faction).name, faction)
        self.fight_button.setEnabled(self.fight_faction.count() > 0 and state.fight is None)
        self.play_fight_button.setEnabled(state.fight is not None and self.table.playthrough.session is None)
        self.undo_button.setEnabled(self.table.undo_refusal() is None)
        self.journal.clear()
        self.journal.addItems(self.table.journal)
        self.journal.scrollToBottom()
        self._show_campaign()
        self._show_reading()

    def _show_place(self) -> None:
        world, state = self.table.world, self.table.state
        here = world.location(location_id(world, state.at))
        cards = ", ".join(CARDS[c].name for c in here.cards) or "none"
        factions = ", ".join(world.faction(t.faction).name for t in here.factions) or "nobody in particular"
        people = ", ".join(n.name for n in world.npcs if here.id in n.locations) or "nobody named"
        suit = suit_here(world, state.at)
        house = " <i>(house)</i>" if here.source == "house" else ""
        self.place_note.show_for(here.id)
        self.place.setText(
            f"<h3>{here.name}</h3><p>{here.description}{house}</p>"
            f"<p><b>Cards:</b> {cards}<br><b>Suit of the division:</b> {suit}<br>"
            f"<b>Factions:</b> {factions}<br><b>People:</b> {people}</p>"
        )

    def _show_reading(self) -> None:
        event = self.table.last_draw
        self.reading.setText(reading_html(self.table.world, event) if event else "<i>No cards drawn yet.</i>")

    # --- what the player does -----------------------------------------------------------------------------

    def _move(self, spot: Spot) -> None:
        self.highlight = 0
        if self.table.do(Move(spot)) is None:
            self.status.setText("")
        else:
            self.refresh()

    def _dropped(self, spot: Spot | None) -> None:
        if spot is None or spot == self.table.state.at:
            self.status.setText("Drop the party on a connected place to move there." if spot is None else "")
            self.refresh()
            return
        self._move(spot)

    def _step(self, direction: int) -> None:
        options = self.current_exits()
        if options:
            self.highlight = (self.highlight + direction) % len(options)
            self.refresh()

    def _go(self) -> None:
        options = self.current_exits()
        if options:
            self._move(options[self.highlight % len(options)])

    def _fight(self) -> None:
        """Call a fight with the faction chosen here, and take it to the fight set-up."""
        faction = self.fight_faction.currentData()
        if faction and self.table.do(CallFight(faction, self.table.players)) is None:
            self.play_fight()

    def called_fight(self) -> tuple[str, ...]:
        """The bestiary ids of the fight called here and not yet over, or () when there is none."""
        called = self.table.state.fight
        if called is None:
            return ()
        world = self.table.world
        return field_adversaries(world, world.location(called[0]), called[1], self.table.players, False)

    def play_fight(self) -> None:
        """The called fight to the fight set-up; its end comes back here when the fight is concluded."""
        adversaries = self.called_fight()
        if adversaries:
            self.fight_wanted.emit(adversaries)

    def _undo(self) -> None:
        if self.table.undo() is None:
            self.status.setText("")
