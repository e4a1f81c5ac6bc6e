"""Options that apply to some targets of a subcommand (a game, a record file, ...).

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
from collections.abc import Mapping
from typing import Any, NoReturn

__all__ = [
    "BOTS_HELP",
    "PLAYERS_HELP",
    "RULES_HELP",
    "TargetOptions",
    "add_game_options",
    "add_human_options",
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
    "'french-5'; Chase the Tailor: a rules text such as 'players=3,chase_mode=yes'"
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
) -> None:
    """Add the options that choose a game's rules and seed a deal, as ``deal``, ``play`` and
    ``analyse`` share them; ``tarot`` and ``tailor`` are the targets they apply to.

    :param human: also add the options of playing against the bots
        (:func:`add_human_options`); None adds them to the ``play`` subcommand only (told by
        the parser's ``prog``, which ends in ``play`` there).
    """
    options.add(
        "--rules",
        metavar="RULES",
        defaults={tarot: "traditional", tailor: None},
        help=RULES_HELP,
    )
    options.add("--players", type=int, defaults={tarot: None, tailor: None}, help=PLAYERS_HELP)
    options.add("--seed", type=int, defaults={tarot: 1, tailor: 1}, help="shuffle seed")
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
        add_human_options(options, tarot=tarot, tailor=tailor)


def add_human_options(options: TargetOptions, *, tarot: str, tailor: str) -> None:
    """Add the options of ``cardgames play GAME --human SEAT``: ``--human``, ``--bots`` and
    ``--save`` (see :mod:`cardgames._cli_human`)."""
    both = {tarot: None, tailor: None}
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
