"""The path a player takes through a game, one screen per module.

``navigator.Navigator`` walks the screens (mode, party, between fights, fight set-up, table, summary);
``playthrough.Playthrough`` holds the mode, the Campaign and the fight on the table, and its ``changed`` signal is
the one hook an autosave needs.
"""
