"""``cardgames batch`` against awkward files: bytes that are not UTF-8 and an output path that
cannot be written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardgames.cli import main


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
    # Run again: nothing is left to do, and the bad line is not judged twice.
    assert main(["batch", str(source), "-o", str(out), "--jobs", "1", "--quiet"]) == 0
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
