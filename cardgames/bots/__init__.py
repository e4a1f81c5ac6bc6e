"""Bots: players that see only what their seat may know, for every game.

A bot implements :class:`~cardgames.bots.protocol.Bot`: ``bot.choose(view, rng) -> move``,
where ``view`` is a :class:`cardgames.tarot.view.View`, a :class:`cardgames.tailor.view.View` or
a :class:`cardgames.bridge.view.View` (never a state) and ``rng`` the :class:`random.Random`
every random choice must use. Three bots come with the library:

* :class:`~cardgames.bots.random_bot.RandomBot`, a uniformly random legal move;
* :class:`~cardgames.bots.rule_bot.RuleBot`, the rules of thumb of a casual player;
* :class:`~cardgames.bots.pimc.PIMCBot`, perfect-information Monte Carlo over the solver.

:func:`cardgames.arena.run` measures them against each other; ``docs/bots.rst`` describes them.

>>> import random
>>> from cardgames import bots, tailor
>>> from cardgames.tailor.view import view_of
>>> state = tailor.deal(tailor.Rules(players=3), seed=13)
>>> view = view_of(state, state.to_move)
>>> [str(bot.choose(view, random.Random(1))) for bot in (bots.RandomBot(), bots.RuleBot())]
['7D', 'QD']
"""

from __future__ import annotations

from cardgames.bots.pimc import ESTIMATES, Estimate, PIMCBot, bridge_rollout_tricks, rollout_points
from cardgames.bots.protocol import Bot, BridgeBot, TailorBot, TarotBot, TarotMove, bot_name
from cardgames.bots.random_bot import RandomBot
from cardgames.bots.rule_bot import RuleBot, tailor_rule_move, tarot_rule_move

__all__ = [
    "ESTIMATES",
    "Bot",
    "BridgeBot",
    "Estimate",
    "PIMCBot",
    "RandomBot",
    "RuleBot",
    "TailorBot",
    "TarotBot",
    "TarotMove",
    "bot_name",
    "bridge_rollout_tricks",
    "rollout_points",
    "tailor_rule_move",
    "tarot_rule_move",
]
