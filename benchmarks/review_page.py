"""The review page of a whole deal: how large it is, what building it costs beside the review
itself, and how long a browser takes to open it.

Usage::

    python benchmarks/review_page.py                       # cardgames play tarot --seed 3
    python benchmarks/review_page.py --record deal.json --time-limit 2 --repeat 3

The deal is the record given, or the one ``cardgames play tarot --seed SEED --json`` writes.
It is reviewed as ``cardgames review`` does (``--time-limit`` seconds a move, estimates), then
the page is built ``--repeat`` times; the script prints the review's time, the page's (wall
clock and this process's CPU time, the median of the repeats) and its size. Unless
``--no-browser``, it then opens the page in headless Chromium (``--chromium``, default
``/usr/bin/chromium``, through playwright) ``--repeat`` times and prints the median time from
the start of the navigation to the end of the page's ``load`` event, the moment the page
shows its first position and answers keys, and the time the page takes to show another
moment (``End`` pressed).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cardgames import games, solver
from cardgames.errors import CardgamesError


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--record", help="a record file (default: cardgames play tarot --seed)")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--time-limit", type=float, default=2.0, help="seconds a move")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-browser", action="store_true")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    if args.record is not None:
        text = Path(args.record).read_text(encoding="utf-8")
    else:
        script = Path(sys.executable).with_name("cardgames")
        command = [str(script), "play", "tarot", "--seed", str(args.seed), "--json"]
        text = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    record = None
    for game in games.registered():
        try:
            record = game.loads(text)
            break
        except CardgamesError:  # not this game's record: try the next
            continue
    assert record is not None, "not a record of any game"

    wall, cpu = time.perf_counter(), time.process_time()
    review = solver.review(record, limit=solver.Limit(time=args.time_limit), estimates=True)
    review_wall, review_cpu = time.perf_counter() - wall, time.process_time() - cpu
    walls, cpus = [], []
    page = ""
    for _ in range(args.repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        page = review.to_html()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    size = len(page.encode("utf-8"))
    page_wall, page_cpu = statistics.median(walls), statistics.median(cpus)
    print(
        f"deal: {len(review.moves)} moves, {len(review.steps)} judged, "
        f"{review.judged_by_estimates} by estimates"
    )
    print(
        f"review ({args.time_limit:g} s a move): {review_wall:.1f} s wall, {review_cpu:.1f} s CPU"
    )
    print(
        f"page: {page_wall:.3f} s wall, {page_cpu:.3f} s CPU (median of {args.repeat}), "
        f"{100 * page_cpu / review_cpu:.2f} % of the review's CPU"
    )
    print(f"size: {size:,} bytes ({size / 1_000_000:.2f} MB)")
    if not args.no_browser:
        _open(page, args.chromium, args.repeat)


def _open(page: str, chromium: str, repeat: int) -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "review.html"
        path.write_text(page, encoding="utf-8")
        loads, moves = [], []
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=chromium,
                headless=True,
                args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
            )
            for _ in range(repeat):
                tab = browser.new_page(viewport={"width": 1400, "height": 1000})
                tab.goto(path.as_uri())
                loads.append(
                    tab.evaluate(
                        "() => { const n = performance.getEntriesByType('navigation')[0];"
                        " return n.loadEventEnd - n.startTime; }"
                    )
                )
                started = tab.evaluate("() => performance.now()")
                tab.keyboard.press("End")
                tab.wait_for_function(
                    "() => document.getElementById('where').textContent.startsWith('The end')"
                )
                moves.append(tab.evaluate("() => performance.now()") - started)
                tab.close()
            browser.close()
    print(
        f"browser: opened in {statistics.median(loads):.0f} ms (navigation to load event, "
        f"median of {repeat}); another moment shown in {statistics.median(moves):.0f} ms"
    )


if __name__ == "__main__":
    main()
