"""The injury catalogue (INJ-*): every entry's numbers, downgrades, rest, cure costs and effects on traits."""

from __future__ import annotations

import json

import pytest

from rt0table.rules.rt0.campaign import injuries as inj
from rt0table.rules.rt0.campaign import injury_data
from rt0table.rules.rt0.campaign.campaign_codec import read
from rt0table.rules.rt0.campaign.campaign_events import DowngradeFailed, InjuryChanged, InjuryHealed, MemberDied
from rt0table.rules.rt0.campaign.skill_check import Difficulty
from rt0table.rules.rt0.cards import FOOL, SUN, Suit, minor
from rt0table.rules.rt0.fight.deck import deck_cards
from rt0table.rules.rt0.fight.serialize import encode
from rt0table.rules.rt0.traits import Skill, Trait
from rt0table.rules.seam import RulesError

T = Trait
D = Difficulty
MAJORS = (
    "Bleeding Out",
    "Broken Arm",
    "Broken Leg",
    "Concussion",
    "Curse",
    "Delerium",
    "Disease",
    "Heart Palpitations",
    "Unresolved Trauma",
)
MINORS = (
    "Bandaged Wound",
    "Blinded",
    "Distracted",
    "Dizzy",
    "Groggy",
    "Hex",
    "Loopy",
    "Massive Painful Scar",
    "Morning Start Withdrawal",
    "Injured Arm",
    "Injured Leg",
    "Stress",
    "Upset Stomach",
    "Splinted Arm",
    "Splinted Leg",
    "Confusion",
)


def record(*names: str) -> inj.InjuryRecord:
    return inj.InjuryRecord(tuple(inj.HeldInjury(n) for n in names))


@pytest.mark.rule("INJ-MAJOR", "INJ-MINOR", "INJ-CRITICAL")
def test_catalogue_holds_every_injury_the_book_names() -> None:
    assert inj.MAJORS == MAJORS
    assert set(inj.MINORS) == set(MINORS)
    assert inj.INJURIES["Critical Injury"].severity is inj.Severity.CRITICAL
    assert len(inj.INJURIES) == 9 + 16 + 1
    assert all(i.summary for i in inj.INJURIES.values())


@pytest.mark.rule("COR-HEAL")
@pytest.mark.parametrize("name", [*MAJORS, *MINORS, "Critical Injury"])
def test_cure_costs(name: str) -> None:
    expected = {"minor": 2, "major": 4, "critical": 6}[inj.injury(name).severity.value]
    assert inj.cure_cost(name) == (1 if name == "Blinded" else expected)


# (injury, imposed weakness or None, suspended ability or None)
OVERRIDES = [
    ("Broken Arm", T.WEAK, None),
    ("Broken Leg", T.SLOW, None),
    ("Concussion", T.FOOLISH, None),
    ("Curse", T.UNLUCKY, None),
    ("Delerium", T.DULL, None),
    ("Unresolved Trauma", T.STRANGE, None),
    ("Dizzy", None, T.WISE),
    ("Hex", None, T.LUCKY),
    ("Loopy", None, T.CLEVER),
    ("Injured Arm", None, T.STRONG),
    ("Injured Leg", None, T.FAST),
    ("Stress", None, T.CHARMING),
    ("Splinted Arm", None, T.STRONG),
    ("Splinted Leg", None, T.FAST),
    ("Confusion", None, T.CLEVER),
]


@pytest.mark.rule("INJ-MAJOR", "INJ-MINOR", "MOD-STRENGTH")
@pytest.mark.parametrize(("name", "becomes", "suspends"), OVERRIDES)
def test_traits_in_force(name: str, becomes: Trait | None, suspends: Trait | None) -> None:
    every_ability = {T.STRONG, T.FAST, T.CLEVER, T.WISE, T.LUCKY, T.CHARMING}
    after = inj.traits_in_force(every_ability, [name])
    if becomes is not None:
        assert becomes in after
        assert {
            T.WEAK: T.STRONG,
            T.SLOW: T.FAST,
            T.FOOLISH: T.WISE,
            T.UNLUCKY: T.LUCKY,
            T.DULL: T.CLEVER,
            T.STRANGE: T.CHARMING,
        }[becomes] not in after
        assert len(after) == 6
    else:
        assert after == every_ability - {suspends}


