"""The command line's argument parser, which reads numbers in ASCII digits only.

``argparse`` converts an option declared ``type=int`` with ``int``, which also reads
Arabic-Indic, Devanagari or full-width digits (``--seed ٣`` is seed 3), spaces around the number
and underscores between digits (``--seed 1_0`` is 10); ``float`` reads the same, and ``nan`` and
``inf``. :class:`ArgumentParser` converts those options with :func:`whole_number` and
:func:`decimal_number` instead, which read what a person types on an ASCII keyboard and refuse
the rest with argparse's usual message and status 2. Subcommands' parsers are made of the same
class (``add_subparsers`` makes them of the parser's own class).

>>> parser = ArgumentParser(prog='cardgames')
>>> _ = parser.add_argument('--seed', type=int)
>>> parser.parse_args(['--seed', '12']).seed
12
>>> whole_number('\\u0663')
Traceback (most recent call last):
...
ValueError: not a whole number in ASCII digits: '٣'
"""

from __future__ import annotations

import argparse
import re
from typing import Any, Final

__all__ = ["ArgumentParser", "decimal_number", "whole_number"]

_WHOLE: Final = re.compile(r"-?[0-9]{1,4000}")
_DECIMAL: Final = re.compile(
    r"-?(?:[0-9]{1,300}(?:\.[0-9]{0,300})?|\.[0-9]{1,300})(?:[eE][-+]?[0-9]{1,4})?"
)


def whole_number(text: str) -> int:
    """``text`` as an int: an optional minus sign and ASCII digits, nothing else.

    :raises ValueError: for anything else (argparse turns it into a usage error).
    """
    if not _WHOLE.fullmatch(text):
        raise ValueError(f"not a whole number in ASCII digits: {text!r}")
    return int(text)


def decimal_number(text: str) -> float:
    """``text`` as a float: ASCII digits with an optional point and exponent.

    :raises ValueError: for anything else, ``nan`` and ``inf`` included.
    """
    if not _DECIMAL.fullmatch(text):
        raise ValueError(f"not a number in ASCII digits: {text!r}")
    return float(text)


class ArgumentParser(argparse.ArgumentParser):
    """``argparse.ArgumentParser`` whose ``type=int`` and ``type=float`` options read ASCII
    digits only (see the module's description)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.register("type", int, whole_number)
        self.register("type", float, decimal_number)
