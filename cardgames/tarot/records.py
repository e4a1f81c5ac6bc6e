"""JSON records of Tarot deals and games, in the layout shared by every game
(:mod:`cardgames.records`): :class:`Record`, :func:`dumps`, :func:`loads`, :func:`record_of`.

A Tarot deal starts from its cards, and its result is the points and payoffs::

    "start": {"deal": "traditional-3 0:K91.K6..."},   (the deal notation: rules, dealer, hands)
    "moves": ["1S", "4S", ...],                         (the discard, then every card played)
    "result": {"points": [43, "71/2"], "payoffs": ["15/2", "-15/2"]}   (null while unfinished)

Under French rules (``bidding``, :meth:`~cardgames.tarot.rules.Rules.french`) the moves are
every move of the deal in order, each in its written form
(:func:`cardgames.tarot.contracts.parse_move`):
the bids (``pass``, ``garde``...), at five players the call (``call-KH``), the taker's discard
after a prise or a garde, the slam announcement (``slam`` or ``no-slam``), then the cards, a
poignée (``poignee-single``...) just before its declarer's first card. The result of a
finished French deal also holds its ``score``, the breakdown of
:meth:`cardgames.tarot.scoring.Score.to_dict` (contract, taker, bouts, points, target, margin,
petit au bout, poignées, slam, multiplier, total and payoffs); a void deal, where every seat
passed, is finished at once: its moves are the passes, its payoffs zero and its score null::

    "moves": ["pass", "garde", "pass", "pass", "no-slam", "3S", ...],
    "result": {"points": [...], "payoffs": [...], "score": {"contract": "garde", ...}}

A game's ``series`` entry is ``{"seed": 3, "first_dealer": 0, "totals": [...]}``. Reading
replays every move and checks that the written results (the score too) and totals are the ones
the moves give. Records of the layout before 0.x's shared one (``"format": "cardgames-tarot"``)
are not read.

>>> import json
>>> from cardgames.tarot import Rules, deal
>>> state = deal(Rules.traditional(players=3), seed=9)
>>> for _ in range(5):
...     state = state.play(state.legal_moves()[0])
>>> text = dumps(state, tags={'Event': 'Club night'})
>>> record = loads(text)
>>> record.deals[0].replay() == state, record.tags['Event']
(True, 'Club night')
>>> json.loads(text)['deals'][0]['moves']
['1S', '4S', '8S', '2S', '5S']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

import attrs

from cardgames.errors import CardgamesError, NotationError, RulesError
from cardgames.records import (
    Codec,
    DealRecordMethods,
    RecordMethods,
    Tags,
    check_record,
    envelope,
    parse_json,
    read_deal,
    read_fields,
    read_int,
    read_move_texts,
    read_moves,
    read_numbers,
    read_str,
    register_game,
    to_json,
    to_number,
    to_tags,
    with_tags,
)
from cardgames.tarot.contracts import (
    Announcement,
    AnyMove,
    Bid,
    Call,
    Declaration,
    parse_move,
)
from cardgames.tarot.game import Game
from cardgames.tarot.rules import Rules, _check_rules
from cardgames.tarot.scoring import Score
from cardgames.tarot.state import Deal, Move, State
from cardgames.validation import as_tuple, check_int, check_seed, quote, strict_arguments

__all__ = ["DealRecord", "Record", "Series", "dumps", "loads", "record_of"]

GAME: Final = "tarot"
"""The ``game`` entry of Tarot records."""
# a deal has at most 78 moves of cards (the discard and the cards played), and under French
# rules up to 6 bids, a call, an announcement and a poignée per seat
_MAX_MOVES: Final = 78 + 6 + 2 + 5


def _to_moves(moves: Iterable[AnyMove | str]) -> tuple[AnyMove, ...]:
    return read_moves(moves, CODEC)


def _check_deal(record: DealRecord, attribute: attrs.Attribute[Deal], value: object) -> None:
    if not isinstance(value, Deal):
        raise RulesError(f"invalid Tarot deal {quote(value)}: expected a tarot Deal")


@strict_arguments
@attrs.frozen(kw_only=True)
class DealRecord(DealRecordMethods[State]):
    """One deal: the cards dealt and every move made from them, which are replayed (and so
    checked) when the record is made.

    :param deal: the :class:`~cardgames.tarot.deal.Deal` (rules, dealer, hands, talon), also
        readable as ``initial``, the name Chase the Tailor's record uses for what a record
        starts from; :meth:`start` is the state before the first move in both games.
    :param moves: the moves in order, as moves (a :class:`~cardgames.tarot.moves.Move`, or
        under French rules any :data:`~cardgames.tarot.contracts.AnyMove`) or their written
        forms (``'1S'``, ``'garde'``, ``'call-KH'``); at most 91.
    :raises RulesError: if ``deal`` is not a Deal.
    :raises NotationError: for a move text that is not a move.
    :raises IllegalMoveError: if ``moves`` is not a sequence of moves, holds anything that is
        neither a move nor a move text, or a move is illegal where it is played.

    >>> from cardgames.tarot import Rules, Deal
    >>> dealt = Deal.random(Rules.simplified(players=3), seed=1)
    >>> dealt.start().legal_moves()[:2]
    (Move.parse('2S'), Move.parse('3S'))
    >>> record = DealRecord(deal=dealt, moves=['3S'])
    >>> record.moves, record.is_over, record.replay().trick.cards
    ((Move.parse('3S'),), False, (TarotCard.parse('3S'),))
    >>> record.initial is record.deal, record.start() == dealt.start()
    (True, True)
    >>> DealRecord(deal=dealt, moves=['3S', '3S'])
    Traceback (most recent call last):
    ...
    cardgames.errors.IllegalMoveError: move 2 of the deal: illegal move '3S': ...
    """

    deal: Deal = attrs.field(validator=_check_deal)
    moves: tuple[AnyMove, ...] = attrs.field(default=(), converter=_to_moves)
    _final: State = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        self._replay_moves()

    @classmethod
    def of(cls, state: State) -> DealRecord:
        """The record of the deal that led to ``state`` (finished or not).

        :raises RulesError: if ``state`` is not a State (as in Chase the Tailor: a wrong
            argument to a record).
        :raises NotationError: if ``state`` is a position made up with the
            :class:`~cardgames.tarot.state.State` constructor (its deal's moves do not lead
            to it, so no record can describe it).
        """
        if not isinstance(state, State):
            raise RulesError(f"invalid state {quote(state)}: expected a tarot State")
        if not state._is_played():
            raise NotationError(
                f"cannot record {quote(state)}: a record replays the moves of its deal, and "
                "they do not lead to this position made up for analysis"
            )
        return cls(deal=state.initial, moves=state.history())

    @property
    def initial(self) -> Deal:
        """What the record starts from: ``deal`` under the name of the field of Chase the
        Tailor's :class:`cardgames.tailor.DealRecord` (as a Tarot state's ``initial`` is its
        deal). Read-only."""
        return self.deal

    def start(self) -> State:
        """The state before the first move (the deal's first state), as in Chase the Tailor's
        :meth:`cardgames.tailor.DealRecord.start`."""
        return self.deal.start()

    def to_dict(self) -> dict[str, Any]:
        """This deal's entry of the ``deals`` list of a record."""
        final = self._final
        result: dict[str, Any] | None = None
        if final.is_over:
            result = {
                "points": [to_number(value) for value in final.points()],
                "payoffs": [to_number(value) for value in final.payoffs()],
            }
            if final.rules.bidding:
                score = final.score()
                result["score"] = None if score is None else score.to_dict()
        return {
            "start": {"deal": str(self.deal)},
            "moves": [str(move) for move in self.moves],
            "result": result,
        }


def _check_series_seed(series: Series, attribute: attrs.Attribute[int], value: object) -> None:
    check_seed(value, "game seed")


def _check_first_dealer(series: Series, attribute: attrs.Attribute[int], value: object) -> None:
    check_int(value, "first_dealer", low=0)


@strict_arguments
@attrs.frozen
class Series:
    """The settings of a whole game (see :class:`~cardgames.tarot.game.Game`).

    :param seed: the game's seed, an int from 0 to ``2**64 - 1``.
    :param first_dealer: who dealt first (checked against the rules by :class:`Record`).
    :raises RulesError: for a bad seed, or a first dealer that is not a non-negative int.
    """

    seed: int = attrs.field(validator=_check_series_seed)
    first_dealer: int = attrs.field(default=0, validator=_check_first_dealer)


def _to_deals(deals: Iterable[DealRecord]) -> tuple[DealRecord, ...]:
    return as_tuple(deals, "Tarot record deals")


def _check_record_rules(record: Record, attribute: attrs.Attribute[Rules], value: object) -> None:
    _check_rules(value, "record rules")


@strict_arguments
@attrs.frozen(kw_only=True)
class Record(RecordMethods[State, DealRecord]):
    """A record of Tarot deals: the rules, free tags, and the deals; when ``series`` is
    given, the record of a whole :class:`~cardgames.tarot.game.Game` (whose finished deals
    the deals must be, in order).

    :param rules: the rules of every deal.
    :param deals: :class:`DealRecord` values.
    :param tags: names and texts (see :class:`cardgames.records.Tags`), such as the event,
        the date or the players' names.
    :param series: None, or the game's :class:`Series`.
    :raises RulesError: for an argument of the wrong type, a deal of other rules, or deals
        that are not the game's.

    >>> from cardgames.tarot import Rules
    >>> from cardgames.tarot.game import random_strategy
    >>> game = Game(rules=Rules.simplified(players=3), seed=2).play_out(random_strategy(2))
    >>> record = record_of(game, tags={'Site': 'Lyon'})
    >>> record.game() == game, len(record.deals), record.series
    (True, 3, Series(seed=2, first_dealer=0))
    """

    rules: Rules = attrs.field(validator=_check_record_rules)
    deals: tuple[DealRecord, ...] = attrs.field(default=(), converter=_to_deals)
    tags: Tags = attrs.field(factory=Tags, converter=to_tags)
    series: Series | None = None

    def __attrs_post_init__(self) -> None:
        check_record(self.deals, self.rules, self.series, CODEC)
        if self.series is not None:
            self._game()

    def _game(self) -> Game:
        series = self.series
        if series is None:
            raise RulesError("this record is of single deals, not of a game")
        try:
            game = Game(rules=self.rules, seed=series.seed, first_dealer=series.first_dealer)
            for deal in self.deals:
                game = game.record(deal.replay())
        except CardgamesError as error:
            raise RulesError(f"invalid Tarot game record: {error}") from None
        return game

    def game(self) -> Game:
        """The game this record is of, with every deal replayed.

        :raises RulesError: if the record is not of a game (``series`` is None).
        """
        return self._game()

    def _whole(self) -> Game:
        return self._game()

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data (what :func:`dumps` writes)."""
        series = None
        if self.series is not None:
            series = {
                "seed": self.series.seed,
                "first_dealer": self.series.first_dealer,
                "totals": [to_number(total) for total in self._game().totals],
            }
        return envelope(
            GAME, str(self.rules), self.tags, series, [deal.to_dict() for deal in self.deals]
        )


def _read_series(data: object) -> tuple[Series, object]:
    fields = read_fields(data, "record series", ("seed", "first_dealer", "totals"))
    seed = read_int(fields["seed"], "series seed", low=0, high=2**64 - 1)
    first = read_int(fields["first_dealer"], "series first_dealer", low=0)
    return Series(seed, first), fields["totals"]


def _check_totals(record: Record, totals: object) -> None:
    written = read_numbers(totals, "series totals", record.rules.players)
    if written != record._game().totals:
        raise NotationError(
            f"invalid series totals {quote(totals)}: the deals give "
            f"{quote([to_number(total) for total in record._game().totals])}"
        )


def _read_start(value: object, rules: Rules, where: str) -> Deal:
    start = read_fields(value, f"{where} start", ("deal",))
    text = read_str(start["deal"], f"{where} start deal")
    try:
        dealt = Deal.parse(text)
    except CardgamesError as error:
        raise NotationError(f"invalid {where} start deal {quote(text)}: {error}") from None
    if dealt.rules != rules:
        raise NotationError(
            f"invalid {where} start deal {quote(text)}: its rules are not the record's "
            f"{quote(str(rules))}"
        )
    return dealt


def _read_deal(data: object, rules: Rules, number: int) -> DealRecord:
    where = f"deal {number}"

    def make(dealt: Deal, moves: list[object]) -> DealRecord:
        texts = read_move_texts(moves, where)
        try:
            return DealRecord(deal=dealt, moves=texts)
        except CardgamesError as error:
            raise NotationError(f"invalid {where} moves {quote(moves)}: {error}") from None

    record, fields = read_deal(
        data, where, read_start=lambda value: _read_start(value, rules, where), make=make
    )
    written = fields.get("result")
    expected = record.to_dict()["result"]
    if "result" in fields and written is not None:
        french = ("score",) if rules.bidding else ()
        result = read_fields(written, f"{where} result", ("points", "payoffs", *french))
        final = record.replay()
        if not final.is_over:
            raise NotationError(
                f"invalid {where} result {quote(written)}: the deal is not finished"
            )
        points = read_numbers(result["points"], f"{where} points", rules.players)
        payoffs = read_numbers(result["payoffs"], f"{where} payoffs", rules.players)
        if points != final.points() or payoffs != final.payoffs():
            raise NotationError(
                f"invalid {where} result {quote(written)}: the moves give {quote(expected)}"
            )
        if french:
            _check_score(result["score"], final, where)
    elif "result" in fields and expected is not None:
        raise NotationError(
            f"invalid {where} result None: the moves finish the deal, giving {quote(expected)}"
        )
    return record


def _check_score(written: object, final: State, where: str) -> None:
    # The score of a finished French deal as written: the breakdown the moves give, or null
    # for a void deal.
    score = final.score()
    if written is None:
        if score is not None:
            raise NotationError(
                f"invalid {where} score None: the moves give {quote(score.to_dict())}"
            )
        return
    if score is None:
        raise NotationError(
            f"invalid {where} score {quote(written)}: every seat passed, so the deal has no "
            "score (null)"
        )
    read = Score.from_dict(written)
    if read != score:
        raise NotationError(
            f"invalid {where} score {quote(written)}: the moves give {quote(score.to_dict())}"
        )


def record_of(item: State | Game | Record, tags: Mapping[str, str] | None = None) -> Record:
    """The :class:`Record` of a state (its deal, up to this state), a game, or a record.

    :param tags: names and texts added to the record's tags (replacing any of the same
        name).
    :raises NotationError: if ``item`` is none of these, or is a position made up with the
        :class:`~cardgames.tarot.state.State` constructor (its deal's moves do not lead to
        it, so no record can describe it).
    :raises RulesError: if ``tags`` is not a mapping of strings to strings.

    >>> from cardgames.tarot import Rules, deal
    >>> record = record_of(deal(Rules.simplified(players=3), seed=1))
    >>> len(record.deals), record.deals[0].moves, record.is_series
    (1, (), False)
    """
    extra = to_tags(tags)  # bad tags are refused before a bad item
    if isinstance(item, Record):
        record = item
    elif isinstance(item, State):
        record = Record(rules=item.rules, deals=(DealRecord.of(item),))
    elif isinstance(item, Game):
        record = Record(
            rules=item.rules,
            deals=tuple(DealRecord.of(state) for state in item.deals),
            series=Series(item.seed, item.first_dealer),
        )
    else:
        raise NotationError(f"cannot record {quote(item)}: expected a tarot State, Game or Record")
    return with_tags(record, extra)


def dumps(
    item: State | Game | Record,
    *,
    tags: Mapping[str, str] | None = None,
    indent: int | None = None,
) -> str:
    """The JSON record of a deal (a :class:`~cardgames.tarot.state.State`, finished or not), a
    :class:`~cardgames.tarot.game.Game` or a :class:`Record`.

    :param tags: names and texts added to the record's tags (see :func:`record_of`).
    :param indent: None (one line) or an int from 0 to 16, passed to :func:`json.dumps`.
    :raises NotationError: if ``item`` is none of these, or is a made-up position (see
        :func:`record_of`).
    :raises RulesError: if ``tags`` or ``indent`` is bad.
    """
    return to_json(record_of(item, tags).to_dict(), indent)


def loads(text: str | bytes) -> Record:
    """Read a record written by :func:`dumps`, replaying every move.

    :raises NotationError: if the text is not a valid Tarot record (bad JSON, an unknown,
        missing or mistyped entry, a move that is illegal on replay, or a result that the
        moves do not give), quoting what is wrong.

    >>> loads('{"format": "cardgames-record", "version": 1, "game": "tarot", "rules": '
    ...       '"simplified-3", "deals": [], "colour": "red"}')
    Traceback (most recent call last):
    ...
    cardgames.errors.NotationError: invalid record: unknown entry 'colour' (expected deals, ...
    """
    return Record.from_dict(parse_json(text))


CODEC: Final = Codec(
    game=GAME,
    name="Tarot",
    prefix="Tarot ",
    unit="deal",
    move="a Move",
    parse_move=parse_move,
    move_kinds=(Move, Bid, Call, Announcement, Declaration),
    max_moves=_MAX_MOVES,
    deal_kind=DealRecord,
    series_kind=Series,
    rules_of=lambda item: item.deal.rules,
    parse_rules=Rules.parse,
    read_deal=_read_deal,
    read_series=_read_series,
    check_totals=_check_totals,
)
"""Tarot's part of the record layout (see :class:`cardgames.records.Codec`)."""

DealRecord.CODEC = Record.CODEC = CODEC
register_game(GAME, record_of)
