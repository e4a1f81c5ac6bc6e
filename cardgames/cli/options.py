"""The command line's options, each parsed in one place for every subcommand.

:class:`TargetOptions` holds the options that apply to some targets of a subcommand (a game, a
record file, ...); :func:`add_game_options` adds the ones that choose a game's rules and seed a
deal; :func:`tarot_rules_from_args` and :func:`tailor_rules_from_args` read ``--rules`` and
``--players``; :func:`add_limit_options` and :func:`limit_from_args` the limits of an analysis;
:func:`parse_bot` and :func:`parse_bots` the bots of ``--bots``.

A subcommand such as ``cardgames deal`` takes its target (``tarot`` or ``tailor``) as a
positional argument and every option on the same parser, so an option may come before or
after the target. Each option is registered with the targets it applies to and its default
for each. Options are parsed with ``argparse.SUPPRESS`` as their default, so after parsing
the ones given are exactly the attributes present; :meth:`TargetOptions.resolve` rejects an
option given for a target it does not apply to (the usual argparse error, exit status 2) and
fills in the defaults of the rest.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog='demo')
>>> options = TargetOptions(parser, {'tarot': 'Tarot', 'tailor': 'Chase the Tailor'})
>>> options.add('--seed', type=int, defaults={'tarot': 1, 'tailor': 1}, help='shuffle seed')
>>> options.add('--dealer', type=int, defaults={'tarot': 0}, help="the dealer's seat")
>>> args = parser.parse_args(['--seed', '5'])
>>> options.resolve(args, 'tailor')
>>> args.seed, args.dealer
(5, None)
>>> [action.help for action in parser._actions[1:]]
['shuffle seed (default 1)', "the dealer's seat (Tarot only; default 0)"]
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import importlib.util
import os
import sys
from collections.abc import Callable, Mapping
from typing import Any, Final, NoReturn, Protocol

from cardgames import games, tailor, tarot
from cardgames.bots import ESTIMATES, PIMCBot, RandomBot, RuleBot
from cardgames.bots.pimc import BIDDINGS, OBJECTIVES, TAILOR_ESTIMATES
from cardgames.cli._numbers import decimal_number
from cardgames.cli._records import GAME_NAMES
from cardgames.errors import RulesError
from cardgames.search.results import Limit
from cardgames.tarot.descriptor import FRENCH_PLAYERS as FRENCH_PLAYERS_OF_TAROT
from cardgames.validation import ascii_lower, is_ascii_digits, quote

__all__ = [
    "BOTS_HELP",
    "BOT_NAMES",
    "FRENCH_PLAYERS",
    "PLAYERS_HELP",
    "RULES_HELP",
    "TargetOptions",
    "UserBot",
    "add_game_command",
    "add_game_options",
    "add_human_options",
    "add_limit_options",
    "limit_from_args",
    "load_user_bot",
    "loaded_from_file",
    "parse_bot",
    "parse_bots",
    "rules_from_args",
    "tailor_rules_from_args",
    "tarot_rules_from_args",
]

_UNSET: Any = object()


class TargetOptions:
    """The options of one parser, each valid for some of its targets.

    :param parser: the (sub)parser the options are added to.
    :param targets: every target's name and how help texts call it.
    """

    def __init__(self, parser: argparse.ArgumentParser, targets: Mapping[str, str]) -> None:
        self.parser = parser
        self.targets = dict(targets)
        self._flags: dict[str, str] = {}
        self._defaults: dict[str, dict[str, object]] = {}

    def add(
        self,
        *flags: str,
        defaults: Mapping[str, object],
        help: str,
        **kwargs: Any,
    ) -> None:
        """Add an option valid for the targets named in ``defaults`` (each with its default).

        The help text gets the defaults (when not None or False) and, if the option does not
        apply to every target, the ones it applies to.
        """
        unknown = set(defaults) - set(self.targets)
        if unknown or not defaults or not help:
            raise ValueError(f"option {flags[0]}: bad targets {sorted(unknown)} or empty help")
        action = self.parser.add_argument(
            *flags, default=argparse.SUPPRESS, help=help + self._suffix(defaults), **kwargs
        )
        self._flags[action.dest] = flags[0]
        self._defaults[action.dest] = dict(defaults)

    def _suffix(self, defaults: Mapping[str, object]) -> str:
        notes = []
        if set(defaults) != set(self.targets):
            notes.append(" and ".join(self.targets[name] for name in defaults) + " only")
        shown = {
            name: value
            for name, value in defaults.items()
            if value is not None and value is not False
        }
        values = set(map(str, shown.values()))
        if len(values) == 1 and len(shown) == len(defaults):
            notes.append(f"default {values.pop()}")
        else:
            notes.extend(
                f"default for {self.targets[name]}: {value}" for name, value in shown.items()
            )
        return f" ({'; '.join(notes)})" if notes else ""

    def given(self, args: argparse.Namespace) -> list[str]:
        """The flags of the options given on the command line (before :meth:`resolve`)."""
        return [flag for dest, flag in self._flags.items() if hasattr(args, dest)]

    def resolve(self, args: argparse.Namespace, target: str, hint: str = "") -> None:
        """Check the given options against ``target`` and set the defaults of the others.

        Exits with the parser's usage and status 2 if an option does not apply to ``target``
        (the message ends with ``hint`` if given).
        """
        for dest, flag in self._flags.items():
            defaults = self._defaults[dest]
            if getattr(args, dest, _UNSET) is not _UNSET:
                if target not in defaults:
                    valid = " and ".join(self.targets[name] for name in defaults)
                    self.error(
                        f"{flag} does not apply to {self.targets[target]} (only to {valid}){hint}"
                    )
            else:
                setattr(args, dest, defaults.get(target))

    def error(self, message: str) -> NoReturn:
        """Exit with the parser's usage, ``message`` and status 2."""
        self.parser.error(message)


