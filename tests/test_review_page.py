"""The review page (``Review.to_html()``, ``cardgames review --html``): one self-contained
file for every game, whose every moment shows every legal move's value as the review has it.

These tests read the page as text; tests/test_browser.py opens it in a real browser."""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from cardgames import bridge, games, solver, tailor, tarot
from cardgames.search.grades import Grade, LossGrades
from cardgames.search.results import PlayStep
from cardgames.solver.play_review import summarise
from cardgames.solver.review_page import CONTENT_POLICY

SCRIPT = Path(sys.executable).with_name("cardgames")


def _played_out(state: Any, seed: int) -> tuple[Any, list[Any]]:
    # The position and the first legal move at every turn after it, to the end.
    moves: list[Any] = []
    position = state
    while not position.is_over:
        legal = position.legal_moves()
        moves.append(legal[(seed * 7 + len(moves)) % len(legal)])
        position = position.play(moves[-1])
    return state, moves


def _reviews() -> dict[str, solver.Review]:
    positions = {
        "tarot": tarot.random_position(tarot.Rules.traditional(players=3), seed=4, tricks_left=3),
        "french": tarot.random_position(tarot.Rules.french(players=5), seed=2, tricks_left=2),
        "tailor": tailor.random_position(tailor.Rules(players=3), seed=3, cards_left=2),
        "bridge": bridge.random_position(5, tricks_played=11),
    }
    return {
        name: solver.review(*_played_out(state, seed), limit=solver.Limit(nodes=20_000))
        for seed, (name, state) in enumerate(positions.items())
    }


REVIEWS = _reviews()


