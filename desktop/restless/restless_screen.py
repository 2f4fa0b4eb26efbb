"""The Restless at the table: the scene beside a panel with the d20 tray (the exact chance before each roll, with and
without Rerolls, and what a miss costs), every choice open now (the keyboard path), the hand adjustments a ``manual``
card asks for, undo and the log.

Every change goes through the ``SeamSession``; the screen reads the state and submits actions, and a refusal shows
the rules' own reason.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QComboBox, QGridLayout, QGroupBox, QLabel, QListWidgetItem, QPushButton, QWidget

from rt0table.desktop.dice_tray.dice_tray import DiceTray
from rt0table.desktop.restless.restless_scene import RsScene, Token, drop_action
from rt0table.desktop.restless.restless_spoken import rs_parts
from rt0table.desktop.restless.restless_words import action_words, name
from rt0table.desktop.saves.seam_save import SeamTable
from rt0table.desktop.seam_session import TableSession
from rt0table.desktop.seam_table.fitted_view import FittedView
from rt0table.desktop.seam_table.table_frame import SeamTableScreen
from rt0table.desktop.table.read_aloud import PieceReader, attach, say
from rt0table.rules.dice.dice_odds import percent
from rt0table.rules.restless import rs_actions as a
from rt0table.rules.restless.rs_odds import D20, Forecast
from rt0table.rules.restless.rs_play import legal_actions
from rt0table.rules.restless.rs_state import RsState
from rt0table.rules.restless.rs_tray import attack_forecast, dodge_forecast

PANEL_WIDTH = 320
HANDS = (a.Adjust, a.TurnCard, a.MoveCard)  # hand adjustments live in their own box, not in the list of choices
PHASE_WORDS = {
    "characters": "Keep 4 of the 6 Characters on offer.",
    "starters": "Keep 4 of the 6 Starter Items on offer.",
    "give": "Give each kept Starter Item to a Character (drag it onto one), then go on.",
    "between": "Between Encounters: trade items, play a Rest, or go on.",
    "encounter": "An Encounter: do what it asks, then go on.",
    "pick": "Pick one of the cards on offer.",
    "combat": "Combat: each living Character attacks once this round, in any order.",
    "god": "The Traitor God: each living Character attacks once this round.",
    "roll": "The die is on the table: spend a Reroll on it, or let it stand.",
    "armor": "Damage is arriving: choose which Armor takes each point.",
    "drops": "The Target is down: choose who draws its Drops.",
    "rest": "Resting: spend Rerolls to heal 2 each, then end the Rest.",
    "fleeing": "Fleeing: each Character rolls to Dodge.",
    "final-night": "The last night before the Traitor God.",
    "final-choice": "Face the Traitor God, or refuse the final battle.",
    "over": "The game is over.",
}


def tray_lines(forecast: Forecast) -> str:
    """The tray's text: the chance, then with 1, 2, … Rerolls spent on misses, and the cost of a miss."""
    lines = [forecast.line()]
    if len(forecast.with_rerolls) > 1:
        spent = ", ".join(f"{r}: {percent(p)}" for r, p in enumerate(forecast.with_rerolls[1:4], 1))
        lines.append(f"With Rerolls spent on misses ({spent}).")
    if forecast.miss_cost:
        lines.append(f"Expected damage without a Reroll: {float(forecast.expected_damage):.2f}.")
    return "\n".join(lines)


