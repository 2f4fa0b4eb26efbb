"""The Restless's actions in the app's own words, for the keyboard list, the log and refusals."""

from __future__ import annotations

from rt0table.rules.restless import rs_actions as a
from rt0table.rules.restless.rs_state import RsState


def name(state: RsState, card: str) -> str:
    """A card's name (an instance id such as ``sword*2`` reads as its card's name); "" stays "the Character card"."""
    if not card:
        return "the Character card"
    try:
        return state.card(card).name
    except KeyError:
        return card


def action_words(state: RsState, action: a.RsAction) -> str:
    """One line a player reads in the list of what can be done now."""

    def n(card: str) -> str:
        return name(state, card)

    match action:
        case a.Keep(cards):
            return "Keep " + ", ".join(n(c) for c in cards)
        case a.Take(card, hero):
            return f"{n(hero)} takes {n(card)}"
        case a.Give(card, hero):
            return f"Give {n(card)} to {n(hero)}"
        case a.Discard(card):
            return f"Discard {n(card)}"
        case a.Redraw(card):
            return f"Spend a Reroll to redraw {n(card)}"
        case a.Proceed():
            return "Go on"
        case a.PlayRest():
            return "Play a Rest"
        case a.Heal(hero):
            return f"Spend a Reroll: {n(hero)} heals 2"
        case a.EndRest():
            return "End the Rest"
        case a.Attack(hero, item):
            return f"{n(hero)} attacks with {n(item) if item else 'bare hands'}"
        case a.Use(card, hero):
            return f"{n(hero)} uses {n(card)}"
        case a.Reroll():
            return "Reroll the die (one Reroll Counter)"
        case a.Accept():
            return "Let the die stand"
        case a.Absorb(source):
            return f"Armor on {n(source)} takes the point"
        case a.Flee():
            return "Flee"
        case a.Buy(card, hero, pay_with):
            paid = f", paying with {n(pay_with)} and Rerolls" if pay_with else " for Rerolls"
            return f"{n(hero)} buys {n(card)}{paid}"
        case a.Sell(card):
            return f"Sell {n(card)} for Rerolls"
        case a.Pick(card):
            return f"Pick {n(card)}"
        case a.ChooseDrawer(hero):
            return f"{n(hero)} draws the Drops"
        case a.FinalNight():
            return "Spend a Rest on the final night"
        case a.FaceGod():
            return "Face the Traitor God"
        case a.Refuse():
            return "Refuse the final battle"
        case a.Adjust(what, who, delta):
            return f"{what.capitalize()} {delta:+d} on {n(who) if who else 'the party'}"
        case a.TurnCard(card):
            return f"Turn {n(card)}"
        case a.MoveCard(card):
            return f"Bring {n(card)} back into play"
    return type(action).__name__
