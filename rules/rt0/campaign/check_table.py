"""Skill checks between fights for a whole party: each character's pile, the Eddies' shared pile, the Day.

A small mutable model for the skill-check screen. Every draw goes through ``make_check`` and every chance
through ``check_odds``, so the screen shows exactly what the rules compute.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .. import rng
from ..fight.deck import Pile, deck_cards
from ..fight.serialize import StateFormatError, decode
from ..traits import Arcana, Skill, Trait
from .character import Character, Eddy
from .injuries import CheckTerms, effects_in_force, injury_check_terms
from .items import ITEMS, check_bonus_items, check_edges, check_steps, eased
from .skill_check import (
    CheckResult,
    DayLedger,
    Difficulty,
    Edge,
    GroupResult,
    Odds,
    OnceADay,
    Outcome,
    SkillCheck,
    check_odds,
    combine_edges,
    effective_difficulty,
    group_all,
    group_any,
    helper_edge,
    make_check,
    retry,
)

EDDY_PILE = "eddies"  # EDDY-SHEET: Eddies share one plain deck
FORMAT_VERSION = 1  # of ``KeptTable``
SIGHT_KIND = "sight_checks_penalty"  # Blinded: "any skill check that requires sight gets a Penalty"


@dataclass(frozen=True, slots=True)
class Checker:
    """Whoever draws: a character (own pile, A+/F, Arcana) or an Eddy (shared pile, one skill)."""

    name: str
    pile: str
    arcana: Arcana | None = None
    a_plus: tuple[Skill, ...] = ()
    failed: tuple[Skill, ...] = ()
    only_skill: Skill | None = None
    traits: frozenset[Trait] = frozenset()  # the Report Card's, for injuries' "already" effects
    injuries: tuple[str, ...] = ()
    morning_start: bool = False  # had a Morning Start today (Withdrawal's Penalty only without one)
    items: tuple[str, ...] = ()  # what they carry: the check items act at the checks they name (ITM-*)

    def refusal(self, skill: Skill) -> str | None:
        """Why this checker cannot make a check of this skill (an Eddy's one skill, an injury's bar), or None."""
        if self.only_skill is not None and skill is not self.only_skill:
            return f"{self.name} is an Eddy and can only check {self.only_skill.value}."
        return self.injury_terms(skill).refusal

    def injury_terms(self, skill: Skill, sight: bool = False) -> CheckTerms:
        """What the injuries do to a check of this skill (INJ-MAJOR, INJ-MINOR); ``sight``: the task needs it."""
        return injury_check_terms(self.traits, self.injuries, skill, sight=sight, morning_start=self.morning_start)

    @property
    def sight_matters(self) -> bool:
        """Whether needing sight changes this checker's checks (Blinded)."""
        return bool(effects_in_force(self.traits, self.injuries, SIGHT_KIND))

    def difficulty(self, skill: Skill, base: Difficulty, purpose: str = "") -> Difficulty:
        """A+/F applied to the called difficulty, after a step easier for each item made for this task."""
        base = eased(base, len(check_steps(self.items, skill, purpose))) if self.items and purpose else base
        return effective_difficulty(base, skill, self.a_plus, self.failed)

    def item_edges(self, skill: Skill, purpose: str) -> list[Edge]:
        """ITM-GROUCHO-GLASSES: Bonus items for this task (the EVA Suit's Penalty is for a fight's wearer)."""
        return [e for e in check_edges(self.items, skill, purpose) if e is Edge.BONUS] if purpose else []

    def spent(self, skill: Skill, purpose: str) -> list[str]:
        """The Exhaust items a check for this task uses up (Blank Keycard, First Aid Kit, Groucho Glasses)."""
        if not purpose:
            return []
        helping = [*check_steps(self.items, skill, purpose), *check_bonus_items(self.items, skill, purpose)]
        return [name for name in dict.fromkeys(helping) if ITEMS[name].exhausts]

    def why_difficulty(self, skill: Skill, base: Difficulty) -> str:
        """One line: why the difficulty faced differs from the one called (or that it does not)."""
        faced = self.difficulty(skill, base)
        if skill in self.failed and faced is not base:
            return f"{skill.value} has an F: {base.title} becomes {faced.title}."
        if skill in self.a_plus and faced is not base:
            return f"{skill.value} has an A+: {base.title} becomes {faced.title}."
        return f"{base.title}, as called."


