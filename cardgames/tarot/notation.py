"""A compact text notation for Tarot deals and positions, modelled on bridge's PBN deal string.

**Holdings.** A set of cards (a hand, the talon, the discard) is written as five fields
separated by dots, PBN fashion: spades, hearts, diamonds, clubs, then trumps. A suit field
lists its ranks from King down, one character each: ``K Q N J T 9 8 7 6 5 4 3 2 1`` (``N`` is
the Knight, ``T`` the 10; on input ``10``, ``A`` for 1 and ``C`` for the Knight are accepted
too, in any case and order). The trump field lists trump numbers from 21 down separated by
commas, with ``EX`` for the Excuse at its end. An empty field is empty; a wholly empty set is
``-``. So ``KN7..T1..21,5,EX`` holds the King, Knight and 7 of spades, the 10 and 1 of
diamonds, trumps 21 and 5 and the Excuse.

**Deal.** ``RULES DEALER:HAND0/HAND1/.../TALON``: the rules in the form of
:meth:`cardgames.tarot.rules.Rules.parse` (``simplified-4``, ``traditional-3``, or a preset with
``,field=value`` overrides), the dealer's seat, then every hand *by seat* (seat 0 first,
whoever deals) and last the talon (``-`` when there is none). Unlike PBN the prefix names the
dealer, not the first hand listed.

**Position.** The deal as it was dealt (before the dealer took the talon), then optionally
``X:DISCARD`` (a holding: the cards the dealer has discarded so far) and ``P:PLAY`` (the cards
played so far, in order, in card notation, ``,`` between cards and ``/`` between tricks; the last
trick may be incomplete). Replaying the discard (in card order) and the play from the deal
rebuilds the state, so a position says everything about the state, including who won each
trick and where the Excuse went. The play can only start once the discard is complete.

**French positions.** Under rules with ``bidding`` (:meth:`~cardgames.tarot.rules.Rules.french`,
the ``french-3/4/5`` presets) two more fields may follow the deal, and the fields always come
in this order: ``B:AUCTION X:DISCARD A:ANNOUNCEMENT P:PLAY``, each left out while empty.

* ``B:`` the auction: every bid made so far in the order made, from the seat after the dealer
  in the direction of play, separated by commas (``pass``, ``prise``, ``garde``,
  ``garde-sans``, ``garde-contre``); at five players the taker's call follows the last bid
  (``call-KH``). ``B:pass,garde,pass,pass`` is a garde by the second seat to bid.
* ``X:`` the taker's discard (a holding, as above) after a prise or a garde, the dog having
  gone into the taker's hand; there is none after a garde sans or a garde contre.
* ``A:`` the taker's announcement before the first trick: ``A:slam`` or ``A:no-slam``.
* ``P:`` the play, as above; a poignée is a token inside the first trick, written as its move
  (``poignee-single``, ``poignee-double``, ``poignee-triple``) just before its declarer's
  first card, or last in the trick when the declarer is the seat to move and has not played
  yet. The trumps it shows are not written: they follow from the declarer's hand (see
  :meth:`cardgames.tarot.state.State.poignee_cards`).

A void deal, where every seat passed, is the deal and ``B:`` with one ``pass`` per seat.

>>> from cardgames.tarot import Rules, deal
>>> from cardgames.tarot.contracts import parse_move
>>> fixed = {3: '1T 2T 3T 4T 5T 6T 7T 8T 9T 10T 11T KS KH QD 2C 3C 4C 5C'}
>>> state = deal(Rules.french(players=4), seed=9, fixed=fixed)
>>> for word in ('garde', 'pass', 'pass', 'pass', '7S', '3D', '7D', 'QD', '2C', '3C',
...              'no-slam', 'poignee-single', 'KS', '1S'):
...     state = state.play(parse_move(word))
>>> state.position().split()[2:]
['B:garde,pass,pass,pass', 'X:7..Q73.32.', 'A:no-slam', 'P:poignee-single,KS,1S']
>>> parse_position(state.position()) == state
True

>>> from cardgames.tarot import Rules, deal
>>> state = deal(Rules.simplified(players=4), seed=5)
>>> for _ in range(3):  # two discards, then the opening lead
...     state = state.play(state.legal_moves()[0])
>>> text = state.position()
>>> text.split()[0], text.split()[2][:2], text.split()[3]
('simplified-4', 'X:', 'P:1S')
>>> parse_position(text) == state
True

The grammar itself lives in a private module below :mod:`cardgames.tarot.state`; the functions
here are the notation's public face, and :meth:`cardgames.tarot.state.State.parse`,
``str(state)``, :meth:`cardgames.tarot.deal.Deal.parse` and ``str(deal)`` read and write the
same text.
"""

from __future__ import annotations

from cardgames.errors import NotationError
from cardgames.tarot._notation import format_holding, parse_holding
from cardgames.tarot.state import Deal, State
from cardgames.validation import quote

__all__ = [
    "format_deal",
    "format_holding",
    "format_position",
    "parse_deal",
    "parse_holding",
    "parse_position",
]


def format_deal(game: Deal) -> str:
    """Write a deal: ``RULES DEALER:HAND0/.../TALON`` (see the module description); the same
    as ``str(game)``.

    :raises NotationError: if ``game`` is not a :class:`cardgames.tarot.deal.Deal`.
    """
    if not isinstance(game, Deal):
        raise NotationError(f"cannot write {quote(game)} as a Tarot deal: expected a Deal")
    return str(game)


def parse_deal(text: str) -> Deal:
    """Read a deal written by :func:`format_deal` (the same as
    :meth:`cardgames.tarot.deal.Deal.parse`).

    >>> from cardgames.tarot import Deal, Rules
    >>> game = Deal.random(Rules.simplified(players=3), seed=2)
    >>> parse_deal(format_deal(game)) == game
    True

    :raises NotationError: if the text is not a valid deal.
    """
    return Deal.parse(text)


def format_position(state: State) -> str:
    """Write a position: the deal, then ``X:`` the discard so far and ``P:`` the play so far
    (each left out while empty); the same as ``str(state)``.

    :raises NotationError: if ``state`` is not a :class:`cardgames.tarot.state.State`.
    """
    if not isinstance(state, State):
        raise NotationError(f"cannot write {quote(state)} as a Tarot position: expected a State")
    return state.position()


def parse_position(text: str) -> State:
    """Read a position written by :func:`format_position` (a bare deal is the position at its
    start), replaying the discard and the play to rebuild the state (the same as
    :meth:`cardgames.tarot.state.State.parse`).

    >>> from cardgames.tarot import Rules, deal
    >>> state = deal(Rules.traditional(players=3), seed=4)
    >>> parse_position(state.position()) == state
    True

    :raises NotationError: if the text is not a valid position, including any illegal move.
    """
    return State.parse(text)
