"""The score of a finished deal of French Tarot, as the Fédération Française de Tarot counts it.

Under :class:`~cardgames.tarot.rules.Rules` with ``bidding`` set a deal is a contest between the
taker's side (the *attack*: the taker, and at five players the partner the called King
reveals) and everyone else (the *defence*). Once the last trick is played, four figures decide
the score, all counted from the attack's side:

* the **contract**: ``(25 + margin) × multiplier``, won when the attack's card points reach
  the target that its bouts set (56, 51, 41 or 36 for 0 to 3 bouts), lost otherwise; the
  margin is how far the points are from the target, a half point rounded up to a whole one
  unless the rules' ``round_margin`` is off, and the multiplier is the contract's (prise 1,
  garde 2, garde sans 4, garde contre 6);
* the **petit au bout**: trump 1 in the last trick is worth ``10 × multiplier`` to the side
  that wins that trick, whether the contract is made or not;
* the **poignées**: 20, 30 or 40 for each single, double or triple shown, never multiplied,
  to the side that wins the deal, whoever showed it;
* the **slam** (every trick to one side), never multiplied: +400 announced and made, -200
  announced and missed, +200 made without an announcement, and -200 when the defence takes
  every trick.

Their sum, the ``total`` of a :class:`Score`, is what each defender pays (or, when negative,
receives). At three or four players the taker collects it from every defender; at five the
taker gets two shares and the partner one, and a taker playing alone gets four. The payoffs
always add up to zero, exactly.

>>> from fractions import Fraction
>>> from cardgames.tarot.contracts import Contract, Poignee
>>> from cardgames.tarot.rules import Rules
>>> score = score_deal(
...     Rules.french(players=4), contract=Contract.GARDE, taker=0,
...     points=Fraction(91, 2), bouts=2, poignees=[(2, Poignee.SINGLE)])
>>> score.made, score.margin, score.contract_score, score.total
(True, Fraction(5, 1), Fraction(60, 1), Fraction(80, 1))
>>> [str(payoff) for payoff in score.payoffs]
['240', '-80', '-80', '-80']
>>> print(score.to_unicode())
Garde (x2), taker seat 0
Bouts 2, target 41: 45½ points, made by 5 (4½ rounded up)
Contract: (25 + 5) x 2 = +60
Petit au bout: none
Poignées: seat 2 single 20, to the attack: +20
Slam: none
Total per defender: +80
Payoffs: seat 0 +240, seat 1 -80, seat 2 -80, seat 3 -80
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction
from typing import Any, Final

import attrs

from cardgames.errors import NotationError, RulesError
from cardgames.records import (
    read_fields,
    read_int,
    read_list,
    read_number,
    read_str,
    to_number,
)
from cardgames.tarot.contracts import Contract, Poignee, target
from cardgames.tarot.rules import Rules, _check_rules
from cardgames.validation import (
    as_tuple,
    check_bool,
    check_int,
    check_seat,
    quote,
    strict_arguments,
)

__all__ = ["ATTACK", "BASE", "DEFENCE", "PETIT_AU_BOUT", "Score", "score_deal"]

ATTACK: Final = 0
"""The taker's side, as :func:`score_deal` names it (``last_trick_petit``, ``slam``)."""
DEFENCE: Final = 1
"""The other side, as :func:`score_deal` names it."""

BASE: Final = 25
"""What a contract is worth before the margin and the multiplier."""
PETIT_AU_BOUT: Final = 10
"""What trump 1 in the last trick is worth before the multiplier."""
# The slam's bonus to the attack in each case (never multiplied).
_SLAM_BONUS: Final = {"announced-made": 400, "announced-failed": -200, "made": 200, "defence": -200}

