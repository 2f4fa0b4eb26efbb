"""A pack's card images kept in a game's set-up: each with the SHA-256 of its bytes, checked when the save is read.

A game of The Restless keeps its pack's cards in its set-up (``RsSetup.cards``); with these it keeps their faces too,
so a game replays with its images after the pack folder is changed or removed. Only the images a card names are
kept: the rest of a pack's folder is no part of the game.
"""

from __future__ import annotations

import base64
import binascii
import hashlib

from ..seam import RulesError
from .rs_pack import IMAGE_NAME, RsPack
from .rs_state import CardImage, RsSetup


def card_image(name: str, data: bytes) -> CardImage:
    return CardImage(name, hashlib.sha256(data).hexdigest(), base64.b64encode(data).decode("ascii"))


def kept_images(pack: RsPack) -> tuple[CardImage, ...]:
    """The pack's images its cards name, in name order, ready for the set-up."""
    named = {card.image for card in pack.cards() if card.image}
    return tuple(card_image(name, data) for name, data in sorted(pack.images) if name in named)


def image_bytes(setup: RsSetup) -> tuple[tuple[str, bytes], ...]:
    """The set-up's images as (name, bytes), for the table's card faces; ``check_images`` has vouched for them."""
    return tuple((image.name, base64.b64decode(image.data)) for image in setup.images)


def check_images(setup: RsSetup) -> None:
    """Every kept image is named as ``images/`` allows, once, and its bytes have the hash it was kept with; a
    RulesError naming the image and the field when not."""
    seen: set[str] = set()
    for i, image in enumerate(setup.images):
        where = f"setup.images[{i}] ('{image.name}')"
        if not IMAGE_NAME.fullmatch(image.name):
            raise RulesError(f"{where}.name: is not an image name (letters, digits, - _ . and .png or .jpg)")
        if image.name in seen:
            raise RulesError(f"{where}.name: the image is kept twice")
        seen.add(image.name)
        try:
            data = base64.b64decode(image.data, validate=True)
        except (binascii.Error, ValueError):
            raise RulesError(f"{where}.data: is not base64") from None
        if hashlib.sha256(data).hexdigest() != image.sha256:
            raise RulesError(f"{where}.sha256: the image's bytes do not have the hash it was kept with")
