"""CardSet algebra, checked against Python's own sets."""

from __future__ import annotations

from collections.abc import Set

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import Card, CardSet, NotationError
from cardgames.cardset import iter_bits
from cardgames.tarot import TarotCard, TarotCardSet

masks = st.integers(min_value=0, max_value=(1 << 55) - 1)
tarot_masks = st.integers(min_value=0, max_value=(1 << 78) - 1)


def as_set(cards: CardSet) -> set[Card]:
    return set(cards)


@given(masks, masks)
def test_algebra_matches_python_sets(a: int, b: int) -> None:
    x, y = CardSet(a), CardSet(b)
    px, py = as_set(x), as_set(y)
    assert as_set(x | y) == px | py
    assert as_set(x & y) == px & py
    assert as_set(x - y) == px - py
    assert as_set(x ^ y) == px ^ py
    assert len(x) == len(px)
    assert (x <= y) == (px <= py) and (x < y) == (px < py)
    assert (x >= y) == (px >= py) and (x > y) == (px > py)
    assert x.isdisjoint(y) == px.isdisjoint(py)
    assert all(card in x for card in px)
    assert all(card not in x for card in Card.all() if card not in px)


@given(masks)
def test_iteration_is_canonical_order(mask: int) -> None:
    cards = list(CardSet(mask))
    assert cards == sorted(cards)
    assert [card.index for card in cards] == list(iter_bits(mask))


@given(masks)
def test_card_set_notation_round_trips(mask: int) -> None:
    cards = CardSet(mask)
    assert CardSet.parse(str(cards)) == cards
    assert eval(repr(cards)) == cards


@given(tarot_masks)
def test_tarot_card_set_notation_round_trips(mask: int) -> None:
    cards = TarotCardSet(mask)
    assert TarotCardSet.parse(str(cards)) == cards
    assert eval(repr(cards)) == cards
    assert len(cards) == len(set(cards))


@given(masks, st.frozensets(st.sampled_from(Card.all())))
def test_mixing_with_plain_sets(mask: int, other: frozenset[Card]) -> None:
    cards = CardSet(mask)
    assert as_set(cards | other) == as_set(cards) | other
    assert as_set(cards & other) == as_set(cards) & other
    assert as_set(cards - other) == as_set(cards) - other


def test_card_set_is_an_immutable_abc_set() -> None:
    cards = CardSet.parse("AS KH")
    assert isinstance(cards, Set)
    assert hash(cards) == hash(CardSet.parse("KH AS"))
    with pytest.raises(AttributeError):
        cards.mask = 0  # type: ignore[misc]


def test_add_and_remove_return_new_sets() -> None:
    cards = CardSet.parse("AS")
    assert cards.add(Card.parse("2S")) == CardSet.parse("AS 2S")
    assert cards.remove(Card.parse("AS")) == CardSet()
    assert cards == CardSet.parse("AS")
    with pytest.raises(ValueError, match="not in"):
        cards.remove(Card.parse("2S"))


def test_packs_do_not_mix() -> None:
    foreign_tarot: object = TarotCard.parse("KH")
    foreign_card: object = Card.parse("KH")
    assert foreign_tarot not in CardSet.full()
    assert foreign_card not in TarotCardSet.full()
    assert CardSet(1) != TarotCardSet(1)
    assert len(CardSet.full()) == 55 and len(TarotCardSet.full()) == 78


def test_invalid_masks_are_rejected() -> None:
    with pytest.raises(ValueError, match="55 cards"):
        CardSet(1 << 55)
    with pytest.raises(ValueError):
        CardSet(-1)


@pytest.mark.parametrize("text", ["AS AS", "AS ZZ", "AS,KS", "- AS"])
def test_bad_card_sets_raise_notation_error(text: str) -> None:
    with pytest.raises(NotationError, match="invalid card set"):
        CardSet.parse(text)


@given(st.text(max_size=20))
def test_garbage_to_set_parsers_raises_only_notation_error(text: str) -> None:
    for parse in (CardSet.parse, TarotCardSet.parse):
        try:
            parse(text)
        except NotationError as error:
            assert "invalid card set" in str(error)


def test_card_set_refuses_cards_of_another_pack() -> None:
    with pytest.raises(NotationError, match="pack"):
        CardSet.from_cards([TarotCard.parse("1S")])  # type: ignore[list-item]
    with pytest.raises(NotationError):
        CardSet().add(5)  # type: ignore[arg-type]


def test_card_set_mask_must_be_an_int() -> None:
    with pytest.raises(NotationError):
        CardSet("1")  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        CardSet(True)


def test_card_set_from_a_non_iterable_is_a_notation_error() -> None:
    with pytest.raises(NotationError, match="iterable"):
        CardSet.from_cards(5)  # type: ignore[arg-type]
