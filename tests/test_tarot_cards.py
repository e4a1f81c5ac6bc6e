"""Tarot cards and card sets: errors for bad indices, numbers, ranks and cards of another pack."""

from __future__ import annotations

import pytest

from cardgames import Card, Suit
from cardgames.errors import NotationError
from cardgames.tarot import EXCUSE, TarotCard, TarotCardSet, TarotRank, trump
from cardgames.validation import quote

HUGE = 10**5000


@pytest.mark.parametrize("index", [78, -1, True, False, "1", 1.0, None, HUGE, [0]], ids=quote)
def test_tarot_card_index_errors_are_notation_errors(index: object) -> None:
    with pytest.raises(NotationError, match="Tarot card index") as raised:
        TarotCard(index)  # type: ignore[arg-type]
    assert len(str(raised.value)) < 200
    with pytest.raises(NotationError, match="Tarot card index"):
        TarotCard.from_index(index)  # type: ignore[arg-type]


def test_trump_numbers_are_ints_from_1_to_21() -> None:
    assert trump(1).trump_number == 1 and TarotCard.trump(21).trump_number == 21
    for number in (0, 22, True, "5", 5.0, None, HUGE):
        with pytest.raises(NotationError, match="trump number"):
            trump(number)  # type: ignore[arg-type]


def test_tarot_card_of_needs_a_tarot_rank_and_a_suit() -> None:
    assert TarotCard.of(TarotRank.KNIGHT, Suit.HEARTS) == TarotCard.parse("NH")
    for rank, suit in [(12, Suit.HEARTS), (TarotRank.KING, 1), (TarotRank.KING, "H"), (None, None)]:
        with pytest.raises(NotationError, match="TarotRank and a Suit"):
            TarotCard.of(rank, suit)  # type: ignore[arg-type]


def test_tarot_parsers_given_a_huge_int_give_a_readable_notation_error() -> None:
    for parser in (TarotCard.parse, TarotRank.parse, TarotCardSet.parse):
        with pytest.raises(NotationError, match="5001 digits"):
            parser(HUGE)  # type: ignore[arg-type]


def test_tarot_card_set_refuses_cards_of_the_55_card_pack_and_bad_masks() -> None:
    with pytest.raises(NotationError):
        TarotCardSet.from_cards([Card.parse("2S")])  # type: ignore[list-item]
    with pytest.raises(NotationError):
        TarotCardSet().add(Card.parse("2S"))  # type: ignore[arg-type]
    for mask in (-1, 1 << 78, True, "1", None, 1.0):
        with pytest.raises(NotationError):
            TarotCardSet(mask)  # type: ignore[arg-type]
    assert TarotCardSet.from_cards([EXCUSE]).add(trump(1)) == TarotCardSet.parse("EX 1T")
