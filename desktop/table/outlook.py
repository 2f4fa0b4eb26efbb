"""The round forecast in the table's words: each fighter's HP after the adversaries, each intent's line, and
what a face-down intent may be, with the exact odds the forecast counted."""

from __future__ import annotations

from fractions import Fraction

from rt0table.rules.rt0.fight.forecast import Outlook, RoundForecast
from rt0table.rules.rt0.fight.state import Adversary


def chance_words(chance: Fraction) -> str:
    """An exact chance as "3 in 8" (the fraction in lowest terms), "sure" for 1."""
    return "sure" if chance == 1 else f"{chance.numerator} in {chance.denominator}"


def outlook_line(outlook: Outlook, waits: str = "") -> str:
    """The short line under a fighter's HP: what the adversaries' turn leaves them with."""
    stop = " so far" if waits else ""
    if outlook.certain:
        if outlook.low == outlook.hp_now:
            return f"unhurt by the adversaries{stop}"
        return f"{outlook.low} HP after the adversaries{stop}"
    span = f"{outlook.low}–{outlook.high} HP after the adversaries{stop}"
    if not outlook.odds:
        return f"{span} (the GM's choice)"
    worst = outlook.odds[0]
    return f"{span} ({worst[0]} HP: {chance_words(worst[1])})"


def outlook_odds(outlook: Outlook) -> str:
    """Every outcome with its chance, for the tooltip; the range alone when a GM's choice decides."""
    if not outlook.odds:
        return f"{outlook.low} to {outlook.high} HP: the GM chooses whom some blows hit."
    return "; ".join(f"{hp} HP: {chance_words(chance)}" for hp, chance in outlook.odds)


def hidden_line(forecast: RoundForecast, foe: Adversary) -> str:
    """A face-down intent: what each suit among the unseen cards would make it do, and how many such cards."""
    chances = forecast.hidden.get(foe.id, ())
    if not chances:
        return "Face down: shown when it acts."
    parts = [f"{c.suit} {c.cards} in {forecast.unseen}: {c.plan}" for c in chances]
    return "Face down, one of the unseen cards. " + "; ".join(parts) + "."
