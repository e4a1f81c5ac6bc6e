"""Decks: packs, reproducible shuffles and dealing."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames import Card, CardSet, Deck, NotationError
from cardgames.cardset import BaseCardSet
from cardgames.deck import make_rng, register_card_set, shuffle_order
from cardgames.errors import RulesError
from cardgames.tarot import TarotCard, TarotCardSet
from cardgames.tarot.cards import tarot_deck


def test_pack_constructors() -> None:
    assert len(Deck.standard()) == 52 and len(Deck.tailor()) == 55 and len(tarot_deck()) == 78
    assert Deck.tailor().to_set() == CardSet.full()
    assert tarot_deck().to_set() == TarotCardSet.full()


def test_same_seed_same_order_pinned() -> None:
    # Pinned so that a change in the shuffle (which would change every seeded game) is noticed.
    assert str(Deck.standard().shuffled(1)[:5]) == "JC TS QD TH 3S"
    assert shuffle_order(6, 42) == [3, 1, 2, 4, 0, 5]


@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_shuffle_is_a_deterministic_permutation(seed: int) -> None:
    deck = tarot_deck()
    shuffled = deck.shuffled(seed)
    assert shuffled == deck.shuffled(seed)
    assert sorted(shuffled, key=lambda card: card.index) == list(deck)


def test_shuffle_accepts_a_random_instance_and_advances_it() -> None:
    rng = random.Random(5)
    first, second = Deck.standard().shuffled(rng), Deck.standard().shuffled(rng)
    assert first != second
    assert first == Deck.standard().shuffled(random.Random(5))


def test_shuffle_leaves_the_original_unchanged() -> None:
    deck = Deck.tailor()
    deck.shuffled(3)
    assert deck == Deck.tailor()


def test_make_rng_rejects_other_sources() -> None:
    with pytest.raises(RulesError, match="seed"):
        make_rng("seven")  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        make_rng(True)


def test_make_rng_rejects_negative_seeds() -> None:
    # random.Random(-7) would silently shuffle like random.Random(7).
    with pytest.raises(RulesError, match="-7"):
        make_rng(-7)
    with pytest.raises(RulesError):
        make_rng(1 << 64)
    assert make_rng((1 << 64) - 1).random() == make_rng((1 << 64) - 1).random()


@given(st.integers(2, 6), st.integers(1, 9), st.integers(1, 5), st.integers(0, 1000))
def test_deal_partitions_the_deck(players: int, each: int, packet: int, seed: int) -> None:
    deck = Deck.tailor().shuffled(seed)
    hands, rest = deck.deal(players, each, packet=packet)
    assert [len(hand) for hand in hands] == [each] * players
    union = CardSet()
    for hand in hands:
        assert union.isdisjoint(hand)
        union |= hand
    assert union | rest.to_set() == CardSet.full()
    assert list(rest) == list(deck)[players * each :]


def test_deal_in_packets_goes_round_in_order() -> None:
    hands, rest = Deck.parse("AS 2S 3S 4S 5S 6S 7S").deal(2, 3, packet=2)
    assert [str(hand) for hand in hands] == ["AS 2S 5S", "3S 4S 6S"]
    assert str(rest) == "7S"


def test_deal_tarot_gives_tarot_sets() -> None:
    hands, rest = tarot_deck().deal(3, 25)
    assert all(isinstance(hand, TarotCardSet) for hand in hands)
    assert len(rest) == 3


def test_deal_too_many_cards_is_an_error() -> None:
    with pytest.raises(ValueError, match="cannot deal"):
        Deck.standard().deal(6, 9)


def test_deck_notation_round_trip() -> None:
    deck = Deck.tailor().shuffled(9)
    assert Deck.parse(str(deck)) == deck
    assert eval(repr(deck)) == deck
    tarot = tarot_deck().shuffled(9)
    assert eval(repr(tarot)) == tarot
    assert isinstance(tarot[0], TarotCard) and isinstance(deck[0], Card)


@pytest.mark.parametrize("text", ["AS AS", "AS ZZ"])
def test_bad_decks_raise_notation_error(text: str) -> None:
    with pytest.raises(NotationError, match="invalid deck"):
        Deck.parse(text)


def test_deck_rejects_duplicate_cards() -> None:
    with pytest.raises(ValueError, match="once"):
        Deck([Card.parse("AS"), Card.parse("AS")])


@given(st.text(max_size=20))
def test_garbage_to_deck_parser_raises_only_notation_error(text: str) -> None:
    for card_type in (Card, TarotCard):
        try:
            Deck.parse(text, card_type=card_type)
        except NotationError as error:
            assert "invalid deck" in str(error)


def test_deck_of_wrong_things_is_a_notation_error() -> None:
    with pytest.raises(NotationError, match="sequence"):
        Deck(5)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        Deck([1, 2, 3])  # type: ignore[type-var]


def test_deal_with_bad_arguments_is_a_rules_error() -> None:
    with pytest.raises(RulesError, match="players"):
        Deck.standard().deal("4")  # type: ignore[arg-type]


def test_the_core_deck_knows_no_game_until_the_game_registers_its_pack() -> None:
    # The core's module imports nothing of a game, not even inside a function: Tarot
    # registers its card set itself.
    import cardgames.deck as deck_module

    tree = ast.parse(Path(deck_module.__file__).read_text(encoding="utf-8"))
    imported = [
        node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
    ] + [
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    ]
    assert imported and not [
        name for name in imported if name.startswith(("cardgames.tarot", "cardgames.tailor"))
    ]
    assert tarot_deck() == Deck(TarotCard.all()) and isinstance(tarot_deck()[0], TarotCard)
    hands, rest = tarot_deck().deal(4, 19, packet=5)
    assert all(isinstance(hand, TarotCardSet) for hand in hands) and len(rest) == 2


def test_register_card_set_is_idempotent_and_refuses_strangers() -> None:
    register_card_set(CardSet)
    register_card_set(TarotCardSet)
    for stranger in (int, None, "CardSet", BaseCardSet):
        with pytest.raises(RulesError, match="card-set type"):
            register_card_set(stranger)  # type: ignore[arg-type]


def test_deck_parse_reads_any_registered_pack() -> None:
    assert Deck.parse("EX 21T KS", card_type=TarotCard) == Deck(
        [TarotCard.parse(word) for word in ("EX", "21T", "KS")]
    )
    for stranger in (int, [Card], None, TarotCardSet):
        with pytest.raises(NotationError, match="card type"):
            Deck.parse("AS", card_type=stranger)  # type: ignore[arg-type]
