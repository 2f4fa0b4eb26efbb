"""The Report Card: building a character, the creation rules, and Eddies."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rt0table.rules.rt0.campaign.character import (
    COMBAT_HP,
    EDDY_FULL_NAME,
    EDDY_NICKNAMES,
    Character,
    CharacterError,
    Eddy,
    allowed_a_plus,
    allowed_abilities,
    allowed_failed,
    allowed_weaknesses,
    eddy_number,
    free_ability,
    next_eddy_name,
    open_spells,
    problems,
    spell_slots,
    validate,
)
from rt0table.rules.rt0.cards import CARDS
from rt0table.rules.rt0.fight.deck import deck_cards
from rt0table.rules.rt0.fight.serialize import decode, encode
from rt0table.rules.rt0.traits import (
    ABILITIES,
    SKILL_ABILITIES,
    WEAKNESSES,
    Arcana,
    Skill,
    Spell,
    Trait,
)

A = Trait
S = Skill

# The book's pairs of opposites, written out here rather than read from traits.py.
PAIRS = [
    (A.STRONG, A.WEAK),
    (A.FAST, A.SLOW),
    (A.CLEVER, A.DULL),
    (A.WISE, A.FOOLISH),
    (A.LUCKY, A.UNLUCKY),
    (A.CHARMING, A.STRANGE),
]

# The book's A+ prerequisite table (Skills chapter), written out independently.
APLUS_TABLE: dict[Skill, set[Trait]] = {
    S.FINAID: {A.FAST, A.LUCKY},
    S.ART: {A.CHARMING, A.FAST},
    S.SCI: {A.CLEVER, A.CHARMING},
    S.FREE: {A.CLEVER, A.FAST},
    S.GYM: {A.STRONG, A.FAST},
    S.AID: {A.WISE, A.CHARMING},
    S.SHOP: {A.WISE, A.STRONG},
    S.LAW: {A.WISE, A.CLEVER},
    S.MISC: {A.LUCKY, A.STRONG},
}

FREE = {Arcana.FOOL: A.LUCKY, Arcana.MAGICIAN: A.CLEVER, Arcana.HIGH_PRIESTESS: A.WISE}
# A skill each free ability opens to an A+ that Strong does not.
FREE_OPENS = {Arcana.FOOL: S.FINAID, Arcana.MAGICIAN: S.SCI, Arcana.HIGH_PRIESTESS: S.AID}


def make(**changes: object) -> Character:
    """A valid Fool to vary: Strong and Slow, A+ in GYM, F in LAW, knows Leo."""
    base = Character(
        name="Juniper",
        arcana=Arcana.FOOL,
        ability=A.STRONG,
        weakness=A.SLOW,
        a_plus=S.GYM,
        failed=S.LAW,
        spells=(Spell.LEO,),
        exceptional="Won a regional yo-yo championship blindfolded",
        outfit="A thrifted marching-band jacket",
    )
    return replace(base, **changes)  # type: ignore[arg-type]


def fields(character: Character, party: tuple[Character, ...] = ()) -> list[str]:
    """The fields named by the character's problems, in order."""
    return [p.field for p in problems(character, party)]


def arcana_without(trait: Trait) -> Arcana:
    """An Arcana whose free ability is neither side of this trait's pair."""
    pair = next(p for p in PAIRS if trait in p)
    return next(a for a in Arcana if FREE[a] not in pair)


# --- Arcana and the free ability ------------------------------------------------------------------------


@pytest.mark.rule("CHR-ARCANA", "FOOL-LUCKY", "MAG-CLEVER", "HP-WISE")
@pytest.mark.parametrize("arcana", list(Arcana))
def test_each_arcana_grants_its_free_ability(arcana: Arcana) -> None:
    ability = A.STRONG
    weakness = A.SLOW
    spells = (Spell.LEO, Spell.ARIES)[: spell_slots(arcana, weakness)]
    c = make(arcana=arcana, ability=ability, weakness=weakness, spells=spells)
    assert free_ability(arcana) is FREE[arcana]
    assert c.free_ability is FREE[arcana]
    assert c.traits == frozenset({ability, weakness, FREE[arcana]})
    assert c.abilities == frozenset({ability, FREE[arcana]})
    assert problems(c) == []