RULES_HELP = (
    "Tarot: simplified, traditional or french (French Tarot under the FFT rules: bidding, the "
    "dog, the called King at five), or a rules text such as 'traditional-4,magician_bonus=0' or "
    "'french-5'; Chase the Tailor: a rules text such as 'players=3,chase_mode=yes'; bridge: "
    "the contract, such as '4S by N'"
)
PLAYERS_HELP = (
    "number of players (default: Tarot 3 for traditional rules and 4 for simplified, Chase the "
    "Tailor 4; French Tarot, --rules french, 4, the FFT's standard game, which 3 or 5 may "
    "also play)"
)


BOTS_HELP = (
    "the bots, separated by commas: random, rule or pimc (PIMC settings as in 'cardgames arena', "
    "e.g. pimc:worlds=8; a PIMC bot without time_per_move gets 1 second a move), or your own as "
    "module:Class or file.py:Class; with --human, one for every other seat in seat order "
    "(default: rule in each); without it, watch bots play one deal, one name per seat or fewer, "
    "repeated in seat order"
)


def add_game_options(
    options: TargetOptions,
    *,
    tarot: str,
    tailor: str,
    first_player: bool = True,
    human: bool | None = None,
    others: str | None = None,
) -> None:
    """Add the options that choose a game's rules and seed a deal, as ``deal``, ``play`` and
    ``analyse`` share them; ``tarot`` and ``tailor`` are the targets they apply to, and
    ``others`` the target that stands for every other game (``--rules``, ``--players`` and
    ``--seed``, read by the game's descriptor; bridge's rules are its contract).

    :param human: also add the options of playing against the bots
        (:func:`add_human_options`); None adds them to the ``play`` subcommand only (told by
        the parser's ``prog``, which ends in ``play`` there).
    """
    extra: dict[str, object] = {} if others is None else {others: None}
    options.add(
        "--rules",
        metavar="RULES",
        defaults={tarot: "traditional", tailor: None, **extra},
        help=RULES_HELP,
    )
    options.add(
        "--players", type=int, defaults={tarot: None, tailor: None, **extra}, help=PLAYERS_HELP
    )
    seeds: dict[str, object] = {tarot: 1, tailor: 1}
    if others is not None:
        seeds[others] = 1
    options.add("--seed", type=int, defaults=seeds, help="shuffle seed")
    options.add("--dealer", type=int, defaults={tarot: 0}, help="the dealer's seat")
    if first_player:
        options.add(
            "--first-player", type=int, defaults={tailor: 0}, help="the seat that moves first"
        )
    options.add(
        "--chase", action="store_true", defaults={tailor: False}, help="play with Chase Mode"
    )
    if human is None:
        human = options.parser.prog.split()[-1:] == ["play"]
    if human:
        add_human_options(options, tarot=tarot, tailor=tailor, others=others)


