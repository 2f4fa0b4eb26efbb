"""Skill checks: difficulty, reading the drawn card, Bonus and Penalty, retries, group checks and exact odds.

Everything here is pure: a check reads cards, ``make_check`` draws them from a ``Pile`` with the
int rng state, and ``check_odds`` counts the exact chance of every outcome from the pile's contents.
The rulings behind each choice are in ``docs/rulings.md`` under "Skill checks".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from fractions import Fraction

from ..cards import CARDS, DEATH, DEVIL, FOOL, SUN, TOWER, WHEEL_OF_FORTUNE, WORLD, CardId
from ..fight.deck import Pile
from ..traits import Arcana, Skill

# ---------------------------------------------------------------------------------------------------------
# Difficulty (SKL-DIFF, SKL-APLUS, SKL-F)


class Difficulty(IntEnum):
    """The seven difficulties, easiest first, so ``<`` means "easier than"."""

    AUTOMATIC = 0
    TRIVIAL = 1
    EASY = 2
    MEDIUM = 3
    HARD = 4
    UNLIKELY = 5
    IMPOSSIBLE = 6

    @property
    def title(self) -> str:
        """The difficulty as the book writes it: 'Medium'."""
        return self.name.capitalize()

    def easier(self) -> Difficulty:
        """One step easier; Automatic stays Automatic."""
        return Difficulty(max(self.value - 1, Difficulty.AUTOMATIC.value))


def effective_difficulty(
    base: Difficulty, skill: Skill, a_plus_skills: Collection[Skill], failed_skills: Collection[Skill]
) -> Difficulty:
    """The difficulty this character faces: F makes it Unlikely, else A+ makes it easier (Impossible to Hard)."""
    if skill in failed_skills:
        if Difficulty.TRIVIAL <= base < Difficulty.UNLIKELY:
            return Difficulty.UNLIKELY
        return base
    if skill in a_plus_skills:
        # The book's own example: an Impossible check becomes Hard (two steps on our ladder; docs/rulings.md).
        return Difficulty.HARD if base is Difficulty.IMPOSSIBLE else base.easier()
    return base


# ---------------------------------------------------------------------------------------------------------
# Reading one card (SKL-CRIT-SUCCESS, SKL-CRIT-FAIL, SKL-WHEEL, SKL-UNLIKELY-CRIT)


class Outcome(Enum):
    """How a check came out."""

    CRITICAL_SUCCESS = "Critical Success"
    SUCCESS = "Success"
    FAILURE = "Failure"
    CRITICAL_FAILURE = "Critical Failure"

    @property
    def rank(self) -> int:
        """3 for a Critical Success down to 0 for a Critical Failure."""
        return _OUTCOME_RANK[self]

    @property
    def succeeded(self) -> bool:
        return self in (Outcome.CRITICAL_SUCCESS, Outcome.SUCCESS)


_OUTCOME_RANK = {
    Outcome.CRITICAL_SUCCESS: 3,
    Outcome.SUCCESS: 2,
    Outcome.FAILURE: 1,
    Outcome.CRITICAL_FAILURE: 0,
}
ALWAYS_CRITICAL_SUCCESS = frozenset({FOOL, WORLD, SUN})
ALWAYS_CRITICAL_FAILURE = frozenset({TOWER, DEVIL, DEATH})
HAPPENSTANCE = frozenset({FOOL, WHEEL_OF_FORTUNE})
# The lowest Minor value that passes each difficulty; Hard and Unlikely pass no Minor.
_MINOR_PASSES_FROM = {Difficulty.TRIVIAL: 1, Difficulty.EASY: 6, Difficulty.MEDIUM: 10}


@dataclass(frozen=True, slots=True)
class Reading:
    """One card read against a difficulty (and the Wheel's second card, when it needed one)."""

    card: CardId
    follow_up: CardId | None
    outcome: Outcome
    reason: str
    triggered: Outcome | None = None
    """The critical the cards called for, kept even when the difficulty overrode it."""

    @property
    def happenstance(self) -> bool:
        """A critical fired by The Fool or the Wheel: blind luck, not skill (the book's Happenstance)."""
        return self.triggered is not None and self.card in HAPPENSTANCE


def is_critical_success_card(card: CardId, arcana: Arcana | None) -> bool:
    """The Fool, The World, The Sun and the character's own Arcana card."""
    return card in ALWAYS_CRITICAL_SUCCESS or (arcana is not None and card == arcana.value)


def card_height(card: CardId) -> int:
    """How high a card stands: Minors by value (Ace 1 … King 14), then every Major above them by number."""
    face = CARDS[card]
    return 15 + face.value if face.is_major else face.value


def _critical(card: CardId, follow_up: CardId | None, arcana: Arcana | None) -> tuple[Outcome, str] | None:
    """The critical a card calls for, in the book's order: successes, then failures, then the Wheel."""
    name = CARDS[card].name
    if card in ALWAYS_CRITICAL_SUCCESS:
        return Outcome.CRITICAL_SUCCESS, f"{name}: always a Critical Success"
    if arcana is not None and card == arcana.value:
        return Outcome.CRITICAL_SUCCESS, f"{name}: the character's own Arcana, a Critical Success"
    if card in ALWAYS_CRITICAL_FAILURE:
        return Outcome.CRITICAL_FAILURE, f"{name}: always a Critical Failure"
    if card != WHEEL_OF_FORTUNE:
        return None
    if follow_up is None:
        raise ValueError("the Wheel of Fortune needs its second card to be read")
    second = CARDS[follow_up]
    drew = f"{name}, then {second.name}"
    if not second.is_major and second.value <= 9:
        return Outcome.CRITICAL_FAILURE, f"{drew}: Ace to 9 after the Wheel is a Critical Failure"
    return Outcome.CRITICAL_SUCCESS, f"{drew}: 10 or higher after the Wheel is a Critical Success"


def _apply_difficulty(critical: Outcome, why: str, difficulty: Difficulty) -> tuple[Outcome, str]:
    """Let Automatic, Unlikely and Impossible override a critical."""
    if critical is Outcome.CRITICAL_SUCCESS and difficulty is Difficulty.IMPOSSIBLE:
        return Outcome.FAILURE, f"{why}, but nothing succeeds at Impossible"
    if critical is Outcome.CRITICAL_SUCCESS and difficulty is Difficulty.UNLIKELY:
        return Outcome.SUCCESS, f"{why}, which on Unlikely is a plain success"
    if critical is Outcome.CRITICAL_FAILURE and difficulty is Difficulty.AUTOMATIC:
        return Outcome.SUCCESS, f"{why}, but nothing fails at Automatic"
    return critical, why


def _plain(card: CardId, difficulty: Difficulty) -> tuple[Outcome, str]:
    """A card that calls for no critical, against the pass conditions of the difficulty."""
    face = CARDS[card]
    if difficulty is Difficulty.AUTOMATIC:
        return Outcome.SUCCESS, f"{face.name}: Automatic cannot fail"
    if difficulty is Difficulty.IMPOSSIBLE:
        return Outcome.FAILURE, f"{face.name}: Impossible cannot succeed"
    if difficulty is Difficulty.UNLIKELY:
        return Outcome.FAILURE, f"{face.name}: Unlikely needs a Critical Success"
    if face.is_major:
        return Outcome.SUCCESS, f"{face.name}: any Major passes {difficulty.title}"
    if difficulty is Difficulty.HARD:
        return Outcome.FAILURE, f"{face.name}: Hard needs a Major"
    if difficulty is Difficulty.TRIVIAL:
        return Outcome.SUCCESS, f"{face.name}: Trivial fails only on a Critical Failure"
    lowest = _MINOR_PASSES_FROM[difficulty]
    if face.value >= lowest:
        return Outcome.SUCCESS, f"{face.name}: {difficulty.title} passes on a Minor above {lowest - 1}"
    return Outcome.FAILURE, f"{face.name}: {difficulty.title} needs a Minor above {lowest - 1}"


def read_card(
    difficulty: Difficulty, card: CardId, follow_up: CardId | None = None, arcana: Arcana | None = None
) -> Reading:
    """Judge one drawn card (and, after the Wheel of Fortune, its second card) against a difficulty."""
    if card != WHEEL_OF_FORTUNE and follow_up is not None:
        raise ValueError("only the Wheel of Fortune draws a second card")
    critical = _critical(card, follow_up, arcana)
    if critical is None:
        outcome, reason = _plain(card, difficulty)
        return Reading(card, None, outcome, reason)
    outcome, reason = _apply_difficulty(*critical, difficulty)
    return Reading(card, follow_up, outcome, reason, triggered=critical[0])


# ---------------------------------------------------------------------------------------------------------
# Bonus and Penalty (SKL-BONUS, SKL-PENALTY, SKL-HELP)


class Edge(Enum):
    """Whether a check has Bonus, Penalty or neither."""

    NONE = "none"
    BONUS = "Bonus"
    PENALTY = "Penalty"

    @property
    def draws(self) -> int:
        """How many cards the check starts with: two under Bonus or Penalty."""
        return 1 if self is Edge.NONE else 2


def combine_edges(edges: Iterable[Edge]) -> Edge:
    """Bonus and Penalty cancel and do not stack: any Bonus plus any Penalty is neither."""
    held = set(edges) - {Edge.NONE}
    return held.pop() if len(held) == 1 else Edge.NONE


def better(first: Reading, second: Reading) -> Reading:
    """The better of two readings: higher outcome, then the higher card; a tie keeps the first."""
    return second if _strength(second) > _strength(first) else first


def worse(first: Reading, second: Reading) -> Reading:
    """The worse of two readings: lower outcome, then the lower card; a tie keeps the first."""
    return second if _strength(second) < _strength(first) else first


def _strength(reading: Reading) -> tuple[int, int]:
    return reading.outcome.rank, card_height(reading.card)


# ---------------------------------------------------------------------------------------------------------
# The check and its result


@dataclass(frozen=True, slots=True)
class SkillCheck:
    """What is being checked: the difficulty the character faces, their Arcana, Bonus/Penalty, combat."""

    difficulty: Difficulty
    arcana: Arcana | None = None
    edge: Edge = Edge.NONE
    in_combat: bool = False
    critical_failures: frozenset[CardId] = frozenset()
    """Cards that are a Critical Failure on this check besides the book's (Groggy's Knights, INJ-MINOR)."""


@dataclass(frozen=True, slots=True)
class CheckResult:
    """A resolved check: every card drawn in order, the readings, and the one that counts."""

    check: SkillCheck
    cards: tuple[CardId, ...]
    readings: tuple[Reading, ...]
    kept: Reading
    reshuffled: bool = False

    @property
    def outcome(self) -> Outcome:
        return self.kept.outcome

    @property
    def succeeded(self) -> bool:
        return self.kept.outcome.succeeded

    @property
    def reason(self) -> str:
        """One line: which card counted and why."""
        if len(self.readings) == 1:
            return self.kept.reason
        chooser = "kept the better" if self.check.edge is Edge.BONUS else "the worse counts"
        names = " and ".join(CARDS[r.card].name for r in self.readings)
        return f"{self.check.edge.value}, {names}: {chooser}. {self.kept.reason}"


class NotEnoughCards(ValueError):
    """The draw pile and the discard pile are both empty while the check still needs a card."""


def needs_another_card(edge: Edge, drawn: Sequence[CardId]) -> bool:
    """Whether a check with this edge, having drawn these cards, must draw again."""
    starting = edge.draws
    if len(drawn) < starting:
        return True
    wheels = sum(1 for card in drawn[:starting] if card == WHEEL_OF_FORTUNE)
    return len(drawn) < starting + wheels


def resolve(check: SkillCheck, cards: Sequence[CardId]) -> CheckResult:
    """Read the cards a check drew, in draw order: the starting cards, then one per Wheel among them."""
    too_few = needs_another_card(check.edge, cards)
    too_many = bool(cards) and not needs_another_card(check.edge, cards[:-1])
    if too_few or too_many:
        raise ValueError(f"a check with edge {check.edge.name} cannot be read from {len(cards)} card(s)")
    starting = check.edge.draws
    follow_ups = iter(cards[starting:])
    readings = tuple(
        read_card(
            check.difficulty,
            card,
            next(follow_ups) if card == WHEEL_OF_FORTUNE else None,
            check.arcana,
        )
        for card in cards[:starting]
    )
    if check.critical_failures:
        readings = tuple(_also_critical_failure(r, check.difficulty, check.critical_failures) for r in readings)
    kept = readings[0]
    if check.edge is not Edge.NONE:
        kept = better(*readings) if check.edge is Edge.BONUS else worse(*readings)
    return CheckResult(check, tuple(cards), readings, kept)


def _also_critical_failure(reading: Reading, difficulty: Difficulty, cards: frozenset[CardId]) -> Reading:
    """A card the check counts as a Critical Failure (when the book calls for no critical of its own)."""
    if reading.card not in cards or reading.triggered is not None:
        return reading
    why = f"{CARDS[reading.card].name}: a Critical Failure on this check"
    outcome, reason = _apply_difficulty(Outcome.CRITICAL_FAILURE, why, difficulty)
    return Reading(reading.card, None, outcome, reason, triggered=Outcome.CRITICAL_FAILURE)


# ---------------------------------------------------------------------------------------------------------
# Drawing from a pile (DECK-RESHUFFLE, SKL-IN-COMBAT)


def _draw_card(pile: Pile, rng_state: int) -> tuple[int, CardId, bool]:
    """Draw the top card, shuffling the discard in first when the draw pile is empty."""
    reshuffled = False
    if not pile.draw:
        if not pile.discard:
            raise NotEnoughCards("no cards left to draw, even after shuffling the discard in")
        rng_state = pile.shuffle_discard_in(rng_state)
        reshuffled = True
    return rng_state, pile.draw.pop(), reshuffled


def make_check(pile: Pile, rng_state: int, check: SkillCheck) -> tuple[int, CheckResult]:
    """Make a check from the top of the pile, then discard the cards drawn; the pile changes in place."""
    work = pile.clone()
    reshuffled = False
    if check.in_combat:
        rng_state = work.shuffle_discard_in(rng_state)
        reshuffled = True
    drawn: list[CardId] = []
    while needs_another_card(check.edge, drawn):
        rng_state, card, shuffled_now = _draw_card(work, rng_state)
        drawn.append(card)
        reshuffled = reshuffled or shuffled_now
    work.discard.extend(drawn)
    pile.draw[:], pile.discard[:] = work.draw, work.discard
    result = resolve(check, drawn)
    return rng_state, CheckResult(check, result.cards, result.readings, result.kept, reshuffled)


# ---------------------------------------------------------------------------------------------------------
# Retries and once a Day (SKL-RETRY, SKL-ONCE-A-DAY)


def retry(previous: CheckResult, hold: bool = False) -> SkillCheck:
    """The check again for 1 Corruption, one step easier unless the GM holds its difficulty."""
    if previous.succeeded:
        raise ValueError("only a failed check can be retried")
    check = previous.check
    difficulty = check.difficulty if hold else check.difficulty.easier()
    return SkillCheck(difficulty, check.arcana, check.edge, check.in_combat, check.critical_failures)


class OnceADay(ValueError):
    """A second attempt at the same check on the same Day, other than a Corruption retry."""


@dataclass(slots=True)
class DayLedger:
    """The checks made on each Day, by subject, with the last outcome (SKL-ONCE-A-DAY)."""

    outcomes: dict[tuple[str, int], Outcome] = field(default_factory=dict)
    corruption: int = 0
    """Corruption taken for retries, for the caller to mark on the Report Card."""

    def refusal(self, subject: str, day: int, retrying: bool = False) -> str | None:
        """Why this attempt is not allowed, or None when it is."""
        last = self.outcomes.get((subject, day))
        if retrying and last is None:
            return f"nothing to retry: {subject!r} has not been attempted on Day {day}"
        if retrying and last is not None and last.succeeded:
            return f"{subject!r} already succeeded on Day {day}; there is nothing to retry"
        if not retrying and last is not None:
            return f"{subject!r} was already attempted on Day {day}; only a retry for 1 Corruption is allowed"
        return None

    def record(self, subject: str, day: int, result: CheckResult, retrying: bool = False) -> None:
        """Write down an attempt (and its Corruption when it is a retry); refuses a forbidden one."""
        why = self.refusal(subject, day, retrying)
        if why is not None:
            raise OnceADay(why)
        self.outcomes[(subject, day)] = result.outcome
        self.corruption += 1 if retrying else 0


# ---------------------------------------------------------------------------------------------------------
# Several players (SKL-GROUP-ANY, SKL-GROUP-ALL, SKL-HELP)


@dataclass(frozen=True, slots=True)
class GroupResult:
    """How a group check came out, who decided it (if anyone did) and why."""

    succeeded: bool
    by: str | None
    reason: str


def group_any(results: Mapping[str, CheckResult]) -> GroupResult:
    """Only one needs to succeed: the highest success accomplishes the task; no success, the task fails."""
    successes = {name: r for name, r in results.items() if r.succeeded}
    if not successes:
        return GroupResult(False, None, "nobody succeeded, so the task fails")
    best = max(successes, key=lambda name: _strength(successes[name].kept))
    card = CARDS[successes[best].kept.card].name
    return GroupResult(True, best, f"{best} drew the highest success ({card}) and accomplishes the task")


def group_all(results: Mapping[str, CheckResult]) -> GroupResult:
    """Everyone must get through: a lone critical decides for all, else two successes suffice."""
    crit_wins = [name for name, r in results.items() if r.outcome is Outcome.CRITICAL_SUCCESS]
    crit_losses = [name for name, r in results.items() if r.outcome is Outcome.CRITICAL_FAILURE]
    if crit_wins and not crit_losses:
        return GroupResult(True, crit_wins[0], f"{crit_wins[0]}'s Critical Success carries everyone")
    if crit_losses and not crit_wins:
        return GroupResult(False, crit_losses[0], f"{crit_losses[0]}'s Critical Failure sinks everyone")
    needed = min(2, len(results))
    passed = sum(1 for r in results.values() if r.succeeded)
    lead = "a Critical Success and a Critical Failure cancel; " if crit_wins else ""
    verdict = "enough" if passed >= needed else "not enough"
    return GroupResult(passed >= needed, None, f"{lead}{passed} of {needed} needed successes: {verdict}")


def helper_edge(helper: CheckResult) -> Edge:
    """A helper's success gives the one making the check Bonus; a failure gives Penalty."""
    return Edge.BONUS if helper.succeeded else Edge.PENALTY


# ---------------------------------------------------------------------------------------------------------
# Exact odds (SKL-ODDS)


@dataclass(frozen=True, slots=True)
class Odds:
    """The exact chance of each outcome of a check."""

    chances: Mapping[Outcome, Fraction]

    @property
    def success(self) -> Fraction:
        return sum((p for o, p in self.chances.items() if o.succeeded), Fraction(0))

    def __getitem__(self, outcome: Outcome) -> Fraction:
        return self.chances.get(outcome, Fraction(0))


def card_class(card: CardId, arcana: Arcana | None, critical_failures: Collection[CardId] = frozenset()) -> str:
    """The group of cards that a check cannot tell apart: every card in it reads the same. ``critical_failures``
    are the check's own extra Critical Failures (Groggy's Knights): a group of their own, unless the card already
    calls for a critical (then the book's reading stands, as in ``resolve``)."""
    face = CARDS[card]
    if is_critical_success_card(card, arcana):
        return "critical success"
    if card in ALWAYS_CRITICAL_FAILURE:
        return "critical failure"
    if card == WHEEL_OF_FORTUNE:
        return "wheel"
    if card in critical_failures:
        return "critical failure (this check)"
    if face.is_major:
        return "major"
    return "minor 1-5" if face.value <= 5 else "minor 6-9" if face.value <= 9 else "minor 10+"


_Counts = tuple[tuple[str, int], ...]


def _counts(cards: Iterable[CardId], check: SkillCheck) -> _Counts:
    return tuple(sorted(Counter(card_class(c, check.arcana, check.critical_failures) for c in cards).items()))


def _take(counts: _Counts, index: int) -> _Counts:
    name, n = counts[index]
    return counts[:index] + (((name, n - 1),) if n > 1 else ()) + counts[index + 1 :]


def check_odds(pile: Pile, check: SkillCheck) -> Odds:
    """Count each outcome over every order of the draw pile, and of the discard once it is shuffled in. The check's
    own Critical Failures (Groggy's Knights) are counted as such."""
    extra = check.critical_failures
    sample = {card_class(c, check.arcana, extra): c for c in [*pile.draw, *pile.discard]}
    draw, discard = _counts(pile.draw, check), _counts(pile.discard, check)
    if check.in_combat:
        draw, discard = _counts([*pile.draw, *pile.discard], check), ()
    totals: dict[Outcome, Fraction] = {}

    def walk(drawn: tuple[CardId, ...], draw: _Counts, discard: _Counts, chance: Fraction) -> None:
        if not needs_another_card(check.edge, drawn):
            outcome = resolve(check, drawn).outcome
            totals[outcome] = totals.get(outcome, Fraction(0)) + chance
            return
        if not draw:
            draw, discard = discard, ()
        if not draw:
            raise NotEnoughCards("this check could run out of cards, even after shuffling the discard in")
        size = sum(n for _, n in draw)
        for index, (name, n) in enumerate(draw):
            walk((*drawn, sample[name]), _take(draw, index), discard, chance * Fraction(n, size))

    walk((), draw, discard, Fraction(1))
    return Odds({o: totals[o] for o in Outcome if o in totals})


# ---------------------------------------------------------------------------------------------------------
# A group's exact odds (SKL-GROUP-ANY, SKL-GROUP-ALL, SKL-ODDS)


def group_succeeds(outcomes: Sequence[Outcome], everyone: bool) -> bool:
    """The group's verdict from its outcomes alone, as ``group_any`` and ``group_all`` give it."""
    if not everyone:
        return any(o.succeeded for o in outcomes)
    wins = Outcome.CRITICAL_SUCCESS in outcomes
    losses = Outcome.CRITICAL_FAILURE in outcomes
    if wins != losses:
        return wins
    return sum(1 for o in outcomes if o.succeeded) >= min(2, len(outcomes))


def group_chance(drawers: Sequence[tuple[Pile, SkillCheck]], everyone: bool) -> Fraction:
    """The exact chance the group succeeds, counted: each drawer's check on their pile, in order; drawers who share a
    pile (the Eddies) draw from it in turn, so the later ones see what the earlier ones left."""
    shares: dict[int, list[int]] = {}
    for index, (pile, _) in enumerate(drawers):
        shares.setdefault(id(pile), []).append(index)
    joint: dict[tuple[tuple[int, Outcome], ...], Fraction] = {(): Fraction(1)}
    for indexes in shares.values():
        pile = drawers[indexes[0]][0]
        shared = _chained_outcomes(pile, [drawers[i][1] for i in indexes])
        joint = {
            (*done, *zip(indexes, outcomes, strict=True)): p * q
            for done, p in joint.items()
            for outcomes, q in shared.items()
        }
    total = Fraction(0)
    for combination, chance in joint.items():
        if group_succeeds([o for _, o in sorted(combination, key=lambda pair: pair[0])], everyone):
            total += chance
    return total


_Keyed = tuple[tuple[tuple[str, ...], int], ...]  # how many cards of each kind, as several checks tell them apart
Hand = tuple[CardId, ...]


def _chained_outcomes(pile: Pile, checks: Sequence[SkillCheck]) -> dict[tuple[Outcome, ...], Fraction]:
    """Every way the checks can come out, drawn one after another from one pile, with its exact chance."""

    def key(card: CardId) -> tuple[str, ...]:  # cards every one of these checks reads alike
        return tuple(card_class(card, c.arcana, c.critical_failures) for c in checks)

    sample = {key(c): c for c in [*pile.draw, *pile.discard]}

    def counts(cards: Iterable[CardId]) -> _Keyed:
        return tuple(sorted(Counter(key(c) for c in cards).items()))

    def merged(a: _Keyed, b: Iterable[CardId]) -> _Keyed:
        together = Counter(dict(a))
        together.update(key(c) for c in b)
        return tuple(sorted(together.items()))

    totals: dict[tuple[Outcome, ...], Fraction] = {}

    def walk(
        done: tuple[Outcome, ...], drawn: tuple[CardId, ...], draw: _Keyed, discard: _Keyed, chance: Fraction
    ) -> None:
        if len(done) == len(checks):
            totals[done] = totals.get(done, Fraction(0)) + chance
            return
        check = checks[len(done)]
        if not drawn and check.in_combat:  # a check in combat shuffles the discard in first
            draw, discard = merged(draw, (sample[k] for k, n in discard for _ in range(n))), ()
        if not needs_another_card(check.edge, drawn):
            outcome = resolve(check, drawn).outcome
            walk((*done, outcome), (), draw, merged(discard, drawn), chance)
            return
        if not draw:
            draw, discard = discard, ()
        if not draw:
            raise NotEnoughCards("this group could run out of cards, even after shuffling the discard in")
        size = sum(n for _, n in draw)
        for index, (name, n) in enumerate(draw):
            rest = draw[:index] + (((name, n - 1),) if n > 1 else ()) + draw[index + 1 :]
            walk(done, (*drawn, sample[name]), rest, discard, chance * Fraction(n, size))

    walk((), (), counts(pile.draw), counts(pile.discard), Fraction(1))
    return totals