@pytest.mark.rule("CHR-ARCANA")
def test_the_playable_arcana_are_the_fool_the_magician_and_the_high_priestess() -> None:
    assert [a.title for a in Arcana] == ["The Fool", "The Magician", "The High Priestess"]


@pytest.mark.rule("FOOL-LUCKY", "DECK-LUCKY")
def test_a_fool_gets_the_lucky_deck_from_the_free_ability() -> None:
    deck = deck_cards(make().traits)
    assert all(CARDS[card].is_major or CARDS[card].value > 2 for card in deck)
    assert len(deck) == 78 - 8


# --- abilities and weaknesses ---------------------------------------------------------------------------


@pytest.mark.rule("CHR-ABILITY")
@pytest.mark.parametrize("arcana", list(Arcana))
def test_allowed_abilities_are_the_six_minus_the_free_one(arcana: Arcana) -> None:
    assert set(allowed_abilities(arcana)) == {p[0] for p in PAIRS} - {FREE[arcana]}
    assert len(allowed_abilities(arcana)) == 5


@pytest.mark.rule("CHR-ABILITY")
@pytest.mark.parametrize("arcana", list(Arcana))
def test_choosing_the_free_ability_again_is_a_problem(arcana: Arcana) -> None:
    c = make(
        arcana=arcana,
        ability=FREE[arcana],
        a_plus=FREE_OPENS[arcana],
        spells=(Spell.LEO, Spell.ARIES)[: spell_slots(arcana, A.SLOW)],
    )
    found = problems(c)
    assert [p.field for p in found] == ["ability"]
    assert FREE[arcana].value in found[0].message


@pytest.mark.rule("CHR-ABILITY")
@pytest.mark.parametrize("weakness", WEAKNESSES)
def test_a_weakness_in_the_ability_slot_is_a_problem(weakness: Trait) -> None:
    assert "ability" in fields(make(ability=weakness))


@pytest.mark.rule("CHR-WEAKNESS")
@pytest.mark.parametrize("ability", ABILITIES)
def test_an_ability_in_the_weakness_slot_is_a_problem(ability: Trait) -> None:
    assert "weakness" in fields(make(weakness=ability))


@pytest.mark.rule("CHR-WEAKNESS", "CHR-ABILITY")
@pytest.mark.parametrize(("ability", "weakness"), PAIRS, ids=[w.value for _, w in PAIRS])
def test_the_weakness_may_not_be_the_opposite_of_the_chosen_ability(ability: Trait, weakness: Trait) -> None:
    arcana = arcana_without(ability)
    c = make(arcana=arcana, ability=ability, weakness=weakness, a_plus=next(iter(_skills_for(ability))))
    c = replace(c, failed=next(s for s in Skill if s is not c.a_plus))
    c = replace(c, spells=(Spell.LEO, Spell.ARIES)[: spell_slots(arcana, weakness)])
    found = problems(c)
    assert [p.field for p in found] == ["weakness"]
    assert ability.value in found[0].message and weakness.value in found[0].message
    assert weakness not in allowed_weaknesses(arcana, ability)


@pytest.mark.rule("CHR-WEAKNESS", "FOOL-LUCKY", "MAG-CLEVER", "HP-WISE")
@pytest.mark.parametrize(
    ("arcana", "weakness"),
    [(Arcana.FOOL, A.UNLUCKY), (Arcana.MAGICIAN, A.DULL), (Arcana.HIGH_PRIESTESS, A.FOOLISH)],
)
def test_the_weakness_may_not_be_the_opposite_of_the_free_ability(arcana: Arcana, weakness: Trait) -> None:
    c = make(arcana=arcana, weakness=weakness, spells=(Spell.LEO, Spell.ARIES)[: spell_slots(arcana, A.SLOW)])
    found = [p for p in problems(c) if p.field == "weakness"]
    assert len(found) == 1
    assert arcana.title in found[0].message
    for ability in allowed_abilities(arcana):
        assert weakness not in allowed_weaknesses(arcana, ability)


