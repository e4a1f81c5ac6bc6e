"""Chase the Tailor's fast step for the learning environments: :class:`TailorEngine`, a round
played by action id on the int positions of the search (:mod:`cardgames.tailor.search_codes`,
played by :func:`cardgames.tailor.search_turns.apply_move`, which follows
:meth:`State.play <cardgames.tailor.State.play>` exactly, reshuffles included), with the mask
of legal ids and every seat's observation kept up to date in the buffers it was given.

It is compiled with the search (``cardgames._compiled``) and deals the round itself from the
seed, exactly as :func:`cardgames.tailor.deal` does, so a step builds no library object. The
values it writes are those of :mod:`cardgames.tailor.actions` (the tests compare them at
every step); only the changes of a step are written.

>>> from cardgames.action_space import new_buffers
>>> from cardgames.tailor import Rules, deal
>>> from cardgames.tailor.actions import legal_ids, observation_size
>>> rules = Rules(players=3)
>>> observations, mask = new_buffers(1, 3, observation_size(rules), 994)
>>> engine = TailorEngine(rules, observations, mask, 0)
>>> engine.reset(13, 0)
>>> sorted(engine.legal()) == list(legal_ids(deal(rules, seed=13)))
True
>>> engine.step(32)
>>> engine.actor(), engine.state() == deal(rules, seed=13).play('7D')
(1, True)
"""

from __future__ import annotations

import array
from typing import Final, final

from cardgames.cards import STANDARD_PACK_SIZE, TAILOR_PACK_SIZE
from cardgames.errors import RulesError
from cardgames.tailor.actions import move_of_id, observation_layout
from cardgames.tailor.deal import deal
from cardgames.tailor.moves import Move
from cardgames.tailor.rules import Call, Rules
from cardgames.tailor.search_codes import (
    CHASE,
    DIRECTION,
    DRAWN,
    FOLLOW,
    HANDS,
    PASSES,
    PILE_AT,
    RESHUFFLES,
    SUITED,
    TO_MOVE,
    TOGO,
    TOP,
    TURNS,
    VALUES,
    dump_code,
)
from cardgames.tailor.search_model import TailorModel
from cardgames.tailor.search_turns import apply_move, dump_orders
from cardgames.tailor.state import State
from cardgames.tailor.turns import apply_move as apply_library_move
from cardgames.tailor.turns import shuffled_round
from cardgames.validation import quote

__all__ = ["TailorEngine"]

# -- the env ids (cardgames.tailor.actions) and the search's move codes ------------------------

_DRAW_ID: Final = 52
_PASS_ID: Final = 53
_JOKER_ID: Final = 54
_DUMP_ID: Final = 58
_TAILOR_ID: Final = 838
_PER_RANK: Final = 60
_CODE_DRAW: Final = 56
_CODE_PASS: Final = 57
_CODE_JOKER: Final = 52
_CODE_TAILOR: Final = 64
_CODE_DUMP: Final = 512
_JOKER_1: Final = 52
_TAILOR: Final = 54
_TAILOR_BIT: Final = 1 << 54
_FAR: Final = 1 << 30
"""The search's horizon, never reached: the environments play to the end of the round."""
_SEED_BITS: Final = 64


def _orders() -> list[list[int]]:
    # The suit sequences of a dump in the numbering of the env ids: pairs, triples, fours,
    # each group in lexicographic order (as itertools.permutations gives them).
    result: list[list[int]] = []
    for length in (2, 3, 4):
        result.extend(_permutations([0, 1, 2, 3], length))
    return result


def _permutations(items: list[int], length: int) -> list[list[int]]:
    if length == 0:
        return [[]]
    found: list[list[int]] = []
    for item in items:
        rest = [other for other in items if other != item]
        for tail in _permutations(rest, length - 1):
            found.append([item, *tail])
    return found


def _dump_tables() -> tuple[list[int], list[int]]:
    # env id of each search dump code (by code - 512), and the search code of each env dump id
    # (by id - 58).
    to_env = [-1] * (64 * 256)
    to_code = [0] * (13 * _PER_RANK)
    for rank in range(13):
        for number, suits in enumerate(_orders()):
            cards = [suit * 13 + rank for suit in suits]
            code = dump_code(cards)
            env_id = _DUMP_ID + _PER_RANK * rank + number
            to_env[code - _CODE_DUMP] = env_id
            to_code[env_id - _DUMP_ID] = code
    return to_env, to_code


_DUMP_TO_ENV, _ENV_TO_DUMP = _dump_tables()


