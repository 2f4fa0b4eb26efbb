"""Leverage: bank one Yes, and… to spend later as Advantage or to soften a No."""

from __future__ import annotations

from dataclasses import dataclass

from .oracle import Answer, Edge


class LeverageError(ValueError):
    """A Leverage step the rules do not allow."""


@dataclass(frozen=True, slots=True)
class Leverage:
    """The one held Leverage, described in a short phrase; empty when none is held."""

    description: str = ""

    @property
    def held(self) -> bool:
        """True while a Leverage is banked."""
        return bool(self.description)


def bank(leverage: Leverage, answer: Answer, description: str, replace_held: bool = False) -> Leverage:
    """Bank a Yes, and…; holding one already, it replaces the old only when asked to."""
    if answer is not Answer.YES_AND:
        raise LeverageError(f"only a Yes, and… can be banked, not {answer.label}")
    if not description.strip():
        raise LeverageError("give the banked Leverage a name")
    if leverage.held and not replace_held:
        raise LeverageError(f"Leverage is already held ({leverage.description}); replace it or narrate the bonus")
    return Leverage(description.strip())


def expire(leverage: Leverage) -> Leverage:
    """Drop the held Leverage: the fiction moved on, or a Twist occurred."""
    return Leverage()


def spend_as_advantage(leverage: Leverage, edge: Edge) -> tuple[Leverage, Edge]:
    """Spend Leverage as one positive tag: Disadvantage cancels to Neutral, Neutral becomes Advantage."""
    if not leverage.held:
        raise LeverageError("no Leverage is held")
    if edge is Edge.ADVANTAGE:
        raise LeverageError("the roll already has Advantage: Leverage would add nothing, keep it")
    return Leverage(), Edge.ADVANTAGE if edge is Edge.NEUTRAL else Edge.NEUTRAL


def spend_to_soften(leverage: Leverage, answer: Answer) -> tuple[Leverage, Answer]:
    """Spend Leverage to turn a No or No, and… into No, but…."""
    if not leverage.held:
        raise LeverageError("no Leverage is held")
    if answer not in (Answer.NO, Answer.NO_AND):
        raise LeverageError(f"Leverage softens a No or a No, and…, not {answer.label}")
    return Leverage(), Answer.NO_BUT
