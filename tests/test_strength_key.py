"""``strength_key(rules)``: one documented sort key for cards and moves by strength, under the
same name in both games. The expected orders below are worked out by hand from the
docstrings' rules."""

from __future__ import annotations

import pickle

import pytest

from cardgames import tailor, tarot
from cardgames.cards import Card
from cardgames.errors import NotationError, RulesError


def _tarot_cards(text: str) -> list[tarot.TarotCard]:
    return [tarot.TarotCard.parse(word) for word in text.split()]


def _sorted_texts(items: list[object], key: object) -> list[str]:
    return [str(item) for item in sorted(items, key=key)]  # type: ignore[call-overload]


HAND = "QC 10S 1S 5D 10H 1H KH 1T 21T EX"


def test_tarot_cards_by_strength_with_aces_low() -> None:
    key = tarot.strength_key(tarot.Rules.simplified(players=3))
    # Excuse 0; suit cards 1 (the ones) to 14 (the Kings), equal ones spades-hearts-diamonds-
    # clubs; trumps 101 to 121.
    assert _sorted_texts(list(_tarot_cards(HAND)), key) == (
        ["EX", "1S", "1H", "5D", "10S", "10H", "QC", "KH", "1T", "21T"]
    )


def test_tarot_cards_by_strength_in_the_traditional_numeral_order() -> None:
    key = tarot.strength_key(tarot.Rules.traditional(players=3))
    # Red numerals rank the other way: 10H is 1, 5D is 6, 1H is 10.
    assert _sorted_texts(list(_tarot_cards(HAND)), key) == (
        ["EX", "1S", "10H", "5D", "10S", "1H", "QC", "KH", "1T", "21T"]
    )


def test_a_card_move_sorts_as_its_card() -> None:
    key = tarot.strength_key(tarot.Rules.french(players=5))
    for card in tarot.TarotCard.all():
        assert key(tarot.Move(card)) == key(card)
    state = tarot.deal(tarot.Rules.simplified(players=4), seed=2)
    moves = sorted(state.legal_moves(), key=key)
    assert [key(move) for move in moves] == sorted(key(move) for move in moves)


def test_french_moves_by_strength() -> None:
    key = tarot.strength_key(tarot.Rules.french(players=5))
    parse = tarot.parse_move
    bids = [parse(text) for text in ("garde-sans", "pass", "garde-contre", "prise", "garde")]
    assert _sorted_texts(list(bids), key) == [
        "pass",
        "prise",
        "garde",
        "garde-sans",
        "garde-contre",
    ]
    calls = [parse(text) for text in ("call-KD", "call-QH", "call-KS", "call-QS")]
    assert _sorted_texts(list(calls), key) == ["call-QS", "call-QH", "call-KS", "call-KD"]
    assert _sorted_texts([parse("slam"), parse("no-slam")], key) == ["no-slam", "slam"]
    levels = [parse(f"poignee-{level}") for level in ("triple", "single", "double")]
    assert _sorted_texts(list(levels), key) == [
        "poignee-single",
        "poignee-double",
        "poignee-triple",
    ]
    mixed = [parse(text) for text in ("poignee-single", "KS", "garde", "slam", "call-KH")]
    assert _sorted_texts(list(mixed), key) == ["garde", "call-KH", "slam", "KS", "poignee-single"]


def test_tailor_cards_by_hand_value() -> None:
    key = tailor.strength_key(tailor.Rules())
    cards = [
        Card.parse(word)
        for word in ["QD", "TH", "KS", "JH", "TS", "2C", "AH", "X2", "X1", "TLR", "9S"]
    ]
    # values: A 1, 2 2, 9 9, tens and courts 10 (by rank, then suit), Jokers 15, Tailor 25
    assert _sorted_texts(list(cards), key) == [
        "AH",
        "2C",
        "9S",
        "TS",
        "TH",
        "JH",
        "QD",
        "KS",
        "X1",
        "X2",
        "TLR",
    ]


def test_tailor_moves_by_what_they_shed() -> None:
    key = tailor.strength_key(tailor.Rules(players=3))
    texts = [
        "TLR QH>2",
        "dump 7H 7S",
        "KH",
        "draw",
        "X2 skip",
        "dump 5S 5H",
        "TLR AS>1",
        "dump 7S 7H",
        "pass",
        "7S",
        "dump 2S 2H 2D",
        "X1 reverse",
        "TLR QH>1",
        "X1 skip",
    ]
    moves = [tailor.parse_move(text) for text in texts]
    assert _sorted_texts(list(moves), key) == [
        "pass",  # sheds nothing
        "draw",
        "dump 2S 2H 2D",  # 6
        "7S",  # 7
        "KH",  # 10, one card
        "dump 5S 5H",  # 10, two cards
        "dump 7S 7H",  # 14, then the cards in the order laid
        "dump 7H 7S",
        "X1 skip",  # 15
        "X1 reverse",
        "X2 skip",
        "TLR AS>1",  # 25, then the call and the victim
        "TLR QH>1",
        "TLR QH>2",
    ]
    for card in Card.all()[:52]:
        assert key(tailor.Play(card)) == key(card)


def test_the_same_name_in_both_games_and_a_readable_repr() -> None:
    for module, rules in (
        (tarot, tarot.Rules.traditional(players=4)),
        (tailor, tailor.Rules(players=5, chase_mode=True)),
    ):
        key = module.strength_key(rules)
        namespace = {"strength_key": module.strength_key, "Rules": module.Rules}
        assert eval(repr(key), namespace) == key
        assert pickle.loads(pickle.dumps(key)) == key
        assert "strength_key" in module.__all__


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(RulesError, match="invalid Tarot rules 'x'"):
        tarot.strength_key("x")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="invalid rules 3"):
        tailor.strength_key(3)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="invalid Tarot card or move 5"):
        tarot.strength_key(tarot.Rules(players=3))(5)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match=r"invalid Tarot card or move Card\.parse"):
        tarot.strength_key(tarot.Rules(players=3))(Card.parse("KS"))  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="invalid Chase the Tailor card or move 'KS'"):
        tailor.strength_key(tailor.Rules())("KS")  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="invalid Chase the Tailor card or move TarotCard"):
        tailor.strength_key(tailor.Rules())(tarot.TarotCard.parse("KS"))  # type: ignore[arg-type]