@dataclass(slots=True)
class Attempt:
    """One player's draw and the check it was made as."""

    name: str
    skill: Skill
    subject: str
    result: CheckResult


@dataclass(slots=True)
class CheckTable:
    checkers: dict[str, Checker]
    piles: dict[str, Pile]
    rng_state: int
    day: int = 1
    ledger: DayLedger = field(default_factory=DayLedger)
    corruption_taken: dict[str, int] = field(default_factory=dict)
    history: list[Attempt] = field(default_factory=list)

    # --- setting up ---

    @classmethod
    def for_party(
        cls,
        characters: Iterable[Character],
        eddies: Iterable[Eddy],
        seed: int,
        injuries: Mapping[str, Sequence[str]] | None = None,
        morning_start: Collection[str] = (),
        items: Mapping[str, Sequence[str]] | None = None,
    ) -> CheckTable:
        """Each character gets their own shuffled deck (Lucky/Unlucky applied); Eddies share a full one.
        ``injuries`` by character name shape their checks (Penalty, barred skills, Groggy's Knights);
        ``morning_start`` names the characters who had a Morning Start today (Withdrawal's Penalty is then off)."""
        checkers: dict[str, Checker] = {}
        piles: dict[str, Pile] = {}
        state = seed
        for c in characters:
            key = f"character:{c.name}"
            held = tuple((injuries or {}).get(c.name, ()))
            checkers[c.name] = Checker(
                c.name,
                key,
                c.arcana,
                c.a_plus_skills,
                c.failed_skills,
                traits=frozenset(c.traits),
                injuries=held,
                morning_start=c.name in morning_start,
                items=tuple((items or {}).get(c.name, ())),
            )
            cards = deck_cards(c.traits)
            state = rng.shuffle(state, cards)
            piles[key] = Pile(cards)
        eddy_list = list(eddies)
        for e in eddy_list:
            checkers[e.name] = Checker(e.name, EDDY_PILE, only_skill=e.skill)
        if eddy_list:
            cards = deck_cards(())
            state = rng.shuffle(state, cards)
            piles[EDDY_PILE] = Pile(cards)
        return cls(checkers, piles, state)

    # --- before the draw ---

    def check_for(
        self, name: str, skill: Skill, base: Difficulty, edge: Edge, sight: bool = False, purpose: str = ""
    ) -> SkillCheck:
        """The check this player would make: A+/F applied, their Arcana, the edge, their injuries' terms
        (``sight``: the task needs sight, which Blinded penalises) and the items made for the task (``purpose``:
        ``items.FOOD``, ``DOOR``, ``TREAT`` or ``PERFORMANCE``)."""
        who = self.checkers[name]
        why = who.refusal(skill)
        if why is not None:
            raise ValueError(why)
        terms = who.injury_terms(skill, sight)
        edges = [terms.edge, *who.item_edges(skill, purpose)]
        edge = combine_edges([edge, *edges]) if any(e is not Edge.NONE for e in edges) else edge
        difficulty = who.difficulty(skill, base, purpose)
        return SkillCheck(difficulty, who.arcana, edge, critical_failures=terms.critical_failures)

    def odds(self, name: str, check: SkillCheck) -> Odds:
        """The exact chance of every outcome from this player's pile as it stands (SKL-ODDS)."""
        return check_odds(self.piles[self.checkers[name].pile], check)

    def refusal(self, subject: str, retrying: bool = False) -> str | None:
        """Why the Day's ledger refuses this attempt (SKL-ONCE-A-DAY), in words."""
        return self.ledger.refusal(_subject(subject), self.day, retrying)

    # --- drawing ---

    def _draw(self, name: str, check: SkillCheck) -> CheckResult:
        pile = self.piles[self.checkers[name].pile]
        self.rng_state, result = make_check(pile, self.rng_state, check)
        return result

    def attempt(self, name: str, skill: Skill, subject: str, check: SkillCheck) -> Attempt:
        """One player makes the check; the ledger records it for the Day."""
        why = self.refusal(subject)
        if why is not None:
            raise OnceADay(why)
        result = self._draw(name, check)
        self.ledger.record(_subject(subject), self.day, result)
        done = Attempt(name, skill, subject, result)
        self.history.append(done)
        return done

    def retry_refusal(self, previous: Attempt) -> str | None:
        """Why this attempt cannot be retried for 1 Corruption, or None."""
        if previous.result.succeeded:
            return "Only a failed check can be retried."
        if self.history and self.history[-1] is not previous:
            return "Only the latest check can be retried."
        return self.refusal(previous.subject, retrying=True)

    def retry(self, previous: Attempt, hold: bool = False) -> Attempt:
        """SKL-RETRY: 1 Corruption, one step easier unless the GM holds the difficulty."""
        why = self.retry_refusal(previous)
        if why is not None:
            raise OnceADay(why)
        result = self._draw(previous.name, retry(previous.result, hold))
        self.ledger.record(_subject(previous.subject), self.day, result, retrying=True)
        self.corruption_taken[previous.name] = self.corruption_taken.get(previous.name, 0) + 1
        done = Attempt(previous.name, previous.skill, previous.subject, result)
        self.history.append(done)
        return done

    def penalty_pick_refusal(self) -> str | None:
        """Why the GM has no card to pick on the latest check (SKL-PENALTY), or None."""
        last = self.history[-1] if self.history else None
        if last is None or last.result.check.edge is not Edge.PENALTY or len(last.result.readings) < 2:
            return "Only the latest check made under Penalty has two cards for the GM to judge."
        if len({r.outcome for r in last.result.readings}) < 2:
            return "Both cards read the same: there is nothing to judge."
        return None

    def gm_keeps(self, index: int) -> Attempt:
        """SKL-PENALTY: the GM says which of the latest check's two cards is the worse, the one that counts."""
        why = self.penalty_pick_refusal()
        if why is not None:
            raise ValueError(why)
        last = self.history[-1]
        if not 0 <= index < len(last.result.readings):
            raise ValueError(f"There is no card {index + 1} to keep: the check drew {len(last.result.readings)}.")
        judged = Attempt(last.name, last.skill, last.subject, replace(last.result, kept=last.result.readings[index]))
        self.history[-1] = judged
        self.ledger.outcomes[(_subject(last.subject), self.day)] = judged.result.outcome
        return judged

    def fail_for_headphones(self) -> tuple[Attempt, int]:
        """ITM-HEADPHONES: the latest check, a won FINAID, now counts as failed (a retry may follow); returns it,
        failed, and its card, which the caller puts on the Headphones."""
        if not self.history:
            raise ValueError("There is no check to fail on purpose.")
        last = self.history[-1]
        if last.skill is not Skill.FINAID or not last.result.succeeded:
            raise ValueError("Only a won FINAID check, the latest one, can be failed to keep its card.")
        kept = replace(last.result.kept, outcome=Outcome.FAILURE, reason="failed on purpose, for the Headphones")
        failed = Attempt(last.name, last.skill, last.subject, replace(last.result, kept=kept))
        self.history[-1] = failed
        self.ledger.outcomes[(_subject(last.subject), self.day)] = Outcome.FAILURE
        return failed, last.result.kept.card

    def group(
        self,
        names: Sequence[str],
        skill: Skill,
        subject: str,
        base: Difficulty,
        edge: Edge,
        everyone: bool,
        sight: bool = False,
    ) -> tuple[list[Attempt], GroupResult]:
        """Everybody draws (SKL-GROUP-ANY when one success is enough, SKL-GROUP-ALL when all must pass)."""
        if not names:
            raise ValueError("Pick at least one player for a group check.")
        why = self.refusal(subject)
        if why is not None:
            raise OnceADay(why)
        checks = {name: self.check_for(name, skill, base, edge, sight) for name in names}
        attempts = [Attempt(name, skill, subject, self._draw(name, checks[name])) for name in names]
        results: Mapping[str, CheckResult] = {a.name: a.result for a in attempts}
        verdict = group_all(results) if everyone else group_any(results)
        decisive = next((a.result for a in attempts if a.name == verdict.by), None)
        stand_in = decisive or next(
            (a.result for a in attempts if a.result.succeeded is verdict.succeeded), attempts[0].result
        )
        self.ledger.record(_subject(subject), self.day, stand_in)
        self.history.extend(attempts)
        return attempts, verdict

    def help(
        self, helper: str, skill: Skill, base: Difficulty, edge: Edge = Edge.NONE, sight: bool = False
    ) -> tuple[Attempt, Edge]:
        """SKL-HELP: a helper's own check; success gives Bonus to the one they help, failure Penalty."""
        check = self.check_for(helper, skill, base, edge, sight)
        done = Attempt(helper, skill, "helping", self._draw(helper, check))
        self.history.append(done)
        return done, helper_edge(done.result)

    def next_day(self) -> None:
        self.day += 1

    # --- the party changing between checks, and the save ---

    def update_party(
        self,
        characters: Iterable[Character],
        eddies: Iterable[Eddy],
        injuries: Mapping[str, Sequence[str]],
        morning_start: Collection[str] = (),
        items: Mapping[str, Sequence[str]] | None = None,
    ) -> None:
        """Keep the piles and the ledger, and follow the party: each character's injuries and Morning Start as they
        are now, Eddies who joined (a replaced Eddy draws from the same shared pile) or left. A newcomer with no pile
        yet gets one, shuffled from the table's own rng."""
        fresh = CheckTable.for_party(characters, eddies, self.rng_state, injuries, morning_start, items)
        new_piles = [key for key in fresh.piles if key not in self.piles]
        for key in new_piles:
            self.piles[key] = fresh.piles[key]
        if new_piles:
            self.rng_state = fresh.rng_state
        self.checkers = dict(fresh.checkers)  # who checks, as they are now (the piles above stay)

    def kept(self) -> KeptTable:
        """What a save needs to go on drawing exactly the same cards: the piles, the rng, the Day and its ledger,
        the retries' Corruption. The checkers come from the party (``update_party``)."""
        ledger = tuple(
            LedgerRow(subject, day, outcome.name) for (subject, day), outcome in self.ledger.outcomes.items()
        )
        return KeptTable(
            FORMAT_VERSION,
            self.rng_state,
            self.day,
            dict(self.piles),
            ledger,
            self.ledger.corruption,
            dict(self.corruption_taken),
        )

    @classmethod
    def from_kept(cls, kept: KeptTable, party: CheckTable) -> CheckTable:
        """The table a save kept, for ``party`` (a table made by ``for_party`` for the party as it is now: its
        checkers, and piles for anyone the save has none for)."""
        ledger = DayLedger({(r.subject, r.day): Outcome[r.outcome] for r in kept.ledger}, kept.ledger_corruption)
        piles = {**party.piles, **kept.piles}
        return cls(dict(party.checkers), piles, kept.rng_state, kept.day, ledger, dict(kept.corruption_taken))


