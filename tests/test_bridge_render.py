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


def _played_out(deal: bridge.Deal, contract: str) -> bridge.State:
    state = bridge.State(deal, bridge.Contract.parse(contract))
    while not state.is_over:
        state = state.play(state.legal_moves()[-1])
    return state


@pytest.mark.parametrize("cards", [13, 4])
def test_a_finished_play_shows_its_last_trick_and_who_won_it(cards: int) -> None:
    # Regression: the finished play was drawn as "Trick 14" ("Trick 5" for a four-trick
    # ending) in a view, and as an empty "Trick 13" with no card in a position.
    deal = bridge.random_deal(3)
    if cards < 13:
        deal = bridge.Deal(bridge.random_position(3, tricks_played=13 - cards).hands)
    state = _played_out(deal, "H by S")
    last = state.played[-4:]
    trick_seats = [
        bridge.view_of(state, 0).player_of(len(state.played) - 4 + at) for at in range(4)
    ]
    winner = state.to_move  # who would lead next: the last trick's winner
    lines = [f"{seat} {card.to_unicode()}" for seat, card in zip(trick_seats, last, strict=True)]
    for picture in (
        state_to_unicode(state),
        *(view_to_unicode(bridge.view_of(state, s)) for s in bridge.Seat),
    ):
        assert f"Trick {cards} " in picture and f"Trick {cards + 1}" not in picture
        assert all(line in picture for line in lines)
        assert f"won by {winner}" in picture
