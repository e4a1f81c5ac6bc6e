"""``cardgames review`` refuses a bad search limit before it prints anything."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardgames import tarot
from cardgames.cli import main


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
