"""RT:0's fight table for a screen reader, part by part (read_aloud.py is the mechanism): the status line, each
card of the hand, the question and its options, each bin, the standing rules and items, the figures, the room with
a token per figure, the piles, the log line by line, the buttons and the curtain, each in the app's own words."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QRectF
from PySide6.QtWidgets import QGraphicsItem

from rt0table.desktop.table.bins import AbilityBinItem, Glow
from rt0table.desktop.table.card_item import CardItem
from rt0table.desktop.table.controls import ButtonItem
from rt0table.desktop.table.foes import AdversaryItem
from rt0table.desktop.table.party_strip import FighterBadgeItem
from rt0table.desktop.table.passives import PassiveBadgeItem
from rt0table.desktop.table.piles import PileItem
from rt0table.desktop.table.prompt import OptionButtonItem
from rt0table.desktop.table.read_aloud import Anchors, Role, Spoken
from rt0table.desktop.table.scene import TableScene
from rt0table.rules.rt0.abilities import ABILITIES
from rt0table.rules.rt0.cards import CARDS, CardId
from rt0table.rules.rt0.fight.zones import zone_name

if TYPE_CHECKING:
    from rt0table.desktop.table.controller import TableController


def names(cards: Iterable[CardId]) -> str:
    return ", ".join(CARDS[c].name for c in cards)


def scene_rect(item: QGraphicsItem) -> QRectF:
    return item.sceneBoundingRect()


class FightReader:
    """The fight table's parts for read_aloud: read from the scene and the controller each time they are asked."""

    def __init__(self, scene: TableScene, controller: TableController) -> None:
        self.scene, self.controller = scene, controller
        self.anchors = Anchors()

    # --- which parts, in reading order ------------------------------------------------------------

    def parts(self, holder: QObject | None) -> list[QObject]:
        scene = self.scene
        if holder is None:
            return self._table_parts()
        if holder is scene.prompt:
            shown: list[QObject] = list(scene.prompt.buttons)
            return [*shown, scene.prompt.close_button] if scene.prompt.menu else shown
        if holder is scene.log:
            return [self.anchors.get(scene.log, str(i)) for i in range(len(scene.log.lines))]
        if holder is scene.grid:
            return [self.anchors.get(scene.grid, who) for who in scene.grid.ids]
        if holder is scene.curtain:
            return [scene.curtain.button]
        return []

    def _table_parts(self) -> list[QObject]:
        scene = self.scene
        found: list[QObject] = [scene.status]
        if scene.viewer.isVisible():
            found.append(scene.viewer)
        if scene.curtain.isVisible():
            found.append(scene.curtain)
        found += [item for item in scene.hand_items if item.isVisible()]
        if scene.prompt.isVisible():
            found.append(scene.prompt)
        found += [*scene.bins.values(), *scene.passives.values(), *scene.party.values(), *scene.foes.values()]
        found += [scene.grid, scene.deck, scene.discard, scene.log]
        found += [b for b in (scene.add_button, scene.undo_button, scene.end_turn, scene.result) if b.isVisible()]
        return found

    def holder(self, part: QObject) -> QObject | None:
        scene = self.scene
        if isinstance(part, OptionButtonItem) or part is scene.prompt.close_button:
            return scene.prompt
        if part is scene.curtain.button:
            return scene.curtain
        owner = part.parent()
        return owner if owner in (scene.log, scene.grid) else None

    def focus(self) -> QObject | None:
        """The panel over the table (a pile or the keys, any key closes it); else the curtain's button; else the
        option the keys are on; else the bin aimed at or selected; else the picked card; else the result."""
        scene, controller = self.scene, self.controller
        prompt = scene.prompt
        if scene.viewer.isVisible():
            return scene.viewer
        if scene.curtain.isVisible():
            return scene.curtain.button
        if prompt.isVisible() and prompt.buttons and not prompt.hidden:
            return prompt.buttons[min(prompt.focus, len(prompt.buttons) - 1)]
        pick = controller.pick
        aimed = pick.target if pick is not None else controller.selected
        if aimed and aimed in scene.bins:
            return scene.bins[aimed]
        if pick is not None:
            return scene.hand_item(pick.card)
        if scene.result.isVisible():
            return scene.result
        return None

    # --- each part in words -----------------------------------------------------------------------

    def spoken(self, part: QObject) -> Spoken:
        said = self._said(part)
        # An item's layer is its own z value; a line or a token drawn inside one lies on that item's layer.
        item = part if isinstance(part, QGraphicsItem) else part.parent()
        return replace(said, layer=item.zValue()) if isinstance(item, QGraphicsItem) else said

    def _said(self, part: QObject) -> Spoken:
        scene = self.scene
        focused = part is self.focus()
        if isinstance(part, CardItem):
            return self._card(part, focused)
        if isinstance(part, AbilityBinItem):
            return self._bin(part, focused)
        if isinstance(part, OptionButtonItem):
            return self._option(part, focused)
        if isinstance(part, FighterBadgeItem | AdversaryItem):
            return self._figure(part)
        if isinstance(part, PassiveBadgeItem):
            return Spoken(part.text.lstrip("▣✦ "), part.toolTip(), Role.Button, scene_rect(part))
        if isinstance(part, PileItem):
            return Spoken(f"{part.label}, {len(part.cards)} cards", part.toolTip(), Role.Button, scene_rect(part))
        if isinstance(part, ButtonItem):
            return self._button(part, focused)
        if part is scene.status:
            return Spoken(scene.status.text, "", Role.StatusBar, scene_rect(scene.status))
        if part is scene.prompt:
            return self._prompt()
        if part is scene.curtain:
            curtain = scene.curtain
            return Spoken(curtain.headline, curtain.how, Role.Dialog, scene_rect(curtain))
        if part is scene.viewer:
            viewer = scene.viewer
            about = ". ".join(line.rstrip(".") for line in viewer.lines)
            return Spoken(viewer.title, f"{about}. Any key or a click closes it.", Role.Dialog, scene_rect(viewer),
                          True, focused)  # fmt: skip
        if part is scene.grid:
            size = scene.grid.size_n
            return Spoken(f"Room, {size} by {size} zones", scene.grid.toolTip(), Role.Grouping, scene_rect(scene.grid))
        if part is scene.log:
            return Spoken("Log", f"{len(scene.log.lines)} lines, the newest last", Role.List, scene_rect(scene.log))
        if part.parent() is scene.log:
            return self._log_line(int(part.objectName()))
        if part.parent() is scene.grid:
            return self._token(part.objectName())
        return Spoken("", shown=False)

    def _card(self, item: CardItem, focused: bool) -> Spoken:
        controller = self.controller
        card = item.card
        goes = [ABILITIES[a].name for a, cards in controller.hints.takes.items() if card in cards]
        fires = [ABILITIES[a].name for a, cards in controller.hints.completes.items() if card in cards]
        about = [f"Key {item.index + 1}."]
        if item.picked:
            about.append("Picked up: choose a bin with its letter or Tab, then Enter.")
        if goes:
            about.append(f"Goes on {', '.join(goes)}.")
        elif controller.hints.takes:
            about.append("No bin takes it now.")
        if fires:
            about.append(f"Makes {', '.join(fires)} fire.")
        rect = item.mapRectToScene(QRectF(0, 0, item.width, item.height))
        return Spoken(f"{CARDS[card].name} in hand", " ".join(about), Role.ListItem, rect, True, focused, item.picked)

    def _bin(self, item: AbilityBinItem, focused: bool) -> Spoken:
        rule = ABILITIES[item.ability_id]
        about = [f"Key {item.letter}.", rule.summary, f"{item.progress}."]
        about.append(f"On it: {names(item.cards)}." if item.cards else "Empty.")
        takes = self.controller.hints.takes.get(item.ability_id, frozenset())
        if takes and not self.scene.curtain.isVisible():  # behind the curtain the hand is nobody's business
            about.append(f"Takes from the hand: {names(sorted(takes))}.")
        pick = self.controller.pick
        if pick is not None:
            about.append(pick.previews.get(item.ability_id, f"It will not take {CARDS[pick.card].name}."))
        if item.chips:
            about.append("At will, key A: " + "; ".join(chip.text for chip in item.chips) + ".")
        if item.refusal:
            about.insert(0, f"Refused: {item.refusal}")
        selected = item.selected or (pick is not None and pick.target == item.ability_id)
        return Spoken(f"{item.name} bin", " ".join(about), Role.Button, scene_rect(item), True, focused, selected,
                      disabled=item.glow is Glow.DIM)  # fmt: skip

    def _option(self, button: OptionButtonItem, focused: bool) -> Spoken:
        prompt = self.scene.prompt
        label = f"{prompt.lead} {button.label}".strip()
        key = f"Key {button.key}. " if button.key else ""
        return Spoken(label, f"{key}{button.detail}".strip(), Role.Button, scene_rect(button), True, focused,
                      shown=button.isVisible())  # fmt: skip

    def _prompt(self) -> Spoken:
        prompt = self.scene.prompt
        about = [prompt.note] if prompt.note else []
        if prompt.hidden:
            about.append(f"Its options are hidden: only {prompt.who} may see them.")
        elif prompt.buttons:
            count = len(prompt.buttons)
            about.append(f"{count} option{'' if count == 1 else 's'}: {prompt.focus_keys}, a number, then Enter.")
        who = "Choose one" if prompt.menu else f"{prompt.who} decides"
        return Spoken(f"{who}: {prompt.prompt}", " ".join(about), Role.Grouping, scene_rect(prompt))

    def _figure(self, item: FighterBadgeItem | AdversaryItem) -> Spoken:
        if isinstance(item, FighterBadgeItem):
            fighter = item.fighter
            name = fighter.name if fighter is not None else item.fighter_id
            turn = " Their turn." if item.active else ""
            about = f"{item.toolTip()}.{turn}".replace("\n", ". ")
            return Spoken(f"{name}, fighter", about, Role.StaticText, scene_rect(item), selected=item.targeted)
        return Spoken(f"{item.name}, adversary", item.toolTip(), Role.StaticText, scene_rect(item),
                      selected=item.targeted)  # fmt: skip

    def _button(self, button: ButtonItem, focused: bool) -> Spoken:
        return Spoken(button.label, button.toolTip(), Role.Button, scene_rect(button), True, focused,
                      disabled=not button.isEnabled())  # fmt: skip

    def _log_line(self, index: int) -> Spoken:
        log = self.scene.log
        if index >= len(log.lines):
            return Spoken("", shown=False)
        spots = dict(log.line_spots())
        spot = spots.get(index)
        rect = log.mapRectToScene(spot) if spot is not None else QRectF()
        return Spoken(log.lines[index], f"Log line {index + 1} of {len(log.lines)}", Role.ListItem, rect,
                      shown=spot is not None)  # fmt: skip

    def _token(self, who: str) -> Spoken:
        grid = self.scene.grid
        if who not in grid.ids:
            return Spoken("", shown=False)
        zone, _, foe, name = grid.tokens[grid.ids.index(who)]
        rect = grid.token_rects().get(who, QRectF())
        about = "Adversary." if foe else "Fighter."
        pending = self.controller.state.pending
        if grid.offered and pending is not None and pending.actor == who:
            lit = ", ".join(zone_name(z) for z in sorted(grid.offered))
            about += f" Moves on offer, drag it or click a lit zone: {lit}."
        return Spoken(f"{name} in {zone_name(zone)}", about, Role.Graphic, grid.mapRectToScene(rect))
