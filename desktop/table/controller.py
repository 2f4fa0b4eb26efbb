"""What the player's presses, drags, clicks and keys mean on the table; everything ends in Session.

Only the Session changes the fight. The controller keeps the little state a table needs on top of
the rules: the card picked up, the replay under way, and whose hand the curtain last revealed.

What the screen may show comes from the ruleset's observer alone (``RT0.observe``): the hand and the decision's
options are drawn from the state as the seat at the screen sees it (``seen``), never from a privacy rule asked here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from PySide6.QtCore import QObject, QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QCursor, QKeyEvent
from PySide6.QtWidgets import QApplication, QGraphicsSceneMouseEvent

from rt0table.desktop.cards.zoom import CardZoomView, ZoomTrigger
from rt0table.desktop.table.bins import Glow
from rt0table.desktop.table.card_item import CardItem
from rt0table.desktop.table.fight_session import Session
from rt0table.desktop.table.hand_hints import NO_HINTS, HandHints, hand_hints
from rt0table.desktop.table.item_drag import ItemDrag, item_offers
from rt0table.desktop.table.keys import HELP_TITLE, first_time_lines, key_lines, turn_lines
from rt0table.desktop.table.log import UNDONE
from rt0table.desktop.table.moments import moment_ms, moments_of
from rt0table.desktop.table.motion import DECK, DISCARD, CardMove, card_moves
from rt0table.desktop.table.offers import ADD_COST, Offer, offers
from rt0table.desktop.table.pacing import EventReplayer
from rt0table.desktop.table.pick import CardPick, bin_at
from rt0table.desktop.table.prompt import Entry
from rt0table.desktop.table.scene import TableScene
from rt0table.desktop.table.settings import TableSettings
from rt0table.desktop.table.spoken import announce, describe
from rt0table.rules.rt0.abilities import ABILITIES
from rt0table.rules.rt0.cards import CardId
from rt0table.rules.rt0.fight.actions import Action, Activate, Choose, EndTurn, PlayCard
from rt0table.rules.rt0.fight.decisions import figure_of
from rt0table.rules.rt0.fight.events import CatastropheStruck, Event, IntentCarriedOut, RoundStarted
from rt0table.rules.rt0.fight.narration import narrate_all
from rt0table.rules.rt0.fight.privacy import HIDDEN_CARD
from rt0table.rules.rt0.fight.state import (
    GM,
    CombatState,
    Fighter,
    FighterKind,
    HiddenTarget,
    Option,
    Phase,
    ZoneTarget,
)
from rt0table.rules.rt0.rt0_seam import RT0
from rt0table.rules.seam import NOBODY, OMNISCIENT, Seat

ENTER = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
ARROWS = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0), Qt.Key.Key_Up: (0, -1), Qt.Key.Key_Down: (0, 1)}
PAGES = {Qt.Key.Key_PageUp: -1, Qt.Key.Key_PageDown: 1}


@dataclass
class Flight:
    """What the steps being shown moved: the fighter whose hand was on the table, the events, and where the
    moving cards and that hand's cards were before the table was redrawn."""

    fighter: str
    events: list[Event]
    moves: list[CardMove]
    starts: dict[CardId, QRectF]
    hand: dict[CardId, QPointF]


