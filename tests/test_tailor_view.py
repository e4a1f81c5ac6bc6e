"""Tests of the Chase the Tailor player's view (cardgames.tailor.view): what it holds, what it
hides, what it infers from play, its written forms, and the rounds sampled from it."""

from __future__ import annotations

import itertools
import json
import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tailor_helpers import any_states, make_state

from cardgames import _allocation
from cardgames.cards import Card
from cardgames.cardset import CardSet
from cardgames.errors import NotationError, RulesError
from cardgames.tailor import Draw, PlayTailor, Rules, State, can_follow, deal
from cardgames.tailor.view import Event, View, view_of

SETTINGS = settings(
    deadline=None,
    max_examples=25,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
RULES = (
    Rules(players=3),
    Rules(players=4, chase_mode=True),
    Rules(players=2),
    Rules(players=5, chase_mode=True, voluntary_draw=True, must_play_drawn=False),
)


def played(rules: Rules, seed: int, moves: int, start: State | None = None) -> State:
    """``moves`` random moves (fewer if the round ends) from a deal of ``rules`` or from
    ``start``."""
    rng = random.Random(seed)
    state = deal(rules, seed=seed % 2**64) if start is None else start
    for _ in range(moves):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


def first_state(state: State) -> State:
    """The state the history of ``state`` starts from."""
    while state.previous is not None:
        state = state.previous
    return state


def states_strategy() -> st.SearchStrategy[State]:
    from_deal = st.builds(
        played, st.sampled_from(RULES), st.integers(0, 2**32), st.integers(0, 120)
    )
    from_any = st.builds(
        lambda start, seed, moves: played(start.rules, seed, moves, start),
        any_states(max_turns=200),
        st.integers(0, 2**32),
        st.integers(0, 40),
    )
    return st.one_of(from_deal, from_any)


def with_reshuffle(rules: Rules, seed: int) -> State:
    """A round played at random until a reshuffle has happened and a few moves more."""
    for attempt in range(50):
        state = played(rules, seed + attempt, 400)
        chain = [state]
        while chain[-1].previous is not None:
            chain.append(chain[-1].previous)
        for index, earlier in enumerate(reversed(chain)):
            if earlier.reshuffles:
                return list(reversed(chain))[min(index + 5, len(chain) - 1)]
    raise AssertionError("no reshuffle found")


# -- what the view holds -------------------------------------------------------------------


def test_view_holds_hand_sizes_pile_top_direction_chase_and_stock_size() -> None:
    state = played(Rules(players=4, chase_mode=True), 3, 25)
    for seat in range(4):
        view = view_of(state, seat)
        assert view.hand == state.hands[seat]
        assert view.hand_sizes == tuple(len(hand) for hand in state.hands)
        assert view.pile == state.pile and view.top == state.top
        assert view.direction == state.direction and view.chase_active == state.chase_active
        assert view.stock_size == len(state.stock) and view.to_move == state.to_move
        assert (view.passes, view.turns, view.reshuffles) == (
            state.passes,
            state.turns,
            state.reshuffles,
        )
        assert view.is_over == state.is_over


def test_view_holds_every_move_and_who_made_it() -> None:
    state = played(Rules(players=3), 5, 40)
    view = view_of(state, 1)
    assert view.history() == state.history()
    assert [event.move for event in view.events] == list(state.history())
    assert view.start.pile == first_state(state).pile


def test_drawn_card_is_known_only_to_its_drawer() -> None:
    state = make_state(["8S 2C", "9D 4H", "KC"], "7S", stock="8H 3C", to_move=1)
    state = state.play(Draw())  # seat 1 can follow nothing; draws 8H, which follows 7S
    assert state.drawn == Card.parse("8H")
    assert view_of(state, 1).drawn == Card.parse("8H") and view_of(state, 1).drawn_pending
    assert view_of(state, 0).drawn is None and view_of(state, 0).drawn_pending
    assert view_of(state, 1).events[-1].seen == CardSet.parse("8H")
    assert view_of(state, 0).events[-1].seen == CardSet()


def test_player_who_had_to_draw_held_nothing_playable() -> None:
    state = make_state(["8S 2C", "9D 4H", "KC QC"], "7S", stock="3C 8H", to_move=1)
    state = state.play(Draw())  # 3C does not follow 7S: the turn passes
    view = view_of(state, 0)
    # the unseen cards are seat 1's and seat 2's hands and the stock (the rest is on the
    # pile); of those only 8H would have followed 7S
    assert view.cannot_hold(1) == CardSet.parse("8H")
    assert view.cannot_hold(2) == CardSet()  # seat 2 has not had to draw
    assert view.cannot_hold(0) == CardSet()  # the seat knows its own hand
    for world in view.samples(20, random.Random(1)):
        assert Card.parse("8H") not in world.hands[1]


def test_voluntary_draws_show_nothing() -> None:
    rules = Rules(players=3, voluntary_draw=True)
    state = make_state(["8S 2C", "9D 4H", "KC QC"], "7S", rules=rules, stock="3C 8H", to_move=1)
    state = state.play(Draw())
    assert view_of(state, 0).cannot_hold(1) == CardSet()


@SETTINGS
@given(states_strategy(), st.integers(0, 5))
def test_cannot_hold_never_contradicts_the_true_hands(state: State, seat: int) -> None:
    view = view_of(state, seat % state.rules.players)
    for player in range(state.rules.players):
        assert not view.cannot_hold(player) & state.hands[player]


def test_card_drawn_and_kept_could_not_follow() -> None:
    # every sampled world keeps the public outcome of each draw: a card drawn and kept
    # without a turn did not follow what had to be followed then
    state = with_reshuffle(Rules(players=3, chase_mode=True), 1)
    rng = random.Random(5)
    for seat in range(3):
        view = view_of(state, seat)
        for world in view.samples(3, rng):
            chain = [world]
            while chain[-1].previous is not None:
                chain.append(chain[-1].previous)
            chain.reverse()
            for before, after, move in zip(chain[:-1], chain[1:], world.history(), strict=True):
                if isinstance(move, Draw):
                    new = after.hands[before.to_move] - before.hands[before.to_move]
                    for card in new:
                        assert can_follow(card, before.top) == (after.drawn is not None)


# -- what the view hides -------------------------------------------------------------------


def test_stock_order_and_seed_are_hidden() -> None:
    state = deal(Rules(players=3), seed=13)
    shuffled = list(state.stock)
    random.Random(1).shuffle(shuffled)
    other = attrs.evolve(state, stock=tuple(shuffled), seed=99)
    assert view_of(other, 0) == view_of(state, 0)
    assert "13" not in str(view_of(state, 0)).split("; ")[0]


@SETTINGS
@given(states_strategy(), st.integers(0, 5), st.integers(0, 2**32))
def test_states_differing_only_in_hidden_cards_give_equal_views(
    state: State, seat: int, seed: int
) -> None:
    # Swap two cards that two other seats held where play started, or reorder the stock's
    # cards that were never drawn, and replay the same moves: when that is legal, the seat
    # sees exactly the same round.
    seat %= state.rules.players
    rng = random.Random(seed)
    start = first_state(state)
    moves = state.history()
    others = [p for p in range(state.rules.players) if p != seat and start.hands[p]]
    candidates = []
    if len(others) >= 2:
        a, b = rng.sample(others, 2)
        card_a = rng.choice(sorted(start.hands[a], key=lambda c: c.index))
        card_b = rng.choice(sorted(start.hands[b], key=lambda c: c.index))
        hands = list(start.hands)
        hands[a] = hands[a].remove(card_a).add(card_b)
        hands[b] = hands[b].remove(card_b).add(card_a)
        if start.drawn is None or start.drawn in hands[start.to_move]:
            candidates.append(attrs.evolve(start, hands=tuple(hands)))
    drawn_from_stock = sum(
        count for event in view_of(state, seat).events for _, count in event.draws
    )
    if state.reshuffles == start.reshuffles and drawn_from_stock < len(start.stock):
        kept, tail = start.stock[:drawn_from_stock], list(start.stock[drawn_from_stock:])
        rng.shuffle(tail)
        candidates.append(attrs.evolve(start, stock=kept + tuple(tail)))
    for other in candidates:
        try:
            for move in moves:
                other = other.play(move)
        except ValueError:
            continue
        assert view_of(other, seat) == view_of(state, seat)


def test_views_of_different_seats_differ() -> None:
    state = played(Rules(players=3), 2, 10)
    assert len({view_of(state, seat) for seat in range(3)}) == 3


# -- moves, written forms ------------------------------------------------------------------


@SETTINGS
@given(states_strategy())
def test_legal_moves_are_the_states_for_the_seat_to_move(state: State) -> None:
    for seat in range(state.rules.players):
        view = view_of(state, seat)
        assert view.legal_moves() == (state.legal_moves() if seat == state.to_move else ())


@SETTINGS
@given(states_strategy(), st.integers(0, 5))
def test_notation_and_json_round_trip(state: State, seat: int) -> None:
    view = view_of(state, seat % state.rules.players)
    assert View.parse(str(view)) == view
    assert hash(View.parse(str(view))) == hash(view)
    assert View.from_dict(json.loads(json.dumps(view.to_dict()))) == view
    assert View.from_dict(view.to_json()) == view


@pytest.mark.parametrize(
    "text", ["", "rules: players=3", "rules: players=3; seat: 0; now: x; start: y; events: -"]
)
def test_bad_view_text_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        View.parse(text)


def test_bad_view_data_is_refused() -> None:
    good = view_of(played(Rules(players=3), 2, 5), 0).to_dict()
    for bad in ({}, {**good, "seat": 7}, {**good, "now": "?"}, {**good, "game": "tarot"}, 3):
        with pytest.raises(NotationError):
            View.from_dict(bad)  # type: ignore[arg-type]


def test_view_of_refuses_what_is_not_a_state_or_seat() -> None:
    state = played(Rules(players=3), 2, 5)
    with pytest.raises(RulesError):
        view_of(None, 0)  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        view_of(state, 5)
    with pytest.raises(RulesError):
        view_of(state, 0).sample("1")  # type: ignore[arg-type]
    assert view_of(state, 0).sample(1) == view_of(state, 0).sample(random.Random(1))
    assert view_of(state, 0).samples(3, 1) == view_of(state, 0).samples(3, random.Random(1))


def test_to_unicode_shows_the_hand_pile_and_sizes() -> None:
    state = make_state(["8S 2C", "9D 4H", "KC"], "7S", stock="8H 3C", to_move=1)
    text = view_of(state, 0).to_unicode()
    assert "8♠" in text and "Stock: 2 cards" in text and "Seat 2: 1 cards" in text


# -- sampling ------------------------------------------------------------------------------


@SETTINGS
@given(states_strategy(), st.integers(0, 5), st.integers(0, 2**32))
def test_sampled_round_has_the_same_view(state: State, seat: int, seed: int) -> None:
    seat %= state.rules.players
    view = view_of(state, seat)
    world = view.sample(random.Random(seed))
    assert view_of(world, seat) == view
    attrs.evolve(world)  # a position the constructor accepts
    if not world.is_over:
        world.play(world.legal_moves()[0])


def test_sampling_across_reshuffles() -> None:
    rng = random.Random(3)
    for rules in (Rules(players=3, chase_mode=True), Rules(players=4, chase_mode=True)):
        state = with_reshuffle(rules, 7)
        assert state.reshuffles
        for seat in range(rules.players):
            view = view_of(state, seat)
            for world in view.samples(2, rng):
                assert view_of(world, seat) == view


@pytest.mark.parametrize("path", ["counting", "sequential"])
def test_fallbacks_give_consistent_rounds(path: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_allocation, "ATTEMPTS", 0)
    if path == "sequential":
        monkeypatch.setattr(_allocation, "COUNT_STATES", 0)
    rng = random.Random(4)
    for rules in (Rules(players=3, chase_mode=True), RULES[3]):
        state = with_reshuffle(rules, 3)
        for seat in range(rules.players):
            view = view_of(state, seat)
            assert view_of(view.sample(rng), seat) == view


def test_samples_are_deterministic_given_the_rng() -> None:
    view = view_of(played(Rules(players=3), 6, 30), 1)
    first = view.samples(4, random.Random(3))
    assert first == view.samples(4, random.Random(3)) and len(first) == 4


def _endgame() -> State:
    # Three players near the end: two cards each, two in the stock, the rest on the pile.
    start = make_state(["8S 2C", "9D 4H", "KC 5D"], "7S", stock="3C 8H", to_move=1)
    return start.play(Draw())  # seat 1 had nothing to follow 7S and drew 3C


def _consistent_rounds(view: View) -> set[tuple[object, ...]]:
    """Every world of the endgame consistent with the view, by brute force: each way to deal
    the four hidden cards to seat 2's start hand and the stock, replayed."""
    start = first_state(_endgame())
    hidden = sorted(
        (start.hands[1] | start.hands[2] | CardSet.from_cards(start.stock)) - start.hands[0]
        if view.seat == 0
        else CardSet(),
        key=lambda card: card.index,
    )
    worlds = set()
    for order in itertools.permutations(hidden):
        hands = (start.hands[0], CardSet.from_cards(order[:2]), CardSet.from_cards(order[2:4]))
        other = attrs.evolve(start, hands=hands, stock=tuple(order[4:]))
        try:
            for move in view.history():
                other = other.play(move)
        except ValueError:
            continue
        if view_of(other, view.seat) == view:
            worlds.add(_key(other))
    return worlds


def _key(world: State) -> tuple[object, ...]:
    return (*world.hands, world.stock)


@pytest.mark.parametrize("path", ["rejection", "counting"])
def test_sampling_is_uniform_over_consistent_worlds_near_the_end(
    path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if path == "counting":
        monkeypatch.setattr(_allocation, "ATTEMPTS", 0)
    view = view_of(_endgame(), 0)
    worlds = _consistent_rounds(view)
    assert 3 <= len(worlds) < 100
    n = 60 * len(worlds)
    counts: dict[tuple[object, ...], int] = {}
    for world in view.samples(n, random.Random(77)):
        counts[_key(world)] = counts.get(_key(world), 0) + 1
    assert set(counts) <= worlds
    expected = n / len(worlds)
    chi_square = sum((counts.get(w, 0) - expected) ** 2 / expected for w in worlds)
    df = len(worlds) - 1
    assert chi_square < df + 6 * (2 * df) ** 0.5


# -- regressions: deep JSON, a draw across a reshuffle, the written reshuffle -------------------

PRESETS = tuple(Rules(players=n, chase_mode=chase) for n in range(2, 7) for chase in (False, True))


def soak_round(rules: Rules, seed: int) -> list[State]:
    """Every state of a round dealt from ``seed`` (first player ``seed % players``) and played
    with ``legal[rng.randrange(len(legal))]`` of ``random.Random(seed)``: the construction of
    ``benchmarks/soak.py``."""
    rng = random.Random(seed)
    states = [deal(rules, seed=seed, first_player=seed % rules.players)]
    while not states[-1].is_over:
        legal = states[-1].legal_moves()
        states.append(states[-1].play(legal[rng.randrange(len(legal))]))
    return states


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"a": ' * 100_000 + "1" + "}" * 100_000,
        '{"format": "cardgames-view", "rules": ' + "[" * 100_000 + "]" * 100_000 + "}",
    ],
    ids=["arrays", "objects", "inside"],
)
def test_deeply_nested_json_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError, match="nested too deeply") as caught:
        View.from_dict(text)
    message = str(caught.value)
    assert message.startswith("invalid Tailor view data '" + text[:20])
    assert len(message) < 600 and "JSON" in message


