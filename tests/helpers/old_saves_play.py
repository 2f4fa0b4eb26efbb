"""The saves written at 499fba8 (tests/desktop/saves/written_at_499fba8/) opened and played on through today's app.

Every call into the load and funnel APIs the fixture test makes is here, so a later change to those APIs edits this
module alone. A save is opened as the player opens it (the main window's Load: ``MainWindow.open_game``, which reads
it through the store and puts RT:0's playthrough back through ``flow.resume.restore`` and its Autosave, or a game on
the seam through its ``resume_session``), then each step of the manifest goes through the game's own funnel.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rt0table.desktop.flow.playthrough import Playthrough
from rt0table.desktop.flow.playthrough_doc import playthrough_doc
from rt0table.desktop.main_window import MainWindow
from rt0table.desktop.saves.doc_delta import doc_hash
from rt0table.rules.paradise_lua import lua_campaign as lua
from rt0table.rules.paradise_lua.world_map import Spot
from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.fight.engine import legal_actions
from rt0table.rules.rt0.fight.serialize import state_hash
from rt0table.rules.rt0.story import ops

RT0 = "rt0"


def opened(folder: Path, game_id: str) -> MainWindow:
    """A window on ``folder`` with the save ``game_id`` loaded as Load does; AssertionError when it would not open."""
    window = MainWindow(folder)
    assert window.open_game(game_id), f"{game_id} did not open: {window.screens.currentWidget()!r}"
    return window


def closed(window: MainWindow) -> None:
    """The window lets go of its save folder (every connection closed, as when the app quits)."""
    window.close_store()
    window.deleteLater()


def playthrough_of(window: MainWindow) -> Playthrough:
    playthrough = window.navigator.playthrough
    assert playthrough is not None, "no RT:0 playthrough on this window"
    return playthrough


def rt0_hash(playthrough: Playthrough) -> str:
    """The playthrough's document as its save writes it, and the fight on the table (``-`` between fights)."""
    fight = playthrough.story.fight
    return doc_hash(playthrough_doc(playthrough)) + "/" + (state_hash(fight) if fight is not None else "-")


def seam_session(window: MainWindow) -> Any:
    """The session of the seam game on the window (each game's table screen holds its own)."""
    return window.screens.currentWidget().session  # type: ignore[attr-defined]


def current_hash(window: MainWindow, ruleset: str) -> str:
    if ruleset == RT0:
        return rt0_hash(playthrough_of(window))
    session = seam_session(window)
    return str(session.ruleset.state_hash(session.state))


def play(window: MainWindow, ruleset: str, step: dict[str, Any]) -> None:
    """One step of a manifest, through the game's funnel; AssertionError naming the step when it is refused."""
    if ruleset == RT0:
        _rt0_step(playthrough_of(window), step)
        return
    assert step["do"] == "first-legal", step
    session = seam_session(window)
    for _ in range(step.get("times", 1)):
        action = next(iter(session.ruleset.legal_actions(session.state)))
        assert session.submit(action), f"{step}: {action} refused"


def _rt0_step(playthrough: Playthrough, step: dict[str, Any]) -> None:
    kind = step["do"]
    if kind == "first-legal":  # the fight on the table's first legal action, as its table submits it
        session = playthrough.session
        assert session is not None, f"{step}: no fight on the table"
        for _ in range(step.get("times", 1)):
            assert session.submit(legal_actions(session.state)[0]), f"{step} refused"
    elif kind == "undo":
        playthrough.undo()
    elif kind == "note":
        playthrough.submit(ops.WriteNote(step["text"]))
    elif kind == "meal":
        playthrough.submit(ops.ChooseMeal(step["member"], cp.Meal(step["meal"])))
    elif kind == "end-day":
        playthrough.submit(ops.EndDay())
    elif kind == "lua-move":
        playthrough.submit(ops.LuaStep(lua.Move(Spot(*step["to"]))))
    else:
        raise AssertionError(f"a step this helper does not know: {step}")
