"""The Restless on the table: the scene, the screen, starting and resuming a game, lessons."""
