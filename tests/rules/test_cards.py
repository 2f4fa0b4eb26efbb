"""The 78 tarot cards, their values and their suits."""

from __future__ import annotations

from collections import Counter

import pytest

from rt0table.rules.rt0.cards import CARDS, MAJOR_NAMES, MINOR_SUITS, Suit, by_name, minor


@pytest.mark.rule("CARD-78")
def test_a_deck_is_22_majors_and_14_of_each_minor_suit() -> None:
    assert len(CARDS) == 78
    counts = Counter(card.suit for card in CARDS)
    assert counts[Suit.MAJOR] == 22
    assert all(counts[suit] == 14 for suit in MINOR_SUITS)
    assert [CARDS[i].name for i in range(22)] == list(MAJOR_NAMES)
    assert CARDS[0].name == "The Fool" and CARDS[21].name == "The World"
    assert len({card.name for card in CARDS}) == 78, "every card has its own name"
    assert [card.id for card in CARDS] == list(range(78))


@pytest.mark.rule("CARD-VALUE")
@pytest.mark.parametrize(
    ("name", "value"),
    [("Ace of Wands", 1), ("2 of Cups", 2), ("10 of Swords", 10), ("Page of Pentacles", 11),
     ("Knight of Cups", 12), ("Queen of Swords", 13), ("King of Wands", 14),
     ("The Fool", 0), ("The Chariot", 7), ("Death", 13), ("The World", 21)],
)  # fmt: skip
def test_card_values(name: str, value: int) -> None:
    assert CARDS[by_name(name)].value == value


@pytest.mark.rule("CARD-VALUE")
def test_minor_values_run_ace_to_king_in_every_suit() -> None:
    for suit in MINOR_SUITS:
        assert [CARDS[minor(suit, rank)].value for rank in range(1, 15)] == list(range(1, 15))
        assert CARDS[minor(suit, 11)].rank_name == "Page" and CARDS[minor(suit, 14)].rank_name == "King"


@pytest.mark.rule("CARD-SUIT-MAJOR")
def test_every_major_has_the_suit_major_and_is_counted_as_one() -> None:
    majors = [card for card in CARDS if card.is_major]
    assert len(majors) == 22 and all(card.suit is Suit.MAJOR for card in majors)
    assert Suit.MAJOR.value == "Major"
    assert CARDS[by_name("Death")].rank_name == "XIII"


def test_card_names_are_found_whatever_their_spelling() -> None:
    assert by_name("the tower") == by_name("Tower") == 16
    assert by_name("  7   of  cups ") == minor(Suit.CUPS, 7)
    with pytest.raises(KeyError, match="no tarot card"):
        by_name("11 of Cups")
