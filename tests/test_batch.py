"""Batch analysis: :func:`cardgames.solver.batch.analyse_many` and its machinery."""

from __future__ import annotations

import concurrent.futures
import itertools
import pickle
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest

from cardgames import games, solver, tailor, tarot
from cardgames.errors import AnalysisError
from cardgames.solver import batch
from cardgames.solver.batch import (
    CHUNK_SECONDS,
    CHUNKS_PER_WORKER,
    MAX_CHUNK,
    BatchError,
    Job,
    SerialExecutor,
    analyse_many,
    batch_map,
    dask_executor,
    solve_many,
)

TAROT_RULES = tarot.Rules.preset("traditional-3")


def _positions() -> list[batch.Position]:
    tarot_states: list[batch.Position] = [
        tarot.random_position(TAROT_RULES, seed=seed, tricks_left=3) for seed in range(1, 9)
    ]
    tailor_states: list[batch.Position] = [
        tailor.random_position(tailor.Rules(players=3), seed=seed, cards_left=2) for seed in (1, 2)
    ]
    return tarot_states + tailor_states


POSITIONS = _positions()


def _plain(result: object) -> dict[str, Any]:
    """A result's dict without the time it took (the one field that differs between runs)."""
    assert not isinstance(result, BatchError), result
    data: dict[str, Any] = result.to_dict()  # type: ignore[attr-defined]
    del data["elapsed"]
    return data


def _one_by_one() -> list[dict[str, Any]]:
    return [_plain(solver.analyse(state)) for state in POSITIONS]


EXPECTED = _one_by_one()


def test_positions_pickle_and_read_back_from_their_notation() -> None:
    for state in POSITIONS:
        assert pickle.loads(pickle.dumps(state)) == state
        assert games.of(state).parse_state(str(state)) == state


def test_serial_batch_equals_one_by_one() -> None:
    results = list(analyse_many(POSITIONS, executor=SerialExecutor()))
    assert [_plain(result) for result in results] == EXPECTED


def test_process_pool_batch_equals_one_by_one() -> None:
    with batch.process_pool(2) as pool:
        results = list(analyse_many(POSITIONS, executor=pool))
    assert [_plain(result) for result in results] == EXPECTED


def test_default_pool_batch_equals_one_by_one_and_reads_a_lazy_iterable() -> None:
    results = list(analyse_many(state for state in POSITIONS))
    assert [_plain(result) for result in results] == EXPECTED


def test_dask_local_cluster_batch_equals_one_by_one() -> None:
    import distributed

    # The package has no type hints.
    LocalCluster: Any = distributed.LocalCluster
    Client: Any = distributed.Client
    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=False, dashboard_address=":0"
        ) as cluster,
        Client(cluster) as client,
    ):
        results = list(analyse_many(POSITIONS, executor=client.get_executor()))
        assert [_plain(result) for result in results] == EXPECTED
        # The scheduler's address alone connects (and disconnects) a client of its own.
        solutions = list(solve_many(POSITIONS[:3], executor=cluster.scheduler_address))
    assert [_plain(solution) for solution in solutions] == [
        _plain(solver.solve(state)) for state in POSITIONS[:3]
    ]


def test_solve_many_equals_solve_one_by_one() -> None:
    results = list(solve_many(POSITIONS, executor=SerialExecutor()))
    assert [_plain(result) for result in results] == [
        _plain(solver.solve(state)) for state in POSITIONS
    ]


def test_one_position_starts_no_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_pool(*args: object, **kwargs: object) -> None:
        raise AssertionError("a pool was started for one position")

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", no_pool)
    monkeypatch.setattr(batch, "process_pool", no_pool)
    [result] = analyse_many(POSITIONS[:1])
    assert _plain(result) == EXPECTED[0]


