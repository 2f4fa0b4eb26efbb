"""In the test suite the save refuses any write that does not come through the playthrough's funnel."""

from __future__ import annotations

from pathlib import Path

import pytest

from rt0table.desktop.flow.autosave import Autosave
from rt0table.desktop.flow.playthrough import Mode, Playthrough
from rt0table.desktop.flow.playthrough_doc import playthrough_doc
from rt0table.desktop.flow.resume import restore
from rt0table.desktop.saves import SaveError, SaveStore
from rt0table.rules.rt0.campaign import fight_plan as fp
from rt0table.rules.rt0.story import ops
from tests.helpers.sample_party import fool


def test_a_write_around_the_funnel_is_refused_and_one_through_it_is_kept(tmp_path: Path) -> None:
    store = SaveStore(tmp_path, app_version="test")
    playthrough = Playthrough(Mode.SOLO, fp.from_party([fool("Pip")]), seed=2)
    autosave = Autosave.start(store, playthrough)
    doc = playthrough_doc(playthrough)
    with pytest.raises(SaveError, match="did not come through the playthrough's funnel"):
        store.save_campaign(autosave.game_id, {**doc, "day": 9})
    with pytest.raises(SaveError, match="funnel"):
        store.recorder(autosave.game_id).record_story({"op": "stray", "delta": None}, "0" * 16)
    playthrough.submit(ops.WriteNote("kept"))
    assert autosave.problem == ""
    store.close()
    with SaveStore(tmp_path, app_version="test") as again:
        back = restore(again.load(autosave.game_id)).playthrough
    assert [n.text for n in back.story.notes] == ["kept"] and back.campaign.day == 1
