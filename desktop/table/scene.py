"""The table scene: every item, laid out from the view's size and redrawn from a state snapshot.

The scene draws; ``TableController`` (controller.py) decides what a press, a drag or a key means.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from PySide6.QtCore import QPointF, QRectF, Signal
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QGraphicsSceneMouseEvent

from rt0table.desktop.table.bin_layout import arrange, grouped, letters_for, passive_abilities, shown_abilities
from rt0table.desktop.table.bins import AbilityBinItem, GroupHeaderItem
from rt0table.desktop.table.card_item import CardItem, CardMarks
from rt0table.desktop.table.controls import ButtonItem, CurtainItem, StatusLineItem
from rt0table.desktop.table.foes import AdversaryItem, IntentItem
from rt0table.desktop.table.layout import TableLayout, table_layout
from rt0table.desktop.table.log import CombatLogItem
from rt0table.desktop.table.moments import Moment, MomentItem
from rt0table.desktop.table.motion import DECK, DISCARD, HAND, CardMove, FlyingCard
from rt0table.desktop.table.offers import NONE, Offers
from rt0table.desktop.table.outlook import hidden_line, outlook_line, outlook_odds
from rt0table.desktop.table.paint import FELT, LEGAL
from rt0table.desktop.table.party_strip import FighterBadgeItem
from rt0table.desktop.table.passives import PassiveBadgeItem, carried, item_note, place_badges
from rt0table.desktop.table.piles import PileItem, PileViewItem
from rt0table.desktop.table.prompt import PromptPanelItem
from rt0table.desktop.table.room import ZoneGridItem
from rt0table.desktop.table.settings import TableSettings
from rt0table.rules.rt0.abilities import ABILITIES
from rt0table.rules.rt0.cards import CardId
from rt0table.rules.rt0.fight.forecast import forecast_round
from rt0table.rules.rt0.fight.state import CombatState, Fighter, Phase
from rt0table.rules.rt0.fight.zones import Zone

T = TypeVar("T", bound=QGraphicsItem)
CardShower = CardItem | AbilityBinItem | IntentItem | PileItem | PileViewItem  # items that can say which card is where


def feeders(state: CombatState, fighter: Fighter, ability: str) -> list[str]:
    """The fighter's abilities that put cards on this one: those that bring it along (Kitchen Sink brings Unlikely
    Helmet) and those whose spent cards it catches (Origami Folding catches Concentrate's)."""
    rule = ABILITIES[ability]
    sample = fighter.hand[0] if fighter.hand else 0
    return [
        a
        for a in fighter.abilities
        if a != ability and (ability in ABILITIES[a].companions or rule.catches(state, fighter, a, sample))
    ]


class PointerHandler(Protocol):
    """Who gets first say over a press, move or release; True means it took the event."""

    def press(self, event: QGraphicsSceneMouseEvent) -> bool: ...

    def move(self, event: QGraphicsSceneMouseEvent) -> bool: ...

    def release(self, event: QGraphicsSceneMouseEvent) -> bool: ...


class TableScene(QGraphicsScene):
    """All the table's items. ``render_state`` shows a snapshot; ``relayout`` fits a new size."""

    bin_clicked = Signal(str)  # ability id
    bin_activated = Signal(str, int)  # ability id, activation index: a chip on a bin was pressed
    passive_clicked = Signal(str)  # ability id of a standing-rule badge
    hint = Signal(str)  # a line for the status bar (hovering a chip or a badge)
    figure_clicked = Signal(str)  # fighter or adversary id
    bin_pointed = Signal(str, bool)  # ability id; the pointer came onto its bin (True) or left it

    def __init__(self, settings: TableSettings) -> None:
        super().__init__()
        self.settings = settings
        self.setBackgroundBrush(FELT)
        self.layout_now: TableLayout = table_layout(1280, 800, settings.ui_scale)
        self.state: CombatState | None = None
        self.viewed: Fighter | None = None  # whose hand, piles and bins are on the table
        self.party: dict[str, FighterBadgeItem] = {}
        self.foes: dict[str, AdversaryItem] = {}
        self.bins: dict[str, AbilityBinItem] = {}
        self.headers: list[GroupHeaderItem] = []
        self.passives: dict[str, PassiveBadgeItem] = {}
        self.offers: Offers = NONE
        self.hand_items: list[CardItem] = []
        self.hand_hidden = False  # the viewed hand is not the screen's to see: none of it is drawn
        self.deck = self._add(PileItem("deck"))
        self.discard = self._add(PileItem("discard"))
        self.grid = self._add(ZoneGridItem())
        self.log = self._add(CombatLogItem())
        self.status = self._add(StatusLineItem())
        self.hand_label = self._add(StatusLineItem())
        self.end_turn = self._add(ButtonItem("End Turn (E)", LEGAL))
        self.undo_button = self._add(ButtonItem("Undo (Ctrl+Z)"))
        self.add_button = self._add(ButtonItem("+ Add ability, 1 Corruption (N)", LEGAL))
        self.add_button.setToolTip("Bring one more of your Arcana Abilities into this fight for 1 Corruption")
        self.add_button.setVisible(False)
        self.prompt = self._add(PromptPanelItem())
        self.curtain = self._add(CurtainItem())
        self.result = self._add(ButtonItem("", LEGAL))
        self.result.setZValue(30)
        self.result.setVisible(False)
        self.viewer = self._add(PileViewItem())
        self.drag_z = 60.0  # above everything while a card is dragged
        self.flights: list[FlyingCard] = []  # cards gliding to a bin or a pile after a step
        self.moments: list[MomentItem] = []  # banners and floating numbers on show now
        self.pointer: PointerHandler | None = None

    def _add(self, item: T) -> T:
        self.addItem(item)
        return item

    # --- layout ------------------------------------------------------------------------------

    def relayout(self, width: float, height: float) -> None:
        self.land_all()
        self.setSceneRect(QRectF(0, 0, width, height))
        empty = not self.discard.cards
        lay = self.layout_now = table_layout(width, height, self.settings.ui_scale, empty_discard=empty)
        u = lay.unit
        self.deck.place(lay.deck, u)
        self.discard.place(lay.discard, u)
        self.grid.place(lay.grid, u)
        self._place_log_and_add()
        self.status.place(lay.status, u)
        self.hand_label.place(QRectF(lay.hand.x(), lay.hand.y(), lay.hand.width(), u * 1.5), u)
        half = (lay.buttons.height() - u * 0.6) / 2
        self.end_turn.place(QRectF(lay.buttons.x(), lay.buttons.bottom() - half, lay.buttons.width(), half), u)
        self.undo_button.place(QRectF(lay.buttons.x(), lay.buttons.y(), lay.buttons.width(), half), u)
        self.prompt.place(lay.bins, u)
        self.curtain.place(QRectF(lay.deck.x(), lay.hand.y(), lay.discard.right() - lay.deck.x(), lay.hand.height()), u)
        self.result.place(
            QRectF(
                lay.bins.center().x() - lay.bins.width() * 0.3,
                lay.bins.center().y() - u * 2.5,
                lay.bins.width() * 0.6,
                u * 5,
            ),
            u,
        )
        self.viewer.place(QRectF(0, 0, width, height), u)
        self._place_figures()
        self._place_bins()
        self._place_passives()
        self._place_hand()

    def _place_figures(self) -> None:
        lay, u = self.layout_now, self.layout_now.unit
        gap = u * 0.5
        count = max(1, len(self.party))
        height = min(u * 5.5, (lay.party.height() - gap * (count - 1)) / count)
        for i, badge in enumerate(self.party.values()):
            badge.place(QRectF(lay.party.x(), lay.party.y() + i * (height + gap), lay.party.width(), height), u)
        count = max(1, len(self.foes))
        width = min(lay.adversaries.width() * 0.6, (lay.adversaries.width() - gap * (count - 1)) / count)
        for i, foe in enumerate(self.foes.values()):
            foe.place(
                QRectF(lay.adversaries.x() + i * (width + gap), lay.adversaries.y(), width, lay.adversaries.height()), u
            )

    @property
    def header_height(self) -> float:
        return self.layout_now.unit * 1.5

    def _place_bins(self) -> None:
        lay, u = self.layout_now, self.layout_now.unit
        groups = grouped(list(self.bins))
        arrangement = arrange(lay.bins, groups, u, self.header_height)
        for ability, item in self.bins.items():
            item.place(arrangement.rects[ability], u)
        for header, (name, rect) in zip(self.headers, arrangement.headers, strict=False):
            header.place(rect, u)
            header.name = name

    def _place_log_and_add(self) -> None:
        """The Add button, when there is something to add, sits over Undo and End Turn and the log gives way."""
        lay, u = self.layout_now, self.layout_now.unit
        pad = u * 0.6
        button_h = (lay.buttons.height() - pad) / 2
        log = QRectF(lay.log)
        if self.add_button.isVisible():
            log.setBottom(log.bottom() - button_h - pad)
            self.add_button.place(QRectF(log.x(), log.bottom() + pad, log.width(), button_h), u)
        self.log.place(log, u)

    def place_passives(self) -> None:
        """Put the badges back on their line (after one was dragged away)."""
        self._place_passives()

    def _place_passives(self) -> None:
        lay, u = self.layout_now, self.layout_now.unit
        strip = QRectF(lay.hand.x() + lay.hand.width() * 0.4, lay.hand.y() + u * 0.1, lay.hand.width() * 0.6, u * 1.3)
        place_badges(list(self.passives.values()), strip, u)

    def _place_hand(self) -> None:
        lay, u = self.layout_now, self.layout_now.unit
        area = lay.hand
        count = len(self.hand_items)
        card_w, card_h = lay.card_width, lay.card_height
        gap = u * 0.5
        total = count * card_w + (count - 1) * gap
        step = card_w + gap if total <= area.width() else (area.width() - card_w) / max(1, count - 1)
        start = area.x() + max(0.0, (area.width() - (count - 1) * step - card_w) / 2)
        for i, item in enumerate(self.hand_items):
            item.prepareGeometryChange()
            item.marks.prepareGeometryChange()
            item.width, item.height = card_w, card_h
            item.setZValue(10 + i)
            item.set_home(QPointF(start + i * step, area.bottom() - card_h))

    def bin_items(self) -> list[AbilityBinItem]:
        return list(self.bins.values())

    def bin_rects(self) -> dict[str, QRectF]:
        return {ability: item.sceneBoundingRect() for ability, item in self.bins.items()}

    # --- drawing a snapshot ------------------------------------------------------------------

    def render_state(self, state: CombatState, viewed: Fighter | None, acting: str = "",
                     hand: list[CardId] | None = None) -> None:  # fmt: skip
        """Draw ``state`` with ``viewed``'s side of the table; ``hand`` is what the screen may show of that
        fighter's hand (the observer's view: none of it while it is another seat's), all of it when not given."""
        self.state, self.viewed = state, viewed
        self._sync_figures(state, acting)
        self.grid.refresh(state)
        if viewed is None:
            return
        self._sync_bins(state, viewed)
        self._sync_passives(viewed)
        pile = state.piles[viewed.pile]
        self.deck.refresh(pile.draw, pile.face_up_top)
        was_empty = not self.discard.cards
        self.discard.refresh(pile.discard)
        if was_empty != (not pile.discard):  # the slot narrows or widens: the hand takes or gives the width
            rect = self.sceneRect()
            self.relayout(rect.width(), rect.height())
        shown = viewed.hand if hand is None else hand
        self.hand_hidden = len(shown) < len(viewed.hand)
        if [item.card for item in self.hand_items] != shown:
            for item in self.hand_items:
                self.removeItem(item)
            lay = self.layout_now
            self.hand_items = [CardItem(card, i, lay.card_width, lay.card_height) for i, card in enumerate(shown)]
            for item in self.hand_items:
                self.addItem(item)
            self._place_hand()
        self.hand_label.say(f"{viewed.name}'s hand ({len(viewed.hand)})")

    def _sync_figures(self, state: CombatState, acting: str) -> None:
        if list(self.party) != [f.id for f in state.fighters] or list(self.foes) != [a.id for a in state.adversaries]:
            for item in (*self.party.values(), *self.foes.values()):
                self.removeItem(item)
            self.party = {f.id: FighterBadgeItem(f.id) for f in state.fighters}
            self.foes = {
                a.id: AdversaryItem(a.id, state.bestiary[a.kind].hp, state.bestiary[a.kind].flying)
                for a in state.adversaries
            }
            for who, item in (*self.party.items(), *self.foes.items()):
                self.addItem(item)
                item.clicked.connect(lambda who=who: self.figure_clicked.emit(who))
            self._place_figures()
        active = state.active_fighter
        forecast = forecast_round(state) if state.phase is not Phase.OVER else None
        for fighter in state.fighters:
            badge = self.party[fighter.id]
            outlook = forecast.outlooks.get(fighter.id) if forecast is not None else None
            if outlook is None:
                badge.set_outlook("", "", None)
            else:
                badge.set_outlook(outlook_line(outlook, forecast.waits if forecast else ""), outlook_odds(outlook),
                                  outlook)  # fmt: skip
            badge.refresh(fighter, active is not None and active.id == fighter.id)
        for foe in state.adversaries:
            item = self.foes[foe.id]
            item.acting = foe.id == acting
            words = ""
            if forecast is not None and foe.active and foe.intent is not None:
                words = hidden_line(forecast, foe) if foe.intent_hidden else forecast.words.get(foe.id, "")
            item.refresh(foe, words)

    def _sync_bins(self, state: CombatState, fighter: Fighter) -> None:
        groups = grouped(shown_abilities(fighter.abilities))
        ordered = [ability for _, ids in groups for ability in ids]
        if list(self.bins) != ordered:
            for item in (*self.bins.values(), *self.headers):
                self.removeItem(item)
            letters = letters_for(ordered)
            self.bins = {a: AbilityBinItem(a, letters[a]) for a in ordered}
            self.headers = [self._add(GroupHeaderItem(name)) for name, _ in groups]
            for ability, item in self.bins.items():
                self.addItem(item)
                item.clicked.connect(lambda ability=ability: self.bin_clicked.emit(ability))
                item.activated.connect(lambda index, ability=ability: self.bin_activated.emit(ability, index))
                item.hinted.connect(self.hint.emit)
                item.pointed.connect(lambda on, ability=ability: self.bin_pointed.emit(ability, on))
            self._place_bins()
        for ability, item in self.bins.items():
            cards = fighter.bins.get(ability, [])
            progress = ABILITIES[ability].progress(state, fighter, cards)
            line = str(progress)
            if item.fed and progress.need <= 1:  # a bin that only holds what others put there never fills
                line = f"holds {len(cards)} card{'' if len(cards) == 1 else 's'}"
            elif item.eddy_row:  # an Eddy row fires on its one card
                line = "one card fires it"
            item.show_cards(cards, line, set(fighter.face_down))
            if item.fed:
                item.set_feeders(", ".join(ABILITIES[a].name for a in feeders(state, fighter, ability)))

    def _sync_passives(self, fighter: Fighter) -> None:
        wanted = [a for a in passive_abilities(fighter.abilities) if carried(fighter, a)]
        if list(self.passives) != wanted:
            for badge in self.passives.values():
                self.removeItem(badge)
            self.passives = {a: self._add(PassiveBadgeItem(a)) for a in wanted}
            for ability, badge in self.passives.items():
                badge.clicked.connect(lambda ability=ability: self.passive_clicked.emit(ability))
                badge.hovered.connect(self.hint.emit)
            self._place_passives()
        for ability, badge in self.passives.items():
            badge.set_note(item_note(fighter, ability))

    def show_offers(self, offers: Offers) -> None:
        """Chips for the activations on their bins (or badges), and the Add button when there is something to add."""
        self.offers = offers
        for ability, item in self.bins.items():
            item.show_activations([offer.label for offer in offers.for_ability(ability)])
        for ability, badge in self.passives.items():
            labels = [offer.label for offer in offers.for_ability(ability)]
            if labels != badge.offers:
                badge.set_offers(labels)
        wanted = bool(offers.additions)
        if wanted != self.add_button.isVisible():
            self.add_button.setVisible(wanted)
            self._place_log_and_add()
        self._place_passives()  # a badge that now offers something is a little wider

    def mark_targets(self, names: set[str], zones: set[Zone]) -> None:
        """Outline the figures and zones the focused decision option is about."""
        figures: list[FighterBadgeItem | AdversaryItem] = [*self.party.values(), *self.foes.values()]
        for item in figures:
            wanted = (item.fighter_id if isinstance(item, FighterBadgeItem) else item.adversary_id) in names
            if item.targeted != wanted:
                item.targeted = wanted
                item.update()
        if self.grid.marked != zones:
            self.grid.marked = zones
            self.grid.update()

    def show_moment(self, moment: Moment, duration_ms: int, animate: bool) -> MomentItem:
        """A banner across the bins, or a number floating up from a figure (stacked under any still showing)."""
        self.moments = [m for m in self.moments if m.scene() is self]
        item = MomentItem(moment, self.layout_now.unit)
        figure: QGraphicsItem | None = self.party.get(moment.where) or self.foes.get(moment.where)
        if figure is None:
            at = self.layout_now.bins.center()
        else:
            rect = figure.sceneBoundingRect()
            at = QPointF(rect.center().x(), rect.top() + rect.height() * 0.45)
        same = [m for m in self.moments if m.moment.where == moment.where]
        at += QPointF(0, len(same) * item.box.height() * 1.1)
        self.addItem(item)
        item.start(at, duration_ms, animate, self.layout_now.unit * 3)
        self.moments.append(item)
        return item

    def say(self, text: str, alarm: bool = False) -> None:
        self.status.say(text, alarm)

    # --- the card under the pointer (for the large view) ------------------------------------------

    def card_under(self, scene_pos: QPointF, hand_private: bool = False) -> CardId | None:
        """The face-up card drawn at ``scene_pos``, if the topmost thing there is one; face-down cards, a hand
        kept private and anything covered (by the prompt, the curtain or the pile viewer) give None."""
        for item in self.items(scene_pos):
            if isinstance(item, FlyingCard | CardMarks):
                continue  # a card in flight is looked at once it lands; a card's hint marks are the card's
            if not isinstance(item, CardShower):
                return None
            if isinstance(item, CardItem) and hand_private:
                return None
            return item.face_up_card_at(scene_pos)
        return None

    def hand_item(self, card: CardId) -> CardItem | None:
        return next((item for item in self.hand_items if item.card == card), None)

    # --- cards in flight ------------------------------------------------------------------------------

    def spot(self, card: CardId, place: str) -> QRectF | None:
        """Where ``card`` is drawn at ``place`` now (scene terms), or None when it is not on the table there."""
        if place == HAND:
            item = self.hand_item(card)
            return item.mapRectToScene(QRectF(0, 0, item.width, item.height)) if item is not None else None
        if place == DECK:
            return self.deck.card_spot()
        if place == DISCARD:
            return self.discard.card_spot()
        holder = self.bins.get(place)
        return holder.card_spot(card) if holder is not None else None

    def spots(self, moves: list[CardMove]) -> dict[CardId, QRectF]:
        """Where the moving cards start, read before the step's state is drawn."""
        found = {move.card: self.spot(move.card, move.source) for move in moves}
        return {card: rect for card, rect in found.items() if rect is not None}

    def hand_spots(self) -> dict[CardId, QPointF]:
        return {item.card: QPointF(item.pos()) for item in self.hand_items}

    def fly(self, moves: list[CardMove], starts: dict[CardId, QRectF], hand_before: dict[CardId, QPointF],
            duration_ms: int, face_down: set[CardId] | None = None) -> None:  # fmt: skip
        """Glide the moved cards from where they were (``starts``) to where the new state put them; the hand's
        other cards slide to their new places. Call after ``render_state``; 0 ms leaves everything where it is."""
        self.land_all()
        if duration_ms <= 0:
            return
        hidden = face_down or set()
        into_hand = {move.card for move in moves if move.dest == HAND}
        for item in self.hand_items:
            old = hand_before.get(item.card)
            if item.card not in into_hand and old is not None and old != item.home:
                item.setPos(old)
                item.go_home(duration_ms)
        for move in moves:
            start = starts.get(move.card)
            if start is None:
                continue
            if move.dest == HAND:  # the real card comes in from the pile (or the bin) to its place in the hand
                coming = self.hand_item(move.card)
                if coming is not None:
                    coming.setPos(start.topLeft())
                    coming.go_home(duration_ms)
                continue
            end = self.spot(move.card, move.dest)
            target = self.discard if move.dest == DISCARD else self.bins.get(move.dest)
            if end is None or target is None:
                continue
            target.arriving.add(move.card)
            target.update()
            ghost = FlyingCard(move.card, start, end, duration_ms, face_up=move.card not in hidden)
            self.addItem(ghost)
            self.flights.append(ghost)
            ghost.landed.connect(lambda ghost=ghost, target=target: self._landed(ghost, target))
            ghost.animation.start()

    def _landed(self, ghost: FlyingCard, target: AbilityBinItem | PileItem) -> None:
        if ghost in self.flights:
            self.flights.remove(ghost)
            self.removeItem(ghost)
        target.land(ghost.card)

    def land_all(self) -> None:
        """Finish every flight at once: the cards are where the state says."""
        for ghost in list(self.flights):
            ghost.animation.stop()
            ghost.landed.emit()
        holders: list[AbilityBinItem | PileItem] = [*self.bins.values(), self.discard]
        for holder in holders:
            if holder.arriving:
                holder.arriving.clear()
                holder.update()
        for item in self.hand_items:
            if item.animation.state() == item.animation.State.Running:
                item.animation.stop()
                item.setPos(item.home)

    # --- pointer: the controller sees presses on cards before the items do ----------------------

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.pointer is not None and self.pointer.press(event):
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.pointer is not None and self.pointer.move(event):
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.pointer is not None and self.pointer.release(event):
            event.accept()
            return
        super().mouseReleaseEvent(event)