@pytest.mark.rule("INJ-MAJOR")
def test_broken_arm_makes_a_strong_character_weak_and_bars_strong_skills() -> None:
    after = inj.traits_in_force({T.STRONG, T.SLOW, T.LUCKY}, ["Broken Arm"])
    assert after == {T.WEAK, T.SLOW, T.LUCKY}
    assert [(n, e.trait) for n, e in inj.effects_in_force(after, ["Broken Arm"], "skills_barred")] == [
        ("Broken Arm", T.STRONG)
    ]
    assert inj.traits_in_force({T.STRONG}, []) == {T.STRONG}
    assert inj.traits_in_force({T.STRONG}, ["a homebrew bruise"]) == {T.STRONG}


@pytest.mark.rule("INJ-MAJOR")
@pytest.mark.parametrize(
    ("name", "weakness", "kind"),
    [
        ("Broken Arm", T.WEAK, "no_physical_damage"),
        ("Broken Leg", T.SLOW, "no_shields"),
        ("Concussion", T.FOOLISH, "no_concentrate"),
        ("Delerium", T.DULL, "no_skills"),
        ("Unresolved Trauma", T.STRANGE, "corruption_after_combat"),
    ],
)
def test_already_weak_effects_need_the_weakness_on_the_report_card(name: str, weakness: Trait, kind: str) -> None:
    assert inj.effects_in_force({weakness}, [name], kind)
    assert not inj.effects_in_force({T.STRONG, T.FAST}, [name], kind)


@pytest.mark.rule("DECK-CURSE", "INJ-MAJOR")
def test_curse_changes_the_deck() -> None:
    assert inj.deck_changes(["Curse"]).cursed
    assert not inj.deck_changes(["Hex", "Broken Arm"]).cursed
    kings = {minor(s, 14) for s in (Suit.WANDS, Suit.CUPS, Suit.SWORDS, Suit.PENTACLES)}
    plain = deck_cards(inj.deck_traits({T.STRONG}, ["Curse"]), inj.deck_changes(["Curse"]).cursed)
    assert len(plain) == 70 and not kings & set(plain)
    unlucky = deck_cards(inj.deck_traits({T.UNLUCKY}, ["Curse"]), True)
    assert len(unlucky) == 78 - 8 - 8 - 2 and FOOL not in unlucky and SUN not in unlucky


@pytest.mark.rule("DECK-CURSE", "DECK-LUCKY")
def test_a_cursed_or_hexed_lucky_deck_keeps_its_aces_and_twos() -> None:
    aces = {minor(s, 1) for s in (Suit.WANDS, Suit.CUPS, Suit.SWORDS, Suit.PENTACLES)}
    assert aces <= set(deck_cards(inj.deck_traits({T.LUCKY}, ["Hex"])))
    cursed = deck_cards(inj.deck_traits({T.LUCKY}, ["Curse"]), True)
    assert aces <= set(cursed) and len(cursed) == 70
    assert not aces & set(deck_cards(inj.deck_traits({T.LUCKY}, [])))


# (injury, skill, difficulty, target, retry) — INJ-DOWNGRADE; None target means removed.
DOWNGRADES = [
    ("Bleeding Out", Skill.AID, D.HARD, "Bandaged Wound", True),
    ("Broken Arm", Skill.AID, D.HARD, "Splinted Arm", True),
    ("Broken Leg", Skill.AID, D.HARD, "Splinted Leg", False),
    ("Concussion", Skill.AID, D.HARD, "Dizzy", True),
    ("Curse", Skill.MISC, D.HARD, "Hex", True),
    ("Delerium", Skill.AID, D.HARD, "Confusion", True),
    ("Unresolved Trauma", Skill.FINAID, D.HARD, "Stress", True),
    ("Blinded", Skill.AID, D.MEDIUM, None, False),
]


