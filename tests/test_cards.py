"""Cards of both packs: notation round trips, ordering, properties, and parser robustness."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import JOKER_1, JOKER_2, TAILOR, Card, NotationError, Rank, Suit
from cardgames.tarot import EXCUSE, TarotCard, TarotRank, trump

ALL_CARDS = Card.all()
ALL_TAROT = TarotCard.all()


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_standard_card_round_trips(card: Card) -> None:
    assert Card.parse(str(card)) is card
    assert eval(repr(card)) == card
    assert Card.parse(card.to_unicode()) is card


@pytest.mark.parametrize("card", ALL_TAROT, ids=str)
def test_every_tarot_card_round_trips(card: TarotCard) -> None:
    assert TarotCard.parse(str(card)) is card
    assert eval(repr(card)) == card
    assert TarotCard.parse(card.to_unicode()) is card


def test_pack_sizes_and_distinct_jokers() -> None:
    assert len(ALL_CARDS) == 55 and len(set(ALL_CARDS)) == 55
    assert len(ALL_TAROT) == 78 and len(set(ALL_TAROT)) == 78
    assert JOKER_1 != JOKER_2 and JOKER_1.is_joker and JOKER_2.is_joker
    assert TAILOR.is_tailor and not TAILOR.is_joker and TAILOR.is_special


def test_ten_is_written_t_but_read_as_ten_too() -> None:
    assert Card.parse("10H") is Card.parse("TH") is Card.parse("th")
    assert str(Card.parse("10H")) == "TH"
    assert Card.parse("10H").to_unicode() == "10♥"


def test_suit_order_is_spades_hearts_diamonds_clubs() -> None:
    assert [str(suit) for suit in sorted(Suit)] == ["S", "H", "D", "C"]
    assert sorted(ALL_CARDS) == list(ALL_CARDS)
    assert ALL_CARDS[0] == Card.parse("AS") and ALL_CARDS[51] == Card.parse("KC")


def test_card_index_matches_suit_and_rank() -> None:
    for card in ALL_CARDS[:52]:
        assert card.suit is not None and card.rank is not None
        assert Card.of(card.rank, card.suit) is card
        assert card.mask == 1 << card.index
    for special in (JOKER_1, JOKER_2, TAILOR):
        assert special.suit is None and special.rank is None


def test_rank_values_are_the_counting_numbers() -> None:
    assert int(Rank.ACE) == 1 and int(Rank.TEN) == 10 and int(Rank.KING) == 13


def test_tarot_card_structure() -> None:
    assert [card for card in ALL_TAROT if card.is_trump] == [trump(n) for n in range(1, 22)]
    assert EXCUSE.is_excuse and not EXCUSE.is_trump and EXCUSE.suit is None
    assert sum(1 for card in ALL_TAROT if card.suit is Suit.HEARTS) == 14
    assert TarotCard.of(TarotRank.KNIGHT, Suit.CLUBS) == TarotCard.parse("NC")
    assert TarotCard.parse("KnC") == TarotCard.parse("CC") == TarotCard.parse("nc")
    assert TarotCard.parse("AH") == TarotCard.parse("1H")
    assert trump(7).trump_number == 7 and EXCUSE.trump_number is None


def test_card_index_validation() -> None:
    with pytest.raises(ValueError, match="0 to 54"):
        Card(55)
    with pytest.raises(ValueError, match="0 to 77"):
        TarotCard.from_index(-1)
    with pytest.raises(ValueError, match="1 to 21"):
        trump(22)


@pytest.mark.parametrize("text", ["", "1H", "11H", "QX", "Q", "JOKER", "X3", "TLRX", " QH", "QHH"])
def test_bad_standard_cards_raise_notation_error(text: str) -> None:
    with pytest.raises(NotationError, match=repr(text).replace("\\", "\\\\")[:3]):
        Card.parse(text)


@pytest.mark.parametrize("text", ["", "0H", "11H", "22T", "0T", "E", "XX", "KT"])
def test_bad_tarot_cards_raise_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        TarotCard.parse(text)


@given(st.text(max_size=8))
def test_garbage_to_card_parsers_raises_only_notation_error(text: str) -> None:
    for parse in (Card.parse, TarotCard.parse, Suit.parse, Rank.parse, TarotRank.parse):
        try:
            parse(text)
        except NotationError as error:
            assert repr(text) in str(error)


def test_non_string_input_raises_notation_error() -> None:
    with pytest.raises(NotationError):
        Card.parse(12)  # type: ignore[arg-type]


def test_card_index_out_of_range_is_a_notation_error() -> None:
    with pytest.raises(NotationError, match="55"):
        Card(55)
    with pytest.raises(NotationError, match="True"):
        Card.from_index(True)


def test_card_of_rejects_wrong_types() -> None:
    with pytest.raises(NotationError, match="'H'"):
        Card.of(Rank.QUEEN, "H")  # type: ignore[arg-type]


def test_card_parse_of_a_huge_int_quotes_it_shortly() -> None:
    # Python refuses to print ints of over 4,300 digits; the message must still be built.
    with pytest.raises(NotationError, match="5001 digits"):
        Card.parse(10**5000)  # type: ignore[arg-type]
