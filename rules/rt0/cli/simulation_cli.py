"""Simulate fights from the command line: ``python -m rt0table.rules.rt0.cli.simulation_cli brick|fights [options]``.

``make simulate ARGS="..."`` runs it on the compiled engine (``make compiled``), several times faster.

    brick   one player alone, base abilities only, fights of --cycle turns: damage and Shield per turn;
            the bench's player (Strong, Slow, Clever, The Magician) unless --player or --neutral says otherwise
    fights  whole fights of a party against adversaries with the greedy policy: how they end, how long

``--neutral`` plays a player with no traits and no Arcana, to compare with other simulators.
A player is ``--player TRAITS[:ARCANA]``, e.g. ``--player strong,slow,lucky:fool`` (repeat for a party);
an adversary is ``--adversary KIND`` from the bundled bestiaries (book and house), e.g. ``laborer``.
Players stand on the middle row of the room, adversaries on the top row, left to right.
Exits 2 with a message when an option cannot be understood.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from ...seam import RulesError
from ..content.adversaries import AdversaryKind, load_bestiary
from ..fight.engine import AdversarySetup, FighterSetup
from ..traits import Arcana, Trait
from .scenario_cli import bundled_bestiary_text
from .simulation import BRICK_PLAYER, NEUTRAL_PLAYER, Tally, fights, solo_turns

DEFAULT_PARTY = ("strong,slow,lucky:fool", "fast,weak,wise:high_priestess", "charming,foolish,clever:magician")
DEFAULT_ADVERSARIES = ("laborer", "laborer", "laborer")
BESTIARIES = ("book.json", "house.json")


class UsageError(Exception):
    """An option the simulator cannot understand."""


def bestiary() -> dict[str, AdversaryKind]:
    kinds: dict[str, AdversaryKind] = {}
    for name in BESTIARIES:
        text = bundled_bestiary_text(name)
        if text is not None:
            kinds.update(load_bestiary(text, name))
    return kinds


def parse_player(text: str, index: int, room_size: int) -> FighterSetup:
    """``strong,slow,clever:magician`` -> a player standing on the room's middle row."""
    traits_text, _, arcana_text = text.partition(":")
    traits = set()
    for word in filter(None, (w.strip() for w in traits_text.split(","))):
        try:
            traits.add(Trait(word.capitalize()))
        except ValueError:
            known = ", ".join(t.value.lower() for t in Trait)
            raise UsageError(f"--player {text!r}: no trait {word!r} (known: {known})") from None
    arcana = None
    if arcana_text:
        try:
            arcana = Arcana[arcana_text.strip().upper()]
        except KeyError:
            known = ", ".join(a.name.lower() for a in Arcana)
            raise UsageError(f"--player {text!r}: no Arcana {arcana_text!r} (known: {known})") from None
    zone = (index % room_size, room_size // 2)
    return FighterSetup(f"p{index + 1}", f"Player {index + 1}", zone, frozenset(traits), arcana)


def parse_adversaries(kinds: Sequence[str], known: dict[str, AdversaryKind], room_size: int) -> list[AdversarySetup]:
    setups = []
    for index, kind in enumerate(kinds):
        if kind not in known:
            raise UsageError(f"--adversary {kind!r}: not in the bundled bestiaries (known: {', '.join(sorted(known))})")
        setups.append(AdversarySetup(kind, (index % room_size, 0)))
    return setups


def report(tally: Tally, seconds: float, what: str) -> list[str]:
    per_second = tally.rounds / seconds if seconds else float("inf")
    fights_per_second = tally.fights / seconds if seconds else float("inf")
    return [
        f"{tally.rounds:,} {what} in {tally.fights:,} fights, {tally.actions:,} actions: "
        f"{per_second:,.0f} {what} and {fights_per_second:,.1f} fights per CPU second",
        f"damage dealt or wasted per {what[:-1]}: {tally.per_round(tally.damage):.2f}; "
        f"Shield gained per {what[:-1]}: {tally.per_round(tally.shield):.2f}",
    ]


def brick_player(players: Sequence[FighterSetup], neutral: bool) -> FighterSetup:
    """The one player the brick plays: the one given, the neutral one, or the bench's."""
    if neutral and players:
        raise UsageError("--neutral and --player both name the brick's player: give one")
    if len(players) > 1:
        raise UsageError("brick plays one player alone: give one --player")
    if neutral:
        return NEUTRAL_PLAYER
    return players[0] if players else BRICK_PLAYER


def describe(player: FighterSetup) -> str:
    traits = ", ".join(sorted(t.value for t in player.traits)) or "no traits"
    arcana = player.arcana.title if player.arcana is not None else "no Arcana"
    return f"player: {traits}; {arcana}"


def run(argv: Sequence[str]) -> list[str]:
    parser = argparse.ArgumentParser(prog="simulation_cli", description=__doc__.split("\n\n")[0])
    parser.add_argument("mode", choices=("brick", "fights"))
    parser.add_argument("--player", action="append", help="TRAITS[:ARCANA], repeatable")
    parser.add_argument("--neutral", action="store_true", help="brick: a player with no traits and no Arcana")
    parser.add_argument("--adversary", action="append", help="an adversary kind, repeatable (fights)")
    parser.add_argument("--room", type=int, choices=(1, 3, 5), default=3, help="room size (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--turns", type=int, default=50_000, help="brick: turns in all (default 50,000)")
    parser.add_argument("--cycle", type=int, default=15, help="brick: turns per fight (default 15)")
    parser.add_argument("--count", type=int, default=300, help="fights: how many (default 300)")
    args = parser.parse_args(argv)
    known = bestiary()
    players = [parse_player(p, i, args.room) for i, p in enumerate(args.player or ())]
    start = time.process_time()
    if args.mode == "brick":
        player = brick_player(players, args.neutral)
        tally = solo_turns(player, args.turns, known, cycle=args.cycle, seed=args.seed, room_size=args.room)
        return [describe(player), *report(tally, time.process_time() - start, "turns")]
    if not players:
        players = [parse_player(p, i, args.room) for i, p in enumerate(DEFAULT_PARTY)]
    adversaries = parse_adversaries(args.adversary or DEFAULT_ADVERSARIES, known, args.room)
    tally = fights(players, adversaries, known, args.count, first_seed=args.seed, room_size=args.room)
    lines = report(tally, time.process_time() - start, "rounds")
    endings = ", ".join(f"{result}: {count}" for result, count in sorted(tally.results.items()))
    return [*lines, f"fights ended: {endings}; {tally.rounds / tally.fights:.1f} rounds each on average"]


def main(argv: Sequence[str]) -> int:
    try:
        lines = run(argv)
    except (UsageError, RulesError) as error:
        print(f"simulation_cli: {error}", file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
