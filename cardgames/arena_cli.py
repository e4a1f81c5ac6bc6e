"""The ``arena`` subcommand: ``cardgames arena tarot|tailor --bots ... --deals N``.

``--bots`` lists one bot per seat, separated by commas: ``random``, ``rule`` or ``pimc``, each
optionally followed by settings as ``:name=value`` (PIMC's ``worlds``, ``time_per_move``,
``exact_tricks``, ``estimate``, ``nodes``, ``horizon``, ``lookahead``), for example
``pimc:worlds=8:estimate=lower,rule,rule``. ``--jobs N`` plays the deals in ``N`` processes
(the figures are the same as with one). The text output is the table of
:meth:`cardgames.arena.ArenaResult.table`; ``--json`` prints
:meth:`cardgames.arena.ArenaResult.to_dict` instead.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog='cardgames')
>>> add_parser(parser.add_subparsers(dest='command'))
>>> args = parser.parse_args(['arena', 'tailor', '--players', '2', '--bots', 'rule,random',
...                           '--deals', '2'])
>>> run(args)
tailor players=2: 2 deals, seed 1, duplicate; mean payoff (minus the hand left) per deal
...
0
"""

from __future__ import annotations

import argparse
import json
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any, Final

from cardgames import arena, tailor, tarot
from cardgames.bots import ESTIMATES, PIMCBot, RandomBot, RuleBot
from cardgames.errors import RulesError
from cardgames.validation import check_int, quote

__all__ = ["BOT_NAMES", "add_parser", "parse_bot", "parse_bots", "run"]

BOT_NAMES: Final = ("random", "rule", "pimc")
"""The bots ``--bots`` knows."""
_PIMC_INTS: Final = ("worlds", "exact_tricks", "nodes", "horizon", "lookahead")
_MAX_JOBS: Final = 256

AnyBot = RandomBot | RuleBot | PIMCBot


def parse_bot(text: str) -> AnyBot:
    """One bot from its command-line form, ``name`` or ``name:setting=value:...``.

    >>> bot = parse_bot('pimc:worlds=4:estimate=lower')
    >>> type(bot).__name__, bot.worlds, bot.estimate, bot.nodes
    ('PIMCBot', 4, 'lower', 20000)

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
        help="Tarot: simplified or traditional (the default), or a rules text; Chase the "
        "Tailor: a rules text",
    )
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        help="number of players (default: Tarot 3 traditional, 4 simplified; Chase the Tailor 4)",
    )
    parser.add_argument("--chase", action="store_true", help="Chase the Tailor: Chase Mode")
    parser.add_argument(
        "--bots",
        required=True,
        help="one bot per seat, comma-separated: random, rule, pimc[:setting=value...]",
    )
    parser.add_argument("--deals", type=int, default=100, help="deals to play (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="the arena's seed (default 1)")
    parser.add_argument(
        "--jobs", type=int, default=1, help="processes to play the deals in (default 1)"
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
    executor: Executor | None,
) -> arena.ArenaResult:
    deals = check_int(args.deals, "--deals", low=1, high=arena.MAX_DEALS)
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


def run(args: argparse.Namespace) -> int:
    """Run a parsed ``arena`` command line; returns the exit status (0).

    :raises CardgamesError: for bad options (the main command line reports it).
    """
    rules = _rules(args)
    bots = parse_bots(args.bots, rules.players)
    jobs = check_int(args.jobs, "--jobs", low=1, high=_MAX_JOBS)
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as executor:
            result = _arena(rules, bots, args, executor)
    else:
        result = _arena(rules, bots, args, None)
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(result.table())
    return 0
