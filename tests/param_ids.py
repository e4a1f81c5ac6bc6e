"""Test ids that are the same in every process.

pytest-xdist runs the suite in several worker processes and checks that each collected the
same tests; an id taken from ``repr`` of a function or a plain object holds its memory address,
which differs between processes, so the address is left out.
"""

from __future__ import annotations

import re

from cardgames.validation import quote

_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


def stable_id(value: object) -> str:
    """The library's quoting of ``value`` (a ``repr`` that copes with huge ints) without memory
    addresses.

    >>> stable_id([object()])
    '[<object object>]'
    """
    return _ADDRESS.sub("", quote(value))
