"""The Moon's Grave table: the scene (sheets, NPC cards, round strip, tokens, dice, perk rail) beside a panel with
the dice tray, the choices waiting now (every action, by keyboard), undo, the log and, in solo, the Loner oracle.

Every change goes through the ``SeamSession``; the screen only reads the state and submits actions. In hot-seat,
secret plans and bids are asked behind RT:0's curtain: only its Reveal button or F2 lifts it, seat by seat. The
scene is drawn from the ruleset's observer (``seen``): the seat the curtain was lifted for, else nobody's.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QGraphicsItem,
    QHBoxLayout,
    QLabel,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from rt0table.desktop.dice_tray.dice_tray import DiceTray
from rt0table.desktop.moons_grave.mg_scene import FighterCard, MgScene, PerkCard, Token, TrackItem, WeaponChip
from rt0table.desktop.moons_grave.mg_spoken import mg_parts
from rt0table.desktop.moons_grave.mg_words import action_words
from rt0table.desktop.saves.seam_save import SeamTable
from rt0table.desktop.seam_session import TableSession
from rt0table.desktop.seam_table.beats import beat_ms, reveal_ms
from rt0table.desktop.seam_table.fitted_view import FittedView
from rt0table.desktop.seam_table.table_frame import SeamTableScreen
from rt0table.desktop.table.controls import CurtainItem
from rt0table.desktop.table.read_aloud import PieceReader, attach, say
from rt0table.rules.moons_grave.mg_actions import (
    EnterDie,
    MgAction,
    MgEvent,
    PassPerk,
    Plan,
    RollDice,
    Soak,
    TriggerPerk,
    TurnAction,
)
from rt0table.rules.moons_grave.mg_decision import MgDecision, pending_decision
from rt0table.rules.moons_grave.mg_state import MgState
from rt0table.rules.moons_grave.perk_payment import free_dice, icon_of
from rt0table.rules.moons_grave.surge_dice import SURGE_D6
from rt0table.rules.seam import GM, NOBODY, Seat

PANEL_WIDTH = 300


class MgTableScreen(SeamTableScreen):
    """One Moon's Grave fight at the table; ``closed`` when the player leaves it."""

    def __init__(self, session: TableSession, table: SeamTable, parent: QWidget | None = None) -> None:
        super().__init__(session, table, "mg", parent)
        self.humans = self._human_seats()
        self.lifted_for = ""  # the seat the curtain was last lifted for, while secret answers are asked
        self.fills: dict[str, list[int]] = {}  # perk id -> dice dropped on it this perk window

        self.scene = MgScene()
        self.scene.drop = self._dropped
        self.scene.click = self._clicked
        self.scene.targets_for = self._targets_for
        self.curtain = CurtainItem()
        self.scene.addItem(self.curtain)
        self.scene.kept.append(self.curtain)
        self.curtain.place(self.scene.sceneRect(), 18.0)
        self.curtain.clicked.connect(self.lift_curtain)
        self.view = FittedView(self.scene, "mg-view")
        attach(self.view, PieceReader(self.scene, lambda: mg_parts(self.scene, self.curtain)))

        self.tray = DiceTray(SURGE_D6)
        self.tray.roll_requested.connect(self.roll)
        self.tray.face_typed.connect(self.type_face)
        self.plan_box = QWidget()
        plan_column = QVBoxLayout(self.plan_box)
        plan_column.setContentsMargins(0, 0, 0, 0)
        weapon_row = QHBoxLayout()
        self.weapon = QComboBox()
        self.weapon.setObjectName("mg-plan-weapon")
        weapon_row.addWidget(QLabel("Plan, with:"))
        weapon_row.addWidget(self.weapon, 1)
        plan_row = QHBoxLayout()
        plan_column.addLayout(weapon_row)
        plan_column.addLayout(plan_row)
        self.plan_buttons: list[QPushButton] = []
        for count in range(10):  # as many as the pack's plan limit allows are shown
            button = QPushButton(str(count))
            button.setMaximumWidth(34)
            button.setObjectName(f"mg-plan-{count}")
            button.clicked.connect(lambda _=False, n=count: self.plan(n))
            plan_row.addWidget(button)
            self.plan_buttons.append(button)
        plan_row.addStretch(1)
        self.choices.itemActivated.connect(self._choice_activated)
        self.do_button = QPushButton("Do it ⏎")
        self.do_button.setObjectName("mg-do")
        self.do_button.clicked.connect(self.do_selected)
        self.pass_button = QPushButton("Pass (P)")
        self.pass_button.setObjectName("mg-pass")
        self.pass_button.clicked.connect(self.pass_perks)
        buttons = [self.do_button, self.pass_button]
        self.undo_button.setText("Undo ⌃Z")  # four buttons share the row: the short words
        self.leave_button.setText("Leave")
        self.arrange(self.view, self.tray, above=[self.plan_box], buttons=buttons, panel_width=PANEL_WIDTH)

        session.changed.connect(self._changed)
        for step in session.steps:  # a game read back from its save tells its log again
            self._log_events(list(step.events), step.stand_in)
        self.refresh()

    # --- who sits here ------------------------------------------------------------------------------------------

    def _human_seats(self) -> set[str]:
        state: MgState = self.session.state
        seats = {f.seat for f in state.fighters if not f.npc}
        if self.table.gm == "person":
            seats.add(GM)
        return seats

    @property
    def state(self) -> MgState:
        state: MgState = self.session.state
        return state

    def screen_seat(self) -> Seat:
        """Whose view the scene draws: the seat behind a lifted curtain; else nobody's (down, or nothing sealed)."""
        return NOBODY if self.curtain.isVisible() else self.lifted_for

    def seen(self) -> MgState:
        """The fight as the seat at the screen may see it: sealed plans and bids of other seats are masked."""
        seen: MgState = self.session.rules.observe(self.state, self.screen_seat())
        return seen

    def decision(self) -> MgDecision | None:
        return pending_decision(self.state)

    def hot_seat(self) -> bool:
        return self.table.mode == "hot-seat"

    def secret_waiting(self) -> list[str]:
        """The seats at this screen still to answer a secret question, in a stable order."""
        decision = self.decision()
        if decision is None or not decision.secret or not self.hot_seat():
            return []
        return sorted(decision.seats & self.humans)

    def seat_name(self, seat: str) -> str:
        if seat == GM:
            return "the GM"
        names = [f.name for f in self.state.fighters if f.seat == seat]
        return ", ".join(names) or seat

    # --- the curtain ------------------------------------------------------------------------------------------

    def _update_curtain(self) -> None:
        waiting = self.secret_waiting()
        if not waiting:
            self.lifted_for = ""
            self.curtain.setVisible(False)
            return
        if self.lifted_for in waiting:
            self.curtain.setVisible(False)
            return
        self.lifted_for = ""
        self.curtain.close_for(self.seat_name(waiting[0]), f"Secret choice: pass to {self.seat_name(waiting[0])}")

    def lift_curtain(self) -> None:
        waiting = self.secret_waiting()
        if not self.curtain.isVisible() or not waiting:
            return
        self.lifted_for = waiting[0]
        self.curtain.setVisible(False)
        self.refresh()

    # --- what can be done now -----------------------------------------------------------------------------------

    def my_actions(self) -> list[MgAction]:
        """The legal actions of the people at this screen now (behind a lifted curtain: that seat's only)."""
        if self.curtain.isVisible():
            return []
        state = self.state
        allowed = {self.lifted_for} if self.lifted_for else self.humans
        return [a for a in self.session.rules.legal_actions(state) if state.fighter(a.fighter).seat in allowed]

    def chooser(self) -> str:
        state = self.state
        if state.phase == "perks" and state.roll is not None and state.roll.order:
            return state.roll.order[state.roll.chooser]
        return ""

    def refresh(self) -> None:
        state = self.state
        self._update_curtain()
        mine = self.my_actions()
        lit_perks = {a.perk for a in mine if isinstance(a, TriggerPerk)}
        lit_actions = {a.action for a in mine if isinstance(a, TurnAction)}
        chooser = self.chooser()
        if state.phase != "perks":
            self.fills.clear()
        self.scene.show_state(self.seen(), chooser, lit_perks, lit_actions)
        for perk_id, dice in self.fills.items():
            card = self.scene.perks.get(perk_id)
            if card is not None:
                card.show_filled(dice)
        self.curtain.setZValue(40)
        decision = self.decision()
        if state.phase == "over":
            self.prompt.setText(f"The fight is over: the {state.winner} side stands.")
        elif decision is not None:
            self.prompt.setText((self.hint + "\n" if self.hint else "") + decision.prompt)
        self.choices.clear()
        for action in mine:
            item = QListWidgetItem(action_words(state, action))
            item.setData(Qt.ItemDataRole.UserRole, action)
            self.choices.addItem(item)
        if self.choices.count():
            self.choices.setCurrentRow(0)
        self._update_tray(mine)
        self._update_plan(mine)
        self.pass_button.setEnabled(any(isinstance(a, PassPerk) for a in mine))
        self.undo_button.setEnabled(self.session.undo_refusal() is None)
        self.do_button.setEnabled(bool(mine))

    def _update_tray(self, mine: list[MgAction]) -> None:
        roll = self.state.roll
        waiting = roll is not None and not roll.complete and any(isinstance(a, RollDice | EnterDie) for a in mine)
        if waiting and roll is not None:
            self.tray.set_roll(roll.dice, roll.difficulty, self.state.fighter(roll.roller).name)
            if roll.faces:
                self.tray.show_faces(roll.faces, interval_ms=reveal_ms(self.settings))
        else:
            self.tray.set_waiting(False)

    def _update_plan(self, mine: list[MgAction]) -> None:
        plans = [a for a in mine if isinstance(a, Plan)]
        self.plan_box.setVisible(bool(plans))
        if not plans:
            return
        fighter = plans[0].fighter
        weapons = list(dict.fromkeys(a.weapon for a in plans if a.fighter == fighter))
        current = self.weapon.currentData()
        self.weapon.clear()
        for weapon in weapons:
            self.weapon.addItem(weapon or "bare hands", weapon)
        if current in weapons:
            self.weapon.setCurrentIndex(weapons.index(current))
        elif self.state.fighter(fighter).active in weapons:
            self.weapon.setCurrentIndex(weapons.index(self.state.fighter(fighter).active))
        counts = {a.actions for a in plans if a.fighter == fighter}
        for n, button in enumerate(self.plan_buttons):
            button.setVisible(n in counts)

    # --- doing things (all through the session) -------------------------------------------------------------

    def submit(self, action: MgAction) -> bool:
        self.refusal.clear()
        if self.curtain.isVisible():
            self.refusal.setText("The curtain is down: lift it first (Reveal or F2).")
            return False
        state = self.state
        if state.has(action.fighter) and state.fighter(action.fighter).seat not in self.humans:
            self.refusal.setText(f"{state.fighter(action.fighter).name} is played by the GM stand-in.")
            return False
        done = self.session.submit(action)
        if not done:
            self.refresh()
        return done

    def do_selected(self) -> None:
        item = self.choices.currentItem()
        if item is not None:
            self.submit(item.data(Qt.ItemDataRole.UserRole))

    def _choice_activated(self, item: QListWidgetItem) -> None:
        self.submit(item.data(Qt.ItemDataRole.UserRole))

    def _first_of(self, kind: type) -> Any:
        return next((a for a in self.my_actions() if isinstance(a, kind)), None)

    def roll(self) -> None:
        action = self._first_of(RollDice)
        if action is None:
            self.refusal.setText("No dice of yours are waiting to be rolled.")
            return
        self.submit(action)

    def type_face(self, face: int) -> None:
        roll = self.state.roll
        mine = [a for a in self.my_actions() if isinstance(a, EnterDie)]
        if roll is None or not mine:
            self.refusal.setText("No dice of yours are waiting to be typed in.")
            return
        self.submit(EnterDie(mine[0].fighter, face))

    def pass_perks(self) -> None:
        action = self._first_of(PassPerk)
        if action is None:
            self.refusal.setText("No perk window is open for you.")
            return
        self.submit(action)

    def plan(self, count: int) -> None:
        plan = self._first_of(Plan)
        if plan is None:
            self.refusal.setText("Nobody at this screen is planning now.")
            return
        self.submit(Plan(plan.fighter, count, self.weapon.currentData() or ""))

    def undo(self) -> bool:
        self.refusal.clear()
        if self.curtain.isVisible():
            self.refusal.setText("The curtain is down: lift it first (Reveal or F2).")
            return False
        if not self.session.undo():
            return False
        self.fills.clear()
        self.refresh()
        return True

    # --- the scene's drags and clicks -------------------------------------------------------------------------

    def _targets_for(self, token: Token) -> list[QGraphicsItem]:
        state = self.state
        mine = self.my_actions()
        if token.kind == "action":
            ids = {a.target for a in mine if isinstance(a, TurnAction) and a.action == token.value}
            if token.value == "Swap":
                return [chip for weapon, chip in self.scene.weapons.items() if weapon in ids]
            return [card for fid, card in self.scene.cards.items() if fid in ids]
        if token.kind == "damage":
            soaks = {(a.fighter, a.track) for a in mine if isinstance(a, Soak)}
            return [item for key, item in self.scene.tracks.items() if key in soaks]
        if token.kind == "die" and state.phase == "perks":
            die = int(token.value)
            perks = {a.perk for a in mine if isinstance(a, TriggerPerk) and die in a.dice}
            return [card for pid, card in self.scene.perks.items() if pid in perks]
        return []

    def _dropped(self, token: Token, target: QGraphicsItem) -> None:
        state = self.state
        if token.kind == "action" and token.value == "Swap":
            if isinstance(target, WeaponChip):
                self.submit(TurnAction(state.turn, "Swap", target.weapon))
            else:
                self.refusal.setText("Swap goes onto one of the weapons in the rack.")
        elif token.kind == "action" and isinstance(target, FighterCard | TrackItem):
            self.submit(TurnAction(state.turn, token.value, target.fighter_id))
        elif token.kind == "damage" and isinstance(target, TrackItem):
            self.submit(Soak(target.fighter_id, target.track_id))
        elif token.kind == "die" and isinstance(target, PerkCard):
            self.fill_perk(target.perk_id, int(token.value))
        else:
            self.refusal.setText("That does not go there.")

    def fill_perk(self, perk_id: str, die: int) -> None:
        """A die dropped on a perk card: the card fills; once the dice pay its cost exactly, it fires."""
        state, roll, chooser = self.state, self.state.roll, self.chooser()
        self.refusal.clear()
        if roll is None or not chooser:
            self.refusal.setText("Perks are paid after a roll, before its verdict.")
            return
        fighter = state.fighter(chooser)
        perk = next((p for p in fighter.perks if p.id == perk_id), None)
        if perk is None:
            return
        icon = icon_of(state, roll, chooser)
        mark = "★" if icon == "boosts" else "☠"
        if die not in free_dice(roll, chooser, icon):
            self.refusal.setText(f"Die {die + 1} shows no {mark} or has already paid one of {fighter.name}'s perks.")
            return
        filled = sorted({*self.fills.get(perk_id, []), die})
        paid = sum(
            SURGE_D6.face(roll.faces[d]).boosts if icon == "boosts" else SURGE_D6.face(roll.faces[d]).drags
            for d in filled
        )
        if paid < perk.cost:
            why = self.session.rules.refusal(state, TriggerPerk(chooser, perk_id, (die,)))
            if why is not None and "costs" not in why:
                self.refusal.setText(why)  # the perk cannot fire at all on this roll: say why, keep nothing
                return
            self.fills[perk_id] = filled
            self.refresh()
            return
        self.fills.pop(perk_id, None)
        if not self.submit(TriggerPerk(chooser, perk_id, tuple(filled))):
            self.refresh()

    def _clicked(self, item: QGraphicsItem) -> None:
        if isinstance(item, Token) and item.kind == "action" and not item.dim:
            if item.value in ("Rally", "Finish"):
                self.submit(TurnAction(self.state.turn, item.value))
            else:
                self.refusal.setText(f"Drag {item.value} onto its target.")

    # --- events and keys ---------------------------------------------------------------------------------------

    def _changed(self, events: list[Any]) -> None:
        stand_in = bool(self.session.steps) and self.session.steps[-1].stand_in and bool(events)
        self._log_events(events, stand_in)
        rolled = [e for e in events if isinstance(e, MgEvent) and e.kind == "dice_rolled"]
        if rolled:
            self.tray.show_faces(rolled[-1].values, interval_ms=reveal_ms(self.settings))
        if not events:
            self.log.addItem("(Undone.)")
        self.refresh()
        beat = beat_ms(self.settings)
        for event in events:
            if beat and isinstance(event, MgEvent) and event.kind == "damage" and event.values:
                self.scene.flash(event.fighter, f"−{event.values[0]}", beat)

    def _log_events(self, events: list[Any], stand_in: bool) -> None:
        lines = [("GM: " if stand_in else "") + self.session.rules.narrate(self.session.state, e) for e in events]
        self.log.addItems(lines)
        self.log.scrollToBottom()
        say(self.log, " ".join(lines))

    def key(self, event: QKeyEvent) -> bool:
        """The table's keys; behind the curtain every key but F2 does nothing."""
        if self.curtain.isVisible():
            if CurtainItem.lifted_by(event):
                self.lift_curtain()
            return True
        key, mods = event.key(), event.modifiers()
        if key == Qt.Key.Key_Z and mods & Qt.KeyboardModifier.ControlModifier:
            self.undo()
        elif key == Qt.Key.Key_R and not mods:
            self.roll()
        elif key == Qt.Key.Key_P and not mods:
            self.pass_perks()
        elif Qt.Key.Key_1 <= key <= Qt.Key.Key_6 and self.state.phase in ("roll", "vie_roll"):
            self.type_face(key - Qt.Key.Key_0)
        elif Qt.Key.Key_0 <= key <= Qt.Key.Key_9 and self.state.phase == "plan":
            self.plan(key - Qt.Key.Key_0)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.do_selected()
        elif key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            row = self.choices.currentRow() + (1 if key == Qt.Key.Key_Down else -1)
            if 0 <= row < self.choices.count():
                self.choices.setCurrentRow(row)
        else:
            return False
        return True
