"""The rules of play as small pure functions: card values and counting, card strength, the
winner of a (partial) trick, which cards may be played and which may be discarded.

The functions taking card objects are the public, documented face; the ``*_mask`` functions
underneath work on raw :attr:`cardgames.cardset.BaseCardSet.mask` ints for speed and are what
:class:`cardgames.tarot.state.State` calls.

>>> from cardgames.tarot import Rules, TarotCard, TarotCardSet
>>> rules = Rules.simplified(players=3)
>>> trick = [TarotCard.parse(c) for c in ('5H', 'KH', '2T')]
>>> trick_winner(trick, rules)
2
>>> count_points(TarotCardSet.parse('KH 7S 3T'))
Fraction(5, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Final

from cardgames.cards import Suit
from cardgames.errors import NotationError, RulesError
from cardgames.tarot.cards import (
    TAROT_PACK_SIZE,
    TarotCard,
    TarotCardSet,
    _check_card,
    _check_card_set,
    _check_cards,
)
from cardgames.tarot.rules import DiscardRule, NumeralOrder, Rules, _check_rules
from cardgames.validation import as_tuple, check_bool, check_int, quote

__all__ = [
    "EXCUSE_MASK",
    "HONOUR_MASK",
    "KING_MASK",
    "SUIT_MASKS",
    "TRUMP_MASK",
    "card_strength",
    "card_value",
    "count_points",
    "discard_problem",
    "led_suit",
    "legal_cards",
    "legal_cards_mask",
    "legal_discards",
    "legal_discards_mask",
    "play_problem",
    "trick_winner",
    "trick_winner_indices",
]

SUIT_MASKS: Final = tuple(((1 << 14) - 1) << (14 * suit) for suit in range(4))
"""Masks of the four suits, indexed by :class:`cardgames.cards.Suit`."""
TRUMP_MASK: Final = ((1 << 21) - 1) << 56
"""Mask of the 21 trumps."""
EXCUSE_MASK: Final = 1 << 77
"""Mask of the Excuse."""
KING_MASK: Final = sum(1 << (14 * suit + 13) for suit in range(4))
"""Mask of the four Kings."""
HONOUR_MASK: Final = KING_MASK | 1 << 56 | 1 << 76 | EXCUSE_MASK
"""Mask of the seven cards that may never be discarded: Kings, trump 1, trump 21, the Excuse."""

_TRUMP_KIND: Final = 4
_EXCUSE_KIND: Final = 5
# what a card is, by index: its suit 0-3, 4 for a trump, 5 for the Excuse
KIND: Final = tuple(
    i // 14 if i < 56 else (_TRUMP_KIND if i < 77 else _EXCUSE_KIND) for i in range(TAROT_PACK_SIZE)
)
_KIND_MASKS: Final = (*SUIT_MASKS, TRUMP_MASK, EXCUSE_MASK)
_TRUMP_LOW: Final = 56  # trump 1's index; trump n is 55 + n
_EXCUSE: Final = 77
_FULL_MASK: Final = (1 << TAROT_PACK_SIZE) - 1


# Argument checks of the public functions. The State calls the unchecked ``_`` versions, on
# values it has already validated.


def _mask(value: object, what: str) -> int:
    return check_int(
        value,
        what,
        low=0,
        high=_FULL_MASK,
        error=NotationError,
        expected="a Tarot card mask (an int from 0 to 2**78 - 1)",
    )


def _card_index(value: object, what: str) -> int:
    return check_int(value, what, low=0, high=TAROT_PACK_SIZE - 1, error=NotationError)


def _card_indices(values: Sequence[int], what: str) -> tuple[int, ...]:
    indices = as_tuple(values, what, error=NotationError)
    for index in indices:
        _card_index(index, f"card index in the {what}")
    return indices


def _group(value: object) -> int:
    return check_int(value, "group size", low=1, high=TAROT_PACK_SIZE)


def _remaining(value: object) -> int:
    return check_int(value, "remaining discards", low=0, high=TAROT_PACK_SIZE)


def _value(index: int) -> int:
    if index == 77 or index in (56, 76):
        return 5
    if index >= 56:
        return 1
    rank = index % 14 + 1
    return max(1, rank - 9)  # J 2, N 3, Q 4, K 5, numerals 1


VALUES: Final = tuple(_value(i) for i in range(TAROT_PACK_SIZE))
""":func:`card_value` of each card, by index."""


def _strength(index: int, order: NumeralOrder) -> int:
    if index == 77:
        return 0
    if index >= 56:
        return 100 + index - 55
    rank = index % 14 + 1
    red = index // 14 in (Suit.HEARTS, Suit.DIAMONDS)
    if order is NumeralOrder.TRADITIONAL and red and rank <= 10:
        return 11 - rank
    return rank


STRENGTHS: Final = {
    order: tuple(_strength(i, order) for i in range(TAROT_PACK_SIZE)) for order in NumeralOrder
}
""":func:`card_strength` by numeral order, then card index."""


def card_value(card: TarotCard) -> int:
    """The card's counting value: Kings, trump 21, trump 1 and the Excuse 5, Queens 4, Knights
    3, Jacks 2, every other card 1.

    :param card: any Tarot card.
    :returns: 1 to 5.

    >>> from cardgames.tarot import TarotCard, EXCUSE
    >>> [card_value(TarotCard.parse(c)) for c in ('KS', 'QH', 'ND', 'JC', '10S', '21T', '7T')]
    [5, 4, 3, 2, 1, 5, 1]
    >>> card_value(EXCUSE)
    5

    :raises NotationError: if ``card`` is not a :class:`cardgames.tarot.cards.TarotCard`.
    """
    return VALUES[_check_card(card).index]


def count_points(cards: Iterable[TarotCard], group_size: int = 3) -> Fraction:
    """Count a pile of cards: the sum of their :func:`card_value` minus
    ``len(cards) * (group_size - 1) / group_size``.

    For a pile of whole groups this is the usual count, where each group of ``k`` cards scores
    its values' sum minus ``k - 1``. A pile whose size is not a multiple of ``group_size`` is
    counted with the same rate per card, so a leftover of ``r`` cards scores its sum minus
    ``r * (k - 1) / k``: the count is additive over piles, and the whole pack always totals 78
    in threes (71.5 in fours) however it is split. The result is always an exact
    :class:`fractions.Fraction`.

    :param cards: the pile (any iterable of Tarot cards, e.g. a ``TarotCardSet``).
    :param group_size: cards per counting group, 3 or 4 in a rule set (any int from 1 to 78
        is accepted).
    :returns: the pile's points.
    :raises NotationError: if ``cards`` is not an iterable of Tarot cards.
    :raises RulesError: if ``group_size`` is not an int from 1 to 78.

    >>> from cardgames.tarot import TarotCardSet
    >>> count_points(TarotCardSet.parse('KH 7S 3T'))
    Fraction(5, 1)
    >>> count_points(TarotCardSet.parse('QC 7S 12T JD 2H 1D'))
    Fraction(6, 1)
    >>> count_points(TarotCardSet.parse('KS 3S'))
    Fraction(14, 3)
    >>> count_points(TarotCardSet.full())
    Fraction(78, 1)
    """
    _group(group_size)
    total = 0
    count = 0
    for card in _check_cards(cards, "pile"):
        total += VALUES[card.index]
        count += 1
    return Fraction(total) - Fraction(count * (group_size - 1), group_size)


def count_mask(mask: int, group_size: int) -> Fraction:
    """:func:`count_points` of a raw card mask.

    :raises NotationError: if ``mask`` is not a Tarot card mask (an int from 0 to
        ``2**78 - 1``).
    :raises RulesError: if ``group_size`` is not an int from 1 to 78.
    """
    _mask(mask, "card mask")
    _group(group_size)
    total = 0
    count = 0
    while mask:
        low = mask & -mask
        total += VALUES[low.bit_length() - 1]
        count += 1
        mask ^= low
    return Fraction(total) - Fraction(count * (group_size - 1), group_size)


def card_strength(card: TarotCard, rules: Rules) -> int:
    """How strong a card is within its own suit: suit cards 1 (weakest) to 14 (King) in the
    rules' :class:`cardgames.tarot.rules.NumeralOrder`, trump ``n`` ``100 + n`` (above every suit
    card), the Excuse 0.

    Only cards of the suit led and trumps can win a trick; see :func:`trick_winner`.

    >>> from cardgames.tarot import Rules, TarotCard
    >>> simple, classic = Rules.simplified(players=3), Rules.traditional(players=3)
    >>> [card_strength(TarotCard.parse(c), simple) for c in ('1H', '10H', 'KH', '21T')]
    [1, 10, 14, 121]
    >>> [card_strength(TarotCard.parse(c), classic) for c in ('1H', '10H', '1S', '10S')]
    [10, 1, 1, 10]

    :raises NotationError: if ``card`` is not a :class:`cardgames.tarot.cards.TarotCard`.
    :raises RulesError: if ``rules`` is not a :class:`cardgames.tarot.rules.Rules`.
    """
    index = _check_card(card).index
    return STRENGTHS[_check_rules(rules).numeral_order][index]


def led_kind(indices: Sequence[int]) -> int | None:
    """What the trick's suit is: 0-3 for a suit, 4 for trumps, None if no card but the Excuse
    has been played yet."""
    for index in indices:
        if index != 77:
            return KIND[index]
    return None


def led_suit(cards: Sequence[TarotCard]) -> Suit | bool | None:
    """The suit a trick must follow: a :class:`cardgames.cards.Suit`, True when trumps were led,
    or None while nothing but the Excuse (or nothing at all) has been played.

    The Excuse never sets the suit: when it is led, the next card does.

    >>> from cardgames.tarot import TarotCard
    >>> led_suit([TarotCard.parse('EX'), TarotCard.parse('3D')])
    <Suit.DIAMONDS: 2>
    >>> led_suit([TarotCard.parse('4T')]), led_suit([TarotCard.parse('EX')])
    (True, None)

    :raises NotationError: if ``cards`` is not a sequence of Tarot cards.
    """
    kind = led_kind([card.index for card in _check_cards(cards, "trick")])
    if kind is None:
        return None
    return True if kind == _TRUMP_KIND else Suit(kind)


def trick_winner_indices(indices: Sequence[int], order: NumeralOrder) -> int | None:
    """:func:`trick_winner` on card indices.

    :raises NotationError: if ``indices`` is not a sequence of card indices (ints 0-77).
    :raises RulesError: if ``order`` is not a :class:`cardgames.tarot.rules.NumeralOrder`.
    """
    checked = _card_indices(indices, "trick")
    if not isinstance(order, NumeralOrder):
        raise RulesError(f"invalid numeral order {quote(order)}: expected a NumeralOrder")
    return _trick_winner_indices(checked, order)


def _trick_winner_indices(indices: Sequence[int], order: NumeralOrder) -> int | None:
    kind = led_kind(indices)
    if kind is None:
        return None
    strengths = STRENGTHS[order]
    best = -1
    best_position = None
    for position, index in enumerate(indices):
        card_kind = KIND[index]
        if card_kind in (_TRUMP_KIND, kind):
            strength = strengths[index]
            if strength > best:
                best, best_position = strength, position
    return best_position


def trick_winner(cards: Sequence[TarotCard], rules: Rules) -> int | None:
    """Which card is winning the trick so far: the highest trump if any trump was played,
    otherwise the highest card of the suit led (ranked by the rules' numeral order). The Excuse
    never wins, and when it is led the next card sets the suit.

    Works on partial tricks, so it also tells who is winning at the moment.

    :param cards: the trick's cards in the order played (the led card first).
    :param rules: the rules (only the numeral order matters).
    :returns: the position in ``cards`` of the winning card (0 for the led card), or None when
        the trick holds no card but the Excuse.

    >>> from cardgames.tarot import Rules, TarotCard
    >>> def win(text, rules):
    ...     return trick_winner([TarotCard.parse(c) for c in text.split()], rules)
    >>> simple, classic = Rules.simplified(players=4), Rules.traditional(players=4)
    >>> win('2H 9H 1T KS', simple), win('2H 9H EX KS', simple), win('2H 9H', classic)
    (2, 1, 0)
    >>> win('EX QC 10C', simple), win('EX', simple)
    (1, None)

    :raises NotationError: if ``cards`` is not a sequence of Tarot cards.
    :raises RulesError: if ``rules`` is not a :class:`cardgames.tarot.rules.Rules`.
    """
    indices = [card.index for card in _check_cards(cards, "trick")]
    return _trick_winner_indices(indices, _check_rules(rules).numeral_order)


def legal_cards_mask(
    hand: int, trick: Sequence[int], rules: Rules, trumps_played: bool = False
) -> int:
    """:func:`legal_cards` on raw masks and card indices.

    :raises NotationError: if ``hand`` is not a card mask or ``trick`` not a sequence of card
        indices.
    :raises RulesError: if ``rules`` is not a :class:`cardgames.tarot.rules.Rules` or
        ``trumps_played`` not a bool.
    """
    return _legal_cards_mask(*_play_args(hand, trick, rules, trumps_played))


def _play_args(
    hand: object, trick: Sequence[int], rules: object, trumps_played: object
) -> tuple[int, tuple[int, ...], Rules, bool]:
    return (
        _mask(hand, "hand mask"),
        _card_indices(trick, "trick"),
        _check_rules(rules),
        check_bool(trumps_played, "trumps_played"),
    )


def _legal_cards_mask(hand: int, trick: Sequence[int], rules: Rules, trumps_played: bool) -> int:
    kind = led_kind(trick)
    excuse = hand & EXCUSE_MASK
    if kind is None:
        if rules.trump_lead_restricted and not trumps_played:
            suits = hand & ~(TRUMP_MASK | EXCUSE_MASK)
            if suits:
                return suits | excuse
        return hand
    follow = hand & _KIND_MASKS[kind]
    if follow and kind != _TRUMP_KIND:
        return follow | excuse
    trumps = hand & TRUMP_MASK
    if trumps:
        if rules.overtrump:
            trumps = _overtrumps(trumps, trick)
        return trumps | excuse
    return hand


def _overtrumps(trumps: int, trick: Sequence[int]) -> int:
    # The trumps of ``trumps`` above every trump in the trick, or all of them when none is.
    highest = -1
    for index in trick:
        if _TRUMP_LOW <= index < _EXCUSE and index > highest:
            highest = index
    if highest < 0:
        return trumps
    higher = trumps & ~((1 << (highest + 1)) - 1)
    return higher if higher else trumps


def legal_cards(
    hand: TarotCardSet,
    trick: Sequence[TarotCard],
    rules: Rules,
    *,
    trumps_played: bool = False,
) -> TarotCardSet:
    """The cards of ``hand`` that may be played to ``trick``.

    * Follow the suit led if you can; if you cannot, play a trump if you have one; otherwise
      play anything. There is no obligation to play a higher card, nor to overtrump unless
      ``rules.overtrump`` is set: then a player who has to play a trump (trumps were led, or
      they cannot follow) must beat every trump already in the trick when they can.
    * The Excuse may always be played instead.
    * When the trick is empty (or holds only a led Excuse, so that this card sets the suit)
      any card may be played, except that under ``rules.trump_lead_restricted`` trumps may not
      be led before any trump has been played in the deal, unless the hand holds no suit card.

    :param hand: the player's hand.
    :param trick: the cards played to the trick so far, led card first.
    :param rules: the rules.
    :param trumps_played: whether a trump has been played earlier in the deal.
    :returns: the playable cards (a subset of ``hand``).

    >>> from cardgames.tarot import Rules, TarotCard, TarotCardSet
    >>> rules = Rules.simplified(players=3)
    >>> hand = TarotCardSet.parse('3H KS 5T 9T EX')
    >>> legal_cards(hand, [TarotCard.parse('1S')], rules)
    TarotCardSet.parse('KS EX')
    >>> legal_cards(hand, [TarotCard.parse('1D')], rules)
    TarotCardSet.parse('5T 9T EX')
    >>> legal_cards(hand, [], rules), legal_cards(hand, [], rules, trumps_played=True)
    (TarotCardSet.parse('KS 3H EX'), TarotCardSet.parse('KS 3H 5T 9T EX'))
    >>> french = Rules.french(players=3)
    >>> legal_cards(hand, [TarotCard.parse(c) for c in ('1D', '7T')], french)
    TarotCardSet.parse('9T EX')

    :raises NotationError: if ``hand`` is not a :class:`cardgames.tarot.cards.TarotCardSet` or
        ``trick`` not a sequence of Tarot cards.
    :raises RulesError: if ``rules`` is not a :class:`cardgames.tarot.rules.Rules` or
        ``trumps_played`` not a bool.
    """
    mask = _check_card_set(hand, "hand").mask
    indices = [card.index for card in _check_cards(trick, "trick")]
    return TarotCardSet(_legal_cards_mask(*_play_args(mask, indices, rules, trumps_played)))


def play_problem(
    hand: int, trick: Sequence[int], rules: Rules, trumps_played: bool, card: int
) -> str | None:
    """Why playing ``card`` is illegal (the rule broken), or None if it is legal.

    :raises NotationError: if ``hand`` is not a card mask, ``trick`` not a sequence of card
        indices or ``card`` not a card index.
    :raises RulesError: if ``rules`` is not a :class:`cardgames.tarot.rules.Rules` or
        ``trumps_played`` not a bool.
    """
    args = _play_args(hand, trick, rules, trumps_played)
    return _play_problem(*args, _card_index(card, "card index"))


def _play_problem(
    hand: int, trick: Sequence[int], rules: Rules, trumps_played: bool, card: int
) -> str | None:
    bit = 1 << card
    if not hand & bit:
        return "the card is not in the player's hand"
    if bit & _legal_cards_mask(hand, trick, rules, trumps_played):
        return None
    kind = led_kind(trick)
    if kind is None:
        return (
            "trumps may not be led until a trump has been played, unless the leader holds only "
            "trumps (and perhaps the Excuse)"
        )
    if hand & _KIND_MASKS[kind] and (kind != _TRUMP_KIND or not bit & TRUMP_MASK):
        led = "trumps" if kind == _TRUMP_KIND else Suit(kind).name.lower()
        return f"a player must follow suit ({led} were led) when able, or play the Excuse"
    if bit & TRUMP_MASK:
        return (
            "a player who has to play a trump must beat the highest trump in the trick when "
            "able (overtrump)"
        )
    return "a player who cannot follow suit must play a trump when able, or the Excuse"


def legal_discards_mask(hand: int, rules: Rules, remaining: int) -> int:
    """:func:`legal_discards` on a raw mask.

    :raises NotationError: if ``hand`` is not a card mask.
    :raises RulesError: if ``rules`` is not a :class:`cardgames.tarot.rules.Rules` or
        ``remaining`` not an int from 0 to 78.
    """
    return _legal_discards_mask(
        _mask(hand, "hand mask"), _check_rules(rules), _remaining(remaining)
    )


def _legal_discards_mask(hand: int, rules: Rules, remaining: int) -> int:
    if remaining <= 0:
        return 0
    allowed = hand & ~HONOUR_MASK
    if rules.discard_rule is DiscardRule.TRADITIONAL:
        plain = allowed & ~TRUMP_MASK
        if plain.bit_count() >= remaining:
            return plain
    return allowed


def legal_discards(hand: TarotCardSet, rules: Rules, remaining: int) -> TarotCardSet:
    """The cards the dealer may put in the discard next, with ``remaining`` cards still to go.

    Under :attr:`cardgames.tarot.rules.DiscardRule.SIMPLIFIED` any card but a King, trump 1, trump
    21 or the Excuse; under :attr:`cardgames.tarot.rules.DiscardRule.TRADITIONAL` none of those
    seven Honours either, and trumps only while the hand has fewer other discardable cards than
    ``remaining`` (so trumps go only when the discard cannot be completed without them).

    :param hand: the dealer's hand, talon included.
    :param rules: the rules.
    :param remaining: how many cards still have to be discarded (nothing is legal at 0).
    :returns: the cards that may be discarded now.

    >>> from cardgames.tarot import Rules, TarotCardSet
    >>> hand = TarotCardSet.parse('KS 3S 5T 21T 1T EX')
    >>> legal_discards(hand, Rules.simplified(players=5), 2)
    TarotCardSet.parse('3S 5T')
    >>> legal_discards(hand, Rules.traditional(players=3), 1)
    TarotCardSet.parse('3S')
    >>> legal_discards(hand, Rules.traditional(players=3), 2)
    TarotCardSet.parse('3S 5T')

    :raises NotationError: if ``hand`` is not a :class:`cardgames.tarot.cards.TarotCardSet`.
    :raises RulesError: if ``rules`` is not a :class:`cardgames.tarot.rules.Rules` or
        ``remaining`` not an int from 0 to 78.
    """
    mask = _check_card_set(hand, "hand").mask
    return TarotCardSet(legal_discards_mask(mask, rules, remaining))


def discard_problem(hand: int, rules: Rules, remaining: int, card: int) -> str | None:
    """Why discarding ``card`` is illegal (the rule broken), or None if it is legal.

    :raises NotationError: if ``hand`` is not a card mask or ``card`` not a card index.
    :raises RulesError: if ``rules`` is not a :class:`cardgames.tarot.rules.Rules` or
        ``remaining`` not an int from 0 to 78.
    """
    return _discard_problem(
        _mask(hand, "hand mask"),
        _check_rules(rules),
        _remaining(remaining),
        _card_index(card, "card index"),
    )


def _discard_problem(hand: int, rules: Rules, remaining: int, card: int) -> str | None:
    bit = 1 << card
    if not hand & bit:
        return "the card is not in the discarding player's hand"
    if remaining <= 0:
        return "the discard is complete"
    if bit & _legal_discards_mask(hand, rules, remaining):
        return None
    if bit & HONOUR_MASK:
        return "a King, trump 1, trump 21 or the Excuse may never be discarded"
    return "a trump may be discarded only when the discard cannot be completed otherwise"