@pytest.mark.rule("INJ-DOWNGRADE")
@pytest.mark.parametrize(("name", "skill", "difficulty", "target", "retry"), DOWNGRADES)
def test_downgrade_checks(name: str, skill: Skill, difficulty: Difficulty, target: str | None, retry: bool) -> None:
    rule = inj.injury(name).downgrade
    assert rule is not None
    assert (rule.skill, rule.difficulty, rule.to, rule.retry) == (skill, difficulty, target, retry)
    after, events = inj.downgrade(record(name, "Groggy"), name, True, day=1)
    if target is None:
        assert after.names == ("Groggy",) and isinstance(events[0], InjuryHealed)
    else:
        assert after.names == (target, "Groggy")
        assert events == [InjuryChanged("", name, target, f"{skill.value} check")]


@pytest.mark.rule("INJ-DOWNGRADE")
@pytest.mark.parametrize("name", ["Disease", "Heart Palpitations", "Massive Painful Scar", "Hex", "Groggy"])
def test_injuries_without_a_treatment_check(name: str) -> None:
    assert inj.injury(name).downgrade is None
    assert inj.downgrade_refusal(record(name), name, 1) == f"{name} cannot be treated with a skill check."


@pytest.mark.rule("INJ-DOWNGRADE", "SKL-ONCE-A-DAY")
def test_a_failed_treatment_waits_a_day_unless_the_injury_allows_retries() -> None:
    once, events = inj.downgrade(record("Broken Leg"), "Broken Leg", False, day=3)
    assert events == [DowngradeFailed("", "Broken Leg", False)]
    assert inj.downgrade_refusal(once, "Broken Leg", 3) is not None
    assert inj.downgrade_refusal(once, "Broken Leg", 3, corruption_retry=True) is None
    assert inj.downgrade_refusal(once, "Broken Leg", 4) is None
    with pytest.raises(RulesError):
        inj.downgrade(once, "Broken Leg", True, day=3)
    retryable, _ = inj.downgrade(record("Broken Arm"), "Broken Arm", False, day=3)
    assert inj.downgrade_refusal(retryable, "Broken Arm", 3) is None


@pytest.mark.rule("INJ-CRITICAL", "INJ-DOWNGRADE")
def test_critical_downgrades_to_a_major_of_the_gms_choice() -> None:
    rule = inj.injury("Critical Injury").downgrade
    assert rule is not None and rule.skill is Skill.AID and rule.to_any is inj.Severity.MAJOR
    with pytest.raises(RulesError):
        inj.downgrade(record("Broken Arm", "Critical Injury"), "Critical Injury", True, 1)
    with pytest.raises(RulesError):
        inj.downgrade(record("Critical Injury"), "Critical Injury", True, 1, choice="Hex")
    after, _ = inj.downgrade(record("Broken Arm", "Critical Injury"), "Critical Injury", True, 1, choice="Concussion")
    assert after.names == ("Broken Arm", "Concussion")
    assert inj.is_incapacitated(["Critical Injury"]) and not inj.is_incapacitated(after.names)


@pytest.mark.rule("INJ-DOWNGRADE")
@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("Broken Arm", "Hard AID check (retries allowed): Splinted Arm. 2 nights of rest: Massive Painful Scar."),
        ("Broken Leg", "Hard AID check: Splinted Leg. 2 nights of rest: Massive Painful Scar."),
        ("Bleeding Out", "Hard AID check (retries allowed): Bandaged Wound. Sleeping on it kills."),
        ("Critical Injury", "Hard AID check: a major injury of the GM's choice."),
        ("Groggy", "A restful night clears it."),
        ("Massive Painful Scar", "It stays until Corruption cures it."),
    ],
)
def test_how_an_injury_mends_is_read_from_its_entry(name: str, words: str) -> None:
    assert inj.mending(inj.injury(name)) == words


