"""Pictures of French Tarot positions: the text of ``to_unicode`` (whole state and a seat's
picture), the HTML and SVG table, parsed as XML: bidding, contract and taker, called card and
partner (never told to a seat before the card falls), dog, discard, announcement, poignées and
the score."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames import svg
from cardgames.errors import NotationError, RulesError
from cardgames.tarot import render
from cardgames.tarot.contracts import (
    NO_SLAM,
    PASS,
    SLAM,
    AnyMove,
    Bid,
    Contract,
    Declaration,
    parse_move,
)
from cardgames.tarot.rules import Rules
from cardgames.tarot.state import Move, Phase, State, deal

NS = "{http://www.w3.org/2000/svg}"
FRENCH = [Rules.french(players=n) for n in (3, 4, 5)]


def texts(element: ET.Element) -> list[str]:
    return [node.text or "" for node in element.iter(f"{NS}text")]


def groups(root: ET.Element, css: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if g.get("class") == css]


def play_to(state: State, words: list[str]) -> State:
    for word in words:
        state = state.play(parse_move(word))
    return state


def first_legal(state: State, phase: Phase) -> State:
    """Play the first legal move while in ``phase``."""
    while state.phase is phase:
        state = state.play(state.legal_moves()[0])
    return state


@st.composite
def french_states(draw: st.DrawFn) -> State:
    rules = draw(st.sampled_from(FRENCH))
    seed = draw(st.integers(0, 2**64 - 1))
    state = deal(rules, seed, dealer=draw(st.integers(0, rules.players - 1)))
    rng = random.Random(seed)
    for _ in range(draw(st.integers(0, 100))):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


def check_svg_table(state: State) -> ET.Element:
    root = ET.fromstring(svg.table(state))
    assert root.tag == f"{NS}svg"
    seats = groups(root, "seat")
    assert len(seats) == state.rules.players
    for seat, group in enumerate(seats):
        cards = [g.get("data-card") or "" for g in group.iter(f"{NS}g") if g.get("class") == "card"]
        assert sorted(cards) == sorted(str(card) for card in state.hands[seat])  # order: test_svg
        label = texts(group)[0]
        assert ("taker" in label) == (seat == state.taker)
        assert ("partner" in label) == (seat == state.partner and state.partner is not None)
    (caption,) = groups(root, "contract")
    assert texts(caption) == list(render.contract_lines(state))
    assert render.state_heading(state) in texts(root)
    score = state.score()
    if score is None:
        assert not groups(root, "score")
    else:
        (drawn,) = groups(root, "score")
        assert texts(drawn) == score.to_unicode().splitlines()
    return root


@settings(max_examples=40, deadline=None)
@given(french_states())
def test_every_french_state_renders_as_text_html_and_svg(state: State) -> None:
    text = state.to_unicode()
    assert all(line == line.rstrip() for line in text.splitlines())
    assert text.splitlines()[0] == render.state_heading(state)
    for line in render.contract_lines(state):
        assert line in text
    score = state.score()
    if score is not None:
        assert text.endswith(score.to_unicode())
    for seat in range(state.rules.players):
        picture = render.state_to_unicode(state, seat=seat)
        assert f"Seat {seat}: " in picture and "you" in picture
        for line in render.contract_lines(state, seat=seat):
            assert line in picture
    root = ET.fromstring(state._repr_html_())
    assert root.tag == "div" and root.get("title") == str(state)
    (image,) = root
    assert image.tag == f"{NS}svg"
    check_svg_table(state)


# -- the bidding, the call, the dog ---------------------------------------------------------


def test_the_bidding_shows_who_bid_what() -> None:
    state = play_to(deal(Rules.french(players=4), 1), ["pass", "prise", "garde"])
    text = state.to_unicode()
    assert text.splitlines()[0] == "Tarot french-4: bidding, seat 0 to bid"
    assert "Bids: seat 3 pass, seat 2 prise, seat 1 garde" in text
    assert "Highest bid so far: garde" in text
    assert "┌ Bidding" in text and "seat 0 to bid" in text
    # the dog is face down: the whole state shows its cards, a seat only their number
    dog = state.initial.talon.to_unicode()
    assert f"Dog (face down): {dog}" in text
    assert dog not in render.state_to_unicode(state, seat=0)
    assert "Dog: 6 cards face down" in render.state_to_unicode(state, seat=0)


def test_a_shown_dog_and_the_discard() -> None:
    state = play_to(deal(Rules.french(players=4), 1), ["pass", "pass", "garde", "pass"])
    assert state.phase is Phase.DISCARD and state.taker == 1
    dog = state.initial.talon.to_unicode()
    for seat in (None, 0, 1):
        assert f"Dog (shown, taken by the taker): {dog}" in render.state_to_unicode(state, seat)
    assert render.state_heading(state) == "Tarot french-4: discard, seat 1 to discard 6 more"
    state = first_legal(state, Phase.DISCARD)
    discard = state.discard.to_unicode()
    assert f"Discard: {discard}" in state.to_unicode()
    assert f"Discard: {discard}" in render.state_to_unicode(state, seat=1)
    other = render.state_to_unicode(state, seat=0)
    assert "Discard: 6 cards set aside by the taker" in other
    assert discard not in other


def test_trumps_in_the_discard_are_shown_to_everyone() -> None:
    # A taker holding only Kings and trumps, with a dog of trumps and one low club, keeps its
    # Kings and bouts and must discard five trumps, which are shown to every seat.
    hand = "KS KH KD KC " + " ".join(f"{n}T" for n in range(2, 16))
    fixed: dict[int | str, str] = {3: hand, "talon": "16T 17T 18T 19T 20T 1C"}
    state = play_to(
        deal(Rules.french(players=4), 5, fixed=fixed), ["prise", "pass", "pass", "pass"]
    )
    state = first_legal(state, Phase.DISCARD)
    trumps = [card.to_unicode() for card in state.discard if card.is_trump]
    assert len(trumps) == 5
    line = "Discard: 6 cards set aside by the taker, trumps shown: " + " ".join(trumps)
    assert line in render.contract_lines(state, seat=0)
    assert f"Discard: {state.discard.to_unicode()}" in render.contract_lines(state, seat=3)


def test_garde_sans_and_garde_contre_keep_the_dog_face_down() -> None:
    rules = Rules.french(players=3)
    for contract, side in (
        (Contract.GARDE_SANS, "the taker"),
        (Contract.GARDE_CONTRE, "the defence"),
    ):
        state = play_to(deal(rules, 2), [contract.value, "pass", "pass"])
        assert state.phase is Phase.ANNOUNCE
        dog = state.initial.talon.to_unicode()
        assert f"Dog (face down, counts for {side}): {dog}" in state.to_unicode()
        seat_view = render.state_to_unicode(state, seat=0)
        assert f"Dog: 6 cards face down, counting for {side}" in seat_view
        assert dog not in seat_view
        assert "announcement, seat 2 (the taker) to announce" in state.to_unicode()


def called_card_state() -> tuple[State, int]:
    """A five-player deal in play where the called King is held by a partner (not the taker),
    and that partner's seat."""
    rules = Rules.french(players=5)
    for seed in range(100):
        state = play_to(deal(rules, seed), ["garde-sans", "pass", "pass", "pass", "pass"])
        state = state.play(state.legal_moves()[0])  # call the first King it may
        if state.partner is not None:
            return state.play(NO_SLAM), state.partner
    raise AssertionError("no partner in 100 deals")


