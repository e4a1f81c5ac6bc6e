"""The written forms of a Chase the Tailor view: the text of its snapshots and events, its
one-line text, its JSON data and its plain picture, and their readers (what
:class:`cardgames.tailor.view.View`, :class:`~cardgames.tailor.view.Snapshot` and
:class:`~cardgames.tailor.view.Event` call). The readers are handed the classes to build.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from cardgames import _json
from cardgames.cards import Card
from cardgames.cardset import CardSet
from cardgames.errors import NotationError, RulesError
from cardgames.tailor._position_text import format_top, parse_top
from cardgames.tailor.moves import parse_move
from cardgames.tailor.rules import Rules
from cardgames.validation import is_ascii_digits, quote

if TYPE_CHECKING:
    from cardgames.tailor.view import Event, Snapshot, View

_FORMAT: Final = "cardgames-view"


def snapshot_text(snapshot: Snapshot) -> str:
    """A snapshot's text: twelve fields split by ``/``."""
    drawn = (
        "-"
        if not snapshot.drawn_pending
        else ("?" if snapshot.drawn is None else str(snapshot.drawn))
    )
    return "/".join(
        (
            str(snapshot.hand) or "-",
            ",".join(map(str, snapshot.hand_sizes)),
            " ".join(map(str, snapshot.pile)),
            format_top(snapshot.top),
            "cw" if snapshot.direction == 1 else "ccw",
            str(snapshot.to_move),
            "on" if snapshot.chase_active else "off",
            drawn,
            str(snapshot.stock_size),
            str(snapshot.passes),
            str(snapshot.turns),
            str(snapshot.reshuffles),
        )
    )


def parse_snapshot(cls: type[Snapshot], text: str) -> Snapshot:
    """Read :func:`snapshot_text`'s text."""
    parts = text.split("/")
    if len(parts) != 12:
        raise NotationError(f"invalid snapshot {quote(text)}: expected 12 fields split by /")
    hand, sizes, pile, top, direction, to_move, chase, drawn = parts[:8]
    if direction not in ("cw", "ccw") or chase not in ("on", "off"):
        raise NotationError(f"invalid snapshot {quote(text)}: direction cw/ccw, chase on/off")
    return cls(
        hand=CardSet() if hand == "-" else CardSet.parse(hand),
        hand_sizes=tuple(_int(size) for size in sizes.split(",")),
        pile=tuple(Card.parse(card) for card in pile.split()),
        top=parse_top(top),
        direction=1 if direction == "cw" else -1,
        to_move=_int(to_move),
        chase_active=chase == "on",
        drawn=None if drawn in ("-", "?") else Card.parse(drawn),
        drawn_pending=drawn != "-",
        stock_size=_int(parts[8]),
        passes=_int(parts[9]),
        turns=_int(parts[10]),
        reshuffles=_int(parts[11]),
    )


def event_text(event: Event) -> str:
    """An event's text: eight fields split by ``/``."""
    draws = "+".join(f"{seat}x{count}" for seat, count in event.draws) or "-"
    reshuffled = "-" if event.reshuffled is None else str(event.reshuffled)
    return "/".join(
        (
            str(event.player),
            str(event.move),
            format_top(event.top),
            "w" if event.waiting else "-",
            draws,
            reshuffled,
            "p" if event.pending else "-",
            str(event.seen) or "-",
        )
    )


def parse_event(cls: type[Event], text: str) -> Event:
    """Read :func:`event_text`'s text."""
    parts = text.split("/")
    if len(parts) != 8:
        raise NotationError(f"invalid event {quote(text)}: expected 8 fields split by /")
    draws = []
    if parts[4] != "-":
        for group in parts[4].split("+"):
            seat, x, count = group.partition("x")
            if not x:
                raise NotationError(f"invalid draws {quote(group)}: expected SEATxCOUNT")
            draws.append((_int(seat), _int(count)))
    reshuffled = None
    if parts[5] != "-":
        try:
            reshuffled = CardSet.parse(parts[5])
        except NotationError:
            reshuffled = None
        if not reshuffled:
            raise NotationError(
                f"invalid reshuffle {quote(parts[5])}: expected - (none) or the cards of "
                "the new stock"
            )
    if parts[3] not in ("w", "-") or parts[6] not in ("p", "-"):
        raise NotationError(
            f"invalid event {quote(text)}: expected w or - before the draws, p or - "
            "after the reshuffle"
        )
    return cls(
        player=_int(parts[0]),
        move=parse_move(parts[1]),
        top=parse_top(parts[2]),
        waiting=parts[3] == "w",
        draws=tuple(draws),
        reshuffled=reshuffled,
        pending=parts[6] == "p",
        seen=CardSet() if parts[7] == "-" else CardSet.parse(parts[7]),
    )


