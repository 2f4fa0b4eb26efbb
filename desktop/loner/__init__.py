"""Loner played as a game of its own: making the Protagonist, the session flow, conflicts, the sheet."""
