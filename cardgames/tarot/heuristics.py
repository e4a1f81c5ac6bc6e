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
from cardgames.tarot.contracts import Contract, Poignee
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
    "FRENCH_BID_THRESHOLDS",
    "TRUMP_KIND",
    "choose_card",
    "choose_card_index",
    "choose_discard",
    "choose_discard_index",
    "french_bid",
    "french_bid_strength",
    "french_call",
    "french_poignee",
    "french_slam",
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


def _tops(unseen: int, strengths: Sequence[int]) -> list[int]:
    """The strength of the strongest unseen card of each kind (suits 0 to 3, trumps), -1 for
    a kind none of whose cards is unseen."""
    tops = [-1] * 5
    for index in iter_bits(unseen & ~EXCUSE_MASK):
        kind = KIND[index]
        if strengths[index] > tops[kind]:
            tops[kind] = strengths[index]
    return tops


def _beaten(
    index: int,
    led: int,
    trumps_in_trick: bool,
    threats: Sequence[int],
    unseen: int,
    voids: Sequence[int],
    strengths: Sequence[int],
    tops: Sequence[int],
) -> bool:
    """Whether a later opponent (in ``threats``) may hold a card that beats ``index``, which
    would be winning the trick (led kind ``led``); ``tops`` as :func:`_tops` gives them."""
    if not threats:
        return False
    strength = strengths[index]
    if KIND[index] == TRUMP_KIND:
        if tops[TRUMP_KIND] <= strength:
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
    stronger = tops[led] > strength
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
    sides: Sequence[int] | None = None,
) -> int:
    """:func:`choose_card` on raw masks and card indices (the form the play-outs use).

    :param hand: the hand's mask.
    :param trick_cards: the indices of the cards in the trick, led card first.
    :param trick_players: who played each of them.
    :param legal: the mask of the legal cards (a non-empty part of ``hand``).
    :param unseen: the mask of the cards the player has not seen (possibly in other hands).
    :param voids: one mask per seat of the kinds (bit ``k`` for suit ``k``, bit
        :data:`TRUMP_KIND` for trumps) that seat is known to lack.
    :param sides: per seat, the side it is known to play for (seats of equal numbers are
        partners), or -1 when the player does not know it (a French defender at five players
        before the called card falls): such a seat counts as an opponent. None: the sides of
        ``rules.teams``.
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
    side = [rules.team_of(p) for p in range(rules.players)] if sides is None else list(sides)
    own = side[seat]

    def partner(player: int) -> bool:
        return player == seat or (side[player] >= 0 and side[player] == own)

    later = _later_seats(rules, seat, len(trick_cards))
    threats = [p for p in later if not partner(p)]
    led = _led_kind(trick_cards)
    tops = _tops(unseen, strengths)
    if led is None:
        return _lead(rules, hand, plain, unseen, voids, threats, strengths, tops)
    trumped = any(KIND[index] == TRUMP_KIND for index in trick_cards)
    best_position = _best_position(trick_cards, led, strengths)
    best = trick_cards[best_position]
    winner = trick_players[best_position]
    if partner(winner) and not _beaten(best, led, trumped, threats, unseen, voids, strengths, tops):
        # Partner holds the trick: smear the most valuable card (the petit is safe here).
        return max(plain, key=lambda i: (VALUES[i], i == _PETIT, -strengths[i], -i))
    winners = [i for i in plain if _wins(i, led, best, trumped, strengths)]
    sure = [
        i
        for i in winners
        if not _beaten(
            i, led, trumped or KIND[i] == TRUMP_KIND, threats, unseen, voids, strengths, tops
        )
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
    tops: Sequence[int],
) -> int:
    suits = [i for i in plain if KIND[i] != TRUMP_KIND]
    masters = []
    for index in suits:
        kind = KIND[index]
        if any(voids[p] >> kind & 1 for p in threats):
            continue  # an opponent would trump it
        if tops[kind] <= strengths[index]:
            masters.append(index)
    if masters:
        return max(masters, key=lambda i: (VALUES[i], strengths[i], -i))
    trumps = [i for i in plain if KIND[i] == TRUMP_KIND]
    if unseen & (1 << _PETIT) and any(not voids[p] >> TRUMP_KIND & 1 for p in threats):
        top = [i for i in trumps if tops[TRUMP_KIND] <= strengths[i]]
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
    sides: Sequence[int] | None = None,
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
    :param sides: per seat, the side it plays for as far as the player knows (-1: unknown);
        default: ``rules.teams``.
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
    side_list = None if sides is None else tuple(sides)
    if side_list is not None and (
        len(side_list) != rules.players
        or not all(type(side) is int and -1 <= side < rules.players for side in side_list)
    ):
        raise RulesError(f"invalid sides {quote(sides)}: expected one side (or -1) per seat")
    index = choose_card_index(
        rules,
        seat,
        hand.mask,
        [card.index for card in trick.cards],
        trick.players,
        legal.mask,
        unseen_mask,
        void_masks,
        side_list,
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


# -- French Tarot: bidding, the call, the slam, poignées -----------------------------------

FRENCH_BID_THRESHOLDS: Final[dict[int, tuple[int, int, int, int]]] = {
    3: (50, 56, 68, 74),
    4: (40, 48, 60, 68),
    5: (30, 36, 52, 58),
}
"""The least :func:`french_bid_strength` for a prise, a garde, a garde sans and a garde
contre, by number of players.

