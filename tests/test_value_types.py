"""The constructors of the library's value types refuse a call they cannot even bind (an
unknown keyword, a missing argument, too many positional ones) with the library's
:class:`~cardgames.errors.RulesError` naming the class and what it takes, never Python's bare
``TypeError`` (``cardgames.validation.strict_arguments``, on every public attrs class).

The classes and an example of each come from ``test_pickling.py``, which walks every
``__all__`` of the library.
"""

from __future__ import annotations

import re
from typing import Any

import attrs
import pytest
from test_pickling import VALUE_EXAMPLES, public_classes

from cardgames import tailor, tarot
from cardgames.errors import IllegalMoveError, RulesError

CLASSES = public_classes()
ATTRS_CLASSES = sorted(name for name, cls in CLASSES.items() if attrs.has(cls))
PENDING = {
    # Built by the thousand on every move (views, samples, play-outs): a wrapper round the
    # constructor would cost some 5 % of a bot's play-out, for a one-argument call.
    "cardgames.cards.Card": "a hot one-argument constructor",
    "cardgames.cardset.BaseCardSet": "a hot one-argument constructor",
    "cardgames.cardset.CardSet": "a hot one-argument constructor",
    "cardgames.tarot.cards.TarotCard": "a hot one-argument constructor",
    "cardgames.tarot.cards.TarotCardSet": "a hot one-argument constructor",
}


def _fields_of(value: Any) -> dict[str, Any]:
    """The keyword arguments that rebuild ``value``."""
    return {
        field.alias: getattr(value, field.name) for field in attrs.fields(type(value)) if field.init
    }


@pytest.mark.parametrize("name", ATTRS_CLASSES)
def test_an_unknown_keyword_is_a_library_error(name: str) -> None:
    # Regression: each raised "TypeError: ... got an unexpected keyword argument".
    if name in PENDING:
        pytest.skip(PENDING[name])
    cls = CLASSES[name]
    examples = [value for value in VALUE_EXAMPLES.get(name, list)() if type(value) is cls]
    arguments = _fields_of(examples[0]) if examples else {}
    if examples:
        assert cls(**arguments) == examples[0]  # the fields alone rebuild it
    with pytest.raises(RulesError, match=rf"invalid arguments for {cls.__name__}: ") as raised:
        cls(**arguments, not_a_field=1)
    message = str(raised.value)
    assert f"expected {cls.__name__}(" in message
    if arguments or not any(
        field.init and field.default is attrs.NOTHING for field in attrs.fields(cls)
    ):
        assert "'not_a_field'" in message


@pytest.mark.parametrize("name", ATTRS_CLASSES)
def test_a_missing_argument_or_one_too_many_is_a_library_error(name: str) -> None:
    if name in PENDING:
        pytest.skip(PENDING[name])
    cls = CLASSES[name]
    required = [f for f in attrs.fields(cls) if f.init and f.default is attrs.NOTHING]
    if required:
        with pytest.raises(RulesError, match=re.escape(f"invalid arguments for {cls.__name__}")):
            cls()
    positional = [f for f in attrs.fields(cls) if f.init and not f.kw_only]
    with pytest.raises(RulesError, match=re.escape(f"invalid arguments for {cls.__name__}")):
        cls(*([None] * (len(positional) + 1)))


def test_arguments_that_bind_are_still_checked_by_the_class() -> None:
    with pytest.raises(RulesError, match="invalid players 'x'"):
        tailor.Rules(players="x")  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match="invalid Tarot move card 'KS'"):
        tarot.Move("KS")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="invalid arguments for Rules: got an unexpected"):
        tailor.Rules(player=3)  # type: ignore[call-arg]
