"""The ``arena`` subcommand: ``cardgames arena GAME --bots ... --deals N`` (any game: tarot,
tailor, bridge, or one a program registered; bridge's ``--rules`` is the contract every deal is
played in).

``--bots`` lists one bot per seat, separated by commas: ``random``, ``rule`` or ``pimc``, each
optionally followed by settings as ``:name=value`` (PIMC's ``worlds``, ``time_per_move``,
``exact_tricks``, ``estimate``, ``nodes``, ``horizon``, ``lookahead``), for example
``pimc:worlds=8:estimate=lower,rule,rule``. A bot of your own is named ``module:Class`` (a
module Python can import: on the Python path or in the current directory) or
``path/to/file.py:Class``; the class is called with no arguments and must make an object with
a ``choose(view, rng)`` method (see :mod:`cardgames.bots.protocol`). A bot loaded from a file
cannot be sent to other processes, so with one the deals are played in this process (as with
``--jobs 1``) unless ``--jobs`` or ``--scheduler`` says otherwise, which is then an error.

``cardgames arena tarot --rules french --players 3|4|5`` plays French Tarot (FFT rules,
:meth:`cardgames.tarot.rules.Rules.french`; four players unless told), bidding included: the
payoffs are the contracts' scores, and a deal every seat passes counts 0 for everyone.

The deals are played as ``cardgames batch`` analyses positions: by default in one process per
available core (:func:`cardgames.solver.batch.available_cpus`; none is started for a single
deal), ``--jobs N`` in ``N`` processes, ``--jobs 1`` in this process alone, and
``--scheduler tcp://HOST:PORT`` (instead of ``--jobs``) on the workers of a Dask cluster
(``pip install cardgames[dask]``). The figures are the same wherever the deals are played
(see :func:`cardgames.arena.run`). The text output is the table of
:meth:`cardgames.arena.ArenaResult.table`; ``--json`` prints
:meth:`cardgames.arena.ArenaResult.to_dict` instead.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog='cardgames')
>>> add_parser(parser.add_subparsers(dest='command'))
>>> args = parser.parse_args(['arena', 'tailor', '--players', '2', '--bots', 'rule,random',
...                           '--deals', '2', '--jobs', '1'])
>>> run(args)
tailor players=2: 2 deals, seed 1, duplicate; mean payoff (minus the hand left) per deal
...
0
"""

from __future__ import annotations

import argparse
import contextlib
import json
from collections.abc import Iterator
from concurrent.futures import Executor
from typing import Any, Final

from cardgames import arena, games
from cardgames.cli._records import GAME_NAMES
from cardgames.cli.options import AnyBot, loaded_from_file, parse_bots, rules_from_args
from cardgames.errors import RulesError
from cardgames.solver.batch import available_cpus, process_pool
from cardgames.validation import check_int

__all__ = ["add_parser", "run"]

_MAX_JOBS: Final = 4096  # as cardgames batch


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``arena`` subcommand (its ``run`` default is :func:`run`)."""
    summary = "let bots play many deals against each other and compare them"
    parser = subparsers.add_parser(
        "arena", help=summary, description=summary[0].upper() + summary[1:] + "."
    )
    parser.add_argument("game", choices=GAME_NAMES, help="the game: " + ", ".join(GAME_NAMES))
    parser.add_argument(
        "--rules",
        default=None,
        help="Tarot: simplified, traditional (the default) or french, or a rules text; Chase "
        "the Tailor: a rules text; bridge: the contract, such as 'S by N' (default NT by S)",
    )
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        help="number of players (default: Tarot 3 traditional, 4 simplified or french; Chase "
        "the Tailor 4)",
    )
    parser.add_argument("--chase", action="store_true", help="Chase the Tailor: Chase Mode")
    parser.add_argument(
        "--bots",
        required=True,
        help="one bot per seat, comma-separated: random, rule, pimc[:setting=value...], or "
        "your own as module:Class or file.py:Class (made with no arguments)",
    )
    parser.add_argument("--deals", type=int, default=100, help="deals to play (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="the arena's seed (default 1)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--jobs",
        type=int,
        default=None,
        metavar="N",
        help="processes to play the deals in (default: every available core; 1 plays them in "
        "this process)",
    )
    where.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="play the deals on the Dask cluster of this scheduler, such as tcp://HOST:8786 "
        "(instead of --jobs; needs pip install cardgames[dask])",
    )
    parser.add_argument(
        "--no-duplicate",
        dest="duplicate",
        action="store_false",
        help="play each deal once instead of once per rotation of the bots",
    )
    parser.add_argument(
        "--progress", action="store_true", help="show a progress bar (on standard error)"
    )
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.set_defaults(run=run)


def _rules(args: argparse.Namespace) -> Any:
    if args.chase and args.game != "tailor":
        raise RulesError("--chase applies to Chase the Tailor only")
    return rules_from_args(args.game, args)


@contextlib.contextmanager
def _executor(
    args: argparse.Namespace, deals: int, bots: tuple[AnyBot, ...] = ()
) -> Iterator[Executor | str | None]:
    """Where ``--jobs`` and ``--scheduler`` say to play: a scheduler address, a process pool
    (shut down at the end), or None for this process (also by default with a bot loaded from
    a file, which other processes cannot load)."""
    from_file = [bot for bot in bots if loaded_from_file(bot)]
    if from_file and (args.scheduler is not None or (args.jobs is not None and args.jobs != 1)):
        where = "--scheduler" if args.scheduler is not None else f"--jobs {args.jobs}"
        raise RulesError(
            f"a bot loaded from a file ({type(from_file[0]).__name__}) is played in this process "
            f"only, so {where} cannot be used with it; give it as module:Class with the module "
            "on the Python path, or use --jobs 1"
        )
    if args.scheduler is not None:
        yield args.scheduler
        return
    if from_file:
        yield None
        return
    if args.jobs is None:
        workers = available_cpus()
    else:
        workers = check_int(args.jobs, "--jobs", low=1, high=_MAX_JOBS)
    workers = min(workers, deals)  # a process without a deal to play would only cost
    if workers == 1:
        yield None
        return
    pool = process_pool(workers)
    try:
        yield pool
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def run(args: argparse.Namespace) -> int:
    """Run a parsed ``arena`` command line; returns the exit status (0).

    :raises CardgamesError: for bad options (the main command line reports it).
    """
    rules = _rules(args)
    bots = parse_bots(args.bots, games.of(rules).players(rules))
    deals = check_int(args.deals, "--deals", low=1, high=arena.MAX_DEALS)
    with _executor(args, deals, bots) as executor:
        result = arena.run(
            rules,
            bots,
            deals=deals,
            seed=args.seed,
            duplicate=args.duplicate,
            executor=executor,
            progress=args.progress,
        )
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(result.table())
    return 0
