"""The shipped practice pack (our own invention, every card ``"source": "house"``) and set-ups drawn from it."""

from __future__ import annotations

import random
from functools import cache

from ...assets import path
from .rs_card_images import kept_images
from .rs_pack import RsPack
from .rs_pack_folder import read_rs_folder
from .rs_state import RsSetup

SEATS = ("player-1", "player-2", "player-3", "player-4")


@cache
def practice_pack() -> RsPack:
    return read_rs_folder(path("restless", "practice"))


def setup_from(pack: RsPack, seats: tuple[str, ...] = SEATS[:1], encounters: int = 4) -> RsSetup:
    """A game of ``pack`` for 1-4 seats; the set-up keeps the pack's cards and the images they name, so a save
    carries its own copy."""
    return RsSetup(pack.name, pack.cards(), seats, encounters, images=kept_images(pack))


def sample_setup(seed: int) -> RsSetup:
    """1-4 players on the practice pack, 4 or 5 Encounters a Realm, drawn from ``seed``."""
    draw = random.Random(seed)
    seats = SEATS[: draw.randint(1, 4)]
    return setup_from(practice_pack(), seats, draw.choice((4, 4, 5)))
