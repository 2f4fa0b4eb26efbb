"""The campaign record and the skill-check decks through RT:0's one codec: the JSON the hand-written codecs wrote,
byte for byte, and a clear error naming the field for a damaged or crafted record."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.campaign.campaign_codec import read, read_campaign
from rt0table.rules.rt0.campaign.character import Character, Eddy
from rt0table.rules.rt0.campaign.check_table import CheckTable, read_kept
from rt0table.rules.rt0.campaign.party import Party
from rt0table.rules.rt0.campaign.skill_check import Difficulty, Edge
from rt0table.rules.rt0.fight.serialize import encode
from rt0table.rules.rt0.traits import Arcana, Skill, Spell, Trait

# Written by ``Campaign.to_dict``, ``Party.to_dict`` and ``CheckTable.to_dict`` (and ``json.dumps``) before they
# gave way to the codec.
SNAPSHOT = (Path(__file__).parent / "snapshots" / "campaign_before_one_codec.json").read_text(encoding="utf-8")

PIP = Character("Pip", Arcana.FOOL, Trait.STRONG, Trait.SLOW, Skill.ART, Skill.SCI, (Spell.LEO,), "x", "y")
MO = Character("Mo", Arcana.MAGICIAN, Trait.FAST, Trait.WEAK, Skill.SHOP, Skill.LAW, (Spell.ARIES,))


def busy() -> cp.Campaign:
    """Every part of the record in use: injuries with nights and a failed treatment, Corruption marked, items,
    the Headphones' card, bank and chits, a power used, an Eddy."""
    members = (cp.Member("a", PIP), cp.Member("b", MO))
    game = cp.Campaign(members=members, eddies=(Eddy("Eddy", Skill.AID, "mops"),), eddy_names=("Eddy",))
    game, _ = cp.take_injury(game, "a", "Broken Arm")
    game, _ = cp.take_corruption(game, "a", 4, "test")
    game, _ = cp.mark_all(game, "a")
    game = cp.give_item(game, "b", "Cast Iron Pan")
    game = cp.give_item(game, "a", "Headphones")
    game = cp.keep_on_headphones(game, "a", 12)
    game = cp.set_bank(game, "b", 300)
    game = cp.add_chit(game, "b", 20)
    game, _ = cp.end_day(game, slept=cp.Sleep.UNRESTFUL)
    game = cp.use_power(game, "a", "Deus Ex Machina")
    game, _ = cp.treat_injury(game, "a", "Broken Arm", False)
    return game


PARTY = Party((PIP, MO), (Eddy("Eddy", Skill.AID),), ("Eddy",))


def checks() -> CheckTable:
    """Skill-check decks with draws in the Day's ledger and a retry's Corruption taken."""
    table = CheckTable.for_party([PIP, MO], [Eddy("Eddy", Skill.AID)], seed=9)
    table.day = 2
    for task in ("Pick the lock", "Bribe the guard"):
        table.attempt("Pip", Skill.SCI, task, table.check_for("Pip", Skill.SCI, Difficulty.HARD, Edge.NONE))
    table.attempt("Eddy", Skill.AID, "Mop", table.check_for("Eddy", Skill.AID, Difficulty.EASY, Edge.NONE))
    table.corruption_taken["Pip"] = 1
    return table


def test_the_codec_writes_what_the_hand_written_one_wrote_byte_for_byte() -> None:
    written = {"campaign": encode(busy()), "party": encode(PARTY), "checks": encode(checks().kept())}
    assert json.dumps(written) + "\n" == SNAPSHOT


