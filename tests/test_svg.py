"""The SVG pictures (cardgames.svg) and the HTML that Jupyter shows: every output is parsed as
XML and its contents checked (card groups, each card's texts, seat labels, the trick)."""

from __future__ import annotations

import itertools
import math
import random
import re
import runpy
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames import svg, tailor, tarot
from cardgames.cards import Card
from cardgames.cardset import CardSet
from cardgames.errors import NotationError, RulesError
from cardgames.tailor import render as tailor_render
from cardgames.tarot import render as tarot_render

NS = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parent.parent
TAROT_RULES = tarot.Rules.traditional(players=3)
TAILOR_RULES = tailor.Rules(players=3, chase_mode=True)


def parse(image: str) -> ET.Element:
    root = ET.fromstring(image)
    assert root.tag == f"{NS}svg"
    return root


def card_groups(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if g.get("class") == "card"]


def texts(element: ET.Element) -> list[str]:
    return [node.text or "" for node in element.iter(f"{NS}text")]


def all_text(root: ET.Element) -> str:
    return " ".join(texts(root))


def shown(group: ET.Element) -> str:
    """The written form of the card a group draws."""
    return group.get("data-card") or ""


# -- single cards ---------------------------------------------------------------------------


@pytest.mark.parametrize("card", tarot.TarotCard.all(), ids=str)
def test_every_tarot_card_has_a_face_with_its_rank_or_number(card: tarot.TarotCard) -> None:
    root = parse(svg.card(card))
    (group,) = card_groups(root)
    assert shown(group) == str(card)
    assert group.findtext(f"{NS}title") == card.to_unicode()
    words = texts(group)
    if card.is_excuse:
        assert "EX" in words and "Excuse" in words
    elif card.is_trump:
        assert words.count(str(card.trump_number)) == 2 and "trump" in words
    else:
        assert card.suit is not None
        assert str(card.rank) in words and "♠♥♦♣"[card.suit] in words


@pytest.mark.parametrize("card", Card.all(), ids=str)
def test_every_standard_card_has_a_face(card: Card) -> None:
    root = parse(svg.card(card))
    (group,) = card_groups(root)
    assert shown(group) == str(card)
    assert group.findtext(f"{NS}title") == card.to_unicode()
    words = texts(group)
    if card.is_tailor:
        assert "✂" in words and "Tailor" in words
    elif card.is_joker:
        assert "Joker" in words and f"J{str(card)[-1]}" in words
    else:
        assert card.rank is not None and card.suit is not None
        assert card.rank.to_unicode() in words and "♠♥♦♣"[card.suit] in words


def test_red_suits_are_red_and_black_suits_black() -> None:
    def colours(text: str) -> set[str | None]:
        root = parse(svg.card(Card.parse(text)))
        return {node.get("fill") for node in root.iter(f"{NS}text")}

    assert colours("QH") == colours("QD") == {"#c0392b"}
    assert colours("QS") == colours("QC") == {"#1b1b1b"}


def test_a_card_is_sized_by_its_width() -> None:
    root = parse(svg.card(Card.parse("AS"), width=100))
    assert root.get("width") == "100" and root.get("height") == "140"
    assert root.get("viewBox") == "0 0 100 140"


def test_images_show_in_jupyter() -> None:
    image = svg.card(Card.parse("AS"))
    assert isinstance(image, svg.SvgImage) and isinstance(image, str)
    assert image._repr_svg_() == str(image)


def test_bad_arguments_are_refused_clearly() -> None:
    with pytest.raises(NotationError, match="expected a Card"):
        svg.card("AS")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="card width"):
        svg.card(Card.parse("AS"), width=3)
    with pytest.raises(RulesError, match="card width"):
        svg.hand([], width=True)
    with pytest.raises(RulesError, match="cards per row"):
        svg.hand([], per_row=0)
    with pytest.raises(NotationError, match="iterable of cards"):
        svg.hand("AS KS")  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="expected a Card"):
        svg.hand([Card.parse("AS"), 7])  # type: ignore[list-item]
    with pytest.raises(NotationError, match="Trick"):
        svg.trick(tailor.deal(tailor.Rules()))  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="State"):
        svg.table(tarot.Trick(leader=0))


# -- hands ----------------------------------------------------------------------------------


