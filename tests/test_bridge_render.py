"""Bridge pictures: text and SVG of a position, text of a view."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from cardgames import bridge
from cardgames.bridge.render import state_to_svg, state_to_unicode, view_to_unicode
from cardgames.errors import NotationError, RulesError


def test_the_svg_table_is_well_formed_and_shows_every_card() -> None:
    state = bridge.random_position(5, tricks_played=4, cards=3)
    image = state_to_svg(state, width=40, per_row=7)
    root = ET.fromstring(image)
    assert root.tag.endswith("svg")
    assert image.count('class="card"') == 52 - 16  # the hands and the trick on the table
    assert image.count('data-to-move="true"') == 1
    with pytest.raises(RulesError):
        state_to_svg(state, width=2)
    with pytest.raises(NotationError):
        state_to_svg("state")  # type: ignore[arg-type]


def test_the_view_picture_hides_what_the_seat_cannot_see() -> None:
    state = bridge.random_position(6, tricks_played=1, cards=1)
    seat = state.contract.declarer.next  # a defender
    text = view_to_unicode(bridge.view_of(state, seat))
    assert "cards hidden" in text and "seen by" in text
    hidden = state.contract.declarer
    full = state_to_unicode(state)
    assert full.count("♠") > text.count("♠")  # the declarer's hand is not drawn
    assert str(state.contract) in text and "(declarer)" in text
    with pytest.raises(NotationError):
        view_to_unicode(state)  # type: ignore[arg-type]
    assert hidden != seat
