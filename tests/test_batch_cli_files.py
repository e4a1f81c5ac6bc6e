"""``cardgames batch`` against awkward files: bytes that are not UTF-8, an output path that
cannot be written, lines nested too deeply or too long, outputs that are devices or pipes, a
full disk, a closed standard input; the help and defaults of the position-making options."""

from __future__ import annotations

import errno
import io
import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from hang_guard import WALL_SECONDS

from cardgames import tailor, tarot
from cardgames.cli import batch as batch_cli
from cardgames.cli import build_parser, main

resource = pytest.importorskip("resource")  # POSIX: the limits put on the processes started


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


# -- through the installed script, against hostile files ----------------------------------------

SCRIPT = Path(sys.executable).with_name("cardgames")
DEEP = "[" * 100_000 + "]" * 100_000


def _limit_memory() -> None:
    # A run that reads a device without end fails here with a MemoryError instead of taking
    # the machine's memory (a gibibyte of address space is ten times what a batch needs).
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def _script(
    *argv: str, timeout: float = WALL_SECONDS, **options: Any
) -> subprocess.CompletedProcess[str]:
    """``cardgames ARGV`` in a process of its own, with a bound on its memory and its time."""
    options.setdefault("preexec_fn", _limit_memory)
    options.setdefault("stdin", subprocess.DEVNULL)
    options.setdefault("stdout", subprocess.PIPE)
    return subprocess.run(
        [str(SCRIPT), *argv], stderr=subprocess.PIPE, text=True, timeout=timeout, **options
    )