@pytest.mark.parametrize("field", ["now", "start", "events"])
def test_view_data_fields_of_the_wrong_kind_are_notation_errors(field: str) -> None:
    good = view_of(played(Rules(players=3), 2, 5), 0).to_dict()
    deep: list[object] = []
    for _ in range(5000):
        deep = [deep]
    for value in (deep, [1], 5, None, {"a": 1}, "x"):
        with pytest.raises(NotationError, match="invalid Tailor view data"):
            View.from_dict({**good, field: value})


@pytest.mark.parametrize(("seed", "moves", "victim"), [(151, 50, 0), (302, 41, 5)])
def test_the_tailors_victim_drawing_across_a_reshuffle_samples(
    seed: int, moves: int, victim: int
) -> None:
    # Six players, Chase Mode: the victim of the Tailor draws part of its three cards from the
    # old stock and part from the new one, which holds a card that had been in the old stock
    # too (drawn, played, shuffled back). Every sample used to fail.
    rules = Rules(players=6, chase_mode=True)
    state = soak_round(rules, seed)[moves]
    view = view_of(state, victim)
    event = view.events[-1]
    assert event.reshuffled is not None and event.draws[0][0] == victim
    move = event.move
    assert isinstance(move, PlayTailor) and move.victim == victim
    before = state.previous
    assert before is not None and 0 < len(before.stock) < 3
    assert event.seen & event.reshuffled and event.seen - event.reshuffled
    for seed_ in range(3):
        world = view.sample(random.Random(seed_))
        assert view_of(world, victim) == view


