"""The compact pickling codec of Tarot: moves, tricks, deals and states as plain values.

A batch sends states to worker processes by the thousand, so they pickle as masks, ints and
bytes rather than as attrs' state of every trick, card set and card. A trick is bytes: its
leader, its winner (:data:`NO_WINNER` while in progress), the number of cards, the card
indices, then the seats that played them; a state's completed tricks are those codes end to
end in one bytes. A state holds its Deal object, so that the states of one game send it once
in a pickle of many. The rules travel as ``_rules_key``'s tuple of plain values, read
back through a cache, so that the states of a batch share one Rules object.

This module writes and reads those values; :mod:`cardgames.tarot.state` keeps the functions
a pickle names (``_unpickle_state`` and the like, so that pickles keep their bytes) and builds
its objects from what this module reads.

>>> from cardgames.tarot import Rules, deal
>>> state = deal(Rules.simplified(players=3), seed=1)
>>> _rules_of(_rules_key(state.rules)) == state.rules
True
>>> list(_trick_code(state.trick))  # seat 1 leads, no winner yet, no card
[1, 255, 0]
"""

from __future__ import annotations

import collections
import enum
import itertools
import operator
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardgames.cardset import BaseCardSet
from cardgames.tarot.cards import TarotCard, TarotCardSet
from cardgames.tarot.contracts import Bid, Poignee
from cardgames.tarot.rules import Rules

if TYPE_CHECKING:
    from cardgames.tarot.state import Deal, State, Trick

_EXCUSE: Final = 77
NO_WINNER: Final = 255
"""The winner byte of a trick in progress."""
ALL_CARDS: Final = TarotCard.all()
_RULES_NAMES: Final = tuple(field.name for field in attrs.fields(Rules))
_RULES_ENUMS: Final = {
    name: type(value)
    for name in _RULES_NAMES
    if isinstance(value := getattr(Rules.simplified(), name), enum.Enum)
}
_RULES_CACHE: dict[tuple[object, ...], Rules] = {}
# The keys of the rules pickled lately, by id: the Rules object is kept with its key, so
# that the id cannot be reused while the entry lives.
_RULES_KEYS: dict[int, tuple[Rules, tuple[object, ...]]] = {}
_RULES_CACHE_SIZE: Final = 256  # rule sets kept; a batch rarely uses more than a few
_index_of: Final = operator.attrgetter("index")
_set_mask: Final = BaseCardSet.__dict__["mask"].__set__


def _rules_key(rules: Rules) -> tuple[object, ...]:
    # The rules' fields in order, enums by value: cheap to pickle and to read back.
    known = _RULES_KEYS.get(id(rules))
    if known is not None and known[0] is rules:
        return known[1]
    key = tuple(
        value.value if isinstance(value := getattr(rules, name), enum.Enum) else value
        for name in _RULES_NAMES
    )
    if len(_RULES_KEYS) >= _RULES_CACHE_SIZE:
        _RULES_KEYS.clear()
    _RULES_KEYS[id(rules)] = (rules, key)
    return key


def _rules_of(key: tuple[object, ...]) -> Rules:
    rules = _RULES_CACHE.get(key)
    if rules is None:
        fields = dict(zip(_RULES_NAMES, key, strict=True))
        for name, kind in _RULES_ENUMS.items():
            fields[name] = kind(fields[name])
        rules = Rules(**fields)  # type: ignore[arg-type]
        if len(_RULES_CACHE) >= _RULES_CACHE_SIZE:
            _RULES_CACHE.clear()
        _RULES_CACHE[key] = rules
    return rules


def _card_sets(masks: Sequence[int]) -> tuple[TarotCardSet, ...]:
    # The TarotCardSets of masks read from a pickle, without the constructor's check.
    sets = tuple(map(object.__new__, itertools.repeat(TarotCardSet, len(masks))))
    collections.deque(map(_set_mask, sets, masks), maxlen=0)
    return sets


def _trick_code(trick: Trick) -> bytes:
    return bytes(_trick_bytes(trick))


def _trick_bytes(trick: Trick) -> list[int]:
    winner = NO_WINNER if trick.winner is None else trick.winner
    cards = trick.cards
    return [trick.leader, winner, len(cards), *map(_index_of, cards), *trick.players]


def _tricks_code(tricks: tuple[Trick, ...]) -> bytes:
    # A state's completed tricks all hold a card from every seat: then the code is that
    # number of cards and each trick's leader, winner, cards and players, with no counts, so
    # that trick_columns can read them column by column; otherwise 0 and _trick_code's.
    counts = {len(trick.cards) for trick in tricks}
    if len(counts) == 1 and 0 not in counts:
        (count,) = counts
        return bytes(
            [
                count,
                *[
                    byte
                    for trick in tricks
                    for byte in (
                        trick.leader,
                        NO_WINNER if trick.winner is None else trick.winner,
                        *map(_index_of, trick.cards),
                        *trick.players,
                    )
                ],
            ]
        )
    return bytes([0, *[byte for trick in tricks for byte in _trick_bytes(trick)]])