_SIDES: Final = ("attack", "defence")
_MIN_PLAYERS: Final = 3
_MAX_PLAYERS: Final = 5
_PACK_POINTS: Final = 91  # the most card points a side can hold (the French count)
_FIELDS: Final = (
    "contract",
    "taker",
    "partner",
    "bouts",
    "points",
    "target",
    "made",
    "margin",
    "petit_au_bout",
    "poignees",
    "poignee_bonus",
    "slam_announced",
    "slam",
    "slam_bonus",
    "multiplier",
    "contract_score",
    "total",
    "payoffs",
)
# The fields Score works out from the others (and checks when it is built directly).
_DERIVED: Final = (
    "target",
    "made",
    "margin",
    "petit_au_bout",
    "poignee_bonus",
    "slam_bonus",
    "multiplier",
    "contract_score",
    "total",
    "payoffs",
)


def _fraction(value: object) -> object:
    # attrs converter: an int (never a bool) becomes a Fraction; anything else is left for
    # Score's checks to refuse.
    if type(value) is int:
        return Fraction(value)
    return value


def _fractions(value: object) -> object:
    if isinstance(value, str | bytes | bytearray) or not isinstance(value, Iterable):
        return value
    return tuple(_fraction(item) for item in as_tuple(value, "score payoffs"))


def _pairs(value: object) -> object:
    if isinstance(value, str | bytes | bytearray) or not isinstance(value, Iterable):
        return value
    return tuple(
        tuple(as_tuple(item, "poignée")) if isinstance(item, list) else item
        for item in as_tuple(value, "poignées")
    )


