"""``cardgames review`` under a search limit: a bad limit is refused before anything is
printed, and moves judged under a limit show bounds, never a ``~``."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cardgames import solver, tarot
from cardgames.cli import main
from cardgames.render import read_points


@pytest.mark.parametrize("option", [["--time-limit", "0"], ["--node-limit", "-5"]])
def test_a_bad_limit_is_refused_before_the_review_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: list[str]
) -> None:
    state = tarot.deal(tarot.Rules.preset("simplified-3"), seed=2)
    _final, record = tarot.play_deal(state, tarot.random_strategy(random.Random(2)))
    path = tmp_path / "deal.json"
    path.write_text(tarot.dumps(record))
    assert main(["review", str(path), *option]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("cardgames: error: invalid limit ")


def _four_player_record(tmp_path: Path) -> tuple[Path, tarot.State]:
    state = tarot.deal(tarot.Rules.simplified(players=4), seed=2)
    final, _record = tarot.play_deal(state, tarot.random_strategy(random.Random(2)))
    path = tmp_path / "deal.json"
    path.write_text(tarot.dumps(final))
    return path, final


def test_moves_judged_under_a_limit_show_bounds_not_tildes(tmp_path: Path) -> None:
    # Regression: the loss column mixed exact losses with '~1.33' for bounds, and thirds were
    # written as decimals. (Without estimates: with them, the review's default, such moves
    # are judged by estimates; see tests/test_cli_review_estimates.py.)
    path, final = _four_player_record(tmp_path)
    total = len(final.history())
    script = Path(sys.executable).with_name("cardgames")
    result = subprocess.run(
        [
            *(str(script), "review", str(path), "--after", str(total - 24)),
            *("--node-limit", "300", "--no-estimates"),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    out = result.stdout
    rows = [line for line in out.splitlines() if re.match(r"^ +\d+ +\d ", line)]
    assert len(rows) == 24
    assert "~" not in out and not re.search(r"\d\.\d", out)
    bounded = [row for row in rows if ".." in row]
    assert bounded, "a node limit this small leaves bounds on the early moves"
    for row in bounded:
        # the loss of a bounded row is a range too, never below 0
        low, high = (
            read_points(text) for text in re.sub(r"  <- \w+$", "", row).split()[-1].split("..")
        )
        assert 0 <= low <= high
    assert "judged under a limit (shown as bounds a..b) left out" in out


def test_the_library_review_under_a_limit_agrees_with_the_exact_values(tmp_path: Path) -> None:
    _path, final = _four_player_record(tmp_path)
    moves = final.history()
    first = len(moves) - 12
    result = solver.review(final.initial.start(), moves, after=first, limit=solver.Limit(nodes=200))
    exact = solver.review(final.initial.start(), moves, after=first)
    assert [step.number for step in result.steps] == list(range(first + 1, len(moves) + 1))
    for bounded, true in zip(result.steps, exact.steps, strict=True):
        low, high = bounded.loss_bounds
        assert bounded.before <= true.before <= bounded.before_upper
        assert bounded.after <= true.after <= bounded.after_upper
        assert low <= true.loss <= high
