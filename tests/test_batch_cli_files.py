"""``cardgames batch`` against awkward files: bytes that are not UTF-8 and an output path that
cannot be written; the help and defaults of the position-making options."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardgames import tailor, tarot
from cardgames.cli import build_parser, main


def _positions(capsys: pytest.CaptureFixture[str], count: int) -> list[str]:
    argv = ["batch", "--make-positions", "tarot", "--tricks-left", "2", "--count", str(count)]
    assert main(argv) == 0
    return capsys.readouterr().out.splitlines()


def test_a_line_that_is_not_utf8_gets_an_error_record_and_the_rest_go_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = _positions(capsys, 2)
    source = tmp_path / "in.jsonl"
    source.write_bytes(first.encode() + b"\n\xff\xfe{not text}\n" + second.encode() + b"\n")
    out = tmp_path / "out.jsonl"
    assert main(["batch", str(source), "-o", str(out), "--jobs", "1", "--quiet"]) == 1
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [(record["id"], record["line"]) for record in records] == [
        ("tarot-1", 1),
        (None, 2),
        ("tarot-2", 3),
    ]
    assert "analysis" in records[0] and "analysis" in records[2]
    assert records[1]["error"] == "NotationError: invalid line: not UTF-8 text (byte 0xff at 0)"
    # Run again: nothing is left to do, and the bad line is not judged twice; its error record
    # is still in OUT, so the status is 1 (it describes the whole file).
    assert main(["batch", str(source), "-o", str(out), "--jobs", "1", "--quiet"]) == 1
    assert len(out.read_text(encoding="utf-8").splitlines()) == 3


def test_an_output_that_cannot_be_written_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text("\n".join(_positions(capsys, 1)) + "\n")
    missing = tmp_path / "no such folder" / "out.jsonl"
    assert main(["batch", str(source), "-o", str(missing), "--jobs", "1", "--quiet"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("cardgames: error: cannot write ")
    assert "no such folder" in error and "Traceback" not in error
    making = ["batch", "--make-positions", "tarot", "--count", "1", "-o", str(missing)]
    assert main(making) == 2
    assert capsys.readouterr().err.startswith("cardgames: error: cannot write ")
    assert not missing.parent.exists()


def test_the_position_options_show_their_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["batch", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for help_text in (
        "Tarot: whole tricks to go (default 8, as for cardgames analyse)",
        "Chase the Tailor: a hand this small (default 3, as for cardgames analyse)",
        "positions to write (default 100)",
        "seed of the first position (default 1)",
    ):
        assert help_text in text


def test_make_positions_defaults_match_cardgames_analyse(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # `cardgames analyse tarot` with no options analyses seed 1 with eight tricks left; the
    # first position `batch --make-positions tarot` writes is the same one; likewise
    # for Chase the Tailor (four players, a hand of three).
    assert main(["batch", "--make-positions", "tarot", "--count", "1"]) == 0
    (line,) = capsys.readouterr().out.splitlines()
    rules = tarot.Rules.preset("traditional-3")
    state = tarot.State.parse(json.loads(line)["position"])
    assert state == tarot.random_position(rules, seed=1, tricks_left=8)
    assert main(["batch", "--make-positions", "tailor", "--count", "1"]) == 0
    (line,) = capsys.readouterr().out.splitlines()
    expected = tailor.random_position(tailor.Rules(players=4), seed=1, cards_left=3)
    assert tailor.State.parse(json.loads(line)["position"]) == expected
