"""Watching a fight again: step or scrub through it, forward and back, with the board and the log in step."""
