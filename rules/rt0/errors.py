"""The one error type a refused action raises (shared by every game: see rules/seam.py)."""

from __future__ import annotations

from ..seam import IllegalAction, RulesError

__all__ = ["IllegalAction", "RulesError"]
