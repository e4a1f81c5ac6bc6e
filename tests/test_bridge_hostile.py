"""Every public function, constructor and method of :mod:`cardgames.bridge` (its rules, deals,
states, views, records and pictures), driven by hypothesis with values of any type and shape,
as ``test_hostile_inputs.py`` drives the other games: only the library's own errors come out
(never a bare ``TypeError``, ``AttributeError``, ``IndexError`` or ``ValueError``), no call
hangs, and whatever is accepted reads back through its written form and its record.

Then the bridge regressions these runs stand for, each checked by name.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hang_guard import AVAILABLE
from hypothesis import given, settings
from hypothesis import strategies as st
from test_hostile_inputs import (
    HOSTILE_SETTINGS,
    JSON_VALUES,
    Arg,
    Entry,
    Refused,
    bad,
    call,
    edited_records,
    entry,
    examples,
    hostile,
    mutations,
)

from cardgames import Card, CardSet, Suit, bridge, solver, tarot
from cardgames.bridge import Contract, Deal, Seat, State, Strain, View
from cardgames.bridge.render import (
    analysis_to_unicode,
    card_to_unicode,
    hand_lines,
    state_heading,
    state_to_svg,
    state_to_unicode,
    view_to_unicode,
)
from cardgames.bridge.view import dummy_shown
from cardgames.errors import CardgamesError, IllegalMoveError, NotationError, RulesError
from cardgames.records import Tags

pytestmark = pytest.mark.skipif(not AVAILABLE, reason="the hang guard needs interval timers")

# -- sample values --------------------------------------------------------------------------


def _play_out(state: State, seed: int, cards: int) -> State:
    rng = random.Random(seed)
    for _ in range(cards):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


FULL_DEALS = [bridge.random_deal(seed) for seed in range(3)]
ENDINGS = [Deal(bridge.random_position(seed, tricks_played=10).hands) for seed in range(3)]
DEALS = FULL_DEALS + ENDINGS
CONTRACTS = [
    Contract.parse("NT by S"),
    Contract.parse("H by E"),
    Contract.parse("C by N, S leads"),
    Contract.parse("S by W, N leads"),
]
STATES: list[State] = [
    _play_out(State(deal, contract), number, number * 7)
    for number, (deal, contract) in enumerate(itertools.product(DEALS, CONTRACTS))
]
STATES += [_play_out(State(deal, CONTRACTS[0]), 1, 52) for deal in (FULL_DEALS[0], ENDINGS[0])]
assert any(state.is_over for state in STATES) and any(not state.played for state in STATES)
VIEWS: list[View] = [bridge.view_of(state, seat) for state in STATES[::3] for seat in Seat]
RECORDS = [bridge.record_of(state) for state in STATES[::4]] + [
    bridge.record_of(STATES[1], tags={"Event": "Club"}),
    bridge.Record(rules=CONTRACTS[1]),
]
ANALYSES = [solver.analyse(state) for state in STATES if 0 < state.tricks_left <= 2][:2]
BRIDGE_VALUES: list[object] = [
    *DEALS[::2],
    *CONTRACTS,
    *STATES[::5],
    *VIEWS[::7],
    *RECORDS[:2],
    *RECORDS[0].deals,
    *ANALYSES,
    *Seat,
    *Strain,
    CardSet.parse("AS KH X1"),
    CardSet(bridge.FULL_PACK),
    tarot.TarotCard.parse("21T"),
    Card.parse("X1"),
    Card.parse("TLR"),
    solver.analyse(
        tarot.random_position(tarot.Rules.traditional(players=3), seed=1, tricks_left=1)
    ),
]


def anything() -> st.SearchStrategy[object]:
    """Hostile values, bridge values of the wrong kind among them."""
    return st.one_of(hostile(), st.sampled_from(BRIDGE_VALUES))


def arg(valid: st.SearchStrategy[Any]) -> Arg:
    return Arg(valid, anything())


SEATS = st.one_of(st.sampled_from(Seat), st.integers(0, 3))
STRAINS = st.one_of(st.sampled_from(Strain), st.sampled_from(Suit), st.integers(0, 4))
SUITED = st.sampled_from(Card.all()[:52])
TRICKS = st.lists(SUITED, min_size=1, max_size=4, unique=True)
STATE = st.sampled_from(STATES)
VIEW = st.sampled_from(VIEWS)
DEAL = st.sampled_from(DEALS)
CONTRACT = st.sampled_from(CONTRACTS)
HANDS = st.integers(0, bridge.FULL_PACK).map(CardSet)
SEEDS = st.integers(0, 2**64 - 1)
TAGS = st.one_of(st.none(), st.just({"Event": "Club"}), st.just(Tags([("Round", "3")])))


def _player_of(view: View, number: int) -> Seat:
    return view.player_of(number)


ENTRIES: dict[str, Entry] = {
    # -- rules --
    "Seat.parse": entry(Seat.parse, (NotationError,), text=arg(st.sampled_from("NESWnesw"))),
    "Seat.of": entry(Seat.of, (RulesError,), value=arg(SEATS)),
    "Strain.parse": entry(
        Strain.parse, (NotationError,), text=arg(st.sampled_from(["S", "h", "NT", "n", "C"]))
    ),
    "Strain.of": entry(Strain.of, (RulesError,), value=arg(STRAINS)),
    "Contract": entry(
        Contract,
        (RulesError,),
        declarer=arg(SEATS),
        strain=arg(STRAINS),
        leader=arg(st.one_of(st.none(), SEATS)),
    ),
    "Contract.parse": entry(Contract.parse, (NotationError,), text=arg(CONTRACT.map(str))),
    "card_strength": entry(bridge.card_strength, (NotationError,), card=arg(SUITED)),
    "trick_winner": entry(
        bridge.trick_winner, (NotationError, RulesError), cards=arg(TRICKS), trump=arg(STRAINS)
    ),
    "controller": entry(bridge.controller, (RulesError,), contract=arg(CONTRACT), seat=arg(SEATS)),
    "dummy_shown": entry(
        dummy_shown, (RulesError,), contract=arg(CONTRACT), played=arg(st.lists(SUITED))
    ),
    # -- deals --
    "parse_hand": entry(bridge.parse_hand, (NotationError,), text=arg(HANDS.map(str))),
    "format_hand": entry(bridge.format_hand, (NotationError,), cards=arg(HANDS)),
    "Deal": entry(Deal, (NotationError,), hands=arg(DEAL.map(lambda deal: list(deal.hands)))),
    "Deal.parse": entry(Deal.parse, (NotationError,), text=arg(DEAL.map(str))),
    "Deal.hand": entry(lambda deal, seat: deal.hand(seat), deal=Arg(DEAL, None), seat=arg(SEATS)),
    "Deal.pbn": entry(lambda deal, first: deal.pbn(first), deal=Arg(DEAL, None), first=arg(SEATS)),
    "random_deal": entry(bridge.random_deal, (RulesError,), seed=arg(SEEDS)),
    "random_position": entry(
        bridge.random_position,
        (RulesError,),
        seed=arg(SEEDS),
        tricks_played=arg(st.integers(0, 12)),
        cards=arg(st.integers(0, 3)),
        contract=arg(st.one_of(st.none(), CONTRACT)),
    ),
    # -- states --
    "State": entry(
        State,
        deal=arg(DEAL),
        contract=arg(CONTRACT),
        played=arg(STATE.map(lambda state: list(state.played))),
    ),
    "State.parse": entry(State.parse, (NotationError, IllegalMoveError), text=arg(STATE.map(str))),
    "State.play": entry(
        lambda state, card: state.play(card),
        (IllegalMoveError,),
        state=Arg(STATE, None),
        card=arg(st.one_of(SUITED, SUITED.map(str))),
    ),
    "State.hand": entry(
        lambda state, seat: state.hand(seat), state=Arg(STATE, None), seat=arg(SEATS)
    ),
    "State.tricks_of": entry(
        lambda state, seat: state.tricks_of(seat), state=Arg(STATE, None), seat=arg(SEATS)
    ),
    "legal_mask": entry(
        bridge.legal_mask,
        (NotationError,),
        hand=arg(st.integers(0, bridge.FULL_PACK)),
        led_suit=arg(st.one_of(st.none(), st.integers(0, 3), st.sampled_from(Suit))),
    ),
    # -- views --
    "view_of": entry(bridge.view_of, (RulesError,), state=arg(STATE), seat=arg(SEATS)),
    "View": entry(
        View,
        (RulesError,),
        seat=arg(SEATS),
        contract=arg(VIEW.map(lambda view: view.contract)),
        hand=arg(VIEW.map(lambda view: view.hand)),
        dummy=arg(VIEW.map(lambda view: view.dummy)),
        played=arg(VIEW.map(lambda view: view.played)),
        pack=arg(VIEW.map(lambda view: view.pack)),
    ),
    "View.parse": entry(View.parse, (NotationError,), text=arg(VIEW.map(str))),
    "View.from_dict": entry(View.from_dict, (NotationError,), data=arg(VIEW.map(View.to_dict))),
    "View.player_of": entry(
        _player_of, (RulesError,), view=Arg(VIEW, None), number=arg(st.integers(-60, 60))
    ),
    "View.cards_left": entry(
        lambda view, seat: view.cards_left(seat), view=Arg(VIEW, None), seat=arg(SEATS)
    ),
    "View.voids": entry(lambda view, seat: view.voids(seat), view=Arg(VIEW, None), seat=arg(SEATS)),
    "View.sample": entry(
        lambda view, rng: view.sample(rng),
        (RulesError,),
        view=Arg(VIEW, None),
        rng=arg(st.one_of(st.randoms(use_true_random=False), SEEDS)),
    ),
    # -- records --
    "record_of": entry(bridge.record_of, item=arg(STATE), tags=arg(TAGS)),
    "dumps": entry(
        bridge.dumps, item=arg(STATE), tags=arg(TAGS), indent=arg(st.one_of(st.none(), st.just(2)))
    ),
    "loads": entry(
        bridge.loads, (NotationError,), text=arg(st.sampled_from(RECORDS).map(bridge.dumps))
    ),
    "DealRecord.of": entry(bridge.DealRecord.of, (RulesError,), state=arg(STATE)),
    "Record": entry(
        lambda rules, deals, tags: bridge.Record(rules=rules, deals=deals, tags=tags),
        rules=arg(CONTRACT),
        deals=arg(st.sampled_from(RECORDS).map(lambda record: list(record.deals))),
        tags=arg(st.sampled_from([{}, {"Site": "Lyon"}])),
    ),
    # -- pictures --
    "card_to_unicode": entry(card_to_unicode, (NotationError,), card=arg(SUITED)),
    "hand_lines": entry(hand_lines, (NotationError,), hand=arg(HANDS)),
    "state_heading": entry(state_heading, (NotationError,), state=arg(STATE)),
    "state_to_unicode": entry(state_to_unicode, (NotationError,), state=arg(STATE)),
    "view_to_unicode": entry(view_to_unicode, (NotationError,), view=arg(VIEW)),
    "analysis_to_unicode": entry(
        analysis_to_unicode, (NotationError,), analysis=arg(st.sampled_from(ANALYSES))
    ),
    "state_to_svg": entry(
        state_to_svg,
        (NotationError, RulesError),
        state=arg(STATE),
        width=arg(st.integers(16, 400)),
        per_row=arg(st.integers(1, 100)),
    ),
}


def _reads_back(value: object) -> None:
    """What a bridge call gave reads back through its written form or its record."""
    if isinstance(value, Refused) or value is None:
        return
    if isinstance(value, bool | int | str | frozenset | Seat | Strain):
        return
    if isinstance(value, tuple):
        for item in value:
            _reads_back(item)
    elif isinstance(value, Card | CardSet | Contract | Deal | State | View):
        assert type(value).parse(str(value)) == value
    elif isinstance(value, bridge.Record):
        assert bridge.loads(bridge.dumps(value)) == value
        assert bridge.Record.from_dict(value.to_dict()) == value
    elif isinstance(value, bridge.DealRecord):
        record = bridge.Record(rules=value.initial.contract, deals=[value])
        assert bridge.loads(bridge.dumps(record)).deals == (value,)
    else:  # pragma: no cover - a new kind of result needs its check here
        raise AssertionError(f"no read-back check for a {type(value).__name__}")


@pytest.mark.parametrize("name", list(ENTRIES))
@HOSTILE_SETTINGS
@given(data=st.data())
def test_bridge_entry_point_gives_only_library_errors_and_what_it_accepts_reads_back(
    name: str, data: st.DataObject
) -> None:
    target = ENTRIES[name]
    arguments = data.draw(target.arguments, label="arguments")
    _reads_back(call(name, target.call, errors=target.errors, **arguments))


# Each parser raises NotationError for any text it cannot read; State.parse, as documented,
# raises IllegalMoveError for a card that could not have been played where it is.
PARSERS: dict[str, tuple[Callable[[str], object], list[str]]] = {
    "Seat.parse": (Seat.parse, ["N", "e", " S "]),
    "Strain.parse": (Strain.parse, ["NT", "h", "n"]),
    "Contract.parse": (Contract.parse, [str(contract) for contract in CONTRACTS]),
    "parse_hand": (bridge.parse_hand, ["AKT4..Q2.9", "AKQJT98765432...", "...2"]),
    "Deal.parse": (Deal.parse, [deal.pbn(seat) for deal in DEALS for seat in Seat]),
    "State.parse": (State.parse, [str(state) for state in STATES]),
    "View.parse": (View.parse, [str(view) for view in VIEWS]),
    "loads": (bridge.loads, [bridge.dumps(record) for record in RECORDS]),
}


@pytest.mark.parametrize("name", list(PARSERS))
@settings(HOSTILE_SETTINGS, max_examples=examples(40))
@given(data=st.data())
def test_bridge_parser_given_any_text_reads_back_or_raises_notation_error(
    name: str, data: st.DataObject
) -> None:
    parse, corpus = PARSERS[name]
    text = data.draw(st.one_of(st.text(), mutations(corpus), mutations(corpus)), label="text")
    errors = (NotationError, IllegalMoveError) if name == "State.parse" else (NotationError,)
    _reads_back(call(name, parse, text, errors=errors))


RECORD_DICTS = [json.loads(bridge.dumps(record)) for record in RECORDS]


@settings(HOSTILE_SETTINGS, max_examples=examples(60))
@given(record=edited_records(RECORD_DICTS, st.one_of(JSON_VALUES, hostile())))
def test_bridge_record_dict_with_anything_in_any_field_reads_or_raises_notation_error(
    record: dict[str, Any],
) -> None:
    result = call(
        "bridge.Record.from_dict", bridge.Record.from_dict, record, errors=(NotationError,)
    )
    _reads_back(result)


# -- the regressions, by name ----------------------------------------------------------------


def _counted(item: object, limit: int = 1_000) -> Iterator[object]:
    """``item`` again and again; fails the test if more than ``limit`` are taken."""
    for _ in range(limit):
        yield item
    raise AssertionError(f"more than {limit} items taken from an endless iterable")


def test_a_deal_stops_reading_an_endless_iterable() -> None:
    with pytest.raises(NotationError, match="expected four CardSets"):
        Deal(_counted(CardSet()))
    with pytest.raises(NotationError, match="expected four CardSets"):
        Deal(itertools.repeat(FULL_DEALS[0].hands[0]))


@pytest.mark.parametrize(
    ("call_it", "message"),
    [
        (lambda: bridge.format_hand(bad(5)), "invalid hand 5: expected a CardSet"),
        (lambda: bridge.format_hand(CardSet.parse("AS X1")), "expected a CardSet of the 52"),
        (lambda: bridge.trick_winner(bad(None), 0), "invalid trick None"),
        (lambda: bridge.trick_winner(bad([5]), 0), "invalid card 5"),
        (lambda: bridge.card_strength(bad(5)), "invalid card 5"),
        (lambda: bridge.legal_mask(bad("x"), 1), "invalid hand 'x'"),
        (lambda: bridge.legal_mask(5, 9), "invalid led suit 9"),
        (lambda: bridge.legal_mask(5, bad("S")), "invalid led suit 'S'"),
        (lambda: bridge.controller(bad("x"), 1), "invalid contract 'x'"),
        (lambda: VIEWS[0].player_of(bad("x")), "invalid card number 'x'"),
        (lambda: VIEWS[-1].player_of(100), "invalid card number 100"),
        (lambda: card_to_unicode(bad("AS")), "invalid card 'AS'"),
        (lambda: hand_lines(bad([Card.parse("AS")])), "invalid hand"),
        (lambda: analysis_to_unicode(bad("x")), "invalid analysis 'x'"),
        (lambda: analysis_to_unicode(bad(BRIDGE_VALUES[-1])), "an Analysis of a bridge position"),
    ],
)
def test_a_bridge_helper_given_the_wrong_thing_raises_a_library_error(
    call_it: Callable[[], object], message: str
) -> None:
    # Regression: each of these raised a bare TypeError, AttributeError or IndexError.
    with pytest.raises(CardgamesError, match=message.replace("(", r"\(")):
        call_it()


def test_an_empty_trick_has_no_winner() -> None:
    # Regression: trick_winner([]) said the lead (0) won it.
    with pytest.raises(NotationError, match=r"invalid trick \[\]: expected 1 to 4"):
        bridge.trick_winner([], Strain.NO_TRUMP)
    with pytest.raises(NotationError, match="expected a sequence of at most 4 items"):
        bridge.trick_winner(Card.all()[:5], Strain.NO_TRUMP)
    with pytest.raises(NotationError, match="expected 1 to 4 suited Cards"):
        bridge.trick_winner([Card.parse("AS"), Card.parse("AS")], Strain.NO_TRUMP)


def test_a_trump_must_be_a_strain() -> None:
    # Regression: trump 9 (or -1, or 'S') was taken as no trump.
    cards = [Card.parse("AS"), Card.parse("2H")]
    for trump in (9, -1, 5, "S", None, 1.0):
        with pytest.raises(RulesError, match="invalid strain"):
            bridge.trick_winner(cards, trump)  # type: ignore[arg-type]
    assert bridge.trick_winner(cards, Strain.HEARTS) == 1
    assert bridge.trick_winner(cards, Suit.HEARTS) == 1
    assert bridge.trick_winner(cards, bridge.NO_TRUMP) == 0


def test_only_the_52_suited_cards_have_a_bridge_strength() -> None:
    # Regression: a Tarot trump (and a Joker) was given a strength.
    for card in (tarot.TarotCard.parse("21T"), tarot.TarotCard.parse("KS"), Card.parse("X1")):
        with pytest.raises(NotationError, match="expected one of the 52 suited Cards"):
            bridge.card_strength(card)  # type: ignore[arg-type]
    assert [bridge.card_strength(Card.parse(text)) for text in ("2C", "TC", "AC")] == [0, 8, 12]


def test_a_card_number_does_not_count_from_the_end() -> None:
    # Regression: View.player_of(-1) gave the seat of the last card played.
    view = next(view for view in VIEWS if view.played)
    for number in (-1, -len(view.played), len(view.played)):
        with pytest.raises(RulesError, match=f"invalid card number {number}"):
            view.player_of(number)
    assert view.player_of(len(view.played) - 1) in Seat
