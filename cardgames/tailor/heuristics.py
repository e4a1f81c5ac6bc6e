"""The Chase the Tailor play of :class:`cardgames.bots.rule_bot.RuleBot` as a plain function of
what a player knows: its hand, the legal moves, every hand's size, the direction of play and the
cards it has seen go onto the pile.

The play, as a casual player would recognise it:

* **Go out** whenever a move empties the hand.
* **Shed high-value cards first**: among the suited plays and dumps, the one that gets rid of
  the most hand value (a dump's extra cards count a little more: fewer cards, sooner out), then
  the one leaving the most cards in hand that can follow the new top.
* **Keep the Tailor only as long as it pays**: it costs 25 if caught with it, so it is played
  when nothing suited can follow (instead of drawing), when an opponent is down to two cards or
  fewer, or when the hand is down to three cards or fewer. Its **victim** is the opponent closest
  to going out (ties: the one who moves soonest); its **call** names the card whose followers
  are most often out of the other players' reach (in one's own hand or on the pile).
* **Jokers** (15 each) are the escape from a draw, and go when an opponent is close to going
  out or the hand is small; the effect (skip or reverse) is the one that keeps the opponent
  with the fewest cards waiting longest for its next turn.
* Otherwise **draw** (or pass when nothing can be drawn); a drawn card that may be kept is
  played when it sheds anything.

>>> from cardgames.cards import Card
>>> from cardgames.cardset import CardSet
>>> from cardgames.tailor import Rules, deal
>>> state = deal(Rules(players=3), seed=13)
>>> state.top, state.hands[0]
(Card.parse('AD'), CardSet.parse('JS 3H 8H 9H 7D QD 2C'))
>>> str(choose_move(Rules(players=3), 0, state.hands[0], state.legal_moves(),
...                 hand_sizes=(7, 7, 7), direction=1))
'QD'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardgames.cards import STANDARD_PACK_SIZE, Card, Rank, Suit
from cardgames.cardset import CardSet
from cardgames.errors import RulesError
from cardgames.tailor.moves import Draw, Dump, Move, Pass, Play, PlayJoker, PlayTailor
from cardgames.tailor.rules import Rules, hand_points
from cardgames.validation import check_seat, quote

__all__ = ["choose_move", "follow_mask"]

_CLOSE_TO_OUT: Final = 2  # an opponent with this many cards or fewer is about to go out
_SMALL_HAND: Final = 3  # with this many cards or fewer, the specials are a liability
_DUMP_CARD_BONUS: Final = 4  # each extra card of a dump counts this much hand value more
_RANK_MASKS: Final = tuple(sum(1 << (suit * 13 + rank) for suit in range(4)) for rank in range(13))


def follow_mask(target: int) -> int:
    """The mask of the suited cards that may be played onto the suited card of index
    ``target`` (same suit, same rank or a next-door rank).

    >>> CardSet(follow_mask(Card.parse('AS').index)).mask.bit_count()
    22
    """
    suit, rank = divmod(target, 13)
    mask = ((1 << 13) - 1) << (suit * 13)
    for near in (rank - 1, rank, rank + 1):
        mask |= _RANK_MASKS[near % 13]
    return mask


_FOLLOW: Final = tuple(follow_mask(target) for target in range(STANDARD_PACK_SIZE))


def _cards_of(move: Move) -> tuple[Card, ...]:
    if isinstance(move, Play | PlayJoker):
        return (move.card,)
    if isinstance(move, Dump):
        return move.cards
    if isinstance(move, PlayTailor):
        return (Card.from_index(STANDARD_PACK_SIZE + 2),)
    return ()


def choose_move(
    rules: Rules,
    seat: int,
    hand: CardSet,
    moves: Sequence[Move],
    *,
    hand_sizes: Sequence[int],
    direction: int,
    seen: CardSet | None = None,
) -> Move:
    """The move a sensible casual player makes (see the module's description).

    :param rules: the rules.
    :param seat: the player's seat (the seat to move).
    :param hand: its hand.
    :param moves: its legal moves (not empty).
    :param hand_sizes: every seat's number of cards.
    :param direction: ``1`` clockwise, ``-1`` anticlockwise.
    :param seen: cards known to be out of every other hand (the pile); default none.
    :raises RulesError: for arguments of the wrong type or no move to choose from.
    """
    if not isinstance(rules, Rules):
        raise RulesError(f"invalid rules {quote(rules)}: expected a tailor.Rules")
    check_seat(seat, rules.players, "seat")
    if not isinstance(hand, CardSet):
        raise RulesError(f"invalid hand {quote(hand)}: expected a CardSet")
    moves = tuple(moves)
    if not moves:
        raise RulesError("no move to choose from: the legal moves are empty")
    sizes = tuple(hand_sizes)
    if len(sizes) != rules.players or not all(type(n) is int and n >= 0 for n in sizes):
        raise RulesError(f"invalid hand_sizes {quote(hand_sizes)}: expected one count per seat")
    if direction not in (1, -1) or isinstance(direction, bool):
        raise RulesError(f"invalid direction {quote(direction)}: expected 1 or -1")
    seen_mask = 0 if seen is None else seen.mask
    return _choose(rules, seat, hand.mask, moves, sizes, direction, seen_mask)


def _choose(
    rules: Rules,
    seat: int,
    hand: int,
    moves: tuple[Move, ...],
    sizes: tuple[int, ...],
    direction: int,
    seen: int,
) -> Move:
    if len(moves) == 1:
        return moves[0]
    held = hand.bit_count()
    for move in moves:
        if len(_cards_of(move)) == held:
            return move  # goes out
    players = rules.players
    others = [p for p in range(players) if p != seat]
    threat = min(sizes[p] for p in others)
    suited = [m for m in moves if isinstance(m, Play | Dump)]
    jokers = [m for m in moves if isinstance(m, PlayJoker)]
    tailors = [m for m in moves if isinstance(m, PlayTailor)]
    pressed = threat <= _CLOSE_TO_OUT or held <= _SMALL_HAND
    if tailors and (pressed or not suited):
        return _best_tailor(rules, seat, hand, tailors, sizes, direction, seen)
    if jokers and (pressed or not suited):
        return _best_joker(seat, jokers, sizes, direction, players)
    if suited:
        return max(suited, key=lambda move: _shed_score(move, hand))
    for move in moves:
        if isinstance(move, Draw | Pass):
            return move
    return moves[0]


def _shed_score(move: Play | Dump, hand: int) -> tuple[int, int]:
    cards = _cards_of(move)
    shed = hand_points(cards) + _DUMP_CARD_BONUS * (len(cards) - 1)
    left = hand
    for card in cards:
        left &= ~(1 << card.index)
    top = cards[-1].index
    return shed, (left & _FOLLOW[top]).bit_count()


def _order_after(seat: int, direction: int, players: int) -> list[int]:
    return [(seat + step * direction) % players for step in range(1, players)]


def _best_tailor(
    rules: Rules,
    seat: int,
    hand: int,
    tailors: list[PlayTailor],
    sizes: tuple[int, ...],
    direction: int,
    seen: int,
) -> PlayTailor:
    victims = {move.victim for move in tailors}
    order = [p for p in _order_after(seat, direction, rules.players) if p in victims] or sorted(
        victims
    )
    victim = min(order, key=lambda p: (sizes[p], order.index(p)))
    # The call whose followers are most often out of the others' reach: in this hand (the
    # Tailor itself leaves it) or already on the pile.
    out_of_reach = hand | seen

    def blocked(move: PlayTailor) -> tuple[int, int]:
        target = (move.suit - Suit.SPADES) * 13 + (move.rank - Rank.ACE)
        return (_FOLLOW[target] & out_of_reach).bit_count(), -target

    calls = [move for move in tailors if move.victim == victim]
    return max(calls, key=blocked)


def _best_joker(
    seat: int, jokers: list[PlayJoker], sizes: tuple[int, ...], direction: int, players: int
) -> PlayJoker:
    # Keep the opponent closest to going out waiting longest: count the moves others make
    # before its next turn after a skip and after a reverse.
    order = _order_after(seat, direction, players)
    threat = min(order, key=lambda p: (sizes[p], order.index(p)))
    after_skip = ((threat - seat) * direction - 2) % players
    after_reverse = ((seat - threat) * direction - 1) % players
    wanted = "reverse" if after_reverse > after_skip else "skip"
    for move in jokers:
        if move.effect.value == wanted:
            return move
    return jokers[0]
