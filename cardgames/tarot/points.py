"""The card points of a Tarot deal: the won piles with the Excuse settled, the points of each
seat and side, the payoffs, and under French rules the facts the score is worked out from.

The functions take a :class:`~cardgames.tarot.state.State` and read its fields; the state's
methods of the same names call them. The French score itself is
:func:`cardgames.tarot.scoring.score_deal`, fed with plain values from here.

>>> from cardgames.tarot import Rules, deal
>>> state = deal(Rules.simplified(players=3), seed=1)
>>> while not state.is_over:
...     state = state.play(state.legal_moves()[0])
>>> sum(points(state)), sum(payoffs(state))
(Fraction(78, 1), Fraction(0, 1))
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Final

from cardgames.cardset import iter_bits
from cardgames.tarot.cards import TarotCard, TarotCardSet
from cardgames.tarot.contracts import target
from cardgames.tarot.play import EXCUSE_MASK, VALUES, count_mask
from cardgames.tarot.rules import ExcuseRule
from cardgames.tarot.scoring import Score, score_deal

if TYPE_CHECKING:
    from cardgames.tarot.state import State

_BOUTS_MASK: Final = 1 << 56 | 1 << 76 | 1 << 77  # trump 1, trump 21, the Excuse
_EXCUSE: Final = 77
_MAGICIAN: Final = 56


def piles(state: State) -> tuple[TarotCardSet, ...]:
    """Each seat's counted cards from tricks, the Excuse settled once the deal is over (see
    :meth:`cardgames.tarot.state.State.piles`).

    Once the deal is over the Excuse has been settled under the rules'
    :class:`cardgames.tarot.rules.ExcuseRule`; before that these are the ``won`` piles, with the
    Excuse provisionally kept by the player who played it.
    """
    if not state.is_over or state.excuse_trick is None:
        return state.won
    won = [pile.mask for pile in state.won]
    rules = state.rules
    trick = state.tricks[state.excuse_trick]
    excuser = trick.players[[card.index for card in trick.cards].index(_EXCUSE)]
    winner = trick.winner
    assert winner is not None
    if state.team_of(excuser) == state.team_of(winner):
        return state.won
    side = state.teams[state.team_of(excuser)]
    side_won_trick = any(won[p] & ~EXCUSE_MASK for p in side)
    last = state.excuse_trick == len(state.tricks) - 1
    exchange = rules.excuse_rule is ExcuseRule.EXCHANGE
    if not side_won_trick or (last and exchange):
        won[excuser] &= ~EXCUSE_MASK
        won[winner] |= EXCUSE_MASK
    elif exchange:
        best: tuple[int, int, int] | None = None
        for p in side:
            for index in iter_bits(won[p] & ~EXCUSE_MASK):
                candidate = (VALUES[index], index, p)
                if best is None or candidate < best:
                    best = candidate
        assert best is not None
        _, index, holder = best
        won[holder] &= ~(1 << index)
        won[winner] |= 1 << index
    return tuple(TarotCardSet(mask) for mask in won)


def _bonus_winner(state: State) -> int | None:
    """The seat that earned the Magician bonus, if any."""
    if not state.is_over or not state.rules.magician_bonus:
        return None
    last = state.tricks[-1]
    assert last.winner is not None
    if last.card_of(last.winner) == TarotCard.from_index(_MAGICIAN):
        return last.winner
    return None


def seat_points(state: State) -> list[Fraction]:
    """Counted points per seat, each seat its own (partners not added up)."""
    rules = state.rules
    group = rules.group_size
    points = [count_mask(pile.mask, group) for pile in piles(state)]
    discard = state.discard.mask
    owner = state.discarder
    contract = state.contract if rules.bidding else None
    if contract is not None and not contract.dog_shown:
        # the dog, never seen, counts for the taker or (garde contre) for the defence
        discard = state.initial.talon.mask
        owner = state.teams[0 if contract.dog_to_taker else 1][0]
    if rules.discard_is_own_group and discard:
        size = discard.bit_count()
        points[owner] += count_mask(discard, size)
    else:
        points[owner] += count_mask(discard, group)
    bonus_winner = _bonus_winner(state)
    if bonus_winner is not None:
        points[bonus_winner] += rules.magician_bonus
    return points


def team_points(state: State) -> tuple[Fraction, ...]:
    """Counted points per side (see :meth:`cardgames.tarot.state.State.team_points`).

    The count is final once the deal is over; before that it covers only the cards already won
    and discarded, with the Excuse still with its player and no bonus yet.
    """
    by_seat = seat_points(state)
    return tuple(sum((by_seat[p] for p in team), Fraction(0)) for team in state.teams)


def points(state: State) -> tuple[Fraction, ...]:
    """Counted points per seat, partners both with their side's total.

    >>> from cardgames.tarot import Rules, deal
    >>> state = deal(Rules.traditional(players=4), seed=3)
    >>> while not state.is_over:
    ...     state = state.play(state.legal_moves()[-1])
    >>> points = state.points()
    >>> points[0] == points[2], points[0] + points[1]
    (True, Fraction(72, 1))
    """
    rules = state.rules
    teams = team_points(state)
    index = {team: i for i, members in enumerate(state.teams) for team in members}
    return tuple(teams[index[p]] for p in range(rules.players))


def payoffs(state: State) -> tuple[Fraction, ...]:
    """Each seat's payoff (see :meth:`cardgames.tarot.state.State.payoffs`).

    Under French rules the payoffs are the contract's score (``score().payoffs``, see
    :mod:`cardgames.tarot.scoring`), and all 0 until the deal is over and for a void deal.
    """
    rules = state.rules
    if rules.bidding:
        final = score(state)
        if final is None:
            return (Fraction(0),) * rules.players
        return final.payoffs
    teams = team_points(state)
    average = sum(teams, Fraction(0)) / len(teams)
    index = {team: i for i, members in enumerate(state.teams) for team in members}
    return tuple(teams[index[p]] - average for p in range(rules.players))


def taker_target(state: State) -> int | None:
    """The card points the taker's side needs for the bouts it holds now, or None."""
    if state.taker is None:
        return None
    return target((attack_cards(state, held=True) & _BOUTS_MASK).bit_count())


