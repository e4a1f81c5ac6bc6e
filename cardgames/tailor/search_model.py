"""The int model of a Chase the Tailor round for the search engine: :class:`TailorModel`, the
classes of equivalent moves and the move ordering.

:class:`TailorModel` implements the engine's :class:`~cardgames.search.engine.SearchModel` for
one round, one perspective (the seat analysed) and one horizon. Its positions and move codes are
laid out in :mod:`cardgames.tailor.search_codes`, and the rules of a turn are played on them by
the functions of :mod:`cardgames.tailor.search_turns`, following :meth:`State.play
<cardgames.tailor.State.play>` exactly. The model's methods call those functions and the ones
here (:func:`move_classes`, :func:`ordered_moves`, :func:`forced_move`, :func:`last_moves`);
:class:`~cardgames.tailor.search.TailorSearch` calls the hot ones directly.

>>> from cardgames.tailor import Rules, deal
>>> state = deal(Rules(players=3), seed=13)
>>> model = TailorModel.for_state(state, perspective=0)
>>> root = model.encode(state, horizon=4)
>>> [str(model.move_of(code)) for code in model.legal(root)]
['7D', 'QD', '2C']
>>> child = model.child(root, model.legal(root)[0])
>>> child == model.encode(state.play(model.move_of(model.legal(root)[0])), horizon=3)
True
"""

from __future__ import annotations

from typing import Final, final

from cardgames.cards import STANDARD_PACK_SIZE, Rank, Suit
from cardgames.errors import AnalysisError
from cardgames.tailor.moves import Dump, Move, PlayTailor
from cardgames.tailor.rules import Call, Rules
from cardgames.tailor.search_codes import (
    CARDS,
    CHASE,
    DRAW,
    DRAWN,
    DUMP_BASE,
    FOLLOW,
    HANDS,
    JOKER_1,
    JOKER_2,
    JOKER_BASE,
    JOKERS_BITS,
    MAX_CARD_POINTS,
    MAX_DRAWS_PER_MOVE,
    MAX_DRAWS_PER_MOVE_UNDER_CALL,
    PACK_POINTS,
    PASS,
    PASSES,
    PILE_AT,
    RANK_MASKS,
    SCORE,
    SIMPLE_MOVES,
    SUITED,
    TAILOR,
    TAILOR_BASE,
    TAILOR_BIT,
    TO_MOVE,
    TOGO,
    TOP,
    TURNS,
    VALUES,
    dump_cards,
    dump_code,
    points,
    victim_lists,
)
from cardgames.tailor.search_turns import (
    apply_move,
    can_draw,
    draw_card,
    dump_orders,
    dumps_merge,
    leaf_score,
    legal_moves,
)
from cardgames.tailor.state import State

__all__ = [
    "TailorModel",
    "call_relevant",
    "forced_move",
    "last_moves",
    "move_classes",
    "ordered_moves",
]

_CACHE_SIZE: Final = 4096
"""Entries kept in the model's cache of dump classes before it is emptied."""
_KEY_SHIFT: Final = 16
"""Move ordering sorts ints ``(2000 - score) << _KEY_SHIFT | code``."""
_CODE_MASK: Final = (1 << _KEY_SHIFT) - 1
_OUT_RANK: Final = 2000 - 1000
"""``key >> _KEY_SHIFT`` of a move that goes out."""