def test_a_hand_draws_every_card_in_order_in_rows() -> None:
    cards = [Card.parse(text) for text in ["QH", "2S", "X2", "TLR", "TD"]]
    root = parse(svg.hand(cards, per_row=2, width=50))
    groups = card_groups(root)
    assert [shown(group) for group in groups] == ["QH", "2S", "X2", "TLR", "TD"]
    # Three rows of 70 px cards with 7.5 px between them; two columns of 50 px.
    assert root.get("height") == "225"
    assert root.get("width") == "107.5"
    rows = {group.get("transform") for group in groups}
    assert "translate(57.5,77.5)" in rows


def test_a_card_set_draws_in_the_library_order() -> None:
    hand = tarot.TarotCardSet.parse("EX 21T KS 1H")
    assert [shown(g) for g in card_groups(parse(svg.hand(hand)))] == ["KS", "1H", "21T", "EX"]


def test_an_empty_hand_is_a_dash() -> None:
    root = parse(svg.hand(CardSet()))
    assert card_groups(root) == [] and texts(root) == ["-"]


def test_card_sets_show_as_svg_in_jupyter() -> None:
    for hand in (CardSet.parse("AS QH X1 TLR"), tarot.TarotCardSet.parse("KS 21T EX")):
        root = parse(hand._repr_html_())
        assert [shown(group) for group in card_groups(root)] == [str(c) for c in hand]


def test_output_is_deterministic() -> None:
    state = tarot.deal(TAROT_RULES, seed=11)
    assert svg.table(state) == svg.table(tarot.deal(TAROT_RULES, seed=11))
    assert svg.hand(state.hands[0]) == svg.hand(state.hands[0])


# -- tricks ---------------------------------------------------------------------------------


def test_a_trick_labels_each_card_with_its_seat_and_outlines_the_winner() -> None:
    cards = tuple(tarot.TarotCard.parse(text) for text in ["KH", "3H", "21T"])
    trick = tarot.Trick(leader=1, cards=cards, players=(1, 2, 0), winner=0)
    root = parse(svg.trick(trick))
    groups = card_groups(root)
    assert [shown(group) for group in groups] == ["KH", "3H", "21T"]
    labels = [node.text for node in root.iter(f"{NS}text") if node.get("class") == "seat-label"]
    assert labels == ["seat 1", "seat 2", "seat 0 wins"]
    strokes = [group.find(f"{NS}rect").get("stroke-width") for group in groups]  # type: ignore[union-attr]
    assert strokes == ["1", "1", "3"]
    assert "Trick led by seat 1" in all_text(root)


def test_an_empty_trick_names_its_leader() -> None:
    root = parse(svg.trick(tarot.Trick(leader=2)))
    assert card_groups(root) == [] and "seat 2 to lead" in texts(root)


def test_trick_html_wraps_the_svg() -> None:
    cards = (tarot.TarotCard.parse("KH"),)
    trick = tarot.Trick(leader=1, cards=cards, players=(1,))
    root = ET.fromstring(tarot_render.trick_to_html(trick))
    assert root.tag == "div" and root.get("title") == "KH"
    (image,) = root
    assert [shown(group) for group in card_groups(image)] == ["KH"]


# -- tables ---------------------------------------------------------------------------------


def seat_groups(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if g.get("class") == "seat"]


def classed(root: ET.Element, css: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if g.get("class") == css]


def translate(element: ET.Element) -> tuple[float, float]:
    transform = element.get("transform")
    if transform is None:
        return 0.0, 0.0
    assert transform.startswith("translate(") and transform.endswith(")"), transform
    x, y = transform[len("translate(") : -1].split(",")
    return float(x), float(y)


Box = tuple[float, float, float, float]  # left, top, width, height in the picture


def placed(root: ET.Element) -> dict[int, Box]:
    """Every ``rect`` in the picture (by the id() of its element, or of the card group that
    holds it), placed in the picture's coordinates through the ``translate`` of every
    enclosing group."""
    boxes: dict[int, Box] = {}

    def walk(element: ET.Element, x: float, y: float, owner: ET.Element | None) -> None:
        dx, dy = translate(element)
        x, y = x + dx, y + dy
        if element.get("class") in ("card", "card-back"):
            owner = element
        if element.tag == f"{NS}rect":
            box = (
                x + float(element.get("x", "0")),
                y + float(element.get("y", "0")),
                float(element.get("width", "0")),
                float(element.get("height", "0")),
            )
            boxes[id(owner if owner is not None else element)] = box
        for child in element:
            walk(child, x, y, owner)

    walk(root, 0.0, 0.0, None)
    return boxes


