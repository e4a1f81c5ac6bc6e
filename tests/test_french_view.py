"""Tests of the French Tarot views (cardgames.tarot.view under Rules.french): what is public
(bids, contract, call, announcement, poignées, the shown dog, the discarded trumps), what stays
hidden (the partner until the called card falls, the dog of a garde sans or a garde contre,
the rest of the taker's discard), what play reveals (voids, the overtrump rule), and the
worlds sampled from a view."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from collections.abc import Callable

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgames import _allocation
from cardgames.errors import NotationError
from cardgames.tarot import Move, Phase, Rules, State, TarotCard, TarotCardSet, deal
from cardgames.tarot.contracts import Bid, Call, Contract, Declaration, Poignee
from cardgames.tarot.play import HONOUR_MASK, KING_MASK, SUIT_MASKS, TRUMP_MASK
from cardgames.tarot.view import View, view_of

SETTINGS = settings(deadline=None, max_examples=30, suppress_health_check=[HealthCheck.too_slow])
FRENCH = (Rules.french(players=3), Rules.french(players=4), Rules.french(players=5))
PLAIN = (SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]) & ~KING_MASK


def bid_to(state: State, contract: Contract | None, taker_number: int = 0) -> State:
    """The bidding of ``state`` played out: the ``taker_number``-th bidder bids ``contract``
    (None: everyone passes), the others pass."""
    while state.phase is Phase.BIDDING:
        number = len(state.bids)
        state = state.play(Bid(contract if number == taker_number else None))
    return state


def trump_heavy(rules: Rules, seed: int) -> dict[int | str, str]:
    """Fixed cards giving the first bidder the four Kings, the bouts and many trumps (so it
    may declare a poignée, must call a Queen at five players, and may have to discard
    trumps)."""
    rng = random.Random(seed)
    first = rules.first_leader(seed % rules.players)
    cards = ["KS", "KH", "KD", "KC", "EX", "21T", "1T"]
    plain = rng.sample(["2S", "3S", "4H", "5D", "6C", "QS"], seed % 3)
    trumps = rng.sample(range(2, 21), rules.hand_size - len(cards) - len(plain))
    return {first: " ".join(cards + plain + [f"{n}T" for n in trumps])}


def french_state_strategy() -> st.SearchStrategy[State]:
    def build(rules: Rules, seed: int, contract: int, heavy: bool, at: float) -> State:
        fixed = trump_heavy(rules, seed) if heavy else None
        rng = random.Random(seed)
        state = deal(rules, seed=seed, dealer=seed % rules.players, fixed=fixed)
        chosen = (None, *Contract)[contract]
        taker_number = 0 if heavy else rng.randrange(rules.players)
        states = [state]
        while state.phase is Phase.BIDDING:
            state = state.play(Bid(chosen if len(state.bids) == taker_number else None))
            states.append(state)
        while not state.is_over:
            moves = state.legal_moves()
            declarations = [move for move in moves if isinstance(move, Declaration)]
            state = state.play(rng.choice(declarations) if declarations else rng.choice(moves))
            states.append(state)
        return states[min(int(at * len(states)), len(states) - 1)]

    return st.builds(
        build,
        st.sampled_from(FRENCH),
        st.integers(0, 2**32),
        st.integers(0, 4),
        st.booleans(),
        st.floats(0, 1),
    )


def play_until(state: State, done: Callable[[State], bool]) -> State:
    """Play the first legal card move (no declarations) until ``done(state)``."""
    while not done(state):
        state = state.play(
            state.legal_card_moves()[0] if state.legal_card_moves() else state.legal_moves()[0]
        )
    return state


# -- what is public ------------------------------------------------------------------------


@pytest.mark.parametrize("rules", FRENCH, ids=str)
def test_bids_contract_and_taker_are_public(rules: Rules) -> None:
    state = deal(rules, seed=2)
    state = state.play(Bid(None)).play(Bid(Contract.PRISE))
    for seat in range(rules.players):
        view = view_of(state, seat)
        assert view.bids == state.bids and view.contract is Contract.PRISE
        assert view.taker is None and view.phase is Phase.BIDDING
        assert view.teams == rules.teams and view.side_of(seat) is None
    state = bid_to(state, Contract.GARDE, taker_number=2)
    for seat in range(rules.players):
        view = view_of(state, seat)
        taker = view.taker
        assert taker is not None and taker == state.taker and view.contract is Contract.GARDE
        assert view.side_of(taker) == 0
    assert view_of(state, 0).history()[: rules.players] == state.bids


def test_everyone_passing_is_a_void_deal_in_every_view() -> None:
    rules = Rules.french(players=4)
    state = bid_to(deal(rules, seed=5), None)
    for seat in range(4):
        view = view_of(state, seat)
        assert view.is_void and view.is_over and view.taker is None
        assert view.legal_moves() == () and view.talon is None
        world = view.sample(random.Random(seat))
        assert view_of(world, seat) == view and not any(world.payoffs())


@pytest.mark.parametrize("contract", [Contract.PRISE, Contract.GARDE])
def test_dog_of_a_prise_or_garde_is_shown_to_every_seat(contract: Contract) -> None:
    rules = Rules.french(players=4)
    state = bid_to(deal(rules, seed=9), contract, taker_number=1)
    assert state.phase is Phase.DISCARD
    taker = state.taker
    assert taker is not None
    for seat in range(4):
        view = view_of(state, seat)
        assert view.talon == state.initial.talon
        assert (view.discard is not None) == (seat == taker)
    state = play_until(state, lambda s: s.phase is not Phase.DISCARD)
    own = view_of(state, taker)
    assert own.discard == state.discard and own.discard_remaining == 0
    for seat in range(4):
        if seat != taker:
            view = view_of(state, seat)
            assert view.discard is None and view.discard_size == rules.talon_size
            assert view.discard_shown == TarotCardSet(state.discard.mask & TRUMP_MASK)


@pytest.mark.parametrize("contract", [Contract.GARDE_SANS, Contract.GARDE_CONTRE])
def test_dog_of_a_garde_sans_or_contre_is_seen_by_nobody(contract: Contract) -> None:
    rules = Rules.french(players=4)
    state = bid_to(deal(rules, seed=4), contract, taker_number=0)
    state = play_until(state, lambda s: len(s.tricks) == 3)
    true_dog = state.initial.talon
    for seat in range(4):
        view = view_of(state, seat)
        assert view.talon is None and view.discard is None
        assert not true_dog.mask & ~view.unseen().mask  # the dog is unseen, taker included
        dogs = [world.initial.talon for world in view.samples(20, random.Random(seat))]
        assert any(dog != true_dog for dog in dogs)
        assert len({card for dog in dogs for card in dog}) > rules.talon_size


def test_trumps_the_taker_had_to_discard_are_public() -> None:
    rules = Rules.french(players=4)
    fixed = trump_heavy(rules, 3)  # few discardable cards: trumps must go
    state = bid_to(deal(rules, seed=3, dealer=3, fixed=fixed), Contract.GARDE, taker_number=0)
    taker = state.taker
    assert taker is not None
    state = play_until(state, lambda s: s.phase is not Phase.DISCARD)
    shown = TarotCardSet(state.discard.mask & TRUMP_MASK)
    assert shown, "the deal was built so that trumps go into the discard"
    rng = random.Random(1)
    for seat in range(4):
        view = view_of(state, seat)
        assert view.discard_shown == shown
        if seat == taker:
            continue
        for world in view.samples(20, rng):
            assert shown.mask & ~world.discard.mask == 0
            assert not world.discard.mask & (TRUMP_MASK & ~shown.mask | HONOUR_MASK)
            assert not world.hands[taker].mask & PLAIN  # it kept no discardable card
            assert world._is_played()


# -- the partner at five players -------------------------------------------------------------


def called_deal(seed: int = 3) -> State:
    """Five players: seat 4 takes a garde and calls the King of spades (seat 1 holds it)."""
    state = bid_to(deal(Rules.french(players=5), seed=seed), Contract.GARDE, taker_number=0)
    state = state.play(Call.parse("call-KS"))
    return play_until(state, lambda s: s.phase is Phase.PLAY)


def test_partner_is_hidden_until_the_called_card_falls() -> None:
    state = called_deal()
    taker, partner = state.taker, state.partner
    assert (taker, partner) == (4, 1)
    for seat in range(5):
        view = view_of(state, seat)
        assert view.called == TarotCard.parse("KS")
        if seat == partner:
            assert view.partner_known and view.partner == partner and view.teams == state.teams
        else:
            assert not view.partner_known and view.partner is None and view.teams is None
            assert view.side_of(seat) == (0 if seat == taker else 1)
            others = [p for p in range(5) if p not in (seat, taker)]
            assert all(view.side_of(p) is None for p in others)
    king = TarotCard.parse("KS")
    while not any(king in trick.cards for trick in (*state.tricks, state.trick)):
        moves = state.legal_card_moves()
        state = state.play(Move(king) if Move(king) in moves else moves[0])
    for seat in range(5):
        view = view_of(state, seat)
        assert view.partner_known and view.partner == partner and view.teams == state.teams
        assert all(view.side_of(p) == state.team_of(p) for p in range(5))


def test_sampled_worlds_never_reveal_a_hidden_partner() -> None:
    state = called_deal()
    view = view_of(state, 0)
    partners = Counter(world.partner for world in view.samples(60, random.Random(2)))
    assert len(partners) >= 3  # seats 1, 2, 3 or the taker alone: the view does not say
    assert set(partners) <= {1, 2, 3, None}
    partner_view = view_of(state, 1)
    assert {world.partner for world in partner_view.samples(10, random.Random(2))} == {1}


def test_called_card_in_the_shown_dog_makes_the_taker_alone_for_everyone() -> None:
    rules = Rules.french(players=5)
    state = deal(rules, seed=11, fixed={"talon": "KH"})
    state = bid_to(state, Contract.PRISE, taker_number=0)
    state = play_until(state.play(Call.parse("call-KH")), lambda s: s.phase is Phase.PLAY)
    assert state.partner is None
    for seat in range(5):
        view = view_of(state, seat)
        assert view.partner_known and view.partner is None
        assert view.teams == state.teams


def test_a_called_queen_shows_the_taker_holds_every_king() -> None:
    rules = Rules.french(players=5)
    fixed = trump_heavy(rules, 1)
    state = bid_to(deal(rules, seed=1, dealer=1, fixed=fixed), Contract.GARDE_SANS)
    calls = state.legal_moves()
    assert all(isinstance(call, Call) and call.card.rank == 13 for call in calls)
    state = play_until(state.play(calls[0]), lambda s: s.phase is Phase.PLAY)
    taker = state.taker
    assert taker is not None
    for seat in range(5):
        if seat == taker:
            continue
        for world in view_of(state, seat).samples(10, random.Random(seat)):
            assert world.initial.hands[taker].mask & KING_MASK == KING_MASK
            assert world._is_played()


# -- poignées and the overtrump rule -------------------------------------------------------


def test_poignee_cards_are_public_and_stay_with_their_declarer() -> None:
    rules = Rules.french(players=4)
    fixed = trump_heavy(rules, 2)
    state = bid_to(deal(rules, seed=2, dealer=2, fixed=fixed), Contract.GARDE_SANS)
    state = play_until(state, lambda s: s.phase is Phase.PLAY)
    declarer = state.taker
    assert declarer is not None
    while state.to_move != declarer:
        state = state.play(state.legal_card_moves()[0])
    state = state.play(Declaration(Poignee.SINGLE))
    shown = state.poignee_cards(declarer)
    assert len(shown) == 10
    state = play_until(state, lambda s: len(s.tricks) == 2)
    rng = random.Random(3)
    for seat in range(4):
        view = view_of(state, seat)
        assert view.poignees == state.poignees and view.poignee_cards(declarer) == shown
        assert Declaration(Poignee.SINGLE) in view.history()
        if seat == declarer:
            continue
        still = shown.mask & ~view.played_by(declarer).mask
        lowest_shown = max(shown.mask.bit_length() - 1, 0)
        for world in view.samples(15, rng):
            assert world.hands[declarer].mask & still == still
            lower = world.hands[declarer].mask & TRUMP_MASK & ((1 << lowest_shown) - 1)
            assert not lower & ~shown.mask
            assert world.poignee_cards(declarer) == shown and world._is_played()


def test_a_trump_under_the_highest_shows_no_higher_trump() -> None:
    # Four players, overtrumping: seat 0 takes and leads 15T; seat 3 (next, counter-clockwise)
    # holds only 3T and 4T as trumps, so it plays 3T and shows it holds no trump above 14.
    rules = Rules.french(players=4)
    low = "3T 4T 2S 3S 4S 5S 6S 7S 8S 9S 10S JS 2H 3H 4H 5H 6H 7H"
    state = deal(rules, seed=8, dealer=1, fixed={0: "15T 16T", 3: low})
    state = bid_to(state, Contract.GARDE_SANS, taker_number=0)  # seat 0 bids first
    assert state.taker == 0
    state = state.play(state.legal_moves()[0])  # no slam; seat 0 leads
    state = state.play(Move(TarotCard.parse("15T"))).play(Move(TarotCard.parse("3T")))
    view = view_of(state, 1)
    assert view.max_trump[3] == 14 and view.max_trump[0] == 21
    assert "no trump above 14" in view.to_unicode()
    for world in view.samples(10, random.Random(4)):
        assert not world.hands[3].mask & TRUMP_MASK & ~((1 << (55 + 15)) - 1)
    # Without the overtrump rule the same play shows nothing.
    free = attrs.evolve(rules, overtrump=False)
    other = deal(free, seed=8, dealer=1, fixed={0: "15T 16T", 3: low})
    other = bid_to(other, Contract.GARDE_SANS, taker_number=0)
    for move in state.history()[rules.players :]:
        other = other.play(move)
    assert view_of(other, 1).max_trump == (21, 21, 21, 21)


# -- every view, every phase ---------------------------------------------------------------


@SETTINGS
@given(french_state_strategy(), st.integers(0, 4), st.integers(0, 2**32))
def test_sampled_world_is_consistent_with_the_view(state: State, seat: int, seed: int) -> None:
    seat %= state.rules.players
    view = view_of(state, seat)
    world = view.sample(random.Random(seed))
    assert view_of(world, seat) == view
    assert world._is_played()
    for player in range(state.rules.players):
        assert not state.hands[player].mask & ~view.may_hold(player).mask
        side = view.side_of(player)
        if side is not None:
            assert side == state.team_of(player)
    if view.partner_known:
        assert view.partner == state.partner


@SETTINGS
@given(french_state_strategy())
def test_french_legal_moves_are_the_states(state: State) -> None:
    for seat in range(state.rules.players):
        view = view_of(state, seat)
        expected = state.legal_moves() if seat == state.to_move else ()
        assert view.legal_moves() == expected
        if seat == state.to_move:
            assert view.legal_card_moves() == state.legal_card_moves()


@SETTINGS
@given(french_state_strategy(), st.integers(0, 4))
def test_french_view_notation_and_json_round_trip(state: State, seat: int) -> None:
    view = view_of(state, seat % state.rules.players)
    assert View.parse(str(view)) == view
    assert View.from_dict(json.loads(view.to_json())) == view
    assert view.to_unicode().startswith("Tarot french-")


def test_bad_french_view_text_is_refused() -> None:
    view = view_of(called_deal(), 0)
    text = str(view)
    for bad in (
        text.replace(" bids:", " bidz:"),
        text.replace("called:KS", "called:21T"),
        text.replace("slam:no", "slam:maybe"),
        text.replace(" shown:", " shown:ZZ"),
    ):
        with pytest.raises(NotationError):
            View.parse(bad)
    data = view.to_dict()
    with pytest.raises(NotationError):
        View.from_dict({**data, "poignees": "x"})
    with pytest.raises(NotationError):
        View.from_dict({k: v for k, v in data.items() if k != "bids"})


# -- the lazy rejection sampler ------------------------------------------------------------


def test_lazy_rejection_is_uniform_over_the_allocations() -> None:
    # Six items, three places of sizes 2, 2, 2; items 0 and 1 may not go to place 2, item 2
    # only to place 0. Every allocation is enumerated and the frequencies compared with
    # uniform (a loose chi-square bound: df plus six standard deviations).
    items = [0, 1, 2, 3, 4, 5]
    allowed = [0b011, 0b011, 0b001, 0b111, 0b111, 0b111]
    capacities = [2, 2, 2]
    worlds = set()
    for order in itertools.permutations(items):
        parts = (order[0:2], order[2:4], order[4:6])
        if all(allowed[i] >> p & 1 for p, part in enumerate(parts) for i in part):
            worlds.add(tuple(frozenset(part) for part in parts))
    rng = random.Random(5)
    n = 200 * len(worlds)
    counts: Counter[tuple[frozenset[int], ...]] = Counter()
    for _ in range(n):
        result = _allocation.allocate(items, allowed, capacities, rng, lazy=True)
        assert result is not None and result[1] == "rejection"
        counts[tuple(frozenset(part) for part in result[0])] += 1
    assert set(counts) == worlds
    expected = n / len(worlds)
    chi = sum((counts[w] - expected) ** 2 / expected for w in worlds)
    df = len(worlds) - 1
    assert chi < df + 6 * (2 * df) ** 0.5


def test_lazy_rejection_falls_back_when_it_keeps_nothing() -> None:
    rng = random.Random(1)
    result = _allocation.allocate([1, 2], [0b01, 0b10], [1, 1], rng, lazy=True, attempts=0)
    assert result == ([[1], [2]], "counting")
    assert _allocation.allocate([1, 2], [0b01, 0b01], [1, 1], rng, lazy=True) is None


def soak_deal(rules: Rules, seed: int, bid: Contract | None = None) -> list[State]:
    """Every state of a deal from ``seed`` (dealer ``seed % players``) played with
    ``legal[rng.randrange(len(legal))]`` of ``random.Random(seed)``, as ``benchmarks/soak.py``
    plays; with ``bid`` the first bidder bids it and the others pass."""
    rng = random.Random(seed)
    state = deal(rules, seed=seed, dealer=seed % rules.players)
    states = [state]
    if bid is not None:
        state = bid_to(state, bid)
        states.append(state)
    while not state.is_over:
        legal = state.legal_moves()
        state = state.play(legal[rng.randrange(len(legal))])
        states.append(state)
    return states


def check_views_sample(states: list[State], rng: random.Random) -> None:
    """Every seat's view at the start, a third and two thirds into the deal and at its end
    samples a world with the same view, and reads back from its text and JSON."""
    for at in (0, len(states) // 3, 2 * len(states) // 3, len(states) - 1):
        state = states[at]
        for seat in range(state.rules.players):
            view = view_of(state, seat)
            assert view_of(view.sample(rng), seat) == view
            assert View.parse(str(view)) == view
            assert View.from_dict(view.to_json()) == view


@pytest.mark.parametrize("rules", FRENCH, ids=str)
def test_soak_every_seats_view_samples(rules: Rules) -> None:
    """A bounded soak of the French presets (``benchmarks/soak.py --views`` is the long one):
    deals played with random legal moves, bids included, and with a contract bid."""
    rng = random.Random(str(rules))
    check_views_sample(soak_deal(rules, 3), rng)
    check_views_sample(soak_deal(rules, 3, bid=Contract.GARDE), rng)
