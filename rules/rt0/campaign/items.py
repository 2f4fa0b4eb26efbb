"""Items and money (ITM-*): the book's ten items as data, Exhaust, non-stacking weapon bonuses, credits and chits."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ...seam import RulesError
from ..traits import Skill
from .skill_check import Difficulty, Edge

FOOD = "food"  # making food edible or water drinkable
DOOR = "door"  # opening a door
TREAT = "treat injury"  # treating an injury
PERFORMANCE = "performance"  # a performance or a disguise (ART; the book's "DRAMA", ruling ITM-LIST)


@dataclass(frozen=True, slots=True)
class ItemEffect:
    """One thing an item does; ``kind`` names it, the other fields qualify it."""

    kind: str
    amount: int = 0
    skill: Skill | None = None
    purpose: str = ""
    detail: str = ""


@dataclass(frozen=True, slots=True)
class Item:
    name: str
    summary: str
    effects: tuple[ItemEffect, ...]
    exhausts: bool = False  # used up (returned to the GM) when its effect is used
    big: bool = False


def _e(kind: str, amount: int = 0, skill: Skill | None = None, purpose: str = "", detail: str = "") -> ItemEffect:
    return ItemEffect(kind, amount, skill, purpose, detail)


ITEMS: dict[str, Item] = {
    item.name: item
    for item in (
        Item(
            "Backpack",
            "Holds one card from the top of your deck through a fight (The Tower is reshuffled and replaced); swap it "
            "with a card in hand whenever it is your turn.",
            (_e("card_slot", 1, detail="no Tower"),),
        ),
        Item(
            "Groucho Glasses",
            "A disguise: used up to give Bonus on one performance (ART) check.",
            (_e("check_bonus", skill=Skill.ART, purpose=PERFORMANCE),),
            exhausts=True,
        ),
        Item(
            "Blank Keycard",
            "Makes one FREE check to open a door a step easier, then it is used up.",
            (_e("eases_check", 1, Skill.FREE, DOOR),),
            exhausts=True,
        ),
        Item(
            "Cast Iron Pan",
            "A step easier on SHOP checks to make food or water safe; +1 damage on Unarmed Strike (weapon bonuses do "
            "not stack).",
            (_e("eases_check", 1, Skill.SHOP, FOOD), _e("weapon_bonus", 1, detail="Unarmed Strike")),
        ),
        Item(
            "EVA Suit",
            "Survive outside the base; in combat 3 Shield every turn and immune to gas and liquids; Penalty on every "
            "check but FINAID; putting it on in a fight takes a round and a Medium GYM check.",
            (
                _e("airtight"),
                _e("shield_each_turn", 3),
                _e("checks_penalty_except", skill=Skill.FINAID),
                _e("don_in_combat", skill=Skill.GYM, detail="Medium, one full round"),
            ),
        ),
        Item(
            "First Aid Kit",
            "Makes one AID check to treat an injury a step easier, then it is used up.",
            (_e("eases_check", 1, Skill.AID, TREAT),),
            exhausts=True,
        ),
        Item(
            "Headphones",
            "Turn a won FINAID check into a failure to bank its card (up to 3); banked cards join your hand when a "
            "fight starts. They also quiet a noisy place to sleep.",
            (_e("bank_cards", 3, Skill.FINAID), _e("quiet_sleep")),
        ),
        Item(
            "Morning Start",
            "Draw 5 cards and use it up; clears Groggy, and gives Morning Start Withdrawal to anyone who lacks it.",
            (
                _e("draw", 5),
                _e("removes_injury", detail="Groggy"),
                _e("gives_injury", detail="Morning Start Withdrawal"),
            ),
            exhausts=True,
        ),
        Item("Trash Can Lid", "Gain 10 Shield, then it is used up.", (_e("gain_shield", 10),), exhausts=True),
        Item(
            "Travel Pots",
            "A step easier on SHOP checks to make food or water safe.",
            (_e("eases_check", 1, Skill.SHOP, FOOD),),
        ),
    )
}


def item(name: str) -> Item:
    """The catalogue entry; raises KeyError with a readable message."""
    try:
        return ITEMS[name]
    except KeyError:
        raise KeyError(f"no item called {name!r}") from None


def _effects(items: Iterable[str], kind: str) -> list[tuple[str, ItemEffect]]:
    """Every (item, effect) of one kind among the items carried, each distinct item once."""
    return [(name, e) for name in dict.fromkeys(items) for e in item(name).effects if e.kind == kind]


def weapon_bonus(items: Iterable[str]) -> int:
    """Extra Unarmed Strike damage from weapons: only the highest applies (ITM-LIST)."""
    return max((e.amount for _, e in _effects(items, "weapon_bonus")), default=0)


def check_steps(items: Iterable[str], skill: Skill, purpose: str) -> list[str]:
    """Items that make this check a step easier, one step each (ruling ITM-LIST)."""
    return [name for name, e in _effects(items, "eases_check") if e.skill is skill and e.purpose == purpose]


def eased(difficulty: Difficulty, steps: int) -> Difficulty:
    """A difficulty made some steps easier; Automatic stays Automatic."""
    for _ in range(steps):
        difficulty = difficulty.easier()
    return difficulty


def check_edges(items: Iterable[str], skill: Skill, purpose: str = "") -> list[Edge]:
    """Bonus and Penalty items put on a check (combine with ``skill_check.combine_edges``)."""
    carried = list(items)
    edges = [Edge.BONUS for _, e in _effects(carried, "check_bonus") if e.skill is skill and e.purpose == purpose]
    edges += [Edge.PENALTY for _, e in _effects(carried, "checks_penalty_except") if e.skill is not skill]
    return edges


def check_bonus_items(items: Iterable[str], skill: Skill, purpose: str) -> list[str]:
    """Items that give Bonus on this check (ITM-GROUCHO-GLASSES)."""
    return [name for name, e in _effects(items, "check_bonus") if e.skill is skill and e.purpose == purpose]


def use(inventory: Sequence[str], name: str) -> tuple[tuple[str, ...], bool]:
    """Use an item: an Exhaust item leaves the inventory. Returns the new inventory and whether it was exhausted."""
    if name not in inventory:
        raise RulesError(f"There is no {name} to use.")
    if not item(name).exhausts:
        return tuple(inventory), False
    index = list(inventory).index(name)
    return (*inventory[:index], *inventory[index + 1 :]), True


# --- money (ITM-CREDITS) ------------------------------------------------------------------------------------

CHIT_MINIMUM = 1  # an empty chit is still worth the chit
CHIT_LIMIT = 199  # chits hold small sums: under 200 credits


def chit_value(loaded: int) -> int:
    """What a chit is worth: the credits on it, never less than 1 (ruling ITM-CREDITS)."""
    return max(CHIT_MINIMUM, loaded)


@dataclass(frozen=True, slots=True)
class Wallet:
    """A bank account and the chits in one's pockets (credits loaded on each)."""

    bank: int = 0
    chits: tuple[int, ...] = ()

    @property
    def worth(self) -> int:
        """Bank balance plus what every chit is worth."""
        return self.bank + sum(chit_value(c) for c in self.chits)


