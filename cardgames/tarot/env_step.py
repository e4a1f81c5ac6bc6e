"""Tarot's fast step for the learning environments: :class:`TarotEngine`, a deal played by
action id on plain ints (hands and piles as card masks), with the mask of legal ids and every
seat's observation kept up to date in the buffers it was given, only what a move changes
being written.

The dealer's discard and the play of the cards run on the ints. Under French rules the short
phases before the play (the auction, the call, the taker's discard, the announcement) are
played on the library's states, and the deal is read into ints once the play begins. The
values written are those of :mod:`cardgames.tarot.actions` (the tests compare them at every
step, on both backends); the end of a deal is scored by the library
(:meth:`~cardgames.tarot.state.State.payoffs`) on the state rebuilt from the ints.

>>> from cardgames.action_space import new_buffers
>>> from cardgames.tarot import Rules, deal
>>> from cardgames.tarot.actions import legal_ids, observation_size
>>> rules = Rules.traditional(players=3)
>>> observations, mask = new_buffers(1, 3, observation_size(rules), 78)
>>> engine = TarotEngine(rules, observations, mask, 0)
>>> engine.reset(7, 0)
>>> sorted(engine.legal()) == list(legal_ids(deal(rules, seed=7, dealer=0)))
True
>>> engine.step(1)
>>> engine.state() == deal(rules, seed=7, dealer=0).play('2S')
True
"""

from __future__ import annotations

import array
from typing import Final, final

from cardgames.errors import RulesError
from cardgames.tarot.actions import (
    POIGNEE_BASE,
    action_count,
    action_ids,
    move_of_id,
    observation_layout,
    sparse_observation,
)
from cardgames.tarot.cards import TAROT_PACK_SIZE
from cardgames.tarot.contracts import Poignee
from cardgames.tarot.env_build import (
    Encoded,
    build_state,
    encoded,
    opening_state,
    trick_of,
)
from cardgames.tarot.env_rules import (
    card_payoffs,
    deal_packets,
    led_kind,
    legal_cards,
    legal_discards,
    mask_value,
    shuffled,
    winning_position,
)
from cardgames.tarot.moves import Trick
from cardgames.tarot.phases import shown_trumps
from cardgames.tarot.play import KIND, STRENGTHS, VALUES
from cardgames.tarot.rules import DiscardRule, Rules
from cardgames.tarot.state import State
from cardgames.tarot.view import _inferences, view_of
from cardgames.validation import quote

__all__ = ["TarotEngine"]

_BIDDING: Final = 0
_DISCARD: Final = 2
_PLAY: Final = 4
_OVER: Final = 5
_TRUMP: Final = 4
_EXCUSE: Final = 77
_TRUMP_LOW: Final = 56
_SUITS: Final = 4
_POIGNEES: Final = tuple(Poignee)
_PACK_VALUE: Final = sum(VALUES)
_KINDS: Final[list[int]] = list(KIND)
_VALUES: Final[list[int]] = list(VALUES)


@final
class _Table:
    # What an engine of one rule set reads and never changes, worked out once per rule set.
    def __init__(self, rules: Rules) -> None:
        fields = observation_layout(rules)
        self.count: Final = action_count(rules)
        self.size: Final = fields[-1].stop
        self.at: Final[dict[str, int]] = {field.name: field.offset for field in fields}
        self.next_seat: Final[list[int]] = [rules._next(seat) for seat in range(rules.players)]
        self.strengths: Final[list[int]] = list(STRENGTHS[rules.numeral_order])
        self.traditional_discard: Final = rules.discard_rule is DiscardRule.TRADITIONAL
        self.zeros: Final = array.array("f", bytes(4 * rules.players * self.size))


_TABLES: Final[dict[Rules, _Table]] = {}


def _table(rules: Rules) -> _Table:
    found = _TABLES.get(rules)
    if found is None:
        if len(_TABLES) > 64:
            _TABLES.clear()
        found = _TABLES[rules] = _Table(rules)
    return found


