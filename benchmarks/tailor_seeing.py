"""Chase the Tailor: the all-seeing bot (PIMCBot with one world, the true state: it knows the
other hands and the order of the stock) against three RuleBots, duplicate, seeded as
:func:`cardgames.arena.run` seeds its rounds. It tells how good a valuation is apart from the
sampling::

    python benchmarks/tailor_seeing.py --deals 40 --seed 201                    # the search
    python benchmarks/tailor_seeing.py --deals 60 --seed 201 --estimate rollout  # play-outs
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from typing import Any

import attrs

from cardgames import arena, tailor
from cardgames.bots import PIMCBot, RuleBot
from cardgames.tailor.rules import derive_seed
from cardgames.tailor.view import View, view_of


@attrs.frozen(kw_only=True, repr=False)
class OpenView(View):
    """A view that samples the one true state: the cheat's window on the round."""

    truth: tailor.State = attrs.field(eq=False)

    def sample(self, rng: Any) -> tailor.State:
        return self.truth


def play_round(bot: PIMCBot, rules: tailor.Rules, deal: int, seed: int) -> list[float]:
    """Round ``deal`` in every rotation; per entry its mean payoff (entry 0 the cheat)."""
    rule = RuleBot()
    players = rules.players
    totals = [0.0] * players
    for rotation in range(players):
        seats = tuple((seat - rotation) % players for seat in range(players))
        rngs = [random.Random(derive_seed(seed, "bot", deal, rotation, e)) for e in seats]
        state = tailor.deal(rules, derive_seed(seed, "deal", deal))
        while not state.is_over:
            seat = state.to_move
            view = view_of(state, seat)
            if seats[seat] == 0:
                fields = {f.name: getattr(view, f.name) for f in attrs.fields(View) if f.init}
                move = bot.choose(OpenView(**fields, truth=state), rngs[seat])
            else:
                move = rule.choose(view, rngs[seat])
            state = state.play(move)
        for seat, payoff in enumerate(state.payoffs()):
            totals[seats[seat]] += payoff
    return [total / players for total in totals]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--estimate", choices=("search", "rollout"), default="search")
    args = parser.parse_args(argv)
    rules = tailor.Rules(players=args.players)
    bot = PIMCBot(worlds=1, candidates=1, tailor_estimate=args.estimate)
    values = []
    for deal in range(args.deals):
        scores = play_round(bot, rules, deal, args.seed)
        values.append(scores[0] - sum(scores[1:]) / (args.players - 1))
    mean = sum(values) / len(values)
    half = arena.Z_95 * statistics.stdev(values) / math.sqrt(len(values))
    print(
        f"all-seeing ({args.estimate}) vs RuleBots: {mean:+.2f} [{mean - half:+.2f}, "
        f"{mean + half:+.2f}] over {len(values)} rounds"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
