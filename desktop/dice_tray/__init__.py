"""The dice tray every dice game shares: exact odds before a roll, the faces with their surges, dice typed in."""