def test_a_failing_position_gives_an_error_in_its_place_and_the_rest_go_on() -> None:
    in_discard = tarot.deal(TAROT_RULES, seed=3)  # the solver cannot analyse the discard
    items: list[Any] = [POSITIONS[0], in_discard, "not a state", POSITIONS[1]]
    with batch.process_pool(2) as pool:
        results = list(analyse_many(items, executor=pool))
    assert _plain(results[0]) == EXPECTED[0] and _plain(results[3]) == EXPECTED[1]
    failed, wrong_type = results[1], results[2]
    assert isinstance(failed, BatchError) and isinstance(wrong_type, BatchError)
    assert (failed.index, failed.kind, failed.position) == (1, "AnalysisError", str(in_discard))
    assert (wrong_type.index, wrong_type.position) == (2, "'not a state'")
    assert "expected the state of a game" in wrong_type.message


def test_jobs_carry_text_positions_and_their_own_settings() -> None:
    state = POSITIONS[0]
    assert isinstance(state, tarot.State)
    other_seat = (state.to_move + 1) % 3
    jobs = [
        Job(position=str(state), game="tarot"),
        Job(position=state, perspective=other_seat),
        Job(position="unreadable", game="tailor"),
    ]
    results = list(analyse_many(jobs, executor=SerialExecutor()))
    assert _plain(results[0]) == EXPECTED[0]
    assert _plain(results[1]) == _plain(solver.analyse(state, perspective=other_seat))
    error = results[2]
    assert isinstance(error, BatchError)
    assert (error.kind, error.position) == ("NotationError", "unreadable")


def test_results_come_in_input_order_when_chunks_finish_out_of_order() -> None:
    # Earlier items sleep longer, so on four threads the later chunks finish first.
    delays = [0.04, 0.03, 0.02, 0.01, 0.0]
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        results = list(batch_map(_sleep_and_echo, delays, executor=pool))
    assert results == delays


def _sleep_and_echo(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def test_an_item_that_cannot_travel_fails_alone() -> None:
    items: list[Any] = [-1, lambda: 0, -3]  # a lambda does not pickle
    with batch.process_pool(2) as pool:
        results = list(batch_map(abs, items, executor=pool))
    assert results[0] == 1 and results[2] == 3
    assert isinstance(results[1], BatchError) and results[1].index == 1


def test_an_endless_input_is_read_only_a_bounded_window_ahead() -> None:
    pulled = itertools.count()

    def endless() -> Iterator[int]:
        for number in itertools.count():
            next(pulled)
            yield number

    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        results = batch_map(abs, endless(), executor=pool)
        first = list(itertools.islice(results, 500))
        results.close()
    assert first == list(range(500))
    assert next(pulled) <= 500 + CHUNKS_PER_WORKER * 2 * MAX_CHUNK


def test_a_process_with_threads_starts_its_pool_without_fork() -> None:
    import multiprocessing
    import threading

    stop = threading.Event()
    helper = threading.Thread(target=stop.wait)
    helper.start()
    try:
        pool = batch.process_pool(1)
    finally:
        stop.set()
        helper.join()
    with pool:
        assert pool.submit(abs, -4).result() == 4
    method = multiprocessing.get_start_method(allow_none=True)
    if method in (None, "fork") and sys.platform == "linux":
        context = pool._mp_context
        assert context is not None and context.get_start_method() == "forkserver"


def test_chunk_sizes_follow_the_documented_rule() -> None:
    sizer = batch._ChunkSizer()
    assert sizer.size(None, 2) == 1  # nothing measured yet
    sizer.record(0.1, 10)  # 10 ms a position
    assert sizer.size(None, 2) == int(CHUNK_SECONDS / 0.01)
    assert sizer.size(30, 2) == 15  # no more than an equal share of what is left
    sizer.record(0.01, 10)  # the average leans towards the latest chunk: 7.3 ms
    assert sizer.size(None, 2) == int(CHUNK_SECONDS / (0.7 * 0.01 + 0.3 * 0.001))
    tiny = batch._ChunkSizer()
    tiny.record(0.0, 1000)
    assert tiny.size(None, 2) == MAX_CHUNK


def test_progress_bar_on_standard_error(capsys: pytest.CaptureFixture[str]) -> None:
    list(analyse_many(POSITIONS[:3], executor=SerialExecutor(), progress=True))
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "3/3" in captured.err and "positions/s" in captured.err


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"positions": "KH"}, "invalid positions 'KH'"),
        ({"perspective": True}, "invalid perspective True"),
        ({"limit": 5}, "invalid limit 5"),
        ({"executor": 2}, "invalid executor 2"),
        ({"progress": "yes"}, "invalid progress 'yes'"),
    ],
)
def test_bad_arguments_are_refused_before_any_work(arguments: dict[str, Any], message: str) -> None:
    positions = arguments.pop("positions", POSITIONS)
    with pytest.raises(AnalysisError, match=message):
        analyse_many(positions, **arguments)