def with_bank(wallet: Wallet, credits: int) -> Wallet:
    """The wallet with the bank balance set (the bank's systems keep the number)."""
    if credits < 0:
        raise RulesError("A bank balance cannot go below 0 credits.")
    return Wallet(credits, wallet.chits)


def add_chit(wallet: Wallet, loaded: int = 0) -> Wallet:
    """One more chit in the pocket, holding ``loaded`` credits (0 to 199)."""
    if not 0 <= loaded <= CHIT_LIMIT:
        raise RulesError(f"A chit holds less than 200 credits, not {loaded}.")
    return Wallet(wallet.bank, (*wallet.chits, loaded))


def load_chit(wallet: Wallet, index: int, amount: int) -> Wallet:
    """Move credits from the bank onto a chit (a chit holds at most 199)."""
    if amount < 0 or amount > wallet.bank:
        raise RulesError(f"The bank holds {wallet.bank} credits; {amount} cannot be moved.")
    loaded = wallet.chits[index] + amount
    if loaded > CHIT_LIMIT:
        raise RulesError(f"A chit holds less than 200 credits; this one would hold {loaded}.")
    chits = (*wallet.chits[:index], loaded, *wallet.chits[index + 1 :])
    return Wallet(wallet.bank - amount, chits)


def pay(wallet: Wallet, amount: int) -> Wallet:
    """Pay from the bank account; refused if it holds too little."""
    if amount < 0 or amount > wallet.bank:
        raise RulesError(f"The bank holds {wallet.bank} credits; {amount} cannot be paid.")
    return Wallet(wallet.bank - amount, wallet.chits)


def hand_over_chit(wallet: Wallet, index: int) -> tuple[Wallet, int]:
    """Give a chit away (whoever holds it owns its credits); returns the wallet and the chit's load."""
    loaded = wallet.chits[index]
    return Wallet(wallet.bank, (*wallet.chits[:index], *wallet.chits[index + 1 :])), loaded
