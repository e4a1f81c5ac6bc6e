"""Whist for four players in two partnerships: a small trick-taking game that lives only in the
test tree, to show that a game plugs into the library through its descriptor alone.

Nothing in :mod:`cardgames` knows this game. It is made of the library's core (cards, card
sets, decks, records, the search engine) and one object, :data:`GAME`, implementing
:class:`cardgames.games.GameDescriptor`; once :func:`cardgames.games.register` has been called
with it, the solver, reviews, batches, arenas, bots, pictures, the command line and the
learning environments all play it. ``tests/test_fourth_game.py`` registers it and tries every
one of them; the docs' "How the library is built" page walks through it.

The rules: each seat is dealt ``cards_each`` cards from the 52-card pack; seats 0 and 2 play
against seats 1 and 3; seat 1 leads the first trick; a player must follow suit if able; the
highest trump wins a trick, or else the highest card of the suit led (aces high); the winner
leads the next trick. Each side scores the tricks it takes.
"""

from __future__ import annotations

from whist.descriptor import GAME
from whist.game import Rules, State, View, deal

__all__ = ["GAME", "Rules", "State", "View", "deal"]
