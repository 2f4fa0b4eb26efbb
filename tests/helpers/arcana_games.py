"""Fights the Arcana table tests play: a Fool, a High Priestess, and a GM whose secrets the curtain keeps."""

from __future__ import annotations

from rt0table.desktop.table.quick_fights import book_bestiary
from rt0table.rules.rt0.cards import FOOL, CardId
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup, Game, Preparation, new_combat
from rt0table.rules.rt0.fight.state import GM, FighterTarget, Option, PendingDecision
from rt0table.rules.rt0.traits import Arcana


def fool_game(
    chosen: tuple[str, ...] = ("kitchen_sink", "laughter"),
    upgrades: tuple[str, ...] = (),
    extra: tuple[str, ...] = (),
    hand: tuple[CardId, ...] = (FOOL,),
    seed: int = 3,
) -> Game:
    """Pip the Fool (first to act) beside Jun, against two Laborers."""
    pip = FighterSetup(
        "pip", "Pip", (0, 2), arcana=Arcana.FOOL, abilities=(*chosen, *extra), upgrades=frozenset(upgrades)
    )
    jun = FighterSetup("jun", "Jun", (1, 2))
    foes = [AdversarySetup("laborer", (0, 0)), AdversarySetup("laborer", (2, 0))]
    state, events = new_combat(seed, 3, [pip, jun], foes, book_bestiary(), prepared=Preparation(hands={"pip": hand}))
    assert state.active_fighter is not None and state.active_fighter.id == "pip" and state.pending is None
    return Game(state, events)


def priestess_game() -> Game:
    hope = FighterSetup(
        "hope",
        "Hope",
        (0, 2),
        arcana=Arcana.HIGH_PRIESTESS,
        abilities=("palm_reading", "origami_folding"),
        upgrades=frozenset({"palm_reading"}),
    )
    mara = FighterSetup("mara", "Mara", (1, 2))
    state, events = new_combat(5, 3, [hope, mara], [AdversarySetup("laborer", (0, 0))], book_bestiary())
    pending = state.pending
    assert pending is not None and pending.kind == "second-sight" and pending.private and pending.actor == "hope"
    return Game(state, events)


def gm_secret(game: Game) -> Game:
    """The quick fight with a private decision of the GM's on top (none of the rules asks one yet)."""
    state = game.state.clone()
    options = (
        Option("The Laborer hits Mara", FighterTarget("mara")),
        Option("The Laborer hits Jun", FighterTarget("jun")),
    )
    state.decisions.insert(0, PendingDecision("gm-secret", GM, "Whom does the Laborer go for?", options, private=True))
    return Game(state, game.opening)
