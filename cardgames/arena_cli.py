"""The ``arena`` subcommand: ``cardgames arena tarot|tailor --bots ... --deals N``.

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
import hashlib
import importlib
import importlib.util
import json
import os
import sys
from collections.abc import Iterator
from concurrent.futures import Executor
from typing import Any, Final

from cardgames import arena, tailor, tarot
from cardgames.bots import ESTIMATES, PIMCBot, RandomBot, RuleBot
from cardgames.errors import RulesError
from cardgames.solver.batch import available_cpus, process_pool
from cardgames.validation import check_int, quote

__all__ = ["BOT_NAMES", "UserBot", "add_parser", "load_user_bot", "parse_bot", "parse_bots", "run"]

BOT_NAMES: Final = ("random", "rule", "pimc")
"""The bots ``--bots`` knows."""
_PIMC_INTS: Final = ("worlds", "exact_tricks", "nodes", "horizon", "lookahead")
_MAX_JOBS: Final = 4096  # as cardgames batch

_EXPECTED: Final = "random, rule, pimc[:setting=value...], module:Class or file.py:Class"
_FILE_MODULE_PREFIX: Final = "_cardgames_user_bot_"


class UserBot:
    """The static type of a bot of the user's own (``module:Class``): any object with a
    ``choose(view, rng)`` method."""

    def choose(self, view: Any, rng: Any) -> Any:
        """The bot's move."""
        raise NotImplementedError  # pragma: no cover - a protocol only


AnyBot = RandomBot | RuleBot | PIMCBot | UserBot


def _is_user_spec(text: str) -> bool:
    head = text.strip().split(":")[0].strip().lower()
    return ":" in text and head not in BOT_NAMES


def _import_file(text: str, target: str) -> Any:
    path = os.path.abspath(target)
    if not os.path.isfile(path):
        raise RulesError(f"invalid bot {quote(text)}: no file {quote(target)}")
    digest = hashlib.sha256(path.encode("utf-8")).hexdigest()[:12]
    name = f"{_FILE_MODULE_PREFIX}{digest}"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise RulesError(f"invalid bot {quote(text)}: {quote(target)} is not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as error:  # the user's code: report whatever it raised
        del sys.modules[name]
        raise RulesError(
            f"invalid bot {quote(text)}: running {quote(target)} failed: "
            f"{type(error).__name__}: {error}"
        ) from None
    return module


def _import_module(text: str, target: str) -> Any:
    if not all(part.isidentifier() for part in target.split(".")):
        raise RulesError(
            f"invalid bot {quote(text)}: {quote(target)} is neither a module name nor a file "
            f"ending in .py; expected {_EXPECTED}"
        )
    here = os.getcwd()
    if here not in sys.path:  # a module of the current directory, as 'python -m' finds it
        sys.path.append(here)
    try:
        return importlib.import_module(target)
    except ModuleNotFoundError as error:
        if error.name is not None and (target + ".").startswith(error.name + "."):
            raise RulesError(
                f"invalid bot {quote(text)}: no module named {quote(target)} (it must be on "
                "the Python path or in the current directory)"
            ) from None
        raise RulesError(
            f"invalid bot {quote(text)}: importing {quote(target)} failed: {error}"
        ) from None
    except Exception as error:  # the user's code: report whatever it raised
        raise RulesError(
            f"invalid bot {quote(text)}: importing {quote(target)} failed: "
            f"{type(error).__name__}: {error}"
        ) from None


def load_user_bot(text: str) -> UserBot:
    """A bot of the user's own from ``module:Class`` or ``path/to/file.py:Class``: the class,
    called with no arguments.

    >>> type(load_user_bot('cardgames.bots:RuleBot')).__name__
    'RuleBot'
    >>> load_user_bot('cardgames.bots:Nothing')
    Traceback (most recent call last):
    ...
    cardgames.errors.RulesError: invalid bot 'cardgames.bots:Nothing': module 'cardgames.bots'
    has no class 'Nothing'

    :raises RulesError: if the module or file cannot be loaded, has no such class, the class
        cannot be called with no arguments, or what it makes has no ``choose`` method.
    """
    target, _, class_name = text.strip().rpartition(":")
    target = target.strip()
    class_name = class_name.strip()
    if not target or not class_name.isidentifier():
        raise RulesError(f"invalid bot {quote(text)}: expected {_EXPECTED}")
    from_file = target.endswith(".py") or "/" in target or os.sep in target
    module = _import_file(text, target) if from_file else _import_module(text, target)
    where = f"file {quote(target)}" if from_file else f"module {quote(target)}"
    made = getattr(module, class_name, None)
    if made is None:
        raise RulesError(f"invalid bot {quote(text)}: {where} has no class {quote(class_name)}")
    if not isinstance(made, type):
        raise RulesError(
            f"invalid bot {quote(text)}: {class_name} in {where} is not a class but {quote(made)}"
        )
    try:
        bot = made()
    except Exception as error:  # the user's code: report whatever it raised
        raise RulesError(
            f"invalid bot {quote(text)}: {class_name}() with no arguments failed: "
            f"{type(error).__name__}: {error}"
        ) from None
    if not callable(getattr(bot, "choose", None)):
        raise RulesError(
            f"invalid bot {quote(text)}: {class_name} is not a bot: it has no "
            "choose(view, rng) method"
        )
    result: UserBot = bot
    return result


def _from_file(bot: object) -> bool:
    return type(bot).__module__.startswith(_FILE_MODULE_PREFIX)


def parse_bot(text: str) -> AnyBot:
    """One bot from its command-line form, ``name`` or ``name:setting=value:...``, or a bot
    of your own, ``module:Class`` or ``file.py:Class`` (:func:`load_user_bot`).

    >>> bot = parse_bot('pimc:worlds=4:estimate=lower')
    >>> type(bot).__name__, bot.worlds, bot.estimate, bot.nodes == PIMCBot().nodes
    ('PIMCBot', 4, 'lower', True)

    :raises RulesError: for an unknown bot or setting, or a bad value.
    """
    if _is_user_spec(text):
        return load_user_bot(text)
    name, *settings = text.strip().split(":")
    name = name.strip().lower()
    if name not in BOT_NAMES:
        raise RulesError(f"invalid bot {quote(text)}: expected one of {_EXPECTED}")
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
def _executor(
    args: argparse.Namespace, deals: int, bots: tuple[AnyBot, ...] = ()
) -> Iterator[Executor | str | None]:
    """Where ``--jobs`` and ``--scheduler`` say to play: a scheduler address, a process pool
    (shut down at the end), or None for this process (also by default with a bot loaded from
    a file, which other processes cannot load)."""
    from_file = [bot for bot in bots if _from_file(bot)]
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
    bots = parse_bots(args.bots, rules.players)
    deals = check_int(args.deals, "--deals", low=1, high=arena.MAX_DEALS)
    with _executor(args, deals, bots) as executor:
        result = _arena(rules, bots, args, deals, executor)
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(result.table())
    return 0
