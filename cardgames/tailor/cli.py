"""The ``cardgames deal tailor`` and ``cardgames play tailor`` commands.

``deal`` shows a seeded deal (hands, the card turned up, the stock); ``play`` plays it out with
seeded random players (:func:`~cardgames.tailor.random_strategy`), as one round or (``--rounds
N``) as a :class:`~cardgames.tailor.Match`, or with ``--human SEAT`` lets you play one round
from that seat against bots (``--bots``; see ``cardgames._cli_human``), or with ``--bots`` alone
lets you watch bots play one round, move by move. ``--json`` prints
the record on one line instead of text (see :mod:`cardgames.tailor.records`: the deal with no
moves, the round, or the match with its totals), which ``cardgames show`` and ``cardgames
review`` read.
The defaults are four players, seed 1, seat 0 first.
The same arguments always give the same output.

>>> from cardgames.cli import main
>>> main(['deal', 'tailor', '--players', '2', '--seed', '3'])
Chase the Tailor, 2 players, seed 3
  seat 0: ...
  seat 1: ...
top card: ...
stock (40 cards), top first: ...
seat 0 to move
0
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence

from cardgames._cli_human import (
    Table,
    bots_only_with_human,
    check_human_args,
    run_human,
    run_watch,
)
from cardgames._cli_results import numbers, totals_lines
from cardgames.errors import RulesError
from cardgames.tailor.deal import deal
from cardgames.tailor.match import Match, play_deal, random_strategy
from cardgames.tailor.moves import Draw, Dump, Move, Pass, Play, PlayJoker, PlayTailor, parse_move
from cardgames.tailor.records import dumps, record_of
from cardgames.tailor.render import state_to_unicode
from cardgames.tailor.rules import Rules, derive_seed
from cardgames.tailor.state import State
from cardgames.validation import quote

__all__ = ["format_round", "rules_from_args", "run_deal", "run_play"]

_DEFAULT_PLAYERS = 4
"""Players in a round when neither ``--players`` nor ``--rules`` says (as ``tailor.Rules()``)."""


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The rules named by ``--rules`` (a rules text), ``--players`` and ``--chase``.

    :raises RulesError: if ``--players`` or ``--chase`` disagrees with ``--rules``.
    :raises NotationError: for an unreadable rules text.
    """
    if args.rules is None:
        players = _DEFAULT_PLAYERS if args.players is None else args.players
        return Rules(players=players, chase_mode=args.chase)
    rules = Rules.parse(args.rules)
    given = f"--rules {quote(args.rules)}"
    if args.players is not None and args.players != rules.players:
        raise RulesError(f"--players {args.players} disagrees with {given}")
    if args.chase and not rules.chase_mode:
        raise RulesError(f"--chase disagrees with {given}")
    return rules


def run_deal(args: argparse.Namespace) -> int:
    """Show the deal; returns the exit status.

    :raises RulesError: for an impossible seat or rules.
    """
    rules = rules_from_args(args)
    state = deal(rules, seed=args.seed, first_player=args.first_player)
    if args.json:
        print(dumps(state))
        return 0
    chase = ", Chase Mode" if rules.chase_mode else ""
    print(f"Chase the Tailor, {rules.players} players{chase}, seed {args.seed}")
    for seat, hand in enumerate(state.hands):
        print(f"  seat {seat}: {hand.to_unicode()}")
    print(f"top card: {state.top_card.to_unicode()}")
    print(f"stock ({len(state.stock)} cards), top first: {' '.join(map(str, state.stock))}")
    print(f"seat {state.to_move} to move")
    return 0


def _describe(state: State, move: Move) -> str:
    return f"{state.turns + 1:4d}  seat {state.to_move}: {move}"


def format_round(start: State, moves: Sequence[Move]) -> str:
    """A round, turn by turn with the seat that moved, and its result (or who is to move).

    :raises IllegalMoveError: at the first move that is not legal.
    """
    lines = [f"Chase the Tailor, {start.rules}, seed {start.seed}"]
    for seat, hand in enumerate(start.hands):
        lines.append(f"  seat {seat} was dealt: {hand.to_unicode()}")
    lines.append(f"  top card: {start.top_card.to_unicode()}")
    state = start
    for move in moves:
        lines.append(f"  {_describe(state, move)}")
        state = state.play(move)
    if state.is_over:
        lines.append(f"  {_outcome(state)}")
        lines.append(f"  payoffs: {numbers(state.payoffs())}")
    else:
        lines.append(f"  not finished: seat {state.to_move} to move")
    return "\n".join(lines)


def _outcome(state: State) -> str:
    if state.winner is not None:
        return f"seat {state.winner} went out after {state.turns} moves"
    return f"stalemate after {state.turns} moves"


