"""The counting mode of the searchers: it counts every node the search reports, changes
nothing of the search itself, and says where the cut-offs happen."""

from __future__ import annotations

import pytest

from cardgames import tarot
from cardgames.search import CountdownModel, CutStats, SimpleSearch, refine
from cardgames.solver.tarot import build_model, root_position
from cardgames.tarot.search import TarotSearch
from cardgames.tarot.search_model import future_bounds


def test_simple_search_counts_every_node_and_finds_the_same_value() -> None:
    model = CountdownModel()
    stats = CutStats()
    counted = SimpleSearch(model, key=tuple, stats=stats)
    plain = SimpleSearch(model, key=tuple)
    position = [14, 0]
    bounds = model.future_bounds(position)
    assert refine(counted, position, *bounds) == refine(plain, position, *bounds)
    assert counted.nodes == plain.nodes == sum(stats.nodes.values())
    # Every node either reached the table's verdict, cut off, or tried every move.
    searched = sum(stats.cuts.values()) + sum(stats.exhausted_nodes.values())
    decided = sum(count for name, count in stats.table.items() if name.endswith("decided"))
    assert searched + decided == counted.nodes


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_tarot_search_counts_its_nodes_without_changing_them(seed: int) -> None:
    rules = tarot.Rules.traditional(players=3)
    state = tarot.random_position(rules, seed=seed, tricks_left=6)
    model = build_model(rules, state.to_move)
    position, _ = root_position(state, model)
    bounds = future_bounds(model, position)
    stats = CutStats()
    counted = TarotSearch(model, stats=stats)
    plain = TarotSearch(model)
    assert counted.refine(position, *bounds) == plain.refine(position, *bounds)
    assert counted.nodes == plain.nodes == sum(stats.nodes.values())
    assert {depth for depth, _ in stats.nodes} <= set(range(2, 7))
    for place in range(3):
        assert 0.0 <= stats.first_move_rate(place) <= 1.0
    assert "depth" in stats.report().splitlines()[0]


def test_first_move_rate_counts_only_nodes_that_were_cut_off() -> None:
    stats = CutStats()
    stats.cut(5, 1, 1)
    stats.cut(5, 1, 1)
    stats.cut(5, 1, 3)
    stats.exhausted(5, 1, 4)
    assert stats.first_move_rate(1) == pytest.approx(2 / 3)
    assert stats.first_move_rate(0) == 0.0
    assert stats.moves_tried[5, 1] == 1 + 1 + 3 + 4
