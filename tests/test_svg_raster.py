"""Every kind of picture the library draws renders outside a browser: rasterised with CairoSVG
(a dev dependency, which needs the Cairo library, Debian's ``libcairo2``), each image has ink
spread over most of its area, in more than one colour.

Regression: the root of every SVG document carried ``style="max-width:100%;height:auto"``,
which browsers read as "scale down to fit" but CairoSVG read as a height of nothing: every
picture came out blank.

The pictures are found by their type: every public function or method whose return type is
:class:`cardgames.svg.SvgImage` must be drawn here (``test_every_picture_kind_is_drawn``), so
a new kind of picture cannot be added without being rasterised too.
"""

from __future__ import annotations

import importlib
import inspect
import io
import pkgutil
import random
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

import cardgames
from cardgames import Card, CardSet, bridge, svg, tailor, tarot
from cardgames.bridge.render import state_to_svg as bridge_state_to_svg
from cardgames.svg import SvgImage
from cardgames.tailor.render import state_to_html as tailor_state_to_html
from cardgames.tailor.render import state_to_svg as tailor_state_to_svg
from cardgames.tarot.render import state_to_html as tarot_state_to_html
from cardgames.tarot.render import state_to_svg as tarot_state_to_svg
from cardgames.tarot.render import trick_to_html


def _cairosvg() -> ModuleType | None:
    try:
        return importlib.import_module("cairosvg")
    except (ImportError, OSError):  # OSError: the package is there, the Cairo library not
        return None


cairosvg = _cairosvg()
pytestmark = pytest.mark.skipif(
    cairosvg is None, reason="needs CairoSVG and the Cairo library (Debian: libcairo2)"
)


def _played(state: Any, seed: int, moves: int) -> Any:
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


def _tarot_over() -> tarot.State:
    state: tarot.State = _played(tarot.deal(tarot.Rules.traditional(players=3), 4), 4, 10_000)
    return state


PICTURES: dict[str, Callable[[], list[SvgImage]]] = {
    "cardgames.svg.card": lambda: [
        svg.card(Card.parse("QH")),
        svg.card(Card.parse("X1")),
        svg.card(Card.parse("TLR"), width=80),
        svg.card(tarot.TarotCard.parse("21T")),
        svg.card(tarot.EXCUSE, width=16),
    ],
    "cardgames.svg.hand": lambda: [
        svg.hand(CardSet.parse("AS KH 2C X2")),
        svg.hand(tarot.deal(tarot.Rules.traditional(players=3), 1).hands[0], per_row=9),
    ],
    "cardgames.svg.trick": lambda: [svg.trick(_tarot_over().tricks[-1], width=60)],
    "cardgames.svg.table": lambda: [
        svg.table(tarot.deal(tarot.Rules.simplified(players=4), 2)),
        svg.table(tailor.deal(tailor.Rules(players=5), 2), width=30, per_row=5),
    ],
    "cardgames.tarot.render.state_to_svg": lambda: [
        tarot_state_to_svg(_played(tarot.deal(tarot.Rules.traditional(players=3), 3), 3, 11)),
        tarot_state_to_svg(_played(tarot.deal(tarot.Rules.french(players=5), 5), 5, 20)),
        tarot_state_to_svg(tarot.deal(tarot.Rules.french(players=4), 1)),  # the auction
        tarot_state_to_svg(_tarot_over()),
    ],
    "cardgames.tarot.state.State.to_svg": lambda: [
        _played(tarot.deal(tarot.Rules.simplified(players=6), 6), 6, 30).to_svg()
    ],
    "cardgames.tailor.render.state_to_svg": lambda: [
        tailor_state_to_svg(_played(tailor.deal(tailor.Rules(players=4), 3), 3, 12)),
        tailor_state_to_svg(
            _played(tailor.deal(tailor.Rules(players=3, chase_mode=True), 4), 4, 10_000)
        ),
    ],
    "cardgames.tailor.state.State.to_svg": lambda: [
        tailor.deal(tailor.Rules(players=2), 7).to_svg(width=50)
    ],
    "cardgames.bridge.render.state_to_svg": lambda: [
        bridge_state_to_svg(bridge.random_position(1)),
        bridge_state_to_svg(bridge.random_position(2, tricks_played=5, cards=3), width=30),
        bridge_state_to_svg(_played(bridge.random_position(3), 3, 52)),
    ],
    "cardgames.bridge.state.State.to_svg": lambda: [
        _played(bridge.random_position(4), 4, 9).to_svg(width=50)
    ],
}

