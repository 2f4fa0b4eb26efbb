"""The journal round-trips through JSON and exports readable Markdown."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rt0table.rules.loner.journal import (
    FightEntry,
    InspirationEntry,
    Journal,
    JournalError,
    QuestionEntry,
    SceneEntry,
    SkillCheckEntry,
    TwistEntry,
    read_journal,
    write_journal,
)
from rt0table.rules.loner.markdown import to_markdown
from rt0table.rules.loner.oracle import OracleThrow, read_oracle
from rt0table.rules.loner.scenes import CloseReason
from rt0table.rules.loner.terms import SceneKind
from rt0table.rules.loner.twist import Twist


def full_journal() -> Journal:
    journal = Journal()
    journal, _ = journal.add(SceneEntry(1, SceneKind.DRAMATIC, "neon alley", "a bounty hunter", "find cover"))
    journal, question = journal.add(
        QuestionEntry("Do I reach cover?", read_oracle(OracleThrow((5, 2), (4,))), ("Nimble",), (), 0)
    )
    journal, _ = journal.add(
        QuestionEntry("Is the *door* locked?", read_oracle(OracleThrow((3,), (3, 1))), (), ("Rusty",), 1)
    )
    journal, _ = journal.add(TwistEntry(Twist(1, 5, "A third party", "Changes the goal")))
    journal, _ = journal.add(InspirationEntry(("multiply", "motion"), ((2, 4), (3, 2))))
    journal, _ = journal.add(SkillCheckEntry("Zahra", "Streetwise", "Hard", ("7 of Cups", "Page of Swords"), "pass"))
    journal, _ = journal.add(FightEntry("Alley fight", ("Zahra", "Thug"), 3, "Zahra wins", "close call"))
    journal, _ = journal.annotate("She hears sirens.", about=question.id)
    journal, _ = journal.annotate("Session ends here.")
    journal, _ = journal.add(
        SceneEntry(1, SceneKind.DRAMATIC, closed=CloseReason.RESOLVED, outcome="safe", transition_die=4)
    )
    return journal


def test_ids_count_from_one() -> None:
    journal = full_journal()
    assert [e.id for e in journal.entries] == list(range(1, len(journal.entries) + 1))
    assert journal.notes_about(2)[0].text == "She hears sirens."
    assert journal.get(4) == journal.entries[3]
    with pytest.raises(JournalError):
        journal.get(99)
    with pytest.raises(JournalError):
        journal.annotate("x", about=99)
    with pytest.raises(JournalError):
        journal.annotate("  ")


def test_json_round_trip() -> None:
    journal = full_journal()
    text = json.dumps(write_journal(journal))
    assert read_journal(json.loads(text)) == journal
    assert read_journal(write_journal(Journal())) == Journal()


def mutate(path: list[Any], value: Any) -> dict[str, Any]:
    data: dict[str, Any] = write_journal(full_journal())
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (["format"], 9, "newer version (format 9"),
        (["format"], "1", "no format number"),
        (["entries"], {}, "'entries' must be a list"),
        (["entries", 1, "question"], KeyError, "entry 2: field 'question' is missing"),
        (["entries", 1, "roll", "answer"], "NO", "entry 2, roll: field 'answer' says NO"),
        (["entries", 1, "roll", "chance"], [9], "entry 2: field 'roll' holds dice"),
        (["entries", 0, "scene_kind"], "epic", "entry 1: field 'scene_kind' has the unknown value 'epic'"),
        (["entries", 3, "subject_die"], "1", "entry 4: field 'subject_die' must be a whole number"),
        (["entries", 4, "dice"], [[1, 2, 3]], "entry 5: field 'dice' must hold"),
        (["entries", 5, "cards"], "7 of Cups", "entry 6: field 'cards' must be a list of text"),
        (["entries", 6, "kind"], "duel", "entry 7: field 'kind' has the unknown value 'duel'"),
        (["entries", 7, "id"], 3, "entry 8: field 'id' is 3, expected 8"),
        (["entries", 2], "question", "entry 3: must be an object"),
    ],
)
def test_malformed_journal_names_entry_and_field(path: list[Any], value: Any, message: str) -> None:
    with pytest.raises(JournalError, match=message.replace("(", r"\(").replace(")", r"\)")):
        read_journal(mutate(path, value))


def test_markdown_export() -> None:
    text = to_markdown(full_journal(), "Zahra's night", attribution="Oracle tables: Loner 4e, CC BY-SA 4.0")
    lines = text.splitlines()
    assert lines[0] == "# Zahra's night"
    assert "## Scene 1: Dramatic Scene" in lines
    assert "- *Where:* neon alley" in lines
    assert (
        "- **Q2:** Do I reach cover? → **Yes, and…** "
        "(Chance 5 (5, 2) vs Risk 4; Advantage; for: Nimble; against: –)" in lines
    )
    assert "  - *Note (on entry 2):* She hears sirens." in lines
    assert any(
        line.startswith("- **Q3:** Is the \\*door\\* locked? → **Yes, but…**") and "Twist Counter 1/3" in line
        for line in lines
    )
    assert "- **Twist:** A third party + Changes the goal (dice 1, 5)" in lines
    assert "- **Inspiration:** multiply motion (2-4, 3-2)" in lines
    assert "- **Skill check:** Zahra, Streetwise (Hard) → **pass** (7 of Cups, Page of Swords)" in lines
    assert "- **Fight:** Alley fight (Zahra vs Thug), 3 rounds → **Zahra wins**. close call" in lines
    assert "- *Note:* Session ends here." in lines
    assert "- **Scene 1 closed** (resolved): safe; transition die 4" in lines
    assert lines[-1] == "*Oracle tables: Loner 4e, CC BY-SA 4.0*"
    assert text.count("She hears sirens") == 1
