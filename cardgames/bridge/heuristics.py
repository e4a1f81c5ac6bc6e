"""The bridge card play of :class:`cardgames.bots.rule_bot.RuleBot`: a few classic rules,
read from a :class:`cardgames.bridge.view.View` (never a state).

* **Opening lead**: the top of a sequence of touching honours (``AK``, ``KQ``, ``QJ``,
  ``JT``) if a suit has one; otherwise from the longest suit, the fourth best card of a suit
  of four or more, the top of a shorter one (in a trump contract, trumps are not led while
  another suit is held).
* **Later leads**: a winner (the highest card left in its suit) if the hand holds one (the
  declaring side in a trump contract cashes a top trump first while the defenders may hold
  trumps); otherwise as for the opening lead.
* **Second hand low**, except: **cover an honour with an honour** — when the lead is a jack,
  queen or king and the hand holds a higher card of the suit, it plays the cheapest one that
  beats it.
* **Third hand high**: the highest card, unless the partner's card already beats every card
  still out in the suit; of touching cards the lowest (**win cheaply**).
* **Fourth hand**: low when the partner is winning, else the cheapest card that wins.
* **Out of the suit led**: ruff with the cheapest trump that wins if the partner is not
  winning; otherwise **discard low**, the lowest card outside the trump suit (of equal cards,
  from the longest suit).

>>> from cardgames import bridge
>>> from cardgames.bridge.view import view_of
>>> deal = bridge.Deal.parse(
...     'N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.876'
... )
>>> state = bridge.State(deal, bridge.Contract.parse('NT by S'))
>>> str(choose_card(view_of(state, bridge.Seat.WEST)))  # top of the AKQ of hearts
'AH'
"""

from __future__ import annotations

from typing import Final

from cardgames.bridge.rules import NO_TRUMP, Seat, card_strength, trick_winner
from cardgames.bridge.view import View
from cardgames.cards import Card
from cardgames.cardset import iter_bits
from cardgames.errors import RulesError
from cardgames.validation import quote

__all__ = ["choose_card", "opening_lead"]

_SUIT_MASK: Final = 0x1FFF
_JACK: Final = 9  # card_strength of the jack; the king is 11, the ace 12


def _suit(mask: int, suit: int) -> list[Card]:
    """The cards of ``suit`` in ``mask``, highest first."""
    bits = mask >> (13 * suit) & _SUIT_MASK
    cards = [Card.from_index(13 * suit + index) for index in iter_bits(bits)]
    return sorted(cards, key=card_strength, reverse=True)


