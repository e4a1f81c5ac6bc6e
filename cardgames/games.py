"""Every game as one object: the protocol a game's *descriptor* implements, and the registry in
which the shared floors look a game up.

The floors above the games (the solver, reviews, batches, arenas, bots, learning environments,
the command line and the pictures) never ask "is this Tarot?". They hand the value they were
given — a state, a view, a rule set, a record — to :func:`of` and work through the
:class:`GameDescriptor` that comes back: how to deal, replay, read and write a record, analyse
a position, draw the table, number the moves for a learning agent, and so on. A game package
holds one descriptor (``cardgames.tarot.GAME``, ``cardgames.tailor.GAME``,
``cardgames.bridge.GAME``) and registers it when it is imported; a new game does the same
with :func:`register` and gets every shared feature at once (the docs' "How the library is
built" page walks through a game added this way).

>>> from cardgames import games, tarot
>>> state = tarot.deal(tarot.Rules.traditional(players=3), seed=7)
>>> games.of(state).name, games.of(state.rules).title, games.of(state) is games.named('tarot')
('tarot', 'Tarot', True)
>>> [game.name for game in games.registered()]
['tarot', 'tailor', 'bridge']
>>> games.named('chess')
Traceback (most recent call last):
...
cardgames.errors.RulesError: unknown game 'chess': expected one of 'tarot', 'tailor', 'bridge'
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final, Protocol, TypeAlias, TypeVar, runtime_checkable

from cardgames.errors import RulesError
from cardgames.validation import quote

if TYPE_CHECKING:
    from cardgames.action_space import ActionSpace
    from cardgames.search.grades import LossGrades
    from cardgames.search.results import Analysis, Limit, SearchProgress, Solution

__all__ = [
    "BUILTIN_GAMES",
    "AnyGame",
    "GameAnalysis",
    "GameDescriptor",
    "GameRecord",
    "GameView",
    "PlayedDeal",
    "SamplingSettings",
    "find",
    "find_named",
    "named",
    "of",
    "register",
    "registered",
    "unregister",
]

S = TypeVar("S")
V = TypeVar("V")
M = TypeVar("M")
R = TypeVar("R")
S_co = TypeVar("S_co", covariant=True)
M_co = TypeVar("M_co", covariant=True)
S_contra = TypeVar("S_contra", contravariant=True)

BUILTIN_GAMES: Final = ("cardgames.tarot", "cardgames.tailor", "cardgames.bridge")
"""The packages of the games that ship with the library, imported (and so registered) the first
time a game is looked up. This is the one place that lists them: everything else finds a game
through its descriptor."""


class GameView(Protocol[M_co]):
    """What one seat knows, in any game: the seat, and its legal moves when it is to choose
    one (empty otherwise)."""

    @property
    def seat(self) -> int:
        """The seat whose view it is."""
        ...

    def legal_moves(self) -> tuple[M_co, ...]:
        """The moves the seat may make now (none when it is not to move)."""
        ...


class PlayedDeal(Protocol[S_co, M_co]):
    """One deal (or round) of a record: where it started and the moves played from there."""

    @property
    def moves(self) -> tuple[M_co, ...]:
        """The moves played, in order."""
        ...

    def start(self) -> S_co:
        """The position the deal started from."""
        ...


class GameRecord(Protocol[S_co, M_co]):
    """A record as every game writes it (:mod:`cardgames.records`): its deals and its tags."""

    @property
    def deals(self) -> Sequence[PlayedDeal[S_co, M_co]]:
        """The deals (or rounds), in order."""
        ...

    @property
    def tags(self) -> Mapping[str, str]:
        """The record's tags (event, players, ...)."""
        ...

    def series_totals(self) -> tuple[tuple[Fraction, ...], bool] | None:
        """For the record of a whole game or match, each seat's total and whether the series
        is over; None for a record of single deals."""
        ...


