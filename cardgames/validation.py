"""Argument checks shared by every constructor and entry point of the library.

Each check either returns the value it was given or raises an error from the library's own
hierarchy whose message quotes the value (shortened when it is huge) and says what was
expected. Keeping them in one place keeps one rule for each kind of argument everywhere:

* a **number** is a plain ``int``: never a ``bool``, nor another subclass of ``int`` such as
  an ``IntEnum`` member, whose text (``str(Suit.HEARTS)`` is ``'H'``) would not read back
  where the number is written out;
* a **seat** is such an int from 0 to ``players - 1``;
* a **seed** is such an int from 0 to ``2**64 - 1``; negative seeds are rejected rather than
  silently folded onto their absolute value, as :class:`random.Random` would do;
* a **random source** is a seed or a :class:`random.Random` the caller owns;
* a **collection** is any iterable but a string, of at most :data:`MAX_ITEMS` items, kept as
  a tuple (an endless iterator is refused rather than followed forever);
* a **written form** is read in ASCII: letter case is ignored for the 26 ASCII letters only
  (:func:`ascii_upper`, :func:`ascii_lower`), so that no other character turns into one
  (``'ſ'.upper()`` is ``'S'``, the Kelvin sign's lower case is ``'k'``, ``'ß'.upper()`` is
  ``'SS'``), and a number is ASCII digits only (:func:`is_ascii_digits`: ``int`` would read
  Arabic-Indic or full-width digits);
* a **constructor call** that cannot even be bound (an unknown keyword, a missing argument)
  is a :class:`~cardgames.errors.RulesError` naming the class and what it takes
  (:func:`strict_arguments`, on the value types), not Python's ``TypeError``.

>>> check_seat(2, 4)
2
>>> check_seat(True, 4)
Traceback (most recent call last):
...
cardgames.errors.RulesError: invalid seat True: expected an int from 0 to 3
>>> check_seed(-7)
Traceback (most recent call last):
...
cardgames.errors.RulesError: invalid seed -7: expected an int from 0 to 2**64 - 1
>>> quote('x' * 1000)[-5:], quote(10**5000)
('xx...', '<int of 5001 digits>')
"""

from __future__ import annotations

import functools
import hashlib
import inspect
import itertools
import random
import string
from collections.abc import Iterable
from typing import Any, Final, TypeVar

from cardgames.errors import CardgamesError, RulesError

__all__ = [
    "MAX_ITEMS",
    "SEED_LIMIT",
    "as_tuple",
    "ascii_lower",
    "ascii_upper",
    "check_bool",
    "check_int",
    "check_seat",
    "check_seed",
    "derive_seed",
    "is_ascii_digits",
    "quote",
    "quote_text",
    "strict_arguments",
]

SEED_LIMIT: Final = 1 << 64
"""Seeds run from 0 to ``SEED_LIMIT - 1``: every 64-bit seed the library derives fits."""

MAX_ITEMS: Final = 100_000
"""The most items :func:`as_tuple` takes from a collection (far more than any game holds)."""

QUOTE_LIMIT: Final = 400
_BIG_INT_DIGITS: Final = 100
_TO_UPPER: Final = str.maketrans(string.ascii_lowercase, string.ascii_uppercase)
_TO_LOWER: Final = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)


def ascii_upper(text: str) -> str:
    """``text`` with its ASCII letters in upper case and every other character as it is:
    what a parser compares with its letters, so that no other character becomes one of them
    (``str.upper`` turns ``'ſ'`` into ``'S'`` and ``'ﬀ'`` into ``'FF'``).

    >>> ascii_upper('nt by s'), ascii_upper('ſ'), ascii_upper('ß')
    ('NT BY S', 'ſ', 'ß')
    """
    return text.upper() if text.isascii() else text.translate(_TO_UPPER)


def ascii_lower(text: str) -> str:
    """``text`` with its ASCII letters in lower case and every other character as it is
    (``str.lower`` turns the Kelvin sign into ``'k'``).

    >>> ascii_lower('Garde-Sans'), ascii_lower('\u212a') == '\u212a'
    ('garde-sans', True)
    """
    return text.lower() if text.isascii() else text.translate(_TO_LOWER)