@strict_arguments
@attrs.frozen(kw_only=True)
class Score:
    """The breakdown of a finished French deal's score, exact (whole numbers are ints, points
    and what depends on them :class:`~fractions.Fraction`). Every signed figure is counted
    from the attack's side: positive is good for the taker.

    Build it with :func:`score_deal` (or ``State.score()`` of a finished French deal); built
    directly, it checks that every figure follows from the others as :func:`score_deal` would
    work it out (with the margin rounded or not).

    :param contract: the taker's :class:`~cardgames.tarot.contracts.Contract`.
    :param taker: the taker's seat.
    :param partner: the partner's seat at five players, None when the taker plays alone (and
        always at three or four players).
    :param bouts: how many bouts (trump 1, trump 21, the Excuse) the attack ends with, 0 to 3.
    :param points: the attack's card points (0 to 91, half points exact).
    :param target: the points the attack needs: 56, 51, 41 or 36.
    :param made: whether ``points >= target``.
    :param margin: ``|points - target|``, rounded up to a whole point when the rules say so
        (never negative).
    :param petit_au_bout: ``+10 × multiplier`` when the attack won the last trick with trump
        1 in it, ``-10 × multiplier`` when the defence did, else 0.
    :param poignees: the poignées shown, as ``(seat, Poignee)`` pairs in the order declared.
    :param poignee_bonus: their bonuses added up, positive when the contract is made.
    :param slam_announced: whether the taker announced a slam.
    :param slam: ``"attack"`` or ``"defence"`` for the side that won every trick, else None.
    :param slam_bonus: +400 announced and made, -200 announced and missed, +200 made
        unannounced, -200 a defence slam, else 0.
    :param multiplier: the contract's: 1, 2, 4 or 6.
    :param contract_score: ``(25 + margin) × multiplier``, positive when made.
    :param total: ``contract_score + petit_au_bout + poignee_bonus + slam_bonus``, what each
        defender pays the attack.
    :param payoffs: each seat's gain, adding up to zero.
    :raises RulesError: for a field of the wrong type or out of range, or figures that do not
        follow from one another.

    >>> from cardgames.tarot.contracts import Contract
    >>> score = Score(
    ...     contract=Contract.PRISE, taker=1, partner=None, bouts=1, points=50, target=51,
    ...     made=False, margin=1, petit_au_bout=0, poignees=(), poignee_bonus=0,
    ...     slam_announced=False, slam=None, slam_bonus=0, multiplier=1, contract_score=-26,
    ...     total=-26, payoffs=(26, -52, 26))
    >>> score == Score.from_dict(score.to_dict())
    True
    >>> attrs.evolve(score, total=-25)
    Traceback (most recent call last):
    ...
    cardgames.errors.RulesError: invalid score: its total -25 should be -26
    """

    contract: Contract
    taker: int
    partner: int | None
    bouts: int
    points: Fraction = attrs.field(converter=_fraction)
    target: int
    made: bool
    margin: Fraction = attrs.field(converter=_fraction)
    petit_au_bout: int
    poignees: tuple[tuple[int, Poignee], ...] = attrs.field(converter=_pairs)
    poignee_bonus: int
    slam_announced: bool
    slam: str | None
    slam_bonus: int
    multiplier: int
    contract_score: Fraction = attrs.field(converter=_fraction)
    total: Fraction = attrs.field(converter=_fraction)
    payoffs: tuple[Fraction, ...] = attrs.field(converter=_fractions)

    def __attrs_post_init__(self) -> None:
        players = self._check_fields()
        petit = None if self.petit_au_bout == 0 else (ATTACK if self.petit_au_bout > 0 else DEFENCE)
        slam = None if self.slam is None else _SIDES.index(self.slam)
        worked = [
            _work_out(
                players,
                rounding,
                self.contract,
                self.taker,
                self.partner,
                self.points,
                self.bouts,
                petit,
                self.poignees,
                self.slam_announced,
                slam,
            )
            for rounding in (True, False)
        ]
        if any(
            all(getattr(self, name) == figures[name] for name in _DERIVED) for figures in worked
        ):
            return
        # Report the first figure that neither way of counting the margin explains.
        figures = worked[0] if self.margin == worked[0]["margin"] else worked[1]
        for name in _DERIVED:
            if getattr(self, name) != figures[name]:
                raise RulesError(
                    f"invalid score: its {name} {_quoted(getattr(self, name))} should be "
                    f"{_quoted(figures[name])}"
                )

    def _check_fields(self) -> int:
        # Each field on its own; returns the number of players (the length of payoffs).
        if not isinstance(self.contract, Contract):
            raise RulesError(f"invalid score contract {quote(self.contract)}: expected a Contract")
        payoffs = self.payoffs
        if (
            not isinstance(payoffs, tuple)
            or not _MIN_PLAYERS <= len(payoffs) <= _MAX_PLAYERS
            or not all(isinstance(value, Fraction) for value in payoffs)
        ):
            raise RulesError(
                f"invalid score payoffs {quote(payoffs)}: expected one number per seat, for 3 to "
                "5 seats"
            )
        players = len(payoffs)
        check_seat(self.taker, players, "score taker")
        _check_partner(
            self.partner, self.taker, players, partner_allowed=players == 5, what="score partner"
        )
        check_int(self.bouts, "score bouts", low=0, high=3)
        _check_points(self.points, _PACK_POINTS, "score points", None)
        _check_poignees(self.poignees, players, "score poignées")
        check_bool(self.slam_announced, "score slam_announced")
        if self.slam is not None and self.slam not in _SIDES:
            raise RulesError(
                f"invalid score slam {quote(self.slam)}: expected 'attack', 'defence' or None"
            )
        check_bool(self.made, "score made")
        for name in ("target", "petit_au_bout", "poignee_bonus", "slam_bonus", "multiplier"):
            check_int(getattr(self, name), f"score {name}")
        for name in ("margin", "contract_score", "total"):
            value = getattr(self, name)
            if not isinstance(value, Fraction):
                raise RulesError(f"invalid score {name} {quote(value)}: expected a number")
        return players

    @property
    def players(self) -> int:
        """How many seats the deal had (the length of ``payoffs``)."""
        return len(self.payoffs)

    @property
    def attack(self) -> tuple[int, ...]:
        """The seats of the taker's side: the taker, then the partner if any.

        >>> from cardgames.tarot.contracts import Contract
        >>> from cardgames.tarot.rules import Rules
        >>> score_deal(Rules.french(players=5), contract=Contract.PRISE, taker=3, partner=0,
        ...            points=60, bouts=1).attack
        (3, 0)
        """
        return (self.taker,) if self.partner is None else (self.taker, self.partner)

    @property
    def defence(self) -> tuple[int, ...]:
        """The seats of the other side, in seat order."""
        return tuple(seat for seat in range(self.players) if seat not in self.attack)

    def to_unicode(self) -> str:
        """The breakdown as a few lines of text: the contract and its multiplier, the taker
        (and partner), bouts, points against the target and the margin, then each part of
        the score, the total and every seat's payoff. Half points are written ``½``.

        >>> from fractions import Fraction
        >>> from cardgames.tarot.contracts import Contract
        >>> from cardgames.tarot.rules import Rules
        >>> print(score_deal(
        ...     Rules.french(players=5), contract=Contract.GARDE_SANS, taker=1, partner=None,
        ...     points=Fraction(81, 2), bouts=2, last_trick_petit=1).to_unicode())
        Garde sans (x4), taker seat 1, alone
        Bouts 2, target 41: 40½ points, failed by 1 (½ rounded up)
        Contract: (25 + 1) x 4 = -104
        Petit au bout: -40 to the defence
        Poignées: none
        Slam: none
        Total per defender: -144
        Payoffs: seat 0 +144, seat 1 -576, seat 2 +144, seat 3 +144, seat 4 +144
        """
        name = self.contract.value.replace("-", " ").capitalize()
        if self.partner is not None:
            side = f", partner seat {self.partner}"
        elif self.players == _MAX_PLAYERS:
            side = ", alone"
        else:
            side = ""
        exact = abs(self.points - self.target)
        rounded = f" ({_text(exact)} rounded up)" if exact != self.margin else ""
        result = "made by" if self.made else "failed by"
        lines = [
            f"{name} (x{self.multiplier}), taker seat {self.taker}{side}",
            f"Bouts {self.bouts}, target {self.target}: {_text(self.points)} points, "
            f"{result} {_text(self.margin)}{rounded}",
            f"Contract: ({BASE} + {_text(self.margin)}) x {self.multiplier} = "
            f"{_signed(self.contract_score)}",
        ]
        if self.petit_au_bout:
            winner = "attack" if self.petit_au_bout > 0 else "defence"
            lines.append(f"Petit au bout: {_signed(self.petit_au_bout)} to the {winner}")
        else:
            lines.append("Petit au bout: none")
        if self.poignees:
            shown = ", ".join(
                f"seat {seat} {level.value} {level.bonus}" for seat, level in self.poignees
            )
            winner = "attack" if self.made else "defence"
            lines.append(f"Poignées: {shown}, to the {winner}: {_signed(self.poignee_bonus)}")
        else:
            lines.append("Poignées: none")
        lines.append(f"Slam: {self._slam_text()}")
        lines.append(f"Total per defender: {_signed(self.total)}")
        lines.append(
            "Payoffs: "
            + ", ".join(f"seat {seat} {_signed(value)}" for seat, value in enumerate(self.payoffs))
        )
        return "\n".join(lines)

    def _slam_text(self) -> str:
        bonus = _signed(self.slam_bonus)
        if self.slam == "defence":
            announced = " (announced by the taker)" if self.slam_announced else ""
            return f"made by the defence{announced}: {bonus}"
        if self.slam == "attack":
            return f"announced and made: {bonus}" if self.slam_announced else f"made: {bonus}"
        return f"announced and missed: {bonus}" if self.slam_announced else "none"

    def to_dict(self) -> dict[str, Any]:
        """The score as JSON-ready data, every field by name in order: whole numbers as
        ints, others as ``"a/b"`` strings, the contract and poignées by their written values.

        >>> from fractions import Fraction
        >>> from cardgames.tarot.contracts import Contract, Poignee
        >>> from cardgames.tarot.rules import Rules
        >>> data = score_deal(Rules.french(players=3), contract=Contract.PRISE, taker=2,
        ...                   points=Fraction(103, 2), bouts=1,
        ...                   poignees=[(0, Poignee.DOUBLE)]).to_dict()
        >>> data['points'], data['margin'], data['poignees'], data['payoffs']
        ('103/2', 1, [[0, 'double']], [-56, -56, 112])
        """
        return {
            "contract": self.contract.value,
            "taker": self.taker,
            "partner": self.partner,
            "bouts": self.bouts,
            "points": to_number(self.points),
            "target": self.target,
            "made": self.made,
            "margin": to_number(self.margin),
            "petit_au_bout": self.petit_au_bout,
            "poignees": [[seat, level.value] for seat, level in self.poignees],
            "poignee_bonus": self.poignee_bonus,
            "slam_announced": self.slam_announced,
            "slam": self.slam,
            "slam_bonus": self.slam_bonus,
            "multiplier": self.multiplier,
            "contract_score": to_number(self.contract_score),
            "total": to_number(self.total),
            "payoffs": [to_number(value) for value in self.payoffs],
        }

    @classmethod
    def from_dict(cls, data: object) -> Score:
        """Read what :meth:`to_dict` writes (from JSON): every entry present, nothing else,
        each of its kind, and the figures agreeing with one another.

        >>> Score.from_dict({'contract': 'garde'})
        Traceback (most recent call last):
        ...
        cardgames.errors.NotationError: invalid score {'contract': 'garde'}: missing entry 'taker'

        :raises NotationError: for anything else, quoting it.
        """
        fields = read_fields(data, "score", _FIELDS)
        partner = fields["partner"]
        slam = fields["slam"]
        try:
            return cls(
                contract=Contract.parse(read_str(fields["contract"], "score contract")),
                taker=read_int(fields["taker"], "score taker"),
                partner=None if partner is None else read_int(partner, "score partner"),
                bouts=read_int(fields["bouts"], "score bouts"),
                points=read_number(fields["points"], "score points"),
                target=read_int(fields["target"], "score target"),
                made=check_bool(fields["made"], "score made", error=NotationError),
                margin=read_number(fields["margin"], "score margin"),
                petit_au_bout=read_int(fields["petit_au_bout"], "score petit_au_bout"),
                poignees=tuple(
                    _read_poignee(item) for item in read_list(fields["poignees"], "score poignées")
                ),
                poignee_bonus=read_int(fields["poignee_bonus"], "score poignee_bonus"),
                slam_announced=check_bool(
                    fields["slam_announced"], "score slam_announced", error=NotationError
                ),
                slam=None if slam is None else read_str(slam, "score slam"),
                slam_bonus=read_int(fields["slam_bonus"], "score slam_bonus"),
                multiplier=read_int(fields["multiplier"], "score multiplier"),
                contract_score=read_number(fields["contract_score"], "score contract_score"),
                total=read_number(fields["total"], "score total"),
                payoffs=tuple(
                    read_number(item, "score payoff")
                    for item in read_list(fields["payoffs"], "score payoffs")
                ),
            )
        except RulesError as error:
            problem = str(error).removeprefix("invalid score: ")
            raise NotationError(f"invalid score {quote(data)}: {problem}") from None


