"""How long a seam table's beats take at the player's settings (Settings: replay speed and animations), as RT:0's
table paces its replays: a die revealed face by face, a blow flashed on the card it lands on."""

from __future__ import annotations

from rt0table.desktop.table.settings import TableSettings

REVEAL_SHARE = 110 / 600  # at the normal replay speed a die shows every 110 ms, as the tray always did


def beat_ms(settings: TableSettings) -> int:
    """One beat (a blow shown on its card); 0 when animations are off or replays instant: it is not shown."""
    return settings.replay_step_ms if settings.animations else 0


def reveal_ms(settings: TableSettings) -> int:
    """Between two faces of a roll; 0 shows the whole roll at once."""
    return round(beat_ms(settings) * REVEAL_SHARE)
