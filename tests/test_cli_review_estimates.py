"""``cardgames review`` of a whole recorded deal judges with estimates: each loss is marked
exact or estimated (``≈`` in the text, ``"exact"`` in JSON), and the summary says how many of
each. Run through the real console script, under node limits (deterministic and cheap)."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs
import pytest

from cardgames import solver, tarot
from cardgames.search.grades import Grade
from cardgames.solver.play_review import PlayerSummary, review_line

SCRIPT = Path(sys.executable).with_name("cardgames")
ROW = re.compile(r"^ +(\d+) +\d ")


def _record(tmp_path: Path, rules: tarot.Rules, seed: int) -> tuple[Path, tarot.State]:
    state = tarot.deal(rules, seed=seed)
    final, record = tarot.play_deal(state, tarot.random_strategy(random.Random(seed)))
    path = tmp_path / "deal.json"
    path.write_text(tarot.dumps(record))
    return path, final


def _review(path: Path, *options: str) -> str:
    return subprocess.run(
        [str(SCRIPT), "review", str(path), *options],
        capture_output=True,
        text=True,
        check=True,
    ).stdout


@pytest.fixture(scope="module")
def whole_deal(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, tarot.State, Any]:
    path, final = _record(tmp_path_factory.mktemp("review"), tarot.Rules.traditional(3), 5)
    report = json.loads(_review(path, "--node-limit", "600", "--json"))
    return path, final, report


def test_a_whole_deal_is_judged_exact_late_and_by_estimates_early(
    whole_deal: tuple[Path, tarot.State, Any],
) -> None:
    _path, final, report = whole_deal
    steps = report["steps"]
    cards = sum(len(hand) for hand in final.initial.hands)
    assert len(steps) == cards  # every card played, from the first trick
    assert report["estimates"] is True
    exact = [step for step in steps if step["exact"]]
    estimated = [step for step in steps if not step["exact"]]
    assert (report["judged_exactly"], report["judged_by_estimates"]) == (
        len(exact),
        len(estimated),
    )
    # 600 nodes cannot settle the first trick, and settle the last ones.
    assert not steps[0]["exact"] and steps[-1]["exact"]
    assert exact and estimated
    for step in estimated:
        assert step["bound"] == "estimate"
        for name in ("before", "after"):
            low, value, high = (
                Fraction(step[key]) for key in (f"{name}_lower", name, f"{name}_upper")
            )
            assert low <= value <= high
    for step in exact:
        # Regression: a step whose values were both proved read "exact": true, "bound":
        # "estimate"; and exact steps lacked the lower bounds estimated ones have.
        assert step["bound"] == "exact"
        assert step["before_lower"] == step["before"] == step["before_upper"]
        assert step["after_lower"] == step["after"] == step["after_upper"]
        assert Fraction(step["loss"]) == Fraction(step["before"]) - Fraction(step["after"])
    assert len({tuple(step) for step in steps}) == 1  # one shape for every step
    summary = report["summary"]
    assert sum(seat["estimated"] for seat in summary) == len(estimated)
    assert sum(seat["exact"] for seat in summary) == len(steps)  # every move counts


def test_the_text_marks_the_estimated_losses_the_json_calls_inexact(
    whole_deal: tuple[Path, tarot.State, Any],
) -> None:
    path, final, report = whole_deal
    after = len(final.history()) - 24
    out = _review(path, "--node-limit", "600", "--after", str(after))
    rows = [line for line in out.splitlines() if ROW.match(line)]
    steps = {step["number"]: step for step in report["steps"]}
    assert len(rows) == 24
    for row in rows:
        number = int(row.split()[0])
        loss = re.sub(r"  <- (inaccuracy|mistake|blunder)$", "", row).split()[-1]
        assert loss.startswith("≈") != steps[number]["exact"], row
    judged = [steps[int(row.split()[0])] for row in rows]
    exact = sum(1 for step in judged if step["exact"])
    assert 0 < exact < 24  # both kinds among these moves
    assert f"Summary ({exact} moves judged exactly, {24 - exact} by estimates marked ≈;" in out
    assert "'≈' marks an estimate" in " ".join(out.split())
    assert "left out" not in out  # no move is left out of the summary (--no-estimates: see
    # tests/test_cli_review_limits.py)


def test_a_french_review_marks_its_estimates_too(tmp_path: Path) -> None:
    path, final = _record(tmp_path, tarot.Rules.french(players=4), 3)
    total = len(final.history())
    report = json.loads(_review(path, "--node-limit", "400", "--after", "30", "--json"))
    steps = report["steps"]
    assert len(steps) == total - 30 - len(report["not_judged"])
    assert {step["bound"] for step in steps} <= {"exact", "estimate"}
    assert report["judged_exactly"] + report["judged_by_estimates"] == len(steps)
    assert report["judged_by_estimates"] and report["judged_exactly"]


def test_the_library_summary_counts_each_kind() -> None:
    state = tarot.random_position(tarot.Rules.traditional(players=3), seed=8, tricks_left=6)
    moves = solver.analyse(state).pv
    result = solver.review(state, moves, limit=solver.Limit(nodes=300), estimates=True)
    estimated = [step for step in result.steps if not step.exact]
    assert estimated and all(step.bound == "estimate" for step in estimated)
    assert result.judged_by_estimates == len(estimated)
    assert result.judged_exactly == len(result.steps) - len(estimated)
    assert sum(summary.estimated for summary in result.summaries) == len(estimated)
    assert result.inexact == 0
    for summary in result.summaries:
        if summary.estimated:
            assert f"{summary.estimated} estimated" in summary.to_unicode()
            assert "points lost ≈" in summary.to_unicode()
    data = result.to_dict()
    assert data["judged_by_estimates"] == len(estimated) and data["estimates"] is True


def test_a_summary_without_estimates_reads_as_before() -> None:
    summary = PlayerSummary(
        seat=1, moves=3, exact=2, total_loss=Fraction(3), mistakes=1, accuracy=Fraction(5, 8)
    )
    assert summary.to_unicode() == (
        "seat 1: 2 moves, points lost 3, 0 inaccuracies, 1 mistake, 0 blunders, accuracy 62%"
    )
    assert summary.to_dict()["estimated"] == 0


def test_a_small_loss_between_estimates_is_not_flagged() -> None:
    # Regression: a loss of ≈⅓ between two estimates was flagged "<- mistake".
    step = solver.PlayStep(
        move="KH",
        player=0,
        before=Fraction(30),
        after=Fraction(89, 3),
        loss=Fraction(1, 3),
        exact=False,
        bound="estimate",
        before_lower=Fraction(10),
        before_upper=Fraction(70),
        after_lower=Fraction(10),
        after_upper=Fraction(70),
    )
    grades = tarot.GAME.analysis.loss_grades(tarot.deal(tarot.Rules.traditional(3), seed=1))
    assert grades.judge(step) is None
    assert "<-" not in review_line(step, grades=grades)
    # An estimated loss is graded beyond the estimates' usual error; a proved one as it is.
    bigger = attrs.evolve(step, after=Fraction(25), loss=Fraction(5))
    assert grades.judge(bigger) is Grade.INACCURACY  # 5 - 2 = 3: at least 2, under 4
    proved = attrs.evolve(bigger, after_upper=Fraction(25), before_lower=Fraction(30))
    assert grades.supported_loss(proved) == 5 and grades.judge(proved) is Grade.MISTAKE


def test_analyse_with_estimates_on_the_command_line() -> None:
    command = [str(SCRIPT), "analyse", "tarot", "--tricks-left", "24", "--node-limit", "3000"]
    data = json.loads(
        subprocess.run(
            [*command, "--estimates", "--json"], capture_output=True, text=True, check=True
        ).stdout
    )
    assert (data["bound"], data["exact"], data["horizon"]) == ("estimate", False, 1)
    for entry in data["move_values"]:
        assert Fraction(entry["lower"]) <= Fraction(entry["value"]) <= Fraction(entry["upper"])
    text = subprocess.run(
        [*command, "--estimates"], capture_output=True, text=True, check=True
    ).stdout
    assert "(an estimate; proved between " in text
    assert "estimates looking 1 trick ahead" in text


def test_analyse_under_a_limit_uses_estimates_and_marks_one_best_card() -> None:
    # Regression: `cardgames analyse tarot --tricks-left 25 --time-limit 2` printed 25 rows of
    # "0..77 best" and no best line, while review used estimates by default.
    command = [str(SCRIPT), "analyse", "tarot", "--tricks-left", "25", "--node-limit", "3000"]
    text = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    rows = _move_rows(text)
    assert len(rows) >= 10 and all("≈" in row for row in rows)
    best = [row for row in rows if row.endswith("  best")]
    assert len(best) == 1
    assert "Best line: -" not in text and f"Best line: 2:{best[0].split()[0]}" in text
    assert "'best' is the estimates' choice" in " ".join(text.split())
    bounds = subprocess.run(
        [*command, "--no-estimates"], capture_output=True, text=True, check=True
    ).stdout
    assert not any("≈" in row for row in _move_rows(bounds)) and "estimates' choice" not in bounds


def _move_rows(text: str) -> list[str]:
    # The rows of the move table: from the line after its heading to the "Value:" line.
    lines = text.splitlines()
    start = next(at for at, line in enumerate(lines) if re.match(r"^move +value", line))
    end = next(at for at, line in enumerate(lines) if line.startswith("Value:"))
    return lines[start + 1 : end]