def centre_of(box: Box) -> tuple[float, float]:
    return box[0] + box[2] / 2, box[1] + box[3] / 2


def seat_box(root: ET.Element, boxes: dict[int, Box], seat: ET.Element) -> Box:
    (rect,) = [r for r in seat.iter(f"{NS}rect") if r.get("class") == "seat-box"]
    return boxes[id(rect)]


def felt_box(root: ET.Element, boxes: dict[int, Box]) -> Box:
    (rect,) = [r for r in root.iter(f"{NS}rect") if r.get("class") == "table-felt"]
    return boxes[id(rect)]


def tarot_text_order(hand: tarot.TarotCardSet) -> list[str]:
    """The hand's cards in the order of its text picture, read back from the picture."""
    order = []
    for line in tarot_render.hand_lines(hand):
        head, *labels = line.split()
        for label in labels:
            if label == "-":
                continue
            if label == "EX":
                order.append("EX")
            elif head == "T":
                order.append(f"{label}T")
            else:
                order.append(f"{label}{'SHDC'['♠♥♦♣'.index(head)]}")
    assert sorted(order) == sorted(str(card) for card in hand)
    return order


def tailor_text_order(hand: CardSet) -> list[str]:
    words = " ".join(tailor_render.hand_lines(hand)).split()
    order = [str(card) for card in hand if card.to_unicode() in words]
    assert [Card.parse(text).to_unicode() for text in order] == [w for w in words if w != "-"]
    return order


def check_picture_inside(root: ET.Element) -> None:
    """Every card, seat panel and the table lie inside the viewBox."""
    width, height = float(root.get("width", "0")), float(root.get("height", "0"))
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    for left, top, w, h in placed(root).values():
        assert left >= -0.01 and left + w <= width + 0.01
        assert top >= -0.01 and top + h <= height + 0.01


def check_round_table(root: ET.Element, players: int) -> list[float]:
    """The seats sit round the table in seat order: seat 0 below the middle, each next seat
    further clockwise, no two panels overlapping; returns each seat's angle (degrees)."""
    boxes = placed(root)
    cx, cy = centre_of(felt_box(root, boxes))
    seats = seat_groups(root)
    assert [group.get("data-seat") for group in seats] == [str(s) for s in range(players)]
    angles = []
    for group in seats:
        x, y = centre_of(seat_box(root, boxes, group))
        # clockwise from the bottom as seen on the screen (y points down): 0 for seat 0
        angles.append((math.degrees(math.atan2(y - cy, x - cx)) - 90) % 360)
    assert angles[0] < 1 or angles[0] > 359
    assert angles[1:] == sorted(angles[1:]) and all(0 < a < 360 for a in angles[1:])
    assert len({round(a) for a in angles}) == players
    panels = [seat_box(root, boxes, group) for group in seats]
    for i, a in enumerate(panels):
        for b in panels[:i]:
            apart_x = a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0]
            apart_y = a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1]
            assert apart_x or apart_y
    return angles


def check_tarot_table(state: tarot.State) -> ET.Element:
    root = parse(svg.table(state))
    check_picture_inside(root)
    seats = seat_groups(root)
    assert len(seats) == state.rules.players
    for seat, group in enumerate(seats):
        assert [shown(card) for card in card_groups(group)] == tarot_text_order(state.hands[seat])
        label, stats = texts(group)[:2]
        assert label.startswith(f"Seat {seat}")
        assert ("dealer" in label) == (seat == state.dealer)
        to_move = seat == state.to_move and not state.is_over
        assert ("to move" in label) == to_move == (group.get("data-to-move") == "true")
        assert re.fullmatch(r"\d+ tricks?, \d*[½⅓⅔¼¾]? points?", stats), stats
    check_round_table(root, state.rules.players)
    assert tarot_render.state_heading(state) in texts(root)
    # besides the hands: the discard while it is made, or the trick shown, and a shown dog
    phase = state.phase
    shown_trick = state.trick if state.trick.cards or not state.tricks else state.tricks[-1]
    if phase is tarot.Phase.DISCARD:
        extra = len(state.discard)
    elif phase in AUCTION or (state.rules.bidding and state.is_void):
        extra = 0
    else:
        extra = len(shown_trick.cards)
    contract = state.contract if state.taker is not None else None
    if contract is not None and contract.dog_shown and phase is not tarot.Phase.DISCARD:
        extra += len(state.initial.talon)
    assert len(card_groups(root)) == sum(map(len, state.hands)) + extra
    return root


