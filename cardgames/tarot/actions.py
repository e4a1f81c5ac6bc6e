"""Tarot's action ids and observation vector: the functions behind the action space that the
descriptor gives the environments (:class:`cardgames.tarot.env_space.TarotActions`,
:mod:`cardgames.env`).

Action ids, the same for every rule set; the space of a rule set is the first
:func:`action_count` of them (78 without bidding, 88 with it, 144 with the called King):

=========  =========================================================================
ids        moves
=========  =========================================================================
0-77       a card (:class:`~cardgames.tarot.moves.Move`), discarded or played: its index
           (spades, hearts, diamonds, clubs from 1 to King, trumps 1 to 21, Excuse)
78-82      French bids: pass, prise, garde, garde sans, garde contre
83-84      the announcement: no slam, slam
85-87      poignées: single, double, triple
88-143     the call at five players: 88 plus the called suit card's index (0-55)
=========  =========================================================================

Observations: "per seat offset" fields hold one block per seat, the viewing seat first and
then ``seat + 1``, ``seat + 2``... (by seat number, modulo the table), so that a policy sees
every seat from its own chair.

Tarot (``P`` players; 743 values for traditional-3):

=================  ========  ===============================================================
field              size      values
=================  ========  ===============================================================
hand               78        own hand, by card index
played             P × 78    per seat offset: every card that seat has played
trick              P × 78    per seat offset: its card in the trick in progress
won_points         P         per seat offset: card values of its won pile / 130
tricks_won         P         per seat offset: tricks won / tricks in a deal
hand_sizes         P         per seat offset: cards held / (hand size + talon)
to_move            P         one-hot seat offset of the seat to move
dealer             P         one-hot seat offset of the dealer
leader             P         one-hot seat offset of the leader of the trick in progress
phase              6         one-hot: bidding, call, discard, announce, play, over
trumps_played      1         1 once a trump has been played
void               P × 4     per seat offset: known void in spades, hearts, diamonds, clubs
out_of_trumps      P         per seat offset: known to hold no trump
talon              78        with a talon: the talon (dog), when this seat has seen it
discard            78        with a talon: the discard, when this seat made it
discard_size       1         with a talon: cards discarded so far / talon size
bids               P × 5     bidding: per seat offset, its bid (pass ... garde contre)
taker              P         bidding: one-hot seat offset of the taker
contract           4         bidding: one-hot prise, garde, garde sans, garde contre
slam               2         bidding: the announcement, one-hot no slam, slam
poignees           P × 3     bidding: per seat offset, its poignée by level
poignee_cards      P × 78    bidding: per seat offset, the trumps its poignée showed
discard_shown      78        bidding: the trumps of the discard, shown to every seat
max_trump          P         bidding: per seat offset, highest trump it may hold / 21
partner            P         bidding: one-hot seat offset of the partner, when known
partner_known      1         bidding: 1 once this seat knows the sides
called             56        called King: one-hot, the called suit card
=================  ========  ===============================================================

>>> from cardgames.tarot import Rules, deal
>>> rules = Rules.french(players=5)
>>> action_count(rules), action_count(Rules.traditional(players=3))
(144, 78)
>>> state = deal(rules, seed=3)
>>> legal_ids(state)
(78, 79, 80, 81, 82)
>>> [str(move_of_id(i, rules)) for i in (0, 77, 80, 84, 87, 88 + 13)]
['1S', 'EX', 'garde', 'slam', 'poignee-triple', 'call-KS']
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from cardgames.action_space import (
    Layout,
    add_bits,
    check_action_id,
    illegal_id,
    layout,
)
from cardgames.errors import IllegalMoveError
from cardgames.tarot.cards import TAROT_PACK_SIZE, TarotCard
from cardgames.tarot.contracts import (
    Announcement,
    AnyMove,
    Bid,
    Call,
    Contract,
    Declaration,
    Poignee,
    bidder,
)
from cardgames.tarot.play import card_value
from cardgames.tarot.rules import Rules
from cardgames.tarot.state import Move, Phase, State
from cardgames.tarot.view import View
from cardgames.validation import quote

__all__ = [
    "ANNOUNCE_BASE",
    "BID_BASE",
    "CALL_BASE",
    "POIGNEE_BASE",
    "action_count",
    "action_id",
    "action_ids",
    "checked_move",
    "legal_ids",
    "move_of_id",
    "observation_layout",
    "observation_size",
    "sparse_observation",
]

GAME: Final = "Tarot"
BID_BASE: Final = 78
"""The id of the pass; the contracts follow in rank order."""
ANNOUNCE_BASE: Final = 83
"""The id of "no slam"; a slam is the next."""
POIGNEE_BASE: Final = 85
"""The id of a single poignée; double and triple follow."""
CALL_BASE: Final = 88
"""The id of the call of the 1 of spades; add the called suit card's index (13 for the King
of spades)."""
_SUIT_CARDS: Final = 56
_CARDS: Final = TarotCard.all()
_MOVES: Final = tuple(Move(card) for card in _CARDS)
_BIDS: Final = (Bid(None), *(Bid(contract) for contract in Contract))
_ANNOUNCEMENTS: Final = (Announcement(False), Announcement(True))
_POIGNEES: Final = tuple(Poignee)
_DECLARATIONS: Final = tuple(Declaration(level) for level in _POIGNEES)
_CALLS: Final = tuple(Call(card) for card in _CARDS[:_SUIT_CARDS])
_ALL_MOVES: Final[tuple[AnyMove, ...]] = (
    *_MOVES,
    *_BIDS,
    *_ANNOUNCEMENTS,
    *_DECLARATIONS,
    *_CALLS,
)
_IDS: Final[dict[AnyMove, int]] = {move: number for number, move in enumerate(_ALL_MOVES)}
_PHASES: Final = tuple(Phase)
_VALUES: Final = tuple(card_value(card) for card in _CARDS)
_PACK_VALUE: Final = sum(_VALUES)
# The card values of each byte of a card mask: _BYTE_VALUES[k][b] adds up the values of the
# cards 8k to 8k + 7 whose bits are set in b.
_BYTE_VALUES: Final = tuple(
    tuple(
        sum(_VALUES[8 * k + bit] for bit in range(8) if byte >> bit & 1 and 8 * k + bit < 78)
        for byte in range(256)
    )
    for k in range(10)
)


def _mask_value(mask: int) -> int:
    total = 0
    for table in _BYTE_VALUES:
        if not mask:
            break
        total += table[mask & 0xFF]
        mask >>= 8
    return total


def action_count(rules: Rules) -> int:
    """How many action ids Tarot has under ``rules``: 78 cards, then 10 French moves under
    bidding, then 56 calls with the called King."""
    if not rules.bidding:
        return BID_BASE
    return CALL_BASE + _SUIT_CARDS if rules.called_king else CALL_BASE


def action_id(move: object, rules: Rules) -> int:
    """The id of ``move`` under ``rules``.

    :raises IllegalMoveError: if ``move`` is not a Tarot move, or is one these rules never
        allow (a bid without bidding, a call without the called King).
    """
    kinds = Move | Bid | Call | Announcement | Declaration
    number = _IDS.get(move) if isinstance(move, kinds) else None
    if number is None:
        raise IllegalMoveError(
            f"invalid Tarot move {quote(move)}: expected a Move, Bid, Call, Announcement or "
            "Declaration"
        )
    if number >= action_count(rules):
        raise IllegalMoveError(
            f"the Tarot move {str(move)!r} has no action id under the rules {str(rules)!r}: "
            f"they have {action_count(rules)} ids (0 to {action_count(rules) - 1})"
        )
    return number


def move_of_id(action_id: object, rules: Rules) -> AnyMove:
    """The move with id ``action_id`` under ``rules``, legal or not.

    :raises IllegalMoveError: if ``action_id`` is not an id of these rules.
    """
    return _ALL_MOVES[check_action_id(action_id, action_count(rules), GAME)]


def legal_ids(position: State | View) -> tuple[int, ...]:
    """The ids of the legal moves of a state, or of a view's seat (empty when it is not its
    turn), in increasing order."""
    ids = _IDS
    return tuple(sorted(ids[move] for move in position.legal_moves()))


def action_ids(moves: tuple[AnyMove, ...]) -> list[int]:
    """The ids of ``moves``, Tarot moves of any rules (in the same order)."""
    ids = _IDS
    return [ids[move] for move in moves]


def checked_move(action_id: object, position: State | View) -> AnyMove:
    """The move of ``action_id`` if it is legal in ``position``.

    :raises IllegalMoveError: naming the id and the legal ones otherwise.
    """
    rules = position.rules
    number = check_action_id(action_id, action_count(rules), GAME)
    move = _ALL_MOVES[number]
    legal = legal_ids(position)
    if number not in legal:
        raise illegal_id(number, str(move), legal, GAME)
    return move


# -- observations ------------------------------------------------------------------------------


@lru_cache(maxsize=64)
def observation_layout(rules: Rules) -> Layout:
    """The fields of the observation vector under ``rules`` (see :mod:`cardgames.env`)."""
    players = rules.players
    n = TAROT_PACK_SIZE
    parts = [
        ("hand", n, "own hand, by card index"),
        ("played", players * n, "per seat offset: the cards that seat has played"),
        ("trick", players * n, "per seat offset: its card in the trick in progress"),
        ("won_points", players, "per seat offset: card values of its won pile / 130"),
        ("tricks_won", players, "per seat offset: tricks won / tricks in a deal"),
        ("hand_sizes", players, "per seat offset: cards held / (hand size + talon)"),
        ("to_move", players, "one-hot seat offset of the seat to move"),
        ("dealer", players, "one-hot seat offset of the dealer"),
        ("leader", players, "one-hot seat offset of the leader of the trick in progress"),
        ("phase", len(_PHASES), "one-hot: bidding, call, discard, announce, play, over"),
        ("trumps_played", 1, "1 once a trump has been played"),
        ("void", players * 4, "per seat offset: known void in spades, hearts, diamonds, clubs"),
        ("out_of_trumps", players, "per seat offset: known to hold no trump"),
    ]
    if rules.talon_size:
        parts += [
            ("talon", n, "the talon (dog), when this seat has seen it"),
            ("discard", n, "the discard, when this seat made it"),
            ("discard_size", 1, "cards discarded so far / talon size"),
        ]
    if rules.bidding:
        parts += [
            ("bids", players * 5, "per seat offset: its bid, one-hot pass ... garde contre"),
            ("taker", players, "one-hot seat offset of the taker"),
            ("contract", 4, "one-hot: prise, garde, garde sans, garde contre"),
            ("slam", 2, "the announcement, one-hot: no slam, slam"),
            ("poignees", players * 3, "per seat offset: its poignée, one-hot by level"),
            ("poignee_cards", players * n, "per seat offset: the trumps its poignée showed"),
            ("discard_shown", n, "the trumps of the discard, shown to every seat"),
            ("max_trump", players, "per seat offset: highest trump it may hold / 21"),
            ("partner", players, "one-hot seat offset of the partner, when known"),
            ("partner_known", 1, "1 once this seat knows the sides"),
        ]
    if rules.called_king:
        parts.append(("called", _SUIT_CARDS, "one-hot: the called suit card"))
    return layout(parts)


@lru_cache(maxsize=64)
def _offsets(rules: Rules) -> dict[str, int]:
    return {field.name: field.offset for field in observation_layout(rules)}


def observation_size(rules: Rules) -> int:
    """The length of the observation vector under ``rules``."""
    return observation_layout(rules)[-1].stop


def sparse_observation(view: View) -> tuple[list[int], list[tuple[int, float]]]:
    """The observation of ``view`` as the positions holding 1.0 and the other non-zero
    ``(position, value)`` pairs."""
    rules = view.rules
    players = rules.players
    seat = view.seat
    at = _offsets(rules)
    n = TAROT_PACK_SIZE
    ones: list[int] = []
    values: list[tuple[int, float]] = []
    add_bits(ones, at["hand"], view.hand.mask)
    played = [0] * players
    tricks_won = [0] * players
    for trick in view.tricks:
        for player, card in zip(trick.players, trick.cards, strict=True):
            played[player] |= 1 << card.index
        if trick.winner is not None:
            tricks_won[trick.winner] += 1
    trick = view.trick
    for player, card in zip(trick.players, trick.cards, strict=True):
        played[player] |= 1 << card.index
        ones.append(at["trick"] + ((player - seat) % players) * n + card.index)
    hand_total = rules.hand_size + rules.talon_size
    for player in range(players):
        k = (player - seat) % players
        add_bits(ones, at["played"] + k * n, played[player])
        won = _mask_value(view.won[player].mask)
        if won:
            values.append((at["won_points"] + k, won / _PACK_VALUE))
        if tricks_won[player]:
            values.append((at["tricks_won"] + k, tricks_won[player] / rules.tricks_per_deal))
        if view.hand_sizes[player]:
            values.append((at["hand_sizes"] + k, view.hand_sizes[player] / hand_total))
        for suit in view.void_suits[player]:
            ones.append(at["void"] + 4 * k + int(suit))
        if view.out_of_trumps[player]:
            ones.append(at["out_of_trumps"] + k)
    ones.append(at["to_move"] + (view.to_move - seat) % players)
    ones.append(at["dealer"] + (view.dealer - seat) % players)
    ones.append(at["leader"] + (trick.leader - seat) % players)
    ones.append(at["phase"] + _PHASES.index(view.phase))
    if view.trumps_played:
        ones.append(at["trumps_played"])
    if rules.talon_size:
        if view.talon is not None:
            add_bits(ones, at["talon"], view.talon.mask)
        if view.discard is not None:
            add_bits(ones, at["discard"], view.discard.mask)
        if view.discard_size:
            values.append((at["discard_size"], view.discard_size / rules.talon_size))
    if rules.bidding:
        _french(view, at, ones, values)
    return ones, values


def _french(
    view: View, at: dict[str, int], ones: list[int], values: list[tuple[int, float]]
) -> None:
    rules = view.rules
    players = rules.players
    seat = view.seat
    n = TAROT_PACK_SIZE
    for number, bid in enumerate(view.bids):
        k = (bidder(rules, view.dealer, number) - seat) % players
        ones.append(at["bids"] + 5 * k + _BIDS.index(bid))
    taker = view.taker
    if taker is not None:
        ones.append(at["taker"] + (taker - seat) % players)
    contract = view.contract
    if contract is not None:
        ones.append(at["contract"] + contract.rank)
    if view.slam_announced is not None:
        ones.append(at["slam"] + int(view.slam_announced))
    for (player, level), shown in zip(view.poignees, view.poignee_shown, strict=True):
        k = (player - seat) % players
        ones.append(at["poignees"] + 3 * k + _POIGNEES.index(level))
        add_bits(ones, at["poignee_cards"] + k * n, shown.mask)
    add_bits(ones, at["discard_shown"], view.discard_shown.mask)
    for player, highest in enumerate(view.max_trump):
        if highest:
            values.append((at["max_trump"] + (player - seat) % players, highest / 21))
    if view.partner_known:
        ones.append(at["partner_known"])
        if view.partner is not None:
            ones.append(at["partner"] + (view.partner - seat) % players)
    if rules.called_king and view.called is not None:
        ones.append(at["called"] + view.called.index)
