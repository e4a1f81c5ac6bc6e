"""The SVG pictures (cardgames.svg) and the HTML that Jupyter shows: every output is parsed as
XML and its contents checked (card groups, each card's texts, seat labels, the trick)."""

from __future__ import annotations

import random
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
        svg.table(tarot.Trick(leader=0))  # type: ignore[arg-type]


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


def check_tarot_table(state: tarot.State) -> ET.Element:
    root = parse(svg.table(state))
    seats = seat_groups(root)
    assert [group.get("data-seat") for group in seats] == [str(s) for s in range(len(seats))]
    assert len(seats) == state.rules.players
    for seat, group in enumerate(seats):
        assert [shown(card) for card in card_groups(group)] == [str(c) for c in state.hands[seat]]
        label = texts(group)[0]
        assert label.startswith(f"Seat {seat}")
        assert ("dealer" in label) == (seat == state.dealer)
        assert ("to move" in label) == (seat == state.to_move and not state.is_over)
    shown_trick = state.trick if state.trick.cards or not state.tricks else state.tricks[-1]
    extra = state.discard if state.phase is tarot.Phase.DISCARD else shown_trick.cards
    assert len(card_groups(root)) == sum(map(len, state.hands)) + len(extra)
    assert tarot_render.state_heading(state) in texts(root)
    return root


def test_a_tarot_table_shows_every_hand_and_the_trick() -> None:
    state = tarot.random_position(TAROT_RULES, seed=2, tricks_left=3)
    state = state.play(state.legal_moves()[0])
    root = check_tarot_table(state)
    trick_cards = card_groups(root)[-1:]
    assert [shown(group) for group in trick_cards] == [str(state.trick.cards[0])]
    assert f"Trick 23, led by seat {state.trick.leader}" in texts(root)


def test_a_tarot_table_in_the_discard_phase_shows_the_discard() -> None:
    state = tarot.deal(TAROT_RULES, seed=5)
    state = state.play(state.legal_moves()[0])
    root = check_tarot_table(state)
    (discard,) = [g for g in root.iter(f"{NS}g") if g.get("class") == "discard"]
    assert [shown(group) for group in card_groups(discard)] == [str(c) for c in state.discard]
    assert "Discard (2 more to discard)" in texts(discard)


def test_a_finished_tarot_table_shows_the_last_trick() -> None:
    state = tarot.deal(tarot.Rules.simplified(players=4), seed=9)
    while not state.is_over:
        state = state.play(state.legal_moves()[0])
    root = check_tarot_table(state)
    assert [shown(group) for group in card_groups(root)] == [
        str(card) for card in state.tricks[-1].cards
    ]


def test_a_tailor_table_shows_every_hand_and_the_pile() -> None:
    state = tailor.random_position(TAILOR_RULES, seed=2)
    root = parse(svg.table(state))
    seats = seat_groups(root)
    assert len(seats) == 3
    for seat, group in enumerate(seats):
        assert [shown(card) for card in card_groups(group)] == [str(c) for c in state.hands[seat]]
        assert texts(group)[0].startswith(f"Seat {seat}: {len(state.hands[seat])} cards")
    (pile,) = [g for g in root.iter(f"{NS}g") if g.get("class") == "pile"]
    assert [shown(group) for group in card_groups(pile)] == [str(state.top_card)]
    (back,) = [g for g in pile.iter(f"{NS}g") if g.get("class") == "card-back"]
    assert str(len(state.stock)) in texts(back)
    facts = texts(pile)
    assert f"follow: {tailor_render.top_to_unicode(state.top)}" in facts
    assert f"stock: {len(state.stock)} cards" in facts
    assert "chase: off" in facts or "chase: on" in facts
    assert tailor_render.state_heading(state) in texts(root)


def test_state_html_is_well_formed_and_titled_with_the_notation() -> None:
    for state in (tarot.deal(TAROT_RULES, seed=1), tailor.deal(TAILOR_RULES, seed=1)):
        html = (
            tarot_render.state_to_html(state)
            if isinstance(state, tarot.State)
            else tailor_render.state_to_html(state)
        )
        root = ET.fromstring(html)
        assert root.tag == "div" and root.get("title") == str(state)
        assert len(card_groups(root)) >= sum(map(len, state.hands))


# -- every position draws -------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from([tarot.Rules.simplified(players=n) for n in range(2, 7)] + [TAROT_RULES]),
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
    assert len(seat_groups(root)) == players


# -- the example script ---------------------------------------------------------------------


def example_main() -> Callable[[list[str]], int]:
    namespace = runpy.run_path(str(ROOT / "examples" / "svg_table.py"), run_name="svg_table")
    main: Callable[[list[str]], int] = namespace["main"]
    return main


def test_the_svg_example_writes_pictures_that_parse(tmp_path: Path) -> None:
    assert example_main()([str(tmp_path / "out")]) == 0
    written = sorted(path.name for path in (tmp_path / "out").glob("*.svg"))
    assert written == ["tailor_table.svg", "tarot_hand.svg", "tarot_table.svg", "tarot_trick.svg"]
    for name in written:
        assert card_groups(parse((tmp_path / "out" / name).read_text(encoding="utf-8")))


def test_the_svg_example_runs_without_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert example_main()([]) == 0
    paths = [Path(line) for line in capsys.readouterr().out.split()]
    assert len(paths) == 4 and all(path.is_file() for path in paths)
    for path in paths:
        path.unlink()
    paths[0].parent.rmdir()


def test_the_docs_pictures_are_the_example_output(tmp_path: Path) -> None:
    example_main()([str(tmp_path)])
    for path in tmp_path.glob("*.svg"):
        committed = ROOT / "docs" / "_static" / path.name
        assert committed.read_text(encoding="utf-8") == path.read_text(encoding="utf-8")
