"""Throughput of batch analysis: serially, on a process pool, and on a local Dask cluster.

Usage::

    python benchmarks/batch.py [--positions 200] [--tricks-left 9] [--seed 1] [--workers 2]
        [--small-positions 1000] [--small-tricks-left 4] [--solve] [--skip-dask]

Position ``i`` is ``tarot.random_position(traditional-3, seed=seed + i, tricks_left=K)``, as in
``benchmarks/solver.py``. Three runs over the same positions:

* **serial**: :func:`cardgames.solver.analyse` in a plain loop (no batch machinery at all);
* **processes**: :func:`cardgames.solver.batch.analyse_many` on a
  :class:`~concurrent.futures.ProcessPoolExecutor` of ``--workers`` processes, started and
  warmed up (the library imported in every worker) before the clock starts; the start-up is
  shown apart;
* **dask**: ``analyse_many`` on a Dask ``LocalCluster`` of ``--workers`` single-threaded
  worker processes, reached through its scheduler address, after a four-position warm-up (the
  cluster's start-up is shown apart, not counted).

For each: positions per second, the speed-up over serial and the scaling efficiency (speed-up
divided by the workers), and the CPU time per position summed over the main process and the
workers, with its excess over serial in per cent: on a machine shared with other work the wall
times say little, but the CPU times still show what the batch machinery (chunking and pickling)
costs, and a pool of N workers can at best reach N times serial CPU divided by its own.

Then the same at ``--small-tricks-left`` (default 4), where a position takes about a
millisecond, comparing the adaptive chunks with one position a chunk: the overhead is the
shortfall from perfect scaling, ``1 - speed-up / workers``, and the cost per position is
``(wall time * workers - serial time) / positions``. Every batch result is checked
equal to the serial one (but for the time it took).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import resource
import sys
import time
from typing import Any

from cardgames import solver, tarot
from cardgames.solver import batch


def _plain(result: Any) -> dict[str, Any]:
    if isinstance(result, batch.BatchError):
        raise SystemExit(f"batch error: {result}")
    data: dict[str, Any] = result.to_dict()
    del data["elapsed"]
    return data


def _serial(states: list[tarot.State], solve: bool) -> tuple[float, float, list[dict[str, Any]]]:
    # Wall and CPU seconds, and the results.
    run = solver.solve if solve else solver.analyse
    began, cpu = time.perf_counter(), time.process_time()
    results = [_plain(run(state)) for state in states]
    return time.perf_counter() - began, time.process_time() - cpu, results


def _batched(
    states: list[tarot.State], solve: bool, executor: Any, expected: list[dict[str, Any]]
) -> float:
    many = batch.solve_many if solve else batch.analyse_many
    began = time.perf_counter()
    results = [_plain(result) for result in many(states, executor=executor)]
    elapsed = time.perf_counter() - began
    if results != expected:
        raise SystemExit("a batch result differs from the serial one")
    return elapsed


def _warm_up(pool: concurrent.futures.Executor, workers: int) -> float:
    # Start every worker and import the library in it, so that the timing is of the work and
    # its transfer, not of starting processes (reported separately). Returns the CPU seconds
    # the workers have used so far, to take from their total at the end.
    used: dict[int, float] = {}
    for pid, cpu in pool.map(_import_solver, range(workers * 4)):
        used[pid] = max(cpu, used.get(pid, 0.0))
    return sum(used.values())


def _import_solver(_: int) -> tuple[int, float]:
    solver.backend()
    time.sleep(0.01)  # so that every worker gets some of the calls
    return os.getpid(), time.process_time()


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _pool(
    states: list[tarot.State], solve: bool, workers: int, expected: list[dict[str, Any]]
) -> tuple[float, float]:
    # Wall seconds and CPU seconds (this process and the workers) of the batch.
    began = time.perf_counter()
    children = _children_cpu()
    with concurrent.futures.ProcessPoolExecutor(workers) as pool:
        warm_up_cpu = _warm_up(pool, workers)
        started = time.perf_counter() - began
        cpu = time.process_time()
        seconds = _batched(states, solve, pool, expected)
        cpu = time.process_time() - cpu
    # The workers have exited (the pool waits for them), so their CPU time is counted.
    cpu += _children_cpu() - children - warm_up_cpu
    print(f"  (the process pool took {started:.2f} s to start)")
    return seconds, cpu


def _report(
    name: str,
    count: int,
    seconds: float,
    serial: float,
    workers: int,
    cpu: float,
    serial_cpu: float,
) -> None:
    speed_up = serial / seconds
    print(
        f"  {name:<28} {count / seconds:8.2f} positions/s  speed-up {speed_up:4.2f}x  "
        f"efficiency {speed_up / workers:5.1%}  overhead/position "
        f"{(seconds * workers - serial) / count * 1000:+.2f} ms  "
        f"CPU/position {cpu / count * 1000:.3f} ms ({cpu / serial_cpu - 1:+.0%})"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--tricks-left", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--small-positions", type=int, default=1000)
    parser.add_argument("--small-tricks-left", type=int, default=4)
    parser.add_argument("--solve", action="store_true", help="time solve() instead of analyse()")
    parser.add_argument("--skip-dask", action="store_true")
    args = parser.parse_args(argv)
    rules = tarot.Rules.preset("traditional-3")
    workers = args.workers
    mode = "solve" if args.solve else "analyse"

    states = [
        tarot.random_position(rules, seed=args.seed + i, tricks_left=args.tricks_left)
        for i in range(args.positions)
    ]
    print(
        f"{args.positions} positions, traditional-3, {args.tricks_left} tricks left, seeds "
        f"{args.seed}..{args.seed + args.positions - 1}, {mode}, {workers} workers "
        f"({batch.available_cpus()} cores available), backend {solver.backend()}"
    )
    serial, serial_cpu, expected = _serial(states, args.solve)
    _report("serial", len(states), serial, serial, 1, serial_cpu, serial_cpu)
    seconds, cpu = _pool(states, args.solve, workers, expected)
    _report("processes", len(states), seconds, serial, workers, cpu, serial_cpu)
    if not args.skip_dask:
        import distributed

        local_cluster: Any = distributed.LocalCluster  # the package has no type hints
        began = time.perf_counter()
        with local_cluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster:
            started = time.perf_counter() - began
            # One small batch first, so that the workers have imported the library.
            _batched(states[:4], args.solve, cluster.scheduler_address, expected[:4])
            cpu = time.process_time()
            seconds = _batched(states, args.solve, cluster.scheduler_address, expected)
            cpu = time.process_time() - cpu
        print(f"  (the Dask cluster took {started:.1f} s to start; CPU: this process only)")
        _report("dask scheduler + workers", len(states), seconds, serial, workers, cpu, serial_cpu)

    small = [
        tarot.random_position(rules, seed=args.seed + i, tricks_left=args.small_tricks_left)
        for i in range(args.small_positions)
    ]
    print(
        f"{args.small_positions} positions with {args.small_tricks_left} tricks left (tiny "
        f"work: overhead)"
    )
    serial, serial_cpu, expected = _serial(small, args.solve)
    _report("serial", len(small), serial, serial, 1, serial_cpu, serial_cpu)
    cpu = time.process_time()
    seconds = _batched(small, args.solve, batch.SerialExecutor(), expected)
    cpu = time.process_time() - cpu
    _report("serial executor (batched)", len(small), seconds, serial, 1, cpu, serial_cpu)
    seconds, cpu = _pool(small, args.solve, workers, expected)
    _report("processes, adaptive chunks", len(small), seconds, serial, workers, cpu, serial_cpu)
    chunk_limit = batch.MAX_CHUNK
    batch.MAX_CHUNK = 1  # type: ignore[misc]  # one position a chunk, for comparison
    try:
        seconds, cpu = _pool(small, args.solve, workers, expected)
    finally:
        batch.MAX_CHUNK = chunk_limit  # type: ignore[misc]
    _report("processes, 1 a chunk", len(small), seconds, serial, workers, cpu, serial_cpu)
    return 0


if __name__ == "__main__":
    sys.exit(main())
