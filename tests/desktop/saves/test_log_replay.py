"""The one replay routine on a counter game: steps kept as a stack, each recorded hash checked, the first entry that
does not replay named with the game as it stood before it."""

from __future__ import annotations

from rt0table.desktop.saves.log_replay import (
    NOT_RECORDED,
    NOTHING_TO_UNDO,
    Act,
    Counted,
    Entry,
    KeptSteps,
    Undo,
    Unreadable,
    replay_log,
)
from rt0table.rules.seam import IllegalAction


class Counter:
    """Add the action to the state; adding nothing is refused."""

    def apply(self, state: int, action: int) -> tuple[int, list[str]]:
        if action == 0:
            raise IllegalAction("adding nothing is no step")
        return state + action, [f"+{action}"]

    def state_hash(self, state: int) -> str:
        return f"h{state}"


def test_actions_and_undos_leave_the_steps_in_force() -> None:
    kept: KeptSteps[int, int, str] = KeptSteps()
    entries: list[Entry[int]] = [Act(2, 1, "h2"), Act(3, 2, "h5", stand_in=True), Undo(3, "h2"), Act(4, 4, "h6")]
    result = replay_log(Counter(), 0, entries, kept)
    assert (result.state, result.good_seq, result.done, result.stop) == (6, 4, 4, None)
    assert [(step.before, step.action, step.events) for step in kept.steps] == [(0, 2, ("+2",)), (2, 4, ("+4",))]


def test_a_wrong_hash_stops_before_its_entry() -> None:
    kept: KeptSteps[int, int, str] = KeptSteps()
    result = replay_log(Counter(), 10, [Act(1, 5, "h11"), Act(1, 6, "h99"), Act(1, 7)], kept, start_seq=4)
    assert result.state == 11 and result.good_seq == 5 and len(kept) == 1
    assert result.stop is not None and (result.stop.index, result.stop.seq, result.stop.problem) == (1, 6, NOT_RECORDED)


def test_a_refused_action_an_empty_undo_and_an_unreadable_entry_each_stop_the_replay() -> None:
    refused = replay_log(Counter(), 0, [Act(1, 1), Act(0, 2)], Counted())
    assert refused.state == 1 and refused.stop is not None and refused.stop.problem == "adding nothing is no step"
    empty = replay_log(Counter(), 0, [Undo(1)], KeptSteps())
    assert empty.stop is not None and empty.stop.problem == NOTHING_TO_UNDO and empty.good_seq == 0
    unread = replay_log(Counter(), 0, [Act(1, 1), Unreadable(2, "field x: missing")], Counted())
    assert unread.stop is not None and (unread.stop.seq, unread.stop.problem) == (2, "field x: missing")


def test_hashes_are_checked_only_where_recorded_and_each_step_is_told() -> None:
    told: list[tuple[int, int]] = []
    replay_log(
        Counter(),
        0,
        [Act(1), Act(2, digest="h3"), Undo()],
        KeptSteps(),
        told=lambda e, s, a: told.append((s.before, a)),
    )
    assert told == [(0, 1), (1, 3), (1, 1)]