def test_the_partner_is_not_told_to_a_seat_before_the_called_card_falls() -> None:
    state, partner = called_card_state()
    assert state.called is not None
    called = state.called.to_unicode()
    whole = state.to_unicode()
    assert f"Called: {called}, held by seat {partner} (the partner)" in whole
    assert f"Seat {partner}: partner" in whole
    others = [seat for seat in range(5) if seat not in (partner, state.taker)]
    for seat in [*others, state.taker or 0]:
        picture = render.state_to_unicode(state, seat=seat)
        assert f"Called: {called}: the partner is not known until it is played" in picture
        assert "partner" not in picture.replace("the partner is not known", "")
        root = ET.fromstring(svg.table(state))  # the whole table may tell it
        assert any(f"Seat {partner}: partner" in text for text in texts(root))
    own = render.state_to_unicode(state, seat=partner)
    assert "in your hand: you are the taker's partner" in own
    # play on until the called card falls: then every seat is told
    while not any(state.called in trick.cards for trick in (*state.tricks, state.trick)):
        state = state.play(state.legal_card_moves()[0])
    for seat in range(5):
        picture = render.state_to_unicode(state, seat=seat)
        assert f"played by seat {partner} (the partner)" in picture
        assert f"Seat {partner}: partner" in picture or f"Seat {partner}: dealer, partner" in (
            picture
        )


