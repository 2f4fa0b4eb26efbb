"""Solo play: the GM stand-in for fights and the journal that writes itself from the game's events."""
