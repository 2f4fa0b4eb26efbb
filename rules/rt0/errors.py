"""The one error type a refused action raises."""

from __future__ import annotations


class RulesError(ValueError):
    """Base class for anything the rules refuse."""


class IllegalAction(RulesError):
    """An action the rules do not allow now; the message says why in words a player can read."""
