"""Player-facing table settings: UI scale, replay speed, animations, hot-seat curtain."""

from __future__ import annotations

from dataclasses import dataclass, field

REPLAY_SPEEDS = {"instant": 0, "fast": 250, "normal": 600, "slow": 1100}  # ms per adversary step


ORACLE_DRAWER = "oracle"  # TableSettings.closed_drawers: the solo oracle beside the table is folded away

FLIGHT_SHARE = 0.6  # a card's flight takes this share of one replay beat at the player's speed


@dataclass
class TableSettings:
    ui_scale: float = 1.0  # multiplies every text and margin on top of the window-size fit
    replay_step_ms: int = REPLAY_SPEEDS["normal"]  # 0 replays the adversaries' turn at once
    animations: bool = True  # cards glide and big moments pop; False: everything lands at once
    hot_seat: bool = True  # a curtain between different people's turns; False: one person runs everyone
    return_ms: int = 160  # how long a refused card takes to fly home; 0 jumps
    refusal_ms: int = 3500  # how long a refusal stays on its bin
    zoom_hover_ms: int = 600  # resting the pointer this long on a face-up card shows it large
    zoom_hold_ms: int = 450  # holding a press this long on a face-up card shows it large (touch, trackpads)
    # What the status line has taught once (keys.ACTIVATIONS, keys.ADDITIONS); shared by the copies a game's
    # tables make of the settings, so each is told once per run, not once per fight.
    taught: set[str] = field(default_factory=set)
    # The side drawers the player closed (solo's oracle: ``ORACLE_DRAWER``); shared by the copies as ``taught`` is,
    # so the next fight's table opens the drawer as the player last left it.
    closed_drawers: set[str] = field(default_factory=set)

    @property
    def flight_ms(self) -> int:
        """How long a played, drawn or discarded card glides: a share of a replay beat, 0 when replays are instant."""
        if not self.animations:
            return 0
        return max(0, round(self.replay_step_ms * FLIGHT_SHARE))