@pytest.mark.parametrize("rules", PRESETS, ids=str)
def test_soak_every_seats_view_samples(rules: Rules) -> None:
    """A bounded soak (``benchmarks/soak.py --views`` is the long one): in a round of each
    preset, every seat's view after the first reshuffle and at the end samples a round with
    the same view, and reads back from its text and JSON."""
    rng = random.Random(str(rules))
    states = soak_round(rules, 5)
    reshuffled = [b for a, b in itertools.pairwise(states) if b.reshuffles != a.reshuffles]
    chosen = [*reshuffled[:1], states[-1]]
    for state in chosen:
        for seat in range(rules.players):
            view = view_of(state, seat)
            assert view_of(view.sample(rng), seat) == view
            assert View.parse(str(view)) == view
            assert View.from_dict(view.to_json()) == view


def test_an_empty_reshuffle_is_refused_in_every_form() -> None:
    view = view_of(with_reshuffle(Rules(players=3, chase_mode=True), 7), 0)
    index, event = next((i, e) for i, e in enumerate(view.events) if e.reshuffled is not None)
    assert event.reshuffled and str(event.reshuffled) in str(view)
    # a reshuffle leaves the top card on the pile and takes all the others: never no card
    with pytest.raises(RulesError, match="invalid reshuffle"):
        attrs.evolve(event, reshuffled=CardSet())
    fields = event.text().split("/")
    for written in ("0", "", "-x"):
        fields[5] = written
        text = str(view).replace(event.text(), "/".join(fields))
        with pytest.raises(NotationError):
            View.parse(text)
    # the one form of no reshuffle is "-", which reads back as None
    fields[5] = "-"
    text = str(view).replace(event.text(), "/".join(fields))
    assert View.parse(text).events[index].reshuffled is None
    assert str(View.parse(text)) == text


@settings(SETTINGS, max_examples=40)
@given(
    st.sampled_from(PRESETS),
    st.integers(0, 2**32),
    st.floats(0, 1),
    st.integers(0, 5),
)
def test_written_views_read_back_identically(rules: Rules, seed: int, at: float, seat: int) -> None:
    states = soak_round(rules, seed)
    state = states[min(int(at * len(states)), len(states) - 1)]
    view = view_of(state, seat % rules.players)
    text = str(view)
    assert View.parse(text) == view and str(View.parse(text)) == text
    assert View.from_dict(view.to_dict()) == view
    assert View.from_dict(view.to_json()).to_json() == view.to_json()
    for event in view.events:
        assert (
            Event.parse(event.text()) == event and Event.parse(event.text()).text() == event.text()
        )