def _read_poignee(item: object) -> tuple[int, Poignee]:
    pair = read_list(item, "score poignée")
    if len(pair) != 2:
        raise NotationError(
            f"invalid score poignée {quote(item)}: expected [seat, 'single'|'double'|'triple']"
        )
    return (
        read_int(pair[0], "score poignée seat"),
        Poignee.parse(read_str(pair[1], "score poignée")),
    )


def score_deal(
    rules: Rules,
    *,
    contract: Contract,
    taker: int,
    partner: int | None = None,
    points: Fraction | int,
    bouts: int,
    last_trick_petit: int | None = None,
    poignees: Iterable[tuple[int, Poignee]] = (),
    slam_announced: bool = False,
    slam: int | None = None,
) -> Score:
    """Score a finished French deal from what happened in it.

    The figures are taken as they are: each is checked for its type and range, not against
    the others (a real deal, played out by :class:`~cardgames.tarot.state.State`, is always
    consistent).

    :param rules: French rules (``bidding`` set, as in every French preset), for 3, 4 or 5
        players; their ``round_margin`` decides how the margin is counted.
    :param contract: the contract the taker won the bidding with.
    :param taker: the taker's seat.
    :param partner: the seat holding the called card at five players, None when the taker
        plays alone; always None without the called King.
    :param points: the attack's card points at the end of the deal, dog included when it
        counts for the attack (an int or a Fraction from 0 to the pack's 91, in half points).
    :param bouts: how many bouts the attack ends with, 0 to 3.
    :param last_trick_petit: which side won the last trick with trump 1 in it,
        :data:`ATTACK` (0) or :data:`DEFENCE` (1); None when trump 1 was not in it.
    :param poignees: the poignées shown, ``(seat, Poignee)`` pairs, at most one per seat.
    :param slam_announced: whether the taker announced a slam.
    :param slam: the side that won every trick, :data:`ATTACK` or :data:`DEFENCE`, or None.
    :raises RulesError: for an argument of the wrong type or out of range, quoting it.

    A garde contre failed by one half point, rounded to a whole point, at three players:

    >>> from cardgames.tarot.contracts import Contract
    >>> from cardgames.tarot.rules import Rules
    >>> score = score_deal(Rules.french(players=3), contract=Contract.GARDE_CONTRE, taker=0,
    ...                    points=Fraction(71, 2), bouts=3)
    >>> score.made, score.margin, score.total, score.payoffs
    (False, Fraction(1, 1), Fraction(-156, 1), (Fraction(-312, 1), Fraction(156, 1), \
Fraction(156, 1)))

    Keeping the half point instead:

    >>> rules = attrs.evolve(Rules.french(players=3), round_margin=False)
    >>> score_deal(rules, contract=Contract.GARDE_CONTRE, taker=0, points=Fraction(71, 2),
    ...            bouts=3).total
    Fraction(-153, 1)
    >>> score_deal(rules, contract=Contract.PRISE, taker=5, points=50, bouts=1)
    Traceback (most recent call last):
    ...
    cardgames.errors.RulesError: invalid taker 5: expected an int from 0 to 2
    """
    rules = _check_rules(rules)
    if not rules.bidding:
        raise RulesError(
            f"invalid rules {quote(str(rules))} for score_deal: French scoring needs "
            "bidding=yes (for example Rules.french(players=4))"
        )
    players = check_int(
        rules.players,
        "players for French scoring",
        low=_MIN_PLAYERS,
        high=_MAX_PLAYERS,
        expected="3, 4 or 5",
    )
    if not isinstance(contract, Contract):
        raise RulesError(
            f"invalid contract {quote(contract)}: expected a cardgames.tarot.contracts.Contract"
        )
    check_seat(taker, players, "taker")
    _check_partner(partner, taker, players, partner_allowed=rules.called_king)
    counted = _check_points(points, rules.pack_total, "points", step=rules.group_size)
    check_int(bouts, "bouts", low=0, high=3)
    _check_side(last_trick_petit, "last_trick_petit")
    pairs = _pairs(poignees)
    if not isinstance(pairs, tuple):
        raise RulesError(
            f"invalid poignées {quote(poignees)}: expected a sequence of (seat, Poignee) pairs"
        )
    _check_poignees(pairs, players, "poignées", shown=poignees)
    check_bool(slam_announced, "slam_announced")
    _check_side(slam, "slam")
    figures = _work_out(
        players,
        rules.round_margin,
        contract,
        taker,
        partner,
        counted,
        bouts,
        last_trick_petit,
        pairs,
        slam_announced,
        slam,
    )
    return Score(
        contract=contract,
        taker=taker,
        partner=partner,
        bouts=bouts,
        points=counted,
        poignees=pairs,
        slam_announced=slam_announced,
        slam=None if slam is None else _SIDES[slam],
        **figures,
    )


