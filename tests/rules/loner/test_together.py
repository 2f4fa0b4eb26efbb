"""Playing together: who rolls, who reads the answer, and who facilitates."""

from __future__ import annotations

import pytest

from rt0table.rules.loner.together import TableError, Together


@pytest.mark.rule("LONER-TOGETHER-NOGM")
def test_without_a_gm_the_asker_reads_and_the_facilitator_rotates_or_stays() -> None:
    table = Together(("Ana", "Ben", "Cy"))
    assert table.rotating and [table.facilitator_for(n) for n in range(1, 5)] == ["Ana", "Ben", "Cy", "Ana"]
    assert (table.roller("Ben"), table.interpreter("Ben")) == ("Ben", "Ben")
    fixed = Together(("Ana", "Ben"), facilitator="Ben")
    assert not fixed.rotating and {fixed.facilitator_for(n) for n in range(1, 6)} == {"Ben"}


@pytest.mark.rule("LONER-TOGETHER-GM")
def test_with_a_gm_the_players_roll_and_the_gm_reads() -> None:
    table = Together(("Ana", "Ben"), gm="Dee")
    assert (table.roller("Ana"), table.interpreter("Ana"), table.facilitator_for(3)) == ("Ana", "Dee", "Dee")
    with pytest.raises(TableError, match="not a player"):
        table.roller("Dee")  # the GM does not roll


@pytest.mark.parametrize(
    ("players", "gm", "facilitator", "why"),
    [
        ((), "", "", "name every player"),
        (("Ana", "ana"), "", "", "share a name"),
        (("Ana",), "Ana", "", "no character"),
        (("Ana",), "", "Zed", "one of the players"),
        (("Ana",), "Dee", "Ana", "no facilitator"),
    ],
)
def test_bad_tables_are_refused(players: tuple[str, ...], gm: str, facilitator: str, why: str) -> None:
    with pytest.raises(TableError, match=why):
        Together(players, gm, facilitator)
