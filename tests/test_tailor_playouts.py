"""Chase the Tailor: random play-outs for 2-6 players, with and without Chase Mode."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tailor_helpers import rules_variants

from cardgames.cards import TAILOR_PACK_SIZE, Card, Rank, Suit
from cardgames.errors import IllegalMoveError, RulesError
from cardgames.tailor import (
    Draw,
    Dump,
    JokerEffect,
    Move,
    Pass,
    Play,
    PlayJoker,
    PlayTailor,
    Rules,
    State,
    deal,
    dumps,
    hand_points,
    loads,
    random_position,
    record_of,
)

FULL = (1 << TAILOR_PACK_SIZE) - 1


def random_candidate(rng: random.Random, players: int) -> Move:
    """Any well-formed move, legal or not."""
    kind = rng.randrange(6)
    cards = Card.all()
    if kind == 0:
        return Play(cards[rng.randrange(52)])
    if kind == 1:
        rank = rng.randrange(13)
        suits = rng.sample(range(4), rng.randrange(2, 5))
        return Dump(tuple(cards[suit * 13 + rank] for suit in suits))
    if kind == 2:
        return PlayTailor(
            Suit(rng.randrange(4)), Rank(rng.randrange(1, 14)), rng.randrange(players)
        )
    if kind == 3:
        return PlayJoker(cards[52 + rng.randrange(2)], rng.choice(list(JokerEffect)))
    return Draw() if kind == 4 else Pass()


def check_cards(state: State) -> None:
    seen = 0
    count = 0
    for hand in state.hands:
        assert seen & hand.mask == 0
        seen |= hand.mask
        count += len(hand)
    for card in (*state.pile, *state.stock):
        assert not seen >> card.index & 1
        seen |= card.mask
        count += 1
    assert seen == FULL and count == TAILOR_PACK_SIZE


def play_out(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    state = deal(rules, seed=seed, first_player=seed % rules.players)
    start = state
    moves: list[Move] = []
    while not state.is_over:
        check_cards(state)
        assert attrs.evolve(state) == state  # the checking constructor accepts every state
        legal = state.legal_moves()
        assert legal, "a round in progress always has a legal move"
        for _ in range(3):
            candidate = random_candidate(rng, rules.players)
            if candidate in legal:
                assert state.is_legal(candidate)
                continue
            before = State.parse(str(state))
            with pytest.raises(IllegalMoveError):
                state.play(candidate)
            assert state == before and not state.is_legal(candidate)
        move = legal[rng.randrange(len(legal))]
        state = state.play(move)
        moves.append(move)
        assert len(moves) <= rules.max_turns
    check_cards(state)
    assert state.legal_moves() == ()
    payoffs = state.payoffs()
    for seat, hand in enumerate(state.hands):
        expected = 0 if seat == state.winner else -hand_points(hand)
        assert payoffs[seat] == expected
    if state.winner is None:
        assert state.is_stalemate
    else:
        assert not state.hands[state.winner]
    assert state.history() == tuple(moves)
    record = record_of(state)
    assert record.start() == start
    assert loads(dumps(record)).replay() == state
    assert State.parse(str(state)) == state


@settings(max_examples=120, deadline=None)
@given(st.integers(2, 6), st.booleans(), st.integers(0, 10**9))
def test_random_playouts_keep_every_card_and_end(players: int, chase: bool, seed: int) -> None:
    play_out(Rules(players=players, chase_mode=chase), seed)


@settings(max_examples=80, deadline=None)
@given(
    rules_variants(max_turns=400),
    st.integers(0, 10**9),
)
def test_random_playouts_under_every_variant(rules: Rules, seed: int) -> None:
    play_out(rules, seed)


def test_same_seed_and_moves_give_the_same_game() -> None:
    for players in range(2, 7):
        rules = Rules(players=players, chase_mode=True)
        first = deal(rules, seed=players)
        second = deal(rules, seed=players)
        rng_a, rng_b = random.Random(5), random.Random(5)
        while not first.is_over:
            moves = first.legal_moves()
            assert moves == second.legal_moves()
            first = first.play(moves[rng_a.randrange(len(moves))])
            second = second.play(moves[rng_b.randrange(len(moves))])
            assert first == second and first.key() == second.key()


def test_long_rounds_reshuffle_and_still_end() -> None:
    """Players who often draw when they need not make long rounds with many reshuffles."""
    for players in (2, 4, 6):
        rules = Rules(players=players, voluntary_draw=True, must_play_drawn=False, max_turns=600)
        rng = random.Random(players)
        state = deal(rules, seed=players)
        while not state.is_over:
            moves: list[Move] = [
                move for move in state.legal_moves() if not isinstance(move, PlayTailor)
            ]
            moves = moves or list(state.legal_moves())
            state = state.play(moves[0] if rng.random() < 0.4 else moves[-1])
            check_cards(state)
        assert state.reshuffles > 0 and state.turns <= rules.max_turns


def test_random_position_gives_up_when_rounds_end_too_soon() -> None:
    with pytest.raises(RulesError, match="no position with a hand of at most 1 card"):
        random_position(Rules(players=2, max_turns=1), seed=1, cards_left=1)
    # the same seeds still give the same positions as before the bound
    state = random_position(Rules(players=4), seed=1)
    assert state == random_position(Rules(players=4), seed=1) and not state.is_over
    # a deal already small enough is returned at once, even with a one-move cap
    small = random_position(Rules(players=2, hand_size=2, max_turns=1), seed=5, cards_left=2)
    assert small.turns == 0 and not small.is_over
    for rules in (None, 5, "players=2"):
        with pytest.raises(RulesError, match="invalid rules"):
            random_position(rules, seed=1)  # type: ignore[arg-type]
    for seed in (-1, 2**64, 10**5000, True, 1.5, "1"):
        with pytest.raises(RulesError, match="invalid seed"):
            random_position(Rules(), seed=seed)  # type: ignore[arg-type]
    for cards_left in (0, True, 1.5, None):
        with pytest.raises(RulesError, match="invalid cards_left"):
            random_position(Rules(), seed=1, cards_left=cards_left)  # type: ignore[arg-type]
