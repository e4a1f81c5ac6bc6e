"""``cardgames play GAME``: play a deal out, at the terminal against bots, or watch bots play.

``cardgames play tarot`` plays out with random legal moves (one deal, or with ``--game`` a whole
game, every player dealing once), or, with ``--human SEAT``, lets you play one deal from that
seat against bots (``--bots``; see :mod:`cardgames.cli.human`), or with ``--bots`` alone lets
you watch bots play one deal, trick by trick. Under French rules a deal is played from the
bidding on: the random players bid, call, discard and announce too, and a human seat types
``pass``, ``garde``, ``call-KH``, ``slam``, ``no-slam``, ``poignee-single`` or a card (see
:func:`cardgames.tarot.contracts.parse_move`).

``cardgames play tailor`` plays a round out with seeded random players
(:func:`~cardgames.tailor.random_strategy`), as one round or (``--rounds N``) as a
:class:`~cardgames.tailor.Match`, or with ``--human SEAT`` and ``--bots`` as for Tarot, move
by move.

``--json`` prints the record (the deal, the whole game or the match with its totals) on one
line instead of text, which ``cardgames show`` and ``cardgames review`` read. The same
arguments always give the same output.

>>> from cardgames.cli import main
>>> main(['play', 'tarot', '--rules', 'french', '--seed', '3'])
Tarot french-4, dealer 0
  bids: seat 3 garde-contre, seat 2 pass, seat 1 pass, seat 0 pass
...
0
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import Any

from cardgames import games, tailor, tarot
from cardgames.cli._results import numbers, totals_lines
from cardgames.cli._tailor import _describe as tailor_describe
from cardgames.cli._tailor import _outcome as tailor_outcome
from cardgames.cli._tailor import _record_text as tailor_record_text
from cardgames.cli._tailor import human_table as tailor_human_table
from cardgames.cli._tailor import watch_table as tailor_watch_table
from cardgames.cli._tarot import _record_text as tarot_record_text
from cardgames.cli._tarot import format_deal
from cardgames.cli._tarot import human_table as tarot_human_table
from cardgames.cli._tarot import watch_table as tarot_watch_table
from cardgames.cli.human import (
    bots_only_with_human,
    check_human_args,
    game_table,
    run_human,
    run_watch,
)
from cardgames.cli.options import (
    TargetOptions,
    add_game_command,
    rules_from_args,
    tailor_rules_from_args,
    tarot_rules_from_args,
)
from cardgames.deck import make_rng, random_below

__all__ = ["add_parser", "run", "run_game", "run_tailor", "run_tarot"]


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``play`` to the top-level ``subparsers``."""
    add_game_command(
        subparsers,
        "play",
        "deal and play out a game with random legal moves, play it yourself against bots "
        "(--human), or watch bots play it (--bots)",
        {"tarot": run_tarot, "tailor": run_tailor, "game": run_game},
        more=_add_series_options,
    )


def _add_series_options(options: TargetOptions) -> None:
    options.add(
        "--game",
        action="store_true",
        defaults={"tarot": False},
        help="play a whole game (every player deals once) instead of one deal",
    )
    options.add(
        "--rounds",
        type=int,
        defaults={"tailor": 1},
        help="rounds to play; more than 1 plays a match",
    )


def run(args: argparse.Namespace) -> int:
    """Run ``play``; returns the exit status."""
    status: int = args.run(args)
    return status


def _tarot_human(args: argparse.Namespace, rules: tarot.Rules) -> int:
    check_human_args(args.human, game=args.game, rounds=1, json=args.json)
    state = tarot.deal(rules, seed=args.seed, dealer=args.dealer)
    human: int = args.human
    table = tarot_human_table(rules, human)
    return run_human(
        state,
        players=rules.players,
        human=human,
        bots=args.bots,
        seed=args.seed,
        table=table,
        view=tarot.State.view,
        heading=f"Tarot {rules}, seed {args.seed}, dealer {state.dealer}",
        record_text=tarot_record_text,
        save=args.save,
    )


def _tarot_watch(args: argparse.Namespace, rules: tarot.Rules) -> int:
    check_human_args(None, game=args.game, rounds=1, json=args.json)
    state = tarot.deal(rules, seed=args.seed, dealer=args.dealer)
    return run_watch(
        state,
        players=rules.players,
        bots=args.bots,
        seed=args.seed,
        table=tarot_watch_table(rules),
        view=tarot.State.view,
        heading=f"Tarot {rules}, seed {args.seed}, dealer {state.dealer}",
        record_text=tarot_record_text,
        save=args.save,
    )


def run_tarot(args: argparse.Namespace) -> int:
    """Deal and play out with random legal moves (one deal, or a whole game with ``--game``);
    with ``--human SEAT``, one deal against bots with you at the prompt; with ``--bots`` alone,
    one deal of bots told move by move."""
    rules = tarot_rules_from_args(args)
    if getattr(args, "human", None) is not None:
        return _tarot_human(args, rules)
    bots_only_with_human(args)
    if getattr(args, "bots", None) is not None:
        return _tarot_watch(args, rules)
    if args.game:
        game = tarot.Game(rules=rules, seed=args.seed, first_dealer=args.dealer)
        game = game.play_out(tarot.random_strategy(args.seed))
        if args.json:
            print(tarot.dumps(game))
            return 0
        for state in game.deals:
            print(format_deal(state))
        for line in totals_lines(game.totals, over=game.is_over):
            print(line)
        return 0
    rng = make_rng(args.seed)
    state = tarot.deal(rules, seed=rng, dealer=args.dealer)
    choose = tarot.random_strategy(rng)
    while not state.is_over:
        state = state.play(choose(state))
    if args.json:
        print(tarot.dumps(state))
        return 0
    print(format_deal(state))
    return 0