@runtime_checkable
class GameAnalysis(Protocol[S_contra, M]):
    """What the solver needs of a game: its perfect-information analysis, offered by the game's
    own package (``cardgames.tarot.analysis``, ...). Values are for the side of
    ``perspective`` (the seat to move by default), on the game's own scale (card points, the
    Tailor's payoff difference, tricks)."""

    @property
    def objective(self) -> str:
        """What a value measures, in words (the ``objective`` of every result)."""
        ...

    def analyse(
        self,
        state: S_contra,
        *,
        perspective: int | None,
        limit: Limit | None,
        progress: Callable[[SearchProgress], None] | None,
        horizon: int | None,
        estimates: bool,
    ) -> Analysis[M]:
        """Every legal move of ``state`` valued (see :func:`cardgames.solver.analyse`)."""
        ...

    def solve(
        self, state: S_contra, *, perspective: int | None, limit: Limit | None
    ) -> Solution[M]:
        """The value of ``state`` and one best line (see :func:`cardgames.solver.solve`)."""
        ...

    def reference_value(self, state: S_contra, perspective: int | None) -> Fraction:
        """The value by the plain reference search (small endgames only)."""
        ...

    def judged(self, state: S_contra, move: M) -> bool:
        """Whether a review judges ``move`` played at ``state`` (the solver values the play
        of the cards: a French bid, for one, is listed unjudged)."""
        ...

    def unjudged_kind(self, state: S_contra) -> str:
        """What a move that is not judged at ``state`` is, in a word ("bid", "discard")."""
        ...

    def skipped(self, state: S_contra) -> int:
        """How many moves from ``state`` a review passes over without listing them (the Tarot
        dealer's discard, which no search values)."""
        ...

    def pending(self, state: S_contra) -> str | None:
        """What keeps ``state`` from the solver, which analyses the play of the cards, in
        words ("still in the bidding, where seat 2 is to bid"), or None if it can be analysed
        (or is over)."""
        ...

    def values_are_estimates(self) -> bool:
        """Whether every value the search gives is an estimate (Chase the Tailor's search stops
        at a horizon), so that a review counts them all."""
        ...

    def side_words(self, state: S_contra, perspective: int) -> str:
        """Whose value a result is, in plain words ("seat 2 against the other two together")."""
        ...

    def loss_grades(self, state: S_contra) -> LossGrades:
        """How much a move must lose, in the game's points, to be an inaccuracy, a mistake or a
        blunder in a review (:class:`~cardgames.search.grades.LossGrades`)."""
        ...


