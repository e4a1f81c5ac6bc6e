"""``deal.states()`` of a record is a sequence: ``len()``, indexing and slicing work, in both
games, for one deal's record and for a record of one deal."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from cardgames import tailor, tarot
from cardgames.bots import RandomBot


def test_tarot_deal_states_are_a_tuple() -> None:
    state = tarot.deal(tarot.Rules.french(players=4), seed=2)
    final, record = tarot.play_deal(state, RandomBot(), rng=1)
    deal = record.deals[0]
    states = deal.states()
    assert isinstance(states, tuple) and isinstance(states, Sequence)
    assert len(states) == len(deal.moves) + 1
    assert states[0] == deal.start() and states[-1] == deal.replay() == final
    assert states[1] == states[0].play(deal.moves[0])
    assert all(after.previous == before for before, after in itertools.pairwise(states))
    assert record.states() == states and deal.states() == states


def test_tailor_deal_states_are_a_tuple() -> None:
    state = tailor.deal(tailor.Rules(players=3), seed=6)
    final, record = tailor.play_deal(state, RandomBot(), rng=1)
    deal = record.deals[0]
    states = deal.states()
    assert isinstance(states, tuple)
    assert len(states) == len(deal.moves) + 1
    assert states[0] == deal.start() and states[-1] == deal.replay() == final
    assert [s.to_move for s in states[:2]] == [0, states[0].play(deal.moves[0]).to_move]
    assert record.states() == states


def test_states_of_a_read_back_record() -> None:
    _, record = tarot.Game(rules=tarot.Rules.simplified(players=3), seed=1).play_round(RandomBot())
    again = tarot.loads(tarot.dumps(record))
    assert again.deals[0].states() == record.deals[0].states()
    assert len(again.deals[0].states()) == 26 * 3 + 1
