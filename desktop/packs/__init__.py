"""Content packs on the desktop, for every game that has them: the pack editor, the user's packs folder, exchange."""