@pytest.mark.rule("CHR-WEAKNESS")
@pytest.mark.parametrize("arcana", list(Arcana))
def test_allowed_weaknesses_drop_both_opposites(arcana: Arcana) -> None:
    opposite = {a: w for a, w in PAIRS}
    for ability in allowed_abilities(arcana):
        expected = set(WEAKNESSES) - {opposite[ability], opposite[FREE[arcana]]}
        assert set(allowed_weaknesses(arcana, ability)) == expected
        assert len(expected) == 4


@pytest.mark.rule("CHR-WEAKNESS", "CHR-ABILITY")
def test_no_weakness_is_offered_for_an_ability_that_is_not_allowed() -> None:
    assert allowed_weaknesses(Arcana.FOOL, A.LUCKY) == ()
    assert allowed_weaknesses(Arcana.FOOL, A.WEAK) == ()


# --- A+ and F skills ------------------------------------------------------------------------------------


def _skills_for(ability: Trait) -> set[Skill]:
    """Skills whose A+ this ability opens, per the book's table."""
    return {s for s, opens in APLUS_TABLE.items() if ability in opens}


@pytest.mark.rule("CHR-SKILL-APLUS")
def test_the_prerequisite_table_matches_the_book() -> None:
    assert {s: set(pair) for s, pair in SKILL_ABILITIES.items()} == APLUS_TABLE
    assert len(SKILL_ABILITIES) == 9


@pytest.mark.rule("CHR-SKILL-APLUS")
@pytest.mark.parametrize("skill", list(Skill), ids=[s.value for s in Skill])
def test_an_a_plus_needs_one_of_its_two_abilities(skill: Skill) -> None:
    for arcana in Arcana:
        for ability in allowed_abilities(arcana):
            weakness = allowed_weaknesses(arcana, ability)[0]
            failed = next(s for s in Skill if s is not skill)
            spells = (Spell.LEO, Spell.ARIES)[: spell_slots(arcana, weakness)]
            c = make(arcana=arcana, ability=ability, weakness=weakness, a_plus=skill, failed=failed, spells=spells)
            opens = bool({ability, FREE[arcana]} & APLUS_TABLE[skill])
            assert (skill in allowed_a_plus(arcana, ability, weakness)) is opens
            assert ("a_plus" not in fields(c)) is opens, (arcana, ability, skill)


@pytest.mark.rule("CHR-SKILL-APLUS", "FOOL-LUCKY", "MAG-CLEVER", "HP-WISE")
@pytest.mark.parametrize(("arcana", "skill"), FREE_OPENS.items())
def test_the_free_ability_opens_an_a_plus(arcana: Arcana, skill: Skill) -> None:
    # Strong opens none of FINAID, SCI or AID; only the free ability can.
    assert A.STRONG not in APLUS_TABLE[skill]
    spells = (Spell.LEO, Spell.ARIES)[: spell_slots(arcana, A.SLOW)]
    assert problems(make(arcana=arcana, a_plus=skill, spells=spells)) == []


@pytest.mark.rule("CHR-SKILL-APLUS")
def test_the_a_plus_problem_names_the_abilities_needed() -> None:
    found = problems(make(a_plus=S.ART))
    assert [p.field for p in found] == ["a_plus"]
    assert "Charming" in found[0].message and "Fast" in found[0].message


@pytest.mark.rule("CHR-SKILL-F")
def test_the_f_may_not_be_the_a_plus() -> None:
    assert fields(make(failed=S.GYM)) == ["failed"]


@pytest.mark.rule("CHR-SKILL-F")
@pytest.mark.parametrize("skill", [s for s in Skill if s is not S.GYM], ids=lambda s: s.value)
def test_any_other_skill_may_take_the_f(skill: Skill) -> None:
    assert problems(make(failed=skill)) == []