def _records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _without_times(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    for record in records:
        for key in ("analysis", "solution"):
            if key in record:
                del record[key]["elapsed"]
    return records


def _positions_file(tmp_path: Path, capsys: pytest.CaptureFixture[str], count: int) -> Path:
    source = tmp_path / "in.jsonl"
    source.write_text("\n".join(_positions(capsys, count)) + "\n")
    return source


def test_a_deeply_nested_input_line_gets_an_error_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = _positions(capsys, 2)
    nested_id = json.dumps({"game": "tarot", "position": "x", "id": "deep"})[:-1]
    nested_id += ', "limit": ' + DEEP + "}"
    source = tmp_path / "in.jsonl"
    source.write_text("\n".join([first, DEEP, nested_id, second]) + "\n")
    out = tmp_path / "out.jsonl"
    result = _script("batch", str(source), "-o", str(out), "--jobs", "1", "--quiet")
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    records = _records(out)
    assert [(record["id"], record["line"]) for record in records] == [
        ("tarot-1", 1),
        (None, 2),
        (None, 3),
        ("tarot-2", 4),
    ]
    for record in records[1:3]:
        assert record["error"].startswith("NotationError: invalid JSON line '")
        assert record["error"].endswith("not JSON text (nested too deeply)")
    assert "analysis" in records[0] and "analysis" in records[3]


def test_a_deeply_nested_line_in_out_is_refused_and_left_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = _positions_file(tmp_path, capsys, 2)
    out = tmp_path / "out.jsonl"
    out.write_text(DEEP + "\n")
    result = _script("batch", str(source), "-o", str(out), "--jobs", "1", "--quiet")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.startswith(
        f"cardgames: error: {out} line 1 is not a cardgames batch record (JSON nested too "
        f"deeply to read: '[[["
    )
    assert result.stderr.rstrip().endswith("not appending to it")
    assert out.read_text() == DEEP + "\n"
    # A deep last line without its newline is not a record cut short either: nothing is cut.
    out.write_text(DEEP)
    result = _script("batch", str(source), "-o", str(out), "--jobs", "1", "--quiet")
    assert result.returncode == 0, result.stderr  # cut off as a half-written record
    assert [record["id"] for record in _records(out)] == ["tarot-1", "tarot-2"]


def test_a_line_of_out_that_is_not_a_record_stops_before_the_last_line_is_cut(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The file is checked whole before anything in it changes: a last line without its
    # newline is not cut off a file that turns out not to be a batch's.
    source = _positions_file(tmp_path, capsys, 1)
    out = tmp_path / "notes.txt"
    out.write_text("my notes\nthe last line, without its newline")
    result = _script("batch", str(source), "-o", str(out), "--jobs", "1", "--quiet")
    assert result.returncode == 2
    assert "line 1 is not a cardgames batch record (not JSON: 'my notes" in result.stderr
    assert out.read_text() == "my notes\nthe last line, without its newline"


def test_a_line_longer_than_the_limit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first, second = _positions(capsys, 2)
    long_line = '{"game": "tarot", "position": "' + "x" * batch_cli.LINE_LIMIT + '"}'
    source = tmp_path / "in.jsonl"
    source.write_text("\n".join([first, long_line, second]) + "\n")
    out = tmp_path / "out.jsonl"
    result = _script("batch", str(source), "-o", str(out), "--jobs", "1", "--quiet")
    assert result.returncode == 1, result.stderr
    records = _records(out)
    assert [(record["id"], record["line"]) for record in records] == [
        ("tarot-1", 1),
        (None, 2),
        ("tarot-2", 3),
    ]
    assert records[1]["error"] == (
        f"NotationError: invalid line: longer than {batch_cli.LINE_LIMIT} characters"
    )
    # In OUT such a line cannot be a record: the command refuses to append to the file.
    out.write_text(long_line + "\n")
    result = _script("batch", str(source), "-o", str(out), "--jobs", "1", "--quiet")
    assert result.returncode == 2
    assert result.stderr == (
        f"cardgames: error: {out} line 1 is longer than {batch_cli.LINE_LIMIT} bytes, so it is "
        f"not a cardgames batch record: not appending to it\n"
    )
    assert out.read_text() == long_line + "\n"


def _fifo(tmp_path: Path) -> Path:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    return fifo


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes and /dev")
@pytest.mark.parametrize(
    ("where", "what"),
    [
        ("/dev/zero", "a device"),
        ("/dev/full", "a device"),
        ("/dev/null", "a device"),
        (_fifo, "a pipe"),
        (".", "a folder"),
    ],
)
def test_an_out_that_is_not_a_regular_file_is_refused(
    where: Any, what: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Was: /dev/zero read without end to resume (gigabytes, then out of memory), a FIFO
    # waited on for ever, a folder read as a file.
    source = _positions_file(tmp_path, capsys, 1)
    out = str(where(tmp_path) if callable(where) else where)
    result = _script("batch", str(source), "-o", out, "--jobs", "1", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == (
        f"cardgames: error: cannot use {out!r} as OUT: it is {what}, not a regular file (the "
        f"records are appended to a file and read back to resume a run)\n"
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_positions_read_from_a_pipe_are_all_analysed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Was: the pipe was read once to count its lines for the progress bar, which left
    # nothing to analyse, and the run exited 0 with an empty output.
    lines = _positions(capsys, 2)
    fifo = _fifo(tmp_path)

    def feed() -> None:
        with fifo.open("w") as pipe:
            pipe.write("\n".join(lines) + "\n")

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    out = tmp_path / "out.jsonl"
    result = _script("batch", str(fifo), "-o", str(out), "--jobs", "1")
    writer.join(timeout=WALL_SECONDS)
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip().splitlines()[-1].startswith("cardgames batch: 2 done, 0 failed")
    assert [record["id"] for record in _records(out)] == ["tarot-1", "tarot-2"]


def _small_files() -> None:
    # Files may grow to 3000 bytes: a write past that fails with EFBIG ("File too large"),
    # Python ignoring the SIGXFSZ signal that would otherwise end the process.
    resource.setrlimit(resource.RLIMIT_FSIZE, (3000, 3000))


def test_a_full_disk_is_a_clear_error_and_the_run_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Was: a bare OSError traceback and status 1, the status of error records.
    source = _positions_file(tmp_path, capsys, 8)
    whole = tmp_path / "whole.jsonl"
    assert _script("batch", str(source), "-o", str(whole), "--jobs", "1").returncode == 0
    assert whole.stat().st_size > 3000
    out = tmp_path / "out.jsonl"
    argv = ("batch", str(source), "-o", str(out), "--jobs", "1", "--quiet")
    result = _script(*argv, preexec_fn=_small_files)
    assert result.returncode == 2
    assert result.stderr == (
        f"cardgames: error: cannot write {str(out)!r}: File too large (the records written "
        f"before stay: make room, then run the same command again to continue)\n"
    )
    assert 0 < out.stat().st_size <= 3000
    # With room again, the same command finishes the file as one run would have written it.
    assert _script(*argv).returncode == 0
    assert _without_times(_records(out)) == _without_times(_records(whole))


class _FullDisk(io.RawIOBase):
    """A file on a full disk: every write fails with ENOSPC."""

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_no_space_left_on_the_device(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    source = _positions_file(tmp_path, capsys, 3)
    out = tmp_path / "out.jsonl"
    real_open = batch_cli._open_output

    def on_a_full_disk(path: str, mode: str, **options: Any) -> Any:
        output = real_open(path, mode, **options)
        output.file.close()
        output.file = io.TextIOWrapper(io.BufferedWriter(_FullDisk()), encoding="utf-8")
        return output

    monkeypatch.setattr(batch_cli, "_open_output", on_a_full_disk)
    assert main(["batch", str(source), "-o", str(out), "--jobs", "1", "--quiet"]) == 2
    assert capsys.readouterr().err == (
        f"cardgames: error: cannot write {str(out)!r}: No space left on device (the records "
        f"written before stay: make room, then run the same command again to continue)\n"
    )
    argv = ["batch", "--make-positions", "tailor", "--count", "3", "-o", str(out)]
    assert main(argv) == 2
    assert capsys.readouterr().err == (
        f"cardgames: error: cannot write {str(out)!r}: No space left on device\n"
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_positions_made_onto_a_full_standard_output(tmp_path: Path) -> None:
    with open("/dev/full", "w") as full:
        result = _script("batch", "--make-positions", "tarot", "--count", "300", stdout=full)
    assert result.returncode == 2
    assert result.stderr == (
        "cardgames: error: cannot write standard output: No space left on device\n"
    )


def _close_standard_input() -> None:
    os.close(0)


def test_closed_standard_input_is_a_usage_error(tmp_path: Path) -> None:
    # Was: TypeError: 'NoneType' object is not iterable (Python sets sys.stdin to None when it
    # starts with descriptor 0 closed).
    out = tmp_path / "out.jsonl"
    result = _script(
        "batch", "-", "-o", str(out), "--jobs", "1", stdin=None, preexec_fn=_close_standard_input
    )
    assert result.returncode == 2
    assert result.stderr == (
        "cardgames: error: cannot read the positions from standard input (IN is -): it is "
        "closed; give them on standard input or name a file\n"
    )
    assert not out.exists()