class RsTableScreen(SeamTableScreen):
    """One game of The Restless at the table; ``closed`` when the player leaves it."""

    def __init__(self, session: TableSession, table: SeamTable, parent: QWidget | None = None) -> None:
        super().__init__(session, table, "rs", parent)
        self.scene = RsScene()
        self.scene.dropped.connect(self.dropped)
        self.view = FittedView(self.scene, "rs-view")
        attach(self.view, PieceReader(self.scene, lambda: rs_parts(self.scene)))
        self.tray = DiceTray(D20, many=False)
        self.tray.roll_requested.connect(self.roll)
        self.tray.face_typed.connect(self.type_face)
        self.choices.itemActivated.connect(self._activated)
        self.choices.currentItemChanged.connect(lambda *_: self.show_odds())
        self.hands = self._hands_box()
        self.arrange(
            self.view,
            self.tray,
            below=[self.hands],
            choices_label="What can be done now (Enter plays it):",
            panel_width=PANEL_WIDTH,
            scrolls=True,
        )
        session.changed.connect(self._changed)
        self.refresh()

    def key(self, event: QKeyEvent) -> bool:
        """Ctrl+Z undoes, R rolls for the chosen attack; True when the key was one of them."""
        if event.matches(QKeySequence.StandardKey.Undo):
            self.undo()
            return True
        if event.key() == Qt.Key.Key_R and not event.modifiers():
            self.roll()
            return True
        return False

    # --- the hand adjustments a manual card asks for ---

    def _hands_box(self) -> QGroupBox:
        box = QGroupBox("By hand, for a card's own text")
        box.setObjectName("rs-hands")
        grid = QGridLayout(box)
        self.card_text = QLabel()
        self.card_text.setObjectName("rs-card-text")
        self.card_text.setWordWrap(True)
        self.who = QComboBox()
        self.who.setObjectName("rs-hands-who")
        self.item = QComboBox()
        self.item.setObjectName("rs-hands-item")
        grid.addWidget(self.card_text, 0, 0, 1, 4)
        grid.addWidget(self.who, 1, 0, 1, 4)
        for row, what in enumerate(("health", "armor", "rerolls", "target"), 2):
            grid.addWidget(QLabel(what.capitalize()), row, 0)
            for col, delta in ((1, -1), (2, 1)):
                button = QPushButton(f"{delta:+d}")
                button.setObjectName(f"rs-hands-{what}-{'up' if delta > 0 else 'down'}")
                button.clicked.connect(lambda _=False, w=what, d=delta: self.adjust(w, d))
                grid.addWidget(button, row, col)
        grid.addWidget(self.item, 6, 0, 1, 4)
        for col, (label, slot) in enumerate(
            (("Counter −1", lambda: self.adjust("counters", -1)), ("Counter +1", lambda: self.adjust("counters", 1)))
        ):
            button = QPushButton(label)
            button.clicked.connect(slot)
            grid.addWidget(button, 7, col * 2, 1, 2)
        turn = QPushButton("Turn the item")
        turn.setObjectName("rs-hands-turn")
        turn.clicked.connect(lambda: self._item_action(a.TurnCard))
        back = QPushButton("Bring back from discard")
        back.setObjectName("rs-hands-move")
        back.clicked.connect(lambda: self._item_action(a.MoveCard))
        grid.addWidget(turn, 8, 0, 1, 2)
        grid.addWidget(back, 8, 2, 1, 2)
        return box

    def adjust(self, what: str, delta: int) -> bool:
        who = "" if what in ("rerolls", "target") else str(self.who.currentData() or "")
        if what == "counters":
            who = str(self.item.currentData() or "")
        return self.submit(a.Adjust(what, who, delta))

    def _item_action(self, kind: type) -> bool:
        card = str(self.item.currentData() or "")
        return self.submit(kind(card))

    # --- reading the state ---

    @property
    def state(self) -> RsState:
        state: RsState = self.session.state
        return state

    def _changed(self, events: list[Any]) -> None:
        lines = [self.session.rules.narrate(self.state, e) for e in events]
        self.log.insertItems(0, lines[::-1])
        say(self.log, " ".join(lines))
        self.refusal.clear()
        self.refresh()

    def refresh(self) -> None:
        state = self.state
        lit = {state.roll.hero} if state.roll else set()
        self.scene.show_state(state, lit)
        seats = ", ".join(sorted(self.session.rules.seats_to_act(state)))
        words = PHASE_WORDS.get(state.phase, state.phase)
        if state.phase == "over":
            words = f"The game is over: {state.result or 'ended'}."
        lead = f"Realm {state.realm_number} · round {state.round}" if state.realm_number else "Set-up"
        self.prompt.setText(
            f"{lead}\n{words}" + (f"\nTo act: {seats}" if seats else "") + (f"\n{self.hint}" if self.hint else "")
        )
        self._fill_choices(state)
        self._fill_hands(state)
        self.undo_button.setEnabled(self.session.undo_refusal() is None)
        self.show_odds()

    def _fill_choices(self, state: RsState) -> None:
        self.choices.clear()
        for action in legal_actions(state):
            if isinstance(action, HANDS):
                continue
            item = QListWidgetItem(action_words(state, action))
            item.setData(Qt.ItemDataRole.UserRole, action)
            self.choices.addItem(item)
        if self.choices.count():
            self.choices.setCurrentRow(0)

    def _fill_hands(self, state: RsState) -> None:
        manual = [state.card(c) for c in (state.current, state.realm, state.rest_bonus) if c]
        manual = [c for c in manual if any(e.do == "manual" for e in c.effects)]
        texts = [f"{c.name}: {c.text}" for c in manual]
        self.card_text.setText("\n".join(texts) or "No card asks for a hand adjustment now.")
        who, item = self.who.currentData(), self.item.currentData()
        self.who.clear()
        for hero in state.party:
            self.who.addItem(name(state, hero.card), hero.card)
        self.item.clear()
        for hero in state.party:
            for held in hero.items:
                self.item.addItem(f"{name(state, held)} ({name(state, hero.card)})", held)
        for pile in state.piles:
            for gone in pile.discard:
                if state.card(gone).kind == "item":
                    self.item.addItem(f"{name(state, gone)} (discarded)", gone)
        for box, kept in ((self.who, who), (self.item, item)):
            index = box.findData(kept)
            if index >= 0:
                box.setCurrentIndex(index)

    def selected(self) -> a.RsAction | None:
        item = self.choices.currentItem()
        action = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        return action if action is not None else None

    def show_odds(self) -> None:
        """Before a roll: the selected attack's (or the waiting Dodge's) exact chance; with a die down: its face."""
        state = self.state
        action = self.selected()
        if state.roll is not None:
            self.tray.set_waiting(True)  # a face typed in rerolls by hand, or (letting it stand) rolls the next die
            self.tray.roll_button.setEnabled(isinstance(action, a.Accept))
            self.tray.title.setText(f"{name(state, state.roll.hero)}: d20")
            self.tray.odds.setText(
                f"The die shows {state.roll.face}. Drag the Reroll pool onto it (or type the face rerolled by hand),"
                " or let it stand."
            )
            self.tray.show_faces((state.roll.face,), animate=False)
            return
        forecast = None
        runner = ""
        if isinstance(action, a.Attack):
            forecast = attack_forecast(state, action.hero, action.item)
        elif isinstance(action, a.Flee) and state.living():
            runner = state.living()[0].card
            forecast = dodge_forecast(state, runner)
        elif isinstance(action, a.Absorb) and state.after_armor == "fleeing" and state.fleeing:
            runner = state.fleeing[0]  # the Dodge this Armor choice brings on
            forecast = dodge_forecast(state, runner)
        elif state.phase == "fleeing" and state.fleeing:
            runner = state.fleeing[0]
            forecast = dodge_forecast(state, runner)
        self.tray.show_faces((), animate=False)
        if forecast is None:
            self.tray.set_waiting(False)
            return
        self.tray.set_waiting(True)
        who = name(state, action.hero) if isinstance(action, a.Attack) else name(state, runner)
        self.tray.title.setText(f"{who}: d20")
        self.tray.odds.setText(tray_lines(forecast))

    # --- acting ---

    def submit(self, action: a.RsAction) -> bool:
        return self.session.submit(action)

    def _activated(self, item: QListWidgetItem) -> None:
        action = item.data(Qt.ItemDataRole.UserRole)
        if action is not None:
            self.submit(action)

    def roll(self) -> bool:
        """Roll for the chosen attack (the tray's Roll, or R); with a die down, let it stand."""
        action = self.selected()
        if isinstance(action, (a.Attack, a.Accept)):
            return self.submit(action)
        if self.state.phase == "fleeing":
            flee = next((x for x in legal_actions(self.state) if isinstance(x, a.Accept)), None)
            return self.submit(flee) if flee is not None else False
        self.refusal.setText("Choose an attack in the list first; the tray shows its chance.")
        return False

    def type_face(self, face: int) -> bool:
        """A physical d20 typed in: it goes with the chosen roll (an attack, Flee, a reroll, letting the die stand
        for the roll that follows); the rules refuse a face where no die is rolled, and say why."""
        action = self.selected()
        if isinstance(action, a.Attack | a.Reroll | a.Accept | a.Flee | a.Absorb):
            return self.submit(replace(action, face=face))
        self.refusal.setText("Choose an attack, Flee or a Reroll in the list first; the typed die goes with it.")
        return False

    def dropped(self, dragged: Token, onto: Token | None) -> None:
        action = drop_action(self.state, dragged, onto)
        if action is None:
            return
        if isinstance(action, str):
            self.refusal.setText(action)
            return
        self.submit(action)
