"""How Tarot seats its players and plays a deal to the end: the core's
:class:`cardgames.players.Seating` with Tarot's names, for :mod:`cardgames.tarot.game` and
:meth:`cardgames.tarot.state.State.play_out`."""

from __future__ import annotations

from typing import Final

from cardgames.players import Seating

SEATING: Final = Seating(game="Tarot", move="Tarot move", expected="a Move")
"""Tarot's seating."""

_players: Final = SEATING.seat
"""One strategy per seat (see :meth:`cardgames.players.Seating.seat`)."""
_play: Final = SEATING.play
"""A deal played to the end (see :meth:`cardgames.players.Seating.play`)."""