def _show_move(state: State, move: Move, own: bool) -> str:
    # Every Chase the Tailor move is public (a draw does not show the card drawn).
    if isinstance(move, Play):
        return f"plays {move.card.to_unicode()}"
    if isinstance(move, Dump):
        return "dumps " + " ".join(card.to_unicode() for card in move.cards)
    if isinstance(move, PlayTailor):
        return f"plays the Tailor ({move}): seat {move.victim} is the victim"
    if isinstance(move, PlayJoker):
        return f"plays {move.card.to_unicode()} ({move.effect.value})"
    if isinstance(move, Draw):
        return "draws"
    assert isinstance(move, Pass)
    return "passes"


def _events(before: State, after: State) -> Sequence[str]:
    seat = before.to_move
    if not after.is_over and len(after.hands[seat]) == 1:
        return [f"seat {seat} has one card left"]
    return []


def _result(human: int) -> object:
    def result(state: State) -> str:
        return (
            f"{_outcome(state)}\npayoffs: {numbers(state.payoffs())}"
            f"\nyou (seat {human}): payoff {state.payoffs()[human]}"
        )

    return result


def _record_text(state: State, tags: Mapping[str, str]) -> str:
    return dumps(record_of(state, tags=tags), indent=2)


def _watch_result(state: State) -> str:
    return f"{_outcome(state)}\npayoffs: {numbers(state.payoffs())}"


def _run_watch(args: argparse.Namespace, rules: Rules) -> int:
    check_human_args(None, game=False, rounds=args.rounds, json=args.json)
    state = deal(rules, seed=args.seed, first_player=args.first_player)
    table: Table[State, Move] = Table(
        game="Chase the Tailor",
        parse_move=parse_move,
        show_move=_show_move,
        events=_events,
        result=_watch_result,
        full_picture=state_to_unicode,
    )
    return run_watch(
        state,
        players=rules.players,
        bots=args.bots,
        seed=args.seed,
        table=table,
        view=State.view,
        heading=f"Chase the Tailor, {rules}, seed {args.seed}",
        record_text=_record_text,
        save=args.save,
    )


def _run_human(args: argparse.Namespace, rules: Rules) -> int:
    check_human_args(args.human, game=False, rounds=args.rounds, json=args.json)
    state = deal(rules, seed=args.seed, first_player=args.first_player)
    human: int = args.human
    table: Table[State, Move] = Table(
        game="Chase the Tailor",
        parse_move=parse_move,
        show_move=_show_move,
        events=_events,
        result=_result(human),  # type: ignore[arg-type]
    )
    return run_human(
        state,
        players=rules.players,
        human=human,
        bots=args.bots,
        seed=args.seed,
        table=table,
        view=State.view,
        heading=f"Chase the Tailor, {rules}, seed {args.seed}",
        record_text=_record_text,
        save=args.save,
    )


def run_play(args: argparse.Namespace) -> int:
    """Play out one round, or a match with ``--rounds``; with ``--human SEAT``, one round
    against bots with you at the prompt; with ``--bots`` alone, one round of bots told move by
    move. Returns the exit status.

    :raises RulesError: for an impossible seat, rules or number of rounds.
    """
    rules = rules_from_args(args)
    if getattr(args, "human", None) is not None:
        return _run_human(args, rules)
    bots_only_with_human(args)
    if getattr(args, "bots", None) is not None:
        return _run_watch(args, rules)
    strategy = random_strategy(derive_seed(args.seed, "players"))
    if args.rounds == 1:
        state = deal(rules, seed=args.seed, first_player=args.first_player)
        final, record = play_deal(state, strategy)
        if args.json:
            print(dumps(record))
            return 0
        print(f"Chase the Tailor, {rules.players} players, seed {args.seed}: {rules}")
        (only,) = record.deals
        for before, move in zip(only.states(), only.moves, strict=False):
            print(_describe(before, move))
        print(_outcome(final))
        print(f"payoffs: {numbers(final.payoffs())}")
        return 0
    match = Match(rules=rules, rounds=args.rounds, seed=args.seed, first_player=args.first_player)
    lines: list[str] = []
    while not match.is_over:
        number = match.rounds_played + 1
        match, record = match.play_round(strategy)
        (played,) = record.deals
        final = played.replay()
        lines.append(
            f"round {number}: seat {played.initial.to_move} started; {_outcome(final)}; "
            f"payoffs {numbers(final.payoffs())}"
        )
    if args.json:
        print(dumps(match))
        return 0
    heading = f"{rules.players} players, {args.rounds} rounds, seed {args.seed}"
    print(f"Chase the Tailor match, {heading}")
    for line in lines:
        print(line)
    for line in totals_lines(match.totals, over=match.is_over):
        print(line)
    return 0