@dataclass(frozen=True, slots=True)
class LedgerRow:
    """A check the Day's ledger holds, as a save keeps it: ``[subject, Day, the outcome's name]``."""

    subject: str
    day: int
    outcome: str  # "SUCCESS", "CRITICAL_FAILURE", …


@dataclass(frozen=True, slots=True)
class KeptTable:
    """A ``CheckTable`` as a save keeps it (``CheckTable.kept``), written and read by RT:0's one codec."""

    version: int
    rng_state: int
    day: int
    piles: dict[str, Pile]
    ledger: tuple[LedgerRow, ...] = ()
    ledger_corruption: int = 0
    corruption_taken: dict[str, int] = field(default_factory=dict)


def read_kept(data: Any, where: str = "checks") -> KeptTable:
    """The skill-check decks a save kept; a ``StateFormatError`` (a ValueError) naming the field when they are not
    ones this game could have made."""
    version = data.get("version") if isinstance(data, dict) else None
    if version != FORMAT_VERSION:  # first: a newer format may be shaped otherwise
        raise StateFormatError(f"{where}.version: skill-check decks in format {version!r}, not one this reads")
    kept: KeptTable = decode(KeptTable, data, where)
    for index, row in enumerate(kept.ledger):
        if row.outcome not in Outcome.__members__:
            raise StateFormatError(f"{where}.ledger[{index}].outcome: {row.outcome!r} is no outcome of a check")
    return kept


def edge_with_help(own: Edge, helps: Iterable[Edge]) -> Edge:
    """The edge after helpers: Bonus and Penalty cancel and do not stack (SKL-HELP)."""
    return combine_edges([own, *helps])


def _subject(subject: str) -> str:
    """Subjects are compared without case or extra spaces ("Open the vault" is "open  the vault")."""
    return " ".join(subject.casefold().split())
