"""Experience: how it is earned (house list, MG-XP-GAIN) and spent on perks and stats (MG-XP-*)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from .mg_book import PERK_PRICE, STATS, step_cost
from .mg_character import Character
from .mg_creation import Draft, choosable_perk
from .mg_pack import MgContent

EARNED_BY = ("fight_survived", "flaw_drama")  # leftover Build Points are paid in at creation (MG-STAT-LEFTOVER)


@dataclass(frozen=True, slots=True)
class BuyPerk:
    perk: str


@dataclass(frozen=True, slots=True)
class BuyStat:
    stat: str


Purchase = BuyPerk | BuyStat


def earn(content: MgContent, character: Character, reason: str, votes: tuple[bool, ...] = ()) -> Character:
    """Experience for a fight survived, or for the flaw's drama when every other player agrees (MG-FLAW-XP).

    ``votes`` are the other players' answers; with nobody else at the table (solo) the GM's ask needs no vote.
    """
    if reason not in EARNED_BY:
        raise ValueError(f"no Experience for '{reason}' ({', '.join(EARNED_BY)})")
    if reason == "flaw_drama":
        if not all(votes):
            return character
        return replace(character, experience=character.experience + content.rules.xp_per_drama)
    return replace(character, experience=character.experience + content.rules.xp_per_fight)


def price(character: Character, purchase: Purchase) -> int:
    if isinstance(purchase, BuyPerk):
        return PERK_PRICE
    return step_cost(dict(character.bought)[purchase.stat] + 1)


def purchase_refusal(content: MgContent, character: Character, purchase: Purchase) -> str | None:
    """Why this cannot be bought now, or None (MG-XP-PERK, MG-XP-STAT, MG-XP-GEAR-PERK)."""
    if isinstance(purchase, BuyStat):
        if purchase.stat not in STATS:
            return f"'{purchase.stat}' is not a core stat."
    else:
        perk = next((p for p in content.perks if p.id == purchase.perk), None)
        if perk is None:
            return f"There is no perk '{purchase.perk}'."
        if perk.id in character.perks:
            return f"{perk.title} is already hers."
        as_draft = Draft(character.name, character_class=character.character_class)
        # artifact perks too: gear found in play is trained by buying its perk like any other
        if not (choosable_perk(content, as_draft, perk) or perk.category == "artifact"):
            return f"{perk.title} is not a universal perk nor one of her class's."
    cost = price(character, purchase)
    if cost > character.experience:
        return f"That costs {cost} Experience; she has {character.experience}."
    return None


def buy(content: MgContent, character: Character, purchase: Purchase) -> Character:
    """Spend Experience; the running total goes to the sheet's Spent field (MG-XP-SPENT)."""
    why = purchase_refusal(content, character, purchase)
    if why is not None:
        raise ValueError(why)
    cost = price(character, purchase)
    paid = replace(character, experience=character.experience - cost, spent=character.spent + cost)
    if isinstance(purchase, BuyPerk):
        return replace(paid, perks=(*paid.perks, purchase.perk))
    return paid.with_stat(purchase.stat, dict(character.bought)[purchase.stat] + 1)


def purchases(content: MgContent, character: Character) -> list[Purchase]:
    options: list[Purchase] = [BuyStat(s) for s in STATS] + [BuyPerk(p.id) for p in content.perks]
    return [p for p in options if purchase_refusal(content, character, p) is None]