def attack_cards(state: State, *, held: bool) -> int:
    """Every card counting for the attack now (with ``held``, its hands too)."""
    # Every card counting for the attack now: its counted piles, its dog or discard, and
    # with ``held`` the cards it still holds.
    attack = state.teams[0]
    counted = piles(state)
    mask = 0
    for seat in attack:
        mask |= counted[seat].mask
        if held:
            mask |= state.hands[seat].mask
    contract = state.contract
    if contract is not None and contract.dog_shown:
        mask |= state.discard.mask
    elif contract is not None and contract.dog_to_taker:
        mask |= state.initial.talon.mask
    return mask


def score(state: State) -> Score | None:
    """The French score of the finished deal, or None (see
    :meth:`cardgames.tarot.state.State.score`)."""
    taker = state.taker
    contract = state.contract
    if not state.rules.bidding or not state.is_over or taker is None:
        return None
    assert contract is not None
    last = state.tricks[-1]
    assert last.winner is not None
    petit = None
    if any(card.index == _MAGICIAN for card in last.cards):
        petit = state.team_of(last.winner)
    winners = {state.team_of(trick.winner) for trick in state.tricks if trick.winner is not None}
    slam = winners.pop() if len(winners) == 1 else None
    return score_deal(
        state.rules,
        contract=contract,
        taker=taker,
        partner=state.partner,
        points=team_points(state)[0],
        bouts=(attack_cards(state, held=False) & _BOUTS_MASK).bit_count(),
        last_trick_petit=petit,
        poignees=state.poignees,
        slam_announced=bool(state.slam_announced),
        slam=slam,
    )