def _code_of(action: int) -> int:
    """The search's move code of the env id ``action``."""
    if action < _DRAW_ID:
        return action
    if action == _DRAW_ID:
        return _CODE_DRAW
    if action == _PASS_ID:
        return _CODE_PASS
    if action < _DUMP_ID:
        return _CODE_JOKER + action - _JOKER_ID
    if action < _TAILOR_ID:
        return _ENV_TO_DUMP[action - _DUMP_ID]
    victim, card = divmod(action - _TAILOR_ID, STANDARD_PACK_SIZE)
    return _CODE_TAILOR + 8 * card + victim


def _points(mask: int) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += VALUES[low.bit_length() - 1]
        mask ^= low
    return total


@final
class _Table:
    # What an engine of one rule set reads and never changes, worked out once per rule set.
    def __init__(self, rules: Rules) -> None:
        players = rules.players
        fields = observation_layout(rules)
        self.size: Final = fields[-1].stop
        self.at: Final[list[int]] = [field.offset for field in fields]
        self.tailor_ids: Final[list[list[int]]] = [
            [
                _TAILOR_ID + STANDARD_PACK_SIZE * victim + card
                for victim in range(players)
                if rules.victim_may_be_caller or victim != seat
                for card in range(STANDARD_PACK_SIZE)
            ]
            for seat in range(players)
        ]
        self.zeros: Final = array.array("f", bytes(4 * players * self.size))


_TABLES: Final[dict[Rules, _Table]] = {}


def _table(rules: Rules) -> _Table:
    found = _TABLES.get(rules)
    if found is None:
        if len(_TABLES) > 64:
            _TABLES.clear()
        found = _TABLES[rules] = _Table(rules)
    return found