class TableController(QObject):
    closed = Signal()  # the fight is over and the player pressed on

    def __init__(self, session: Session, scene: TableScene, settings: TableSettings,
                 zoom: ZoomTrigger | None = None) -> None:  # fmt: skip
        super().__init__(scene)
        self.session, self.scene, self.settings = session, scene, settings
        self.pick: CardPick | None = None
        self.dragging: CardItem | None = None
        self.item_drag = ItemDrag(self)  # an item's badge pressed, clicked or dragged
        self.press_at: QPointF | None = None
        self.pressed_card: CardItem | None = None
        self.grab = QPointF()
        self.revealed_for = ""  # the fighter (or "gm") the curtain was last lifted for
        self.selected = ""  # the bin picked by its letter with no card in hand: A opens its actions
        self.menu: list[Offer] = []  # the open menu of activations or abilities to add; empty when closed
        self.hints: HandHints = NO_HINTS  # what the hand can do now, read once per step
        self.pointed_bin = ""  # the bin under the pointer: the hand cards it takes light up
        self.zone_press: tuple[int, int] | None = None  # a press on a lit zone of the grid, or on the mover's token
        self.carrying = ""  # the figure being dragged across the grid to a lit zone
        self.viewed_id = ""
        self.gm_label = "The GM"  # who answers the GM's decisions at this table (solo: the player, for the GM)
        # The large card: hover or hold on a face-up card, or Z. The table screen passes one whose popup it owns.
        self.zoom = zoom or ZoomTrigger(CardZoomView(popup=True), settings.zoom_hover_ms, settings.zoom_hold_ms, self)
        # The cards the last steps moved, where they started and where the hand's cards were: flown once shown.
        self.flight: Flight | None = None
        self._line_before_zoom: tuple[str, bool] | None = None
        self.replayer = EventReplayer(self)
        self.replayer.stepped.connect(self._replay_step)
        self.replayer.finished.connect(self._replay_done)
        self.replayer.happened.connect(self._moment)
        scene.pointer = self
        session.state_did_change.connect(self._changed)
        session.refused.connect(self._refused)
        scene.end_turn.clicked.connect(self.end_turn)
        scene.undo_button.clicked.connect(self.undo)
        scene.prompt.chosen.connect(self.choose)
        scene.prompt.cancelled.connect(self.close_menu)
        scene.bin_activated.connect(self.activate)
        scene.passive_clicked.connect(self.open_activations)
        scene.add_button.clicked.connect(self.open_additions)
        scene.hint.connect(lambda line: scene.say(line))
        scene.curtain.clicked.connect(self.reveal)
        scene.result.clicked.connect(self.closed.emit)
        self.closed.connect(self.zoom.cancel)
        scene.deck.clicked.connect(lambda: self.open_pile("deck"))
        scene.discard.clicked.connect(lambda: self.open_pile("discard"))
        scene.viewer.clicked.connect(lambda: scene.viewer.setVisible(False))
        scene.bin_clicked.connect(self.bin_clicked)
        scene.bin_pointed.connect(self.bin_pointed)
        scene.figure_clicked.connect(self.figure_clicked)
        scene.log.add(narrate_all(session.state, session.game.opening))
        self.show(session.state)

    # --- what is on the table ------------------------------------------------------------------

    @property
    def state(self) -> CombatState:
        return self.session.state

    def viewed(self, state: CombatState) -> Fighter | None:
        """The active fighter; while nobody is, the one deciding, else whoever was shown last."""
        fighter = state.active_fighter
        if fighter is None and state.pending is not None and state.pending.actor != GM:
            fighter = state.fighter(state.pending.actor)
        if fighter is None and self.viewed_id:
            fighter = state.fighter(self.viewed_id)
        if fighter is None:
            fighter = state.fighters[0]
        self.viewed_id = fighter.id
        return fighter

    def show(self, state: CombatState, acting: str = "") -> None:
        scene = self.scene
        viewed = self.viewed(state)
        if not self.replayer.running:  # a replay is shown behind whatever curtain was there when it began
            self._show_curtain(state)
        seen = self.seen(state)
        hand = None if viewed is None else [c for c in seen.fighter(viewed.id).hand if c != HIDDEN_CARD]
        scene.render_state(state, viewed, acting, hand)
        for item in scene.bin_items():
            item.set_glow(Glow.NORMAL)
            item.set_selected(item.ability_id == self.selected)
        if self.replayer.running:
            scene.show_offers(offers(state, []))
            self.hints = NO_HINTS
            self.light_hand()
            return
        actions = list(self.session.rules.legal_actions(state)) if state.phase is not Phase.OVER else []
        scene.show_offers(offers(state, actions))
        self.hints = hand_hints(state, actions)
        self._show_prompt(state, seen)
        undo_reason = self.session.undo_refusal()
        scene.undo_button.setEnabled(undo_reason is None)
        scene.undo_button.setToolTip(undo_reason or "Take back the last step")
        active = state.active_fighter
        # End Turn stays pressable where the fight allows it: a lesson that wants something else refuses it when it
        # is pressed, in its own words, as any refused move is (a greyed button would not say why).
        can_end = active is not None and not self.blocked and RT0.refusal(state, EndTurn(active.id)) is None
        scene.end_turn.setEnabled(can_end)
        scene.end_turn.update()
        scene.undo_button.update()
        if state.phase is Phase.OVER:
            scene.result.set_label(f"{(state.result or 'over').capitalize()}! Press Enter to leave the table")
            scene.result.setVisible(True)
            scene.say(f"The fight is over: {state.result}.")
        elif scene.curtain.isVisible() and self.hidden_decision(state):
            scene.say(f"Waiting for {self._who(state)}: a private choice only they should see.")
        elif scene.curtain.isVisible() and active is not None:
            scene.say(f"Waiting for {active.name}: only they should see the hand.")
        elif state.pending is None and active is not None:
            self._say_turn(state.round, active.name)
        self.light_hand()
        for view in scene.views():
            describe(view, scene)

    def light_hand(self) -> None:
        """Mark the hand: with a bin pointed at or selected, the cards it takes (a star on those that would make it
        fire) and the rest dimmed; else every card some bin takes. Nothing while a card is picked up."""
        hints = self.hints
        focus = self.pointed_bin or self.selected
        quiet = self.pick is not None or self.blocked or self.state.pending is not None or bool(self.menu)
        takes = hints.takes.get(focus, frozenset())
        fires = hints.completes.get(focus, frozenset())
        playable = hints.playable
        for item in self.scene.hand_items:
            card = item.card
            if quiet:
                item.set_hints(False, False, False, False)
            elif focus:
                item.set_hints(False, card in takes, card in fires, card not in takes)
            else:
                item.set_hints(card in playable, False, False, False)

    def bin_pointed(self, ability: str, on: bool) -> None:
        if on:
            self.pointed_bin = ability
        elif self.pointed_bin == ability:
            self.pointed_bin = ""
        self.light_hand()

    def _say_turn(self, round_number: int, name: str) -> None:
        """Whose turn and the keys for it; the first time A or N offers something, what it does instead."""
        found = self.scene.offers
        taught = self.settings.taught
        lesson = first_time_lines(found, taught, name)
        if lesson is not None:
            taught.add(lesson[0])
            self.scene.status.say_fitting(lesson[1])
            return
        self.scene.status.say_fitting(turn_lines(round_number, name, found))

    def show_keys(self) -> None:
        """F1 or ?: every key of the table over it, A and N with what they offer now."""
        self.zoom.cancel()
        self.scene.viewer.open(HELP_TITLE, [], key_lines(offers(self.state)), False)

    def _who(self, state: CombatState) -> str:
        pending = state.pending
        if pending is None:
            return ""
        return self.gm_label if pending.actor == GM else state.name_of(pending.actor)

    def _show_prompt(self, state: CombatState, seen: CombatState) -> None:
        pending = seen.pending
        if pending is None:
            if not self.menu:
                self.scene.prompt.ask(None, "")
            self._mark_focused_option()
            return
        self.menu = []
        hidden = _options_hidden(pending.options)
        self.scene.prompt.ask(pending, self._who(state), hidden, self._decision_note(state))
        self._mark_focused_option()
        if not hidden:
            self.scene.say(f"Choose with {self.scene.prompt.focus_keys} and Enter, a number key, or a click.")

    def _hot_seat_players(self, state: CombatState) -> bool:
        """More than one person shares the screen, so a player's secrets need the curtain."""
        people = [f for f in state.fighters if f.kind is FighterKind.PLAYER]
        return self.settings.hot_seat and len(people) > 1

    def _curtained(self, state: CombatState) -> bool:
        """Different people take the screen in turn: between players in hot-seat, and for the GM's secret choices
        (in solo play the stand-in answers those, and whatever it leaves to the player is shown)."""
        pending = state.pending
        gm_secret = pending is not None and pending.actor == GM and pending.private
        return self._hot_seat_players(state) or (self.settings.hot_seat and gm_secret)

    def lifted_seat(self, state: CombatState) -> Seat:
        """Who is at the screen once the curtain is up: whoever it was last lifted for, or everyone when one
        person runs the whole table."""
        return self.revealed_for if self._curtained(state) else OMNISCIENT

    def screen_seat(self, state: CombatState) -> Seat:
        """The seat whose view the table draws: nobody's while a secret choice waits behind the curtain (whoever
        took the screen may be anyone), else whoever lifted it last (the turn's curtain covers another's hand)."""
        return NOBODY if self.hidden_decision(state) else self.lifted_seat(state)

    def seen(self, state: CombatState) -> CombatState:
        """The fight as the seat at the screen may see it: the one source of the hand and options drawn."""
        return RT0.observe(state, self.screen_seat(state))

    def hidden_decision(self, state: CombatState) -> bool:
        """A private decision the curtain has not been lifted for: its options stay off the table.

        In hot-seat the GM's private choices are curtained too (whoever plays the GM lifts it, the players look
        away); in solo play the stand-in answers them, and whatever it leaves to the player is shown.
        """
        pending = RT0.observe(state, self.lifted_seat(state)).pending
        return pending is not None and _options_hidden(pending.options)

    def _decision_note(self, state: CombatState) -> str:
        pending = state.pending
        if pending is None:
            return ""
        if pending.actor == GM:
            if pending.private and self.settings.hot_seat:
                return "GM's choice, and a secret one: players, look away until it is made."
            return "GM's choice" + (": the players do not decide this" if self.settings.hot_seat else "")
        if pending.private and self._hot_seat_players(state):
            return f"Private: only {state.name_of(pending.actor)} should see these options."
        return ""

    def _mark_focused_option(self) -> None:
        pending = self.state.pending
        names: set[str] = set()
        zones: set[tuple[int, int]] = set()
        prompt = self.scene.prompt
        if pending is not None and prompt.isVisible() and not prompt.hidden and not prompt.menu and prompt.buttons:
            option = pending.options[min(prompt.focus, len(pending.options) - 1)]
            if isinstance(option.value, ZoneTarget):
                zones.add(option.value.zone)
            figure = figure_of(option)
            if figure is not None:
                names.add(figure)
        self.scene.mark_targets(names, zones)
        self.scene.grid.set_offered(set(self.zone_options()))

    def zone_options(self) -> dict[tuple[int, int], int]:
        """The zones a decision on the table offers to move to, each with its option's index; none while the
        options are hidden or being replayed past."""
        pending = self.state.pending
        prompt = self.scene.prompt
        if pending is None or self.blocked or prompt.hidden or prompt.menu or not prompt.isVisible():
            return {}
        return {o.value.zone: i for i, o in enumerate(pending.options) if isinstance(o.value, ZoneTarget)}

    def _show_curtain(self, state: CombatState) -> None:
        active = state.active_fighter
        wanted = (  # the turn has passed to someone who has not taken the screen yet
            self._hot_seat_players(state)
            and active is not None
            and active.id != self.revealed_for
            and state.phase is not Phase.OVER
        )
        pending = state.pending
        if pending is not None and self.hidden_decision(state):
            gm = pending.actor == GM
            line = f"Secret choice for {self.gm_label}: players, look away" if gm else ""
            self.scene.curtain.close_for(self._who(state), line)
        elif wanted and active is not None:
            self.scene.curtain.close_for(active.name)
        else:
            self.scene.curtain.setVisible(False)

    def reveal(self) -> None:
        state = self.state
        active = state.active_fighter
        if state.pending is not None and self.hidden_decision(state):
            self.revealed_for = state.pending.actor
        else:
            self.revealed_for = active.id if active is not None else ""
        self.show(state)

    @property
    def blocked(self) -> bool:
        """Play waits while the adversaries' turn is shown, behind the curtain and once the fight is over."""
        return self.replayer.running or self.scene.curtain.isVisible() or self.state.phase is Phase.OVER

    # --- after every step ------------------------------------------------------------------------

    def _changed(self, events: list[Event]) -> None:
        self._drop_pick()
        self.zoom.cancel()
        self.menu = []
        self.selected = ""
        if not events:
            self.flight = None
            self.scene.land_all()
            self.scene.log.add([UNDONE])
            self._announce(UNDONE)
            self.show(self.state)
            return
        self._note_moves(events)
        paced = any(isinstance(e, (IntentCarriedOut, RoundStarted, CatastropheStruck)) for e in events)
        self.replayer.start(self.session.before, self.state, events, self.settings.replay_step_ms if paced else 0)

    def _replay_step(self, display: CombatState, lines: list[str], acting: str) -> None:
        self.scene.log.add(lines)
        self._announce(" ".join(lines))
        if self.replayer.running:
            self.scene.say("The adversaries act… (Space to skip)")
            self.show(display, acting)

    def _moment(self, event: Event) -> None:
        """A Catastrophe, a blow, Shield soaking it, a new round: seen on the table as it is shown."""
        for moment in moments_of(self.session.state, event):
            self.scene.show_moment(moment, moment_ms(self.settings.replay_step_ms), self.settings.animations)

    def _replay_done(self) -> None:
        self.show(self.state)
        flight, self.flight = self.flight, None
        if flight is None:
            return
        if self.viewed_id == flight.fighter:  # the same hand is on the table: its cards move from where they were
            moves, starts, hand = flight.moves, flight.starts, flight.hand
        else:  # another fighter's hand now: only what comes from the piles, which lie where they lay
            moves = [m for m in card_moves(flight.events, self.viewed_id) if m.source in (DECK, DISCARD)]
            starts, hand = self.scene.spots(moves), {}
        hidden = set(self.state.fighter(self.viewed_id).face_down)
        self.scene.fly(moves, starts, hand, self.settings.flight_ms, hidden)

    def _note_moves(self, events: list[Event]) -> None:
        """Read which of the shown fighter's cards this step moved, and where they are on the table now."""
        if self.settings.flight_ms <= 0 or not self.viewed_id:
            self.flight = None
            return
        moves = card_moves(events, self.viewed_id)
        if self.flight is not None:  # a step that joins a replay under way: its cards fly with the first's
            earlier = self.flight
            events = [*earlier.events, *events]
            moves = card_moves(events, earlier.fighter)
            self.flight = Flight(
                earlier.fighter, events, moves, {**self.scene.spots(moves), **earlier.starts}, earlier.hand
            )
            return
        self.scene.land_all()
        self.flight = Flight(self.viewed_id, list(events), moves, self.scene.spots(moves), self.scene.hand_spots())

    def _refused(self, reason: str, action: Action | None) -> None:
        if isinstance(action, PlayCard) and action.ability in self.scene.bins:
            self.scene.bins[action.ability].show_refusal(reason, self.settings.refusal_ms)
        self.scene.say(reason, alarm=True)
        self._announce(reason, urgent=True)

    def _announce(self, text: str, urgent: bool = False) -> None:
        """Log lines and refusals, said to a screen reader as they come."""
        for view in self.scene.views():
            describe(view, self.scene)
            announce(view, text, urgent)

    # --- actions -------------------------------------------------------------------------------

    def play(self, ability: str) -> bool:
        pick = self.pick
        if pick is None:
            return False
        card_item = next((i for i in self.scene.hand_items if i.card == pick.card), None)
        if self.session.submit(pick.action(ability)):
            return True
        if card_item is not None:
            card_item.go_home(self.settings.return_ms)
        self._drop_pick()
        return False

    def end_turn(self) -> None:
        active = self.state.active_fighter
        if self.blocked:
            return
        if active is None:
            self.scene.say("No one is taking a turn right now.", alarm=True)
            return
        self.session.submit(EndTurn(active.id))

    def choose(self, index: int) -> None:
        """An option of the panel: the decision's, or the open menu's."""
        if self.blocked:
            return
        if self.menu:
            if 0 <= index < len(self.menu):
                self.session.submit(self.menu[index].action)
            return
        self.session.submit(Choose(index))

    # --- at will: activations and abilities brought in ---------------------------------------------

    def activate(self, ability: str, index: int) -> None:
        """A chip on a bin: the activation it stands for, straight through the Session."""
        if self.blocked or self.state.pending is not None:
            return
        active = self.state.active_fighter
        action = Activate(active.id, ability, index) if active is not None else None
        if action is not None and any(o.action == action for o in offers(self.state).for_ability(ability)):
            self.session.submit(action)

    def open_activations(self, ability: str = "") -> None:
        """The menu of what one ability (or, with none named, every ability) offers at will now."""
        if self.blocked or self.state.pending is not None:
            return
        found = offers(self.state)
        chosen = (
            found.for_ability(ability)
            if ability
            else [
                Offer(o.action, o.label, ABILITIES[a].name) for a, listed in found.activations.items() for o in listed
            ]
        )
        if not chosen:
            rule = ABILITIES[ability] if ability else None
            line = f"{rule.name}: {rule.summary}" if rule else "Nothing to do at will right now."
            if rule is not None and not rule.passive:
                line = f"{rule.name} offers nothing at will right now."
            self.scene.say(line)
            return
        title = f"{ABILITIES[ability].name}: do what?" if ability else "Do what, at will?"
        self._open_menu(title, chosen)

    def open_additions(self) -> None:
        """The menu of Arcana Abilities still to bring into the fight, each with its rule."""
        if self.blocked or self.state.pending is not None:
            return
        found = offers(self.state).additions
        if not found:
            self.scene.say("No Arcana Ability left to bring in.", alarm=True)
            return
        active = self.state.active_fighter
        note = ""
        if active is not None and active.corruption_gained:
            note = f"{active.name} has taken {active.corruption_gained} Corruption in this fight so far."
        self._open_menu(f"Bring in an Arcana Ability for {ADD_COST} Corruption — its bin joins the table", found, note)

    def open_items(self) -> None:
        """The menu of every use the viewed fighter's items offer now (key I)."""
        if self.blocked or self.state.pending is not None:
            return
        chosen = item_offers(self)
        if not chosen:
            self.scene.say("No item to use right now.")
            return
        self._open_menu("Use an item", chosen)

    def open_menu(self, title: str, chosen: list[Offer]) -> None:
        """A menu of offers (an item dropped on the table with several uses)."""
        self._open_menu(title, chosen)

    def _open_menu(self, title: str, chosen: list[Offer], note: str = "") -> None:
        self._drop_pick()
        self.menu = chosen
        self.scene.prompt.open_menu(title, [Entry(o.label, o.detail) for o in chosen], note)
        self.scene.say(f"Pick with a number, {self.scene.prompt.focus_keys} and Enter, or a click; Esc closes.")

    def close_menu(self) -> None:
        if self.menu:
            self.menu = []
            self.scene.prompt.ask(None, "")
            self.show(self.state)

    def undo(self) -> None:
        if self.replayer.running:
            return
        if self.scene.curtain.isVisible():
            # Whoever took the screen may not be whose turn the undo brings back: that player lifts the curtain.
            self.revealed_for = ""
        self.session.undo()

    def open_pile(self, which: str) -> None:
        from rt0table.desktop.table.piles import deck_makeup, discard_listing

        viewed = self.scene.viewed
        if viewed is None or self.scene.curtain.isVisible():
            return
        pile = self.state.piles[viewed.pile]
        if which == "deck":
            self.scene.viewer.open(
                f"{viewed.name}'s deck: {len(pile.draw)} cards (order hidden)", [], deck_makeup(pile.draw), False
            )
        else:
            self.scene.viewer.open(
                f"{viewed.name}'s discard: {len(pile.discard)} cards, newest first",
                pile.discard,
                discard_listing(pile.discard),
                True,
            )

    # --- picking a card up: drag, click or number key --------------------------------------------

    def pick_up(self, card_item: CardItem) -> CardPick:
        """Ask the rules in force once where this card may go, and light those bins."""
        state, rules = self.state, self.session.rules
        self.pick = CardPick.begin(state, card_item.card, rules.legal_actions(state), partial(rules.refusal, state))
        self.selected = ""
        if self.menu:
            self.close_menu()
        for item in self.scene.hand_items:
            item.picked = item is card_item
            item.update()
        for ability, holder in self.scene.bins.items():
            holder.set_selected(False)
            holder.set_glow(Glow.LEGAL if ability in self.pick.legal else Glow.DIM)
        self.light_hand()
        name = ABILITIES
        if self.pick.legal:
            self.scene.say(f"Legal: {', '.join(name[a].name for a in self.scene.bins if a in self.pick.legal)}")
        else:
            self.scene.say("No bin takes this card now.", alarm=True)
        return self.pick

    def aim(self, ability: str | None) -> None:
        pick = self.pick
        if pick is None or ability == pick.target:
            return
        old = pick.target
        line = pick.aim(ability)
        for key in (old, ability):
            if key is not None and key in self.scene.bins:
                legal = key in pick.legal
                target = key == ability and legal
                self.scene.bins[key].set_glow(Glow.TARGET if target else Glow.LEGAL if legal else Glow.DIM)
        if line:
            self.scene.say(line, alarm=ability not in pick.legal)

    def _drop_pick(self) -> None:
        self.pick = None
        self.dragging = None
        for item in self.scene.hand_items:
            if item.picked:
                item.picked = False
                item.update()
        for holder in self.scene.bin_items():
            holder.set_glow(Glow.NORMAL)
        self.light_hand()

    # --- pointer ---------------------------------------------------------------------------------

    def press(self, event: QGraphicsSceneMouseEvent) -> bool:
        if event.button() is Qt.MouseButton.LeftButton:
            shown = self.scene.card_under(event.scenePos(), self.hand_private())
            if shown is not None:
                self.zoom.press(shown, event.screenPos())  # held long enough, it shows large
        if event.button() is not Qt.MouseButton.LeftButton or self.blocked or self.scene.viewer.isVisible():
            return False
        if self.state.pending is not None:
            return self._press_grid(event.scenePos())
        card = next((i for i in self.scene.items(event.scenePos()) if isinstance(i, CardItem)), None)
        if card is None or card not in self.scene.hand_items:
            return self.item_drag.press(event)
        self.pressed_card, self.press_at = card, event.scenePos()
        self.grab = event.scenePos() - card.pos()
        return True

    def _press_grid(self, at: QPointF) -> bool:
        """A press on the zone grid while a move is offered: on a lit zone (a click there moves), or on the
        mover's own token (a drag to a lit zone moves)."""
        offered = self.zone_options()
        pending = self.state.pending
        zone = self.scene.grid.zone_at(at)
        if not offered or pending is None or zone is None:
            return False
        token = self.scene.grid.token_rects().get(pending.actor)
        if token is not None and self.scene.grid.mapRectToScene(token).contains(at):
            self.carrying, self.zone_press = pending.actor, zone
            return True
        if zone in offered:
            self.zone_press = zone
            return True
        return False

    def _move_grid(self, at: QPointF) -> None:
        grid = self.scene.grid
        grid.carry(self.carrying, at)
        zone = grid.zone_at(at)
        self.scene.mark_targets(set(), {zone} if zone in self.zone_options() else set())

    def _release_grid(self, at: QPointF) -> bool:
        pressed, carried = self.zone_press, self.carrying
        self.zone_press, self.carrying = None, ""
        self.scene.grid.carry("", None)
        zone = self.scene.grid.zone_at(at)
        offered = self.zone_options()
        if zone in offered and (carried or zone == pressed):
            self.choose(offered[zone])
        else:
            self._mark_focused_option()
            if carried:
                self.scene.say("Drop the figure on a lit zone to move there.")
        return True

    def move(self, event: QGraphicsSceneMouseEvent) -> bool:
        if self.carrying:
            self._move_grid(event.scenePos())
            return True
        if self.zone_press is not None:
            return True
        if self.item_drag.move(event):
            return True
        card = self.pressed_card
        if card is None or self.press_at is None:
            self._hover(event)
            return False
        if self.dragging is None:
            if (event.scenePos() - self.press_at).manhattanLength() < QApplication.startDragDistance():
                return True
            self.zoom.cancel()  # lifting a card never shows it large
            card.animation.stop()  # a card still gliding into the hand stops where the pointer took it
            self.pick_up(card)
            self.dragging = card
            card.setZValue(self.scene.drag_z)
        card.setPos(event.scenePos() - self.grab)
        self.aim(bin_at(event.scenePos(), self.scene.bin_rects()))
        return True

    def release(self, event: QGraphicsSceneMouseEvent) -> bool:
        self.zoom.release()
        if self.zone_press is not None:
            return self._release_grid(event.scenePos())
        if self.item_drag.release(event):
            return True
        card = self.pressed_card
        if card is None:
            return False
        self.pressed_card, self.press_at = None, None
        if self.dragging is None:  # a click: pick the card (or put it back down)
            if self.pick is not None and self.pick.card == card.card:
                self._drop_pick()
                self.show(self.state)
            else:
                self.pick_up(card)
            return True
        ability = bin_at(event.scenePos(), self.scene.bin_rects())
        if ability is None:
            card.setZValue(10 + card.index)
            card.go_home(self.settings.return_ms)
            self._drop_pick()
            self.scene.say("Dropped on no bin: the card goes back to the hand.")
            return True
        card.setZValue(10 + card.index)
        self.play(ability)
        return True

    # --- the large card ---------------------------------------------------------------------------------

    def hand_private(self) -> bool:
        """The hand on the table is hidden from the seat at the screen (its owner has not lifted the curtain)."""
        return _hand_hidden(self.seen(self.state).fighter(self.viewed_id))

    def _hover(self, event: QGraphicsSceneMouseEvent) -> None:
        shown = self.scene.card_under(event.scenePos(), self.hand_private())
        if shown is None:
            self.zoom.leave()
        else:
            self.zoom.hover(shown, event.screenPos())

    def pointer_left(self) -> None:
        """The pointer left the table: no card is under it."""
        self.zoom.leave()

    def zoom_key(self) -> None:
        """Z: the picked card large; else the card under the pointer; else the newest face-up card of the
        selected bin."""
        view = self.scene.views()[0] if self.scene.views() else None
        private = self.hand_private()
        card: CardId | None = None
        where = QRectF()
        item = self.scene.hand_item(self.pick.card) if self.pick is not None and not private else None
        if item is not None and item.isVisible():
            card, where = item.card, item.sceneBoundingRect()
        if card is None and view is not None:
            pointer = view.mapToScene(view.viewport().mapFromGlobal(QCursor.pos()))
            if view.viewport().rect().contains(view.viewport().mapFromGlobal(QCursor.pos())):
                card = self.scene.card_under(pointer, private)
                where = QRectF(pointer, pointer)
        holder = self.scene.bins.get(self.selected)
        if card is None and holder is not None:
            shown = [c for c in holder.cards if c not in holder.face_down]
            if shown:
                card = shown[-1]
                where = holder.card_spot(card) or holder.sceneBoundingRect()
        if card is None:
            self.scene.say("Z shows a card large: pick one with its number, point at it, or select a bin first.")
            return
        spot = QPoint(0, 0)
        if view is not None:
            spot = view.viewport().mapToGlobal(view.mapFromScene(QPointF(where.right(), where.center().y())))
        self._line_before_zoom = (self.scene.status.text, self.scene.status.alarm)
        self.zoom.show_now(card, spot)
        self.scene.say("Z or Esc closes the large card.")

    def bin_clicked(self, ability: str) -> None:
        if self.blocked:
            return
        if self.pick is None:
            self.select(ability)
            return
        self.play(ability)

    def figure_clicked(self, who: str) -> None:
        """During a decision, clicking a figure picks the option that names it (whom to hit)."""
        pending = self.state.pending
        if pending is None or self.blocked:
            return
        for index, option in enumerate(pending.options):
            if figure_of(option) == who:
                self.choose(index)
                return

    # --- keys ------------------------------------------------------------------------------------

    def key(self, event: QKeyEvent) -> bool:
        key, mods = event.key(), event.modifiers()
        ctrl = bool(mods & Qt.KeyboardModifier.ControlModifier)
        if self.zoom.view.isVisible() and key in (Qt.Key.Key_Z, Qt.Key.Key_Escape) and not ctrl:
            self.zoom.cancel()
            if self._line_before_zoom is not None:  # the status line says again what it said before the Z
                self.scene.say(*self._line_before_zoom)
                self._line_before_zoom = None
            return True
        if self.scene.viewer.isVisible():
            self.scene.viewer.setVisible(False)
            return True
        if self.scene.curtain.isVisible():  # behind the curtain every key but its own does nothing
            if self.scene.curtain.lifted_by(event):
                self.reveal()
            return key != Qt.Key.Key_Escape  # Esc goes on to the game menu, which shows nothing private
        if key in (Qt.Key.Key_F1, Qt.Key.Key_Question):
            self.show_keys()
            return True
        if self.replayer.running:
            if key in (*ENTER, Qt.Key.Key_Space, Qt.Key.Key_Escape):
                self.replayer.skip()
            return True
        if ctrl and key == Qt.Key.Key_Z:
            self.undo()
            return True
        if key == Qt.Key.Key_Z:
            self.zoom_key()
            return True
        if self.state.phase is Phase.OVER:
            if key in ENTER:
                self.closed.emit()
            return key != Qt.Key.Key_Escape
        if (ctrl and key in ENTER) or (key == Qt.Key.Key_E and not ctrl):
            self.end_turn()
            return True
        if self.state.pending is not None:
            return self._decision_key(key)
        if self.menu:
            if key == Qt.Key.Key_Escape:
                self.close_menu()
                return True
            return self._decision_key(key)
        return self._play_key(key)

    def _decision_key(self, key: int) -> bool:
        """Keys over the panel's options, a decision's or a menu's alike."""
        prompt = self.scene.prompt
        if key in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
            prompt.move_focus(-1 if key == Qt.Key.Key_Backtab else 1)
        elif key in ARROWS:
            prompt.move_focus_grid(*ARROWS[Qt.Key(key)])
        elif key in PAGES:
            prompt.turn_page(PAGES[Qt.Key(key)])
        elif key in ENTER:
            if prompt.buttons:
                self.choose(prompt.focus)
        elif Qt.Key.Key_1 <= key <= Qt.Key.Key_9 and key - Qt.Key.Key_1 < len(prompt.buttons):
            self.choose(key - Qt.Key.Key_1)
        else:
            return False
        self._mark_focused_option()
        return True

    def select(self, ability: str) -> None:
        """A bin picked by its letter (or a click) with no card in hand: its rule, and A for its actions."""
        self.selected = "" if self.selected == ability else ability
        for item in self.scene.bin_items():
            item.set_selected(item.ability_id == self.selected)
        rule = ABILITIES[ability]
        count = len(offers(self.state).for_ability(ability))
        more = f" — press A for {'its action' if count == 1 else f'its {count} actions'}" if count else ""
        self.scene.say(f"{rule.name}: {rule.summary}{more}{self._takes_line(ability)}")
        self.light_hand()

    def _takes_line(self, ability: str) -> str:
        """What the hand holds for a bin, in words: how many cards it takes, and how many would make it fire."""
        if not self.selected:
            return ""
        takes = len(self.hints.takes.get(ability, ()))
        fires = len(self.hints.completes.get(ability, ()))
        if not takes:
            return " — no card of the hand goes here now."
        cards = "1 card" if takes == 1 else f"{takes} cards"
        star = f"; ★ {fires} would make it fire" if fires else ""
        return f" — it takes {cards} of the hand{star}."

    def _play_key(self, key: int) -> bool:
        hand = self.scene.hand_items
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_9:
            index = key - Qt.Key.Key_1
            if index < len(hand):
                if self.pick is not None and self.pick.card == hand[index].card:
                    self._drop_pick()
                    self.show(self.state)
                else:
                    self._drop_pick()
                    self.pick_up(hand[index])
            return True
        if key == Qt.Key.Key_Escape:
            if self.pick is None and not self.selected:
                return False  # nothing to put down: Esc goes on to the game menu
            self._drop_pick()
            self.selected = ""
            self.show(self.state)
            return True
        if key == Qt.Key.Key_A:
            self.open_activations(self.selected)
            return True
        if key == Qt.Key.Key_I:
            self.open_items()
            return True
        if key in (Qt.Key.Key_N, Qt.Key.Key_Plus):
            self.open_additions()
            return True
        if key in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab) and self.pick is not None:
            self.aim(self.pick.cycle(list(self.scene.bins), -1 if key == Qt.Key.Key_Backtab else 1))
            return True
        if key in ENTER:
            if self.pick is None:
                self.scene.say("Pick a card first: press its number.", alarm=True)
            elif self.pick.target is None:
                self.scene.say("Now choose a bin: press its letter, or Tab.", alarm=True)
            else:
                self.play(self.pick.target)
            return True
        letter = chr(key) if Qt.Key.Key_A <= key <= Qt.Key.Key_Z else ""
        target = next((a for a, item in self.scene.bins.items() if item.letter == letter), None)
        if target is not None:
            if self.pick is None:
                self.bin_clicked(target)
            else:
                self.aim(target)
            return True
        return False


def _options_hidden(options: tuple[Option, ...]) -> bool:
    """The observer left these options unreadable: the decision is another seat's to see."""
    return any(isinstance(option.value, HiddenTarget) for option in options)


def _hand_hidden(fighter: Fighter) -> bool:
    """The observer left this hand unreadable (an empty hand hides nothing)."""
    return HIDDEN_CARD in fighter.hand
