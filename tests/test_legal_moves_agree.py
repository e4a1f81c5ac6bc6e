"""The move generator and the move checker agree, in every state the library lets exist.

For each state reached by random play (every Tarot preset; Chase the Tailor for 2 to 6 players,
with and without Chase Mode), each state a parser accepts from a mutated position text, and
each position the constructor accepts (a Chase the Tailor position of any shape, a Tarot
endgame made up for analysis):

* the state has a legal move exactly when it is not over;
* every move of ``legal_moves()`` passes ``check`` and ``is_legal``, and ``play`` accepts it;
* for a sample of the other moves (and of things that are not moves at all) ``is_legal`` is
  False, and ``play`` raises :class:`~cardgames.errors.IllegalMoveError` and leaves the state
  as it was.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from tailor_helpers import any_states, every_candidate
from test_hostile_inputs import (
    TAILOR_POSITIONS,
    TAROT_POSITIONS,
    TAROT_PRESETS,
    Refused,
    call,
    examples,
    mutations,
)

from cardgames import Card, tailor, tarot
from cardgames.errors import IllegalMoveError, NotationError

NOT_MOVES: tuple[object, ...] = (
    None,
    b"1S",  # not a str: play() reads a str as a move's written form
    0,
    Card.parse("AS"),
    tarot.TarotCard.parse("KS"),
    tarot.Move.parse("KS"),
    tailor.Draw(),
    tailor.Play(Card.parse("AS")),
)
TAROT_MOVES = tuple(tarot.Move(card) for card in tarot.TarotCard.all())
SETTINGS = settings(
    deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)


def _snapshot(state: Any) -> tuple[Any, ...]:
    return attrs.astuple(state, recurse=False)


def _refused(state: Any, move: object) -> None:
    """``move`` is illegal in ``state``: ``is_legal`` says so, ``check`` and ``play`` raise
    IllegalMoveError, and the state is left as it was."""
    before = _snapshot(state)
    assert not state.is_legal(move), f"{move!r} is legal in {state!r}"
    with pytest.raises(IllegalMoveError):
        state.check(move)
    with pytest.raises(IllegalMoveError):
        state.play(move)
    assert _snapshot(state) == before


def check_tarot_state(state: tarot.State, rng: random.Random, illegal: int = 78) -> None:
    legal = state.legal_moves()
    assert bool(legal) != state.is_over, f"legal moves {legal} but is_over={state.is_over}"
    assert list(legal) == sorted(set(legal)), "legal moves are listed once each, in card order"
    for move in legal:
        assert state.is_legal(move)
        state.check(move)
        after = state.play(move)
        assert len(after.history()) == len(state.history()) + 1
    others = [move for move in TAROT_MOVES if move not in legal]
    for move in rng.sample(others, min(illegal, len(others))):
        _refused(state, move)
    for thing in NOT_MOVES:
        if thing not in legal:
            _refused(state, thing)


def check_tailor_state(state: tailor.State, rng: random.Random, sample: int = 12) -> None:
    legal = state.legal_moves()
    assert bool(legal) != state.is_over, f"legal moves {legal} but is_over={state.is_over}"
    assert len(set(legal)) == len(legal), "a legal move is listed twice"
    for move in legal:
        assert state.is_legal(move)
        state.check(move)
        after = state.play(move)
        assert after.turns == state.turns + 1
    listed = set(legal)
    candidates = every_candidate(state)
    others = [move for move in candidates if move not in listed]
    assert all(state.is_legal(move) == (move in listed) for move in candidates)
    for move in rng.sample(others, min(sample, len(others))):
        _refused(state, move)
    for thing in NOT_MOVES:
        if thing not in listed:
            _refused(state, thing)


def _play_on(state: Any, rng: random.Random) -> Any:
    moves = state.legal_moves()
    return state.play(moves[rng.randrange(len(moves))])


# -- states reached by random play ----------------------------------------------------------


@pytest.mark.parametrize("rules", TAROT_PRESETS, ids=str)
@settings(SETTINGS, max_examples=examples(2))
@given(seed=st.integers(0, 2**64 - 1))
def test_tarot_random_play_legal_moves_agree_with_play(rules: tarot.Rules, seed: int) -> None:
    rng = random.Random(seed)
    state = tarot.deal(rules, seed=seed, dealer=seed % rules.players)
    check_tarot_state(state, rng)
    while not state.is_over:
        state = _play_on(state, rng)
        check_tarot_state(state, rng, illegal=20)


@pytest.mark.parametrize("chase", [False, True], ids=["plain", "chase"])
@pytest.mark.parametrize("players", range(2, 7))
@settings(SETTINGS, max_examples=examples(3))
@given(seed=st.integers(0, 2**64 - 1))
def test_tailor_random_play_legal_moves_agree_with_play(
    players: int, chase: bool, seed: int
) -> None:
    rng = random.Random(seed)
    state = tailor.deal(
        tailor.Rules(players=players, chase_mode=chase), seed=seed, first_player=seed % players
    )
    check_tailor_state(state, rng)
    while not state.is_over:
        state = _play_on(state, rng)
        check_tailor_state(state, rng)


# -- states accepted by a parser or by the constructor --------------------------------------


@settings(SETTINGS, max_examples=examples(80))
@given(text=mutations(TAROT_POSITIONS), seed=st.integers(0, 2**32))
def test_tarot_parsed_positions_legal_moves_agree_with_play(text: str, seed: int) -> None:
    state = call("tarot.State.parse", tarot.State.parse, text, errors=(NotationError,))
    if isinstance(state, Refused):
        return
    assert isinstance(state, tarot.State)
    rng = random.Random(seed)
    for _ in range(3):
        check_tarot_state(state, rng, illegal=20)
        if state.is_over:
            break
        state = _play_on(state, rng)


@settings(SETTINGS, max_examples=examples(80))
@given(text=mutations(TAILOR_POSITIONS), seed=st.integers(0, 2**32))
def test_tailor_parsed_positions_legal_moves_agree_with_play(text: str, seed: int) -> None:
    state = call("tailor.State.parse", tailor.State.parse, text, errors=(NotationError,))
    if isinstance(state, Refused):
        return
    assert isinstance(state, tailor.State)
    rng = random.Random(seed)
    for _ in range(3):
        check_tailor_state(state, rng)
        if state.is_over:
            break
        state = _play_on(state, rng)


@settings(SETTINGS, max_examples=examples(40))
@given(state=any_states(), seed=st.integers(0, 2**32))
def test_tailor_constructed_positions_legal_moves_agree_with_play(
    state: tailor.State, seed: int
) -> None:
    rng = random.Random(seed)
    for _ in range(3):
        check_tailor_state(state, rng)
        if state.is_over:
            break
        state = _play_on(state, rng)


@st.composite
def made_up_tarot_states(draw: st.DrawFn) -> tarot.State:
    """A position built with the constructor, as one does for analysis: an unrelated deal,
    hands of a few cards each (one fewer for the seats that have played to the trick), a trick
    in progress, won piles from the rest of the pack; or the dealer in the middle of a
    discard."""
    rules = draw(st.sampled_from(TAROT_PRESETS))
    players = rules.players
    pack = draw(st.permutations(tarot.TarotCard.all()))
    initial = tarot.Deal.random(
        rules, draw(st.integers(0, 2**64 - 1)), draw(st.integers(0, 5)) % players
    )
    discarding = bool(rules.talon_size) and draw(st.integers(0, 3)) == 0
    size = draw(st.integers(1, 6))
    hands, position = [], 0
    if discarding:
        dealer = initial.dealer
        discard = tarot.TarotCardSet.from_cards(pack[: draw(st.integers(0, rules.talon_size - 1))])
        position = len(discard)
        for seat in range(players):
            count = size + (rules.talon_size - len(discard) if seat == dealer else 0)
            hands.append(tarot.TarotCardSet.from_cards(pack[position : position + count]))
            position += count
        assume(len(hands[dealer] - HONOURS) >= rules.talon_size - len(discard))
        return tarot.State(
            initial=initial,
            phase=tarot.Phase.DISCARD,
            to_move=dealer,
            hands=hands,
            discard=discard,
            trick=tarot.Trick(leader=rules.first_leader(dealer)),
            won=[tarot.TarotCardSet()] * players,
        )
    leader = draw(st.integers(0, players - 1))
    played = draw(st.integers(0, players - 1))
    seats = [leader]
    while len(seats) < played:
        seats.append(rules.next_player(seats[-1]))
    trick_cards = tuple(pack[:played])
    position = played
    for seat in range(players):
        count = size - 1 if seat in seats[:played] else size
        hands.append(tarot.TarotCardSet.from_cards(pack[position : position + count]))
        position += count
    rest = list(pack[position:])
    won = [tarot.TarotCardSet() for _ in range(players)]
    for card in rest[: draw(st.integers(0, len(rest)))]:
        seat = draw(st.integers(0, players - 1))
        won[seat] = won[seat].add(card)
    to_move = rules.next_player(seats[-1]) if played else leader
    return tarot.State(
        initial=initial,
        phase=tarot.Phase.PLAY,
        to_move=to_move,
        hands=hands,
        trick=tarot.Trick(leader=leader, cards=trick_cards, players=seats[:played]),
        won=won,
        trumps_played=draw(st.booleans()),
    )


HONOURS = tarot.TarotCardSet.parse("KS KH KD KC 1T 21T EX")


@settings(SETTINGS, max_examples=examples(30))
@given(state=made_up_tarot_states(), seed=st.integers(0, 2**32))
def test_tarot_constructed_positions_play_to_the_end(state: tarot.State, seed: int) -> None:
    # (What the solver makes of them: test_solver_analyses_a_made_up_endgame in
    # test_hostile_inputs.py.)
    rng = random.Random(seed)
    while True:
        check_tarot_state(state, rng, illegal=10)
        if state.is_over:
            break
        state = _play_on(state, rng)
    assert sum(state.points()) >= 0
