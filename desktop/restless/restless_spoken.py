"""The Restless table for a screen reader (read_aloud.py is the mechanism): the Realm track, the Encounter row, the
Target, the cards on offer, each Character with its Inventory slots and weight, the d20, the Reroll pool, the Rests
and the decks, in the app's own words. The choices, the log and the refusals are the panel's own widgets."""

from __future__ import annotations

from functools import partial

from rt0table.desktop.restless.restless_scene import Piece, RsScene, Token, card_lines
from rt0table.desktop.table.read_aloud import Part, Role, Spoken
from rt0table.rules.restless.rs_effects import die_defense, inventory_weight, max_health
from rt0table.rules.restless.rs_state import RsState

PLACES = {"offer": "on offer", "ware": "a Trader's ware", "loose": "loose on the table"}
DRAGS = {
    "hero": "Drag onto the Target to attack unarmed.",
    "held": "Drag onto the Target to attack with it, or onto another Character to give it.",
    "loose": "Drag onto the Character who takes it.",
    "ware": "Drag onto the Character who buys it.",
    "rerolls": "Drag onto the die to reroll it.",
}


def rs_parts(scene: RsScene) -> list[Part]:
    """What the scene shows now, in reading order; a piece shown twice gets a numbered key."""
    state = scene.state
    if state is None:
        return []
    found: list[Part] = []
    seen: dict[str, int] = {}
    for piece in scene.pieces:
        token = piece.token
        key = f"{token.role}:{token.card}:{token.hero}"
        seen[key] = seen.get(key, 0) + 1
        found.append(Part(key if seen[key] == 1 else f"{key}#{seen[key]}", piece, partial(_said, scene, piece)))
    return found


def _said(scene: RsScene, piece: Piece) -> Spoken:
    state, token = scene.state, piece.token
    if state is None:
        return Spoken("", shown=False)
    name, about = words(state, token)
    if piece.draggable and token.role in DRAGS:
        about = f"{about} {DRAGS[token.role]}".strip()
    lit = token.card in scene.lit or token.hero in scene.lit
    role = Role.Button if piece.draggable else Role.StaticText
    return Spoken(name, about, role, piece.mapRectToScene(piece.box), selected=lit)


def words(state: RsState, token: Token) -> tuple[str, str]:
    """A piece's name and what it says now."""
    role = token.role
    if role in ("held", "loose", "ware", "offer", "realm-card", "target"):
        card = state.card(token.card)
        about = [*card_lines(card), card.text]
        if role == "target" and card.kind in ("target", "god"):
            about.insert(0, f"Health now {state.target_health}, Defense now {die_defense(state)}.")
        where = f"held by {state.card(token.hero).name}" if role == "held" else PLACES.get(role, role.replace("-", " "))
        return f"{card.name}, {where}", " ".join(b for b in about if b)
    if role in ("hero", "slot", "weight"):
        return _hero_part(state, token)
    if role == "realm":
        here = str(state.realm_number) == token.hero or (token.hero == "god" and bool(state.god))
        name = "Traitor God" if token.hero == "god" else f"Realm {token.hero}"
        return name, "The party is here." if here else ""
    return _place(state, token)


def _hero_part(state: RsState, token: Token) -> tuple[str, str]:
    hero = state.hero(token.hero)
    name = state.card(hero.card).name
    if token.role == "slot":
        return f"Empty Inventory slot of {name}", ""
    if token.role == "weight":
        most = state.card(hero.card).max_weight
        return f"Weight carried by {name}", f"{inventory_weight(state, hero)} of {most}."
    if hero.dead:
        return f"{name}, Character ({hero.seat})", "Dead."
    marks = ", ".join(state.card(s).name for s in (*hero.statuses, *hero.sins))
    about = f"Health {hero.health} of {max_health(state, hero)}, Armor {hero.armor}."
    about += " Has acted this round." if hero.acted else ""
    about += f" Carries: {marks}." if marks else ""
    return f"{name}, Character ({hero.seat})", about


def _place(state: RsState, token: Token) -> tuple[str, str]:
    role = token.role
    if role == "row":
        return f"Encounter row, card {int(token.hero) + 1}", "Face down."
    if role == "die":
        return "d20", f"Shows {state.roll.face}." if state.roll else "Not rolled yet."
    if role == "rerolls":
        return "Reroll pool", f"{state.rerolls} counters."
    if role == "rests":
        return "Rests", f"{len(state.rests)} face down."
    if role == "deck":
        pile = state.pile(token.card)
        return f"{token.card} deck", f"{len(pile.draw)} to draw, {len(pile.discard)} discarded."
    return role, ""
