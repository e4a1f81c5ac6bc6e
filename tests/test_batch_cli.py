"""``cardgames batch``: JSON-lines files of positions in, records out, resumable."""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from hang_guard import WALL_SECONDS

from cardgames import games, solver, tailor, tarot
from cardgames.cli import batch as batch_cli
from cardgames.errors import AnalysisError, NotationError
from cardgames.solver import batch


def run_batch(argv: Sequence[str]) -> int:
    """``cardgames batch ARGV`` through the module's own parser functions."""
    parser = argparse.ArgumentParser(prog="cardgames")
    batch_cli.add_parser(parser.add_subparsers())
    args = parser.parse_args(["batch", *argv])
    status: int = args.run(args)
    return status


def _records(path: Path) -> list[dict[str, Any]]:
    """The output records without the seconds each analysis took."""
    records = [json.loads(line) for line in path.read_text().splitlines()]
    for record in records:
        for key in ("analysis", "solution"):
            if key in record:
                del record[key]["elapsed"]
    return records


def _plain(result: Any) -> dict[str, Any]:
    data: dict[str, Any] = result.to_dict()
    del data["elapsed"]
    return data


@pytest.fixture
def positions_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """Six Tarot positions (seeds 1-6, 3 tricks left), two Chase the Tailor ones (seeds 1-2),
    a position that does not read and a line that is not JSON."""
    tarot_args = ["--make-positions", "tarot", "--tricks-left", "3", "--count", "6"]
    assert run_batch(tarot_args) == 0
    tailor_args = ["--make-positions", "tailor", "--cards-left", "2", "--count", "2"]
    assert run_batch(tailor_args) == 0
    lines = capsys.readouterr().out.splitlines()
    lines.insert(3, json.dumps({"game": "tarot", "position": "not a position", "id": "typo"}))
    lines.insert(5, "{not json")
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_make_positions_writes_seeded_positions(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--make-positions", "tarot", "--rules", "traditional", "--players", "3"]
    assert run_batch([*argv, "--tricks-left", "9", "--count", "3", "--seed", "7"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    rules = tarot.Rules.preset("traditional-3")
    assert [record["id"] for record in records] == ["tarot-7", "tarot-8", "tarot-9"]
    for seed, record in zip((7, 8, 9), records, strict=True):
        assert record["game"] == "tarot"
        assert tarot.State.parse(record["position"]) == tarot.random_position(
            rules, seed=seed, tricks_left=9
        )
    assert run_batch(["--make-positions", "tailor", "--players", "4", "--cards-left", "2"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(records) == 100
    assert tailor.State.parse(records[4]["position"]) == tailor.random_position(
        tailor.Rules(players=4), seed=5, cards_left=2
    )


def test_batch_analyses_every_line_and_reports_bad_ones(
    positions_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.jsonl"
    assert run_batch([str(positions_file), "-o", str(out), "--jobs", "1"]) == 1
    records = _records(out)
    inputs = positions_file.read_text().splitlines()
    assert [record["line"] for record in records] == list(range(1, len(inputs) + 1))
    bad_position, bad_json = records[3], records[5]
    assert bad_position["id"] == "typo" and bad_position["error"].startswith("NotationError")
    assert "invalid Tarot" in bad_position["error"]
    assert bad_json["id"] is None and "invalid JSON" in bad_json["error"]
    for number, record in enumerate(records, start=1):
        if number in (4, 6):
            continue
        given = json.loads(inputs[number - 1])
        state = games.named(given["game"]).parse_state(given["position"])
        assert record["id"] == given["id"]
        assert record["analysis"] == _plain(solver.analyse(state))
    summary = capsys.readouterr().err.strip().splitlines()[-1]
    assert summary.startswith("cardgames batch: 8 done, 2 failed, 0 already in")


def test_an_interrupted_run_resumed_gives_the_same_output(
    positions_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = tmp_path / "whole.jsonl"
    assert run_batch([str(positions_file), "-o", str(whole), "--jobs", "2", "--quiet"]) == 1
    expected = _records(whole)

    # Killed while writing its fifth line: four whole lines and half of the next.
    killed = tmp_path / "killed.jsonl"
    lines = whole.read_text().splitlines(keepends=True)
    killed.write_text("".join(lines[:4]) + lines[4][: len(lines[4]) // 2])
    assert run_batch([str(positions_file), "-o", str(killed), "--quiet"]) == 1
    assert _records(killed) == expected

    # Stopped with Ctrl-C after three results.
    stopped = tmp_path / "stopped.jsonl"
    real_run_tasks = batch.run_tasks

    def interrupted(*args: Any, **kwargs: Any) -> Iterator[Any]:
        for count, result in enumerate(real_run_tasks(*args, **kwargs)):
            if count == 3:
                raise KeyboardInterrupt
            yield result

    monkeypatch.setattr(batch_cli, "run_tasks", interrupted)
    assert run_batch([str(positions_file), "-o", str(stopped), "--jobs", "1", "--quiet"]) == 130
    assert len(_records(stopped)) == 3
    monkeypatch.setattr(batch_cli, "run_tasks", real_run_tasks)
    assert run_batch([str(positions_file), "-o", str(stopped), "--jobs", "1"]) == 1
    assert _records(stopped) == expected

    # Whole files are left as they are; the status still tells of the two error records in it.
    assert run_batch([str(positions_file), "-o", str(stopped), "--jobs", "1", "--quiet"]) == 1
    assert _records(stopped) == expected


def test_a_record_complete_but_for_its_newline_is_kept(
    positions_file: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out.jsonl"
    assert run_batch([str(positions_file), "-o", str(out), "--jobs", "1", "--quiet"]) == 1
    expected = _records(out)
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines[:2]) + lines[2].rstrip("\n"))
    assert run_batch([str(positions_file), "-o", str(out), "--jobs", "1", "--quiet"]) == 1
    assert _records(out) == expected


def test_solve_writes_solutions_and_will_not_mix_with_analyses(
    positions_file: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out.jsonl"
    argv = [str(positions_file), "-o", str(out), "--jobs", "1", "--quiet"]
    assert run_batch([*argv, "--solve", "--node-limit", "100000"]) == 1
    first = _records(out)[0]
    given = json.loads(positions_file.read_text().splitlines()[0])
    state = tarot.State.parse(given["position"])
    assert first["solution"] == _plain(solver.solve(state, limit=solver.Limit(nodes=100000)))
    with pytest.raises(AnalysisError, match="holds solution records: run with --solve"):
        run_batch(argv)


def test_per_line_settings_and_their_errors(tmp_path: Path) -> None:
    state = tarot.random_position(tarot.Rules.preset("traditional-3"), seed=4, tricks_left=2)
    lines = [
        {"game": "tarot", "position": str(state), "perspective": 1, "limit": {"nodes": 50}},
        {"game": "tarot", "position": str(state), "limit": {"moves": 3}},
        {"game": "chess", "position": str(state)},
        {"game": "tarot", "position": str(state), "colour": "red"},
        {"game": "tarot", "position": str(state), "id": [1]},
        [1, 2],
        {"position": str(state), "id": "no game"},
        {"game": "tailor"},
    ]
    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps(line) + "\n\n" for line in lines))  # blank lines too
    out = tmp_path / "out.jsonl"
    assert run_batch([str(source), "-o", str(out), "--jobs", "1", "--quiet"]) == 1
    records = _records(out)
    assert [record["line"] for record in records] == [1, 3, 5, 7, 9, 11, 13, 15]
    limited = solver.analyse(state, perspective=1, limit=solver.Limit(nodes=50))
    assert records[0]["analysis"] == _plain(limited)
    assert "invalid limit {'moves': 3}" in records[1]["error"]
    assert "invalid game 'chess'" in records[2]["error"]
    assert "unknown key(s) 'colour'" in records[3]["error"]
    assert "invalid id [1]" in records[4]["error"]
    assert "expected a JSON object" in records[5]["error"]
    # A missing key is named as missing (was "invalid game None").
    assert records[6]["id"] == "no game" and "missing key(s) 'game'" in records[6]["error"]
    assert "None" not in records[6]["error"]
    assert "missing key(s) 'position'" in records[7]["error"]


def test_the_exit_status_reflects_the_whole_output_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = tarot.random_position(tarot.Rules.preset("traditional-3"), seed=4, tricks_left=1)
    good = json.dumps({"game": "tarot", "position": str(state), "id": "good"})
    bad = json.dumps({"game": "chess", "position": str(state), "id": "bad"})
    first = tmp_path / "first.jsonl"
    first.write_text(bad + "\n")
    out = tmp_path / "out.jsonl"
    assert run_batch([str(first), "-o", str(out), "--jobs", "1", "--quiet"]) == 1
    # Resumed with a longer input: the new line is analysed, the error record stays in OUT,
    # so the run exits 1 even though nothing failed this time.
    longer = tmp_path / "longer.jsonl"
    longer.write_text(bad + "\n" + good + "\n")
    capsys.readouterr()
    assert run_batch([str(longer), "-o", str(out), "--jobs", "1"]) == 1
    summary = capsys.readouterr().err.strip().splitlines()[-1]
    assert summary.startswith("cardgames batch: 1 done, 0 failed, 1 already in ")
    assert "(1 of them error record)" in summary
    assert [("error" in record, record["id"]) for record in _records(out)] == [
        (True, "bad"),
        (False, "good"),
    ]
    # A file of analyses only exits 0, resumed or not.
    clean = tmp_path / "clean.jsonl"
    only_good = tmp_path / "good.jsonl"
    only_good.write_text(good + "\n")
    assert run_batch([str(only_good), "-o", str(clean), "--jobs", "1", "--quiet"]) == 0
    assert run_batch([str(only_good), "-o", str(clean), "--jobs", "1", "--quiet"]) == 0


def test_an_output_file_that_is_not_a_batch_is_left_alone(
    positions_file: Path, tmp_path: Path
) -> None:
    out = tmp_path / "notes.jsonl"
    out.write_text('{"hello": 1}\n{"id": 1, "line": 1, "error": "x"}\n')
    with pytest.raises(NotationError, match="line 1 is not a cardgames batch record"):
        run_batch([str(positions_file), "-o", str(out), "--jobs", "1", "--quiet"])
    assert out.read_text() == '{"hello": 1}\n{"id": 1, "line": 1, "error": "x"}\n'


def test_deeply_nested_json_lines_are_notation_errors(
    positions_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deep = "[" * 100_000 + "]" * 100_000
    lines = positions_file.read_text().splitlines()[:1]
    source = tmp_path / "deep.jsonl"
    source.write_text("\n".join([deep, *lines]) + "\n")
    out = tmp_path / "out.jsonl"
    assert run_batch([str(source), "-o", str(out), "--jobs", "1", "--quiet"]) == 1
    first = _records(out)[0]
    assert first["error"].startswith("NotationError") and "nested too deeply" in first["error"]
    assert "[[[" in first["error"] and len(first["error"]) < 500
    # an output file that starts with such a line is not a batch, and is left alone
    notes = tmp_path / "notes.jsonl"
    notes.write_text(deep + "\n")
    with pytest.raises(NotationError, match="line 1 is not a cardgames batch record"):
        run_batch([str(source), "-o", str(notes), "--jobs", "1", "--quiet"])
    assert notes.read_text() == deep + "\n"


def test_in_and_out_are_needed(tmp_path: Path) -> None:
    with pytest.raises(AnalysisError, match="needs IN and -o OUT"):
        run_batch([str(tmp_path / "in.jsonl")])


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@pytest.fixture
def dask_scheduler(tmp_path: Path) -> Iterator[str]:
    """A ``dask scheduler`` and two ``dask worker`` processes on 127.0.0.1; its address."""
    import distributed

    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    dask = [sys.executable, "-m", "dask"]

    def start(*arguments: str) -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            [*dask, *arguments],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            cwd=tmp_path,  # their scratch space goes there
        )

    processes = [start("scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard")]
    try:
        for _ in range(2):
            processes.append(start("worker", address, "--nthreads", "1", "--no-dashboard"))
        connect: Any = distributed.Client  # the package has no type hints
        with connect(address, timeout=WALL_SECONDS) as client:
            client.wait_for_workers(2, timeout=WALL_SECONDS)
        yield address
    finally:
        # The workers first, while the scheduler can still see them go; then the scheduler.
        workers, scheduler = processes[1:], processes[0]
        for group in (workers, [scheduler]):
            for process in group:
                process.terminate()
            deadline = time.monotonic() + 10
            for process in group:
                try:
                    process.wait(timeout=max(0.1, deadline - time.monotonic()))
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()


def test_scheduler_path_against_dask_scheduler_and_workers(
    dask_scheduler: str, positions_file: Path, tmp_path: Path
) -> None:
    serial = tmp_path / "serial.jsonl"
    assert run_batch([str(positions_file), "-o", str(serial), "--jobs", "1", "--quiet"]) == 1
    out = tmp_path / "out.jsonl"
    assert run_batch([str(positions_file), "-o", str(out), "--scheduler", dask_scheduler]) == 1
    assert _records(out) == _records(serial)


def test_the_cardgames_command_runs_batch(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from cardgames.cli import main

    assert main(["batch", "--make-positions", "tailor", "--count", "2", "--seed", "3"]) == 0
    source = tmp_path / "in.jsonl"
    source.write_text(capsys.readouterr().out)
    out = tmp_path / "out.jsonl"
    assert main(["batch", str(source), "-o", str(out), "--jobs", "1", "--quiet"]) == 0
    states = [
        tailor.random_position(tailor.Rules(players=4), seed=seed, cards_left=3) for seed in (3, 4)
    ]
    assert _records(out) == [
        {"id": f"tailor-{seed}", "line": line, "analysis": _plain(solver.analyse(state))}
        for line, (seed, state) in enumerate(zip((3, 4), states, strict=True), start=1)
    ]
    missing = tmp_path / "missing.jsonl"
    assert main(["batch", str(missing), "-o", str(tmp_path / "other.jsonl")]) == 2
    assert "cannot read" in capsys.readouterr().err
    assert not (tmp_path / "other.jsonl").exists()


def test_a_game_that_is_not_text_gets_an_error_record(tmp_path: Path) -> None:
    # Was: TypeError: unhashable type: 'list', which ended the whole run.
    state = tarot.random_position(tarot.Rules.preset("traditional-3"), seed=4, tricks_left=1)
    lines = [
        {"game": ["tarot"], "position": str(state), "id": "list"},
        {"game": {"name": "tarot"}, "position": str(state), "id": "object"},
        {"game": "tarot", "position": str(state), "id": "good"},
    ]
    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps(line) + "\n" for line in lines))
    out = tmp_path / "out.jsonl"
    assert run_batch([str(source), "-o", str(out), "--jobs", "1", "--quiet"]) == 1
    records = _records(out)
    assert [record["id"] for record in records] == ["list", "object", "good"]
    assert records[0]["error"] == (
        "NotationError: invalid game ['tarot']: expected one of 'tarot', 'tailor', 'bridge'"
    )
    assert records[1]["error"].startswith("NotationError: invalid game {'name': 'tarot'}")
    assert records[2]["analysis"] == _plain(solver.analyse(state))


SCRIPT = Path(sys.executable).with_name("cardgames")


def _script(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), *argv],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_make_positions_of_french_tarot(tmp_path: Path) -> None:
    # Was refused ("invalid Tarot rules 'french'") while every other subcommand took it.
    making = ["batch", "--make-positions", "tarot", "--rules", "french", "--tricks-left", "2"]
    result = _script(*making, "--players", "5", "--count", "3", "--seed", "4")
    assert result.returncode == 0, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [record["id"] for record in records] == ["tarot-4", "tarot-5", "tarot-6"]
    states = [tarot.State.parse(record["position"]) for record in records]
    for seed, state in zip((4, 5, 6), states, strict=True):
        assert state == tarot.random_position(tarot.Rules.french(5), seed=seed, tricks_left=2)
        assert state.phase is tarot.Phase.PLAY and state.taker is not None
    # Analysed like the positions of the other rules.
    source = tmp_path / "in.jsonl"
    source.write_text(result.stdout)
    out = tmp_path / "out.jsonl"
    analysed = _script("batch", str(source), "-o", str(out), "--jobs", "1", "--quiet")
    assert analysed.returncode == 0, analysed.stderr
    assert [record["analysis"] for record in _records(out)] == [
        _plain(solver.analyse(state)) for state in states
    ]
    # Four players unless told, as everywhere else; a rules text and --players must agree.
    result = _script(*making, "--count", "1")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["position"].startswith("french-4 ")
    result = _script(*making, "--rules", "french-5", "--players", "3", "--count", "1")
    assert result.returncode == 2
    assert "--players 3 disagrees with --rules 'french-5'" in result.stderr


def _children() -> dict[int, list[int]]:
    """The ids of every process's children, from /proc."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:  # gone meanwhile
            continue
        parent = int(text.rsplit(")", 1)[1].split()[1])
        children.setdefault(parent, []).append(int(stat.parent.name))
    return children


def _descendants(pid: int) -> set[int]:
    children = _children()
    found: set[int] = set()
    waiting = [pid]
    while waiting:
        for child in children.get(waiting.pop(), []):
            found.add(child)
            waiting.append(child)
    return found


def _running(pid: int) -> bool:
    """Whether ``pid`` is a running (not a zombie) cardgames process."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        command = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z" and b"cardgames" in command


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_pool_workers_end_when_the_batch_is_killed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Was: after kill -9 both workers of --jobs 2 waited for work for ever, two more
    # processes left behind by each kill and resume.
    making = ["--make-positions", "tarot", "--tricks-left", "9", "--count", "200"]
    assert run_batch(making) == 0
    source = tmp_path / "in.jsonl"
    source.write_text(capsys.readouterr().out)
    command = [str(SCRIPT), "batch", str(source), "-o", str(tmp_path / "out.jsonl")]
    process = subprocess.Popen(
        [*command, "--jobs", "2", "--quiet"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    workers: set[int] = set()
    try:
        deadline = time.monotonic() + WALL_SECONDS
        while len(workers) < 2 and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
            workers = {pid for pid in _descendants(process.pid) if _running(pid)}
        assert len(workers) >= 2, "the pool did not start"
        process.kill()
        process.wait()
        deadline = time.monotonic() + WALL_SECONDS
        while any(map(_running, workers)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [pid for pid in workers if _running(pid)]
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        for pid in workers:  # left behind by a failure: this test started them
            if _running(pid):
                os.kill(pid, signal.SIGKILL)


def test_resuming_a_finished_batch_draws_no_progress_bar(
    positions_file: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out.jsonl"
    first = _script("batch", str(positions_file), "-o", str(out), "--jobs", "1")
    assert "positions/s" in first.stderr  # a bar while there is work
    again = _script("batch", str(positions_file), "-o", str(out), "--jobs", "1")
    assert again.returncode == first.returncode
    assert "positions/s" not in again.stderr and "0 done" in again.stderr