@final
class TarotEngine:
    """A deal of Tarot on ints (see the module description): a
    :class:`~cardgames.action_space.StepEngine`.

    :param rules: the rules.
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
        self.table: Final = found
        self.rules: Final = rules
        self.players: Final = players
        self.count: Final = found.count
        self.size: Final = found.size
        self.at_hand: Final = found.at["hand"]
        self.at_played: Final = found.at["played"]
        self.at_trick: Final = found.at["trick"]
        self.at_won: Final = found.at["won_points"]
        self.at_tricks: Final = found.at["tricks_won"]
        self.at_sizes: Final = found.at["hand_sizes"]
        self.at_to_move: Final = found.at["to_move"]
        self.at_dealer: Final = found.at["dealer"]
        self.at_leader: Final = found.at["leader"]
        self.at_phase: Final = found.at["phase"]
        self.at_trumps: Final = found.at["trumps_played"]
        self.at_void: Final = found.at["void"]
        self.at_no_trumps: Final = found.at["out_of_trumps"]
        self.at_talon: Final = found.at.get("talon", -1)
        self.at_discard: Final = found.at.get("discard", -1)
        self.at_discard_size: Final = found.at.get("discard_size", -1)
        self.at_poignees: Final = found.at.get("poignees", -1)
        self.at_poignee_cards: Final = found.at.get("poignee_cards", -1)
        self.at_max_trump: Final = found.at.get("max_trump", -1)
        self.at_partner: Final = found.at.get("partner", -1)
        self.at_partner_known: Final = found.at.get("partner_known", -1)
        self.next_seat: Final = found.next_seat
        self.strengths: Final = found.strengths
        self.hand_total: Final = rules.hand_size + rules.talon_size
        self.restricted: Final = rules.trump_lead_restricted
        self.overtrump: Final = rules.overtrump
        self.traditional_discard: Final = found.traditional_discard
        self.library: State | None = None
        self.base: State | None = None
        self.built: State | None = None
        self.phase = _OVER
        self.dealer = 0
        self.to_move = 0
        self.leader = 0
        self.hands0: list[int] = [0] * players
        self.hands: list[int] = [0] * players
        self.discard = 0
        self.talon = 0
        self.trick_cards: list[int] = []
        self.trick_players: list[int] = []
        # each completed trick as [leader, winner, cards...]; its Trick built when asked for
        self.tricks: list[list[int]] = []
        self.trick_objects: list[Trick] = []
        self.won: list[int] = [0] * players
        self.tricks_won: list[int] = [0] * players
        self.trumps_played = False
        self.excuse_trick = -1
        self.teams: list[int] = list(range(players))
        self.taker = -1
        self.called = -1
        self.poignees: list[tuple[int, int]] = []
        self.voids: list[int] = [0] * players
        self.no_trumps: list[bool] = [False] * players
        self.max_trump: list[int] = [21] * players
        self.trump_shown = False
        self.known: list[bool] = [False] * players
        self.legal_ids: list[int] = []
        self.stale: list[bool] = [False] * players
        self.written: list[list[int]] = [[] for _ in range(players)]
        self.zeros: Final = found.zeros
        self.dealt = False
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
        if self.observing:
            self._clear()
            if self.dealt and self.library is None:
                for seat in range(self.players):
                    self._sync_library(seat, self.state())

    def _clear(self) -> None:
        # Every seat's observation to zeros (one copy of a zeroed array), all of it stale.
        start = self.obs_base
        self.obs[start : start + self.players * self.size] = self.zeros
        self.written = [[] for _ in range(self.players)]
        self.stale = [True] * self.players

    def sync(self, seat: int) -> None:
        """Write ``seat``'s observation if it is stale (only during the French phases played
        on the library's states; the play keeps every seat's up to date)."""
        if self.observing and self.stale[seat] and self.library is not None:
            self._sync_library(seat, self.library)

    def _sync_library(self, seat: int, state: State) -> None:
        obs = self.obs
        base = self.obs_base + seat * self.size
        for index in self.written[seat]:
            obs[base + index] = 0.0
        ones, values = sparse_observation(view_of(state, seat))
        for index in ones:
            obs[base + index] = 1.0
        for index, value in values:
            obs[base + index] = value
        self.written[seat] = [*ones, *(index for index, _ in values)]
        self.stale[seat] = False

    # -- starting a deal -------------------------------------------------------------------

    def reset(self, seed: int, first: int) -> None:
        """The deal :func:`cardgames.tarot.deal` makes of ``seed`` with ``first`` dealing."""
        rules = self.rules
        hands, talon = deal_packets(rules, first, shuffled(seed))
        self.dealt = True
        if rules.bidding:
            if self.observing:
                self._clear()
            self._enter_library(opening_state(rules, first, hands, talon))
            return
        players = self.players
        self.library = None
        self.base = None
        self.built = None
        self.dealer = first
        self.hands0 = list(hands)
        self.talon = talon
        self.leader = self.next_seat[first]
        if rules.talon_size:
            hands[first] |= talon
            self.phase = _DISCARD
            self.to_move = first
        else:
            self.phase = _PLAY
            self.to_move = self.leader
        self.hands = hands
        self.discard = 0
        self.trick_cards = []
        self.trick_players = []
        self.tricks = []
        self.trick_objects = []
        self.won = [0] * players
        self.tricks_won = [0] * players
        self.trumps_played = False
        self.excuse_trick = -1
        self.teams = [seat % 2 if rules.partnerships else seat for seat in range(players)]
        self.taker = -1
        self.called = -1
        self.poignees = []
        self.voids = [0] * players
        self.no_trumps = [False] * players
        self.max_trump = [21] * players
        self.trump_shown = False
        self._entered()
        if self.observing:
            _observe_opening(
                self,
            )

    def load(self, state: object) -> None:
        """Start from ``state``, a :class:`~cardgames.tarot.state.State` of these rules."""
        if not isinstance(state, State) or state.rules != self.rules:
            raise RulesError(
                f"invalid state {quote(state)}: expected a cardgames.tarot.State under {self.rules}"
            )
        self.dealt = True
        if self.observing:
            self._clear()
        if state.phase.value in ("bidding", "call", "announce") or (
            self.rules.bidding and state.phase.value == "discard"
        ):
            self._enter_library(state)
        else:
            _enter_native(self, state)
            if self.observing:
                for seat in range(self.players):
                    self._sync_library(seat, state)

    def _enter_library(self, state: State) -> None:
        self.library = state
        self.base = state
        self.built = state
        self.phase = _OVER if state.is_over else _BIDDING
        self.to_move = state.to_move
        self._entered()
        self.stale = [True] * self.players

    # -- playing ---------------------------------------------------------------------------

    def step(self, action: int) -> None:
        """Play the legal id ``action``."""
        self.built = None
        library = self.library
        if library is not None:
            state = library.play(move_of_id(action, self.rules))
            if state.phase.value == "play":
                if self.observing:
                    for seat in range(self.players):
                        self._sync_library(seat, state)
                _enter_native(self, state)
            else:
                self._enter_library(state)
            return
        if action >= POIGNEE_BASE:
            _declare(self, action - POIGNEE_BASE)
        elif self.phase == _DISCARD:
            _discard(self, action)
        else:
            self._play(action)
        self._entered()

    def _entered(self) -> None:
        mask = self.mask
        base = self.mask_base
        for action in self.legal_ids:
            mask[base + action] = 0
        legal = _legal(
            self,
        )
        for action in legal:
            mask[base + action] = 1
        self.legal_ids = legal

    def _play(self, card: int) -> None:
        play_card(self, card)

    # -- observations ----------------------------------------------------------------------

    def _all(self, offset: int, value: float) -> None:
        # The same value at the same place of every seat's observation.
        obs = self.obs
        index = self.obs_base + offset
        for _ in range(self.players):
            obs[index] = value
            index += self.size

    def _each(self, offset: int, player: int, value: float) -> None:
        # A value about ``player``, in its place of every seat's per-seat-offset field.
        obs = self.obs
        players = self.players
        base = self.obs_base + offset
        for seat in range(players):
            obs[base + seat * self.size + (player - seat) % players] = value

    def _each_block(self, offset: int, player: int, block: int, index: int, value: float) -> None:
        # A value about ``player`` in its block of ``block`` values, in every seat's field.
        obs = self.obs
        players = self.players
        base = self.obs_base + offset + index
        for seat in range(players):
            obs[base + seat * self.size + ((player - seat) % players) * block] = value

    # -- reading the deal ------------------------------------------------------------------

    def actor(self) -> int:
        """The seat to move (once the deal is over, the winner of the last trick)."""
        return self.to_move

    def over(self) -> bool:
        """Whether the deal has ended."""
        return self.phase == _OVER

    def legal(self) -> list[int]:
        """The legal ids (increasing; empty once over)."""
        return list(self.legal_ids)

    def returns(self) -> list[float]:
        """The deal's payoffs once over (:meth:`~cardgames.tarot.state.State.payoffs`),
        zeros before."""
        if self.phase != _OVER:
            return [0.0] * self.players
        if self.rules.bidding:
            return [float(payoff) for payoff in self.state().payoffs()]
        return card_payoffs(
            self.rules, self.won, self.discard, self.dealer, self.tricks, self.excuse_trick
        )

    def state(self) -> State:
        """The library's state now (rebuilt from the ints, without the constructor's
        checks)."""
        built = self.built
        if built is not None:
            return built
        base = self.base
        if base is None:
            base = self.base = opening_state(self.rules, self.dealer, self.hands0, self.talon)
        built = build_state(
            base,
            self.phase,
            self.to_move,
            self.hands,
            self.discard,
            trick_of(self.leader, self.trick_cards, self.trick_players, -1),
            self._trick_objects(),
            self.won,
            self.trumps_played,
            self.excuse_trick,
            self.poignees,
        )
        self.built = built
        return built

    def _trick_objects(self) -> list[Trick]:
        # The Tricks of the completed tricks, built once each.
        built = self.trick_objects
        for number in range(len(built), len(self.tricks)):
            row = self.tricks[number]
            built.append(trick_of(row[0], row[2:], self._players_from(row[0]), row[1]))
        return built

    def _players_from(self, leader: int) -> list[int]:
        seats = [leader]
        for _ in range(self.players - 1):
            seats.append(self.next_seat[seats[-1]])
        return seats

    def copy(self) -> TarotEngine:
        """An engine at the same position writing into the same buffers (see
        :meth:`move_to` to give it others)."""
        twin = TarotEngine(self.rules, None, self.mask, 0, self.table)
        twin.library = self.library
        twin.base = self.base
        twin.built = self.built
        twin.phase = self.phase
        twin.dealer = self.dealer
        twin.to_move = self.to_move
        twin.leader = self.leader
        twin.hands0 = self.hands0
        twin.hands = list(self.hands)
        twin.discard = self.discard
        twin.talon = self.talon
        twin.trick_cards = list(self.trick_cards)
        twin.trick_players = list(self.trick_players)
        twin.tricks = list(self.tricks)
        twin.trick_objects = list(self.trick_objects)
        twin.won = list(self.won)
        twin.tricks_won = list(self.tricks_won)
        twin.trumps_played = self.trumps_played
        twin.excuse_trick = self.excuse_trick
        twin.teams = self.teams
        twin.taker = self.taker
        twin.called = self.called
        twin.poignees = list(self.poignees)
        twin.voids = list(self.voids)
        twin.no_trumps = list(self.no_trumps)
        twin.max_trump = list(self.max_trump)
        twin.trump_shown = self.trump_shown
        twin.known = list(self.known)
        twin.legal_ids = list(self.legal_ids)
        twin.stale = list(self.stale)
        twin.written = [list(written) for written in self.written]
        twin.dealt = self.dealt
        twin.observing = self.observing
        twin.obs = self.obs
        twin.obs_base = self.obs_base
        twin.mask_base = self.mask_base
        return twin

    def __deepcopy__(self, memo: dict[int, object]) -> TarotEngine:
        return self.copy()


def _observe_opening(engine: TarotEngine) -> None:
    obs = engine.obs
    engine._clear()
    for seat in range(engine.players):
        hand = engine.hands[seat]
        base = engine.obs_base + seat * engine.size
        while hand:
            low = hand & -hand
            hand ^= low
            obs[base + engine.at_hand + low.bit_length() - 1] = 1.0
        engine._each(engine.at_sizes, seat, engine.hands[seat].bit_count() / engine.hand_total)
    engine._each(engine.at_to_move, engine.to_move, 1.0)
    engine._each(engine.at_dealer, engine.dealer, 1.0)
    engine._each(engine.at_leader, engine.leader, 1.0)
    engine._all(engine.at_phase + engine.phase, 1.0)
    if engine.at_talon >= 0:
        talon = engine.talon
        base = engine.obs_base + engine.dealer * engine.size + engine.at_talon
        while talon:
            low = talon & -talon
            talon ^= low
            obs[base + low.bit_length() - 1] = 1.0
    engine.stale = [False] * engine.players


def _enter_native(engine: TarotEngine, state: State) -> None:
    found: Encoded = encoded(state)
    rules = engine.rules
    engine.library = None
    engine.base = state
    engine.built = state
    engine.phase = found.phase
    engine.dealer = found.dealer
    engine.to_move = found.to_move
    engine.leader = found.leader
    engine.hands0 = [hand.mask for hand in state.initial.hands]
    engine.hands = found.hands
    engine.discard = found.discard
    engine.talon = found.talon
    engine.trick_cards = found.trick_cards
    engine.trick_players = found.trick_players
    engine.trick_objects = list(found.tricks)
    engine.tricks = [
        [trick.leader, -1 if trick.winner is None else trick.winner]
        + [card.index for card in trick.cards]
        for trick in found.tricks
    ]
    engine.won = found.won
    engine.tricks_won = [0] * engine.players
    for trick in found.tricks:
        if trick.winner is not None:
            engine.tricks_won[trick.winner] += 1
    engine.trumps_played = found.trumps_played
    engine.excuse_trick = found.excuse_trick
    engine.teams = found.teams
    engine.taker = found.taker
    engine.called = found.called
    engine.poignees = found.poignees
    voids, no_trumps, highest = _inferences(rules, state.tricks, state.trick, state.trumps_played)
    engine.voids = [sum(1 << int(suit) for suit in suits) for suits in voids]
    engine.no_trumps = list(no_trumps)
    engine.max_trump = list(highest)
    engine.trump_shown = any(
        _TRUMP_LOW <= card.index < _EXCUSE
        for trick in (*state.tricks, state.trick)
        for card in trick.cards
    )
    engine.known = [
        engine.called < 0 or view_of(state, seat).partner_known for seat in range(engine.players)
    ]
    engine._entered()


def _legal(engine: TarotEngine) -> list[int]:
    library = engine.library
    if library is not None:
        if library.is_over:
            return []
        return sorted(_library_ids(library))
    ids: list[int] = []
    seat = engine.to_move
    hand = engine.hands[seat]
    if engine.phase == _PLAY:
        cards = legal_cards(
            hand, engine.trick_cards, engine.trumps_played, engine.restricted, engine.overtrump
        )
    elif engine.phase == _DISCARD:
        cards = legal_discards(
            hand,
            engine.rules.talon_size - engine.discard.bit_count(),
            engine.traditional_discard,
        )
    else:
        return ids
    while cards:
        low = cards & -cards
        cards ^= low
        ids.append(low.bit_length() - 1)
    if engine.phase == _PLAY and engine.rules.bidding and _may_declare(engine, seat):
        for level in range(len(_POIGNEES)):
            if shown_trumps(engine.rules, hand, _POIGNEES[level]):
                ids.append(POIGNEE_BASE + level)
    return ids


def _may_declare(engine: TarotEngine, seat: int) -> bool:
    if engine.tricks or seat in engine.trick_players:
        return False
    return all(declarer != seat for declarer, _ in engine.poignees)


def _declare(engine: TarotEngine, level: int) -> None:
    seat = engine.to_move
    engine.poignees.append((seat, level))
    if engine.observing:
        shown = shown_trumps(engine.rules, engine.hands[seat], _POIGNEES[level])
        engine._each_block(engine.at_poignees, seat, 3, level, 1.0)
        while shown:
            low = shown & -shown
            shown ^= low
            engine._each_block(
                engine.at_poignee_cards, seat, TAROT_PACK_SIZE, low.bit_length() - 1, 1.0
            )


def _discard(engine: TarotEngine, card: int) -> None:
    dealer = engine.to_move
    engine.hands[dealer] ^= 1 << card
    engine.discard |= 1 << card
    done = engine.discard.bit_count() == engine.rules.talon_size
    if engine.observing:
        base = engine.obs_base + dealer * engine.size
        obs = engine.obs
        obs[base + engine.at_hand + card] = 0.0
        obs[base + engine.at_discard + card] = 1.0
        engine._all(engine.at_discard_size, engine.discard.bit_count() / engine.rules.talon_size)
        engine._each(engine.at_sizes, dealer, engine.hands[dealer].bit_count() / engine.hand_total)
        if done:
            engine._all(engine.at_phase + _DISCARD, 0.0)
            engine._all(engine.at_phase + _PLAY, 1.0)
            engine._each(engine.at_to_move, dealer, 0.0)
            engine._each(engine.at_to_move, engine.leader, 1.0)
    if done:
        engine.phase = _PLAY
        engine.to_move = engine.leader


def _library_ids(state: State) -> list[int]:
    # The ids of a state played on the library's objects (the French phases before the play).
    return action_ids(state.legal_moves())


def play_card(engine: TarotEngine, card: int) -> None:
    """``engine``'s seat to move plays ``card`` (legal): the trick, the inferences of the
    views (voids, trumps, the highest trump a seat may hold), and the observations."""
    players = engine.players
    seat = engine.to_move
    bit = 1 << card
    engine.hands[seat] ^= bit
    observing = engine.observing
    kind = _KINDS[card]
    trick = engine.trick_cards
    if observing:
        engine.obs[engine.obs_base + seat * engine.size + engine.at_hand + card] = 0.0
        engine._each(engine.at_sizes, seat, engine.hands[seat].bit_count() / engine.hand_total)
        engine._each_block(engine.at_played, seat, TAROT_PACK_SIZE, card, 1.0)
        engine._each_block(engine.at_trick, seat, TAROT_PACK_SIZE, card, 1.0)
    if kind == _TRUMP and not engine.trumps_played:
        engine.trumps_played = True
        if observing:
            engine._all(engine.at_trumps, 1.0)
    _infer(engine, seat, card, trick)
    trick.append(card)
    engine.trick_players.append(seat)
    if card == engine.called and observing:
        _partner_seen(engine, seat)
    if len(trick) < players:
        _move_to(engine, engine.next_seat[seat])
        return
    _close_trick(engine)


def _infer(engine: TarotEngine, seat: int, card: int, trick: list[int]) -> None:
    # What the card shows of the seat's hand, as the views infer it from the tricks.
    if card == _EXCUSE:
        return
    kind = _KINDS[card]
    led = led_kind(trick)
    voids = engine.voids[seat]
    no_trumps = engine.no_trumps[seat]
    highest = engine.max_trump[seat]
    if led < 0:
        if kind == _TRUMP and engine.restricted and not engine.trump_shown:
            voids = (1 << _SUITS) - 1
    else:
        if kind != led:
            if led == _TRUMP:
                no_trumps = True
            else:
                voids |= 1 << led
                if kind != _TRUMP:
                    no_trumps = True
        if engine.overtrump and kind == _TRUMP:
            top = -1
            for other in trick:
                if _KINDS[other] == _TRUMP and other > top:
                    top = other
            if card < top:
                highest = min(highest, top - _TRUMP_LOW)
    if kind == _TRUMP:
        engine.trump_shown = True
    if engine.observing:
        added = voids & ~engine.voids[seat]
        for suit in range(_SUITS):
            if added >> suit & 1:
                engine._each_block(engine.at_void, seat, _SUITS, suit, 1.0)
        if no_trumps and not engine.no_trumps[seat]:
            engine._each(engine.at_no_trumps, seat, 1.0)
        if highest != engine.max_trump[seat] and engine.at_max_trump >= 0:
            engine._each(engine.at_max_trump, seat, highest / 21)
    engine.voids[seat] = voids
    engine.no_trumps[seat] = no_trumps
    engine.max_trump[seat] = highest


def _partner_seen(engine: TarotEngine, holder: int) -> None:
    # The called card is played: every seat now knows who holds it.
    for seat in range(engine.players):
        if not engine.known[seat]:
            engine.known[seat] = True
            base = engine.obs_base + seat * engine.size
            engine.obs[base + engine.at_partner_known] = 1.0
            if holder != engine.taker:
                engine.obs[base + engine.at_partner + (holder - seat) % engine.players] = 1.0


def _move_to(engine: TarotEngine, seat: int) -> None:
    if engine.observing and seat != engine.to_move:
        engine._each(engine.at_to_move, engine.to_move, 0.0)
        engine._each(engine.at_to_move, seat, 1.0)
    engine.to_move = seat


def _close_trick(engine: TarotEngine) -> None:
    rules = engine.rules
    cards = engine.trick_cards
    players = engine.trick_players
    position = winning_position(cards, engine.strengths)
    if cards[0] == _EXCUSE and rules.excuse_wins_slam and _slam_lead(engine):
        position = 0
    winner = players[position]
    mask = 0
    excuser = -1
    for number in range(len(cards)):
        if cards[number] == _EXCUSE:
            excuser = players[number]
        else:
            mask |= 1 << cards[number]
    if excuser >= 0:
        engine.won[excuser] |= 1 << _EXCUSE
        engine.excuse_trick = len(engine.tricks)
    engine.won[winner] |= mask
    engine.tricks_won[winner] += 1
    engine.tricks.append([engine.leader, winner, *cards])
    observing = engine.observing
    if observing:
        for number in range(len(cards)):
            engine._each_block(
                engine.at_trick, players[number], TAROT_PACK_SIZE, cards[number], 0.0
            )
        engine._each(engine.at_won, winner, mask_value(engine.won[winner]) / _PACK_VALUE)
        if excuser >= 0 and excuser != winner:
            engine._each(engine.at_won, excuser, mask_value(engine.won[excuser]) / _PACK_VALUE)
        engine._each(engine.at_tricks, winner, engine.tricks_won[winner] / rules.tricks_per_deal)
        if winner != engine.leader:
            engine._each(engine.at_leader, engine.leader, 0.0)
            engine._each(engine.at_leader, winner, 1.0)
    engine.leader = winner
    engine.trick_cards = []
    engine.trick_players = []
    _move_to(engine, winner)
    if not any(engine.hands):
        engine.phase = _OVER
        if observing:
            engine._all(engine.at_phase + _PLAY, 0.0)
            engine._all(engine.at_phase + _OVER, 1.0)


def _slam_lead(engine: TarotEngine) -> bool:
    # The trick in progress is the last, and its leader's side won every earlier one.
    if len(engine.tricks) != engine.rules.tricks_per_deal - 1:
        return False
    side = engine.teams[engine.leader]
    return all(engine.teams[trick[1]] == side for trick in engine.tricks)