@runtime_checkable
class GameDescriptor(Protocol[S, V, M, R]):
    """One game, as the shared floors see it. ``S`` is its state type, ``V`` its view (what
    one seat knows), ``M`` its move and ``R`` its rule set (bridge's is the contract).

    A descriptor is a frozen object; the library's are ``cardgames.tarot.GAME``,
    ``cardgames.tailor.GAME`` and ``cardgames.bridge.GAME``. Everything a shared floor needs
    of a game comes through it; what only one game has (French bidding, the Tailor's call,
    bridge's double-dummy table) stays in that game's package.
    """

    # -- who it is -------------------------------------------------------------------------

    @property
    def name(self) -> str:
        """The game's name in records (their ``"game"`` field) and on the command line."""
        ...

    @property
    def title(self) -> str:
        """The game's name in messages and headings ("Chase the Tailor")."""
        ...

    @property
    def deal_word(self) -> str:
        """What one deal is called: ``"deal"``, or ``"round"`` in Chase the Tailor."""
        ...

    @property
    def state_type(self) -> type[S]:
        """The class of the game's positions (what the solver analyses)."""
        ...

    @property
    def rules_type(self) -> type[R]:
        """The class of the game's rule sets (bridge's is its contract)."""
        ...

    @property
    def view_type(self) -> type[V]:
        """The class of what one seat knows (what a bot is handed)."""
        ...

    @property
    def types(self) -> tuple[type, ...]:
        """The classes of the game's values that :func:`of` recognises: its state, view, rule
        set, records, ... (subclasses are recognised too)."""
        ...

    # -- rules -----------------------------------------------------------------------------

    def default_rules(self) -> R:
        """The rule set used when none is named."""
        ...

    def parse_rules(self, text: str) -> R:
        """A rule set from its one written form (``str(rules)``)."""
        ...

    def rules_from_words(self, text: str | None, players: int | None) -> R:
        """The rule set a command line names: ``text`` a preset's name (``"french"``) or the
        written form (None: the default), for ``players`` seats (None: the usual number).

        :raises RulesError: if ``players`` disagrees with ``text``.
        """
        ...

    def rules_of(self, state: S | V) -> R:
        """The rule set of a state or a view."""
        ...

    def players(self, rules: R) -> int:
        """How many seats play under ``rules``."""
        ...

    # -- positions -------------------------------------------------------------------------

    def deal(self, rules: R, seed: int, first: int) -> S:
        """A new deal from ``seed``: the same seed, the same deal. ``first`` is the seat that
        deals (or plays first); an arena turns it round the table."""
        ...

    def random_position(self, rules: R, seed: int, tricks_left: int | None) -> S:
        """A seeded position in the play of the cards, ``tricks_left`` tricks (turns, for a
        shedding game) from the end when given."""
        ...

    def parse_state(self, text: str) -> S:
        """A state from its written form (``str(state)``)."""
        ...

    def parse_move(self, text: str, state: S) -> M:
        """A move from its written form, as it would be played at ``state``."""
        ...

    def view(self, state: S, seat: int) -> V:
        """What ``seat`` knows at ``state``: all a bot is ever given."""
        ...

    def chooser(self, state: S) -> int:
        """The seat that chooses the next move (the seat to move, except where another seat
        plays its cards, as bridge's declarer plays the dummy's)."""
        ...

    # -- arenas ----------------------------------------------------------------------------

    def rotations(self, rules: R) -> int:
        """How many rotations of the bots round the seats a duplicate arena plays each deal in
        (one per seat; bridge needs two, the partnerships swapped)."""
        ...

    def scores(self, state: S) -> tuple[Fraction, ...]:
        """Each seat's score in a finished deal, as an arena compares bots (the game's
        payoffs; in bridge the side's tricks minus half the tricks)."""
        ...

    @property
    def score_words(self) -> str:
        """What a score is, for an arena's table ("payoff (minus the hand left)")."""
        ...

    def score_problem(self, scores: Sequence[Fraction]) -> str | None:
        """Why ``scores`` cannot be a deal's (Chase the Tailor's are whole and at most 0), or
        None if they can."""
        ...

    # -- records ---------------------------------------------------------------------------

    def loads(self, text: str) -> GameRecord[S, M]:
        """A record of this game read from its JSON text."""
        ...

    def dumps(self, state: S, tags: Mapping[str, str], indent: int | None) -> str:
        """The JSON record of one deal, played up to ``state`` (finished or not), with
        ``tags``, on one line (``indent`` None) or indented."""
        ...

    # -- the solver ------------------------------------------------------------------------

    @property
    def analysis(self) -> GameAnalysis[S, M]:
        """The game's perfect-information analysis."""
        ...

    # -- pictures --------------------------------------------------------------------------

    def state_text(self, state: S) -> str:
        """The table as Unicode text (``state.to_unicode()``)."""
        ...

    def state_svg(self, state: S) -> str:
        """The table as an SVG picture."""
        ...

    def move_text(self, move: M) -> str:
        """A move as a player reads it, in Unicode (``K♥``)."""
        ...

    def deal_text(self, state: S) -> str:
        """The deal played up to ``state`` as ``cardgames show`` prints it: the hands dealt,
        every trick or turn, the result (or who is to move)."""
        ...

    def seat_text(self, state: S, seat: int) -> str:
        """The table as ``seat`` sees it, as Unicode text (what a person playing that seat is
        shown)."""
        ...

    def describe_move(self, state: S, move: M, *, seen: bool) -> str:
        """What ``move``, made at ``state``, does, in a few words ("plays K♥"); a hidden move
        (a discard) is told only if ``seen``."""
        ...

    def events(self, before: S, after: S) -> list[str]:
        """What the move from ``before`` to ``after`` brought about, a line each (a trick won,
        a contract settled)."""
        ...

    def analysis_text(self, state: S, analysis: Analysis[M]) -> str:
        """The position and its analysis as text: the table, how the cards are written, whose
        values they are, every move's value and the best line."""
        ...

    # -- learning environments -------------------------------------------------------------

    def actions(self, rules: R) -> ActionSpace[S, V, M]:
        """The action ids, masks and observations of the game under ``rules``
        (:class:`cardgames.action_space.ActionSpace`), through which :mod:`cardgames.env`
        builds its environments; it may also offer a fast step
        (:class:`cardgames.action_space.FastActionSpace`).

        :raises RulesError: if ``rules`` is not a rule set of the game.
        """
        ...

    # -- bots ------------------------------------------------------------------------------

    def rule_move(self, view: V, rng: random.Random) -> M:
        """The move the game's rules of thumb choose (:class:`~cardgames.bots.rule_bot.RuleBot`)."""
        ...

    def settled_move(self, view: V) -> M | None:
        """The move a sampling bot makes without weighing samples (the only legal one, or one
        its rules of thumb make, such as a French bid), or None when the moves are to be
        valued world by world with :meth:`sampled_values`."""
        ...

    def weighed_moves(self, view: V) -> tuple[M, ...]:
        """The moves a sampling bot weighs when none is settled: the legal moves (in Tarot,
        the cards among them)."""
        ...

    def sampled_values(
        self, view: V, world: S, moves: Sequence[M], settings: SamplingSettings, limit: Limit
    ) -> list[float]:
        """What each of ``moves`` is worth to ``view``'s side in one ``world`` sampled from
        ``view`` (:class:`~cardgames.bots.pimc.PIMCBot` adds these up over its worlds), searched
        within ``limit``."""
        ...

    def planned_move(self, view: V, settings: SamplingSettings, rng: random.Random) -> M | None:
        """A decision a sampling bot makes by the game's own simulation rather than by valuing
        the moves world by world (French Tarot's bid with ``settings.bidding ==
        "simulate"``), or None (then :meth:`settled_move` and :meth:`sampled_values` decide).
        """
        ...

    def play_likelihood(
        self, view: V, settings: SamplingSettings
    ) -> Callable[[S, float], float] | None:
        """Inference: a function giving, for a world sampled from ``view`` and a floor, the
        log-likelihood of the moves the other seats have made so far under the game's model
        of their play (its rules of thumb, each deviation having probability
        ``settings.deviation``); once the value is sure to fall below the floor it may stop
        and return any value below it. None when the game has no model or nothing was
        observed. A sampling bot draws more worlds than it values and keeps the likeliest. It
        reads only the view and the world."""
        ...


