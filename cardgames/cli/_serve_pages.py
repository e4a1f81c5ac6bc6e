"""The pages of ``cardgames serve`` (:mod:`cardgames.cli.serve`): the form that starts a deal,
the table a person plays at, and the messages; plain HTML with forms and no script, so that
every click is a request the server checks.

What the person sees of the deal is what the terminal shows at ``cardgames play --human``
(:mod:`cardgames.cli.human`): the seat's own picture of the table, which shows only what that
seat knows, the moves told as they are made, and the legal moves, here as buttons.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Final

import attrs

__all__ = [
    "PAGE_POLICY",
    "DealPage",
    "StartForm",
    "message_page",
    "play_page",
    "progress_page",
    "start_page",
]

PAGE_POLICY: Final = (
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
    "img-src data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
)
"""The content security policy of every page served: nothing is fetched from anywhere, forms
go back to the server only, and no other site may frame a page."""

_STYLE: Final = """
body { font-family: "DejaVu Sans", Arial, Helvetica, sans-serif; max-width: 1100px;
  margin: 0 auto; padding: 12px 18px 40px; color: #1b1b1b; background: #fbfcfc; }
h1 { font-size: 1.4em; }
pre.table { background: #fff; border: 1px solid #d5d8dc; padding: 10px; font-size: 15px;
  line-height: 1.25; overflow-x: auto; }
.moves { display: flex; flex-wrap: wrap; gap: 6px; margin: 8px 0; }
.moves button { font-size: 1.15em; min-width: 3.2em; padding: 10px 8px; border: 1px solid #555;
  border-radius: 7px; background: #fff; cursor: pointer; }
.moves button.red { color: #c0392b; }
.moves button:hover { background: #fff4cc; }
.actions { display: flex; gap: 8px; margin: 10px 0; flex-wrap: wrap; }
.actions button, .actions a { font-size: 1em; padding: 5px 12px; }
.message { background: #eaf2f8; border-left: 4px solid #1f4e9c; padding: 6px 10px;
  white-space: pre-wrap; }
.error { background: #fdedec; border-left: 4px solid #c0392b; padding: 6px 10px; }
.log { font-family: monospace; white-space: pre-wrap; font-size: 0.95em; }
label { display: block; margin: 8px 0 2px; font-weight: bold; }
input, select { font-size: 1em; padding: 3px; }
.note { color: #5d6d7e; font-size: 0.92em; }
"""


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def _page(title: str, body: str, refresh: int | None = None) -> str:
    again = f'<meta http-equiv="refresh" content="{refresh}">' if refresh else ""
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{PAGE_POLICY}">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"{again}<title>{_esc(title)}</title><style>{_STYLE}</style></head><body>"
        f"{body}</body></html>\n"
    )


@attrs.frozen
class StartForm:
    """What the start form shows: the games to choose from (name, title, default rules), and
    what was typed last (after an error)."""

    games: tuple[tuple[str, str, str], ...]
    game: str = "tarot"
    rules: str = ""
    seat: str = "0"
    seed: str = "1"
    bots: str = ""
    error: str = ""


def start_page(form: StartForm) -> str:
    """The page that starts a deal."""
    options = "".join(
        f'<option value="{_esc(name)}"{" selected" if name == form.game else ""}>'
        f"{_esc(title)}</option>"
        for name, title, _ in form.games
    )
    rules = ", ".join(f"{title}: {default}" for _, title, default in form.games)
    error = f'<p class="error" role="alert">{_esc(form.error)}</p>' if form.error else ""
    body = (
        "<h1>Play a deal against the library's bots</h1>"
        f"{error}"
        '<form method="post" action="/deal">'
        f'<label for="game">Game</label><select id="game" name="game">{options}</select>'
        '<label for="rules">Rules (empty: the game\'s default)</label>'
        f'<input id="rules" name="rules" value="{_esc(form.rules)}" size="30">'
        f'<p class="note">Defaults: {_esc(rules)}. Tarot also reads traditional-4, '
        "simplified-3, french-5 and the like.</p>"
        '<label for="seat">Your seat</label>'
        f'<input id="seat" name="seat" value="{_esc(form.seat)}" size="4">'
        '<label for="seed">Seed (the same seed, the same deal)</label>'
        f'<input id="seed" name="seed" value="{_esc(form.seed)}" size="12">'
        '<label for="bots">Bots in the other seats, in seat order (empty: rule bots)</label>'
        f'<input id="bots" name="bots" value="{_esc(form.bots)}" size="30">'
        '<p class="note">random, rule or pimc (pimc:worlds=8 and the like), separated by '
        "commas.</p>"
        '<p><button type="submit" id="start">Deal</button></p></form>'
    )
    return _page("cardgames: a new deal", body)


@attrs.frozen
class DealPage:
    """What the page of a deal under way shows.

    :param key: the deal's key in the server's addresses.
    :param revision: how many times the deal has changed (a form from an older page is
        refused, so a second tab cannot play into a deal it does not show).
    :param heading: the game, rules, seed and the person's seat.
    :param picture: the person's picture of the table (what the seat knows).
    :param log: what happened so far, a line a move or event.
    :param moves: the legal moves' labels, in order (empty when it is not the person's turn).
    :param message: a hint or a notice to show.
    :param can_undo: whether undo has something to take back.
    :param result: the result, once the deal is over.
    :param saved: where the record was written, if it was.
    """

    key: str
    revision: int
    heading: str
    picture: str
    log: tuple[str, ...]
    moves: tuple[str, ...]
    message: str = ""
    can_undo: bool = False
    result: str = ""
    saved: str = ""


def play_page(page: DealPage) -> str:
    """The page of a deal under way, or over."""
    hidden = f'<input type="hidden" name="revision" value="{page.revision}">'
    parts = [f"<h1>{_esc(page.heading)}</h1>"]
    if page.message:
        parts.append(f'<p class="message" role="status">{_esc(page.message)}</p>')
    parts.append(f'<pre class="table" id="table">{_esc(page.picture)}</pre>')
    if page.moves:
        buttons = "".join(_move_button(number, label) for number, label in enumerate(page.moves))
        parts.append(
            f'<form method="post" action="/deal/{page.key}/move"><p>Your move:</p>{hidden}'
            f'<div class="moves" id="moves">{buttons}</div></form>'
        )
    actions = []
    if page.moves:
        actions.append(_action(page, "hint", "Hint", "the move a PIMC bot would choose"))
    if page.can_undo:
        actions.append(_action(page, "undo", "Undo", "back to your previous turn"))
    if page.result:
        parts.append(f'<p class="message" id="result">{_esc(page.result)}</p>')
        actions.append(f'<a id="review" href="/deal/{page.key}/review">Review this deal</a>')
        actions.append(f'<a href="/deal/{page.key}/record.json">The record (JSON)</a>')
    actions.append('<a href="/">A new deal</a>')
    parts.append(f'<div class="actions">{"".join(actions)}</div>')
    if page.saved:
        parts.append(f'<p class="note">Saved: {_esc(page.saved)}</p>')
    if page.log:
        recent = "\n".join(page.log[-14:])
        parts.append(f'<h2>What happened</h2><div class="log" id="log">{_esc(recent)}</div>')
        if len(page.log) > 14:
            parts.append(
                '<details><summary>Every move</summary><div class="log">'
                f"{_esc(chr(10).join(page.log))}</div></details>"
            )
    return _page(page.heading, "".join(parts))


def _action(page: DealPage, name: str, label: str, title: str) -> str:
    return (
        f'<form method="post" action="/deal/{page.key}/{name}">'
        f'<input type="hidden" name="revision" value="{page.revision}">'
        f'<button type="submit" id="{name}" title="{_esc(title)}">{_esc(label)}</button></form>'
    )


def _move_button(number: int, label: str) -> str:
    red = ' class="red"' if any(symbol in label for symbol in "♥♦") else ""
    return (
        f'<button type="submit" name="move" value="{number}"{red} data-move="{_esc(label)}">'
        f"{_esc(label)}</button>"
    )


def progress_page(key: str, done: int, total: int) -> str:
    """The page shown while the review of a finished deal is worked out; it asks again every
    two seconds."""
    body = (
        "<h1>Reviewing the deal…</h1>"
        f'<p id="progress">{done} of {total} moves judged. This page reloads by itself.</p>'
        f'<p><a href="/deal/{key}">Back to the deal</a></p>'
    )
    return _page("cardgames: reviewing", body, refresh=2)


def message_page(title: str, lines: Sequence[str], back: str = "/") -> str:
    """A short page for a refusal or an error, with a way back."""
    text = "".join(f"<p>{_esc(line)}</p>" for line in lines)
    return _page(
        title,
        f'<h1>{_esc(title)}</h1><div class="error">{text}</div>'
        f'<p><a href="{_esc(back)}">Back</a></p>',
    )