def test_a_scheduler_address_without_dask_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    with pytest.raises(AnalysisError, match=r"pip install cardgames\[dask\]"):
        list(analyse_many(POSITIONS, executor="tcp://127.0.0.1:8786"))
    # Everything else works without it.
    assert [_plain(r) for r in analyse_many(POSITIONS[:2], executor=SerialExecutor())] == (
        EXPECTED[:2]
    )


def test_an_unreachable_scheduler_is_an_analysis_error() -> None:
    with (
        pytest.raises(AnalysisError, match="cannot reach the Dask scheduler"),
        dask_executor("tcp://127.0.0.1:9", timeout=1),
    ):
        pass


def test_batch_error_to_dict_and_text() -> None:
    error = BatchError(index=0, position="x", kind="NotationError", message="bad")
    assert error.to_dict() == {
        "index": 0,
        "position": "x",
        "kind": "NotationError",
        "message": "bad",
    }
    assert str(error) == "item 0: NotationError: bad"


def test_a_job_needs_a_game_for_text_and_checks_its_fields() -> None:
    with pytest.raises(AnalysisError, match="needs its game"):
        Job(position="text")
    with pytest.raises(AnalysisError, match="invalid game 'chess'"):
        Job(position="text", game="chess")
    with pytest.raises(AnalysisError, match="invalid position 3"):
        Job(position=3)  # type: ignore[arg-type]


def test_packed_chunks_travel_as_one_pickle_and_leave_the_collector_as_it_was() -> None:
    import gc

    from cardgames.solver.batch import _pack, _run_packed_chunk, _unpack

    states = [tarot.random_position(TAROT_RULES, seed=seed, tricks_left=2) for seed in (1, 2)]
    assert gc.isenabled()
    seconds, packed = _run_packed_chunk(str, 5, _pack([*states, None]))
    assert gc.isenabled()
    assert isinstance(packed, bytes) and seconds >= 0
    assert _unpack(packed) == [str(states[0]), str(states[1]), "None"]
    gc.disable()
    try:
        assert _unpack(_pack(states)) == states
        assert not gc.isenabled()
    finally:
        gc.enable()


@pytest.mark.parametrize("total", [10, None])
def test_the_progress_rate_reads_in_positions_a_second(
    total: int | None, capsys: pytest.CaptureFixture[str]
) -> None:
    # Was: below one position a second, tqdm's own format gave seconds a position instead,
    # as "3.33s/ positions".
    bar = batch._progress_bar(True, total, "position")
    try:
        assert bar.unit == " positions"
        slow = bar.format_meter(**{**bar.format_dict, "n": 3, "elapsed": 10.0, "rate": None})
        fast = bar.format_meter(**{**bar.format_dict, "n": 9, "elapsed": 2.0, "rate": None})
    finally:
        bar.close()
    capsys.readouterr()
    assert "0.30 positions/s" in slow and "s/" not in slow.replace("positions/s", "")
    assert "4.50 positions/s" in fast
    assert ("3/10" if total else "3 positions [00:10, ") in slow
