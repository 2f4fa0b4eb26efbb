"""Every pack test keeps the user's packs in a folder of its own (RT0_PACK_DIR), beside its own saves."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def own_packs_folder(own_save_folder: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = own_save_folder.parent / f"{own_save_folder.name}-packs"
    monkeypatch.setenv("RT0_PACK_DIR", str(folder))
    return folder