def _data(page: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="review-data">(.*?)</script>', page)
    assert found is not None
    data: dict[str, Any] = json.loads(found.group(1).replace("<\\/", "</"))
    return data


def _moment(data: dict[str, Any], number: int) -> str:
    runs = data["moments"][number]
    parts = data["parts"]
    return "".join(
        parts[start + offset]
        for start, length in zip(runs[::2], runs[1::2], strict=True)
        for offset in range(length)
    )


def _choices(markup: str) -> dict[str, tuple[str, str]]:
    # Each legal move's written form, with the value and the loss the page shows for it.
    found = re.findall(
        r'<div class="choice[^"]*" data-move="([^"]*)".*?<span class="value">([^<]*)</span>'
        r'.*?<span class="loss">([^<]*)',
        markup,
    )
    return {
        html.unescape(move): (html.unescape(value), html.unescape(loss))
        for move, value, loss in found
    }


@pytest.mark.parametrize("name", list(REVIEWS))
def test_every_moment_shows_every_legal_move_as_the_review_values_it(name: str) -> None:
    review = REVIEWS[name]
    data = _data(review.to_html())
    assert len(data["moments"]) == len(review.moves) + 1
    judged = 0
    for item, analysis in zip(review.items, review.analyses, strict=True):
        assert item.number is not None
        markup = _moment(data, item.number - 1)
        if analysis is None:
            assert "not judged" in markup
            continue
        judged += 1
        assert isinstance(item, PlayStep)
        shown = _choices(markup)
        assert set(shown) == {str(entry.move) for entry in analysis.move_values}
        for entry in analysis.move_values:
            step = PlayStep.judged(analysis, entry.move, item.player)
            value, loss = shown[str(entry.move)]
            assert value == step.value_texts()[1]
            if entry.move not in analysis.best_moves:
                assert loss.startswith(("−", "≈−")) and step.value_texts()[2].lstrip("≈") in loss
        # The card played and the best cards are marked, in the list and on the table.
        assert 'class="choice played' in markup or 'class="choice best played' in markup
        assert markup.count("choice best") >= 1
        assert re.search(r'<g class="card legal[^"]*played', markup) or name == "tailor"
    assert judged == len(review.steps) > 0


@pytest.mark.parametrize("name", list(REVIEWS))
def test_the_page_fetches_nothing_and_reads_without_script(name: str) -> None:
    review = REVIEWS[name]
    page = review.to_html()
    assert page.startswith("<!DOCTYPE html>")
    assert f'<meta http-equiv="Content-Security-Policy" content="{CONTENT_POLICY}">' in page
    assert "default-src 'none'" in CONTENT_POLICY
    # The only address is the SVG namespace; nothing is loaded from anywhere.
    addresses = set(re.findall(r"https?://[^\"'\\ )]+", page))
    assert addresses <= {"http://www.w3.org/2000/svg"}
    assert not re.search(r"\b(src|srcset|href)=\"(?!#)", page)
    assert "@import" not in page and "url(" not in page
    # Without the script: the first moment judged, the move list and the summary.
    data = _data(page)
    static = re.search(r'<div id="moment">(.*?)</div><div class="side">', page, re.S)
    assert static is not None
    assert static.group(1).startswith(_moment(data, data["start"]))
    assert data["start"] == review.first
    rows = re.findall(r'<tr data-moment="(\d+)"', page)
    assert [int(row) for row in rows] == list(range(len(review.moves) + 1))
    for summary in review.summaries:
        row = re.search(rf'<tr data-seat="{summary.seat}">(.*?)</tr>', page)
        assert row is not None
        assert summary.accuracy_text() in row.group(1)
    assert "@media print" in page


def test_the_move_list_grades_and_names_the_best_play() -> None:
    review = REVIEWS["tarot"]
    page = review.to_html()
    game = games.of(review.start)
    for step in review.steps:
        assert step.number is not None and step.best_move is not None
        row = re.search(rf'<tr data-moment="{step.number - 1}"[^>]*>(.*?)</tr>', page)
        assert row is not None
        assert html.escape(game.move_text(step.best_move)) in row.group(1)
        flag = row.group(1).rsplit('<td class="flag">', 1)[1]
        grade = review.grade_of(step)
        expected = "</td>" if grade is None else f"{grade.symbol} {grade.value}</td>"
        assert flag.startswith(expected)


def test_a_whole_three_player_deal_makes_a_page_under_a_megabyte() -> None:
    state = tarot.deal(tarot.Rules.traditional(players=3), seed=3)
    final, _ = tarot.play_deal(state, tarot.random_strategy(3))
    review = solver.review(state, final.history(), limit=solver.Limit(nodes=300), estimates=True)
    page = review.to_html()
    data = _data(page)
    assert len(data["moments"]) == 79
    assert len(page.encode("utf-8")) < 1_000_000
    # Each moment's table is rebuilt whole from the pieces.
    for number in (0, 40, 78):
        assert _moment(data, number).count('<g class="card') >= 1


def test_the_graph_draws_each_side_with_its_estimates_dashed() -> None:
    state = tarot.random_position(tarot.Rules.traditional(players=3), seed=1, tricks_left=8)
    moves = solver.analyse(state).pv[:6]
    review = solver.review(state, moves, limit=solver.Limit(nodes=400), estimates=True)
    page = review.to_html()
    graph = re.search(r'<svg[^>]*id="graph-svg".*?</svg>', page, re.S)
    assert graph is not None
    lines = re.findall(r"<line [^>]*>", graph.group(0))
    own = [line for line in lines if 'stroke-width="2.5"' in line]
    assert len(own) == len(review.steps)  # one stroke for each move judged
    estimated = [step for step in review.steps if not step.exact]
    assert estimated, "400 nodes leave early moves estimated"
    dashed = [line for line in own if "stroke-dasharray" in line]
    assert len(dashed) == len(estimated)
    for words in review.sides:
        assert html.escape(words) in page


def test_review_html_on_the_command_line(tmp_path: Path) -> None:
    state = tarot.deal(tarot.Rules.traditional(players=3), seed=2)
    _final, record = tarot.play_deal(state, tarot.random_strategy(2))
    path = tmp_path / "deal.json"
    path.write_text(tarot.dumps(record))
    page = tmp_path / "review.html"
    done = subprocess.run(
        [
            str(SCRIPT),
            "review",
            str(path),
            "--after",
            "60",
            "--node-limit",
            "2000",
            "--html",
            str(page),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert f"review page written to {page}" in done.stdout
    written = page.read_text(encoding="utf-8")
    assert written.startswith("<!DOCTYPE html>") and "Review of Tarot" in written
    refused = subprocess.run(
        [str(SCRIPT), "review", str(path), "--html", str(tmp_path / "nowhere" / "x.html")],
        capture_output=True,
        text=True,
    )
    assert refused.returncode == 2 and "cannot write the review page" in refused.stderr
    assert "Traceback" not in refused.stderr


def test_the_text_review_says_whose_values_and_the_best_play() -> None:
    review = REVIEWS["bridge"]
    text = review.to_unicode()
    assert "Each value is for the side of the seat that moved" in text
    assert "(the declaring side)" in text and "(the defenders)" in text
    game = games.of(review.start)
    rows = [line for line in text.splitlines() if re.match(r"^ +\d+ +\d ", line)]
    for step, row in zip(review.steps, rows, strict=True):
        assert step.best_move is not None
        number, seat, played, best = row.split()[:4]
        assert (int(number), int(seat)) == (step.number, step.player)
        assert (played, best) == (game.move_text(step.move), game.move_text(step.best_move))


@pytest.mark.parametrize(
    ("game", "loss", "grade"),
    [
        ("tarot", Fraction(3, 2), None),
        ("tarot", Fraction(2), Grade.INACCURACY),
        ("tarot", Fraction(9, 2), Grade.MISTAKE),
        ("tarot", Fraction(8), Grade.BLUNDER),
        ("tailor", Fraction(5), Grade.INACCURACY),
        ("tailor", Fraction(12), Grade.BLUNDER),
        ("bridge", Fraction(1), Grade.MISTAKE),
        ("bridge", Fraction(2), Grade.BLUNDER),
    ],
)
def test_each_game_grades_its_own_points(game: str, loss: Fraction, grade: Grade | None) -> None:
    descriptor = games.named(game)
    grades = descriptor.analysis.loss_grades(descriptor.deal(descriptor.default_rules(), 1, 0))
    assert isinstance(grades, LossGrades)
    assert grades.grade(loss) is grade
    assert grades.accuracy(Fraction(0)) == 1 and grades.accuracy(grades.blunder) == 0


def test_loss_grades_refuse_nonsense() -> None:
    from cardgames.errors import AnalysisError

    for bad in (
        {"inaccuracy": 0, "mistake": 1, "blunder": 2},
        {"inaccuracy": 1, "mistake": 3, "blunder": 2},
        {"inaccuracy": 1, "mistake": 1, "blunder": 2, "estimate_margin": -1},
        {"inaccuracy": 1.5, "mistake": 2, "blunder": 3},
        {"inaccuracy": 1, "mistake": 1, "blunder": 2, "unit": ""},
    ):
        with pytest.raises(AnalysisError):
            LossGrades(**bad)


def test_accuracy_is_the_mean_of_each_moves_share() -> None:
    grades = LossGrades(inaccuracy=1, mistake=2, blunder=4)
    steps = [
        PlayStep(
            move=m, player=0, before=Fraction(9), after=Fraction(9) - loss, loss=loss, exact=True
        )
        for m, loss in (("a", Fraction(0)), ("b", Fraction(1)), ("c", Fraction(6)))
    ]
    (summary,) = summarise(steps, 1, grades)
    # 1, 3/4 and 0: a mean of 7/12
    assert summary.accuracy == Fraction(7, 12)
    assert (summary.inaccuracies, summary.mistakes, summary.blunders) == (1, 0, 1)