TrickColumns = tuple[
    bytes, Iterable[tuple[TarotCard, ...]], Iterable[tuple[int, ...]], Iterable[int | None]
]


def trick_columns(code: bytes) -> TrickColumns | None:
    """The leaders, cards, players and winners of the tricks of a non-empty
    ``_tricks_code``, each column read with C-level loops (zip, map), several times
    quicker than a Python loop over the tricks; None when the code is the general one (read
    it with :func:`trick_rows` from 1)."""
    count = code[0]
    if not count:
        return None
    stride = 2 + 2 * count
    card_of = ALL_CARDS.__getitem__
    cards = zip(*[map(card_of, code[3 + k :: stride]) for k in range(count)], strict=True)
    players = zip(*[code[3 + count + k :: stride] for k in range(count)], strict=True)
    winners: Iterable[int | None] = code[2::stride]
    if NO_WINNER in winners:
        winners = [None if winner == NO_WINNER else winner for winner in winners]
    return code[1::stride], cards, players, winners


def trick_rows(
    code: bytes, at: int = 0
) -> Iterator[tuple[int, tuple[TarotCard, ...], tuple[int, ...], int | None]]:
    """The leader, cards, players and winner of each of ``_trick_code``'s codes end to
    end in ``code`` from ``at``."""
    card_of = ALL_CARDS.__getitem__
    end = len(code)
    while at < end:
        winner = code[at + 1]
        count = code[at + 2]
        cards_end = at + 3 + count
        yield (
            code[at],
            tuple(map(card_of, code[at + 3 : cards_end])),
            tuple(code[cards_end : cards_end + count]),
            None if winner == NO_WINNER else winner,
        )
        at = cards_end + count


def deal_fields(deal: Deal) -> tuple[object, ...]:
    """What a pickle of ``deal`` holds: the rules' key, the dealer and the masks."""
    return (
        _rules_key(deal.rules),
        deal.dealer,
        tuple([hand.mask for hand in deal.hands]),
        deal.talon.mask,
    )


def state_fields(state: State, phase: int) -> tuple[object, ...]:
    """What a pickle of ``state`` holds, its phase given as its number."""
    return (
        state.initial,
        phase,
        state.to_move,
        tuple([hand.mask for hand in state.hands]),
        state.discard.mask,
        _trick_code(state.trick),
        _tricks_code(state.tricks),
        tuple([pile.mask for pile in state.won]),
        state.trumps_played,
        state.excuse_trick,
        *_contract_fields(state),
    )


def _contract_fields(state: State) -> tuple[object, ...]:
    # The French fields as plain values; empty for the other rules, so that their pickles
    # do not grow.
    if not state.rules.bidding:
        return ()
    return (
        tuple(str(bid) for bid in state.bids),
        None if state.called is None else state.called.index,
        state.slam_announced,
        tuple((seat, level.value) for seat, level in state.poignees),
    )


def contract_values(
    bids: tuple[str, ...], called: int | None, poignees: tuple[tuple[int, str], ...]
) -> tuple[tuple[Bid, ...], TarotCard | None, tuple[tuple[int, Poignee], ...]]:
    """The bids, the called card and the poignées of :func:`state_fields`' plain values."""
    return (
        tuple(Bid.parse(bid) for bid in bids),
        None if called is None else ALL_CARDS[called],
        tuple((seat, Poignee(level)) for seat, level in poignees),
    )


def state_key(state: State) -> tuple[Any, ...]:
    """A cheap hashable summary of ``state`` (see :meth:`cardgames.tarot.state.State.key`)."""
    excuse: tuple[int, ...] = ()
    if state.excuse_trick is not None:
        trick = state.tricks[state.excuse_trick]
        player = trick.players[[card.index for card in trick.cards].index(_EXCUSE)]
        assert trick.winner is not None
        last = state.excuse_trick == state.rules.tricks_per_deal - 1
        excuse = (player, trick.winner, last)
    return (
        state.phase.value,
        state.to_move,
        tuple(hand.mask for hand in state.hands),
        state.discard.mask,
        state.trick.leader,
        tuple(card.index for card in state.trick.cards),
        tuple(pile.mask for pile in state.won),
        state.trumps_played,
        excuse,
        state.bids,
        state.called,
        state.slam_announced,
        state.poignees,
    )


def check_fields(state_fields: tuple[str, ...], deal: type[Deal], trick: type[Trick]) -> None:
    """Check that the state's, the deal's and the trick's fields are the ones this codec
    writes and the state module's unpickling functions rebuild, in order: a field added to a
    class must be added here too."""
    assert state_fields == (
        "initial",
        "phase",
        "to_move",
        "hands",
        "discard",
        "trick",
        "tricks",
        "won",
        "trumps_played",
        "excuse_trick",
        "bids",
        "called",
        "slam_announced",
        "poignees",
    )
    assert tuple(field.name for field in attrs.fields(deal)) == (
        "rules",
        "dealer",
        "hands",
        "talon",
    )
    assert tuple(field.name for field in attrs.fields(trick)) == (
        "leader",
        "cards",
        "players",
        "winner",
    )