@final
class TailorModel:
    """The game tree of one Chase the Tailor round for one perspective, on int positions.

    Build it with :meth:`for_state` and turn states into positions with :meth:`encode`; the
    engine's functions (:func:`~cardgames.search.engine.reference_value`,
    :func:`~cardgames.search.engine.score_moves`, ...) then work on it. Values are
    :func:`~cardgames.tailor.analysis.tailor_value` times ``players - 1``: the perspective
    maximises them, every other seat minimises them (paranoid), and a position is a leaf when
    the round is over or the horizon is reached (``TOGO`` is 0).

    :param rules: the variant.
    :param perspective: the seat analysed.
    :param seed: the round's seed (every reshuffle is derived from it).
    :param reshuffles: the reshuffle count of the root, so that
        :class:`~cardgames.tailor.search.TailorSearch` knows when the stock is still the root's.

    >>> from cardgames.search.engine import reference_value
    >>> from cardgames.tailor.analysis import reference_tailor_value
    >>> from cardgames.tailor import random_position
    >>> state = random_position(Rules(players=3), seed=4)
    >>> model = TailorModel.for_state(state, state.to_move)
    >>> value = reference_value(model, model.encode(state, horizon=3))
    >>> value == reference_tailor_value(state, state.to_move, 3) * 2
    True
    """

    def __init__(self, rules: Rules, perspective: int, seed: int, reshuffles: int = 0) -> None:
        players = rules.players
        if isinstance(perspective, bool) or not isinstance(perspective, int):
            raise AnalysisError(f"invalid perspective {perspective!r}: expected a seat number")
        if not 0 <= perspective < players:
            raise AnalysisError(
                f"invalid perspective {perspective!r}: expected a seat from 0 to {players - 1}"
            )
        self.rules: Final = rules
        self.players: Final = players
        self.perspective: Final = perspective
        self.seed: Final = seed
        self.root_reshuffles: Final = reshuffles
        self.stock_from: Final = HANDS + players
        self.weights: Final[list[int]] = [
            1 - players if seat == perspective else 1 for seat in range(players)
        ]
        self.chase_mode: Final = rules.chase_mode
        self.after_joker_any: Final = rules.after_joker == "any"
        self.voluntary_draw: Final = rules.voluntary_draw
        self.must_play_drawn: Final = rules.must_play_drawn
        self.drawn_card_dumps: Final = rules.drawn_card_dumps
        self.dump_whole_rank: Final = rules.dump_whole_rank
        self.final_tailor_penalty: Final = rules.final_tailor_penalty
        self.reverse_skips: Final = players == 2 and rules.two_player_reverse_skips
        self.skipped_player_draws_chase: Final = rules.skipped_player_draws_chase
        self.tailor_breaks_chase: Final = rules.tailor_breaks_chase
        self.max_turns: Final = rules.max_turns
        self.victims: Final = victim_lists(players, rules.victim_may_be_caller)
        self._orders: dict[int, list[int]] = {}
        self._dump_keys: dict[tuple[int, int, bool], list[int]] = {}
        self._moves: dict[int, Move] = {}

    @classmethod
    def for_state(cls, state: State, perspective: int) -> TailorModel:
        """The model of ``state``'s round for ``perspective``.

        >>> from cardgames.tailor import Rules, deal
        >>> TailorModel.for_state(deal(Rules(players=2), seed=3), 1).perspective
        1
        """
        return cls(state.rules, perspective, state.seed, state.reshuffles)

    # -- positions -----------------------------------------------------------------------------

    def encode(self, state: State, horizon: int) -> list[int]:
        """The position of ``state`` with ``horizon`` moves left to search.

        :raises AnalysisError: if the state belongs to another round (rules or seed).

        >>> from cardgames.tailor import Rules, deal
        >>> state = deal(Rules(players=2), seed=3)
        >>> position = TailorModel.for_state(state, 0).encode(state, horizon=5)
        >>> position[TOGO], len(position) - HANDS - 2 == 55 - 14
        (5, True)
        """
        if state.rules != self.rules or state.seed != self.seed:
            raise AnalysisError("the state belongs to another round than the model's")
        top = state.top
        target = -1 if top is None else (top.card.index if isinstance(top, Call) else top.index)
        hands = [hand.mask for hand in state.hands]
        score = 0
        for seat in range(self.players):
            score += self.weights[seat] * points(hands[seat])
        position = [
            state.turns,
            state.reshuffles,
            score,
            state.to_move,
            target,
            state.direction,
            int(state.chase_active),
            -1 if state.drawn is None else state.drawn.index,
            state.passes,
            self.stock_from + len(state.stock),
            horizon,
        ]
        position.extend(hands)
        position.extend([card.index for card in state.stock])
        position.extend([card.index for card in state.pile])
        return position

    def move_of(self, code: int) -> Move:
        """The library's move for a move code.

        >>> from cardgames.tailor import Rules
        >>> model = TailorModel(Rules(players=3), 0, seed=0)
        >>> [str(model.move_of(code)) for code in (0, 52, 57, 64 + 8 * 11 + 2, 512 + 6 + 64 * 4)]
        ['AS', 'X1 skip', 'pass', 'TLR QS>2', 'dump 7S 7H']
        """
        move = self._moves.get(code)
        if move is None:
            move = self._moves[code] = self._make_move(code)
        return move

    def _make_move(self, code: int) -> Move:
        if code <= PASS:
            return SIMPLE_MOVES[code]
        if code < DUMP_BASE:
            call = (code - TAILOR_BASE) >> 3
            return PlayTailor(Suit(call // 13), Rank(call % 13 + 1), (code - TAILOR_BASE) & 7)
        return Dump(tuple(CARDS[index] for index in dump_cards(code)))

    def round_over(self, position: list[int]) -> bool:
        """Whether the round has ended at ``position`` (someone out, or a stalemate)."""
        if position[PASSES] >= self.players or position[TURNS] >= self.max_turns:
            return True
        return 0 in position[HANDS : self.stock_from]

    # -- the SearchModel protocol ----------------------------------------------------------------

    def is_over(self, position: list[int]) -> bool:
        """The round is over or the horizon is reached."""
        return position[TOGO] <= 0 or self.round_over(position)

    def maximising(self, position: list[int]) -> bool:
        """The perspective maximises; every other seat minimises (paranoid)."""
        return position[TO_MOVE] == self.perspective

    def banked(self, position: list[int]) -> int:
        """The scaled value at a leaf; 0 before (nothing is banked until the search stops)."""
        return position[SCORE] if self.is_over(position) else 0

    def future_bounds(self, position: list[int]) -> tuple[int, int]:
        """Bounds on the leaf value: in ``TOGO`` moves a hand can at worst empty, and the cards
        drawn (at most four a move, none worth more than the Tailor) go to some hand."""
        if self.is_over(position):
            return 0, 0
        mine = 0
        others = 0
        for seat in range(self.players):
            if seat == self.perspective:
                mine = points(position[HANDS + seat])
            else:
                others += points(position[HANDS + seat])
        gain = MAX_DRAWS_PER_MOVE * MAX_CARD_POINTS * position[TOGO]
        low = (1 - self.players) * min(PACK_POINTS, mine + gain)
        high = min(PACK_POINTS, others + gain)
        return low, high

    def legal(self, position: list[int]) -> list[int]:
        """Every legal move of the round (the horizon aside), in the order of
        :meth:`State.legal_moves() <cardgames.tailor.State.legal_moves>` (see
        :func:`~cardgames.tailor.search_turns.legal_moves`)."""
        return legal_moves(self, position)

    def distinct(self, position: list[int]) -> dict[int, int]:
        """Each legal move mapped to the first legal move of its class of equivalent moves (see
        :func:`move_classes`)."""
        return move_classes(self, position)

    def child(self, position: list[int], move: int) -> list[int]:
        """The position after ``move`` (a legal move); ``position`` is left as it was."""
        after = position.copy()
        apply_move(self, after, move)
        return after

    # -- playing ---------------------------------------------------------------------------------

    def apply(self, p: list[int], move: int) -> bool:
        """Play the legal ``move`` on ``p`` in place; whether the round is over after it (see
        :func:`~cardgames.tailor.search_turns.apply_move`)."""
        return apply_move(self, p, move)

    def leaf_score(self, p: list[int], move: int) -> int:
        """``2 * score + over`` of the child of ``move`` (see
        :func:`~cardgames.tailor.search_turns.leaf_score`)."""
        return leaf_score(self, p, move)

    def draw(self, p: list[int], seat: int) -> int:
        """Move the next stock card to ``seat``'s hand; the card, or -1 (see
        :func:`~cardgames.tailor.search_turns.draw_card`)."""
        return draw_card(self, p, seat)

    def call_relevant(self, position: list[int], victim: int) -> int:
        """The suited cards a Tailor call with ``victim`` can be compared with before the horizon,
        or -1 (see :func:`call_relevant`)."""
        return call_relevant(self, position, victim)

    # -- what the fast search needs ------------------------------------------------------------

    def ordered(self, position: list[int], first: int, last: bool = False) -> list[int]:
        """One move of each class of :meth:`distinct`, best-looking first (see
        :func:`ordered_moves`)."""
        return ordered_moves(self, position, first, last)

    def forced(self, position: list[int]) -> int:
        """The only legal move when there is just one, else -1 (see :func:`forced_move`)."""
        return forced_move(self, position)

    def last_moves(self, position: list[int]) -> list[int]:
        """The moves :meth:`ordered` gives with ``last``, faster (see :func:`last_moves`)."""
        return last_moves(self, position)


def move_classes(model: TailorModel, position: list[int]) -> dict[int, int]:
    """Each legal move mapped to the first legal move of its class of equivalent moves.

    The classes (each proven to be worth the same to every seat, within the horizon):

    * Tailor calls with the same victim whose follow masks agree on every suited card the
      call can be compared with before the horizon (see :meth:`TailorModel.call_relevant`);
    * dumps of the same cards ending on the same card, when no reshuffle can happen before
      the horizon (the order of the cards under the top then never matters);
    * the same effect with either Joker (exchanging the Jokers' names maps one line of play
      onto the other).

    >>> from cardgames.tailor import give_tailor, random_position
    >>> state = give_tailor(random_position(Rules(players=3), seed=1), 1)
    >>> model = TailorModel.for_state(state, state.to_move)
    >>> roots = [model.encode(state, horizon) for horizon in (1, 2)]
    >>> [(len(model.legal(root)), len(set(model.distinct(root).values()))) for root in roots]
    [(105, 3), (105, 63)]
    """
    result: dict[int, int] = {}
    keys: dict[int, int] = {}
    relevant: dict[int, int] = {}
    merging = dumps_merge(model, position)
    for move in legal_moves(model, position):
        key = -1
        if TAILOR_BASE <= move < DUMP_BASE:
            victim = (move - TAILOR_BASE) & 7
            if victim not in relevant:
                relevant[victim] = call_relevant(model, position, victim)
            mask = relevant[victim]
            if mask >= 0:
                call = (move - TAILOR_BASE) >> 3
                key = 1 << 62 | victim << 55 | FOLLOW[call] & mask
        elif move >= DUMP_BASE:
            if merging:
                cards = dump_cards(move)
                mask = 0
                for card in cards:
                    mask |= 1 << card
                key = 1 << 61 | cards[-1] << 55 | mask
        elif JOKER_BASE <= move < DRAW:
            key = 1 << 60 | (move - JOKER_BASE) % 2
        if key < 0:
            result[move] = move
        elif key in keys:
            result[move] = keys[key]
        else:
            keys[key] = move
            result[move] = move
    return result


def call_relevant(model: TailorModel, position: list[int], victim: int) -> int:
    """The suited cards a Tailor call with ``victim`` can be compared with before the
    horizon, or -1 when calls must not be merged.

    A call is read only while it stands, and only through which suited cards may follow
    it: the cards the players to move hold and the cards they draw. Everything else about
    the children of two calls with one victim is the same, so calls whose follow masks
    agree on these cards are worth the same. While a call stands a move draws at most two
    cards, so with ``k`` moves left after the call only the first ``2 * k`` stock cards can
    turn up; a shorter stock could be reshuffled, bringing any card of the pile back
    (then -1). With one move left only the next player's hand and the first stock card
    count; with none left, or the round over, a call cannot matter at all (0).
    """
    if position[TOGO] <= 1:
        return 0
    child = model.child(position, TAILOR_BASE + victim)
    to_go = child[TOGO]
    if to_go <= 0 or model.round_over(child):
        return 0
    reach = MAX_DRAWS_PER_MOVE_UNDER_CALL * to_go
    start = model.stock_from
    if child[PILE_AT] - start < reach:
        return -1
    if to_go == 1:
        relevant = child[HANDS + child[TO_MOVE]] | 1 << child[start]
    else:
        relevant = 0
        for other in range(model.players):
            relevant |= child[HANDS + other]
        for index in range(start, start + reach):
            relevant |= 1 << child[index]
    return relevant & SUITED


def ordered_moves(
    model: TailorModel, position: list[int], first: int, last: bool = False
) -> list[int]:
    """One move of each class of :meth:`TailorModel.distinct`, best-looking first: going out,
    then the biggest cards shed; Jokers, the Tailor and draws last; ``first`` (if it is one of them)
    before everything.

    With ``last`` (the children are leaves: one move to the horizon) the plays and dumps
    that do not go out are cut down to the one that sheds the most points: every one of
    them leads to the same draws (at most the next player's chase card, from a stock that
    is not empty), so the one shedding most is at least as good for the mover, whoever
    that is (this is dominance, not equivalence, so :meth:`TailorModel.distinct` does not do it).
    """
    seat = position[TO_MOVE]
    hand = position[HANDS + seat]
    drawn = position[DRAWN]
    if drawn < 0:
        target = position[TOP]
        playable = hand & (SUITED if target < 0 else FOLLOW[target])
        if not playable and not hand & ~SUITED:  # nothing but a draw (or a pass)
            return [DRAW if can_draw(model, position) else PASS]
    keys: list[int] = []
    if drawn >= 0:
        if drawn == TAILOR:
            _add_call_classes(model, position, seat, hand, keys)
        elif drawn >= JOKER_1:
            score = 1000 if hand == 1 << drawn else 10
            keys.append((2000 - score) << _KEY_SHIFT | (JOKER_BASE + 2 * (drawn - JOKER_1)))
            keys.append((2000 - score) << _KEY_SHIFT | (JOKER_BASE + 2 * (drawn - JOKER_1) + 1))
        else:
            score = 1000 if hand == 1 << drawn else 20 + VALUES[drawn]
            keys.append((2000 - score) << _KEY_SHIFT | drawn)
            if model.drawn_card_dumps and hand & RANK_MASKS[drawn % 13] != 1 << drawn:
                _add_dump_classes(model, position, hand, [drawn], keys)
        if not model.must_play_drawn:
            keys.append(2000 << _KEY_SHIFT | PASS)
    else:
        firsts: list[int] = []
        mask = playable
        while mask:
            low = mask & -mask
            mask ^= low
            card = low.bit_length() - 1
            score = 1000 if hand == low else 20 + VALUES[card]
            keys.append((2000 - score) << _KEY_SHIFT | card)
            if hand & RANK_MASKS[card % 13] != low:
                firsts.append(card)
        if firsts:
            _add_dump_classes(model, position, hand, firsts, keys)
        if hand & JOKERS_BITS:
            joker = JOKER_1 if hand & 1 << JOKER_1 else JOKER_2
            score = 1000 if hand == 1 << joker else 10
            keys.append((2000 - score) << _KEY_SHIFT | (JOKER_BASE + 2 * (joker - JOKER_1)))
            keys.append((2000 - score) << _KEY_SHIFT | (JOKER_BASE + 2 * (joker - JOKER_1) + 1))
        if hand & TAILOR_BIT:
            _add_call_classes(model, position, seat, hand, keys)
        if model.voluntary_draw or not playable:
            keys.append(2000 << _KEY_SHIFT | (DRAW if can_draw(model, position) else PASS))
    if len(keys) == 1:
        return [keys[0] & _CODE_MASK]
    if first >= 0 and not last:
        for index in range(len(keys)):
            if keys[index] & _CODE_MASK == first:
                keys[index] = first
    keys.sort()
    if last and (position[CHASE] == 0 or position[PILE_AT] > model.stock_from):
        return _dominant(keys)
    return [key & _CODE_MASK for key in keys]


def forced_move(model: TailorModel, position: list[int]) -> int:
    """The only legal move when there is just one (the common cases: a draw or a pass
    with nothing to play, the one card that can follow, the play of a drawn card that must
    be played), else -1.

    >>> from cardgames.tailor import random_position
    >>> state = random_position(Rules(players=3), seed=3)
    >>> model = TailorModel.for_state(state, 0)
    >>> [str(move) for move in state.legal_moves()], model.forced(model.encode(state, 2))
    (['2S'], 1)
    """
    seat = position[TO_MOVE]
    hand = position[HANDS + seat]
    drawn = position[DRAWN]
    if drawn >= 0:
        if (
            model.must_play_drawn
            and drawn < JOKER_1
            and not (model.drawn_card_dumps and hand & RANK_MASKS[drawn % 13] != 1 << drawn)
        ):
            return drawn
        return -1
    if hand & ~SUITED:
        return -1
    target = position[TOP]
    playable = hand & (SUITED if target < 0 else FOLLOW[target])
    if not playable:
        return DRAW if can_draw(model, position) else PASS
    if model.voluntary_draw or playable & (playable - 1):
        return -1
    card = playable.bit_length() - 1
    return card if hand & RANK_MASKS[card % 13] == playable else -1


def last_moves(model: TailorModel, position: list[int]) -> list[int]:
    """The moves :meth:`TailorModel.ordered` gives with ``last``, faster in the common case of a
    hand of suited cards of different ranks (no dump possible), where the plays are cut down to
    the one shedding most without sorting anything."""
    hand = position[HANDS + position[TO_MOVE]]
    if position[DRAWN] >= 0 or hand & ~SUITED:
        return ordered_moves(model, position, -1, True)
    target = position[TOP]
    playable = hand & (SUITED if target < 0 else FOLLOW[target])
    if not playable:
        return [DRAW if can_draw(model, position) else PASS]
    if position[CHASE] and position[PILE_AT] == model.stock_from:
        return ordered_moves(model, position, -1, True)
    best = -1
    most = -1
    mask = playable
    while mask:
        low = mask & -mask
        mask ^= low
        card = low.bit_length() - 1
        if hand & RANK_MASKS[card % 13] != low:
            return ordered_moves(model, position, -1, True)
        if VALUES[card] > most:
            most = VALUES[card]
            best = card
    if model.voluntary_draw:
        return [best, DRAW if can_draw(model, position) else PASS]
    return [best]


def _dominant(keys: list[int]) -> list[int]:
    """The sorted ``keys`` as moves, with the plays and dumps that do not go out after the
    first of them left out (see :meth:`TailorModel.ordered`)."""
    result: list[int] = []
    shed = False
    for key in keys:
        code = key & _CODE_MASK
        if (code < JOKER_BASE or code >= DUMP_BASE) and key >> _KEY_SHIFT != _OUT_RANK:
            if shed:
                continue
            shed = True
        result.append(code)
    return result


def _add_dump_classes(
    model: TailorModel, position: list[int], hand: int, firsts: list[int], keys: list[int]
) -> None:
    merge = dumps_merge(model, position)
    firsts_mask = 0
    for first in firsts:
        firsts_mask |= 1 << first
    cache_key = (hand, firsts_mask, merge)
    known = model._dump_keys.get(cache_key)
    if known is not None:
        keys.extend(known)
        return
    start = len(keys)
    orders: list[list[int]] = []
    for first in firsts:
        orders.extend(dump_orders(model, first, hand))
    orders.sort()
    seen: set[int] = set()
    for order in orders:
        mask = 0
        value = 0
        for card in order:
            mask |= 1 << card
            value += VALUES[card]
        if merge:
            key = order[-1] << 55 | mask
            if key in seen:
                continue
            seen.add(key)
        score = 1000 if hand == mask else 20 + value
        keys.append((2000 - score) << _KEY_SHIFT | dump_code(order))
    if len(model._dump_keys) >= _CACHE_SIZE:
        model._dump_keys.clear()
    model._dump_keys[cache_key] = keys[start:]


def _add_call_classes(
    model: TailorModel, position: list[int], seat: int, hand: int, keys: list[int]
) -> None:
    out = hand == TAILOR_BIT
    for victim in model.victims[seat]:
        score = 1000 if out else 5
        if not out and seat != model.perspective and victim == model.perspective:
            score = 6
        rank = (2000 - score) << _KEY_SHIFT
        relevant = call_relevant(model, position, victim)
        if relevant == 0:
            keys.append(rank | TAILOR_BASE + victim)
            continue
        seen: set[int] = set()
        for call in range(STANDARD_PACK_SIZE):
            if relevant > 0:
                key = FOLLOW[call] & relevant
                if key in seen:
                    continue
                seen.add(key)
            keys.append(rank | TAILOR_BASE + 8 * call + victim)