def _work_out(
    players: int,
    round_margin: bool,
    contract: Contract,
    taker: int,
    partner: int | None,
    points: Fraction,
    bouts: int,
    petit: int | None,
    poignees: tuple[tuple[int, Poignee], ...],
    slam_announced: bool,
    slam: int | None,
) -> dict[str, Any]:
    # Every figure of a Score that follows from what happened in the deal.
    needed = target(bouts)
    made = points >= needed
    margin = abs(points - needed)
    if round_margin:
        margin = Fraction(math.ceil(margin))
    multiplier = contract.multiplier
    sign = 1 if made else -1
    contract_score = sign * (BASE + margin) * multiplier
    petit_au_bout = (
        0 if petit is None else (1 if petit == ATTACK else -1) * PETIT_AU_BOUT * multiplier
    )
    poignee_bonus = sign * sum(level.bonus for _, level in poignees)
    if slam == DEFENCE:
        slam_bonus = _SLAM_BONUS["announced-failed" if slam_announced else "defence"]
    elif slam == ATTACK:
        slam_bonus = _SLAM_BONUS["announced-made" if slam_announced else "made"]
    else:
        slam_bonus = _SLAM_BONUS["announced-failed"] if slam_announced else 0
    total = contract_score + petit_au_bout + poignee_bonus + slam_bonus
    return {
        "target": needed,
        "made": made,
        "margin": margin,
        "petit_au_bout": petit_au_bout,
        "poignee_bonus": poignee_bonus,
        "slam_bonus": slam_bonus,
        "multiplier": multiplier,
        "contract_score": contract_score,
        "total": total,
        "payoffs": _shares(players, taker, partner, total),
    }


