"""The Protagonist by the book's steps, tags that change in play, relationships, NPCs and promotion."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rt0table.rules.loner.protagonist import (
    STARTING_LUCK,
    Character,
    CreationStep,
    Promotion,
    ProtagonistDraft,
    SheetError,
    Slot,
    change_tag,
    character_refusal,
    creation_problems,
    drop_relationship,
    make_protagonist,
    promote,
    promotion_advice,
    set_relationship,
)

ZAHRA = ProtagonistDraft(
    "Zahra Nakajima",
    "Witty Street Cat",
    ("Streetwise", "Nimble"),
    "Merciful",
    ("Knife", "Low O2 Supplement"),
    "Obtain unknown technology to save her planet",
    "She feels responsible for her home's survival",
    "The Naturalist Order",
)
RAEL = Character("rael", "Rael", "Corporate Fixer")


@pytest.mark.rule("LONER-PC-STEPS", "LONER-PC-LUCK")
def test_the_books_example_protagonist_is_made_with_six_luck() -> None:
    zahra = make_protagonist(ZAHRA)
    assert zahra.skills == ("Streetwise", "Nimble") and zahra.frailties == ("Merciful",)
    assert zahra.gear == ("Knife", "Low O2 Supplement") and zahra.nemesis == "The Naturalist Order"
    assert zahra.luck == STARTING_LUCK == 6
    assert zahra.relationships == ()  # earned in play, never at creation


@pytest.mark.rule("LONER-PC-STEPS")
@pytest.mark.parametrize(
    ("draft", "step"),
    [
        (replace(ZAHRA, name="  "), CreationStep.NAME),
        (replace(ZAHRA, concept=""), CreationStep.CONCEPT),
        (replace(ZAHRA, skills=("Streetwise",)), CreationStep.SKILLS),
        (replace(ZAHRA, skills=("Streetwise", "Nimble", "Tough")), CreationStep.SKILLS),
        (replace(ZAHRA, skills=("Nimble", "nimble ")), CreationStep.SKILLS),
        (replace(ZAHRA, frailty=" "), CreationStep.FRAILTY),
        (replace(ZAHRA, gear=("Knife",)), CreationStep.GEAR),
        (replace(ZAHRA, gear=("Knife", "KNIFE")), CreationStep.GEAR),
        (replace(ZAHRA, motive=""), CreationStep.GOAL_MOTIVE),
    ],
)
def test_each_step_is_checked(draft: ProtagonistDraft, step: CreationStep) -> None:
    assert [s for s, _ in creation_problems(draft)] == [step]
    with pytest.raises(SheetError, match=step.value):
        make_protagonist(draft)


@pytest.mark.rule("LONER-PC-GOAL")
def test_goal_motive_and_nemesis_may_wait_for_play() -> None:
    hero = make_protagonist(replace(ZAHRA, goal="", motive="", nemesis=""))
    assert (hero.goal, hero.motive, hero.nemesis) == ("", "", "")


@pytest.mark.rule("LONER-TAG-EVOLVE")
def test_tags_are_earned_rewritten_and_removed_in_place() -> None:
    zahra = make_protagonist(ZAHRA)
    hurt = change_tag(zahra, Slot.TAG, "", "Wounded Leg")
    assert hurt.tags == ("Wounded Leg",)
    grown = change_tag(hurt, Slot.SKILL, "Streetwise", "Street Legend")
    assert grown.skills == ("Street Legend", "Nimble")
    assert change_tag(grown, Slot.TAG, "wounded leg", "").tags == ()
    for old, new, why in [
        ("", "nimble", "already has"),
        ("Flying", "", "has no skill"),
        ("", "", "name the tag"),
        ("Nimble", "Nimble", "stay as it is"),
    ]:
        with pytest.raises(SheetError, match=why):
            change_tag(grown, Slot.SKILL, old, new)


@pytest.mark.rule("LONER-REL")
def test_a_relationship_tag_is_held_towards_one_npc_and_counts_as_a_tag() -> None:
    zahra = set_relationship(make_protagonist(ZAHRA), RAEL, "Useful Ambiguity")
    assert zahra.relationships == (("rael", "Useful Ambiguity"),)
    assert "Useful Ambiguity" in zahra.all_tags
    rewritten = set_relationship(zahra, RAEL, "Uneasy Ally")
    assert rewritten.relationships == (("rael", "Uneasy Ally"),)  # one tag per relationship, rewritten
    with pytest.raises(SheetError, match="someone else"):
        set_relationship(zahra, replace(RAEL, id=zahra.id), "Self")
    with pytest.raises(SheetError, match="gone"):
        set_relationship(zahra, replace(RAEL, gone=True), "Friend")
    assert drop_relationship(rewritten, "rael") == (replace(rewritten, relationships=()), "Uneasy Ally")


@pytest.mark.rule("LONER-NPC")
def test_objects_have_no_goals_but_have_luck() -> None:
    skylark = Character("skylark", "The Century Skylark", "Spacecraft in bad shape", living=False)
    assert character_refusal(skylark) is None and skylark.luck == 6
    assert "no Goal" in (character_refusal(replace(skylark, goal="Fly")) or "")
    assert "Concept" in (character_refusal(replace(skylark, concept=" ")) or "")


@pytest.mark.rule("LONER-PROMOTE")
@pytest.mark.parametrize(
    ("seen", "pushes", "advice"),
    [
        (0, False, Promotion.KEEP_AS_TAGS),
        (1, False, Promotion.KEEP_AS_TAGS),
        (1, True, Promotion.PROMOTE),
        (2, False, Promotion.PROMOTE),
        (5, True, Promotion.PROMOTE),
    ],
)
def test_the_rule_of_thumb_for_promotion(seen: int, pushes: bool, advice: Promotion) -> None:
    assert promotion_advice(seen, pushes) is advice


@pytest.mark.rule("LONER-PROMOTE", "LONER-PC-LUCK")
def test_a_promoted_element_keeps_its_tags_and_gets_luck() -> None:
    hq = promote("hq", "The Safehouse", "Campaign HQ", ("Hidden Entrance", "Reinforced Door", "hidden entrance"), False)
    assert hq.tags == ("Hidden Entrance", "Reinforced Door") and hq.luck == 6 and not hq.living
    with pytest.raises(SheetError):
        promote("x", "", "Concept", (), True)
    with pytest.raises(SheetError):
        promotion_advice(-1, False)