@final
class TailorEngine:
    """A round of Chase the Tailor on ints (see the module description): a
    :class:`~cardgames.action_space.StepEngine`.

    :param rules: the variant.
    :param observations: the buffer of :func:`cardgames.action_space.new_buffers` (None: keep
        no observations).
    :param mask: the mask buffer.
    :param slot: which engine of the buffers this one is.
    """

    def __init__(
        self,
        rules: Rules,
        observations: array.array[float] | None,
        mask: bytearray,
        slot: int,
        table: _Table | None = None,
    ) -> None:
        players = rules.players
        found = _table(rules) if table is None else table
        at = found.at
        self.table: Final = found
        self.rules: Final = rules
        self.players: Final = players
        self.count: Final = _TAILOR_ID + STANDARD_PACK_SIZE * players
        self.size: Final = found.size
        self.at_hand: Final = at[0]
        self.at_drawn: Final = at[1]
        self.at_pile: Final = at[2]
        self.at_top: Final = at[3]
        self.at_target: Final = at[4]
        self.at_called: Final = at[5]
        self.at_sizes: Final = at[6]
        self.at_to_move: Final = at[7]
        self.at_clockwise: Final = at[8]
        self.at_chase: Final = at[9]
        self.at_pending: Final = at[10]
        self.at_stock: Final = at[11]
        self.at_passes: Final = at[12]
        self.at_turns: Final = at[13]
        self.tailor_ids: Final = found.tailor_ids
        self.zeros: Final = found.zeros
        self.model = TailorModel(rules, 0, 0)
        self.position: list[int] = []
        self.called = False
        self.is_over = True
        self.seed = 0
        self.first = 0
        self.start: State | None = None
        self.history: list[int] = []
        self.built: State | None = None
        self.built_count = 0
        self.legal_ids: list[int] = []
        # what the observation buffers show, to write only what a step changes
        self.seen_hands: list[int] = [0] * players
        self.seen_drawn = -1
        self.seen_drawn_seat = 0
        self.seen_pile = 0
        self.seen_pile_size = 0
        self.seen_reshuffles = 0
        self.seen_top = -1
        self.seen_target = -1
        self.seen_called = False
        self.seen_to_move = -1
        self.seen_clockwise = False
        self.seen_chase = False
        self.seen_pending = False
        self.seen_stock = 0
        self.seen_passes = 0
        self.seen_turns = 0
        self.observing = False
        self.obs: array.array[float] = array.array("f")
        self.obs_base = 0
        self.mask = mask
        self.mask_base = 0
        self.move_to(observations, mask, slot)

    # -- buffers ---------------------------------------------------------------------------

    def move_to(self, observations: array.array[float] | None, mask: bytearray, slot: int) -> None:
        """Write into ``observations`` and ``mask`` at ``slot`` from now on (both written out
        in full there)."""
        self.mask = mask
        self.mask_base = slot * self.count
        for action in self.legal_ids:
            mask[self.mask_base + action] = 1
        self.observing = observations is not None
        self.obs = observations if observations is not None else array.array("f")
        self.obs_base = slot * self.players * self.size
        if self.observing and self.position:
            self._clear_observations()
            _observe(
                self,
            )

    def _clear_observations(self) -> None:
        # One copy of a zeroed array.
        start = self.obs_base
        self.obs[start : start + self.players * self.size] = self.zeros
        self.seen_hands = [0] * self.players
        self.seen_drawn = -1
        self.seen_pile = 0
        self.seen_pile_size = 0
        self.seen_reshuffles = -1
        self.seen_top = -1
        self.seen_target = -1
        self.seen_called = False
        self.seen_to_move = -1
        self.seen_clockwise = False
        self.seen_chase = False
        self.seen_pending = False
        self.seen_stock = 0
        self.seen_passes = 0
        self.seen_turns = 0

    # -- starting a round ------------------------------------------------------------------

    def reset(self, seed: int, first: int) -> None:
        """Deal the round of ``seed`` with ``first`` playing first, as
        :func:`cardgames.tailor.deal` deals it."""
        rules = self.rules
        hands, top_card, stock = shuffled_round(rules, seed)
        model = TailorModel(rules, 0, seed)
        position = [
            0,
            0,
            0,
            first,
            top_card if top_card < _JOKER_1 else -1,
            1,
            0,
            -1,
            0,
            model.stock_from + len(stock),
            _FAR,
        ]
        position.extend(hands)
        position.extend(stock)
        position.append(top_card)
        self.model = model
        self.position = position
        self.called = False
        self.seed = seed
        self.first = first
        self.start = None
        self.history = []
        self.built = None
        self.built_count = 0
        self._entered(True)

    def load(self, state: object) -> None:
        """Start from ``state``, a :class:`~cardgames.tailor.State` of these rules (its way
        back, if any, is kept for :meth:`state`)."""
        if not isinstance(state, State) or state.rules != self.rules:
            raise RulesError(
                f"invalid state {quote(state)}: expected a cardgames.tailor.State under "
                f"{self.rules}"
            )
        model = TailorModel.for_state(state, 0)
        self.model = model
        position = model.encode(state, _FAR)
        self.position = position
        top = state.top
        self.called = isinstance(top, Call)
        self.seed = state.seed
        self.start = state
        self.history = []
        self.built = state
        self.built_count = 0
        self._entered(True)

    # -- playing ---------------------------------------------------------------------------

    def step(self, action: int) -> None:
        """Play the legal id ``action``."""
        position = self.position
        if action >= _TAILOR_ID:
            self.called = True
        elif (
            action < _DRAW_ID
            or action >= _DUMP_ID
            or (_JOKER_ID <= action < _DUMP_ID and self.rules.after_joker == "any")
        ):
            self.called = False
        apply_move(self.model, position, _code_of(action))
        position[TOGO] = _FAR
        self.history.append(action)
        self._entered(False)

    def _entered(self, fresh: bool) -> None:
        self.is_over = self.model.round_over(self.position)
        mask = self.mask
        base = self.mask_base
        for action in self.legal_ids:
            mask[base + action] = 0
        legal = (
            []
            if self.is_over
            else _legal(
                self,
            )
        )
        for action in legal:
            mask[base + action] = 1
        self.legal_ids = legal
        if self.observing:
            if fresh:
                self._clear_observations()
            _observe(
                self,
            )

    # -- observations ----------------------------------------------------------------------

    def _all(self, offset: int, value: float) -> None:
        # The same value at the same place of every seat's observation.
        obs = self.obs
        index = self.obs_base + offset
        for _ in range(self.players):
            obs[index] = value
            index += self.size

    def _each(self, offset: int, player: int, value: float) -> None:
        # A value about ``player``, in its block of every seat's per-seat-offset field.
        obs = self.obs
        players = self.players
        base = self.obs_base + offset
        for seat in range(players):
            obs[base + seat * self.size + (player - seat) % players] = value

    def sync(self, seat: int) -> None:
        """Nothing to do: every seat's observation is kept up to date."""

    # -- reading the round -----------------------------------------------------------------

    def actor(self) -> int:
        """The seat to move (the last to move once the round is over)."""
        return self.position[TO_MOVE]

    def over(self) -> bool:
        """Whether the round has ended."""
        return self.is_over

    def legal(self) -> list[int]:
        """The legal ids (in no set order; empty once over)."""
        return list(self.legal_ids)

    def returns(self) -> list[float]:
        """The round's payoffs once over (0 for whoever went out, minus the hand for the
        others), zeros before."""
        players = self.players
        if not self.is_over:
            return [0.0] * players
        p = self.position
        winner = -1
        for seat in range(players):
            if p[HANDS + seat] == 0:
                winner = seat
        return [
            0.0 if seat == winner else -float(_points(p[HANDS + seat])) for seat in range(players)
        ]

    def state(self) -> State:
        """The library's state now, with its way back: the round replayed from its start
        (only the moves since the last call are replayed)."""
        built = self.built
        if built is None:
            built = deal(self.rules, seed=self.seed, first_player=self.first)
            self.start = built
            self.built_count = 0
        history = self.history
        rules = self.rules
        for number in range(self.built_count, len(history)):
            move: Move = move_of_id(history[number], rules)
            built = apply_library_move(built, move)
        self.built = built
        self.built_count = len(history)
        return built

    def copy(self) -> TailorEngine:
        """An engine at the same position writing into the same buffers (see
        :meth:`move_to` to give it others)."""
        twin = TailorEngine(self.rules, None, self.mask, 0, self.table)
        twin.model = self.model
        twin.position = list(self.position)
        twin.called = self.called
        twin.is_over = self.is_over
        twin.seed = self.seed
        twin.first = self.first
        twin.start = self.start
        twin.history = list(self.history)
        twin.built = self.built
        twin.built_count = self.built_count
        twin.legal_ids = list(self.legal_ids)
        twin.mask_base = self.mask_base
        twin.observing = self.observing
        twin.obs = self.obs
        twin.obs_base = self.obs_base
        twin.seen_hands = list(self.seen_hands)
        twin.seen_drawn = self.seen_drawn
        twin.seen_drawn_seat = self.seen_drawn_seat
        twin.seen_pile = self.seen_pile
        twin.seen_pile_size = self.seen_pile_size
        twin.seen_reshuffles = self.seen_reshuffles
        twin.seen_top = self.seen_top
        twin.seen_target = self.seen_target
        twin.seen_called = self.seen_called
        twin.seen_to_move = self.seen_to_move
        twin.seen_clockwise = self.seen_clockwise
        twin.seen_chase = self.seen_chase
        twin.seen_pending = self.seen_pending
        twin.seen_stock = self.seen_stock
        twin.seen_passes = self.seen_passes
        twin.seen_turns = self.seen_turns
        return twin

    def __deepcopy__(self, memo: dict[int, object]) -> TailorEngine:
        return self.copy()


