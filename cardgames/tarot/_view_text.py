"""The written forms of a Tarot view: its one-line text, its JSON data and its plain picture,
and their readers (what :class:`cardgames.tarot.view.View`'s ``str``, :meth:`parse`,
:meth:`to_dict`, :meth:`from_dict` and :meth:`to_unicode` call).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from cardgames import _json
from cardgames.errors import NotationError, RulesError
from cardgames.tarot._notation import format_holding, parse_holding
from cardgames.tarot.cards import TarotCard, TarotCardSet
from cardgames.tarot.contracts import Bid, Poignee
from cardgames.tarot.rules import Rules
from cardgames.tarot.state import Phase, Trick
from cardgames.validation import ascii_lower, is_ascii_digits, quote

if TYPE_CHECKING:
    from cardgames.tarot.view import View

_FORMAT: Final = "cardgames-view"
_FIELDS: Final = tuple(
    [
        "seat",
        "dealer",
        "phase",
        "move",
        "hand",
        "sizes",
        "discard",
        "talon",
        "won",
        "trumps",
        "tricks",
        "trick",
    ]
)
_FRENCH_FIELDS: Final = ("bids", "called", "slam", "poignees", "shown")


def to_text(view: View) -> str:
    """The view's one-line text (``str(view)``), read back by :func:`parse`."""
    discard = f"?{view.discard_size}" if view.discard is None else _holding(view.discard)
    talon = "?" if view.talon is None else _holding(view.talon)
    tricks = "/".join(_trick_text(t) for t in view.tricks) or "-"
    words = [
        str(view.rules),
        f"seat:{view.seat}",
        f"dealer:{view.dealer}",
        f"phase:{view.phase.value}",
        f"move:{view.to_move}",
        f"hand:{_holding(view.hand)}",
        "sizes:" + ",".join(map(str, view.hand_sizes)),
        f"discard:{discard}",
        f"talon:{talon}",
        "won:" + "/".join(_holding(pile) for pile in view.won),
        f"trumps:{'yes' if view.trumps_played else 'no'}",
        f"tricks:{tricks}",
        f"trick:{view.trick.leader}:{_trick_text(view.trick, winner=False) or '-'}",
    ]
    if view.rules.bidding:
        slam = {None: "-", True: "yes", False: "no"}[view.slam_announced]
        poignees = "/".join(
            f"{seat}={level.value}={_holding(shown)}"
            for (seat, level), shown in zip(view.poignees, view.poignee_shown, strict=True)
        )
        words += [
            "bids:" + (",".join(str(bid) for bid in view.bids) or "-"),
            f"called:{'-' if view.called is None else view.called}",
            f"slam:{slam}",
            f"poignees:{poignees or '-'}",
            f"shown:{_holding(view.discard_shown)}",
        ]
    return " ".join(words)


def parse(cls: type[View], text: str) -> View:
    """Read a view written by ``str(view)``.

    :raises NotationError: if the text is not a view.
    """
    if not isinstance(text, str):
        raise NotationError(f"invalid Tarot view {quote(text)}: expected a str")
    marker = text.find(" seat:")
    if marker < 0:
        raise NotationError(f"invalid Tarot view {quote(text)}: expected RULES seat:...")
    fields: dict[str, str] = {}
    for word in text[marker:].split():
        name, colon, value = word.partition(":")
        if not colon or name in fields:
            raise NotationError(f"invalid Tarot view {quote(text)}: bad field {quote(word)}")
        fields[name] = value
    try:
        return _from_fields(cls, text[:marker].strip(), fields)
    except (RulesError, KeyError, ValueError) as error:
        raise NotationError(f"invalid Tarot view {quote(text)}: {error}") from None


def _from_fields(cls: type[View], rules_text: str, fields: Mapping[str, str]) -> View:
    rules = Rules.parse(rules_text)
    expected = _FIELDS + (_FRENCH_FIELDS if rules.bidding else ())
    if sorted(fields) != sorted(expected):
        raise NotationError(f"expected the fields {', '.join(expected)}")
    discard_text = fields["discard"]
    if discard_text.startswith("?"):
        discard, size = None, _int(discard_text[1:])
    else:
        discard = parse_holding(discard_text)
        size = len(discard)
    talon = None if fields["talon"] == "?" else parse_holding(fields["talon"])
    trumps = {"yes": True, "no": False}.get(ascii_lower(fields["trumps"]))
    if trumps is None:
        raise NotationError(f"trumps must be yes or no, not {quote(fields['trumps'])}")
    tricks = (
        ()
        if fields["tricks"] == "-"
        else tuple(_parse_trick(part) for part in fields["tricks"].split("/"))
    )
    leader, colon, cards = fields["trick"].partition(":")
    if not colon:
        raise NotationError(f"invalid trick {quote(fields['trick'])}: expected LEADER:CARDS")
    trick = _parse_trick(cards, leader=_int(leader), complete=False)
    french: dict[str, Any] = {}
    if rules.bidding:
        french = _french_fields(fields)
    return cls(
        rules=rules,
        seat=_int(fields["seat"]),
        dealer=_int(fields["dealer"]),
        phase=Phase(fields["phase"]),
        to_move=_int(fields["move"]),
        hand=parse_holding(fields["hand"]),
        hand_sizes=tuple(_int(s) for s in fields["sizes"].split(",")),
        discard=discard,
        discard_size=size,
        talon=talon,
        trick=trick,
        tricks=tricks,
        won=tuple(parse_holding(part) for part in fields["won"].split("/")),
        trumps_played=trumps,
        **french,
    )


