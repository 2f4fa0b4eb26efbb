"""The table's keys in the app's own words: the list F1 (or ?) opens over the table, the turn's status line in
forms that fit the width at hand, and the one-time lines that teach A and N when they first mean something."""

from __future__ import annotations

from rt0table.desktop.table.controls import CurtainItem
from rt0table.desktop.table.offers import ADD_COST, Offers

HELP_TITLE = "Keys at the table — any key or a click closes this"

PANE_KEY = "F6"  # solo play: the keys go from the table to the oracle beside it and back, as between panes elsewhere
DRAWER_KEY = "F7"  # solo play: fold the oracle's drawer away, or open it again

ACTIVATIONS = "activations"  # TableSettings.taught: A was taught
ADDITIONS = "additions"  # N was taught


def key_lines(offers: Offers) -> list[str]:
    """Every key the table answers to, A and N with what they offer right now."""
    at_will = len(offers.every_activation)
    plural = "s" if at_will != 1 else ""
    now_a = f"now: {at_will} thing{plural} to do" if at_will else "nothing on offer right now"
    now_n = f"now: {len(offers.additions)} to choose from" if offers.additions else "none left to bring in right now"
    return [
        "1–9 — pick up that card of the hand (the same number puts it back). Dragging a card onto a bin works too.",
        "A bin's letter — with a card picked up, aim at that bin; with none, select the bin and read its rule.",
        "Tab / Shift+Tab — with a card picked up, the next bin that takes it; in a question, the next answer.",
        "Enter — play the picked card on the aimed bin; in a question, take the marked answer.",
        f"A — things to do at will: the gold buttons on the bins, named in full ({now_a}). After a bin's letter, "
        "only that bin's.",
        "I — use one of the fighter's items (the ▣ badges above the hand). Dragging a badge onto the table or a bin "
        "uses it too; the Backpack dropped on a card of the hand swaps that card.",
        f"N or + — bring one more Arcana Ability into the fight for {ADD_COST} Corruption ({now_n}).",
        "E or Ctrl+Enter — end the turn.    Ctrl+Z — undo the last step, where the rules allow.",
        "Z — show the picked card (or the one under the pointer) large; Z or Esc puts it away.",
        "Arrows, Page Up / Page Down — move among a question's answers and turn its pages.",
        "Esc — put the card back down, close a menu.    Space — skip the adversaries' turn as it plays.",
        f"{CurtainItem.KEY_NAME} — in hot-seat play, lift the “Pass to …” curtain (or click its Reveal button); no "
        "other key lifts it.",
        f"{PANE_KEY} — in solo play, the keys go to the oracle beside the table, or back (a click there does too).",
        f"{DRAWER_KEY} — in solo play, fold the oracle away to give the table its width, or open it again.",
        "F1 or ? — this list.",
    ]


def turn_lines(round_number: int, name: str, offers: Offers) -> list[str]:
    """The turn's status line, longest first: the table shows the first that fits."""
    head = f"Round {round_number}: {name}'s turn."
    play = "Drag a card onto a bin, or press its number then the bin's letter and Enter."
    extra_long = (" A: things to do at will." if offers.activations else "") + (
        " N: add an ability." if offers.additions else ""
    )
    extra_short = (" A: at will ·" if offers.activations else "") + (" N: add an ability ·" if offers.additions else "")
    return [
        f"{head} {play}{extra_long} F1: every key.",
        f"{head} Drag a card to a bin, or its number, a letter, Enter.{extra_short} F1: keys",
        f"{head}{extra_short} F1: keys",
    ]


def first_time_lines(offers: Offers, taught: set[str], name: str) -> tuple[str, list[str]] | None:
    """What A or N does, the first time either has something to offer (``taught`` keeps which were told)."""
    if offers.activations and ACTIVATIONS not in taught:
        first = offers.every_activation[0].label
        return ACTIVATIONS, [
            f"New: {name} can act at will — press A (or click the gold button on its bin): “{first}”. F1: every key.",
            f"New: {name} can act at will — press A, or click the gold button on a bin. F1: every key.",
            "New: things to do at will — press A, or click a gold button. F1: every key.",
        ]
    if offers.additions and ADDITIONS not in taught:
        return ADDITIONS, [
            f"{name} may bring one more Arcana Ability into the fight for {ADD_COST} Corruption: press N (or "
            "+ Add ability) to see them. F1: every key.",
            f"N: bring in an Arcana Ability for {ADD_COST} Corruption. F1: every key.",
        ]
    return None