def _shares(players: int, taker: int, partner: int | None, total: Fraction) -> tuple[Fraction, ...]:
    # Each defender pays the total; the partner (five players) collects one share and the
    # taker the rest, so the payoffs add up to zero.
    defenders = players - 1 - (partner is not None)
    payoffs = [-total] * players
    payoffs[taker] = total * (defenders - (partner is not None))
    if partner is not None:
        payoffs[partner] = total
    return tuple(payoffs)


# -- argument checks -----------------------------------------------------------------------------


def _check_partner(
    partner: object, taker: int, players: int, *, partner_allowed: bool, what: str = "partner"
) -> None:
    if partner is None:
        return
    if not partner_allowed:
        raise RulesError(
            f"invalid {what} {quote(partner)}: only the called King at five players gives the "
            "taker a partner (expected None)"
        )
    check_seat(partner, players, what)
    if partner == taker:
        raise RulesError(
            f"invalid {what} {quote(partner)}: that is the taker's own seat (a taker who holds "
            "the called card plays alone: partner None)"
        )


def _check_points(value: object, most: Fraction | int, what: str, step: int | None) -> Fraction:
    # ``value`` as a Fraction if it is an int (never a bool) or a Fraction in range.
    number = Fraction(value) if type(value) is int else value
    if (
        not isinstance(number, Fraction)
        or not 0 <= number <= most
        or (step is not None and (number * step).denominator != 1)
    ):
        steps = "" if step is None else f" in steps of 1/{step}"
        raise RulesError(
            f"invalid {what} {quote(value)}: expected an int or a Fraction from 0 to "
            f"{_text(Fraction(most))}{steps}"
        )
    return number