# (injury, nights, what follows: a name, None for gone, "death")
REST = [
    ("Bleeding Out", 1, "death"),
    *[
        (n, 2, "Massive Painful Scar")
        for n in ("Broken Arm", "Broken Leg", "Concussion", "Curse", "Delerium", "Unresolved Trauma")
    ],
    *[
        (n, 2, None)
        for n in (
            "Bandaged Wound",
            "Dizzy",
            "Hex",
            "Loopy",
            "Injured Arm",
            "Injured Leg",
            "Stress",
            "Splinted Arm",
            "Splinted Leg",
            "Confusion",
        )
    ],
]


@pytest.mark.rule("INJ-DOWNGRADE")
@pytest.mark.parametrize(("name", "nights", "then"), REST)
def test_nights_of_rest(name: str, nights: int, then: str | None) -> None:
    held = record(name)
    for _ in range(nights - 1):
        held, events = inj.rest_night(held)
        assert held.names == (name,) and not events
    held, events = inj.rest_night(held)
    if then == "death":
        assert held.dead and isinstance(events[0], MemberDied)
    elif then is None:
        assert held.names == () and isinstance(events[0], InjuryHealed)
    else:
        assert held.names == (then,) and held.held[0].nights == 0


@pytest.mark.rule("INJ-DOWNGRADE")
@pytest.mark.parametrize(
    "name",
    [
        "Disease",
        "Heart Palpitations",
        "Massive Painful Scar",
        "Groggy",
        "Upset Stomach",
        "Distracted",
        "Blinded",
        "Morning Start Withdrawal",
        "Critical Injury",
    ],
)
def test_rest_does_not_touch_the_others(name: str) -> None:
    held = record(name)
    for _ in range(5):
        held, _events = inj.rest_night(held)
    assert held.names == (name,)


@pytest.mark.rule("INJ-DOWNGRADE")
@pytest.mark.parametrize(
    ("ending", "names"),
    [
        ("end of combat", {"Distracted"}),
        ("end of day", {"Heart Palpitations", "Upset Stomach"}),
        ("restful sleep", {"Groggy"}),
        ("end of day without morning start", {"Morning Start Withdrawal"}),
    ],
)
def test_what_ends_on_an_occasion(ending: str, names: set[str]) -> None:
    everything = record(*MAJORS, *MINORS)
    after, events = inj.remove_where(everything, ending)
    assert set(everything.names) - set(after.names) == names
    assert len(events) == len(names)


@pytest.mark.rule("INJ-MAJOR", "INJ-MINOR")
def test_combat_numbers() -> None:
    assert inj.turn_start_hp_loss(["Bleeding Out", "Bandaged Wound", "Dizzy"]) == [
        ("Bleeding Out", 3),
        ("Bandaged Wound", 1),
    ]
    assert inj.first_round_discards(["Dizzy", "Hex", "Loopy", "Injured Arm", "Injured Leg", "Stress"]) == 6
    assert inj.first_round_discards(["Splinted Arm", "Splinted Leg", "Confusion", "Bandaged Wound"]) == 3
    [(_, disease)] = inj.effects_in_force((), ["Disease"], "card_damage")
    assert disease.amount == 8 and disease.card == "5 of Pentacles"
    assert inj.effects_in_force((), ["Heart Palpitations"], "extra_draw")[0][1].amount == 1
    assert inj.effects_in_force((), ["Blinded"], "miss_on_low_card")[0][1].amount == 5
    assert inj.effects_in_force((), ["Morning Start Withdrawal"], "discard_turn_start")[0][1].amount == 1