def add_game_command(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
    verb: str,
    summary: str,
    runs: Mapping[str, Callable[[argparse.Namespace], int]],
    more: Callable[[TargetOptions], None] | None = None,
) -> None:
    """Add a subcommand whose target is a game (``cardgames deal GAME``, ``cardgames play
    GAME``): the game, the options of :func:`add_game_options` (with those of playing against
    bots for ``play``), the options ``more`` adds, and ``--json``. The subcommand's ``run``
    default checks the options against the game and calls ``runs[game]``; a game without an
    entry of its own (bridge, or a game registered by a program) runs ``runs["game"]`` with
    the options every game has.

    Tarot and Chase the Tailor keep options of their own (the dealer, the first player, Chase
    Mode, a whole game or match), so they are targets of their own; every other game is the
    target ``"game"``."""
    parser = commands.add_parser(verb, help=summary, description=summary[0].upper() + summary[1:])
    parser.add_argument(
        "target",
        choices=GAME_NAMES,
        metavar="GAME",
        help="the game: " + ", ".join(GAME_NAMES),
    )
    targets = {"tarot": "Tarot", "tailor": "Chase the Tailor", "game": "the other games"}
    options = TargetOptions(parser, targets)
    add_game_options(options, tarot="tarot", tailor="tailor", human=verb == "play", others="game")
    if more is not None:
        more(options)
    options.add(
        "--json",
        action="store_true",
        defaults={"tarot": False, "tailor": False, "game": False},
        help="print JSON (a record) instead of text",
    )

    def run(args: argparse.Namespace) -> int:
        target = args.target if args.target in runs and args.target != "game" else "game"
        options.resolve(args, target)
        return runs[target](args)

    parser.set_defaults(run=run)


def add_human_options(
    options: TargetOptions, *, tarot: str, tailor: str, others: str | None = None
) -> None:
    """Add the options of ``cardgames play GAME --human SEAT``: ``--human``, ``--bots`` and
    ``--save`` (see :mod:`cardgames.cli.human`), for ``tarot``, ``tailor`` and ``others``."""
    both: dict[str, object] = {tarot: None, tailor: None}
    if others is not None:
        both[others] = None
    options.add(
        "--human",
        type=int,
        metavar="SEAT",
        defaults=both,
        help="play one deal yourself from this seat against bots, typing moves at a prompt "
        "(the other seats are played by --bots; --seed seeds the deal and the bots)",
    )
    options.add("--bots", metavar="NAMES", defaults=both, help=BOTS_HELP)
    options.add(
        "--save",
        metavar="FILE",
        defaults=both,
        help="with --human or --bots: write the deal's record to FILE at the end (readable by "
        "'cardgames show FILE'; the path is checked before the deal)",
    )


# --rules and --players

FRENCH_PLAYERS: Final = FRENCH_PLAYERS_OF_TAROT
"""The number of players ``--rules french`` means without ``--players``: the FFT's standard
game."""


def rules_from_args(game: str, args: argparse.Namespace) -> Any:
    """The rules of ``game`` named by ``--rules`` and ``--players`` (and ``--chase``, where the
    game has it), read by the game's descriptor
    (:meth:`~cardgames.games.GameDescriptor.rules_from_words`).

    :raises RulesError: for an impossible combination (an option disagreeing with ``--rules``).
    :raises NotationError: for an unreadable rules text.
    """
    text = getattr(args, "rules", None)
    players = getattr(args, "players", None)
    if getattr(args, "chase", False):
        if text is None:
            text = "chase"
        elif not games.named(game).rules_from_words(text, players).chase_mode:
            raise RulesError(f"--chase disagrees with --rules {quote(text)}")
    try:
        return games.named(game).rules_from_words(text, players)
    except RulesError as error:
        if players is None or "disagree" not in str(error):
            raise
        raise RulesError(f"--players {players} disagrees with --rules {quote(text)}") from None


def tarot_rules_from_args(args: argparse.Namespace) -> tarot.Rules:
    """The Tarot rules named by ``--rules`` and ``--players`` (None: the preset's usual
    number; see :func:`rules_from_args`).

    :raises RulesError: for an impossible combination.
    :raises NotationError: for an unreadable rules text.
    """
    rules: tarot.Rules = rules_from_args("tarot", args)
    return rules


