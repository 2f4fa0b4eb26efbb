"""Coming back to a saved game: the Playthrough from its document, the fight from its log, the table's log lines."""

from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass, field

from rt0table.desktop.flow.playthrough import AroundFight, OwnRow, PlayStep, Playthrough
from rt0table.desktop.flow.playthrough_doc import playthrough_from_doc
from rt0table.desktop.saves import DamagedSaveError, LoadedGame, LogEntry, LogTail
from rt0table.desktop.saves.funnel_step import Step
from rt0table.desktop.saves.log_replay import Act, Entry, Undo, replay_log
from rt0table.desktop.saves.playthrough_rules import PlayedSteps
from rt0table.desktop.table.log import UNDONE
from rt0table.rules.loner.journal import JournalError
from rt0table.rules.rt0.fight.actions import Action
from rt0table.rules.rt0.fight.engine import Game
from rt0table.rules.rt0.fight.events import Event, StandInChose
from rt0table.rules.rt0.fight.narration import narrate_all
from rt0table.rules.rt0.fight.rt0_setup import CombatSetup
from rt0table.rules.rt0.fight.state import CombatState
from rt0table.rules.rt0.rt0_seam import RT0
from rt0table.rules.rt0.story import ops
from rt0table.rules.rt0.story.story_doc import DocError, story_from_doc


@dataclass
class Resumed:
    """A saved game ready to go on: the playthrough, the fight that was on the table (if any) and its log.

    ``answered`` are the plies the GM stand-in took and ``played_before`` the actions in force before the
    fight's first step in memory: the Session needs both to undo as it did before the game was saved.
    """

    playthrough: Playthrough
    fight: Game | None
    log: list[str]
    answered: frozenset[int] = field(default_factory=frozenset)
    played_before: int = 0
    opening: CombatState | None = None  # the fight's state before its first action
    around: AroundFight = field(default_factory=AroundFight)  # the playthrough's own steps among the fight's


def restore(loaded: LoadedGame) -> Resumed:
    """The playthrough as the save left it, and its fight when one was on the table (put it back with
    ``playthrough.resume_fight`` once the fight has a recorder). A save that cannot come back raises
    ``DamagedSaveError``."""
    if loaded.campaign is None:
        raise DamagedSaveError(loaded.path, "this save holds a fight but no party to go back to")
    try:
        playthrough, fight_on = playthrough_from_doc(loaded.campaign)
        befores = [story_from_doc(step.doc) for step in loaded.undo.steps]
    except DocError as error:
        raise DamagedSaveError(loaded.path, str(error)) from None
    except (KeyError, TypeError, ValueError, AttributeError, RecursionError, JournalError) as error:
        raise DamagedSaveError(loaded.path, f"the party's record before a change cannot be read ({error})") from None
    rows = [OwnRow(step.seq, step.op, before) for step, before in zip(loaded.undo.steps, befores, strict=True)]
    earlier: list[PlayStep] = [Step(row.before, ops.Earlier(row.op), ()) for row in rows]
    playthrough.funnel.reset(playthrough.story, earlier)  # undo goes on as before
    game, setup = loaded.game, loaded.setup
    if fight_on and game is not None and setup is not None:
        if not isinstance(game, Game) or not isinstance(setup, CombatSetup):  # the store gives the save's game's
            raise DamagedSaveError(loaded.path, "the fight in this save is not an RT:0 fight")
        opening, log = fight_log(setup, loaded.history, loaded.tail)
        played_before = loaded.ply - len(game.steps)
        around = AroundFight(tuple(rows), tuple(loaded.fight_seqs), loaded.undo.stood)
        return Resumed(playthrough, game, log, answered_plies(loaded.history), played_before, opening, around)
    return Resumed(playthrough, None, [])


def answered_plies(history: list[LogEntry]) -> frozenset[int]:
    """The plies (actions in force, from 1) the GM stand-in took, walking the log as a stack."""
    return frozenset(ply for ply, answered in enumerate(_answers(history), start=1) if answered)


def _answers(history: list[LogEntry]) -> list[bool]:
    """Per action in force after ``history``, oldest first: did the stand-in take it."""
    answers: list[bool] = []
    for entry in history:
        if entry.action is None:
            if answers:
                answers.pop()
        else:
            answers.append(entry.answer is not None)
    return answers


def undo_chain(answered: Container[int], ply: int, limit: int) -> int:
    """How many steps one undo took back: the stand-in's answers on top (their plies in ``answered``, counted down
    from ``ply``), and the step before them; at most ``limit``, the steps there were to take back."""
    count = 0
    while ply - count in answered:
        count += 1
    return min(count + 1, limit)


def untold_line(steps: int) -> str:
    """The first line of a long fight's log told again from a snapshot."""
    return f"(The first {steps:,} log entries of this fight stay in the save; the log goes on from there.)"


def fight_log(
    setup: CombatSetup, history: list[LogEntry], tail: LogTail | None = None
) -> tuple[CombatState, list[str]]:
    """The table's log for a fight played this far, as the table told it: its opening, every action played (undone
    ones too), the oracle's answers for the GM, and an "(Undone.)" for each undo the player asked for (one undo takes
    back the stand-in's answers with the step before them: one line for them all, as at the table). Returned with
    the fight's opening state it starts from.

    A long fight (``tail``) is told from a snapshot the save holds, after one line for the entries before it: the
    table shows only the newest lines, and replaying tens of thousands of actions would cost seconds."""
    state, events = setup.start()
    if tail is None:
        lines, start, answers = narrate_all(state, events), state, []
    else:
        lines, start = [untold_line(tail.start)], tail.state
        answers = _answers(history[: tail.start])
        history = history[tail.start :]
    undoing = 0  # steps still to come back in the undo under way

    def told(entry: Entry[Action], step: Step[CombatState, Action, Event], after: CombatState) -> None:
        nonlocal undoing
        if isinstance(entry, Undo):
            if undoing == 0:
                answered = {ply for ply, by_stand_in in enumerate(answers, start=1) if by_stand_in}
                undoing = undo_chain(answered, len(answers), len(answers))
                lines.append(UNDONE)
            answers.pop()
            undoing -= 1
            return
        undoing = 0
        answer = step.note
        preface: list[Event] = [StandInChose(answer.kind, answer.label, answer.reason)] if answer else []
        lines.extend(narrate_all(after, [*preface, *step.events]))
        answers.append(answer is not None)

    # the rules may have changed since: the log is told as far as they still agree
    replay_log(RT0, start, map(_entry, history), PlayedSteps(Game(start)), told=told)
    return state, lines


def _entry(entry: LogEntry) -> Entry[Action]:
    if entry.action is None:
        return Undo()
    return Act(entry.action, stand_in=entry.answer is not None, note=entry.answer)