def _tailor_watch(args: argparse.Namespace, rules: tailor.Rules) -> int:
    check_human_args(None, game=False, rounds=args.rounds, json=args.json)
    state = tailor.deal(rules, seed=args.seed, first_player=args.first_player)
    return run_watch(
        state,
        players=rules.players,
        bots=args.bots,
        seed=args.seed,
        table=tailor_watch_table(),
        view=tailor.State.view,
        heading=f"Chase the Tailor, {rules}, seed {args.seed}",
        record_text=tailor_record_text,
        save=args.save,
    )


def _tailor_human(args: argparse.Namespace, rules: tailor.Rules) -> int:
    check_human_args(args.human, game=False, rounds=args.rounds, json=args.json)
    state = tailor.deal(rules, seed=args.seed, first_player=args.first_player)
    human: int = args.human
    return run_human(
        state,
        players=rules.players,
        human=human,
        bots=args.bots,
        seed=args.seed,
        table=tailor_human_table(human),
        view=tailor.State.view,
        heading=f"Chase the Tailor, {rules}, seed {args.seed}",
        record_text=tailor_record_text,
        save=args.save,
    )


def run_tailor(args: argparse.Namespace) -> int:
    """Play out one round, or a match with ``--rounds``; with ``--human SEAT``, one round
    against bots with you at the prompt; with ``--bots`` alone, one round of bots told move by
    move. Returns the exit status.

    :raises RulesError: for an impossible seat, rules or number of rounds.
    """
    rules = tailor_rules_from_args(args)
    if getattr(args, "human", None) is not None:
        return _tailor_human(args, rules)
    bots_only_with_human(args)
    if getattr(args, "bots", None) is not None:
        return _tailor_watch(args, rules)
    strategy = tailor.random_strategy(tailor.derive_seed(args.seed, "players"))
    if args.rounds == 1:
        state = tailor.deal(rules, seed=args.seed, first_player=args.first_player)
        final, record = tailor.play_deal(state, strategy)
        if args.json:
            print(tailor.dumps(record))
            return 0
        print(f"Chase the Tailor, {rules.players} players, seed {args.seed}: {rules}")
        (only,) = record.deals
        for before, move in zip(only.states(), only.moves, strict=False):
            print(tailor_describe(before, move))
        print(tailor_outcome(final))
        print(f"payoffs: {numbers(final.payoffs())}")
        return 0
    match = tailor.Match(
        rules=rules, rounds=args.rounds, seed=args.seed, first_player=args.first_player
    )
    lines: list[str] = []
    while not match.is_over:
        number = match.rounds_played + 1
        match, record = match.play_round(strategy)
        (played,) = record.deals
        final = played.replay()
        lines.append(
            f"round {number}: seat {played.initial.to_move} started; {tailor_outcome(final)}; "
            f"payoffs {numbers(final.payoffs())}"
        )
    if args.json:
        print(tailor.dumps(match))
        return 0
    heading = f"{rules.players} players, {args.rounds} rounds, seed {args.seed}"
    print(f"Chase the Tailor match, {heading}")
    for line in lines:
        print(line)
    for line in totals_lines(match.totals, over=match.is_over):
        print(line)
    return 0


def run_game(args: argparse.Namespace) -> int:
    """Any other game (bridge, or one a program registered), through its descriptor: play one
    deal out with random legal moves; with ``--human SEAT``, one deal against bots with you at
    the prompt; with ``--bots`` alone, one deal of bots told move by move.

    :raises RulesError: for impossible rules or a bad seat.
    """
    game = games.named(args.target)
    rules = rules_from_args(args.target, args)
    state = game.deal(rules, args.seed, 0)
    players = game.players(rules)
    heading = f"{game.title}, {rules}, seed {args.seed}"

    def record_text(final: Any, tags: Mapping[str, str]) -> str:
        return game.dumps(final, tags, 2)

    if getattr(args, "human", None) is not None:
        check_human_args(args.human, game=False, rounds=1, json=args.json)
        human: int = args.human
        return run_human(
            state,
            players=players,
            human=human,
            bots=args.bots,
            seed=args.seed,
            table=game_table(state, human),
            view=game.view,
            heading=heading,
            record_text=record_text,
            save=args.save,
        )
    bots_only_with_human(args)
    if getattr(args, "bots", None) is not None:
        check_human_args(None, game=False, rounds=1, json=args.json)
        return run_watch(
            state,
            players=players,
            bots=args.bots,
            seed=args.seed,
            table=game_table(state),
            view=game.view,
            heading=heading,
            record_text=record_text,
            save=args.save,
        )
    rng = make_rng(args.seed)
    while not state.is_over:
        moves = game.view(state, game.chooser(state)).legal_moves()
        state = state.play(moves[random_below(rng, len(moves))])
    print(game.dumps(state, {}, None) if args.json else game.deal_text(state))
    return 0