@pytest.mark.rule("CHR-SKILL-F")
def test_allowed_failed_is_every_skill_but_the_a_plus() -> None:
    assert set(allowed_failed(Arcana.FOOL, A.STRONG, A.SLOW, S.GYM)) == set(Skill) - {S.GYM}
    assert allowed_failed(Arcana.FOOL, A.STRONG, A.SLOW, S.ART) == ()


@pytest.mark.rule("CHR-SKILL-APLUS", "CHR-SKILL-F")
def test_corruption_skills_come_in_pairs_and_follow_the_same_rules() -> None:
    assert problems(make(extra_a_plus=(S.SHOP,), extra_failed=(S.ART,))) == []
    assert problems(make(extra_a_plus=(S.SHOP, S.MISC), extra_failed=(S.ART, S.SCI))) == []
    assert fields(make(extra_a_plus=(S.SHOP,))) == ["extra_failed"]
    assert fields(make(extra_failed=(S.ART,))) == ["extra_failed"]
    assert fields(make(extra_a_plus=(S.AID,), extra_failed=(S.ART,))) == ["extra_a_plus"]
    assert fields(make(extra_a_plus=(S.GYM,), extra_failed=(S.ART,))) == ["extra_a_plus"]
    assert fields(make(extra_a_plus=(S.SHOP,), extra_failed=(S.LAW,))) == ["extra_failed"]
    assert fields(make(extra_a_plus=(S.LAW,), extra_failed=(S.ART,))) == ["extra_a_plus", "extra_a_plus"]
    assert fields(make(extra_a_plus=(S.SHOP,), extra_failed=(S.SHOP,))) == ["extra_failed"]


# --- spells ---------------------------------------------------------------------------------------------


@pytest.mark.rule("CHR-SPELL", "MAG-EXTRA-SPELL", "MOD-MAGIC")
@pytest.mark.parametrize("arcana", list(Arcana))
@pytest.mark.parametrize("weakness", WEAKNESSES, ids=lambda w: w.value)
def test_spell_slots(arcana: Arcana, weakness: Trait) -> None:
    expected = 0 if weakness is A.DULL else 2 if arcana is Arcana.MAGICIAN else 1
    assert spell_slots(arcana, weakness) == expected


@pytest.mark.rule("CHR-SPELL")
def test_a_new_character_must_know_exactly_their_spell_count() -> None:
    assert fields(make(spells=())) == ["spells"]
    assert fields(make(spells=(Spell.LEO, Spell.ARIES))) == ["spells"]
    assert "one spell" in problems(make(spells=()))[0].message


@pytest.mark.rule("CHR-SPELL", "MAG-EXTRA-SPELL")
def test_the_magician_starts_with_two_spells() -> None:
    magician = make(arcana=Arcana.MAGICIAN, spells=(Spell.LEO, Spell.ARIES))
    assert problems(magician) == []
    assert fields(replace(magician, spells=(Spell.LEO,))) == ["spells"]
    assert "2 spells" in problems(replace(magician, spells=(Spell.LEO,)))[0].message
    assert fields(replace(magician, spells=(Spell.LEO, Spell.ARIES, Spell.CANCER))) == ["spells"]


@pytest.mark.rule("CHR-SPELL", "MOD-MAGIC")
def test_a_dull_character_knows_no_spells_ever() -> None:
    dull = make(weakness=A.DULL, spells=())
    assert problems(dull) == []
    assert fields(replace(dull, spells=(Spell.LEO,))) == ["spells"]
    assert fields(replace(dull, extra_spells=(Spell.LEO,))) == ["extra_spells"]
    assert all(reason is not None and "Dull" in reason for _, reason in open_spells(dull))


