"""How Chase the Tailor seats its players and plays a round to the end: the core's
:class:`cardgames.players.Seating` with this game's names, for :mod:`cardgames.tailor.match`
and :meth:`cardgames.tailor.State.play_out`."""

from __future__ import annotations

from typing import Final

from cardgames.players import Seating

SEATING: Final = Seating(game="Chase the Tailor", move="move", expected="a Chase the Tailor move")
"""Chase the Tailor's seating."""

_players: Final = SEATING.seat
"""One strategy per seat (see :meth:`cardgames.players.Seating.seat`)."""
_play: Final = SEATING.play
"""A round played to the end (see :meth:`cardgames.players.Seating.play`)."""
