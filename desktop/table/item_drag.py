"""Using an item by hand: drag its badge onto the table or onto a bin (the Backpack onto a card of the hand swaps
that card), or press I for a menu of every item's uses. What an item may do comes from the engine's offers; the
action goes through the Session like any other."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QApplication, QGraphicsSceneMouseEvent

from rt0table.desktop.table.card_item import CardItem
from rt0table.desktop.table.offers import Offer, offers
from rt0table.desktop.table.passives import PassiveBadgeItem
from rt0table.rules.rt0.abilities import ABILITIES
from rt0table.rules.rt0.abilities.belongings import Backpack, Belonging
from rt0table.rules.rt0.fight.actions import Activate

if TYPE_CHECKING:
    from rt0table.desktop.table.controller import TableController


def item_offers(controller: TableController) -> list[Offer]:
    """Every use the viewed fighter's items offer now, named with the item."""
    found = offers(controller.state)
    return [
        Offer(o.action, o.label, ABILITIES[a].name)
        for a, listed in found.activations.items()
        if isinstance(ABILITIES[a], Belonging)
        for o in listed
    ]


class ItemDrag:
    """A press on an item's badge: a click opens its uses, a drag and drop uses it where it lands."""

    def __init__(self, controller: TableController) -> None:
        self.controller = controller
        self.badge: PassiveBadgeItem | None = None
        self.press_at: QPointF | None = None
        self.grab = QPointF()
        self.dragging = False

    def press(self, event: QGraphicsSceneMouseEvent) -> bool:
        scene = self.controller.scene
        badge = next((i for i in scene.items(event.scenePos()) if isinstance(i, PassiveBadgeItem)), None)
        if badge is None or not badge.carried:
            return False
        self.badge, self.press_at, self.dragging = badge, event.scenePos(), False
        self.grab = event.scenePos() - badge.pos()
        return True

    def move(self, event: QGraphicsSceneMouseEvent) -> bool:
        if self.badge is None or self.press_at is None:
            return False
        if not self.dragging:
            if (event.scenePos() - self.press_at).manhattanLength() < QApplication.startDragDistance():
                return True
            self.dragging = True
            self.badge.setZValue(self.controller.scene.drag_z)
        self.badge.setPos(event.scenePos() - self.grab)
        return True

    def release(self, event: QGraphicsSceneMouseEvent) -> bool:
        badge = self.badge
        if badge is None:
            return False
        self.badge, self.press_at = None, None
        controller = self.controller
        if not self.dragging:  # a click, as on any badge
            controller.open_activations(badge.ability_id)
            return True
        badge.setZValue(0)
        controller.scene.place_passives()
        self.use(badge.ability_id, event.scenePos())
        return True

    def use(self, ability: str, where: QPointF) -> None:
        """The item dropped at ``where``: one use is made at once, several are offered as a menu."""
        controller = self.controller
        if controller.blocked or controller.state.pending is not None:
            return
        listed = offers(controller.state).for_ability(ability)
        card = self._hand_card_at(where)
        if card is not None and isinstance(ABILITIES[ability], Backpack):
            fighter = controller.state.active_fighter
            if fighter is not None and card in fighter.hand:
                swap = list(dict.fromkeys(fighter.hand)).index(card)
                listed = [o for o in listed if isinstance(o.action, Activate) and o.action.option == swap]
        if not listed:
            rule = ABILITIES[ability]
            controller.scene.say(f"{rule.name}: nothing to do with it right now. {rule.summary}")
        elif len(listed) == 1:
            controller.session.submit(listed[0].action)
        else:
            controller.open_menu(f"{ABILITIES[ability].name}: do what?", listed)

    def _hand_card_at(self, where: QPointF) -> int | None:
        scene = self.controller.scene
        item = next((i for i in scene.items(where) if isinstance(i, CardItem) and i in scene.hand_items), None)
        return item.card if item is not None else None
