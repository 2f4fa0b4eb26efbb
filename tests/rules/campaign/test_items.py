"""Items and money (ITM-*)."""

from __future__ import annotations

import pytest

from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.campaign import items as itm
from rt0table.rules.rt0.campaign.campaign_codec import read
from rt0table.rules.rt0.campaign.skill_check import Difficulty, Edge, combine_edges
from rt0table.rules.rt0.fight.serialize import encode
from rt0table.rules.rt0.traits import Skill
from rt0table.rules.seam import RulesError
from tests.helpers.sample_party import fool, party

BOOK_ITEMS = (
    "Backpack",
    "Groucho Glasses",
    "Blank Keycard",
    "Cast Iron Pan",
    "EVA Suit",
    "First Aid Kit",
    "Headphones",
    "Morning Start",
    "Trash Can Lid",
    "Travel Pots",
)


@pytest.mark.rule("ITM-LIST")
def test_the_ten_items() -> None:
    assert tuple(itm.ITEMS) == BOOK_ITEMS
    exhaust = {n for n, i in itm.ITEMS.items() if i.exhausts}
    assert exhaust == {"Groucho Glasses", "Blank Keycard", "First Aid Kit", "Morning Start", "Trash Can Lid"}


@pytest.mark.rule("ITM-LIST")
def test_numbers() -> None:
    def amount(name: str, kind: str) -> int:
        return next(e.amount for e in itm.item(name).effects if e.kind == kind)

    assert amount("Trash Can Lid", "gain_shield") == 10
    assert amount("EVA Suit", "shield_each_turn") == 3
    assert amount("Morning Start", "draw") == 5
    assert amount("Headphones", "bank_cards") == 3
    assert amount("Cast Iron Pan", "weapon_bonus") == 1


@pytest.mark.rule("ITM-LIST")
def test_exhaust_removes_one_copy_and_keepers_stay() -> None:
    inventory, gone = itm.use(("Trash Can Lid", "Backpack", "Trash Can Lid"), "Trash Can Lid")
    assert gone and inventory == ("Backpack", "Trash Can Lid")
    inventory, gone = itm.use(inventory, "Backpack")
    assert not gone and inventory == ("Backpack", "Trash Can Lid")
    with pytest.raises(RulesError):
        itm.use(inventory, "EVA Suit")


@pytest.mark.rule("ITM-LIST")
def test_weapon_bonuses_do_not_stack() -> None:
    assert itm.weapon_bonus([]) == 0
    assert itm.weapon_bonus(["Cast Iron Pan"]) == 1
    assert itm.weapon_bonus(["Cast Iron Pan", "Cast Iron Pan", "Backpack"]) == 1


@pytest.mark.rule("ITM-LIST")
def test_checks_made_easier() -> None:
    assert itm.check_steps(["Blank Keycard"], Skill.FREE, itm.DOOR) == ["Blank Keycard"]
    assert itm.check_steps(["Blank Keycard"], Skill.FREE, itm.FOOD) == []
    assert itm.check_steps(["First Aid Kit"], Skill.AID, itm.TREAT) == ["First Aid Kit"]
    cooking = itm.check_steps(["Cast Iron Pan", "Travel Pots", "Travel Pots"], Skill.SHOP, itm.FOOD)
    assert cooking == ["Cast Iron Pan", "Travel Pots"]
    assert itm.eased(Difficulty.HARD, len(cooking)) is Difficulty.EASY
    assert itm.eased(Difficulty.TRIVIAL, 3) is Difficulty.AUTOMATIC


@pytest.mark.rule("ITM-LIST", "SKL-BONUS", "SKL-PENALTY")
def test_bonus_and_penalty_items() -> None:
    assert itm.check_edges(["Groucho Glasses"], Skill.ART, "performance") == [Edge.BONUS]
    assert itm.check_edges(["EVA Suit"], Skill.GYM) == [Edge.PENALTY]
    assert itm.check_edges(["EVA Suit"], Skill.FINAID) == []
    both = itm.check_edges(["EVA Suit", "Groucho Glasses"], Skill.ART, "performance")
    assert combine_edges(both) is Edge.NONE


@pytest.mark.rule("ITM-CREDITS")
def test_chits_are_worth_at_least_one_credit() -> None:
    assert itm.chit_value(0) == 1
    assert itm.chit_value(1) == 1
    assert itm.chit_value(150) == 150
    wallet = itm.Wallet(500, (0, 0, 20))
    assert wallet.worth == 500 + 1 + 1 + 20
    wallet = itm.load_chit(wallet, 0, 199)
    assert wallet == itm.Wallet(301, (199, 0, 20))
    with pytest.raises(RulesError, match="less than 200"):
        itm.load_chit(wallet, 0, 1)
    with pytest.raises(RulesError):
        itm.pay(wallet, 302)
    wallet, loaded = itm.hand_over_chit(itm.pay(wallet, 1), 0)
    assert loaded == 199 and wallet == itm.Wallet(300, (0, 20))
    assert read(itm.Wallet, encode(wallet), "wallet") == wallet
    with pytest.raises(ValueError, match="chits"):
        read(itm.Wallet, {"bank": 1, "chits": [250]}, "wallet")


@pytest.mark.rule("ITM-CREDITS")
def test_a_member_gets_a_bank_balance_and_new_chits() -> None:
    game = cp.add_chit(cp.add_chit(cp.set_bank(party(fool()), "a", 40), "a", 0), "a", 15)
    assert game.member("a").wallet == itm.Wallet(40, (0, 15)) and game.member("a").wallet.worth == 56
    with pytest.raises(RulesError, match="less than 200"):
        cp.add_chit(game, "a", 200)
    with pytest.raises(RulesError, match="below 0"):
        cp.set_bank(game, "a", -1)


@pytest.mark.rule("ITM-LIST")
def test_dropping_an_item_removes_one_copy_whatever_it_is() -> None:
    game = cp.give_item(cp.give_item(party(fool()), "a", "Cast Iron Pan"), "a", "Cast Iron Pan")
    game = cp.drop_item(game, "a", "Cast Iron Pan")
    assert game.member("a").items == ("Cast Iron Pan",)
    with pytest.raises(RulesError, match="carries no Backpack"):
        cp.drop_item(game, "a", "Backpack")
    with pytest.raises(KeyError, match="no item called"):
        cp.give_item(game, "a", "Lucky Sock")  # only the book's items (ITM-LIST)


@pytest.mark.rule("ITM-LIST", "DAY-SLEEP")
def test_morning_start_clears_groggy_and_starts_the_habit() -> None:
    game, _ = cp.take_injury(party(fool()), "a", "Groggy")
    game = cp.give_item(cp.give_item(game, "a", "Morning Start"), "a", "Morning Start")
    game, _ = cp.use_item(game, "a", "Morning Start")
    member = game.member("a")
    assert member.injuries.names == ("Morning Start Withdrawal",) and member.items == ("Morning Start",)
    game, _ = cp.use_item(game, "a", "Morning Start")
    assert game.member("a").injuries.names == ("Morning Start Withdrawal", "Heart Palpitations")


@pytest.mark.rule("ITM-LIST", "INJ-MAJOR")
def test_a_second_morning_start_on_a_major_injury_is_critical() -> None:
    game, _ = cp.take_injury(party(fool()), "a", "Curse")
    game = cp.give_item(cp.give_item(game, "a", "Morning Start"), "a", "Morning Start")
    game, _ = cp.use_item(game, "a", "Morning Start")
    game, _ = cp.use_item(game, "a", "Morning Start")
    assert game.member("a").injuries.names == ("Curse", "Morning Start Withdrawal", "Critical Injury")