def test_a_record_the_hand_written_codec_wrote_reads_back_whole() -> None:
    saved = json.loads(SNAPSHOT)
    assert read_campaign(saved["campaign"]) == busy()
    assert read(Party, saved["party"], "party") == PARTY
    table, party = checks(), CheckTable.for_party([PIP, MO], [Eddy("Eddy", Skill.AID)], seed=1)
    back = CheckTable.from_kept(read_kept(saved["checks"]), party)
    assert (back.piles, back.rng_state, back.day) == (table.piles, table.rng_state, table.day)
    assert (back.ledger, back.corruption_taken) == (table.ledger, table.corruption_taken)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"version": 2}, r"^checks\.version: skill-check decks in format 2"),
        ({"ledger": [["mop", 2, "WIN"]]}, r"^checks\.ledger\[0\]\.outcome: 'WIN' is no outcome of a check"),
        ({"ledger": [["mop", "2", "SUCCESS"]]}, r"^checks\.ledger\[0\]\.day: expected a whole number"),
        ({"piles": {"eddies": {"draw": "all"}}}, r"^checks\.piles\.eddies\.draw: expected a list"),
        ({"piles": []}, r"^checks\.piles: expected a JSON object"),
    ],
)
def test_damaged_decks_are_refused_naming_the_field(change: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        read_kept({**json.loads(SNAPSHOT)["checks"], **change})


def test_a_record_saved_before_eddy_names_were_kept_takes_its_eddies_names() -> None:
    saved = json.loads(SNAPSHOT)["campaign"]
    del saved["eddy_names"]
    assert read_campaign(saved).eddy_names == ("Eddy",)


def _damaged(path: tuple[str | int, ...], value: Any) -> dict[str, Any]:
    saved: dict[str, Any] = json.loads(SNAPSHOT)["campaign"]
    place: Any = saved
    for step in path[:-1]:
        place = place[step]
    place[path[-1]] = value
    return saved


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("format",), 2, r"^campaign\.format: campaign format 2 is not one"),
        (("members", 0, "character", "format"), 7, r"^campaign\.members\[0\]\.character\.format: character format 7"),
        (("members", 1, "character", "arcana"), 99, r"^campaign\.members\[1\]\.character\.arcana: 99 is not a known"),
        (("members", 0, "character", "spells"), "Leo", r"^campaign\.members\[0\]\.character\.spells: expected a list"),
        (("members", 0, "items"), ["Warp Drive"], r"^campaign\.members\[0\]\.items: no item called 'Warp Drive'"),
        (("members", 0, "headphones"), [78], r"^campaign\.members\[0\]\.headphones: should be up to 3 card numbers"),
        (("members", 0, "injuries", "held", 0), ["Hiccups", 0, None], r"held\[0\]\.name: no injury called 'Hiccups'"),
        (("members", 0, "injuries", "held", 0), ["Dizzy", 1, 2, 3], r"held\[0\]: expected at most 3 values"),
        (("members", 0, "injuries", "held", 0, 1), "1", r"held\[0\]\.nights: expected a whole number"),
        (("members", 0, "corruption", "marks", "Slaughter"), -1, r"corruption\.marks: should map places to whole"),
        (("members", 0, "corruption", "owed"), True, r"corruption\.owed: expected a whole number"),
        (("members", 1, "wallet", "bank"), -5, r"^campaign\.members\[1\]\.wallet\.bank: should be a whole number"),
        (("members", 1, "wallet", "chits"), [200], r"^campaign\.members\[1\]\.wallet\.chits: should be credits"),
        (("members", 1), {"id": "b"}, r"^campaign\.members\[1\]\.character: is missing \(an incomplete Member\)"),
        (("eddies", 0), {"name": "Eddy"}, r"^campaign\.eddies\[0\]\.skill: is missing"),
        (("clock", "used"), {"a": ["Flying"]}, r"^campaign\.clock\.used: the saved Day lists an unknown once-per-Day"),
        (("supremacy",), "lots", r"^campaign\.supremacy: expected a whole number"),
        (("members",), {"a": 1}, r"^campaign\.members: expected a list"),
    ],
)
def test_a_damaged_record_is_refused_naming_the_field(path: tuple[str | int, ...], value: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        read_campaign(_damaged(path, value))


def test_a_record_that_is_no_object_is_refused() -> None:
    with pytest.raises(ValueError, match=r"^campaign: expected a Campaign, found \[\]"):
        read_campaign([])
