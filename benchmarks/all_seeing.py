"""The all-seeing bot against PIMC: how much of a cheat's edge over RuleBots PIMC captures.

The *all-seeing* bot is a cheat that exists only here: it is handed the true state of the deal
and values its cards exactly as :class:`cardgames.bots.PIMCBot` values them in one sampled
world, with the same settings; it is PIMCBot with one world that is always the truth. It tells
how good the evaluation is, apart from the sampling. Library bots only ever see views (an
arena never hands a bot the state), so the cheat plays here in a duplicate arena of this
script's own, seeded exactly as :func:`cardgames.arena.run` seeds its deals and its bots (the
same deals, the same RuleBot moves): three-player traditional Tarot, the tested bot against
two RuleBots, every deal in all three rotations::

    python benchmarks/all_seeing.py --bot seeing --deals 300
    python benchmarks/all_seeing.py --bot seeing:estimate=strength --deals 300
    python benchmarks/all_seeing.py --bot pimc --deals 300 --save pimc.json
    python benchmarks/all_seeing.py --bot pimc:estimate=strength --deals 300 --compare pimc.json

``--bot`` is ``seeing`` with PIMCBot's settings after colons (``worlds`` is always 1), or any
bot in the form of ``cardgames arena`` (then the figures are those of
``benchmarks/bots.py``). It prints the tested bot against the field (its score minus the mean
of the two RuleBots, per deal, with a 95 % interval), the time per move (median, 95th
percentile, maximum; wall-clock, and the process's CPU time, steadier on a busy machine) and,
with ``--compare``, the paired difference with a saved run.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from typing import Any

import attrs

from cardgames import arena, tarot
from cardgames.bots import PIMCBot, RuleBot
from cardgames.cli.options import parse_bot
from cardgames.tailor.rules import derive_seed
from cardgames.tarot.view import View, view_of

RULES = tarot.Rules.traditional(players=3)


@attrs.frozen(kw_only=True, repr=False)
class OpenView(View):
    """A view that samples the one true state: the cheat's window on the deal."""

    truth: tarot.State = attrs.field(eq=False)

    def sample(self, rng: random.Random) -> tarot.State:
        return self.truth


@attrs.frozen
class AllSeeing:
    """PIMCBot's valuation in the one true world (benchmarks only, never in cardgames.bots)."""

    pimc: PIMCBot
    name: str = "all-seeing"

    def choose_seeing(self, state: tarot.State, seat: int, rng: random.Random) -> Any:
        view = view_of(state, seat)
        fields = {
            field.name: getattr(view, field.name) for field in attrs.fields(View) if field.init
        }
        return self.pimc.choose(OpenView(**fields, truth=state), rng)


def parse_tested(text: str) -> Any:
    head, _, rest = text.partition(":")
    if head != "seeing":
        return parse_bot(text)
    settings: dict[str, Any] = {"worlds": 1, "candidates": 1}
    for item in filter(None, rest.split(":")):
        key, _, value = item.partition("=")
        settings[key] = value if key == "estimate" else int(value)
    return AllSeeing(PIMCBot(**settings))


def play_deal(
    tested: Any, deal: int, seed: int, seconds: list[float], cpu: list[float]
) -> list[float]:
    """Deal ``deal`` of an arena seeded ``seed`` in every rotation; per rotation the tested
    bot's payoff and the two RuleBots'."""
    rule = RuleBot()
    players = RULES.players
    deal_seed = derive_seed(seed, "deal", deal)
    totals = [0.0] * players
    for rotation in range(players):
        seats = tuple((seat - rotation) % players for seat in range(players))  # entry per seat
        rngs = [random.Random(derive_seed(seed, "bot", deal, rotation, entry)) for entry in seats]
        state = tarot.deal(RULES, deal_seed, dealer=deal % players)
        while not state.is_over:
            seat = state.to_move
            if seats[seat] == 0:
                start, start_cpu = time.perf_counter(), time.process_time()
                if isinstance(tested, AllSeeing):
                    move = tested.choose_seeing(state, seat, rngs[seat])
                else:
                    move = tested.choose(view_of(state, seat), rngs[seat])
                seconds.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
            else:
                move = rule.choose(view_of(state, seat), rngs[seat])
            state = state.play(move)
        for seat, payoff in enumerate(state.payoffs()):
            totals[seats[seat]] += float(payoff)
    return [total / players for total in totals]


def summary(values: list[float]) -> str:
    count = len(values)
    mean = math.fsum(values) / count
    if count < 2:
        return f"{mean:+.3f} over {count} deal"
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (count - 1))
    half = arena.Z_95 * sd / math.sqrt(count)
    interval = f"[{mean - half:+.3f}, {mean + half:+.3f}]"
    return f"{mean:+.3f} per deal, 95% interval {interval} over {count} deals"


def save(args: argparse.Namespace, field: list[float]) -> None:
    with open(args.save, "w", encoding="utf-8") as file:
        json.dump({"seed": args.seed, "first": args.first, "bot": args.bot, "field": field}, file)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bot", default="seeing")
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--first", type=int, default=0, help="the first deal's number")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", default=None, help="write the per-deal figures to this JSON file")
    parser.add_argument("--compare", default=None, help="a --save file: the paired difference")
    parser.add_argument(
        "--progress", type=int, default=0, help="every N deals, the figure so far (on stderr)"
    )
    args = parser.parse_args(argv)
    tested = parse_tested(args.bot)
    seconds: list[float] = []
    cpu: list[float] = []
    field = []
    start = time.perf_counter()
    for deal in range(args.first, args.first + args.deals):
        scores = play_deal(tested, deal, args.seed, seconds, cpu)
        field.append(scores[0] - (scores[1] + scores[2]) / 2)
        if args.progress and len(field) % args.progress == 0:
            print(f"  after {len(field)} deals: {summary(field)}", file=sys.stderr, flush=True)
            if args.save:
                save(args, field)
    elapsed = time.perf_counter() - start
    print(f"$ python benchmarks/all_seeing.py {' '.join(sys.argv[1:] if argv is None else argv)}")
    print(f"{args.bot} vs the field of two RuleBots: {summary(field)}")
    if args.compare:
        with open(args.compare, encoding="utf-8") as file:
            saved = json.load(file)
        if saved["seed"] != args.seed or saved["first"] != args.first:
            raise SystemExit(f"{args.compare} holds other deals")
        paired = [mine - theirs for mine, theirs in zip(field, saved["field"], strict=False)]
        print(f"{args.bot} minus {saved['bot']} (paired): {summary(paired)}")
    if args.save:
        save(args, field)
    for label, times in (("wall-clock", seconds), ("CPU", cpu)):
        ordered = sorted(times)
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        print(
            f"{label} time per move of {args.bot}: median {statistics.median(times) * 1000:.1f} "
            f"ms, p95 {p95 * 1000:.1f} ms, max {ordered[-1] * 1000:.1f} ms over {len(times)} "
            f"moves"
        )
    print(f"{elapsed:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
