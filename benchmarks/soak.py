"""Soak test: random games of every preset, checking the engines' invariants at every move.

Usage::

    python benchmarks/soak.py --moves 200000 --seed 1 [--game tarot|tailor|both]
    python benchmarks/soak.py --views --rounds 1000 --deals 100 --seed 1 [--every 1] [--game ...]

Each game is dealt from a seed and played with uniformly random legal moves. At every move the
script checks that

* every card of the pack is in exactly one place;
* a deal or round in progress has a legal move, a finished one none;
* every legal move is accepted by ``play`` and a sample of illegal ones is refused by both
  ``is_legal`` and ``play`` (with :class:`~cardgames.errors.IllegalMoveError`), leaving the
  state unchanged;
* the position notation reads back to an equal state (every ``--parse-every`` moves);
* the state's history is the moves played (Tarot: the discard in card order, then the play);
* at the end, card points add up (Tarot), payoffs sum to zero (Tarot), and the JSON record
  (:func:`cardgames.tarot.dumps`, a :class:`cardgames.tailor.Record`) replays to the same final
  state.

With ``--views`` it soaks the players' views instead: ``--rounds`` Chase the Tailor rounds
and ``--deals`` Tarot deals of every preset (French Tarot included), each played with random
legal moves. Every ``--every`` moves it checks the view of one seat (the seats take turns),
and every seat's view after a reshuffle and at the end; a checked view must

* sample: :meth:`View.sample` gives a world whose view from that seat is the same view;
* read back from its text (``View.parse(str(view))``) and its JSON (``View.from_dict``).

It prints moves checked, the rate and the failures; the exit status is 1 if anything failed.
This is not part of ``make test``: it is meant to run for minutes or hours.
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import sys
import time
import traceback
from collections.abc import Callable, Sequence

import attrs

from cardgames import Card, IllegalMoveError, Rank, Suit, tailor, tarot
from cardgames.tailor.view import View as TailorView
from cardgames.tailor.view import view_of as tailor_view_of
from cardgames.tarot import TarotCard
from cardgames.tarot.view import View as TarotView
from cardgames.tarot.view import view_of as tarot_view_of

TAROT_FULL = (1 << 78) - 1
TAILOR_FULL = (1 << 55) - 1


def tarot_presets() -> list[tarot.Rules]:
    """Every Tarot preset."""
    return [tarot.Rules.simplified(players=n) for n in range(2, 7)] + [
        tarot.Rules.traditional(players=3),
        tarot.Rules.traditional(players=4),
    ]


def tarot_view_presets() -> list[tarot.Rules]:
    """Every Tarot preset, French Tarot included (its bidding is part of the deal)."""
    return tarot_presets() + [tarot.Rules.french(players=n) for n in (3, 4, 5)]


def tailor_presets() -> list[tailor.Rules]:
    """Chase the Tailor for 2-6 players, with and without Chase Mode."""
    return [
        tailor.Rules(players=n, chase_mode=chase) for n in range(2, 7) for chase in (False, True)
    ]


def check_tarot(state: tarot.State) -> None:
    """Card conservation, and the legal-move promise."""
    masks = [h.mask for h in state.hands] + [state.discard.mask, state.trick.mask]
    masks += [t.mask for t in state.tricks]
    union = 0
    for mask in masks:
        assert not union & mask, "a card is in two places"
        union |= mask
    assert union == TAROT_FULL, "a card is missing"
    assert sum(state.payoffs()) == 0, "payoffs do not sum to zero"
    assert bool(state.legal_moves()) != state.is_over, "legal moves disagree with is_over"


def check_tailor(state: tailor.State) -> None:
    """Card conservation, and the legal-move promise."""
    seen = 0
    count = 0
    for hand in state.hands:
        assert not seen & hand.mask, "a card is in two hands"
        seen |= hand.mask
        count += len(hand)
    for card in (*state.pile, *state.stock):
        assert not seen >> card.index & 1, "a card is in two places"
        seen |= 1 << card.index
        count += 1
    assert seen == TAILOR_FULL and count == 55, "a card is missing"
    assert bool(state.legal_moves()) != state.is_over, "legal moves disagree with is_over"


def tarot_candidates(rng: random.Random) -> list[object]:
    """A few arbitrary Tarot moves, legal or not."""
    return [tarot.Move(TarotCard.from_index(rng.randrange(78))) for _ in range(3)]


def tailor_candidates(rng: random.Random, players: int) -> list[object]:
    """A few arbitrary well-formed Chase the Tailor moves, legal or not."""
    cards = Card.all()
    return [
        tailor.Play(cards[rng.randrange(52)]),
        tailor.PlayTailor(
            Suit(rng.randrange(4)), Rank(rng.randrange(1, 14)), rng.randrange(players)
        ),
        tailor.Draw(),
        tailor.Pass(),
    ]


def check_illegal(state: object, candidates: list[object], legal: tuple[object, ...]) -> None:
    """``is_legal`` and ``play`` agree on each candidate, and a refused move changes nothing."""
    before = attrs.evolve(state)  # type: ignore[misc]
    for move in candidates:
        accepted = move in legal
        assert state.is_legal(move) == accepted, f"is_legal disagrees on {move}"  # type: ignore[attr-defined]
        if not accepted:
            try:
                state.play(move)  # type: ignore[attr-defined]
            except IllegalMoveError:
                pass
            else:
                raise AssertionError(f"play accepted the illegal move {move}")
            assert state == before, "a refused move changed the state"


def soak_tarot(rules: tarot.Rules, seed: int, *, parse_every: int) -> int:
    """One deal; returns the moves checked."""
    rng = random.Random(seed)
    state = tarot.deal(rules, seed=seed, dealer=seed % rules.players)
    moves = 0
    played: list[object] = []
    while True:
        check_tarot(state)
        if moves % parse_every == 0:
            assert tarot.State.parse(state.position()) == state, "position does not read back"
        if state.is_over:
            break
        legal = state.legal_moves()
        check_illegal(state, tarot_candidates(rng), legal)
        move = legal[rng.randrange(len(legal))]
        state = state.play(move)
        played.append(move)
        moves += 1
    assert tarot.loads(tarot.dumps(state)).replay() == state, "the record does not read back"
    # The history gives the discard in card order (a set has no order), then the cards played.
    history, discarded = state.history(), len(state.discard)
    assert set(history[:discarded]) == set(played[:discarded]), "the history's discard differs"
    assert history[discarded:] == tuple(played[discarded:]), "the history is not the play"
    return moves


def soak_tailor(rules: tailor.Rules, seed: int, *, parse_every: int) -> int:
    """One round; returns the moves checked."""
    rng = random.Random(seed)
    state = tailor.deal(rules, seed=seed, first_player=seed % rules.players)
    start = state
    moves: list[tailor.Move] = []
    while True:
        check_tailor(state)
        if len(moves) % parse_every == 0:
            assert tailor.State.parse(str(state)) == state, "position does not read back"
        if state.is_over:
            break
        legal = state.legal_moves()
        check_illegal(state, tailor_candidates(rng, rules.players), legal)
        move = legal[rng.randrange(len(legal))]
        state = state.play(move)
        moves.append(move)
    assert state.history() == tuple(moves), "the history is not the moves played"
    record = tailor.Record(rules=rules, deals=[tailor.DealRecord(initial=start, moves=moves)])
    assert tailor.loads(tailor.dumps(record)).replay() == state, "the record does not replay"
    assert tailor.loads(tailor.dumps(state)).replay() == state, "the state's record differs"
    return len(moves)


def check_view(view: TarotView | TailorView, seat: int, rng: random.Random) -> None:
    """A view samples to a world with the same view, and reads back from its text and JSON."""
    if isinstance(view, TailorView):
        world = view.sample(rng)
        assert tailor_view_of(world, seat) == view, "a sampled round has another view"
        assert TailorView.parse(str(view)) == view, "the view's text does not read back"
        assert TailorView.from_dict(json.loads(view.to_json())) == view, "its JSON differs"
    else:
        tarot_world = view.sample(rng)
        assert tarot_view_of(tarot_world, seat) == view, "a sampled deal has another view"
        assert TarotView.parse(str(view)) == view, "the view's text does not read back"
        assert TarotView.from_dict(json.loads(view.to_json())) == view, "its JSON differs"


def soak_tailor_views(rules: tailor.Rules, seed: int, *, every: int = 1) -> int:
    """One round, checking views (see the module description); returns the views checked."""
    rng = random.Random(seed)
    samples = random.Random(f"views {seed}")
    state = tailor.deal(rules, seed=seed, first_player=seed % rules.players)
    checked = 0
    while not state.is_over:
        legal = state.legal_moves()
        before = state.reshuffles
        state = state.play(legal[rng.randrange(len(legal))])
        if state.is_over or state.reshuffles != before:
            seats: Sequence[int] = range(rules.players)
        else:
            seats = (state.turns % rules.players,) if state.turns % every == 0 else ()
        for seat in seats:
            check_view(tailor_view_of(state, seat), seat, samples)
            checked += 1
    return checked


def soak_tarot_views(rules: tarot.Rules, seed: int, *, every: int = 1) -> int:
    """One deal, checking views (see the module description); returns the views checked."""
    rng = random.Random(seed)
    samples = random.Random(f"views {seed}")
    state = tarot.deal(rules, seed=seed, dealer=seed % rules.players)
    checked = moves = 0
    while not state.is_over:
        legal = state.legal_moves()
        state = state.play(legal[rng.randrange(len(legal))])
        moves += 1
        if state.is_over:
            seats: Sequence[int] = range(rules.players)
        else:
            seats = (moves % rules.players,) if moves % every == 0 else ()
        for seat in seats:
            check_view(tarot_view_of(state, seat), seat, samples)
            checked += 1
    return checked


def soak_views(args: argparse.Namespace) -> int:
    """The ``--views`` soak; returns the exit status."""
    jobs: list[tuple[str, int, Callable[[int], int]]] = []
    if args.game in ("tarot", "both"):
        for tarot_rules in tarot_view_presets():
            tarot_run = functools.partial(soak_tarot_views, tarot_rules, every=args.every)
            jobs.append((f"tarot {tarot_rules}", args.deals, tarot_run))
    if args.game in ("tailor", "both"):
        for tailor_rules in tailor_presets():
            tailor_run = functools.partial(soak_tailor_views, tailor_rules, every=args.every)
            jobs.append((f"tailor {tailor_rules}", args.rounds, tailor_run))
    started = time.perf_counter()
    views = games = failures = 0
    for name, count, run in jobs:
        job_started, job_views = time.perf_counter(), 0
        for seed in range(args.seed, args.seed + count):
            games += 1
            try:
                job_views += run(seed)
            except Exception:
                failures += 1
                print(f"FAILED: {name}, seed {seed}", file=sys.stderr)
                traceback.print_exc()
        views += job_views
        print(
            f"{name}: {count} games, {job_views} views, {time.perf_counter() - job_started:.1f} s",
            flush=True,
        )
    elapsed = time.perf_counter() - started
    print(
        f"{views} views in {games} games, {elapsed:.1f} s ({views / elapsed:.0f} views/s), "
        f"{failures} failures"
    )
    return 1 if failures else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=100_000, help="moves to check in all")
    parser.add_argument(
        "--seed", type=int, default=1, help="seed of the first deal of each rule set"
    )
    parser.add_argument("--game", choices=["tarot", "tailor", "both"], default="both")
    parser.add_argument("--parse-every", type=int, default=7, help="check the notation every N")
    parser.add_argument("--views", action="store_true", help="soak the views instead")
    parser.add_argument("--rounds", type=int, default=1000, help="--views: rounds per preset")
    parser.add_argument("--deals", type=int, default=100, help="--views: deals per preset")
    parser.add_argument("--every", type=int, default=1, help="--views: a seat's view every N")
    args = parser.parse_args(argv)
    if args.views:
        return soak_views(args)
    jobs: list[tuple[str, Callable[[int], int]]] = []
    if args.game in ("tarot", "both"):
        for tarot_rules in tarot_presets():
            jobs.append(
                (
                    str(tarot_rules),
                    functools.partial(soak_tarot, tarot_rules, parse_every=args.parse_every),
                )
            )
    if args.game in ("tailor", "both"):
        for tailor_rules in tailor_presets():
            jobs.append(
                (
                    str(tailor_rules),
                    functools.partial(soak_tailor, tailor_rules, parse_every=args.parse_every),
                )
            )
    started = time.perf_counter()
    total = games = failures = 0
    seed = args.seed
    while total < args.moves:
        for name, run in jobs:
            games += 1
            try:
                total += run(seed)
            except Exception:
                failures += 1
                print(f"FAILED: {name}, seed {seed}", file=sys.stderr)
                traceback.print_exc()
        seed += 1
    elapsed = time.perf_counter() - started
    print(
        f"{total} moves in {games} games, {elapsed:.1f} s ({total / elapsed:.0f} moves/s), "
        f"{failures} failures"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