# What Jupyter is handed: HTML holding a picture (positions, tricks, card sets). The SVG
# element inside is rasterised on its own, as a browser draws it.
HTML_PICTURES: dict[str, Callable[[], str]] = {
    "tarot state": lambda: tarot_state_to_html(tarot.deal(tarot.Rules.traditional(players=4), 2)),
    "tarot trick": lambda: trick_to_html(_tarot_over().tricks[-1]),
    "tailor state": lambda: tailor_state_to_html(tailor.deal(tailor.Rules(players=3), 2)),
    "card set": lambda: CardSet.parse("AS KH 2C")._repr_html_(),
}


def picture_functions() -> set[str]:
    """Every public function or method of the library that returns an SvgImage."""
    found: set[str] = set()
    for info in pkgutil.walk_packages(cardgames.__path__, "cardgames."):
        if info.name.endswith("__main__"):
            continue
        try:
            module = importlib.import_module(info.name)
        except ImportError:  # an optional extra that is not installed
            continue
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            candidates = [(f"{module.__name__}.{name}", value)]
            if inspect.isclass(value):
                candidates = [
                    (f"{value.__module__}.{value.__qualname__}.{attr}", member)
                    for attr, member in vars(value).items()
                    if not attr.startswith("_") and inspect.isfunction(member)
                ]
            for _, function in candidates:
                if not inspect.isfunction(function):
                    continue
                # The annotation as written (the library's modules postpone them all).
                returns = function.__annotations__.get("return")
                if returns in ("SvgImage", SvgImage):
                    found.add(f"{function.__module__}.{function.__qualname__}")
    return found


def test_every_picture_kind_is_drawn() -> None:
    assert picture_functions() == set(PICTURES)


def assert_drawn(image: str, what: str) -> None:
    """``image`` rasterises to a picture with ink over most of it, in several colours."""
    assert cairosvg is not None
    from PIL import Image

    png = cairosvg.svg2png(bytestring=image.encode("utf-8"), background_color="white")
    raster = Image.open(io.BytesIO(png)).convert("RGB")
    width, height = raster.size
    assert width >= 16 and height >= 16, what
    # Everything not white: its bounding box, and how many colours it has.
    ink = Image.eval(raster, lambda value: 255 - value).getbbox()
    assert ink is not None, f"{what} rendered blank"
    left, top, right, bottom = ink
    assert (right - left) > 0.6 * width and (bottom - top) > 0.6 * height, f"{what}: {ink}"
    colours = raster.getcolors(maxcolors=1 << 16)
    assert colours is None or len(colours) > 2, f"{what}: {len(colours or [])} colours"


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_every_picture_renders_outside_a_browser(name: str) -> None:
    images = PICTURES[name]()
    assert images
    for number, image in enumerate(images):
        assert isinstance(image, SvgImage)
        assert "style=" not in image[: image.index(">")], "no CSS on the root element"
        assert_drawn(image, f"{name} #{number}")


@pytest.mark.parametrize("name", sorted(HTML_PICTURES))
def test_the_pictures_jupyter_is_handed_render_too(name: str) -> None:
    html = HTML_PICTURES[name]()
    start = html.index("<svg")
    image = html[start : html.index("</svg>") + len("</svg>")]
    # In HTML the picture may shrink to the page (browsers read the CSS); drawn on its own,
    # without a page, it must still show.
    assert 'style="max-width:100%;height:auto"' in image
    assert_drawn(image.replace(' style="max-width:100%;height:auto"', "", 1), name)
