"""Remaining Teenagers: Zero, the core ruleset."""