# --- taking injuries: INJ-MAJOR / INJ-CRITICAL escalation ---------------------------------------------------------


@pytest.mark.rule("INJ-MAJOR", "INJ-CRITICAL", "CMB-ZERO-HP")
def test_second_major_is_critical_and_second_critical_kills() -> None:
    one, _ = inj.take_injury(inj.InjuryRecord(), "Broken Arm")
    assert one.names == ("Broken Arm",)
    two, events = inj.take_injury(one, "Curse")
    assert two.names == ("Broken Arm", "Critical Injury") and events[0].severity == "critical"  # type: ignore[attr-defined]
    dead, events = inj.take_injury(two, "Disease")
    assert dead.dead and isinstance(events[0], MemberDied)
    direct, _ = inj.take_injury(inj.InjuryRecord(), "Critical Injury")
    assert direct.names == ("Critical Injury",)
    assert inj.take_injury(direct, "Critical Injury")[0].dead
    assert inj.take_injury(direct, "Concussion")[0].dead  # ruling: a Critical counts as holding a Major


@pytest.mark.rule("INJ-MINOR")
def test_minors_pile_up_and_scars_repeat() -> None:
    held = inj.InjuryRecord()
    for name in ("Dizzy", "Hex", "Broken Leg", "Dizzy", "Massive Painful Scar", "Massive Painful Scar"):
        held, _ = inj.take_injury(held, name)
    assert held.names == ("Dizzy", "Hex", "Broken Leg", "Massive Painful Scar", "Massive Painful Scar")
    assert inj.escalation(held.names, inj.Severity.MINOR) is inj.Severity.MINOR


@pytest.mark.rule("COR-HEAL")
def test_heal_removes_the_injury_and_names_the_cost() -> None:
    after, cost, events = inj.heal(record("Critical Injury", "Broken Arm"), "Critical Injury")
    assert after.names == ("Broken Arm",) and cost == 6 and events
    with pytest.raises(RulesError):
        inj.heal(after, "Hex")


def test_record_round_trips() -> None:
    held = inj.InjuryRecord((inj.HeldInjury("Dizzy", 1, 3), inj.HeldInjury("Curse")), dead=False)
    assert read(inj.InjuryRecord, json.loads(json.dumps(encode(held))), "injuries") == held


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"severity": "awful"}, "injury 'Dizzy': field 'severity': 'awful' is no Severity"),
        ({"becomes": "Strong"}, "injury 'Dizzy': field 'becomes': Strong is not a weakness"),
        ({"cost": 0}, "injury 'Dizzy': field 'cost'"),
        ({"colour": "red"}, "injury 'Dizzy': field 'colour': is not a known field"),
        ({"effects": [{"kind": "sneeze"}]}, "injury 'Dizzy': field 'effects[0].kind'"),
        ({"rest": {"nights": 2, "to": "Broken Arm"}}, "injury 'Dizzy': field 'rest.to': 'Broken Arm' is not milder"),
        ({"downgrade": {"skill": "AID", "difficulty": "Tricky"}}, "field 'downgrade.difficulty'"),
    ],
)
def test_catalogue_errors_name_file_entry_and_field(change: dict[str, object], message: str) -> None:
    data = [dict(e) for e in injury_data.CATALOGUE]
    index = next(i for i, e in enumerate(data) if e["name"] == "Dizzy")
    data[index] = {**data[index], **change}
    with pytest.raises(inj.InjuryDataError, match=r"^homebrew\.json: ") as error:
        inj.load_injuries(json.dumps(data), "homebrew.json")
    assert message in str(error.value)


def test_catalogue_loads_from_json_text() -> None:
    assert inj.load_injuries(json.dumps(injury_data.CATALOGUE), "x.json") == inj.INJURIES
    with pytest.raises(inj.InjuryDataError, match=r"x\.json: not valid JSON"):
        inj.load_injuries("{", "x.json")
