"""Every public entry point of ``cardgames.tarot`` given hostile values: only the library's own
errors come out (never a bare TypeError, AttributeError, ValueError, ...), and nothing hangs."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pytest
from hang_guard import AVAILABLE, no_hang

from cardgames import Card, CardSet, Suit
from cardgames.deck import Deck
from cardgames.errors import CardgamesError
from cardgames.tarot import (
    Deal,
    DealRecord,
    DiscardRule,
    ExcuseRule,
    Game,
    Move,
    NumeralOrder,
    Phase,
    Record,
    Rules,
    Series,
    State,
    TarotCard,
    TarotCardSet,
    TarotRank,
    Trick,
    card_strength,
    card_value,
    count_points,
    deal,
    dumps,
    format_deal,
    format_holding,
    format_position,
    led_suit,
    legal_cards,
    legal_discards,
    loads,
    parse_deal,
    parse_holding,
    parse_position,
    play_deal,
    random_position,
    random_strategy,
    record_of,
    tarot_deck,
    trick_winner,
    trump,
)
from cardgames.tarot import play as rules_of_play
from cardgames.validation import quote

RULES = Rules.simplified(players=4)
START = deal(RULES, seed=3)
MIDDLE = START
for _ in range(5):
    MIDDLE = MIDDLE.play(MIDDLE.legal_moves()[0])
DEAL = START.initial
GAME = Game(rules=RULES, seed=1)
STRATEGY = random_strategy(1)

HOSTILE: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    7,
    1.5,
    float("nan"),
    "",
    "x",
    "1S",
    10**5000,
    -(10**5000),
    2**64,
    2**78,
    [],
    [1, 2],
    [None],
    ["1S"],
    [10**5000],
    [True],
    {},
    {"a": 1},
    (),
    b"1S",
    object(),
    Card.parse("2S"),
    CardSet.parse("2S"),
    [Card.parse("2S")],
    TarotCard(0),
    [TarotCard(0)],
    TarotCardSet.parse("KS"),
    RULES,
    START,
    DEAL,
    GAME,
    Move.parse("1S"),
    Phase.PLAY,
    Deck.standard(),
    random.Random(1),
]


class _OneItem(Mapping[Any, Any]):
    """A mapping of one key to one value, where the key may be unhashable (a list, a dict):
    what a caller could pass as ``fixed`` or ``tags`` with any key at all."""

    def __init__(self, key: object, value: object) -> None:
        self._key, self._value = key, value

    def __getitem__(self, key: object) -> object:
        if key is self._key:
            return self._value
        raise KeyError(key)

    def __iter__(self) -> Iterator[object]:
        return iter([self._key])

    def __len__(self) -> int:
        return 1


ENTRY_POINTS: dict[str, Callable[[Any], object]] = {
    "Rules(players=)": lambda v: Rules(players=v),
    "Rules(magician_bonus=)": lambda v: Rules(players=4, magician_bonus=v),
    "Rules(talon_size=)": lambda v: Rules(players=4, talon_size=v),
    "Rules(clockwise=)": lambda v: Rules(players=4, clockwise=v),
    "Rules(numeral_order=)": lambda v: Rules(players=4, numeral_order=v),
    "Rules.simplified": Rules.simplified,
    "Rules.traditional": Rules.traditional,
    "Rules.preset": Rules.preset,
    "Rules.parse": Rules.parse,
    "NumeralOrder.parse": NumeralOrder.parse,
    "ExcuseRule.parse": ExcuseRule.parse,
    "DiscardRule.parse": DiscardRule.parse,
    "Rules.next_player": RULES.next_player,
    "Rules.first_leader": RULES.first_leader,
    "Rules.team_of": RULES.team_of,
    "TarotCard": TarotCard,
    "TarotCard.parse": TarotCard.parse,
    "TarotCard.from_index": TarotCard.from_index,
    "TarotCard.of(rank)": lambda v: TarotCard.of(v, Suit.SPADES),
    "TarotCard.of(suit)": lambda v: TarotCard.of(TarotRank.KING, v),
    "trump": trump,
    "TarotRank.parse": TarotRank.parse,
    "TarotCardSet": TarotCardSet,
    "TarotCardSet.parse": TarotCardSet.parse,
    "TarotCardSet.from_cards": TarotCardSet.from_cards,
    "TarotCardSet.add": TarotCardSet().add,
    "Deal(rules=)": lambda v: Deal(rules=v, dealer=0, hands=DEAL.hands, talon=DEAL.talon),
    "Deal(dealer=)": lambda v: Deal(rules=RULES, dealer=v, hands=DEAL.hands, talon=DEAL.talon),
    "Deal(hands=)": lambda v: Deal(rules=RULES, dealer=0, hands=v, talon=DEAL.talon),
    "Deal(talon=)": lambda v: Deal(rules=RULES, dealer=0, hands=DEAL.hands, talon=v),
    "Deal.parse": Deal.parse,
    "Deal.random(rules)": lambda v: Deal.random(v, 1),
    "Deal.random(seed)": lambda v: Deal.random(RULES, v),
    "Deal.random(dealer)": lambda v: Deal.random(RULES, 1, v),
    "Deal.from_deck(deck)": lambda v: Deal.from_deck(RULES, v),
    "Deal.from_deck(rules)": lambda v: Deal.from_deck(v, tarot_deck()),
    "deal(rules)": lambda v: deal(v, 1),
    "deal(seed)": lambda v: deal(RULES, v),
    "deal(dealer)": lambda v: deal(RULES, 1, v),
    "deal(fixed=)": lambda v: deal(RULES, 1, fixed=v),
    "deal(fixed={0: v})": lambda v: deal(RULES, 1, fixed={0: v}),
    "deal(fixed={v: cards})": lambda v: deal(RULES, 1, fixed=_OneItem(v, "KS 21T")),
    "deal(fixed={'talon': v})": lambda v: deal(RULES, 1, fixed={"talon": v}),
    "Deal.random(fixed=)": lambda v: Deal.random(RULES, 1, fixed=v),
    "State.parse": State.parse,
    "State.from_deal(rules)": lambda v: State.from_deal(v, DEAL.hands, DEAL.talon),
    "State.from_deal(hands)": lambda v: State.from_deal(RULES, v, DEAL.talon),
    "State.from_deal(talon)": lambda v: State.from_deal(RULES, DEAL.hands, v),
    "State.from_deal(dealer)": lambda v: State.from_deal(RULES, DEAL.hands, DEAL.talon, v),
    "State.from_deck": lambda v: State.from_deck(RULES, v),
    "State(initial=)": lambda v: State(
        initial=v, phase=MIDDLE.phase, to_move=0, hands=(), trick=MIDDLE.trick, won=()
    ),
    "State.play (discard)": START.play,
    "State.play (play)": MIDDLE.play,
    "State.is_legal": START.is_legal,
    "State.check": MIDDLE.check,
    "Move": Move,
    "Move.parse": Move.parse,
    "Trick(leader=)": lambda v: Trick(leader=v),
    "Trick(cards=)": lambda v: Trick(leader=0, cards=v),
    "Trick(players=)": lambda v: Trick(leader=0, players=v),
    "Trick(winner=)": lambda v: Trick(leader=0, cards=(TarotCard(0),), players=(0,), winner=v),
    "Trick.card_of": Trick(leader=0).card_of,
    "Game(rules=)": lambda v: Game(rules=v, seed=1),
    "Game(seed=)": lambda v: Game(rules=RULES, seed=v),
    "Game(first_dealer=)": lambda v: Game(rules=RULES, seed=1, first_dealer=v),
    "Game(deals=)": lambda v: Game(rules=RULES, seed=1, deals=v),
    "Game.dealer_of": GAME.dealer_of,
    "Game.deal_seed": GAME.deal_seed,
    "Game.record": GAME.record,
    "Game.play_out": GAME.play_out,
    "Game.play_round": GAME.play_round,
    "Game.play_round([v] * seats)": lambda v: GAME.play_round([v] * RULES.players),
    "Game.play_out([s, v, s, s])": lambda v: GAME.play_out([STRATEGY, v, STRATEGY, STRATEGY]),
    "play_deal(v, s)": lambda v: play_deal(v, STRATEGY),
    "play_deal(state, v)": lambda v: play_deal(START, v),
    "random_strategy": random_strategy,
    "random_strategy()": random_strategy(1),
    "dumps": dumps,
    "dumps(indent=)": lambda v: dumps(START, indent=v),
    "dumps(tags=)": lambda v: dumps(START, tags=v),
    "dumps(tags={v: v})": lambda v: dumps(START, tags=_OneItem(v, v)),
    "record_of": record_of,
    "record_of(tags=)": lambda v: record_of(GAME, tags=v),
    "loads": loads,
    "DealRecord(deal=)": lambda v: DealRecord(deal=v),
    "DealRecord(moves=)": lambda v: DealRecord(deal=DEAL, moves=v),
    "DealRecord(moves=[v])": lambda v: DealRecord(deal=DEAL, moves=[v]),
    "DealRecord.of": DealRecord.of,
    "Series(seed=)": lambda v: Series(v),
    "Series(first_dealer=)": lambda v: Series(1, v),
    "Record(rules=)": lambda v: Record(rules=v),
    "Record(deals=)": lambda v: Record(rules=RULES, deals=v),
    "Record(deals=[v])": lambda v: Record(rules=RULES, deals=[v]),
    "Record(tags=)": lambda v: Record(rules=RULES, tags=v),
    "Record(series=)": lambda v: Record(rules=RULES, series=v),
    "Record(series=Series(1, v))": lambda v: Record(rules=RULES, series=Series(1, v)),
    "Record.from_dict": Record.from_dict,
    "record.replay": lambda v: Record(rules=RULES, deals=v).replay(),
    "format_holding": format_holding,
    "format_deal": format_deal,
    "format_position": format_position,
    "parse_holding": parse_holding,
    "parse_deal": parse_deal,
    "parse_position": parse_position,
    "card_value": card_value,
    "count_points": count_points,
    "count_points(group_size=)": lambda v: count_points([], v),
    "card_strength(card)": lambda v: card_strength(v, RULES),
    "card_strength(rules)": lambda v: card_strength(TarotCard(0), v),
    "led_suit": led_suit,
    "trick_winner(cards)": lambda v: trick_winner(v, RULES),
    "trick_winner(rules)": lambda v: trick_winner([TarotCard(0)], v),
    "legal_cards(hand)": lambda v: legal_cards(v, [], RULES),
    "legal_cards(trick)": lambda v: legal_cards(TarotCardSet(), v, RULES),
    "legal_cards(rules)": lambda v: legal_cards(TarotCardSet(), [], v),
    "legal_cards(trumps_played)": lambda v: legal_cards(TarotCardSet(), [], RULES, trumps_played=v),
    "legal_discards(hand)": lambda v: legal_discards(v, RULES, 1),
    "legal_discards(rules)": lambda v: legal_discards(TarotCardSet(), v, 1),
    "legal_discards(remaining)": lambda v: legal_discards(TarotCardSet(), RULES, v),
    "legal_cards_mask(hand)": lambda v: rules_of_play.legal_cards_mask(v, [], RULES),
    "legal_cards_mask(trick)": lambda v: rules_of_play.legal_cards_mask(0, v, RULES),
    "legal_cards_mask(rules)": lambda v: rules_of_play.legal_cards_mask(0, [], v),
    "legal_discards_mask(hand)": lambda v: rules_of_play.legal_discards_mask(v, RULES, 1),
    "legal_discards_mask(remaining)": lambda v: rules_of_play.legal_discards_mask(0, RULES, v),
    "play_problem(card)": lambda v: rules_of_play.play_problem(0, [], RULES, False, v),
    "play_problem(trumps_played)": lambda v: rules_of_play.play_problem(0, [], RULES, v, 0),
    "discard_problem(card)": lambda v: rules_of_play.discard_problem(0, RULES, 1, v),
    "discard_problem(rules)": lambda v: rules_of_play.discard_problem(0, v, 1, 0),
    "trick_winner_indices(indices)": lambda v: rules_of_play.trick_winner_indices(
        v, NumeralOrder.ACES_LOW
    ),
    "trick_winner_indices(order)": lambda v: rules_of_play.trick_winner_indices([0], v),
    "count_mask(mask)": lambda v: rules_of_play.count_mask(v, 3),
    "count_mask(group_size)": lambda v: rules_of_play.count_mask(0, v),
    "random_position(rules)": lambda v: random_position(v, seed=1, tricks_left=2),
    "random_position(seed)": lambda v: random_position(RULES, seed=v, tricks_left=2),
    "random_position(tricks_left)": lambda v: random_position(RULES, seed=1, tricks_left=v),
    "random_position(dealer)": lambda v: random_position(RULES, seed=1, tricks_left=2, dealer=v),
}


@pytest.mark.skipif(not AVAILABLE, reason="the hang guard needs Unix interval timers")
@pytest.mark.parametrize("name", list(ENTRY_POINTS))
def test_every_entry_point_given_hostile_values_raises_only_library_errors(name: str) -> None:
    entry_point = ENTRY_POINTS[name]
    for value in HOSTILE:
        try:
            with no_hang(f"{name}({quote(value)})"):
                entry_point(value)
        except CardgamesError as error:
            assert len(str(error)) < 2000, f"{name}({quote(value)}): message too long"
        except Exception as error:  # pragma: no cover - only on a regression
            pytest.fail(f"{name}({quote(value)}) raised {type(error).__name__}: {error}")