def to_dict(view: View) -> dict[str, Any]:
    """The view as JSON-ready data (read back by :meth:`from_dict`); ``void_suits`` and
    ``out_of_trumps`` (under French rules ``max_trump``, ``partner_known`` and
    ``partner`` too) are included for convenience."""
    data = {
        "format": _FORMAT,
        "version": 1,
        "game": "tarot",
        "rules": str(view.rules),
        "seat": view.seat,
        "dealer": view.dealer,
        "phase": view.phase.value,
        "to_move": view.to_move,
        "hand": _holding(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "discard": None if view.discard is None else _holding(view.discard),
        "discard_size": view.discard_size,
        "talon": None if view.talon is None else _holding(view.talon),
        "trick": _trick_dict(view.trick),
        "tricks": [_trick_dict(t) for t in view.tricks],
        "won": [_holding(pile) for pile in view.won],
        "trumps_played": view.trumps_played,
        "void_suits": [sorted(str(s) for s in voids) for voids in view.void_suits],
        "out_of_trumps": list(view.out_of_trumps),
    }
    if view.rules.bidding:
        data.update(
            {
                "bids": [str(bid) for bid in view.bids],
                "called": None if view.called is None else str(view.called),
                "slam_announced": view.slam_announced,
                "poignees": [
                    {"seat": seat, "poignee": level.value, "cards": _holding(shown)}
                    for (seat, level), shown in zip(view.poignees, view.poignee_shown, strict=True)
                ],
                "discard_shown": _holding(view.discard_shown),
                "max_trump": list(view.max_trump),
                "partner_known": view.partner_known,
                "partner": view.partner,
            }
        )
    return data


def from_dict(cls: type[View], data: Mapping[str, Any] | str) -> View:
    """Read :meth:`to_dict`'s data (a JSON text is accepted too).

    :raises NotationError: if the text is not JSON (nested too deeply included) or the
        data is not a Tarot view.
    """
    if isinstance(data, str):
        data = _json.loads(data, "Tarot view data")
    try:
        if not isinstance(data, Mapping):
            raise NotationError("expected a JSON object")
        if data.get("format") != _FORMAT or data.get("game") != "tarot":
            raise NotationError("expected format 'cardgames-view' and game 'tarot'")
        rules = Rules.parse(data["rules"])
        french: dict[str, Any] = {}
        if rules.bidding:
            poignees = data["poignees"]
            if not isinstance(poignees, list):
                raise NotationError("expected the poignees as a list")
            called = data["called"]
            french = {
                "bids": tuple(Bid.parse(bid) for bid in data["bids"]),
                "called": None if called is None else TarotCard.parse(called),
                "slam_announced": data["slam_announced"],
                "poignees": tuple((item["seat"], Poignee(item["poignee"])) for item in poignees),
                "poignee_shown": tuple(parse_holding(item["cards"]) for item in poignees),
                "discard_shown": parse_holding(data["discard_shown"]),
            }
        view = cls(
            rules=rules,
            seat=data["seat"],
            dealer=data["dealer"],
            phase=Phase(data["phase"]),
            to_move=data["to_move"],
            hand=parse_holding(data["hand"]),
            hand_sizes=tuple(data["hand_sizes"]),
            discard=None if data["discard"] is None else parse_holding(data["discard"]),
            discard_size=data["discard_size"],
            talon=None if data["talon"] is None else parse_holding(data["talon"]),
            trick=_trick_from_dict(data["trick"]),
            tricks=tuple(_trick_from_dict(t) for t in data["tricks"]),
            won=tuple(parse_holding(pile) for pile in data["won"]),
            trumps_played=data["trumps_played"],
            **french,
        )
    except (RulesError, KeyError, TypeError, ValueError, AttributeError) as error:
        raise NotationError(f"invalid Tarot view data {quote(data)}: {error}") from None
    return view


def to_unicode(view: View) -> str:
    """A plain picture of the view: the seat's hand, the table, what is known of the
    others."""
    rules = view.rules
    lines = [
        f"Tarot {rules}: seat {view.seat}'s view (dealer {view.dealer}), "
        f"{view.phase.value}, seat {view.to_move} to move",
        f"Hand: {view.hand.to_unicode() or '-'}",
    ]
    if rules.bidding:
        lines.extend(_french_lines(view))
    if view.discard is not None:
        lines.append(f"Discard: {view.discard.to_unicode() or '-'}")
    elif view.discard_shown:
        lines.append(
            f"Discard: {view.discard_size} cards, trumps shown {view.discard_shown.to_unicode()}"
        )
    elif not rules.bidding or view.discard_size:
        lines.append(f"Discard: {view.discard_size} hidden cards")
    for p in range(rules.players):
        if p == view.seat:
            continue
        known = []
        if view.void_suits[p]:
            known.append("void in " + " ".join(s.to_unicode() for s in sorted(view.void_suits[p])))
        if view.out_of_trumps[p]:
            known.append("no trumps")
        elif view.max_trump[p] < 21:
            known.append(f"no trump above {view.max_trump[p]}")
        note = f" ({', '.join(known)})" if known else ""
        lines.append(f"Seat {p}: {view.hand_sizes[p]} cards{note}")
    played = " ".join(
        f"{seat}:{card.to_unicode()}"
        for seat, card in zip(view.trick.players, view.trick.cards, strict=True)
    )
    lines.append(f"Trick (led by {view.trick.leader}): {played or '-'}")
    lines.append(f"Tricks played: {len(view.tricks)}")
    return "\n".join(lines)


def _french_lines(view: View) -> list[str]:
    lines = ["Bids: " + (", ".join(str(bid) for bid in view.bids) or "-")]
    taker = view.taker
    if taker is not None:
        contract = view.contract
        assert contract is not None
        line = f"Taker: seat {taker}, {contract.value}"
        if view.called is not None:
            line += f", called {view.called.to_unicode()}"
            if not view.partner_known:
                line += " (partner unknown)"
            elif view.partner is None:
                line += " (alone)"
            else:
                line += f" (partner: seat {view.partner})"
        if view.slam_announced:
            line += ", slam announced"
        lines.append(line)
    if view.talon is not None:
        lines.append(f"Dog: {view.talon.to_unicode() or '-'}")
    for (seat, level), shown in zip(view.poignees, view.poignee_shown, strict=True):
        lines.append(f"Poignée ({level.value}) of seat {seat}: {shown.to_unicode()}")
    return lines


def _french_fields(fields: Mapping[str, str]) -> dict[str, Any]:
    # The French fields of View.parse.
    bids = () if fields["bids"] == "-" else tuple(Bid.parse(b) for b in fields["bids"].split(","))
    called = None if fields["called"] == "-" else TarotCard.parse(fields["called"])
    word = ascii_lower(fields["slam"])
    if word not in ("-", "yes", "no"):
        raise NotationError(f"slam must be yes, no or -, not {quote(fields['slam'])}")
    slam = None if word == "-" else word == "yes"
    poignees = []
    shown = []
    if fields["poignees"] != "-":
        for part in fields["poignees"].split("/"):
            seat, level, cards = [*part.split("="), "", ""][:3]
            poignees.append((_int(seat), Poignee(level)))
            shown.append(parse_holding(cards))
    return {
        "bids": bids,
        "called": called,
        "slam_announced": slam,
        "poignees": tuple(poignees),
        "poignee_shown": tuple(shown),
        "discard_shown": parse_holding(fields["shown"]),
    }


def _holding(cards: TarotCardSet) -> str:
    return format_holding(cards)


def _int(text: str) -> int:
    if not is_ascii_digits(text) or len(text) > 6:
        raise NotationError(f"invalid number {quote(text)}")
    return int(text)


def _trick_text(trick: Trick, *, winner: bool = True) -> str:
    cards = ",".join(
        f"{card}@{seat}" for seat, card in zip(trick.players, trick.cards, strict=True)
    )
    if winner and trick.winner is not None:
        cards += f">{trick.winner}"
    return cards


def _parse_trick(text: str, *, leader: int | None = None, complete: bool = True) -> Trick:
    body, arrow, won_by = text.partition(">")
    if complete != bool(arrow):
        raise NotationError(f"invalid trick {quote(text)}: a completed trick ends with >WINNER")
    cards: list[TarotCard] = []
    players: list[int] = []
    if body != "-":
        for part in body.split(","):
            card, at, seat = part.partition("@")
            if not at:
                raise NotationError(f"invalid trick card {quote(part)}: expected CARD@SEAT")
            cards.append(TarotCard.parse(card))
            players.append(_int(seat))
    if leader is None:
        if not players:
            raise NotationError(f"invalid trick {quote(text)}: a completed trick has cards")
        leader = players[0]
    return Trick(
        leader=leader,
        cards=tuple(cards),
        players=tuple(players),
        winner=_int(won_by) if arrow else None,
    )


def _trick_dict(trick: Trick) -> dict[str, Any]:
    return {
        "leader": trick.leader,
        "cards": [str(card) for card in trick.cards],
        "players": list(trick.players),
        "winner": trick.winner,
    }


def _trick_from_dict(data: Mapping[str, Any]) -> Trick:
    return Trick(
        leader=data["leader"],
        cards=tuple(TarotCard.parse(card) for card in data["cards"]),
        players=tuple(data["players"]),
        winner=data["winner"],
    )