@pytest.mark.rule("CHR-SPELL")
def test_corruption_spells_come_on_top_of_the_starting_ones() -> None:
    c = make(extra_spells=(Spell.ARIES, Spell.CANCER))
    assert problems(c) == []
    assert c.all_spells == (Spell.LEO, Spell.ARIES, Spell.CANCER)
    assert fields(make(extra_spells=(Spell.LEO,))) == ["extra_spells"]
    assert fields(make(spells=(Spell.LEO,), extra_spells=(Spell.ARIES, Spell.ARIES))) == ["extra_spells"]


@pytest.mark.rule("CHR-SPELL-REQ")
@pytest.mark.parametrize("spell", [Spell.AQUARIUS, Spell.VIRGO])
def test_aquarius_and_virgo_need_charming(spell: Spell) -> None:
    assert problems(make(ability=A.CHARMING, a_plus=S.ART, spells=(spell,))) == []
    found = problems(make(spells=(spell,)))
    assert [p.field for p in found] == ["spells"]
    assert "Charming" in found[0].message
    assert fields(make(extra_spells=(spell,))) == ["extra_spells"]


@pytest.mark.rule("CHR-SPELL-REQ")
def test_a_trait_in_the_weakness_slot_opens_no_spell() -> None:
    assert "spells" in fields(make(weakness=A.CHARMING, spells=(Spell.AQUARIUS,)))


@pytest.mark.rule("CHR-SPELL-REQ", "FOOL-LUCKY")
def test_ophiuchus_needs_lucky_and_the_fools_free_luck_counts() -> None:
    assert problems(make(spells=(Spell.OPHIUCHUS,))) == []
    hp = make(arcana=Arcana.HIGH_PRIESTESS, spells=(Spell.OPHIUCHUS,))
    found = problems(hp)
    assert [p.field for p in found] == ["spells"]
    assert "Lucky" in found[0].message
    lucky_hp = replace(hp, ability=A.LUCKY, a_plus=S.MISC)
    assert problems(lucky_hp) == []


@pytest.mark.rule("CHR-SPELL-REQ")
def test_the_other_ten_spells_need_nothing() -> None:
    free = set(Spell) - {Spell.AQUARIUS, Spell.VIRGO, Spell.OPHIUCHUS}
    plain = make(arcana=Arcana.HIGH_PRIESTESS, spells=())
    assert {s for s, reason in open_spells(plain) if reason is None} == free
    assert len(free) == 10


@pytest.mark.rule("CHR-SPELL")
def test_a_spell_someone_else_knows_is_closed() -> None:
    ana = make(name="Ana", spells=(Spell.ARIES,), extra_spells=(Spell.CANCER,))
    for spell in (Spell.ARIES, Spell.CANCER):
        found = problems(make(spells=(spell,)), (ana,))
        assert [p.field for p in found] == ["spells"]
        assert "Ana" in found[0].message
    assert problems(make(), (ana,)) == []
    reasons = dict(open_spells(make(spells=()), (ana,)))
    assert reasons[Spell.ARIES] is not None and "Ana" in reasons[Spell.ARIES]
    assert reasons[Spell.LEO] is None


@pytest.mark.rule("CHR-SPELL")
def test_the_character_itself_in_the_party_is_ignored() -> None:
    c = make()
    assert problems(c, (c,)) == []


@pytest.mark.rule("CHR-SPELL", "CHR-SPELL-REQ")
def test_open_spells_lists_every_spell_in_order_with_its_reason() -> None:
    listed = open_spells(make(spells=()))
    assert [s for s, _ in listed] == list(Spell)
    reasons = dict(listed)
    assert reasons[Spell.OPHIUCHUS] is None
    assert reasons[Spell.AQUARIUS] is not None and "Charming" in reasons[Spell.AQUARIUS]


# --- name, all problems at once, errors -----------------------------------------------------------------


@pytest.mark.rule("CHR-ARCANA")
@pytest.mark.parametrize("name", ["", "   ", "\t\n"])
def test_a_character_needs_a_name(name: str) -> None:
    assert fields(make(name=name)) == ["name"]