def _legal(engine: TailorEngine) -> list[int]:
    # The ids of State.legal_moves(), from the hand's mask (in no set order).
    rules = engine.rules
    p = engine.position
    model = engine.model
    seat = p[TO_MOVE]
    hand = p[HANDS + seat]
    drawn = p[DRAWN]
    ids: list[int] = []
    if drawn >= 0:
        if drawn == _TAILOR:
            ids.extend(engine.tailor_ids[seat])
        elif drawn >= _JOKER_1:
            base = _JOKER_ID + 2 * (drawn - _JOKER_1)
            ids.append(base)
            ids.append(base + 1)
        else:
            ids.append(drawn)
            if rules.drawn_card_dumps:
                for order in dump_orders(model, drawn, hand):
                    ids.append(_DUMP_TO_ENV[dump_code(order) - _CODE_DUMP])
        if not rules.must_play_drawn:
            ids.append(_PASS_ID)
        return ids
    target = p[TOP]
    playable = hand & (SUITED if target < 0 else FOLLOW[target])
    mask = playable
    while mask:
        low = mask & -mask
        mask ^= low
        card = low.bit_length() - 1
        ids.append(card)
        for order in dump_orders(model, card, hand):
            ids.append(_DUMP_TO_ENV[dump_code(order) - _CODE_DUMP])
    if hand >> _JOKER_1 & 1:
        ids.append(_JOKER_ID)
        ids.append(_JOKER_ID + 1)
    if hand >> (_JOKER_1 + 1) & 1:
        ids.append(_JOKER_ID + 2)
        ids.append(_JOKER_ID + 3)
    if hand & _TAILOR_BIT:
        ids.extend(engine.tailor_ids[seat])
    if rules.voluntary_draw or not playable:
        pile_at = p[PILE_AT]
        can_draw = pile_at > model.stock_from or len(p) - pile_at > 1
        ids.append(_DRAW_ID if can_draw else _PASS_ID)
    return ids


