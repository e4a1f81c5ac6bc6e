"""Tests of duplicate arenas of French Tarot: whole deals (bidding included) at three, four and
five players, void deals counting 0 for everyone, and the command line's --rules french."""

from __future__ import annotations

import argparse
import random
from fractions import Fraction

import pytest

from cardgames import arena
from cardgames.bots import PIMCBot, RandomBot, RuleBot, TarotBot
from cardgames.cli import arena as arena_cli
from cardgames.errors import RulesError
from cardgames.tarot import Rules
from cardgames.tarot.contracts import PASS
from cardgames.tarot.state import AnyMove
from cardgames.tarot.view import View

FRENCH = (Rules.french(players=3), Rules.french(players=4), Rules.french(players=5))


class Passer:
    """Passes every bid (then plays like RuleBot, which it never has to)."""

    name = "passer"

    def choose(self, view: View, rng: random.Random) -> AnyMove:
        if PASS in view.legal_moves():
            return PASS
        return RuleBot().choose(view, rng)


@pytest.mark.parametrize("rules", FRENCH, ids=str)
def test_duplicate_arena_of_french_deals(rules: Rules) -> None:
    bots: list[TarotBot] = [
        RuleBot() if seat % 2 == 0 else RandomBot() for seat in range(rules.players)
    ]
    result = arena.run(rules, bots, deals=3, seed=7)
    assert result.rules == str(rules) and result.game == "tarot"
    assert len(result.games) == 3 * rules.players
    for game in result.games:
        assert sum(game.payoffs, Fraction(0)) == 0
    assert arena.run(rules, bots, deals=3, seed=7) == result
    assert arena.ArenaResult.from_dict(result.to_dict()) == result


def test_void_deals_count_zero_for_everyone() -> None:
    rules = Rules.french(players=4)
    result = arena.run(rules, [Passer()] * 4, deals=3, seed=1)
    assert all(not any(game.payoffs) for game in result.games)
    assert all(standing.mean == 0 for standing in result.standings)


def test_rulebot_beats_randombot_at_french_tarot() -> None:
    rules = Rules.french(players=4)
    result = arena.run(rules, [RuleBot(), RandomBot(), RandomBot(), RandomBot()], deals=8, seed=3)
    assert result.comparison(0, 1).mean > 0


def test_pimcbot_in_a_small_french_arena() -> None:
    rules = Rules.french(players=3)
    pimc = PIMCBot(worlds=2, nodes=1_000, exact_tricks=2)
    result = arena.run(rules, [pimc, RuleBot(), RuleBot()], deals=1, seed=2, duplicate=False)
    assert len(result.games) == 1 and sum(result.games[0].payoffs, Fraction(0)) == 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cardgames")
    arena_cli.add_parser(parser.add_subparsers(dest="command"))
    return parser


@pytest.mark.parametrize("players", [3, 4, 5])
def test_command_line_arena_with_french_rules(
    players: int, capsys: pytest.CaptureFixture[str]
) -> None:
    bots = ",".join((["rule", "random"] * 3)[:players])
    line = f"arena tarot --rules french --players {players} --bots {bots} --deals 2 --jobs 1"
    args = _parser().parse_args(line.split())
    assert arena_cli.run(args) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"tarot french-{players}: 2 deals")


def test_command_line_french_defaults_to_four_players(capsys: pytest.CaptureFixture[str]) -> None:
    bots = "pimc:worlds=2:nodes=500,rule,rule,rule"
    line = f"arena tarot --rules french --bots {bots} --deals 1 --jobs 1 --no-duplicate"
    args = _parser().parse_args(line.split())
    assert arena_cli.run(args) == 0
    assert "french-4" in capsys.readouterr().out


def test_command_line_refuses_a_french_table_of_six() -> None:
    args = _parser().parse_args(
        ["arena", "tarot", "--rules", "french", "--players", "6", "--bots", "rule"]
    )
    with pytest.raises(RulesError):
        arena_cli.run(args)