def is_ascii_digits(text: str) -> bool:
    """Whether ``text`` is one or more of the ASCII digits 0-9 and nothing else: what a
    parser may hand to ``int`` (which also reads ``'٣'``, ``'３'``, ``' 3'`` and ``'1_0'``).

    >>> [is_ascii_digits(text) for text in ('042', '\u0663', '1_0', '')]
    [True, False, False, False]
    """
    return text.isascii() and text.isdigit()


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for an error message: never raising, and cut to about ``limit``
    characters.

    Python refuses to turn ints of more than 4,300 digits into text, and a message should not
    print a megabyte of input back at the user, so huge ints are described by their length
    and long texts are shortened with ``...``.

    >>> quote('QH'), quote(12)
    ("'QH'", '12')
    """
    if (
        isinstance(value, int)
        and not isinstance(value, bool)
        and value.bit_length() > _BIG_INT_DIGITS * 3
        and _digit_count(value) > _BIG_INT_DIGITS
    ):
        return f"<int of {_digit_count(value)} digits>"
    try:
        text = repr(value)
    except Exception:  # a broken __repr__ of a caller's object must not hide the real error
        text = f"<{type(value).__name__} object>"
    if len(text) > limit:
        text = text[: max(limit - 3, 1)] + "..."
    return text


def quote_text(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``quote(str(value))`` for an object the library would name by its written form (a move,
    a card), falling back to :func:`quote` when ``str`` fails or ``value`` is a bare int.

    >>> quote_text(3.5), quote_text(10**5000)
    ("'3.5'", '<int of 5001 digits>')
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return quote(value, limit)
    try:
        text = str(value)
    except Exception:  # a caller's object with a broken __str__
        return quote(value, limit)
    return quote(text, limit)


def _digit_count(value: int) -> int:
    # Exact decimal length without converting the whole int to text.
    value = abs(value)
    estimate = max(1, int(value.bit_length() * 0.30102999566398120))
    if value >= 10**estimate:
        estimate += 1
    elif value < 10 ** (estimate - 1):
        estimate -= 1
    return estimate


def check_int(
    value: object,
    what: str,
    *,
    low: int | None = None,
    high: int | None = None,
    error: type[CardgamesError] = RulesError,
    expected: str | None = None,
) -> int:
    """``value`` if it is a plain ``int`` with ``low <= value <= high``: not a ``bool``, nor
    any other subclass of ``int`` (an ``IntEnum`` member writes itself as its name).

    >>> check_int(5, 'players', low=2, high=6)
    5
    >>> check_int('5', 'players', low=2, high=6)
    Traceback (most recent call last):
    ...
    cardgames.errors.RulesError: invalid players '5': expected an int from 2 to 6
    >>> from cardgames import Suit
    >>> check_int(Suit.CLUBS, 'players', low=2, high=6)
    Traceback (most recent call last):
    ...
    cardgames.errors.RulesError: invalid players <Suit.CLUBS: 3>: expected an int from 2 to 6,
    not a Suit

    :param what: the argument's name, for the message.
    :param error: the error class to raise (:class:`~cardgames.errors.RulesError` by default).
    :param expected: the message's "expected ..." part, when the default does not fit.
    """
    if type(value) is int and (low is None or value >= low) and (high is None or value <= high):
        return value
    if expected is None:
        if low is not None and high is not None:
            expected = f"an int from {low} to {high}"
        elif low is not None:
            expected = f"an int of at least {low}"
        elif high is not None:
            expected = f"an int of at most {high}"
        else:
            expected = "an int"
    if isinstance(value, int) and not isinstance(value, bool) and type(value) is not int:
        expected += f", not a {type(value).__name__}"
    raise error(f"invalid {what} {quote(value)}: expected {expected}")


def check_bool(value: object, what: str, *, error: type[CardgamesError] = RulesError) -> bool:
    """``value`` if it is a ``bool``.

    >>> check_bool(1, 'chase_mode')
    Traceback (most recent call last):
    ...
    cardgames.errors.RulesError: invalid chase_mode 1: expected True or False
    """
    if isinstance(value, bool):
        return value
    raise error(f"invalid {what} {quote(value)}: expected True or False")


def check_seat(
    value: object, players: int, what: str = "seat", *, error: type[CardgamesError] = RulesError
) -> int:
    """``value`` if it is a seat of a table of ``players``: an int from 0 to ``players - 1``."""
    return check_int(value, what, low=0, high=players - 1, error=error)


def check_seed(
    value: object, what: str = "seed", *, error: type[CardgamesError] = RulesError
) -> int:
    """``value`` if it is a seed: an int from 0 to ``2**64 - 1``."""
    return check_int(
        value, what, low=0, high=SEED_LIMIT - 1, error=error, expected="an int from 0 to 2**64 - 1"
    )


def derive_seed(seed: int, *labels: str | int) -> int:
    """A 64-bit seed derived from ``seed`` and some labels, the same on every machine.

    Used for the mid-round reshuffles (``derive_seed(seed, "reshuffle", count)``) and for the
    rounds of a match. The result is itself a seed (0 to ``2**64 - 1``).

    :param seed: a seed (see :func:`cardgames.validation.check_seed`).
    :param labels: strings, or ints from 0 to ``2**64 - 1``.
    :raises RulesError: for a bad seed or label.

    >>> derive_seed(3, 'reshuffle', 1) == derive_seed(3, 'reshuffle', 1)
    True
    >>> derive_seed(3, 'reshuffle', 1) == derive_seed(3, 'reshuffle', 2)
    False
    >>> derive_seed(-3, 'round', 1)
    Traceback (most recent call last):
    ...
    cardgames.errors.RulesError: invalid seed -3: expected an int from 0 to 2**64 - 1
    """
    check_seed(seed)
    for label in labels:
        if not isinstance(label, str):
            check_int(
                label,
                "label",
                low=0,
                high=SEED_LIMIT - 1,
                expected="a string or an int from 0 to 2**64 - 1",
            )
    text = ":".join(str(part) for part in (seed, *labels))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def make_rng(source: int | random.Random, what: str = "random source") -> random.Random:
    """A :class:`random.Random` for ``source``: a new one seeded with a seed (see
    :func:`cardgames.validation.check_seed`), or the one given, which the caller owns and
    which is advanced.

    >>> make_rng(3).random() == make_rng(3).random()
    True
    >>> make_rng('abc')
    Traceback (most recent call last):
    ...
    cardgames.errors.RulesError: invalid random source 'abc': expected an int seed ...
    """
    if isinstance(source, random.Random):
        return source
    return random.Random(
        check_int(
            source,
            what,
            low=0,
            high=SEED_LIMIT - 1,
            expected="an int seed from 0 to 2**64 - 1 or a random.Random",
        )
    )


def as_tuple(
    value: object,
    what: str,
    *,
    error: type[CardgamesError] = RulesError,
    limit: int = MAX_ITEMS,
) -> tuple[Any, ...]:
    """``value`` as a tuple, for attrs converters: a value object keeps its own immutable copy
    of a collection, never the caller's list. A string or a non-iterable is refused (a string
    would silently become a tuple of characters), and so is a collection of more than
    ``limit`` items: an endless iterator or a ``range(10**30)`` is refused after ``limit``
    items rather than followed until memory runs out.

    >>> as_tuple([1, 2], 'hands')
    (1, 2)
    >>> as_tuple(5, 'hands')
    Traceback (most recent call last):
    ...
    cardgames.errors.RulesError: invalid hands 5: expected a sequence
    >>> as_tuple(range(10**30), 'hands')
    Traceback (most recent call last):
    ...
    cardgames.errors.RulesError: invalid hands range(0, 1000000000000000000000000000000): expected
    a sequence of at most 100000 items
    """
    if isinstance(value, tuple) and len(value) <= limit:
        return value
    if isinstance(value, str | bytes | bytearray) or not isinstance(value, Iterable):
        raise error(f"invalid {what} {quote(value)}: expected a sequence")
    items = tuple(itertools.islice(value, limit + 1))
    if len(items) > limit:
        raise error(f"invalid {what} {quote(value)}: expected a sequence of at most {limit} items")
    return items


_T = TypeVar("_T")


def strict_arguments(cls: type[_T]) -> type[_T]:
    """Class decorator for the library's value types (over ``@attrs.frozen``): a call that
    Python cannot even bind to the constructor (an unknown keyword, a missing argument, too
    many positional ones) raises :class:`~cardgames.errors.RulesError` naming the class and
    what it takes, instead of a bare ``TypeError``. Arguments that bind are checked by the
    class's own validators as before; the binding is looked at only once the call has failed.

    >>> import attrs
    >>> @strict_arguments
    ... @attrs.frozen
    ... class Pair:
    ...     left: int
    ...     right: int = 0
    >>> Pair(1, rigth=2)
    Traceback (most recent call last):
    ...
    cardgames.errors.RulesError: invalid arguments for Pair: got an unexpected keyword argument
    'rigth'; expected Pair(left, right=...)
    """
    init = cls.__init__
    signature = inspect.signature(init)
    parameters = [
        name if parameter.default is inspect.Parameter.empty else f"{name}=..."
        for name, parameter in list(signature.parameters.items())[1:]
    ]
    expected = f"{cls.__name__}({', '.join(parameters)})"

    @functools.wraps(init)
    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        try:
            init(self, *args, **kwargs)
        except TypeError:
            try:
                signature.bind(self, *args, **kwargs)
            except TypeError as problem:
                raise RulesError(
                    f"invalid arguments for {cls.__name__}: {problem}; expected {expected}"
                ) from None
            raise  # the arguments bind: the error is the class's own

    cls.__init__ = __init__  # type: ignore[method-assign]
    return cls
