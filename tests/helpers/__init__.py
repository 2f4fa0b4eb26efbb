"""Builders the tests share: fights, sample characters and campaigns, solo fights."""
