"""The fast Tarot search's inner loop in C, where it is built: loading it and talking to it.

``cardgames/tarot/_core.c`` is the recursion of :class:`~cardgames.tarot.search.TarotSearch`
(its ``_run``, ``_trick_start``, ``_new_entry`` and ``_node`` with what they call) written in
C over fixed-size ints. It visits the same nodes in the same order and keeps the same tables
with the same ageing, so it gives the same answers after the same number of nodes; it is only
faster. ``setup.py`` builds it with the machine's C compiler beside the modules mypyc
compiles; where it is not built, or ``CARDGAMES_PURE=1`` is set, the search runs in Python
(compiled by mypyc or not), which stays the reference: ``tests/test_backends.py`` checks the
two against each other, probe by probe and node for node.

The searcher hands the C loop its card numbering (:func:`renumber`, whenever the numbering
widens, with the tables re-keyed through Python), and each probe the hands and the probe's
state (:func:`run_in_c`). This module is plain Python: it is called once a probe.

>>> NATIVE_CORE in (True, False)
True
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Final, Protocol

from cardgames._compiled import pure_requested
from cardgames.search.engine import LimitReached
from cardgames.tarot.search_bounds import last_trick
from cardgames.tarot.search_model import Position, TarotModel, to_move, trick_state
from cardgames.tarot.search_numbering import WORLD_BIT, Numbering

__all__ = ["NATIVE_CORE", "Core", "new_core", "renumber", "run_in_c"]


class Core(Protocol):
    """What the search uses of ``cardgames.tarot._core.Core`` (see ``_core.pyi`` and the C
    source for the arguments)."""

    nodes: int

    def set_numbering(
        self,
        bits: int,
        weight: list[int],
        suit_of: list[int],
        to_internal: list[int],
        to_compact: list[int],
        suit_masks: list[int],
        blank: int,
        trump_base: int,
        excuse_bit: int,
        magician_bit: int,
        world_bit: int,
        class_weights: list[int],
        class_masks: list[int],
        block_starts: list[int],
        block_masks: list[int],
        own_side_bit: int,
        /,
    ) -> None:
        """Take a card numbering (a :class:`~cardgames.tarot.search_numbering.Numbering`)."""
        ...  # fmt: skip

    def boundary(
        self,
        hands: list[int],
        leader: int,
        left: int,
        flags: int,
        target: int,
        holder: int,
        holder_team: int,
        slam_watch: int,
        nodes: int,
        limit: int,
        deadline: float,
        /,
    ) -> int:
        """A probe from a trick boundary with two or more tricks left."""
        ...  # fmt: skip

    def inside(
        self,
        hands: list[int],
        played: int,
        player: int,
        index: int,
        led: int,
        win: int,
        win_player: int,
        points: int,
        exc: int,
        least: int,
        flags: int,
        left: int,
        target: int,
        holder: int,
        holder_team: int,
        slam_watch: int,
        nodes: int,
        limit: int,
        deadline: float,
        /,
    ) -> int:
        """A probe from inside a trick."""
        ...  # fmt: skip

    def get(self, hands: list[int], last: int, /) -> tuple[int, int, int] | None:
        """The entry ``(low, high, lead)`` of an exact table key, or None."""
        ...

    def export(self, canonical: bool, /) -> list[tuple[tuple[int, ...], int]]:
        """The keys of a table with the ids of their entries."""
        ...

    def replace(
        self,
        exact: list[tuple[tuple[int, ...], int]],
        canonical: list[tuple[tuple[int, ...], int]],
        /,
    ) -> None:
        """Both tables made afresh from keys and entry ids."""
        ...

    def sizes(self) -> tuple[int, int, int]:
        """The keys of each table and the times the tables have aged."""
        ...


_module: ModuleType | None = None
if not pure_requested():
    try:
        _module = importlib.import_module("cardgames.tarot._core")
    except ImportError:
        _module = None

NATIVE_CORE: Final = _module is not None
"""Whether :class:`~cardgames.tarot.search.TarotSearch` runs its inner loop in C (built by
``setup.py``, and ``CARDGAMES_PURE`` not set to ``1``)."""


def new_core(model: TarotModel, shortcuts: bool, capacity: int) -> Core | None:
    """The C loop for a searcher of ``model`` (None where it is not built). It has no card
    numbering yet: :func:`renumber` gives it one."""
    if _module is None:
        return None
    core: Core = _module.Core(
        model.players, list(model.next), [int(side) for side in model.maximiser],
        list(model.teams), model.lead_restricted, model.overtrump, model.exchange,
        model.excuse_slam, model.bonus, model.excuse_weight, model.weight[WORLD_BIT],
        model.weight_classes[0][0], shortcuts, capacity, LimitReached,
    )  # fmt: skip
    return core


def renumber(core: Core, num: Numbering, old: Numbering) -> None:
    """Move ``core`` from the card numbering ``old`` to ``num``, its tables re-keyed as the
    Python tables are (:meth:`~cardgames.tarot.search_numbering.Numbering.rekey`)."""
    exact = [(num.rekey_key(key, old), entry) for key, entry in core.export(False)]
    canonical = [(num.rekey_canonical_key(key, old), entry) for key, entry in core.export(True)]
    core.set_numbering(
        num.bits, num.weight, num.suit_of, num.to_internal, num.to_compact, num.suit_masks,
        num.blank, num.trump_base, num.excuse_bit, num.magician_bit, num.world_bit,
        [weight for weight, _ in num.weight_classes], [mask for _, mask in num.weight_classes],
        [start for start, _ in num.blocks], [mask for _, mask in num.blocks], num.own_side_bit,
    )  # fmt: skip
    if exact or canonical:
        core.replace(exact, canonical)


def run_in_c(
    core: Core,
    model: TarotModel,
    num: Numbering,
    hands: list[int],
    position: Position,
    target: int,
    holder: int,
    holder_team: int,
    slam_watch: bool,
    nodes: int,
    limit: int,
    deadline: float,
) -> int:
    """A probe of ``position`` (whose hands are ``hands`` in the numbering ``num``) in C, as
    ``TarotSearch._run`` makes it in Python; ``deadline`` below 0 means none. The nodes
    counted are in ``core.nodes`` afterwards (also when the limit stops it).

    :raises LimitReached: when the node limit or the deadline is reached.
    """
    watch = int(slam_watch)
    if not position.trick:
        leader, flags, left = position.leader, position.flags, position.tricks_left
        if left == 0:
            return 0
        if left == 1:
            return last_trick(model, num, hands, leader, flags, holder)
        return core.boundary(
            hands, leader, left, flags, target, holder, holder_team, watch, nodes, limit,
            deadline,
        )  # fmt: skip
    to_compact = num.to_compact
    led, win, win_player, points, exc, least = trick_state(model, position)
    played = 0
    for bit in position.trick:
        played |= 1 << to_compact[bit]
    return core.inside(
        hands, played, to_move(model, position), len(position.trick), led,
        to_compact[win] if win >= 0 else -1, win_player, points, exc, least, position.flags,
        position.tricks_left, target, holder, holder_team, watch, nodes, limit, deadline,
    )  # fmt: skip
