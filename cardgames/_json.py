"""The one reader of JSON text the library's entry points share.

:func:`json.loads` fails in several ways on hostile text: a :class:`ValueError` for bad syntax
(and for integers of more than 4,300 digits), a :class:`UnicodeDecodeError` for bytes that are
not UTF-8, and a bare :class:`RecursionError` for arrays or objects nested a few thousand deep.
:func:`loads` turns every one of them into a :class:`~cardgames.errors.NotationError` that
quotes (the start of) the text and says what was expected.

>>> loads('{"a": [1, 2]}', 'view data')
{'a': [1, 2]}
>>> loads('[' * 100000 + ']' * 100000, 'view data', limit=20)
Traceback (most recent call last):
...
cardgames.errors.NotationError: invalid view data '[[[[[[[[[[[[[[[[...: not JSON text
(nested too deeply)
"""

from __future__ import annotations

from json import loads as _json_loads
from typing import Any

from cardgames.errors import NotationError
from cardgames.validation import QUOTE_LIMIT, quote

__all__ = ["loads"]


def loads(text: str | bytes, what: str, *, limit: int = QUOTE_LIMIT, constants: bool = True) -> Any:
    """The value of the JSON ``text`` (a ``str``, or UTF-8 ``bytes``).

    :param what: names the input in the message (``invalid {what} {text}: ...``).
    :param limit: the most characters of ``text`` the message quotes.
    :param constants: accept ``NaN``, ``Infinity`` and ``-Infinity`` (not JSON proper, but
        :func:`json.loads` reads them); when False they are refused.
    :raises NotationError: if ``text`` is not JSON text, or is nested too deeply to read.
    """
    try:
        if constants:
            return _json_loads(text)
        return _json_loads(text, parse_constant=_no_constant)
    except RecursionError:
        reason = "nested too deeply"
    except ValueError as error:  # also UnicodeDecodeError, and ints of 4,300+ digits
        reason = str(error)
    raise NotationError(f"invalid {what} {quote(text, limit)}: not JSON text ({reason})")


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a JSON number")