def _observe(engine: TailorEngine) -> None:
    p = engine.position
    obs = engine.obs
    players = engine.players
    size = engine.size
    base = engine.obs_base
    # own hands, and every seat's view of each hand's size
    for seat in range(players):
        hand = p[HANDS + seat]
        changed = hand ^ engine.seen_hands[seat]
        if changed:
            own = base + seat * size + engine.at_hand
            while changed:
                low = changed & -changed
                changed ^= low
                obs[own + low.bit_length() - 1] = 1.0 if hand & low else 0.0
            if hand.bit_count() != engine.seen_hands[seat].bit_count():
                engine._each(engine.at_sizes, seat, hand.bit_count() / TAILOR_PACK_SIZE)
            engine.seen_hands[seat] = hand
    to_move = p[TO_MOVE]
    drawn = p[DRAWN]
    if drawn != engine.seen_drawn or (drawn >= 0 and to_move != engine.seen_drawn_seat):
        if engine.seen_drawn >= 0:
            obs[base + engine.seen_drawn_seat * size + engine.at_drawn + engine.seen_drawn] = 0.0
        if drawn >= 0:
            obs[base + to_move * size + engine.at_drawn + drawn] = 1.0
        engine.seen_drawn = drawn
        engine.seen_drawn_seat = to_move
    pending = drawn >= 0
    if pending != engine.seen_pending:
        engine._all(engine.at_pending, 1.0 if pending else 0.0)
        engine.seen_pending = pending
    _observe_pile(engine, p)
    target = p[TOP]
    shown = STANDARD_PACK_SIZE if target < 0 else target
    if shown != engine.seen_target:
        if engine.seen_target >= 0:
            engine._all(engine.at_target + engine.seen_target, 0.0)
        engine._all(engine.at_target + shown, 1.0)
        engine.seen_target = shown
    if engine.called != engine.seen_called:
        engine._all(engine.at_called, 1.0 if engine.called else 0.0)
        engine.seen_called = engine.called
    if to_move != engine.seen_to_move:
        if engine.seen_to_move >= 0:
            engine._each(engine.at_to_move, engine.seen_to_move, 0.0)
        engine._each(engine.at_to_move, to_move, 1.0)
        engine.seen_to_move = to_move
    clockwise = p[DIRECTION] > 0
    if clockwise != engine.seen_clockwise:
        engine._all(engine.at_clockwise, 1.0 if clockwise else 0.0)
        engine.seen_clockwise = clockwise
    chase = p[CHASE] != 0
    if chase != engine.seen_chase:
        engine._all(engine.at_chase, 1.0 if chase else 0.0)
        engine.seen_chase = chase
    stock = p[PILE_AT] - engine.model.stock_from
    if stock != engine.seen_stock:
        engine._all(engine.at_stock, stock / TAILOR_PACK_SIZE)
        engine.seen_stock = stock
    passes = p[PASSES]
    if passes != engine.seen_passes:
        engine._all(engine.at_passes, min(passes / players, 1.0))
        engine.seen_passes = passes
    turns = p[TURNS]
    if turns != engine.seen_turns:
        engine._all(engine.at_turns, min(turns / engine.rules.max_turns, 1.0))
        engine.seen_turns = turns


def _observe_pile(engine: TailorEngine, p: list[int]) -> None:
    # The pile grows at its end between reshuffles: only the new cards are written then.
    pile_at = p[PILE_AT]
    size = len(p) - pile_at
    pile = engine.seen_pile
    if p[RESHUFFLES] != engine.seen_reshuffles or size < engine.seen_pile_size:
        pile = 0
        for index in range(pile_at, len(p)):
            pile |= 1 << p[index]
    else:
        for index in range(len(p) - (size - engine.seen_pile_size), len(p)):
            pile |= 1 << p[index]
    changed = pile ^ engine.seen_pile
    while changed:
        low = changed & -changed
        changed ^= low
        engine._all(engine.at_pile + low.bit_length() - 1, 1.0 if pile & low else 0.0)
    engine.seen_pile = pile
    engine.seen_pile_size = size
    engine.seen_reshuffles = p[RESHUFFLES]
    top = p[len(p) - 1]
    if top != engine.seen_top:
        if engine.seen_top >= 0:
            engine._all(engine.at_top + engine.seen_top, 0.0)
        engine._all(engine.at_top + top, 1.0)
        engine.seen_top = top
