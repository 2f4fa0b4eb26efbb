"""The GM's own adversaries: the user bestiary file and its editor."""
