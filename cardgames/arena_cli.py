"""The ``arena`` subcommand: ``cardgames arena tarot|tailor --bots ... --deals N``.

``--bots`` lists one bot per seat, separated by commas: ``random``, ``rule`` or ``pimc``, each
optionally followed by settings as ``:name=value`` (PIMC's ``worlds``, ``time_per_move``,
``exact_tricks``, ``estimate``, ``nodes``, ``horizon``, ``lookahead``), for example
``pimc:worlds=8:estimate=lower,rule,rule``.

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

from cardgames import arena, tailor, tarot
from cardgames.bots import ESTIMATES, PIMCBot, RandomBot, RuleBot
from cardgames.errors import RulesError
from cardgames.solver.batch import available_cpus, process_pool
from cardgames.validation import check_int, quote

__all__ = ["BOT_NAMES", "add_parser", "parse_bot", "parse_bots", "run"]

BOT_NAMES: Final = ("random", "rule", "pimc")
"""The bots ``--bots`` knows."""
_PIMC_INTS: Final = ("worlds", "exact_tricks", "nodes", "horizon", "lookahead")
_MAX_JOBS: Final = 4096  # as cardgames batch

AnyBot = RandomBot | RuleBot | PIMCBot


def parse_bot(text: str) -> AnyBot:
    """One bot from its command-line form, ``name`` or ``name:setting=value:...``.

    >>> bot = parse_bot('pimc:worlds=4:estimate=lower')
    >>> type(bot).__name__, bot.worlds, bot.estimate, bot.nodes == PIMCBot().nodes
    ('PIMCBot', 4, 'lower', True)

    :raises RulesError: for an unknown bot or setting, or a bad value.
    """
    name, *settings = text.strip().split(":")
    name = name.strip().lower()
    if name not in BOT_NAMES:
        raise RulesError(f"invalid bot {quote(text)}: expected one of {', '.join(BOT_NAMES)}")
    if name != "pimc":
        if settings:
            raise RulesError(f"invalid bot {quote(text)}: {name} takes no settings")
        return RandomBot() if name == "random" else RuleBot()
    options: dict[str, Any] = {}
    for setting in settings:
        key, sep, value = setting.partition("=")
        key = key.strip()
        value = value.strip()
        if not sep or key in options:
            raise RulesError(f"invalid bot {quote(text)}: expected settings as :name=value")
        if key in _PIMC_INTS:
            if not value.isdigit() or len(value) > 18:
                raise RulesError(f"invalid bot {quote(text)}: {key} must be a whole number")
            options[key] = int(value)
        elif key == "time_per_move":
            try:
                options[key] = float(value)
            except ValueError:
                raise RulesError(
                    f"invalid bot {quote(text)}: time_per_move must be a number of seconds"
                ) from None
        elif key == "estimate":
            if value not in ESTIMATES:
                raise RulesError(
                    f"invalid bot {quote(text)}: estimate must be one of {', '.join(ESTIMATES)}"
                )
            options[key] = value
        else:
            raise RulesError(
                f"invalid bot {quote(text)}: unknown setting {quote(key)}; expected "
                f"{', '.join((*_PIMC_INTS, 'time_per_move', 'estimate'))}"
            )
    return PIMCBot(**options)


def parse_bots(text: str, players: int) -> tuple[AnyBot, ...]:
    """The comma-separated list of ``--bots``: exactly one bot per seat.

    :raises RulesError: for a bad bot or the wrong number of them.
    """
    bots = tuple(parse_bot(part) for part in text.split(","))
    if len(bots) != players:
        raise RulesError(
            f"invalid --bots {quote(text)}: {len(bots)} bots for {players} seats; expected one "
            "bot per seat"
        )
    return bots


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``arena`` subcommand (its ``run`` default is :func:`run`)."""
    summary = "let bots play many deals against each other and compare them"
    parser = subparsers.add_parser(
        "arena", help=summary, description=summary[0].upper() + summary[1:] + "."
    )
    parser.add_argument("game", choices=("tarot", "tailor"), help="the game")
    parser.add_argument(
        "--rules",
        default=None,
        help="Tarot: simplified, traditional (the default) or french, or a rules text; Chase "
        "the Tailor: a rules text",
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
        help="one bot per seat, comma-separated: random, rule, pimc[:setting=value...]",
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


def _rules(args: argparse.Namespace) -> tarot.Rules | tailor.Rules:
    if args.game == "tarot":
        from cardgames.tarot.cli import rules_from_args as tarot_rules

        if args.chase:
            raise RulesError("--chase applies to Chase the Tailor only")
        if args.rules is None:
            args.rules = "traditional"
        return tarot_rules(args)
    from cardgames.tailor.cli import rules_from_args as tailor_rules

    return tailor_rules(args)


def _arena(
    rules: tarot.Rules | tailor.Rules,
    bots: tuple[AnyBot, ...],
    args: argparse.Namespace,
    deals: int,
    executor: Executor | str | None,
) -> arena.ArenaResult:
    if isinstance(rules, tarot.Rules):
        return arena.run(
            rules,
            bots,
            deals=deals,
            seed=args.seed,
            duplicate=args.duplicate,
            executor=executor,
            progress=args.progress,
        )
    return arena.run(
        rules,
        bots,
        deals=deals,
        seed=args.seed,
        duplicate=args.duplicate,
        executor=executor,
        progress=args.progress,
    )


@contextlib.contextmanager
def _executor(args: argparse.Namespace, deals: int) -> Iterator[Executor | str | None]:
    """Where ``--jobs`` and ``--scheduler`` say to play: a scheduler address, a process pool
    (shut down at the end), or None for this process."""
    if args.scheduler is not None:
        yield args.scheduler
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
    bots = parse_bots(args.bots, rules.players)
    deals = check_int(args.deals, "--deals", low=1, high=arena.MAX_DEALS)
    with _executor(args, deals) as executor:
        result = _arena(rules, bots, args, deals, executor)
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(result.table())
    return 0