They were measured with RuleBot playing every seat: 1,200 deals at four players and 1,000 at
three and at five, one hand of each played out under each of the four contracts. The garde,
garde sans and garde contre thresholds are about where that contract starts to score more
on average than the one below it; the prise threshold lies a few points below the strength
at which RuleBot's prise breaks even (45 at four players, 54 at three, 32 at five), so that
most deals are played rather than thrown in, as at a real table.

================  =====  =====  ==========  ============
players           prise  garde  garde sans  garde contre
================  =====  =====  ==========  ============
3                 50     56     68          74
4                 40     48     60          68
5                 30     36     52          58
================  =====  =====  ==========  ============
"""
_COURT_POINTS: Final = {14: 6, 13: 3, 12: 2, 11: 1}  # King, Queen, Knight, Jack
_WORLD: Final = 76


def _check_players(players: object) -> int:
    if type(players) is not int or players not in FRENCH_BID_THRESHOLDS:
        raise RulesError(f"invalid number of players {quote(players)}: French Tarot has 3 to 5")
    return players


def _trump_numbers(mask: int) -> list[int]:
    return [index - 55 for index in iter_bits(mask & TRUMP_MASK)]


def french_bid_strength(hand: TarotCardSet, players: int) -> int:
    """The strength of a French Tarot hand for bidding: a sum of points (the usual
    count of French club players, in a simple form).

    ==========================================  =========================================
    what the hand holds                         points
    ==========================================  =========================================
    trump 21                                    10
    the Excuse                                  8
    trump 1 (the petit)                         8 with 6 trumps or more (itself included),
                                                5 with 4 or 5, else 0: it is only safe
                                                with trumps to guard it
    every trump                                 2
    every trump from 16 to 20                   1 more
    a King, Queen, Knight, Jack                 6, 3, 2, 1
    a King with the Queen of its suit           1 more
    a suit of 5 cards or more                   5, and 2 more per card beyond 5
    a void suit, a singleton                    6, 3
    ==========================================  =========================================

    :class:`~cardgames.bots.rule_bot.RuleBot` compares it with :data:`FRENCH_BID_THRESHOLDS`
    (see :func:`french_bid`): at four players about a quarter of the hands dealt reach the
    prise, and the median hand is worth 33.

    :param hand: the hand as dealt (the dog not included).
    :param players: 3, 4 or 5.
    :raises RulesError: for a hand that is not a TarotCardSet or a bad number of players.

    >>> from cardgames.tarot import TarotCardSet
    >>> hand = TarotCardSet.parse('KS QS 7S 4S 2S KH 3H 8D 1C 21T 18T 15T 11T 6T 3T 1T EX 2T')
    >>> french_bid_strength(hand, players=4)
    70
    """
    mask = _check_set(hand, "hand").mask
    _check_players(players)
    trumps = _trump_numbers(mask)
    count = len(trumps)
    points = 2 * count + sum(1 for number in trumps if 16 <= number <= 20)
    if 21 in trumps:
        points += 10
    if mask & EXCUSE_MASK:
        points += 8
    if 1 in trumps:
        points += 8 if count >= 6 else 5 if count >= 4 else 0
    for suit in range(4):
        ranks = [index % 14 + 1 for index in iter_bits(mask & SUIT_MASKS[suit])]
        points += sum(_COURT_POINTS.get(rank, 0) for rank in ranks)
        if 14 in ranks and 13 in ranks:
            points += 1
        length = len(ranks)
        if length >= 5:
            points += 5 + 2 * (length - 5)
        elif length == 0:
            points += 6
        elif length == 1:
            points += 3
    return points


def french_bid(hand: TarotCardSet, players: int, best: Contract | None = None) -> Contract | None:
    """The contract :class:`~cardgames.bots.rule_bot.RuleBot` bids with ``hand``: the highest
    whose threshold (:data:`FRENCH_BID_THRESHOLDS`) :func:`french_bid_strength` reaches, if it
    is above ``best`` (the highest bid so far); else None, a pass.

    >>> from cardgames.tarot import TarotCardSet
    >>> from cardgames.tarot.contracts import Contract
    >>> hand = TarotCardSet.parse('KS QS 7S 4S 2S KH 3H 8D 1C 21T 18T 15T 11T 6T 4T 3T 2T 5D')
    >>> french_bid_strength(hand, 4), french_bid(hand, 4), french_bid(hand, 4, Contract.GARDE)
    (51, <Contract.GARDE: 'garde'>, None)

    :raises RulesError: as :func:`french_bid_strength`.
    """
    strength = french_bid_strength(hand, players)
    chosen = None
    for contract, threshold in zip(Contract, FRENCH_BID_THRESHOLDS[players], strict=True):
        if strength >= threshold:
            chosen = contract
    if chosen is None or (best is not None and not best < chosen):
        return None
    return chosen


def french_call(hand: TarotCardSet, callable_cards: TarotCardSet) -> TarotCard:
    """The card :class:`~cardgames.bots.rule_bot.RuleBot` calls at five players: of the cards it
    may call, one it does not hold (holding it, it would play alone), in the suit where it
    holds fewest cards (its partner's King then wins tricks the taker would lose); ties go to
    the suit with more of the taker's court cards, then to the first suit.

    >>> from cardgames.tarot import TarotCardSet
    >>> kings = TarotCardSet.parse('KS KH KD KC')
    >>> french_call(TarotCardSet.parse('KS 4S 3S 2S QH 1H 9D 8D 7D 6C 5C 21T'), kings)
    TarotCard.parse('KH')

    :raises RulesError: for arguments of the wrong type, or no card to call.
    """
    mask = _check_set(hand, "hand").mask
    options = _check_set(callable_cards, "callable cards").mask
    if not options:
        raise RulesError("invalid callable cards: expected at least one card")
    missing = options & ~mask
    pool = missing if missing else options

    def priority(index: int) -> tuple[int, int, int]:
        suit = SUIT_MASKS[index // 14]
        courts = sum(1 for card in iter_bits(mask & suit) if VALUES[card] > 1)
        return ((mask & suit).bit_count(), -courts, index)

    return TarotCard.from_index(min(iter_bits(pool), key=priority))


def french_slam(hand: TarotCardSet, players: int) -> bool:
    """Whether :class:`~cardgames.bots.rule_bot.RuleBot` announces a slam with ``hand`` (after the
    discard): only with an overwhelming hand, one that holds trump 21, at least two thirds of
    its cards in trumps and nothing else but Kings and the Excuse.

    >>> from cardgames.tarot import TarotCardSet
    >>> french_slam(TarotCardSet.parse('KS KH ' + ' '.join(f'{n}T' for n in range(5, 22))
    ...                                + ' EX'), players=5)
    True

    :raises RulesError: as :func:`french_bid_strength`.
    """
    mask = _check_set(hand, "hand").mask
    _check_players(players)
    trumps = (mask & TRUMP_MASK).bit_count()
    others = mask & ~TRUMP_MASK & ~EXCUSE_MASK
    kings = sum(1 << (14 * suit + _KING_RANK) for suit in range(4))
    return bool(mask >> _WORLD & 1) and 3 * trumps >= 2 * mask.bit_count() and not others & ~kings


def french_poignee(levels: Sequence[Poignee]) -> Poignee | None:
    """The poignée :class:`~cardgames.bots.rule_bot.RuleBot` declares, of those it may
    (``levels``): the highest, always.
    A poignée's bonus goes to the side that wins the deal; a player holding that many trumps,
    attack or defence, usually belongs to the side that wins it, and showing them tells the
    partner what it may count on.

    >>> from cardgames.tarot.contracts import Poignee
    >>> french_poignee([Poignee.SINGLE, Poignee.DOUBLE]), french_poignee([])
    (<Poignee.DOUBLE: 'double'>, None)
    """
    chosen = None
    for level in levels:
        if not isinstance(level, Poignee):
            raise RulesError(f"invalid poignée {quote(level)}: expected a Poignee")
        if chosen is None or level.bonus > chosen.bonus:
            chosen = level
    return chosen
