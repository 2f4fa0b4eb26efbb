"""Bundled data files: fonts, adversaries, tables."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent


def path(*parts: str) -> Path:
    """Return the path of a bundled asset, frozen or not."""
    return ROOT.joinpath(*parts)