@pytest.mark.rule("CHR-ARCANA")
def test_the_two_personal_answers_may_be_left_blank() -> None:
    assert problems(make(exceptional="", outfit="")) == []


@pytest.mark.rule("CHR-ABILITY", "CHR-WEAKNESS", "CHR-SKILL-APLUS", "CHR-SKILL-F", "CHR-SPELL", "CHR-SPELL-REQ")
def test_every_problem_is_reported_at_once() -> None:
    ana = make(name="Ana", spells=(Spell.ARIES,))
    bad = make(
        name="",
        ability=A.LUCKY,
        weakness=A.UNLUCKY,
        a_plus=S.ART,
        failed=S.ART,
        spells=(Spell.ARIES, Spell.VIRGO),
    )
    assert fields(bad, (ana,)) == [
        "name",
        "ability",
        "weakness",
        "a_plus",
        "failed",
        "spells",
        "spells",
        "spells",
    ]
    with pytest.raises(CharacterError) as caught:
        validate(bad, (ana,))
    assert isinstance(caught.value, ValueError)
    assert caught.value.problems == problems(bad, (ana,))
    assert all(p.message in str(caught.value) for p in caught.value.problems)


@pytest.mark.rule("CHR-ABILITY")
def test_validate_passes_a_good_character() -> None:
    validate(make())


# --- saving ---------------------------------------------------------------------------------------------


def test_to_dict_is_json_with_enums_by_value() -> None:
    c = make(extra_a_plus=(S.SHOP,), extra_failed=(S.ART,), extra_spells=(Spell.ARIES,))
    data = encode(c)
    assert json.loads(json.dumps(data)) == data
    assert data["arcana"] == 0 and data["ability"] == "Strong" and data["spells"] == ["Leo"]
    assert decode(Character, json.loads(json.dumps(data))) == c


def test_from_dict_fills_optional_fields_and_rejects_bad_ones() -> None:
    data = encode(make())
    for key in ("exceptional", "outfit", "extra_a_plus", "extra_failed", "extra_spells", "format"):
        del data[key]
    assert decode(Character, data) == make(exceptional="", outfit="")
    with pytest.raises(ValueError, match="ability"):
        decode(Character, {**data, "ability": "Sneaky"})
    with pytest.raises(ValueError, match="name"):
        decode(Character, {k: v for k, v in data.items() if k != "name"})
    with pytest.raises(ValueError, match="spells"):
        decode(Character, {**data, "spells": "Leo"})
    with pytest.raises(ValueError, match="format"):
        decode(Character, {**data, "format": 99})


characters = st.builds(
    Character,
    name=st.text(max_size=12),
    arcana=st.sampled_from(Arcana),
    ability=st.sampled_from(Trait),
    weakness=st.sampled_from(Trait),
    a_plus=st.sampled_from(Skill),
    failed=st.sampled_from(Skill),
    spells=st.lists(st.sampled_from(Spell), max_size=3).map(tuple),
    exceptional=st.text(max_size=12),
    outfit=st.text(max_size=12),
    extra_a_plus=st.lists(st.sampled_from(Skill), max_size=2).map(tuple),
    extra_failed=st.lists(st.sampled_from(Skill), max_size=2).map(tuple),
    extra_spells=st.lists(st.sampled_from(Spell), max_size=2).map(tuple),
)


@given(characters)
def test_any_character_round_trips_through_json(c: Character) -> None:
    assert decode(Character, json.loads(json.dumps(encode(c)))) == c


# --- properties: the helpers and problems() agree -------------------------------------------------------


