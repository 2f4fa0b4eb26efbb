"""One journal per playthrough, from the op and event stream, exported as Markdown that shows typed text exactly."""

from __future__ import annotations

import html

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt
from markdown_it.token import Token

from rt0table.rules.loner.markdown import escape_typed
from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.campaign.skill_check import Difficulty
from rt0table.rules.rt0.story import ops
from rt0table.rules.rt0.story.chronicle import to_markdown
from rt0table.rules.rt0.story.story_seam import STORY
from rt0table.rules.rt0.story.tale import Story, apply, new_story
from rt0table.rules.rt0.traits import Skill
from tests.helpers.sample_party import fool, magician, party

READER = MarkdownIt("commonmark")
TYPED = [
    "Dockworker <Ines>",
    "<b>not</b>",
    "*x*",
    "`code` and ``more``",
    "# not a heading",
    "1. not a list",
    "> not a quote",
    "- not a bullet",
    "+ nor this",
    "---",
    "===",
    "[a link](http://example.org)",
    "&amp; stays as typed",
    "back\\slash",
    "snake_case_name",
    "  two spaces before, two after  ",
    "two lines\n# the second",
]


def shown(markdown: str) -> list[str]:
    """What a CommonMark reader shows: each paragraph's or heading's text, with hard breaks as new lines."""
    texts: list[str] = []
    for token in READER.parse(markdown):
        if token.type == "inline":
            texts.append("".join(_text(child) for child in token.children or []))
    return texts


def _text(token: Token) -> str:
    if token.type == "text":
        return token.content
    if token.type == "hardbreak":
        return "\n"
    if token.type in ("em_open", "em_close"):  # our own "*Note:*"
        return ""
    raise AssertionError(f"typed text became markup: {token.type} {token.content!r}")


def play(*steps: ops.Op) -> Story:
    story = new_story("solo", party(fool("Pip"), magician("Mo")), 5)
    for op in steps:
        story, _ = apply(story, op)
    return story


@pytest.mark.parametrize("typed", TYPED)
def test_typed_text_is_shown_exactly_as_typed(typed: str) -> None:
    assert shown(escape_typed(typed)) == [typed]


@settings(max_examples=200, deadline=None)
@given(st.text(st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Zl", "Zp")) | st.just("\n"), max_size=30))
def test_any_typed_text_round_trips_through_a_commonmark_reader(typed: str) -> None:
    if not typed.strip():
        return  # nothing to show
    [text] = shown(escape_typed(typed))
    assert html.unescape(text) == typed.strip("\n")  # empty lines at either end: nothing a paragraph can show


def test_the_journal_has_day_and_character_headings_and_every_kind_of_line() -> None:
    story = play(
        ops.WriteNote("Dockworker <Ines> watches the gate"),
        ops.DrawCheck("Pip", Skill.GYM, "climb the *fence*", Difficulty.EASY),  # A+: Trivial
        ops.ChooseMeal("a", cp.Meal.NONE),
        ops.EndDay(),
        ops.WriteNote("<b>not</b> bold"),
    )
    text = to_markdown(story, "Pip & Mo")
    tokens = READER.parse(text)
    headings = [
        "".join(_text(c) for c in tokens[i + 1].children or [])
        for i, t in enumerate(tokens)
        if t.type == "heading_open"
    ]
    assert headings[0] == "Pip & Mo" and "Day 1" in headings and "Day 2" in headings and "Pip" in headings
    everything = "\n".join(shown(text))
    assert "Dockworker <Ines> watches the gate" in everything
    assert "Skill check: Pip, GYM (Trivial) → " in everything and "“climb the *fence*”" in everything
    assert "Pip takes 3 Corruption for a Day without food." in everything and "Day 1 ends." in everything
    assert "<b>not</b> bold" in everything
    assert text.index("## Day 1") < text.index("Day 1 ends.") < text.index("## Day 2") < text.index("not\\</b\\> bold")


def test_notes_are_edited_deleted_and_undone_in_the_journal() -> None:
    story, befores = play(), []
    for op in (ops.WriteNote("*first*"), ops.WriteNote("second"), ops.EditNote(1, "first, again"), ops.DeleteNote(2)):
        after, events = apply(story, op)
        assert not any(STORY.reveals(e) for e in events), "a note's step can be taken back"
        story, befores = after, [*befores, story]
    lines = shown(to_markdown(story))
    assert "Note: first, again" in lines and not any("second" in line for line in lines)
    assert any("second" in line for line in shown(to_markdown(befores[-1])))  # undone, the delete comes back
    assert "Note: *first*" in shown(to_markdown(befores[-2]))