def test_a_taker_alone_with_the_called_card_in_hand() -> None:
    rules = Rules.french(players=5)
    for seed in range(400):
        state = play_to(deal(rules, seed), ["garde-contre", "pass", "pass", "pass", "pass"])
        own = [
            move
            for move in state.legal_moves()
            if state.initial.hands[state.taker or 0].mask >> move.card.index & 1  # type: ignore[union-attr]
        ]
        if own:
            state = state.play(own[0]).play(NO_SLAM)
            break
    else:
        pytest.skip("no taker held a callable card in 400 deals")
    assert state.partner is None
    assert "held by the taker: the taker plays alone" in state.to_unicode()
    taker = state.taker
    assert taker is not None
    assert "in your hand: you play alone" in render.state_to_unicode(state, seat=taker)
    other = (taker + 1) % 5
    assert "the partner is not known" in render.state_to_unicode(state, seat=other)


# -- the announcement, poignées, the end ----------------------------------------------------


def poignee_state() -> State:
    """A three-player deal where the taker declares a poignée before the first card."""
    rules = Rules.french(players=3)
    for seed in range(300):
        state = play_to(deal(rules, seed), ["prise", "pass", "pass"])
        state = first_legal(state, Phase.DISCARD).play(SLAM)
        declarations = [move for move in state.legal_moves() if isinstance(move, Declaration)]
        if declarations:
            return state.play(declarations[0])
    raise AssertionError("no poignée in 300 deals")


def test_the_announcement_and_poignees_with_their_cards() -> None:
    state = poignee_state()
    seat, level = state.poignees[0]
    shown = state.poignee_cards(seat).to_unicode()
    line = f"Poignée: seat {seat} {level.value} ({shown})"
    for viewer in (None, 0, 1, 2):
        picture = render.state_to_unicode(state, viewer)
        assert line in picture and "Announcement: slam" in picture
    root = ET.fromstring(state._repr_html_())
    assert line in texts(root) and "Announcement: slam" in texts(root)


def test_a_finished_deal_ends_with_its_score() -> None:
    state = poignee_state()
    while not state.is_over:
        state = state.play(state.legal_moves()[0])
    score = state.score()
    assert score is not None
    text = state.to_unicode()
    assert text.endswith("\n\n" + score.to_unicode())
    assert render.state_heading(state) == "Tarot french-3: deal over"
    # once the deal is over, every seat sees every hand and the score
    assert render.state_to_unicode(state, seat=1).endswith(score.to_unicode())
    root = check_svg_table(state)
    assert "Poignées" in " ".join(texts(root))


def test_a_void_deal() -> None:
    state = play_to(deal(Rules.french(players=4), 3), ["pass"] * 4)
    text = state.to_unicode()
    assert text.splitlines()[0] == "Tarot french-4: deal void, every seat passed"
    assert "Contract: none, every seat passed (a void deal)" in text
    assert "┌ Void deal" in text
    assert "payoff  0  0  0  0" in text
    check_svg_table(state)


def test_points_are_half_points_with_a_half_sign() -> None:
    # three cards to a trick: a side often holds an odd number of cards, so half a point
    state = play_to(deal(Rules.french(players=3), 1), ["pass", "garde-sans", "pass"])
    state = state.play(NO_SLAM)
    seen = False
    while not state.is_over:
        state = state.play(state.legal_card_moves()[0])
        lines = state.to_unicode().splitlines()
        points = next(line for line in lines if line.startswith("points"))
        assert "/" not in points
        seen = seen or "½" in points
    assert seen


# -- moves and arguments --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("move", "text"),
    [
        (parse_move("QS"), "Q♠"),
        (PASS, "pass"),
        (Bid(Contract.GARDE_CONTRE), "garde-contre"),
        (parse_move("call-KD"), "call-K♦"),
        (SLAM, "slam"),
        (NO_SLAM, "no-slam"),
        (parse_move("poignee-triple"), "poignee-triple"),
    ],
    ids=str,
)
def test_every_kind_of_move_has_a_picture(move: AnyMove, text: str) -> None:
    assert render.move_to_unicode(move) == text


def test_bad_arguments() -> None:
    state = deal(Rules.french(players=3), 1)
    with pytest.raises(RulesError, match="seat"):
        render.state_to_unicode(state, seat=3)
    with pytest.raises(RulesError, match="seat"):
        render.contract_lines(state, seat=-1)
    with pytest.raises(NotationError, match=r"expected a tarot\.State"):
        render.contract_lines("state")  # type: ignore[arg-type]
    with pytest.raises(NotationError, match=r"expected a tarot\.Move"):
        render.move_to_unicode("KH")  # type: ignore[arg-type]
    assert render.contract_lines(deal(Rules.traditional(players=3), 1)) == ()
    assert isinstance(Move.parse("KH"), Move)