@st.composite
def built_party(draw: st.DrawFn) -> list[Character]:
    """One to four characters, each built only from the allowed_* helpers and open spells."""
    party: list[Character] = []
    for index in range(draw(st.integers(1, 4))):
        arcana = draw(st.sampled_from(Arcana))
        ability = draw(st.sampled_from(allowed_abilities(arcana)))
        weakness = draw(st.sampled_from(allowed_weaknesses(arcana, ability)))
        a_plus = draw(st.sampled_from(allowed_a_plus(arcana, ability, weakness)))
        failed = draw(st.sampled_from(allowed_failed(arcana, ability, weakness, a_plus)))
        draft = Character(f"P{index}", arcana, ability, weakness, a_plus, failed)
        choices = [spell for spell, reason in open_spells(draft, party) if reason is None]
        count = spell_slots(arcana, weakness)
        spells = draw(st.lists(st.sampled_from(choices), min_size=count, max_size=count, unique=True)) if count else []
        party.append(replace(draft, spells=tuple(spells)))
    return party


@pytest.mark.rule("CHR-ABILITY", "CHR-WEAKNESS", "CHR-SKILL-APLUS", "CHR-SKILL-F", "CHR-SPELL", "CHR-SPELL-REQ")
@given(built_party())
def test_a_party_built_from_the_helpers_always_validates(party: list[Character]) -> None:
    for member in party:
        validate(member, [other for other in party if other is not member])


@pytest.mark.rule("CHR-ABILITY", "CHR-WEAKNESS", "CHR-SKILL-APLUS", "CHR-SKILL-F")
@given(characters)
def test_the_helpers_offer_exactly_the_choices_problems_accepts(c: Character) -> None:
    offered = (
        c.ability in allowed_abilities(c.arcana)
        and c.weakness in allowed_weaknesses(c.arcana, c.ability)
        and c.a_plus in allowed_a_plus(c.arcana, c.ability, c.weakness)
        and c.failed in allowed_failed(c.arcana, c.ability, c.weakness, c.a_plus)
    )
    left_column = {"ability", "weakness", "a_plus", "failed"}
    assert offered == (not left_column & set(fields(replace(c, extra_a_plus=(), extra_failed=()))))


# --- HP and Eddies --------------------------------------------------------------------------------------


@pytest.mark.rule("CHR-HP")
def test_everyone_starts_a_combat_with_20_hp() -> None:
    assert COMBAT_HP == 20


@pytest.mark.rule("EDDY-RESPAWN")
@pytest.mark.parametrize(
    ("existing", "expected"),
    [
        ([], "Eddy"),
        (["Eddy"], "Eddy 2"),
        (["Eddy", "Eddy 2"], "Eddy 3"),
        (["Eddy 2", "Eddy"], "Eddy 3"),
        (["Eddy 3"], "Eddy 4"),
        (["Eddy", "Eddy 9"], "Eddy 10"),
        (["Ada", "Rusty"], "Eddy"),
        (["Ada", "Eddy"], "Eddy 2"),
        (["Eddy 0", "eddy", "Eddy 02", "Eddy two", "Eddyx"], "Eddy"),
    ],
)
def test_next_eddy_name(existing: list[str], expected: str) -> None:
    assert next_eddy_name(existing) == expected


@pytest.mark.rule("EDDY-RESPAWN")
def test_eddy_numbers() -> None:
    assert eddy_number("Eddy") == 1
    assert eddy_number(" Eddy 12 ") == 12
    assert eddy_number("Ada") is None


def test_eddy_nicknames_from_the_book() -> None:
    names = [nick for nick, _ in EDDY_NICKNAMES]
    assert len(names) == 22 == len(set(names))
    assert names[0] == "Ada" and names[-1] == "Gogo"
    assert dict(EDDY_NICKNAMES)["Lithp"] == "Lisp"
    assert EDDY_FULL_NAME == "Ed25519"


def test_eddy_round_trips_through_json() -> None:
    eddy = Eddy("Eddy 2", S.LAW, job="files the forms nobody reads")
    assert decode(Eddy, json.loads(json.dumps(encode(eddy)))) == eddy
    assert encode(eddy)["skill"] == "LAW"
    assert decode(Eddy, {"name": "Ada", "skill": "AID"}) == Eddy("Ada", S.AID)
    with pytest.raises(ValueError, match="skill"):
        decode(Eddy, {"name": "Ada", "skill": "DRAMA"})
