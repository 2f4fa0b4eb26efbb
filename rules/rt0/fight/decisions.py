"""One way to ask for a choice: park a PendingDecision, resume through its registered resolver."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .events import DecisionMade, DecisionRequested, Event
from .state import CombatState, Option, PendingDecision

Resolver = Callable[[CombatState, PendingDecision, Option, list[Event]], None]
RESOLVERS: dict[str, Resolver] = {}
Continuation = Callable[[CombatState, tuple[Any, ...], list[Event]], None]
CONTINUATIONS: dict[str, Continuation] = {}


def continuation(kind: str) -> Callable[[Continuation], Continuation]:
    """Register what carries on after a decision that interrupted it (``carry_on`` with ``(kind, *data)``)."""

    def register(function: Continuation) -> Continuation:
        CONTINUATIONS[kind] = function
        return function

    return register


def carry_on(state: CombatState, then: tuple[Any, ...], events: list[Event]) -> None:
    """Resume whatever a decision interrupted; ``then`` is empty when nothing was."""
    if then:
        CONTINUATIONS[then[0]](state, then[1:], events)


def resolver(kind: str) -> Callable[[Resolver], Resolver]:
    """Register the function that carries on once a decision of this kind is answered."""

    def register(function: Resolver) -> Resolver:
        RESOLVERS[kind] = function
        return function

    return register


def ask(
    state: CombatState,
    kind: str,
    actor: str,
    prompt: str,
    options: list[Option],
    events: list[Event],
    context: tuple[Any, ...] = (),
    private: bool = False,
) -> None:
    """Queue a decision; one with a single option is answered at once (nothing to choose).

    ``private`` marks options only the actor may see (cards they peeked at).
    """
    if not options:
        return
    decision = PendingDecision(kind, actor, prompt, tuple(options), context, private)
    if len(options) == 1 and not state.decisions:
        events.append(DecisionMade(actor, kind, options[0].label))
        RESOLVERS[kind](state, decision, options[0], events)
        return
    state.decisions.append(decision)
    if len(state.decisions) == 1:
        events.append(DecisionRequested(actor, kind, prompt))


def answer(state: CombatState, index: int, events: list[Event]) -> None:
    """Resolve the pending decision with option ``index`` (validated by the caller)."""
    decision = state.decisions.pop(0)
    option = decision.options[index]
    events.append(DecisionMade(decision.actor, decision.kind, option.label))
    RESOLVERS[decision.kind](state, decision, option, events)
    if state.decisions:
        head = state.decisions[0]
        events.append(DecisionRequested(head.actor, head.kind, head.prompt))
