"""The table the games on the seam share: the fitted view, the side panel, the screen frame, and starting, resuming
and showing a game."""
