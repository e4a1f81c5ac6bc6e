"""Shared helpers for the Chase the Tailor tests: building positions by hand, random play-outs."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from hypothesis import assume
from hypothesis import strategies as st

from cardgames.cards import JOKER_1, JOKER_2, Card, Rank, Suit
from cardgames.cardset import CardSet
from cardgames.tailor import (
    MAX_PLAYERS,
    Call,
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
    can_follow,
)


def make_state(
    hands: Sequence[str],
    top: str,
    *,
    rules: Rules | None = None,
    under: str = "",
    stock: str | None = None,
    follow: Card | Call | str | None = "card",
    to_move: int = 0,
    direction: int = 1,
    chase: bool = False,
    drawn: str | None = None,
    seed: int = 0,
    passes: int = 0,
) -> State:
    """A checked position: ``hands`` per seat, ``top`` showing on the pile over ``under``.

    Cards not named go to the stock in canonical order when ``stock`` is None, otherwise to the
    bottom of the pile. ``follow`` defaults to the top card (or None for a special top card).
    """
    if rules is None:
        rules = Rules(players=len(hands))
    hand_sets = tuple(CardSet.parse(hand) for hand in hands)
    top_card = Card.parse(top)
    pile = [Card.parse(word) for word in under.split()] + [top_card]
    stock_cards = [] if stock is None else [Card.parse(word) for word in stock.split()]
    used = CardSet.from_cards(pile) | CardSet.from_cards(stock_cards)
    for hand in hand_sets:
        used = used | hand
    rest = [card for card in Card.all() if card not in used]
    if stock is None:
        stock_cards = rest
    else:
        pile = rest + pile
    target: Card | Call | None
    if follow == "card":
        target = None if top_card.is_special else top_card
    else:
        assert not isinstance(follow, str)
        target = follow
    state = State(
        rules=rules,
        hands=hand_sets,
        pile=tuple(pile),
        stock=tuple(stock_cards),
        top=target,
        direction=direction,
        to_move=to_move,
        chase_active=chase,
        drawn=None if drawn is None else Card.parse(drawn),
        passes=passes,
        seed=seed,
    )
    assert State.parse(str(state)) == state
    return state


def texts(moves: Sequence[Move]) -> list[str]:
    """The written forms of some moves."""
    return [str(move) for move in moves]


def random_playout(state: State, rng: random.Random) -> list[State]:
    """Every state of a random play-out from ``state`` to the end of the round."""
    states = [state]
    while not state.is_over:
        moves = state.legal_moves()
        state = state.play(moves[rng.randrange(len(moves))])
        states.append(state)
    return states


def rules_variants(max_turns: int = 5000) -> st.SearchStrategy[Rules]:
    """Every combination of the optional rules, for property tests (``max_turns`` from 1 to
    the given bound)."""
    return st.builds(
        Rules,
        players=st.integers(2, 6),
        chase_mode=st.booleans(),
        after_joker=st.sampled_from(["below", "any"]),
        special_start=st.sampled_from(["bury", "open"]),
        voluntary_draw=st.booleans(),
        must_play_drawn=st.booleans(),
        drawn_card_dumps=st.booleans(),
        dump_whole_rank=st.booleans(),
        victim_may_be_caller=st.booleans(),
        final_tailor_penalty=st.booleans(),
        two_player_reverse_skips=st.booleans(),
        skipped_player_draws_chase=st.booleans(),
        tailor_breaks_chase=st.booleans(),
        next_round_starter=st.sampled_from(["rotate", "winner"]),
        max_turns=st.integers(1, max_turns),
    )


SUITED = Card.all()[:52]


@st.composite
def any_states(draw: st.DrawFn, max_turns: int = 30) -> State:
    """Any position the State constructor accepts, reachable in play or not: the 55 cards
    spread at random over the hands (0 to 10 each), the pile (at least one) and the stock,
    with any top, direction, seat, chase, drawn card, counts and seed the rules allow."""
    rules = draw(rules_variants(max_turns))
    players = rules.players
    order = draw(st.permutations(Card.all()))
    sizes = draw(st.lists(st.integers(0, 10), min_size=players, max_size=players))
    assume(sizes.count(0) <= 1)
    assume(sum(sizes) < len(order))  # six hands of ten would leave no card for the pile
    hands, position = [], 0
    for size in sizes:
        hands.append(CardSet.from_cards(order[position : position + size]))
        position += size
    pile_size = draw(st.integers(1, len(order) - position))
    pile = tuple(order[position : position + pile_size])
    stock = tuple(order[position + pile_size :])
    top = draw(
        st.one_of(
            st.none(),
            st.sampled_from(SUITED),
            st.builds(Call, st.sampled_from(Suit), st.sampled_from(Rank)),
        )
    )
    to_move = draw(st.integers(0, players - 1))
    playable = [card for card in hands[to_move] if can_follow(card, top)]
    drawn = draw(st.one_of(st.none(), st.sampled_from(playable))) if playable else None
    turns = draw(st.integers(0, rules.max_turns))
    return State(
        rules=rules,
        hands=tuple(hands),
        pile=pile,
        stock=stock,
        top=top,
        direction=draw(st.sampled_from([1, -1])),
        to_move=to_move,
        chase_active=draw(st.booleans()) if rules.chase_mode else False,
        drawn=drawn,
        passes=draw(st.integers(0, players)),
        turns=turns,
        seed=draw(st.integers(0, 2**64 - 1)),
        reshuffles=draw(st.integers(0, turns)),
    )


def every_candidate(state: State) -> list[Move]:
    """Every well-formed move worth trying in ``state``: each single play, every ordered dump
    of held cards of one rank, every Joker and Tailor move (victims up to seat 5), draw, pass."""
    hand = state.hands[state.to_move]
    moves: list[Move] = [Play(card) for card in SUITED]
    for rank in Rank:
        held = [card for card in hand if card.rank is rank]
        for length in range(2, len(held) + 1):
            moves.extend(Dump(cards) for cards in itertools.permutations(held, length))
    moves.extend(PlayJoker(joker, effect) for joker in (JOKER_1, JOKER_2) for effect in JokerEffect)
    moves.extend(
        PlayTailor(suit, rank, victim)
        for suit in Suit
        for rank in Rank
        for victim in range(MAX_PLAYERS)
    )
    moves.extend([Draw(), Pass()])
    return moves
