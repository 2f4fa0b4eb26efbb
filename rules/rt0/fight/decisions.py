"""One way to ask for a choice: park a PendingDecision, resume through its registered resolver."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeVar

from .events import DecisionMade, DecisionRequested, Event
from .state import (
    NO_CONTEXT,
    AidTarget,
    AnswerTarget,
    CardsTarget,
    CardTarget,
    CombatState,
    Context,
    FateTarget,
    FighterTarget,
    HealTarget,
    HiddenTarget,
    InjuryTarget,
    ModeTarget,
    NoContext,
    NumberTarget,
    Option,
    PendingDecision,
    StrikeTarget,
    Target,
    ZoneTarget,
)

Resolver = Callable[[CombatState, PendingDecision, Option, list[Event]], None]
RESOLVERS: Final[dict[str, Resolver]] = {}
C = TypeVar("C", bound=Context)
Continuation = Callable[[CombatState, Context, list[Event]], None]
# the typed context of what a decision interrupted -> what resumes it
CONTINUATIONS: dict[type[Context], Continuation] = {}


def continuation(
    kind: type[C],
) -> Callable[[Callable[[CombatState, C, list[Event]], None]], Callable[[CombatState, C, list[Event]], None]]:
    """Register what carries on after a decision that interrupted it: ``carry_on`` with a context of this type."""

    def register(
        function: Callable[[CombatState, C, list[Event]], None],
    ) -> Callable[[CombatState, C, list[Event]], None]:
        def resume(state: CombatState, then: Context, events: list[Event]) -> None:
            function(state, context_as(then, kind), events)

        CONTINUATIONS[kind] = resume
        return function

    return register


def carry_on(state: CombatState, then: Context, events: list[Event]) -> None:
    """Resume whatever a decision interrupted; ``then`` (the decision's context) is ``NO_CONTEXT`` when nothing was."""
    resume = CONTINUATIONS.get(type(then))
    if resume is not None:
        resume(state, then, events)


# decision kind -> its typed contexts, the one it carries now first, then any it carried in older saves (the state
# codec reads saved ones back as the first whose fields fit)
CONTEXTS: dict[str, tuple[type[Context], ...]] = {}
# Every registered context and target class: saved as the list of its fields, the JSON the plain tuple it replaced
# made (a class attribute cannot mark them: mypyc erases ClassVar, and the dataclass would take it for a field).
POSITIONAL: set[type] = {
    ZoneTarget,
    FighterTarget,
    CardTarget,
    NumberTarget,
    StrikeTarget,
    FateTarget,
    InjuryTarget,
    AidTarget,
    HealTarget,
    AnswerTarget,
    ModeTarget,
    CardsTarget,
    HiddenTarget,
    NoContext,
}
# Positional classes of one variadic field, saved as that field's bare list (the tuple they replaced had no fixed
# length: the cards peeked at, the places picked among them).
VARIADIC: set[type] = {CardsTarget}


def decision_context(cls: type[Context], *kinds: str) -> None:
    """Register the frozen ``Context`` dataclass decisions of these kinds carry (see docs/engine-api.md); a kind's
    first registered is the one it carries now, any later ones those older saves hold.

    A call after the class, not a decorator: mypyc compiles only undecorated dataclasses to native classes, and
    only a native class may inherit the native ``Context``. A decision with nothing to carry has the context
    ``NO_CONTEXT`` whatever its kind (saved as ``[]``).
    """
    for kind in kinds:
        CONTEXTS[kind] = (*CONTEXTS.get(kind, ()), cls)
    POSITIONAL.add(cls)


def variadic(cls: type[Context | Target]) -> None:
    """Mark a registered context or target of one tuple field as saved as that tuple's bare list."""
    VARIADIC.add(cls)
    POSITIONAL.add(cls)


def context_of(decision: PendingDecision, kind: type[C]) -> C:
    """The decision's context as the typed value its kind carries; raises TypeError on anything else."""
    context = decision.context
    if not isinstance(context, kind):
        raise TypeError(f"a {decision.kind!r} decision carries {type(context).__name__}, not {kind.__name__}")
    return context


def context_as(context: Context, kind: type[C]) -> C:
    """A context known by its type (``carry_on`` looks its continuation up by it) as that type."""
    if not isinstance(context, kind):
        raise TypeError(f"{type(context).__name__} is not {kind.__name__}")
    return context


T = TypeVar("T", bound=Target)
# decision kind -> the Target types its options carry, in the order the codec tries them when it reads one back
OPTION_TARGETS: dict[str, tuple[type[Target], ...]] = {}


def decision_targets(kind: str, *targets: type[Target]) -> None:
    """Declare the target types the options of this kind carry (most kinds: one)."""
    known = OPTION_TARGETS.get(kind, ())
    OPTION_TARGETS[kind] = known + tuple(t for t in targets if t not in known)
    POSITIONAL.update(targets)


def target_of(option: Option, kind: type[T]) -> T:
    """The option's typed target; raises TypeError when it carries something else."""
    value = option.value
    if not isinstance(value, kind):
        raise TypeError(f"option {option.label!r} carries {type(value).__name__}, not {kind.__name__}")
    return value


def figure_of(option: Option) -> str | None:
    """The fighter or adversary an option is about, for tables that mark or click figures; None when it names none
    (``NOBODY``, a zone, a card, a choice of mode)."""
    value = option.value
    if isinstance(value, FighterTarget | InjuryTarget | AidTarget | HealTarget):
        return value.fighter or None
    if isinstance(value, StrikeTarget | FateTarget):
        return value.adversary
    return None


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
    context: Context = NO_CONTEXT,
    private: bool = False,
) -> None:
    """Queue a decision; one with a single option is answered at once (nothing to choose).

    ``private`` marks options only the actor may see (cards they peeked at). ``context`` is what the resolver
    needs besides the option: a typed context (a frozen ``Context`` dataclass registered with
    ``decision_context(cls, kind)``), or ``NO_CONTEXT`` when it needs none.
    """
    if not options:
        return
    decision = PendingDecision(kind, actor, prompt, tuple(options), context, private)
    if len(options) == 1 and not state.decisions:
        if not state.quiet:
            events.append(DecisionMade(actor, kind, options[0].label))
        RESOLVERS[kind](state, decision, options[0], events)
        return
    state.decisions.append(decision)
    if len(state.decisions) == 1 and not state.quiet:
        events.append(DecisionRequested(actor, kind, prompt))


def answer(state: CombatState, index: int, events: list[Event]) -> None:
    """Resolve the pending decision with option ``index`` (validated by the caller).

    Each decision is announced once, when it reaches the head of the queue: ``ask`` announces one that arrives
    at an empty queue, and this announces one that was waiting behind the decision just answered.
    """
    decision = state.decisions.pop(0)
    waiting = state.decisions[0] if state.decisions else None
    option = decision.options[index]
    if not state.quiet:
        events.append(DecisionMade(decision.actor, decision.kind, option.label))
    RESOLVERS[decision.kind](state, decision, option, events)
    if waiting is not None and state.decisions and state.decisions[0] is waiting and not state.quiet:
        events.append(DecisionRequested(waiting.actor, waiting.kind, waiting.prompt))