def to_text(view: View) -> str:
    """The view's one-line text (``str(view)``), read back by :func:`parse`."""
    events = ", ".join(event_text(event) for event in view.events) or "-"
    return (
        f"rules: {view.rules}; seat: {view.seat}; now: {snapshot_text(view.now)}; "
        f"start: {snapshot_text(view.start)}; events: {events}"
    )


def parse(cls: type[View], snapshot: type[Snapshot], event: type[Event], text: str) -> View:
    """Read a view written by ``str(view)``.

    :raises NotationError: if the text is not a view.
    """
    if not isinstance(text, str):
        raise NotationError(f"invalid Tailor view {quote(text)}: expected a str")
    names = ("rules", "seat", "now", "start", "events")
    parts = text.split("; ")
    try:
        if len(parts) != len(names):
            raise NotationError(f"expected the sections {', '.join(names)}")
        values = {}
        for name, part in zip(names, parts, strict=True):
            label, colon, value = part.partition(": ")
            if label != name or not colon:
                raise NotationError(f"expected the section {name!r}, got {quote(part)}")
            values[name] = value
        events = values["events"]
        return cls(
            rules=Rules.parse(values["rules"]),
            seat=_int(values["seat"]),
            now=parse_snapshot(snapshot, values["now"]),
            start=parse_snapshot(snapshot, values["start"]),
            events=()
            if events == "-"
            else tuple(parse_event(event, e) for e in events.split(", ")),
        )
    except (RulesError, NotationError, ValueError) as error:
        raise NotationError(f"invalid Tailor view {quote(text)}: {error}") from None


def to_dict(view: View) -> dict[str, Any]:
    """The view as JSON-ready data (read back by :meth:`from_dict`)."""
    return {
        "format": _FORMAT,
        "version": 1,
        "game": "tailor",
        "rules": str(view.rules),
        "seat": view.seat,
        "now": snapshot_text(view.now),
        "start": snapshot_text(view.start),
        "events": [event_text(event) for event in view.events],
    }


def from_dict(
    cls: type[View], snapshot: type[Snapshot], event: type[Event], data: Mapping[str, Any] | str
) -> View:
    """Read :meth:`to_dict`'s data (a JSON text is accepted too).

    :raises NotationError: if the text is not JSON (nested too deeply included) or the
        data is not a Chase the Tailor view.
    """
    if isinstance(data, str):
        data = _json.loads(data, "Tailor view data")
    try:
        if not isinstance(data, Mapping):
            raise NotationError("expected a JSON object")
        if data.get("format") != _FORMAT or data.get("game") != "tailor":
            raise NotationError("expected format 'cardgames-view' and game 'tailor'")
        events = data["events"]
        if not isinstance(events, list):
            raise NotationError(f"expected the events as a list, got {quote(events)}")
        return cls(
            rules=Rules.parse(data["rules"]),
            seat=data["seat"],
            now=parse_snapshot(snapshot, _text(data["now"], "now")),
            start=parse_snapshot(snapshot, _text(data["start"], "start")),
            events=tuple(parse_event(event, _text(text, "event")) for text in events),
        )
    except (RulesError, NotationError, KeyError, TypeError, ValueError) as error:
        raise NotationError(f"invalid Tailor view data {quote(data)}: {error}") from None


def to_unicode(view: View) -> str:
    """A plain picture of the view: the seat's hand, the table, the others' sizes."""
    now = view.now
    top = "anything" if now.top is None else str(now.top)
    lines = [
        f"Chase the Tailor {view.rules}: seat {view.seat}'s view, seat {now.to_move} to move"
        f" ({'clockwise' if now.direction == 1 else 'anticlockwise'}"
        f"{', chase on' if now.chase_active else ''})",
        f"Hand: {now.hand.to_unicode() or '-'}"
        + (f" (drawn {now.drawn.to_unicode()})" if now.drawn is not None else ""),
        f"Pile: {now.pile[-1].to_unicode()} showing, {len(now.pile)} cards; follow {top}",
        f"Stock: {now.stock_size} cards",
    ]
    for seat, size in enumerate(now.hand_sizes):
        if seat != view.seat:
            lines.append(f"Seat {seat}: {size} cards")
    return "\n".join(lines)


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise NotationError(f"invalid {what} {quote(value)}: expected a string")
    return value


def _int(text: str) -> int:
    if not is_ascii_digits(text.removeprefix("-")) or len(text) > 20:
        raise NotationError(f"invalid number {quote(text)}")
    return int(text)
