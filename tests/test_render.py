"""The text pictures: the shared blocks (cardgames.render), Tarot and Chase the Tailor hands,
tricks and positions, and analyses (Analysis.to_unicode and its HTML table)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames import solver, tailor, tarot
from cardgames.cards import Card
from cardgames.cardset import CardSet
from cardgames.errors import AnalysisError, NotationError
from cardgames.render import (
    MoveRow,
    boxed,
    centred,
    format_bounds,
    format_points,
    grid,
    move_table,
    read_points,
    render,
    side_by_side,
    stacked,
    table_layout,
    text_width,
)
from cardgames.search.results import Limit
from cardgames.tailor import render as tailor_render
from cardgames.tarot import render as tarot_render

TAROT_RULES = tarot.Rules.traditional(players=3)
TAILOR_RULES = tailor.Rules(players=3)


def no_trailing_spaces(text: str) -> bool:
    return all(line == line.rstrip() for line in text.split("\n"))


# -- the shared blocks ----------------------------------------------------------------------


def test_text_width_counts_wide_characters_twice() -> None:
    assert text_width("10♠") == 3
    assert text_width("🃏2") == 3
    assert text_width("é") == 1 and text_width("e\u0301") == 1


def test_boxed_fits_the_widest_line_and_the_title() -> None:
    assert boxed(["ab", "c"]) == ("┌────┐", "│ ab │", "│ c  │", "└────┘")
    assert boxed(["x"], title="Trick 1") == (
        "┌ Trick 1 ─┐",
        "│ x        │",
        "└──────────┘",
    )


def test_boxed_lines_line_up_with_wide_characters() -> None:
    box = boxed(["🃏1", "abc"])
    assert {text_width(line) for line in box} == {7}


def test_side_by_side_pads_columns_and_strips_line_ends() -> None:
    assert side_by_side([("a", "bbb"), ("c",)], gap=1) == ("a   c", "bbb")
    assert side_by_side([("a",), (), ("b",)], gap=2) == ("a  b",)
    assert side_by_side([("1", "2", "3"), ("x",)], gap=1, middle=True) == ("1", "2 x", "3")


def test_centred_and_stacked() -> None:
    assert centred(("ab",), 7) == ("  ab",)
    assert stacked([("wide line",), ("x",)], centre=True) == ("wide line", "", "    x")
    assert stacked([("a",), ("b",)], gap=0) == ("a", "b")


def test_table_layout_puts_seat_zero_at_the_bottom() -> None:
    two = table_layout([("S0",), ("S1",)], ("mid",))
    assert two == ("S1", "", "mid", "", "S0")
    three = table_layout([("S0",), ("S1",), ("S2",)], ("mid",))
    assert three == ("S1    S2", "", "  mid", "", "   S0")
    five = table_layout([(f"S{i}",) for i in range(5)], ("mid",))
    assert five == (
        "   S2    S3",
        "",
        "S1    mid    S4",
        "",
        "      S0",
    )
    six = table_layout([(f"S{i}",) for i in range(6)], ("c",))
    assert six[0] == "S2    S3    S4" and six[2] == "S1    c    S5"


def test_grid_aligns_numbers_right() -> None:
    assert grid([["seat", "0", "1"], ["points", "12", "7/2"]]) == (
        "seat     0    1",
        "points  12  7/2",
    )


def test_move_table_marks_the_best_moves() -> None:
    rows = [MoveRow("K♥", "26", True), MoveRow("10♣", "3"), MoveRow("21T", "26", True)]
    assert (
        render(move_table(rows)) == "move  value\nK♥       26  best\n10♣       3\n21T      26  best"
    )


# -- Tarot ----------------------------------------------------------------------------------


def tarot_cards(text: str) -> tuple[tarot.TarotCard, ...]:
    return tuple(tarot.TarotCard.parse(word) for word in text.split())


def small_tarot_position() -> tarot.State:
    """A made-up three-player endgame: seat 1 led the king of hearts; seat 0 (the dealer) plays
    next, as play goes anticlockwise in the traditional game."""
    return tarot.State(
        initial=tarot.Deal.random(TAROT_RULES, 0, 0),
        phase=tarot.Phase.PLAY,
        to_move=0,
        hands=(
            tarot.TarotCardSet.parse("1H 21T"),
            tarot.TarotCardSet.parse("3C"),
            tarot.TarotCardSet.parse("QH EX"),
        ),
        trick=tarot.Trick(leader=1, cards=tarot_cards("KH"), players=(1,)),
        won=(tarot.TarotCardSet(),) * 3,
        trumps_played=True,
    )


def test_tarot_hand_is_one_line_per_suit_then_the_trumps() -> None:
    hand = tarot.TarotCardSet.parse("1S KS 10S NH 2D 7T 21T 1T EX")
    assert tarot_render.hand_to_unicode(hand) == "♠ K 10 1\n♥ N\n♦ 2\n♣ -\nT 21 7 1 EX"
    assert tarot_render.hand_lines(tarot.TarotCardSet()) == ("♠ -", "♥ -", "♦ -", "♣ -", "T -")


def test_tarot_trick_shows_each_card_with_its_seat() -> None:
    trick = tarot.Trick(leader=2, cards=tarot_cards("5S 21T 7S"), players=(2, 0, 1), winner=0)
    assert tarot_render.trick_to_unicode(trick) == (
        "seat 2: 5♠\nseat 0: 21T\nseat 1: 7♠\nwon by seat 0"
    )
    started = tarot.Trick(leader=1, cards=tarot_cards("NH"), players=(1,))
    assert tarot_render.trick_to_unicode(started) == "seat 1: N♥"
    assert tarot_render.trick_to_unicode(tarot.Trick(leader=0)) == "seat 0 to lead"


def test_tarot_state_picture_of_a_small_position() -> None:
    expected = "\n".join(
        [
            "Tarot traditional-3: trick 1 of 25, seat 0 to move",
            "",
            "   Seat 1    Seat 2",
            "   ♠ -       ♠ -",
            "   ♥ -       ♥ Q",
            "   ♦ -       ♦ -",
            "   ♣ 3       ♣ -",
            "   T -       T EX",
            "",
            "    ┌ Trick 1 ───┐",
            "    │ seat 1: K♥ │",
            "    └────────────┘",
            "",
            "Seat 0: dealer, to move",
            "♠ -",
            "♥ 1",
            "♦ -",
            "♣ -",
            "T 21",
            "",
            "seat    0  1  2",
            "tricks  0  0  0",
            "points  0  0  0",
        ]
    )
    assert tarot_render.state_to_unicode(small_tarot_position()) == expected


def test_tarot_state_in_the_discard_phase_shows_the_discard() -> None:
    state = tarot.deal(TAROT_RULES, seed=5)
    assert state.phase is tarot.Phase.DISCARD
    state = state.play(state.legal_moves()[0])
    text = tarot_render.state_to_unicode(state)
    assert text.startswith("Tarot traditional-3: discard, seat 0 to discard 2 more\n")
    assert "┌ Discard" in text and "2 more to discard" in text
    assert state.discard.to_unicode() in text


def test_tarot_state_at_the_end_shows_the_last_trick_and_the_payoffs() -> None:
    state = tarot.deal(TAROT_RULES, seed=3)
    while not state.is_over:
        state = state.play(state.legal_moves()[-1])
    text = tarot_render.state_to_unicode(state)
    last = state.tricks[-1]
    assert text.startswith("Tarot traditional-3: deal over\n")
    assert f"┌ Trick {len(state.tricks)} " in text
    assert f"won by seat {last.winner}" in text
    assert "to move" not in text
    payoff_line = next(line for line in text.split("\n") if line.startswith("payoff"))
    assert payoff_line.split()[1:] == [str(value) for value in state.payoffs()]


def test_tarot_state_counts_tricks_and_points_so_far() -> None:
    state = tarot.random_position(TAROT_RULES, seed=4, tricks_left=10)
    lines = tarot_render.state_to_unicode(state).split("\n")
    won = [sum(trick.winner == seat for trick in state.tricks) for seat in range(3)]
    assert next(line for line in lines if line.startswith("tricks")).split()[1:] == list(
        map(str, won)
    )
    assert next(line for line in lines if line.startswith("points")).split()[1:] == list(
        map(format_points, state.points())
    )


def test_tarot_renderers_refuse_other_values() -> None:
    with pytest.raises(NotationError, match=r"expected a tarot\.Trick"):
        tarot_render.trick_to_unicode("KH,3H")  # type: ignore[arg-type]
    with pytest.raises(NotationError, match=r"expected a tarot\.State"):
        tarot_render.state_to_unicode(tailor.deal(TAILOR_RULES))  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="expected a TarotCardSet"):
        tarot_render.hand_lines(CardSet.parse("AS"))  # type: ignore[arg-type]
    with pytest.raises(NotationError, match=r"expected a tarot\.Move"):
        tarot_render.move_to_unicode("KH")  # type: ignore[arg-type]


# -- Chase the Tailor -----------------------------------------------------------------------


def small_tailor_position(**changes: object) -> tailor.State:
    """Three players; seat 0 holds two cards, the pile shows the Tailor with a call of Q♥."""
    hands = (CardSet.parse("QH X1"), CardSet.parse("2C 3C 4C"), CardSet.parse("TLR KS"))
    held = hands[0] | hands[1] | hands[2]
    pile = (Card.parse("5D"),)
    stock = tuple(card for card in Card.all() if card not in held and card not in pile)
    fields: dict[str, object] = {
        "rules": TAILOR_RULES,
        "hands": hands,
        "pile": pile,
        "stock": stock,
        "top": tailor.Call.parse("call QH"),
        "turns": 4,
    }
    fields.update(changes)
    return tailor.State(**fields)  # type: ignore[arg-type]


def test_tailor_state_picture_of_a_small_position() -> None:
    expected = "\n".join(
        [
            "Chase the Tailor players=3: turn 5, seat 0 to move",
            "",
            "Seat 1 (3 cards)    Seat 2 (2 cards)",
            "2♣ 3♣ 4♣            K♠ ✂",
            "",
            "      ┌ Pile ────────────────┐",
            "      │ top: 5♦ of 1         │",
            "      │ follow: call Q♥      │",
            "      │ stock: 47            │",
            "      │ direction: clockwise │",
            "      └──────────────────────┘",
            "",
            "     Seat 0 (2 cards): to move",
            "     Q♥ 🃏1",
            "",
            "seat     0   1    2",
            "score  -25  -9  -35",
        ]
    )
    assert tailor_render.state_to_unicode(small_tailor_position()) == expected


def test_tailor_state_shows_the_chase_the_drawn_card_and_the_end() -> None:
    rules = tailor.Rules(players=3, chase_mode=True)
    text = tailor_render.state_to_unicode(
        small_tailor_position(
            rules=rules, chase_active=True, drawn=Card.parse("QH"), direction=-1, passes=1
        )
    )
    for fact in ("chase: on", "drawn: Q♥", "direction: anticlockwise", "passes: 1"):
        assert f"│ {fact} " in text
    empty = (CardSet(), CardSet.parse("2C 3C 4C QH X1"), CardSet.parse("TLR KS"))
    over = small_tailor_position(hands=empty, top=Card.parse("5D"))
    text = tailor_render.state_to_unicode(over)
    assert text.startswith("Chase the Tailor players=3: turn 5, round over, seat 0 went out\n")
    assert "Seat 0 (0 cards)\n" in text + "\n" and "to move" not in text


def test_tailor_hand_wraps_long_hands() -> None:
    hand = CardSet.from_cards(Card.all()[:12])
    assert tailor_render.hand_lines(hand) == (
        "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠",
        "J♠ Q♠",
    )
    assert tailor_render.hand_lines(CardSet()) == ("-",)


def test_tailor_moves_in_unicode() -> None:
    texts = ["7D", "dump 7S 7H", "TLR QH>2", "X2 reverse", "draw", "pass"]
    shown = [tailor_render.move_to_unicode(tailor.parse_move(text)) for text in texts]
    assert shown == ["7♦", "dump 7♠ 7♥", "✂ Q♥>2", "🃏2 reverse", "draw", "pass"]
    with pytest.raises(NotationError, match=r"expected a tailor\.Move"):
        tailor_render.move_to_unicode("7D")  # type: ignore[arg-type]
    with pytest.raises(NotationError, match=r"expected a tailor\.State"):
        tailor_render.state_to_unicode(small_tarot_position())  # type: ignore[arg-type]


# -- analyses -------------------------------------------------------------------------------


def test_tarot_analysis_lists_every_move_with_its_value() -> None:
    state = tarot.random_position(TAROT_RULES, seed=2, tricks_left=2)
    analysis = solver.analyse(state)
    text = analysis.to_unicode()
    lines = text.split("\n")
    assert lines[0] == f"Seat {state.to_move} to move; values for seat {analysis.perspective}."
    table = lines[lines.index("move  value") + 1 :][: len(analysis.move_values)]
    for line, entry in zip(table, analysis.move_values, strict=True):
        words = line.split()
        assert words[0] == entry.move.card.to_unicode()
        assert words[1] == str(entry.value)
        assert (words[2:] == ["best"]) == (entry.move in analysis.best_moves)
    assert f"Value: {analysis.value} (exact)" in lines
    pv = " ".join(move.card.to_unicode() for move in analysis.pv)
    assert lines[-1] == f"Best line: {pv}"
    assert "nodes" not in text
    assert f"Searched {analysis.nodes} nodes" in analysis.to_unicode(stats=True)


def test_tarot_analysis_with_its_state_splits_the_line_into_tricks() -> None:
    state = tarot.random_position(TAROT_RULES, seed=2, tricks_left=2)
    analysis = solver.analyse(state)
    line = tarot_render.analysis_to_unicode(analysis, state).split("\n")[-1]
    tricks = line.removeprefix("Best line: ").split(" / ")
    assert [len(trick.split()) for trick in tricks] == [3, 3]
    assert tricks[0].split()[0] == f"{state.to_move}:{analysis.pv[0].card.to_unicode()}"
    other = tarot.random_position(TAROT_RULES, seed=3, tricks_left=2)
    with pytest.raises(AnalysisError, match="not of the position"):
        tarot_render.analysis_to_unicode(analysis, other)


def test_an_analysis_stopped_by_a_limit_shows_bounds() -> None:
    state = tarot.random_position(TAROT_RULES, seed=1, tricks_left=4)
    analysis = solver.analyse(state, limit=Limit(nodes=2))
    assert not analysis.exact
    text = analysis.to_unicode()
    lower, upper = format_points(analysis.lower), format_points(analysis.upper)
    assert f"Value: between {lower} and {upper} (bounds" in text
    open_moves = [entry for entry in analysis.move_values if not entry.exact]
    assert open_moves and all(format_bounds(e.lower, e.upper) in text for e in open_moves)


def test_tailor_analysis_shows_moves_in_unicode_and_the_horizon() -> None:
    state = tailor.random_position(TAILOR_RULES, seed=1)
    analysis = solver.analyse(state)
    text = tailor_render.analysis_to_unicode(analysis)
    for entry in analysis.move_values:
        assert tailor_render.move_to_unicode(entry.move) in text
    if analysis.bound == "horizon":
        assert f"horizon of {analysis.horizon} turns" in text


def test_analysis_html_is_a_table_of_move_values() -> None:
    state = tarot.random_position(TAROT_RULES, seed=2, tricks_left=2)
    analysis = solver.analyse(state)
    root = ET.fromstring(analysis._repr_html_())
    assert root.tag == "table"
    rows = root.findall("./tbody/tr")
    assert len(rows) == len(analysis.move_values)
    for row, entry in zip(rows, analysis.move_values, strict=True):
        cells = [cell.text or "" for cell in row.findall("td")]
        assert cells[:2] == [entry.move.card.to_unicode(), str(entry.value)]
        assert (cells[2] == "best") == (entry.move in analysis.best_moves)
    footer = "".join(root.find("tfoot").itertext())  # type: ignore[union-attr]
    assert f"Value: {analysis.value} (exact)" in footer


# -- every position renders -----------------------------------------------------------------


@st.composite
def tarot_states(draw: st.DrawFn) -> tarot.State:
    players = draw(st.sampled_from([2, 3, 4, 5, 6]))
    rules = draw(
        st.sampled_from(
            [tarot.Rules.simplified(players=players)]
            + ([tarot.Rules.traditional(players=players)] if players in (3, 4) else [])
        )
    )
    state = tarot.deal(rules, seed=draw(st.integers(0, 2**64 - 1)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(0, 80))):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


@st.composite
def tailor_states(draw: st.DrawFn) -> tailor.State:
    rules = tailor.Rules(players=draw(st.integers(2, 6)), chase_mode=draw(st.booleans()))
    state = tailor.deal(rules, seed=draw(st.integers(0, 2**64 - 1)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(0, 60))):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


@settings(max_examples=30, deadline=None)
@given(tarot_states())
def test_every_tarot_state_renders(state: tarot.State) -> None:
    text = tarot_render.state_to_unicode(state)
    assert no_trailing_spaces(text)
    for seat in range(state.rules.players):
        assert f"Seat {seat}" in text
    for trick in state.trick, *state.tricks[-1:]:
        assert no_trailing_spaces(tarot_render.trick_to_unicode(trick))
    root = ET.fromstring(tarot_render.state_to_html(state))
    assert root.get("title") == str(state)
    assert root.find("{http://www.w3.org/2000/svg}svg") is not None


@settings(max_examples=30, deadline=None)
@given(tailor_states())
def test_every_tailor_state_renders(state: tailor.State) -> None:
    text = tailor_render.state_to_unicode(state)
    assert no_trailing_spaces(text)
    for seat, hand in enumerate(state.hands):
        assert f"Seat {seat} ({len(hand)} card" in text
    assert f"stock: {len(state.stock)}" in text
    root = ET.fromstring(tailor_render.state_to_html(state))
    assert root.get("title") == str(state)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 2))
def test_every_small_tarot_analysis_renders(seed: int, tricks_left: int) -> None:
    state = tarot.random_position(
        tarot.Rules.simplified(players=3), seed=seed, tricks_left=tricks_left
    )
    analysis = solver.analyse(state)
    text = tarot_render.analysis_to_unicode(analysis, state)
    assert no_trailing_spaces(text)
    assert text.count("best") == len(analysis.best_moves)
    ET.fromstring(analysis._repr_html_())


def test_fraction_values_are_written_exactly() -> None:
    rows = [MoveRow("K♥", str(Fraction(77, 3)))]
    assert "77/3" in render(move_table(rows))


# -- numbers as people read them --------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Fraction(41, 3), "13⅔"),
        (Fraction(40, 3), "13⅓"),
        (Fraction(91, 2), "45½"),
        (Fraction(-25, 2), "-12½"),
        (Fraction(1, 4), "¼"),
        (Fraction(-3, 4), "-¾"),
        (Fraction(-11, 6), "-1⅚"),
        (Fraction(-62, 1), "-62"),
        (Fraction(0), "0"),
        (7, "7"),
        (Fraction(17, 12), "1⁵⁄₁₂"),
        (Fraction(-1, 7), "-¹⁄₇"),
    ],
)
def test_format_points_writes_thirds_halves_and_quarters_with_their_signs(
    value: Fraction | int, text: str
) -> None:
    # Regression: analyses, reviews and show wrote 41/3, and payoffs Fraction(-62, 1).
    assert format_points(value) == text
    assert read_points(text) == value


@given(st.fractions(max_denominator=24))
def test_read_points_reads_back_whatever_format_points_writes(value: Fraction) -> None:
    assert read_points(format_points(value)) == value


@pytest.mark.parametrize("value", [1.5, "13", True, None])
def test_format_points_refuses_what_is_not_a_number(value: object) -> None:
    with pytest.raises(NotationError, match=r"invalid points .*expected an int or a"):
        format_points(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["", "-", "/3", "13⅔/3", "5/0", "¹⁄₀", "1 ½", "x", "½½"])
def test_read_points_refuses_other_text(text: str) -> None:
    with pytest.raises(NotationError, match="invalid points"):
        read_points(text)


def test_format_bounds_never_writes_a_tilde() -> None:
    assert format_bounds(Fraction(57), Fraction(57)) == "57"
    assert format_bounds(Fraction(57), Fraction(77)) == "57..77"
    assert format_bounds(Fraction(57)) == "≥ 57"
    assert format_bounds(Fraction(40, 3), Fraction(62, 3)) == "13⅓..20⅔"


def test_tarot_pictures_write_thirds_with_a_fraction_sign() -> None:
    # The simplified four-player game counts in thirds: the points row, the move table and the
    # value all use the fraction signs, never a/b.
    rules = tarot.Rules.simplified(players=4)
    for seed in range(1, 40):
        state = tarot.random_position(rules, seed=seed, tricks_left=2)
        if any(value.denominator == 3 for value in state.points()):
            break
    picture = tarot_render.state_to_unicode(state)
    points = next(line for line in picture.splitlines() if line.startswith("points"))
    assert "/" not in points and ("⅓" in points or "⅔" in points)
    analysis = solver.analyse(state)
    text = tarot_render.analysis_to_unicode(analysis, state)
    assert "Value: " + format_points(analysis.value) + " (exact)" in text
    table = text.split("Best line:")[0]
    assert "/" not in table


def test_payoffs_of_a_finished_deal_are_integers_or_fraction_signs() -> None:
    state = tarot.deal(tarot.Rules.simplified(players=4), seed=2)
    final, _ = tarot.play_deal(state, tarot.random_strategy(2))
    text = tarot_render.state_to_unicode(final)
    payoff = next(line for line in text.splitlines() if line.startswith("payoff"))
    assert payoff.split()[1:] == [format_points(value) for value in final.payoffs()]
    assert "/" not in payoff and "Fraction" not in payoff


def test_an_analysis_under_a_limit_writes_bounds_not_tildes() -> None:
    state = tarot.random_position(tarot.Rules.simplified(players=4), seed=3, tricks_left=5)
    analysis = solver.analyse(state, limit=Limit(nodes=3))
    text = analysis.to_unicode()
    assert not analysis.exact and "~" not in text and ".." in text


# -- a judged move as a sentence ----------------------------------------------------------------


def test_a_play_step_reads_as_a_sentence() -> None:
    state = tarot.random_position(tarot.Rules.traditional(players=3), seed=1, tricks_left=4)
    analysis = solver.analyse(state)
    worst = min(analysis.move_values, key=lambda entry: entry.value)
    (step,) = solver.analyse_play(state, [worst.move])
    assert step.number == 1 and step.best_move in analysis.best_moves
    assert step.player == state.to_move and step.bound == "exact"
    assert (
        str(step)
        == step.to_unicode()
        == (
            f"move 1, seat {state.to_move}: {worst.move.card.to_unicode()} worth "
            f"{format_points(worst.value)}; best {step.best_move.card.to_unicode()} worth "
            f"{format_points(analysis.value)}; loss {format_points(analysis.value - worst.value)}"
        )
    )


def test_a_play_step_under_a_limit_shows_bounds_on_its_loss() -> None:
    state = tarot.random_position(tarot.Rules.traditional(players=3), seed=1, tricks_left=6)
    move = state.legal_card_moves()[0]
    (step,) = solver.analyse_play(state, [move], limit=Limit(nodes=5))
    exact = solver.analyse(state)
    low, high = step.loss_bounds
    assert not step.exact and step.bound == "bounds"
    assert low <= exact.value - exact.value_of(move) <= high
    assert "~" not in str(step) and f"loss {format_bounds(low, high)}" in str(step)


def test_the_human_players_result_line_writes_points_as_people_read_them() -> None:
    # Regression: `cardgames play tarot --human` ended with "104/3 (~34.67) points".
    from cardgames.cli._tarot import _result

    state = tarot.deal(tarot.Rules.simplified(players=4), seed=2)
    final, _ = tarot.play_deal(state, tarot.random_strategy(2))
    seat = next(s for s, value in enumerate(final.points()) if value.denominator != 1)
    last = _result(seat)(final).splitlines()[-1]
    assert last == (
        f"you (seat {seat}): {format_points(final.points()[seat])} points, payoff "
        f"{format_points(final.payoffs()[seat])}"
    )
    assert "~" not in last and "/" not in last
