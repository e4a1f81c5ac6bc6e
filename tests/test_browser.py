"""The review page and ``cardgames serve`` in a real browser: Debian's Chromium, driven by
playwright, headless and kept off the network.

These tests are skipped, saying why, where playwright or Chromium is missing (``.ci/run``
installs Chromium on CI; elsewhere ``apt-get install chromium``). With
``CARDGAMES_SCREENSHOTS=DIR`` set they also save the pictures of the docs' pictures page into
``DIR`` (``CARDGAMES_SCREENSHOTS=docs/_static .venv/bin/pytest -p no:xdist
tests/test_browser.py``)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardgames import solver, tarot
from cardgames.search.results import PlayStep

CHROMIUM = os.environ.get("CARDGAMES_CHROMIUM", "/usr/bin/chromium")
SCRIPT = Path(sys.executable).with_name("cardgames")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-default-apps",
    "--disable-extensions",
    "--disable-sync",
    "--no-first-run",
    "--metrics-recording-only",
]

sync_api = pytest.importorskip(
    "playwright.sync_api", reason="playwright is not installed (pip install -e '.[dev]')"
)
if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
    pytest.skip(
        f"no Chromium at {CHROMIUM} (apt-get install chromium, or set CARDGAMES_CHROMIUM)",
        allow_module_level=True,
    )


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            yield launched
        finally:
            launched.close()


def _screenshot(page: Any, name: str) -> None:
    folder = os.environ.get("CARDGAMES_SCREENSHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / name), full_page=False)


def _offline(context: Any, seen: list[str]) -> None:
    # Every request is noted; any that would leave the machine is stopped.
    def route(request_route: Any) -> None:
        url = request_route.request.url
        seen.append(url)
        if url.startswith(("file:", "data:")) or re.match(r"http://127\.0\.0\.1:\d+/", url):
            request_route.continue_()
        else:
            request_route.abort()

    context.route("**/*", route)


@pytest.fixture(scope="module")
def reviewed(tmp_path_factory: pytest.TempPathFactory) -> tuple[solver.Review, Path]:
    state = tarot.deal(tarot.Rules.traditional(players=3), seed=3)
    final, _ = tarot.play_deal(state, tarot.random_strategy(3))
    moves = final.history()
    review = solver.review(state, moves, after=45, limit=solver.Limit(nodes=3_000), estimates=True)
    path = tmp_path_factory.mktemp("page") / "review.html"
    path.write_text(review.to_html(), encoding="utf-8")
    return review, path


def _shown(page: Any) -> dict[str, str]:
    # The legal moves the page shows now, each with its value.
    return dict(
        page.eval_on_selector_all(
            "#moment .choice",
            "els => els.map(e => [e.dataset.move, e.querySelector('.value').textContent])",
        )
    )


def _expected(review: solver.Review, moment: int) -> dict[str, str]:
    for item, analysis in zip(review.items, review.analyses, strict=True):
        if item.number == moment + 1 and analysis is not None:
            assert isinstance(item, PlayStep)
            return {
                str(entry.move): PlayStep.judged(analysis, entry.move, item.player).value_texts()[1]
                for entry in analysis.move_values
            }
    return {}


def test_the_review_page_steps_through_the_deal(
    browser: Any, reviewed: tuple[solver.Review, Path]
) -> None:
    review, path = reviewed
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    seen: list[str] = []
    _offline(context, seen)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text))
    page.goto(path.as_uri())
    total = len(review.moves)
    where = page.locator("#where")
    assert where.text_content() == f"Move {review.first + 1} of {total}"
    assert _shown(page) == _expected(review, review.first) != {}
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert where.text_content() == f"Move {review.first + 3} of {total}"
    assert _shown(page) == _expected(review, review.first + 2)
    page.keyboard.press("ArrowLeft")
    assert _shown(page) == _expected(review, review.first + 1)
    page.keyboard.press("End")
    assert where.text_content() == f"The end: all {total} moves played"
    assert _shown(page) == {}
    page.keyboard.press("Home")
    assert where.text_content() == f"Move 1 of {total}"
    target = review.steps[10]
    assert target.number is not None
    page.click(f'.moves tr[data-moment="{target.number - 1}"]')
    assert where.text_content() == f"Move {target.number} of {total}"
    assert _shown(page) == _expected(review, target.number - 1)
    assert page.locator(f'.moves tr[data-moment="{target.number - 1}"].current').count() == 1
    played = page.locator("#moment .choice.played").get_attribute("data-move")
    assert played == str(target.move)
    graded = [step for step in review.steps if review.grade_of(step) is not None]
    if graded:
        page.keyboard.press("Home")
        page.keyboard.press("ArrowDown")
        assert where.text_content() == f"Move {graded[0].number} of {total}"
    page.click('.moves tr[data-moment="60"]')
    page.evaluate("window.scrollTo(0, document.querySelector('.layout').offsetTop - 8)")
    _screenshot(page, "review_page.png")
    assert errors == []
    assert all(url.startswith("file:") for url in seen), seen
    context.close()


def test_the_review_page_reads_without_javascript(
    browser: Any, reviewed: tuple[solver.Review, Path]
) -> None:
    review, path = reviewed
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(path.as_uri())
    assert page.locator("#moment .choice").count() == len(_expected(review, review.first))
    assert page.locator(".moves tr[data-moment]").count() == len(review.moves) + 1
    assert not page.locator(".controls").is_visible()
    assert page.locator("table.summary tbody tr").count() == 3
    # Printed, the whole move list shows (no scrolling box) and no button does.
    page.emulate_media(media="print")
    box = page.locator(".moves-box")
    assert box.evaluate("e => getComputedStyle(e).overflowY") == "visible"
    assert page.locator("button:visible").count() == 0
    context.close()


def test_a_tarot_deal_played_by_clicking_cards(browser: Any, tmp_path: Path) -> None:
    server = subprocess.Popen(
        [str(SCRIPT), "serve", "--node-limit", "1500"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
    )
    try:
        assert server.stdout is not None
        found = re.search(r"http://127\.0\.0\.1:\d+/", server.stdout.readline())
        assert found is not None
        context = browser.new_context(viewport={"width": 1100, "height": 1000})
        seen: list[str] = []
        _offline(context, seen)
        page = context.new_page()
        page.goto(found.group(0))
        page.select_option("#game", "tarot")
        page.fill("#seat", "1")
        page.fill("#seed", "3")
        page.fill("#bots", "rule,random")
        page.click("#start")

        def settled() -> int:
            # Each form posts and loads a new page: wait until it shows the moves or the
            # result (count() itself does not wait, and may see a page still loading).
            page.wait_for_load_state("load", timeout=120_000)
            page.wait_for_selector("#moves button, #result", state="attached", timeout=120_000)
            return int(page.locator("#moves button").count())

        clicks = 0
        while settled():
            if clicks == 12:
                _screenshot(page, "serve_table.png")
            page.locator("#moves button").first.click()
            clicks += 1
        assert clicks == 25
        assert page.locator("#result").is_visible()
        page.click("#review")
        page.wait_for_selector("#review-data", state="attached", timeout=120_000)
        assert page.locator(".moves tr[data-moment]").count() == 79
        assert all(url.startswith(found.group(0)) for url in seen), seen
        context.close()
    finally:
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=30)
    assert list(tmp_path.iterdir()) == []