AUCTION = (tarot.Phase.BIDDING, tarot.Phase.CALL, tarot.Phase.ANNOUNCE)


TABLES = [
    tarot.Rules.traditional(players=3),
    tarot.Rules.traditional(players=4),
    tarot.Rules.french(players=3),
    tarot.Rules.french(players=4),
    tarot.Rules.french(players=5),
    tarot.Rules.simplified(players=2),
    tarot.Rules.simplified(players=6),
]


def mid_trick(rules: tarot.Rules, seed: int, tricks: int, cards: int) -> tarot.State:
    """A deal played at random to ``cards`` cards into trick ``tricks + 1``."""
    state = tarot.deal(rules, seed=seed)
    rng = random.Random(seed)
    while (
        state.phase is not tarot.Phase.PLAY
        or len(state.tricks) < tricks
        or len(state.trick.cards) < cards
    ):
        state = state.play(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize("rules", TABLES, ids=str)
def test_seats_sit_round_the_table_and_the_trick_in_the_middle(rules: tarot.Rules) -> None:
    players = rules.players
    state = mid_trick(rules, seed=4, tricks=1, cards=players - 1)
    root = check_tarot_table(state)
    boxes = placed(root)
    felt = felt_box(root, boxes)
    cx, cy = centre_of(felt)
    (trick,) = classed(root, "trick")
    played = card_groups(trick)
    assert [shown(g) for g in played] == [str(card) for card in state.trick.cards]
    seats = seat_groups(root)
    for group, seat in zip(played, state.trick.players, strict=True):
        x, y = centre_of(boxes[id(group)])
        # on the table, nearer its middle than any seat, and pushed toward its own seat
        assert felt[0] < x < felt[0] + felt[2] and felt[1] < y < felt[1] + felt[3]
        sx, sy = centre_of(seat_box(root, boxes, seats[seat]))
        assert (x - cx) * (sx - cx) + (y - cy) * (sy - cy) > 0
    labels = [n.text for n in trick.iter(f"{NS}text") if n.get("class") == "seat-label"]
    assert labels == [f"seat {seat}" for seat in state.trick.players]
    assert f"Trick 2, led by seat {state.trick.leader}" in texts(trick)


@pytest.mark.parametrize("players", range(2, 7))
def test_tailor_seats_sit_round_the_pile(players: int) -> None:
    state = tailor.deal(tailor.Rules(players=players), seed=3)
    rng = random.Random(3)
    for _ in range(10):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    root = parse(svg.table(state))
    check_picture_inside(root)
    check_round_table(root, players)
    payoffs = state.payoffs()
    for seat, group in enumerate(seat_groups(root)):
        hand = state.hands[seat]
        assert [shown(card) for card in card_groups(group)] == tailor_text_order(hand)
        label, stats = texts(group)[:2]
        assert label.startswith(f"Seat {seat}")
        assert ("to move" in label) == (seat == state.to_move and not state.is_over)
        plural = "card" if len(hand) == 1 else "cards"
        assert stats == f"{len(hand)} {plural}, score {payoffs[seat]}"
    boxes = placed(root)
    felt = felt_box(root, boxes)
    (pile,) = classed(root, "pile")
    (top,) = card_groups(pile)
    x, y = centre_of(boxes[id(top)])
    assert felt[0] < x < felt[0] + felt[2] and felt[1] < y < felt[1] + felt[3]
    assert shown(top) == str(state.top_card)
    assert f"follow: {tailor_render.top_to_unicode(state.top)}" in texts(pile)


def test_the_tricks_and_points_beside_each_seat() -> None:
    # The position of tarot.render.state_to_unicode's example: seat 0 has won 5 tricks and
    # 9 points, seat 1 11 tricks and 34⅔, seat 2 7 tricks and 29⅓ (the discard's 6 cards
    # count for the dealer, seat 0).
    state = tarot.random_position(TAROT_RULES, seed=2, tricks_left=2)
    state = state.play(state.legal_moves()[1])
    assert [t.winner for t in state.tricks].count(0) == 5
    root = check_tarot_table(state)
    stats = [texts(group)[1] for group in seat_groups(root)]
    assert stats == ["5 tricks, 9 points", "11 tricks, 34⅔ points", "7 tricks, 29⅓ points"]
    # one trick and one point are singular
    first = mid_trick(tarot.Rules.traditional(players=4), seed=4, tricks=2, cards=0)
    lines = [texts(group)[1] for group in seat_groups(parse(svg.table(first)))]
    assert lines == [
        "2 tricks, 7 points",
        "0 tricks, 0 points",
        "0 tricks, 7 points",
        "0 tricks, 0 points",
    ]


def test_long_hands_fan_in_balanced_rows() -> None:
    for players, size in ((3, 24), (4, 18)):
        state = tarot.deal(tarot.Rules.french(players=players), seed=1)
        root = parse(svg.table(state))
        boxes = placed(root)
        group = seat_groups(root)[1]
        cards = card_groups(group)
        assert len(cards) == size
        rows: dict[float, int] = {}
        for card in cards:
            top = boxes[id(card)][1]
            rows[top] = rows.get(top, 0) + 1
        assert list(rows.values()) == [size // 2, size // 2]  # two rows of 12 (of 9)
        # the cards overlap: each shows at least its corner, and a row is far narrower than
        # the cards side by side
        lefts = sorted(boxes[id(card)][0] for card in cards[: size // 2])
        steps = {round(b - a, 2) for a, b in itertools.pairwise(lefts)}
        assert steps == {22.0}  # 0.55 of a 40-pixel card
    # a short hand is one row
    short = tailor.deal(tailor.Rules(players=3), seed=1)
    group = seat_groups(parse(svg.table(short)))[0]
    assert len({card.get("transform", "").split(",")[1] for card in card_groups(group)}) == 1


def test_a_tarot_table_in_the_discard_phase_shows_the_discard() -> None:
    state = tarot.deal(TAROT_RULES, seed=5)
    state = state.play(state.legal_moves()[0])
    root = check_tarot_table(state)
    (discard,) = classed(root, "discard")
    assert [shown(group) for group in card_groups(discard)] == [str(c) for c in state.discard]
    assert "Discard (2 more to discard)" in texts(discard)


def test_a_finished_tarot_table_shows_the_last_trick_and_its_winner() -> None:
    state = tarot.deal(tarot.Rules.simplified(players=4), seed=9)
    while not state.is_over:
        state = state.play(state.legal_moves()[0])
    root = check_tarot_table(state)
    last = state.tricks[-1]
    (trick,) = classed(root, "trick")
    assert [shown(group) for group in card_groups(root)] == [str(card) for card in last.cards]
    assert f"seat {last.winner} wins" in texts(trick)


def test_a_shown_dog_lies_in_the_middle() -> None:
    rules = tarot.Rules.french(players=4)
    for seed in range(50):
        state = tarot.deal(rules, seed=seed)
        rng = random.Random(seed)
        while state.phase is not tarot.Phase.PLAY and not state.is_over:
            state = state.play(rng.choice(state.legal_moves()))
        if state.contract is not None and state.contract.dog_shown and not state.is_over:
            break
    else:
        pytest.fail("no prise or garde in 50 deals")
    root = check_tarot_table(state)
    (dog,) = classed(root, "dog")
    assert sorted(shown(card) for card in card_groups(dog)) == sorted(
        str(card) for card in state.initial.talon
    )
    boxes = placed(root)
    felt = felt_box(root, boxes)
    for card in card_groups(dog):
        x, y = centre_of(boxes[id(card)])
        assert felt[0] < x < felt[0] + felt[2] and felt[1] < y < felt[1] + felt[3]


def test_before_the_play_the_middle_says_what_the_auction_waits_for() -> None:
    state = tarot.deal(tarot.Rules.french(players=4), seed=1)
    root = check_tarot_table(state)
    (auction,) = classed(root, "auction")
    assert texts(auction) == ["Bidding", f"seat {state.to_move} to bid"]


def test_state_html_is_well_formed_titled_and_sized() -> None:
    for state in (tarot.deal(TAROT_RULES, seed=1), tailor.deal(TAILOR_RULES, seed=1)):
        html = (
            tarot_render.state_to_html(state)
            if isinstance(state, tarot.State)
            else tailor_render.state_to_html(state)
        )
        root = ET.fromstring(html)
        assert root.tag == "div" and root.get("title") == str(state)
        (image,) = root
        assert image.tag == f"{NS}svg"
        assert image.get("style") == "max-width:100%;height:auto"
        assert 300 < float(image.get("width", "0")) < 1200
        assert 200 < float(image.get("height", "0")) < 900
        assert len(card_groups(root)) >= sum(map(len, state.hands))


def test_a_table_is_the_state_own_picture_drawn_by_its_game() -> None:
    tarot_state = tarot.deal(TAROT_RULES, seed=4)
    tailor_state = tailor.deal(TAILOR_RULES, seed=4)
    image = svg.table(tarot_state, width=30, per_row=9)
    assert isinstance(image, svg.SvgImage)
    assert image == tarot_state.to_svg(width=30, per_row=9)
    assert image == tarot_render.state_to_svg(tarot_state, width=30, per_row=9)
    image = svg.table(tailor_state, width=30, per_row=9)
    assert isinstance(image, svg.SvgImage)
    assert image == tailor_state.to_svg(width=30, per_row=9)
    assert image == tailor_render.state_to_svg(tailor_state, width=30, per_row=9)
    with pytest.raises(NotationError, match=r"tarot\.State"):
        tarot_render.state_to_svg(tailor_state)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match=r"tailor\.State"):
        tailor_render.state_to_svg(tarot_state)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="card width"):
        tarot_state.to_svg(width=5)
    with pytest.raises(NotationError, match="State"):
        svg.table(tarot.State)


# -- every position draws -------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(
        [tarot.Rules.simplified(players=n) for n in range(2, 7)]
        + [TAROT_RULES, *(tarot.Rules.french(players=n) for n in (3, 4, 5))]
    ),
    st.integers(0, 2**64 - 1),
    st.integers(0, 80),
)
def test_every_tarot_state_draws(rules: tarot.Rules, seed: int, moves: int) -> None:
    state = tarot.deal(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    check_tarot_table(state)


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 6), st.booleans(), st.integers(0, 2**64 - 1), st.integers(0, 60))
def test_every_tailor_state_draws(players: int, chase: bool, seed: int, moves: int) -> None:
    state = tailor.deal(tailor.Rules(players=players, chase_mode=chase), seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    root = parse(svg.table(state, width=30, per_row=7))
    assert len(card_groups(root)) == sum(map(len, state.hands)) + 1
    check_picture_inside(root)
    check_round_table(root, players)
    for seat, group in enumerate(seat_groups(root)):
        assert [shown(c) for c in card_groups(group)] == tailor_text_order(state.hands[seat])


# -- the example script ---------------------------------------------------------------------


def example_main() -> Callable[[list[str]], int]:
    namespace = runpy.run_path(str(ROOT / "examples" / "svg_table.py"), run_name="svg_table")
    main: Callable[[list[str]], int] = namespace["main"]
    return main


def test_the_svg_example_writes_pictures_that_parse(tmp_path: Path) -> None:
    assert example_main()([str(tmp_path / "out")]) == 0
    written = sorted(path.name for path in (tmp_path / "out").glob("*.svg"))
    assert written == [
        "french_table.svg",
        "tailor_table.svg",
        "tarot_hand.svg",
        "tarot_table.svg",
        "tarot_trick.svg",
    ]
    for name in written:
        assert card_groups(parse((tmp_path / "out" / name).read_text(encoding="utf-8")))


def test_the_svg_example_runs_without_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert example_main()([]) == 0
    paths = [Path(line) for line in capsys.readouterr().out.split()]
    assert len(paths) == 5 and all(path.is_file() for path in paths)
    for path in paths:
        path.unlink()
    paths[0].parent.rmdir()


def test_the_docs_pictures_are_the_example_output(tmp_path: Path) -> None:
    example_main()([str(tmp_path)])
    for path in tmp_path.glob("*.svg"):
        committed = ROOT / "docs" / "_static" / path.name
        assert committed.read_text(encoding="utf-8") == path.read_text(encoding="utf-8")
