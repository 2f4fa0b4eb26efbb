"""Player-facing table settings: UI scale, replay speed, hot-seat curtain."""

from __future__ import annotations

from dataclasses import dataclass

REPLAY_SPEEDS = {"instant": 0, "fast": 250, "normal": 600, "slow": 1100}  # ms per adversary step


@dataclass
class TableSettings:
    ui_scale: float = 1.0  # multiplies every text and margin on top of the window-size fit
    replay_step_ms: int = REPLAY_SPEEDS["normal"]  # 0 replays the adversaries' turn at once
    hot_seat: bool = True  # a curtain between different people's turns; False: one person runs everyone
    return_ms: int = 160  # how long a refused card takes to fly home; 0 jumps
    refusal_ms: int = 3500  # how long a refusal stays on its bin