class SamplingSettings(Protocol):
    """The settings of a sampling bot that a game's :meth:`GameDescriptor.sampled_values` may
    read (:class:`~cardgames.bots.pimc.PIMCBot` has them all): each game uses those that concern it
    and ignores the others."""

    @property
    def nodes(self) -> int:
        """The node budget of one world's search."""
        ...

    @property
    def exact_tricks(self) -> int:
        """Tarot: with this many tricks left or fewer, search to the end."""
        ...

    @property
    def estimate(self) -> str:
        """Tarot: how a move is valued before the exact search can reach the end."""
        ...

    @property
    def lookahead(self) -> int:
        """Tarot: whole tricks searched ahead by a horizon search."""
        ...

    @property
    def horizon(self) -> int:
        """Chase the Tailor: the moves searched ahead."""
        ...

    @property
    def tailor_estimate(self) -> str:
        """Chase the Tailor: ``"search"`` (the horizon search) or ``"rollout"`` (RuleBot's
        play of the rest of the round)."""
        ...

    @property
    def bridge_exact_tricks(self) -> int:
        """Bridge: with this many tricks left or fewer, search to the end."""
        ...

    @property
    def objective(self) -> str:
        """French Tarot: ``"score"`` or ``"points"``."""
        ...

    @property
    def worlds(self) -> int:
        """The worlds sampled per decision."""
        ...

    @property
    def bidding(self) -> str:
        """French Tarot: ``"rule"`` (RuleBot's count) or ``"simulate"`` (see
        :mod:`cardgames.tarot.french_bidding`)."""
        ...

    @property
    def deviation(self) -> float:
        """Inference: the chance that another seat's move differs from the model's."""
        ...