def _check_side(value: object, what: str) -> None:
    if value is not None and (type(value) is not int or value not in (ATTACK, DEFENCE)):
        raise RulesError(f"invalid {what} {quote(value)}: expected ATTACK (0), DEFENCE (1) or None")


def _check_poignees(value: object, players: int, what: str, shown: object = None) -> None:
    # ``shown`` is the value as the caller gave it, for the messages.
    given = quote(value if shown is None else shown)
    if not isinstance(value, tuple):
        raise RulesError(f"invalid {what} {given}: expected (seat, Poignee) pairs")
    seen: set[int] = set()
    for pair in value:
        if not isinstance(pair, tuple) or len(pair) != 2 or not isinstance(pair[1], Poignee):
            raise RulesError(f"invalid {what} {given}: {quote(pair)} is not a (seat, Poignee) pair")
        seat = check_seat(pair[0], players, "poignée seat")
        if seat in seen:
            raise RulesError(
                f"invalid {what} {given}: seat {seat} shows two poignées (one at most)"
            )
        seen.add(seat)


# -- text ----------------------------------------------------------------------------------------


def _text(value: Fraction | int) -> str:
    # A number for people: whole, or with its fraction sign (40½), never a float.
    from cardgames.render import format_points

    return format_points(value)


def _signed(value: Fraction | int) -> str:
    return f"+{_text(value)}" if value > 0 else _text(value)


def _quoted(value: object) -> str:
    # A figure in a message, numbers written as the records write them ("a/b").
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, tuple):
        return "(" + ", ".join(_quoted(item) for item in value) + ")"
    return quote(value)
