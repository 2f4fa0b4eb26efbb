"""The book's NPC notation read by the parser, and every roster line of the book kept as data."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rt0table.rules.moons_grave.mg_book import TALENTS
from rt0table.rules.moons_grave.npc_notation import NotationError, NpcAttack, parse_npc, parse_roster

from .mg_fixtures import house


@pytest.mark.rule("MG-NPC-LEVEL")
def test_the_number_in_brackets_is_every_talent() -> None:
    deputy = parse_npc("Deputy (3)")
    assert deputy.name == "Deputy"
    assert all(deputy.talent(t) == 3 for t in TALENTS)


@pytest.mark.rule("MG-NPC-EXCEPTIONS")
def test_listed_exceptions_override_the_default_and_beckon_defaults_to_it() -> None:
    lieutenant = parse_npc("Lieutenant (4), Beckon 1, Evasion 5")
    assert lieutenant.talent("Evasion") == 5
    assert lieutenant.talent("Beckon") == 1
    assert lieutenant.talent("Parry") == 4
    assert parse_npc("Sergeant (3)").talent("Beckon") == 3  # ruling: unlisted Beckon is the default level


@pytest.mark.rule("MG-NPC-PERKS", "MG-NPC-ATTACKS", "MG-NPC-KEYWORDS", "MG-NPC-SCAVENGE")
def test_perk_attack_and_keyword_lines() -> None:
    bully = parse_npc("Bully (5), Beckon 2, Willpower 4\nBully's Backhand [1]\nSword <Strike/Parry>\nbrute, human")
    assert bully.perks == (("Bully's Backhand", 1),)
    assert bully.attacks == (NpcAttack("Sword", "Strike", "Parry"),)
    assert bully.attacks[0].weapon == "Sword"  # named like a weapon: it carries one to scavenge
    assert NpcAttack("Claws", "Brawl", "Parry").weapon is None
    assert bully.keywords == ("brute", "human")
    assert parse_npc(bully.notation()) == bully


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Deputy", "must read 'Name \\(N\\)'"),
        ("Deputy (3) Beckon 0", "each after a comma"),
        ("Deputy (3), Beckon", "'Beckon' is not 'Talent N'"),
        ("Deputy (3), Charm 2", "'Charm' is not a talent"),
        ("Deputy (3), Parry 2, parry 3", "Parry is listed twice"),
        ("Deputy (3)\nJunk line\nmore", "line 2 'Junk line' is neither"),
        ("Deputy (3)\nClaws <Brawl/Luck>", "'Luck' is not a talent"),
        ("", "at least its name line"),
    ],
)
def test_bad_notation_explains_itself(text: str, expected: str) -> None:
    with pytest.raises(NotationError, match=expected):
        parse_npc(text)


@given(st.text(max_size=60))
def test_no_text_crashes_the_parser(text: str) -> None:
    with contextlib.suppress(NotationError):
        parse_npc(text)


@pytest.mark.rule("MG-NPC-ROSTER")
def test_the_roster_of_the_book_is_all_there_with_its_numbers() -> None:
    content = house()
    groups = {}
    for entry in content.npcs:
        groups.setdefault(entry.group, []).append(entry.npc)
    sizes = {group: len(npcs) for group, npcs in groups.items()}
    assert sizes == {
        "Municipal Personnel": 7,
        "Magekin Citizens": 5,
        "Undead Citizens": 10,
        "Wyrmsworn Cultists": 7,
        "Members of the Great Tribe": 8,
        "Solar Cultists": 5,
        "Examples in the rules": 2,
    }
    assert content.npc("Lunatron").talent("Durability") == 10
    assert content.npc("Lunatron").talent("Willpower") == 3
    assert content.npc("Hillana, The Queen’s Underhand").talent("Guile") == 9
    assert content.npc("Brave").talent("Tactics") == 9
    assert content.npc("The Avatar of Lady Sun").level == 10
    assert content.npc("Haunt").level == 2
    assert content.npc("Antoinne’s, the Oathkeeper").talent("Willpower") == 9


def test_a_pasted_block_of_several_npcs() -> None:
    npcs = parse_roster("Deputy (3), Beckon 0\n\nSergeant (3)\nSword <Strike/Parry>\n\n\nAgent (3), Guile 5\n")
    assert [n.name for n in npcs] == ["Deputy", "Sergeant", "Agent"]
    assert npcs[1].attacks[0].weapon == "Sword"