AnyGame: TypeAlias = GameDescriptor[Any, Any, Any, Any]
"""A descriptor of any game, as the shared floors hold one."""

_BY_NAME: dict[str, AnyGame] = {}
_BY_TYPE: dict[type, AnyGame] = {}
_loaded = False


def register(game: AnyGame) -> None:
    """Add ``game`` to the registry, so that :func:`of` and :func:`named` find it. Registering
    the same descriptor again does nothing; another game of the same name, or one claiming a
    type another game has, is an error.

    :raises RulesError: if ``game`` is not a :class:`GameDescriptor`, or clashes with a game
        already registered.
    """
    if not isinstance(game, GameDescriptor):
        raise RulesError(f"invalid game {quote(game)}: expected a GameDescriptor")
    name = game.name
    if not isinstance(name, str) or not name.isascii() or not name.isidentifier():
        raise RulesError(f"invalid game name {quote(name)}: expected an ASCII identifier")
    known = _BY_NAME.get(name)
    if known is game:
        return
    if known is not None:
        raise RulesError(f"cannot register {quote(game)}: a game named {name!r} is registered")
    for kind in game.types:
        other = _BY_TYPE.get(kind)
        if other is not None:
            raise RulesError(
                f"cannot register {name!r}: {kind.__qualname__} belongs to {other.name!r}"
            )
    _BY_NAME[name] = game
    for kind in game.types:
        _BY_TYPE[kind] = game


def unregister(name: str) -> None:
    """Take the game called ``name`` out of the registry (a program or a test that registered
    a game for a while); the library's own games cannot be taken out.

    :raises RulesError: for a name no game has, or one of the library's games.
    """
    game = named(name)
    if _builtin_rank(game) < len(BUILTIN_GAMES):
        raise RulesError(f"cannot unregister {name!r}: it is one of the library's games")
    del _BY_NAME[name]
    for kind in game.types:
        if _BY_TYPE.get(kind) is game:
            del _BY_TYPE[kind]


def _load_builtins() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for package in BUILTIN_GAMES:
            importlib.import_module(package)  # each registers its descriptor on import


def registered() -> tuple[AnyGame, ...]:
    """Every registered game: the library's own first, then the others in the order they were
    registered."""
    _load_builtins()
    return tuple(sorted(_BY_NAME.values(), key=_builtin_rank))


def _builtin_rank(game: AnyGame) -> int:
    # The library's games in the order of BUILTIN_GAMES, then the others as registered (a
    # stable sort keeps their order).
    module = type(game).__module__
    for rank, package in enumerate(BUILTIN_GAMES):
        if module == package or module.startswith(package + "."):
            return rank
    return len(BUILTIN_GAMES)


def find_named(name: str) -> AnyGame | None:
    """The game called ``name``, or None."""
    _load_builtins()
    return _BY_NAME.get(name) if isinstance(name, str) else None


def named(name: str) -> AnyGame:
    """The game called ``name`` (``"tarot"``, ``"tailor"``, ``"bridge"``, or one registered).

    :raises RulesError: for a name no game has.
    """
    game = find_named(name)
    if game is None:
        known = ", ".join(repr(known.name) for known in registered())
        raise RulesError(f"unknown game {quote(name)}: expected one of {known}")
    return game


def find(value: object) -> AnyGame | None:
    """The game ``value`` (a state, view, rule set, record, ...) belongs to, or None."""
    for kind in type(value).__mro__:
        game = _BY_TYPE.get(kind)
        if game is not None:
            return game
    return None


def of(value: object, error: type[Exception] = RulesError, what: str = "value") -> AnyGame:
    """The game ``value`` (a state, a view, a rule set, a record, ...) belongs to.

    :param error: the error class to raise when no game owns ``value`` (the solver raises
        :class:`~cardgames.errors.AnalysisError`).
    :param what: what ``value`` was meant to be, for the message.
    :raises RulesError: (or ``error``) for a value of no registered game.
    """
    game = find(value)
    if game is None:
        _load_builtins()
        game = find(value)
    if game is None:
        titles = ", ".join(known.title for known in registered())
        raise error(f"invalid {what} {quote(value)}: expected a value of a game ({titles})")
    return game
