"""The Tarot play of :class:`cardgames.bots.rule_bot.RuleBot` as plain functions of what a player
knows.

Every function here takes the facts a player sees — the rules, the seat, its hand, the trick in
progress, the legal cards, the cards it has not seen, the suits other players have shown they
lack — and never a whole state, so the same heuristics serve the bot (fed from its view) and
the play-outs of :class:`cardgames.bots.pimc.PIMCBot` (fed from a sampled world).

The play, as a casual player would recognise it:

* **Follow cheaply or win cheaply.** Win a trick with the cheapest card that is sure to hold it
  (nobody still to play can hold a stronger card of the suit, or can trump); when no winning card
  is sure, try the strongest one if the trick is worth points, else duck.
* **Smear.** When one's partner holds the trick for sure, add the most valuable card one may
  play (the trump 1 too, which is then safe).
* **Keep the trump 1 (the petit) safe.** It is played only when it wins for sure, when it is the
  only trump left to a player who must trump, or onto a partner's sure trick.
* **Lose cheap cards.** When the trick is lost, play the card worth least; the Excuse saves a
  card worth four or five, and it is always played before the last trick, where it would be
  lost.
* **Lead** a master card (one no unseen card beats) of a suit no opponent still to play has shown
  void in; with trump 21 or another master trump while the petit is still out, lead it to hunt
  the petit; otherwise a low card of the shortest suit.
* **Discard** (the dealer, after taking the talon): court cards of suits without their King
  first (their points are banked in the discard), then low cards of the shortest suits, to make
  voids; trumps only when nothing else may go.

>>> from cardgames.tarot import Rules, TarotCard, TarotCardSet, Trick
>>> rules = Rules.traditional(players=3)
>>> hand = TarotCardSet.parse('KH 3H 7S 5T 12T')
>>> trick = Trick(leader=1, cards=(TarotCard.parse('10H'),), players=(1,))
>>> legal = TarotCardSet.parse('KH 3H')
>>> choose_card(rules, 0, hand, trick, legal, unseen=TarotCardSet.parse('QH 2H 9S'))
TarotCard.parse('KH')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardgames.cardset import iter_bits
from cardgames.errors import RulesError
from cardgames.tarot.cards import TarotCard, TarotCardSet
from cardgames.tarot.play import (
    EXCUSE_MASK,
    KIND,
    STRENGTHS,
    SUIT_MASKS,
    TRUMP_MASK,
    VALUES,
)
from cardgames.tarot.rules import Rules
from cardgames.tarot.state import Trick
from cardgames.validation import check_seat, quote

__all__ = [
    "TRUMP_KIND",
    "choose_card",
    "choose_card_index",
    "choose_discard",
    "choose_discard_index",
]

TRUMP_KIND: Final = 4
"""The kind number of the trumps in a void mask (suits are 0 to 3, by
:class:`cardgames.cards.Suit`)."""
_EXCUSE: Final = 77
_PETIT: Final = 56
_KING_RANK: Final = 13  # index % 14 of a King
_FULL: Final = (1 << 78) - 1
_KIND_MASKS: Final = (*SUIT_MASKS, TRUMP_MASK)
# A trick worth at least this many card values is worth a gamble on an unsure winning card.
_WORTH_A_GAMBLE: Final = 6
# A losing card worth this much is better saved with the Excuse.
_WORTH_SAVING: Final = 4


def _led_kind(cards: Sequence[int]) -> int | None:
    for index in cards:
        if index != _EXCUSE:
            return KIND[index]
    return None


def _later_seats(rules: Rules, seat: int, played: int) -> list[int]:
    # The seats still to play to the trick after ``seat``, who is to play card ``played + 1``.
    seats = []
    current = seat
    for _ in range(rules.players - played - 1):
        current = rules._next(current)
        seats.append(current)
    return seats


def _beaten(
    index: int,
    led: int,
    trumps_in_trick: bool,
    threats: Sequence[int],
    unseen: int,
    voids: Sequence[int],
    strengths: Sequence[int],
) -> bool:
    """Whether a later opponent (in ``threats``) may hold a card that beats ``index``, which
    would be winning the trick (led kind ``led``)."""
    if not threats:
        return False
    strength = strengths[index]
    if KIND[index] == TRUMP_KIND:
        stronger_trumps = any(
            strengths[other] > strength for other in iter_bits(unseen & TRUMP_MASK)
        )
        if not stronger_trumps:
            return False
        # A trump is beaten by a player who has trumps and must, or may, play one: trumps led,
        # or a player out of the suit led.
        for seat in threats:
            void = voids[seat]
            if void >> TRUMP_KIND & 1:
                continue
            if led == TRUMP_KIND or void >> led & 1 or not unseen & _KIND_MASKS[led]:
                return True
        return False
    # A suit card wins only while no trump is in the trick: it is beaten by a stronger card of
    # the suit, or by a trump from a player known to be out of the suit.
    assert not trumps_in_trick
    stronger = any(strengths[other] > strength for other in iter_bits(unseen & _KIND_MASKS[led]))
    for seat in threats:
        void = voids[seat]
        if void >> led & 1:
            if not void >> TRUMP_KIND & 1 and unseen & TRUMP_MASK:
                return True
        elif stronger:
            return True
    return False


def _wins(index: int, led: int, best: int, trumped: bool, strengths: Sequence[int]) -> bool:
    # Whether ``index`` would take over the trick from the current best card ``best``.
    kind = KIND[index]
    if kind == TRUMP_KIND:
        return not trumped or strengths[index] > strengths[best]
    return not trumped and kind == led and strengths[index] > strengths[best]


def _cheapest(cards: Sequence[int], strengths: Sequence[int]) -> int:
    # The card that costs least to give away: fewest points, then weakest, never the petit
    # while anything else will do.
    return min(cards, key=lambda i: (i == _PETIT, VALUES[i], strengths[i], i))


def choose_card_index(
    rules: Rules,
    seat: int,
    hand: int,
    trick_cards: Sequence[int],
    trick_players: Sequence[int],
    legal: int,
    unseen: int,
    voids: Sequence[int],
) -> int:
    """:func:`choose_card` on raw masks and card indices (the form the play-outs use).

    :param hand: the hand's mask.
    :param trick_cards: the indices of the cards in the trick, led card first.
    :param trick_players: who played each of them.
    :param legal: the mask of the legal cards (a non-empty part of ``hand``).
    :param unseen: the mask of the cards the player has not seen (possibly in other hands).
    :param voids: one mask per seat of the kinds (bit ``k`` for suit ``k``, bit
        :data:`TRUMP_KIND` for trumps) that seat is known to lack.
    :returns: the index of the card to play.
    """
    cards = list(iter_bits(legal))
    if len(cards) == 1:
        return cards[0]
    strengths = STRENGTHS[rules.numeral_order]
    excuse = bool(legal & EXCUSE_MASK)
    plain = [index for index in cards if index != _EXCUSE]
    if excuse and (hand.bit_count() <= 2 or not plain):
        return _EXCUSE  # before the last trick, where it would be given away
    team = rules.team_of(seat)
    later = _later_seats(rules, seat, len(trick_cards))
    threats = [p for p in later if rules.team_of(p) != team]
    led = _led_kind(trick_cards)
    if led is None:
        return _lead(rules, hand, plain, unseen, voids, threats, strengths)
    trumped = any(KIND[index] == TRUMP_KIND for index in trick_cards)
    best_position = _best_position(trick_cards, led, strengths)
    best = trick_cards[best_position]
    winner = trick_players[best_position]
    if rules.team_of(winner) == team and not _beaten(
        best, led, trumped, threats, unseen, voids, strengths
    ):
        # Partner holds the trick: smear the most valuable card (the petit is safe here).
        return max(plain, key=lambda i: (VALUES[i], i == _PETIT, -strengths[i], -i))
    winners = [i for i in plain if _wins(i, led, best, trumped, strengths)]
    sure = [
        i
        for i in winners
        if not _beaten(i, led, trumped or KIND[i] == TRUMP_KIND, threats, unseen, voids, strengths)
    ]
    if sure:
        return min(sure, key=lambda i: (strengths[i], i))
    gamble = [i for i in winners if i != _PETIT]
    at_stake = sum(VALUES[i] for i in trick_cards if i != _EXCUSE)
    if gamble and at_stake >= _WORTH_A_GAMBLE:
        return max(gamble, key=lambda i: (strengths[i], i))
    losers = [i for i in plain if i not in winners and i != _PETIT]
    if losers:
        cheapest = _cheapest(losers, strengths)
        if excuse and VALUES[cheapest] >= _WORTH_SAVING:
            return _EXCUSE
        return cheapest
    if gamble:
        return min(gamble, key=lambda i: (strengths[i], i))
    # Nothing left but the petit (and perhaps the Excuse, which then saves it).
    return _EXCUSE if excuse else _PETIT


def _best_position(cards: Sequence[int], led: int, strengths: Sequence[int]) -> int:
    best = -1
    position = 0
    for at, index in enumerate(cards):
        kind = KIND[index]
        if kind in (TRUMP_KIND, led):
            strength = strengths[index]
            if strength > best:
                best, position = strength, at
    return position


def _lead(
    rules: Rules,
    hand: int,
    plain: list[int],
    unseen: int,
    voids: Sequence[int],
    threats: Sequence[int],
    strengths: Sequence[int],
) -> int:
    suits = [i for i in plain if KIND[i] != TRUMP_KIND]
    masters = []
    for index in suits:
        kind = KIND[index]
        if any(voids[p] >> kind & 1 for p in threats):
            continue  # an opponent would trump it
        if not any(strengths[o] > strengths[index] for o in iter_bits(unseen & _KIND_MASKS[kind])):
            masters.append(index)
    if masters:
        return max(masters, key=lambda i: (VALUES[i], strengths[i], -i))
    trumps = [i for i in plain if KIND[i] == TRUMP_KIND]
    if unseen & (1 << _PETIT) and any(not voids[p] >> TRUMP_KIND & 1 for p in threats):
        top = [
            i
            for i in trumps
            if not any(strengths[o] > strengths[i] for o in iter_bits(unseen & TRUMP_MASK))
        ]
        if top:
            return max(top, key=lambda i: strengths[i])
    if suits:
        length = {kind: (hand & SUIT_MASKS[kind]).bit_count() for kind in {KIND[i] for i in suits}}
        return min(suits, key=lambda i: (VALUES[i], length[KIND[i]], strengths[i], i))
    # Only trumps: lead from the top, keeping the petit back.
    return max(plain, key=lambda i: (i != _PETIT, strengths[i]))


def choose_discard_index(rules: Rules, hand: int, legal: int) -> int:
    """:func:`choose_discard` on raw masks.

    :param hand: the dealer's hand (talon included, cards already discarded removed).
    :param legal: the mask of the cards that may be discarded now (not empty).
    :returns: the index of the card to discard.
    """
    strengths = STRENGTHS[rules.numeral_order]

    def priority(index: int) -> tuple[int, int, int, int]:
        kind = KIND[index]
        if kind == TRUMP_KIND:
            return (0, -strengths[index], 0, -index)
        held = hand & SUIT_MASKS[kind]
        length = held.bit_count()
        has_king = bool(held >> (14 * kind + _KING_RANK) & 1)
        if VALUES[index] > 1 and not has_king:
            return (2, VALUES[index], -length, -index)
        return (1, -length, -strengths[index], -index)

    return max(iter_bits(legal), key=priority)


def _check_seat(rules: object, seat: object) -> Rules:
    if not isinstance(rules, Rules):
        raise RulesError(
            f"invalid Tarot rules {quote(rules)}: expected a cardgames.tarot.rules.Rules"
        )
    check_seat(seat, rules.players, "seat")
    return rules


def _check_set(value: object, what: str) -> TarotCardSet:
    if not isinstance(value, TarotCardSet):
        raise RulesError(f"invalid {what} {quote(value)}: expected a TarotCardSet")
    return value


def choose_card(
    rules: Rules,
    seat: int,
    hand: TarotCardSet,
    trick: Trick,
    legal: TarotCardSet,
    *,
    unseen: TarotCardSet | None = None,
    voids: Sequence[int] | None = None,
) -> TarotCard:
    """The card a sensible casual player plays to ``trick`` (see the module's description).

    :param rules: the rules.
    :param seat: the player's seat.
    :param hand: its hand.
    :param trick: the trick in progress (the player is next to play to it).
    :param legal: the cards it may play (a non-empty part of ``hand``).
    :param unseen: the cards it has not seen, which other players may hold (default: every
        card not in its hand, not in the trick).
    :param voids: per seat, a mask of the kinds known to be lacking (bit ``k`` for suit ``k``,
        bit :data:`TRUMP_KIND` for trumps); default: nothing known.
    :raises RulesError: for arguments of the wrong type, or no legal card.

    >>> from cardgames.tarot import Rules, TarotCardSet, Trick
    >>> rules = Rules.traditional(players=3)
    >>> hand = TarotCardSet.parse('1T 9T 4S')
    >>> choose_card(rules, 2, hand, Trick(leader=2), hand)
    TarotCard.parse('4S')
    """
    rules = _check_seat(rules, seat)
    hand = _check_set(hand, "hand")
    legal = _check_set(legal, "legal cards")
    if not isinstance(trick, Trick):
        raise RulesError(f"invalid trick {quote(trick)}: expected a cardgames.tarot.Trick")
    if not legal or legal.mask & ~hand.mask:
        raise RulesError(
            f"invalid legal cards {quote(legal)}: expected a non-empty part of the hand"
        )
    if unseen is None:
        unseen_mask = _FULL & ~hand.mask & ~trick.mask
    else:
        unseen_mask = _check_set(unseen, "unseen cards").mask
    void_masks = tuple(voids) if voids is not None else (0,) * rules.players
    if len(void_masks) != rules.players or not all(
        type(mask) is int and 0 <= mask < 32 for mask in void_masks
    ):
        raise RulesError(f"invalid voids {quote(voids)}: expected one mask from 0 to 31 per seat")
    index = choose_card_index(
        rules,
        seat,
        hand.mask,
        [card.index for card in trick.cards],
        trick.players,
        legal.mask,
        unseen_mask,
        void_masks,
    )
    return TarotCard.from_index(index)


def choose_discard(rules: Rules, hand: TarotCardSet, legal: TarotCardSet) -> TarotCard:
    """The card the dealer lays away next (see the module's description).

    >>> from cardgames.tarot import Rules, TarotCardSet
    >>> rules = Rules.traditional(players=3)
    >>> hand = TarotCardSet.parse('KS QS 3S NH 2H 5H 7H 4D')
    >>> choose_discard(rules, hand, TarotCardSet.parse('QS 3S NH 2H 5H 7H 4D'))
    TarotCard.parse('NH')

    :raises RulesError: for arguments of the wrong type, or no legal card.
    """
    if not isinstance(rules, Rules):
        raise RulesError(
            f"invalid Tarot rules {quote(rules)}: expected a cardgames.tarot.rules.Rules"
        )
    hand = _check_set(hand, "hand")
    legal = _check_set(legal, "legal discards")
    if not legal or legal.mask & ~hand.mask:
        raise RulesError(
            f"invalid legal discards {quote(legal)}: expected a non-empty part of the hand"
        )
    return TarotCard.from_index(choose_discard_index(rules, hand.mask, legal.mask))
