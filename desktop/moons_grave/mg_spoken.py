"""The Moon's Grave table for a screen reader (read_aloud.py is the mechanism): the round and whose turn, each
sheet and NPC card, each soak track, each token to drag, each perk on the rail, the result and the curtain, in the
app's own words. The choices, the log and the refusals are the panel's own widgets, which speak for themselves."""

from __future__ import annotations

from functools import partial

from rt0table.desktop.moons_grave.mg_scene import PHASES, FighterCard, MgScene, PerkCard, Plate, Token, TrackItem
from rt0table.desktop.table.controls import CurtainItem
from rt0table.desktop.table.read_aloud import Part, Role, Spoken

TOKEN_USE = {
    "action": "Drag it onto the figure it is for, or click it.",
    "die": "Drag it onto a lit perk to pay for it.",
    "damage": "Drag it onto one of that fighter's soak tracks.",
}


def mg_parts(scene: MgScene, curtain: CurtainItem) -> list[Part]:
    """What the scene shows now, in reading order."""
    found: list[Part] = []
    if curtain.isVisible():
        found.append(Part("curtain", curtain, lambda: Spoken(curtain.headline, curtain.how, Role.Dialog)))
    found += _strip(scene)
    tracks: dict[str, list[Part]] = {}
    for (who, track), item in scene.tracks.items():
        card = scene.cards[who]
        tracks.setdefault(who, []).append(Part(f"track:{who}:{track}", item, partial(_track, item, card)))
    for fighter_id, card in scene.cards.items():
        found.append(Part(f"card:{fighter_id}", card, partial(_sheet, card)))
        found += tracks.get(fighter_id, [])
    found += [Part(f"token:{key}", token, partial(_token, token)) for key, token in scene.tokens.items()]
    for perk_id, perk in scene.perks.items():
        found.append(Part(f"perk:{perk_id}", perk, partial(_perk, perk)))
    banner = scene.banner
    if banner is not None:
        found.append(Part("banner", banner, lambda: Spoken(" ".join(banner.lines), role=Role.StaticText)))
    return found


def _strip(scene: MgScene) -> list[Part]:
    """The round with its phase as one part (the phase chips say one thing together), then the turn ladder."""
    if not scene.strip:
        return []
    head, chips, ladder = scene.strip[0], scene.strip[1 : 1 + len(PHASES)], scene.strip[1 + len(PHASES) :]
    now = next((chip.lines[0] for chip in chips if chip.lit), "")
    phases = ", ".join(chip.lines[0] for chip in chips)
    round_words = Spoken(f"{head.lines[0]}, {now}", f"Phases: {phases}.", Role.StatusBar)
    found = [Part("round", head, lambda: round_words)]
    for index, chip in enumerate(ladder):
        found.append(Part(f"ladder:{index}", chip, partial(_rung, chip, index)))
    return found


def _perk(perk: PerkCard) -> Spoken:
    return Spoken(perk.lines[0], perk.toolTip(), Role.Button, disabled=not perk.lit)


def _rung(chip: Plate, index: int) -> Spoken:
    turn = " Their turn." if chip.lit else ""
    return Spoken(chip.lines[0], f"Initiative ladder, place {index + 1}.{turn}", selected=chip.lit)


def _sheet(card: FighterCard) -> Spoken:
    return Spoken(card.lines[0], ". ".join(card.lines[1:]), selected=card.lit)


def _track(item: TrackItem, card: FighterCard) -> Spoken:
    track = item.track  # read from the track, not the box's words: a short box shortens them
    used = "used up" if track.exhausted else "free"
    owner = card.lines[0].split(" (")[0]
    return Spoken(f"{track.name} track of {owner}", f"Soaks {track.capacity}, {used}.", Role.ListItem,
                  selected=item.lit)  # fmt: skip


def _token(token: Token) -> Spoken:
    kinds = {"action": f"{token.value} action", "die": f"Die {int(token.value) + 1 if token.value.isdigit() else ''}"}
    name = kinds.get(token.kind, token.lines[0])
    if token.kind == "die":
        name = f"{name}: {token.lines[0]}" + (", spent" if "✓" in token.lines else "")
    about = TOKEN_USE.get(token.kind, "")
    return Spoken(name, about, Role.Button, disabled=token.dim)