def tailor_rules_from_args(args: argparse.Namespace) -> tailor.Rules:
    """The Chase the Tailor rules named by ``--rules`` (a rules text), ``--players`` and
    ``--chase`` (see :func:`rules_from_args`).

    :raises RulesError: if ``--players`` or ``--chase`` disagrees with ``--rules``.
    :raises NotationError: for an unreadable rules text.
    """
    rules: tailor.Rules = rules_from_args("tailor", args)
    return rules


# --time-limit and --node-limit


def add_limit_options(
    options: TargetOptions, targets: tuple[str, ...], *, seconds: float | None = None
) -> None:
    """Add ``--time-limit`` and ``--node-limit``, the limits of each analysis, for ``targets``
    (``seconds``: the time limit used when neither is given, told in the help)."""
    every: dict[str, object] = dict.fromkeys(targets)
    options.add(
        "--time-limit",
        type=float,
        metavar="SECONDS",
        defaults=every,
        help="seconds allowed for each analysis (default: "
        + ("no limit" if seconds is None else f"{seconds:g} unless --node-limit is given")
        + ")",
    )
    options.add(
        "--node-limit",
        type=int,
        metavar="NODES",
        defaults=every,
        help="search nodes allowed for each analysis (default: no limit)",
    )


def limit_from_args(args: argparse.Namespace) -> Limit | None:
    """The :class:`~cardgames.search.results.Limit` of ``--time-limit`` and ``--node-limit``
    (None when neither is given).

    :raises AnalysisError: for a bad limit.
    """
    if args.time_limit is None and args.node_limit is None:
        return None
    return Limit(nodes=args.node_limit, time=args.time_limit)


# --bots

BOT_NAMES: Final = ("random", "rule", "pimc")
"""The bots ``--bots`` knows."""
_PIMC_INTS: Final = (
    "worlds",
    "exact_tricks",
    "nodes",
    "horizon",
    "lookahead",
    "bridge_exact_tricks",
    "candidates",
)

_PIMC_WORDS: Final = (
    "time_per_move",
    "deviation",
    "estimate",
    "objective",
    "bidding",
    "tailor_estimate",
)

_EXPECTED: Final = "random, rule, pimc[:setting=value...], module:Class or file.py:Class"
_FILE_MODULE_PREFIX: Final = "_cardgames_user_bot_"


class UserBot(Protocol):
    """The static type of a bot of the user's own (``module:Class``): any object with a
    ``choose(view, rng)`` method."""

    def choose(self, view: Any, rng: Any) -> Any:
        """The bot's move."""
        ...


AnyBot = RandomBot | RuleBot | PIMCBot | UserBot


def _is_user_spec(text: str) -> bool:
    head = ascii_lower(text.strip().split(":")[0].strip())
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


def loaded_from_file(bot: object) -> bool:
    """Whether ``bot`` is of a class loaded from a file (``file.py:Class``), which other
    processes cannot load."""
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
    name = ascii_lower(name.strip())
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
            if not is_ascii_digits(value) or len(value) > 18:
                raise RulesError(f"invalid bot {quote(text)}: {key} must be a whole number")
            options[key] = int(value)
        elif key in ("time_per_move", "deviation"):
            try:
                options[key] = decimal_number(value)
            except ValueError:
                raise RulesError(f"invalid bot {quote(text)}: {key} must be a number") from None
        elif key == "estimate":
            if value not in ESTIMATES:
                raise RulesError(
                    f"invalid bot {quote(text)}: estimate must be one of {', '.join(ESTIMATES)}"
                )
            options[key] = value
        elif key == "tailor_estimate":
            if value not in TAILOR_ESTIMATES:
                raise RulesError(
                    f"invalid bot {quote(text)}: tailor_estimate must be one of "
                    f"{', '.join(TAILOR_ESTIMATES)}"
                )
            options[key] = value
        elif key == "bidding":
            if value not in BIDDINGS:
                raise RulesError(
                    f"invalid bot {quote(text)}: bidding must be one of {', '.join(BIDDINGS)}"
                )
            options[key] = value
        elif key == "objective":
            if value not in OBJECTIVES:
                raise RulesError(
                    f"invalid bot {quote(text)}: objective must be one of {', '.join(OBJECTIVES)}"
                )
            options[key] = value
        else:
            raise RulesError(
                f"invalid bot {quote(text)}: unknown setting {quote(key)}; expected "
                f"{', '.join((*_PIMC_INTS, *_PIMC_WORDS))}"
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