def _lowest_equal(card: Card, hand: int, out: int) -> Card:
    """The lowest card of ``hand`` equal to ``card``: no card still out lies between them."""
    best = card
    for lower in _suit(hand, card.index // 13):
        if card_strength(lower) >= card_strength(best):
            continue
        between = [
            c for c in _suit(out, card.index // 13) if card_strength(lower) < card_strength(c)
        ]
        if any(card_strength(c) < card_strength(best) for c in between):
            break
        best = lower
    return best


def opening_lead(hand: int, trump: int) -> Card:
    """The lead from ``hand`` (a mask) with no other information: the top of a sequence of
    touching honours, else the fourth best of the longest suit (the top of a suit of three
    cards or fewer); trumps only when nothing else is held.

    >>> from cardgames.bridge import parse_hand
    >>> str(opening_lead(parse_hand('KQ4.A52.9743.J8').mask, 4)), str(opening_lead(
    ...     parse_hand('K84.A52.97.J8643').mask, 4))
    ('KS', '4C')
    """
    suits = [suit for suit in range(4) if suit != trump and hand >> (13 * suit) & _SUIT_MASK]
    if not suits:
        suits = [suit for suit in range(4) if hand >> (13 * suit) & _SUIT_MASK]
    sequences = []
    for suit in suits:
        cards = _suit(hand, suit)
        if (
            len(cards) >= 2
            and card_strength(cards[0]) >= _JACK + 1
            and card_strength(cards[1]) == card_strength(cards[0]) - 1
        ) or (
            len(cards) >= 2 and card_strength(cards[0]) == _JACK and card_strength(cards[1]) == 8
        ):
            sequences.append(cards[0])
    if sequences:
        return max(sequences, key=card_strength)
    longest = max(suits, key=lambda s: (len(_suit(hand, s)), card_strength(_suit(hand, s)[0])))
    cards = _suit(hand, longest)
    return cards[3] if len(cards) >= 4 else cards[0]


def choose_card(view: View) -> Card:
    """The card the rules above choose for the seat to move in ``view`` (the view of the seat
    that chooses it: the declarer for the dummy).

    :raises RulesError: if ``view`` is not a bridge view whose seat chooses the next card.
    """
    if not isinstance(view, View):
        raise RulesError(f"invalid view {quote(view)}: expected a cardgames.bridge View")
    legal = view.legal_moves()
    if not legal:
        raise RulesError(f"no card to choose: seat {view.seat} does not choose the next card")
    if len(legal) == 1:
        return legal[0]
    seat = view.to_move
    left = view.cards_left(seat)
    assert left is not None  # the seat that chooses sees the hand it plays from
    hand = left.mask
    trump = view.contract.trump
    out = view.unseen().mask | _other_visible(view, seat)
    trick = view.trick
    if not trick:
        return _lead(view, hand, out, trump)
    led = trick[0].index // 13
    win_at = trick_winner(trick, trump)
    winner = trick[win_at]
    partner_wins = (len(trick) - win_at) % 4 == 2
    if hand >> (13 * led) & _SUIT_MASK:
        return _follow(list(trick), winner, partner_wins, hand, out, led, trump)
    return _discard_or_ruff(winner, partner_wins, hand, out, led, trump)


def _other_visible(view: View, seat: Seat) -> int:
    """The cards still held by an opponent of ``seat`` that this view sees (the dummy's, for
    a defender)."""
    dummy = view.contract.declarer.partner
    if (dummy - seat) % 2 == 0:
        return 0
    cards = view.cards_left(dummy)
    return 0 if cards is None else cards.mask


def _master(cards: list[Card], out: int, suit: int) -> bool:
    outstanding = _suit(out, suit)
    return bool(cards) and (
        not outstanding or card_strength(cards[0]) > card_strength(outstanding[0])
    )


def _lead(view: View, hand: int, out: int, trump: int) -> Card:
    if not view.played:
        return opening_lead(hand, trump)
    if (
        trump != NO_TRUMP
        and view.contract.is_declaring(view.to_move)
        and _suit(view.unseen().mask, trump)
        and _master(_suit(hand, trump), out, trump)
    ):
        return _suit(hand, trump)[0]
    for suit in range(4):
        cards = _suit(hand, suit)
        if suit != trump and _master(cards, out, suit):
            return cards[0]
    return opening_lead(hand, trump)


def _follow(
    trick: list[Card], winner: Card, partner_wins: bool, hand: int, out: int, led: int, trump: int
) -> Card:
    cards = _suit(hand, led)
    low = cards[-1]
    if winner.index // 13 != led:  # ruffed: following cannot win
        return low
    beaters = [card for card in cards if card_strength(card) > card_strength(winner)]
    position = len(trick)
    if position == 1:
        lead = trick[0]
        if _JACK <= card_strength(lead) <= _JACK + 2 and beaters:
            return beaters[-1]  # cover an honour with an honour
        return low  # second hand low
    if position == 2:
        if partner_wins and _master([winner], out & ~hand, led):
            return low
        if beaters:
            return _lowest_equal(cards[0], hand, out)  # third hand high, cheaply
        return low
    if partner_wins or not beaters:
        return low
    return beaters[-1]  # fourth hand wins as cheaply as it can


def _discard_or_ruff(
    winner: Card, partner_wins: bool, hand: int, out: int, led: int, trump: int
) -> Card:
    if trump != NO_TRUMP and not partner_wins:
        trumps = _suit(hand, trump)
        if winner.index // 13 == trump:
            trumps = [card for card in trumps if card_strength(card) > card_strength(winner)]
        if trumps:
            return trumps[-1]
    options = [suit for suit in range(4) if suit != trump and hand >> (13 * suit) & _SUIT_MASK]
    if not options:
        options = [suit for suit in range(4) if hand >> (13 * suit) & _SUIT_MASK]
    lows = [_suit(hand, suit)[-1] for suit in options]
    return min(lows, key=lambda card: (card_strength(card), -len(_suit(hand, card.index // 13))))
