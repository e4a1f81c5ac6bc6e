"""``cardgames serve``: play a deal against the library's bots in a browser, then open its
review page.

``cardgames serve [--port P] [--save-dir DIR] [--time-limit S | --node-limit N]`` starts a
small web server on this computer only (127.0.0.1; a free port unless ``--port`` names one)
and prints its address. The first page starts a deal of any registered game: the game, its
rules, your seat, the seed and the bots in the other seats (``random``, ``rule`` or ``pimc``,
as ``cardgames play --bots`` reads them). You then play at the table with the buttons of your
legal moves, with *hint* and *undo* as at the terminal (:mod:`cardgames.cli.human`: the same
bots, the same hint, the same picture of what your seat knows, undo back to your previous
turn). Once the deal is over the server reviews it in the background with
:func:`cardgames.solver.review` (estimates under ``--time-limit`` seconds a move, 0.5 by
default) and the deal's page links to its review page (:meth:`cardgames.solver.Review.to_html`)
and to its record.

The server is the standard library's ``http.server`` (threads, one per request): nothing to
install, and a page to play at needs no more. Each deal has its own unguessable address, and
every form carries the deal's revision, so a second tab (or an old page) cannot play into a
deal it does not show: it is told to reload. A request the server cannot take gets a 4xx
status and a sentence saying why (never a traceback), a request from another site is refused,
and the server writes no file unless ``--save-dir DIR`` names a folder: then each finished
deal's record and review page are written there, under names the server makes up.
"""

from __future__ import annotations

import argparse
import os
import queue
import re
import secrets
import sys
import threading
import time
from collections.abc import Callable, Mapping
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Final
from urllib.parse import parse_qs, urlsplit

import attrs

from cardgames import games
from cardgames.arena.session import HumanDeal
from cardgames.cli import _serve_pages as pages
from cardgames.cli.human import (
    Table,
    bot_names,
    game_table,
    human_moves,
    human_picture,
    make_bots,
    pimc_hint,
)
from cardgames.cli.options import BOT_NAMES, limit_from_args
from cardgames.errors import CardgamesError, RulesError
from cardgames.search.results import Limit
from cardgames.validation import quote

__all__ = ["REVIEW_SECONDS", "ServeApp", "add_parser", "make_server", "run"]

REVIEW_SECONDS: Final = 0.5
"""The time limit of each move's analysis in the review of a finished deal, unless
``--time-limit`` or ``--node-limit`` says otherwise (a whole Tarot deal in about 40 s)."""
MAX_DEALS: Final = 32
"""Deals kept at once; the one left alone longest goes first."""
MAX_BODY: Final = 4096
"""The largest form the server reads, in bytes."""
_KEY: Final = re.compile(r"^[A-Za-z0-9_-]{16}$")
_SEED_LIMIT: Final = 2**63


class _Refused(Exception):
    # A request the server will not take: its status and why.
    def __init__(self, status: HTTPStatus, message: str, back: str = "/") -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.back = back


@attrs.define(eq=False)
class _Deal:
    # One deal under way, with what its page shows beside the deal itself.
    key: str
    number: int
    deal: HumanDeal
    table: Table[Any, Any]
    heading: str
    labels: tuple[str, ...]
    hint: Callable[[Any], tuple[object, str]]
    lock: threading.Lock = attrs.field(factory=threading.Lock)
    revision: int = 0
    message: str = ""
    used: float = attrs.field(factory=time.monotonic)
    review_state: str = "none"  # none, queued, running, done, failed
    review_done: int = 0
    review_page: str = ""
    review_error: str = ""
    saved: list[str] = attrs.field(factory=list)


class ServeApp:
    """The deals under way and what each request does to them, without the HTTP around it
    (see :func:`make_server`).

    :param save_dir: the folder finished deals' records and review pages are written to, or
        None to write nothing.
    :param limit: the limit of each move's analysis in a review.
    """

    def __init__(self, *, save_dir: str | None = None, limit: Limit | None = None) -> None:
        self.save_dir = save_dir
        self.limit = limit if limit is not None else Limit(time=REVIEW_SECONDS)
        self._deals: dict[str, _Deal] = {}
        self._lock = threading.Lock()
        self._count = 0
        self._jobs: queue.Queue[_Deal | None] = queue.Queue()
        self._worker = threading.Thread(target=self._review_jobs, daemon=True)
        self._worker.start()

    # -- starting a deal ------------------------------------------------------------------

    def start_page(self, **typed: str) -> str:
        """The page that starts a deal, with what was typed in its form (after an error, with
        ``error`` the message)."""
        known = tuple(
            (game.name, game.title, str(game.default_rules())) for game in games.registered()
        )
        return pages.start_page(pages.StartForm(games=known, **typed))

    def new_deal(self, form: Mapping[str, str]) -> str:
        """Start a deal from the start form's fields; returns its key.

        :raises CardgamesError: for a field that cannot be read (the message says which).
        """
        game = games.named(form.get("game", "").strip())
        text = form.get("rules", "").strip()
        rules = game.parse_rules(text) if text else game.default_rules()
        players = game.players(rules)
        human = _whole(form.get("seat", ""), "seat", 0, players - 1)
        seed = _whole(form.get("seed", ""), "seed", 0, _SEED_LIMIT - 1)
        names = bot_names(form.get("bots", "").strip() or None, players, human)
        for name in names:
            if name.split(":")[0].strip().lower() not in BOT_NAMES:
                raise RulesError(
                    f"invalid bot {quote(name)}: a page can seat only the library's bots "
                    f"({', '.join(BOT_NAMES)}); play your own at the terminal (cardgames play)"
                )
        bots: list[object | None] = list(make_bots(names))
        bots.insert(human, None)
        start = game.deal(rules, seed, 0)
        deal = HumanDeal(start, human=human, bots=bots, seed=seed)
        labels = tuple(
            "you" if seat == human else names[seat - (seat > human)] for seat in range(players)
        )
        with self._lock:
            self._count += 1
            key = secrets.token_urlsafe(12)
            entry = _Deal(
                key=key,
                number=self._count,
                deal=deal,
                table=game_table(start, human),
                heading=f"{game.title} ({rules}), seed {seed}: you are seat {human}",
                labels=labels,
                hint=pimc_hint(seed, human, view=game.view),
            )
            self._deals[key] = entry
            while len(self._deals) > MAX_DEALS:
                oldest = min(self._deals.values(), key=lambda other: other.used)
                del self._deals[oldest.key]
        if deal.is_over:
            self._finished(entry)
        return key

    # -- a deal under way -----------------------------------------------------------------

    def deal_page(self, key: str) -> str:
        """The page of deal ``key``."""
        entry = self._entry(key)
        with entry.lock:
            return pages.play_page(self._page(entry))

    def act(self, key: str, action: str, form: Mapping[str, str]) -> None:
        """Do ``action`` (``move``, ``undo`` or ``hint``) in deal ``key`` with the form's
        fields.

        :raises CardgamesError: for a move that cannot be made.
        """
        entry = self._entry(key)
        with entry.lock:
            revision = form.get("revision", "")
            if revision != str(entry.revision):
                raise _Refused(
                    HTTPStatus.CONFLICT,
                    "This page is out of date: the deal has changed since it was shown (in "
                    "another tab?). Nothing was done; open the deal again to see it as it is.",
                    f"/deal/{key}",
                )
            deal = entry.deal
            entry.message = ""
            if action == "move":
                moves = deal.legal_moves()
                if not moves:
                    raise RulesError("it is not your turn: there is no move to make")
                number = _whole(form.get("move", ""), "move", 0, len(moves) - 1)
                deal.play(moves[number])
            elif action == "undo":
                if deal.is_over or not deal.undo():
                    raise RulesError("nothing to undo: no move of yours can be taken back")
                entry.message = "Taken back: your last move and the moves after it."
            else:
                if not deal.to_choose:
                    raise RulesError("no hint now: it is not your turn")
                move, how = entry.hint(deal.state)
                entry.message = f"Hint: {deal.game.move_text(move)}, {how}."
            entry.revision += 1
            if deal.is_over:
                self._finished(entry)

    def review(self, key: str) -> tuple[bool, str]:
        """Whether the review page of deal ``key`` is ready, and the page (or the page that
        says how far the review has got)."""
        entry = self._entry(key)
        with entry.lock:
            if not entry.deal.is_over:
                raise _Refused(
                    HTTPStatus.CONFLICT,
                    "The deal is not over yet: play it to the end, then open its review.",
                    f"/deal/{key}",
                )
            if entry.review_state == "done":
                return True, entry.review_page
            if entry.review_state == "failed":
                raise _Refused(
                    HTTPStatus.UNPROCESSABLE_ENTITY,
                    f"The review could not be made: {entry.review_error}",
                    f"/deal/{key}",
                )
            judged = len(entry.deal.moves)
            return False, pages.progress_page(key, entry.review_done, judged)

    def record(self, key: str) -> str:
        """The JSON record of deal ``key`` as played so far."""
        entry = self._entry(key)
        with entry.lock:
            return self._record_text(entry)

    def close(self) -> None:
        """Stop reviewing (the review under way, if any, stops at its next move)."""
        self._jobs.put(None)

    # -- inside ---------------------------------------------------------------------------

    def _entry(self, key: str) -> _Deal:
        with self._lock:
            entry = self._deals.get(key) if _KEY.match(key) else None
            if entry is None:
                raise _Refused(
                    HTTPStatus.NOT_FOUND,
                    "No such deal here: it was never started, or the server has been restarted "
                    f"or has let it go (it keeps the last {MAX_DEALS}).",
                )
            entry.used = time.monotonic()
            return entry

    def _page(self, entry: _Deal) -> pages.DealPage:
        deal, table = entry.deal, entry.table
        game = deal.game
        log = ["seats: " + ", ".join(f"{seat} {label}" for seat, label in enumerate(entry.labels))]
        states = deal.states
        for index, move in enumerate(deal.moves):
            before = states[index]
            seat = game.chooser(before)
            mine = seat == deal.human
            told = table.show_move(before, move, mine)
            log.append(f"seat {seat}{' (you)' if mine else ''}: {told}")
            log.extend(table.events(before, states[index + 1]))
        moves = human_moves(deal.state, deal.human, table) if deal.to_choose else ()
        return pages.DealPage(
            key=entry.key,
            revision=entry.revision,
            heading=entry.heading,
            picture=human_picture(deal.state, deal.human, table),
            log=tuple(log),
            moves=tuple(game.move_text(move) for move in moves),
            message=entry.message,
            can_undo=deal.can_undo and not deal.is_over,
            result=table.result(deal.state) if deal.is_over else "",
            saved=", ".join(entry.saved),
        )

    def _record_text(self, entry: _Deal) -> str:
        tags = {f"seat {seat}": label for seat, label in enumerate(entry.labels)}
        tags["seat " + str(entry.deal.human)] = "human"
        tags["event"] = "cardgames serve"
        deal = entry.deal
        return deal.game.dumps(deal.state, tags, 2)

    def _finished(self, entry: _Deal) -> None:
        # The deal is over: save its record (if asked to) and queue its review.
        if self.save_dir is not None:
            entry.saved.append(self._save(entry, "json", self._record_text(entry)))
        if entry.review_state == "none":
            entry.review_state = "queued"
            self._jobs.put(entry)

    def _save(self, entry: _Deal, kind: str, text: str) -> str:
        assert self.save_dir is not None
        game = entry.deal.game.name
        for attempt in range(1, 1000):
            suffix = "" if attempt == 1 else f"-{attempt}"
            name = f"{game}-deal-{entry.number}{suffix}.{kind}"
            path = os.path.join(self.save_dir, name)
            try:
                with open(path, "x", encoding="utf-8") as file:
                    file.write(text)
            except FileExistsError:
                continue
            return path
        raise RulesError(f"cannot save in {quote(self.save_dir)}: too many files of that name")

    def _review_jobs(self) -> None:
        # The reviewer: one finished deal at a time, in the order they finished.
        while True:
            entry = self._jobs.get()
            if entry is None:
                return
            self._review_one(entry)

    def _review_one(self, entry: _Deal) -> None:
        from cardgames.solver import review

        with entry.lock:
            entry.review_state = "running"
            start, moves = entry.deal.start, tuple(entry.deal.moves)
            title = f"Review of {entry.heading}"

        def progress(item: object) -> None:
            with entry.lock:
                entry.review_done += 1

        try:
            result = review(start, moves, limit=self.limit, estimates=True, on_item=progress)
            page = result.to_html(title=title)
            saved = self._save(entry, "html", page) if self.save_dir is not None else None
        except (CardgamesError, OSError) as error:
            with entry.lock:
                entry.review_state, entry.review_error = "failed", str(error)
            return
        with entry.lock:
            entry.review_page, entry.review_state = page, "done"
            if saved is not None:
                entry.saved.append(saved)


def _whole(text: str, what: str, low: int, high: int) -> int:
    text = text.strip()
    if not text.isdigit() or len(text) > 19 or not low <= int(text) <= high:
        raise RulesError(
            f"invalid {what} {quote(text)}: expected a whole number from {low} to {high}"
        )
    return int(text)


# -- HTTP ----------------------------------------------------------------------------------


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    app: ServeApp
    quiet: bool


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    server_version = "cardgames-serve"
    sys_version = ""

    def __getattr__(self, name: str) -> Any:
        # Any other method (PUT, DELETE, ...) is refused with 405, not http.server's 501.
        if name.startswith("do_"):
            return self._not_allowed
        raise AttributeError(name)

    def log_message(self, format: str, *args: Any) -> None:
        if not self.server.quiet:
            sys.stderr.write(f"cardgames serve: {self.address_string()} {format % args}\n")

    def do_GET(self) -> None:
        self._answer(self._get)

    def do_HEAD(self) -> None:
        self._answer(self._get, body=False)

    def do_POST(self) -> None:
        self._answer(self._post)

    def _not_allowed(self) -> None:
        self._answer(self._refuse_method)

    def _refuse_method(self) -> tuple[HTTPStatus, str, str]:
        raise _Refused(HTTPStatus.METHOD_NOT_ALLOWED, f"{self.command} is not a method here")

    # -- what each address does -----------------------------------------------------------

    def _get(self) -> tuple[HTTPStatus, str, str]:
        app = self.server.app
        parts = self._parts()
        if parts == []:
            return HTTPStatus.OK, _HTML, app.start_page()
        if len(parts) == 2 and parts[0] == "deal":
            return HTTPStatus.OK, _HTML, app.deal_page(parts[1])
        if len(parts) == 3 and parts[0] == "deal" and parts[2] == "review":
            ready, page = app.review(parts[1])
            return (HTTPStatus.OK if ready else HTTPStatus.ACCEPTED), _HTML, page
        if len(parts) == 3 and parts[0] == "deal" and parts[2] == "record.json":
            return HTTPStatus.OK, "application/json; charset=utf-8", app.record(parts[1])
        raise _Refused(HTTPStatus.NOT_FOUND, "Nothing here.")

    def _post(self) -> tuple[HTTPStatus, str, str]:
        app = self.server.app
        parts = self._parts()
        form = self._form()
        if parts == ["deal"]:
            try:
                key = app.new_deal(form)
            except CardgamesError as error:
                typed = {name: form.get(name, "") for name in ("game", "rules", "seat", "seed")}
                again = app.start_page(**typed, bots=form.get("bots", ""), error=str(error))
                return HTTPStatus.BAD_REQUEST, _HTML, again
            return self._see(f"/deal/{key}")
        if len(parts) == 3 and parts[0] == "deal" and parts[2] in ("move", "undo", "hint"):
            try:
                app.act(parts[1], parts[2], form)
            except CardgamesError as error:
                raise _Refused(HTTPStatus.BAD_REQUEST, str(error), f"/deal/{parts[1]}") from None
            return self._see(f"/deal/{parts[1]}")
        raise _Refused(HTTPStatus.NOT_FOUND, "Nothing to post to here.")

    # -- checks and answers ---------------------------------------------------------------

    def _answer(self, handle: Callable[[], tuple[HTTPStatus, str, str]], body: bool = True) -> None:
        where = ""
        try:
            self._check_origin()
            status, kind, text = handle()
        except _Redirect as redirect:
            status, kind, where = HTTPStatus.SEE_OTHER, _HTML, redirect.where
            text = pages.message_page("303 See Other", [f"Go on to {where}."], where)
        except _Refused as refused:
            title = f"{refused.status.value} {refused.status.phrase}"
            status, kind = refused.status, _HTML
            text = pages.message_page(title, [refused.message], refused.back)
        except Exception as error:  # the server answers every request, whatever went wrong
            sys.stderr.write(f"cardgames serve: internal error: {type(error).__name__}: {error}\n")
            status, kind = HTTPStatus.INTERNAL_SERVER_ERROR, _HTML
            text = pages.message_page(
                "500 Internal Server Error",
                ["The server could not answer this request; the terminal it runs in says why."],
            )
        self._send(status, kind, text, body, where)

    def _send(
        self, status: HTTPStatus, kind: str, text: str, body: bool = True, where: str = ""
    ) -> None:
        data = text.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "same-origin")
        self.send_header("Content-Security-Policy", pages.PAGE_POLICY)
        if where:
            self.send_header("Location", where)
        self.end_headers()
        if body:
            self.wfile.write(data)

    def _see(self, where: str) -> tuple[HTTPStatus, str, str]:
        # After a form: the page to see next (303, so that reloading it posts nothing).
        raise _Redirect(where)

    def _check_origin(self) -> None:
        # Only pages of this server may use it: no other site's page (through a visitor's
        # browser), and no name that merely points at this machine (DNS rebinding).
        port = self.server.server_address[1]
        hosts = {f"127.0.0.1:{port}", f"localhost:{port}"}
        if self.headers.get("Host", "") not in hosts:
            raise _Refused(HTTPStatus.BAD_REQUEST, "This server answers only at 127.0.0.1.")
        origin = self.headers.get("Origin")
        if origin is not None and origin not in {f"http://{host}" for host in hosts}:
            raise _Refused(HTTPStatus.FORBIDDEN, "Requests from another site are refused.")
        if self.headers.get("Sec-Fetch-Site", "same-origin") not in ("same-origin", "none"):
            raise _Refused(HTTPStatus.FORBIDDEN, "Requests from another site are refused.")

    def _parts(self) -> list[str]:
        if len(self.path) > 300:
            raise _Refused(HTTPStatus.REQUEST_URI_TOO_LONG, "The address is too long.")
        path = urlsplit(self.path).path
        return [part for part in path.split("/") if part]

    def _form(self) -> dict[str, str]:
        kind = self.headers.get("Content-Type", "application/x-www-form-urlencoded")
        if kind.split(";")[0].strip().lower() != "application/x-www-form-urlencoded":
            raise _Refused(HTTPStatus.UNSUPPORTED_MEDIA_TYPE, "Expected a form.")
        length_text = self.headers.get("Content-Length", "")
        if not length_text.isdigit():
            raise _Refused(HTTPStatus.LENGTH_REQUIRED, "Expected a form with its length.")
        length = int(length_text)
        if length > MAX_BODY:
            raise _Refused(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, "The form is too large.")
        raw = self.rfile.read(length)
        try:
            text = raw.decode("utf-8")
            fields = parse_qs(text, keep_blank_values=True, strict_parsing=False, max_num_fields=16)
        except (UnicodeDecodeError, ValueError):
            raise _Refused(HTTPStatus.BAD_REQUEST, "The form cannot be read.") from None
        form = {}
        for name, values in fields.items():
            if len(values) != 1:
                raise _Refused(HTTPStatus.BAD_REQUEST, f"The form gives {quote(name)} twice.")
            form[name] = values[0]
        return form


class _Redirect(Exception):
    def __init__(self, where: str) -> None:
        super().__init__(where)
        self.where = where


_HTML: Final = "text/html; charset=utf-8"


def make_server(app: ServeApp, port: int = 0, *, quiet: bool = True) -> ThreadingHTTPServer:
    """An HTTP server for ``app`` on 127.0.0.1 (``port`` 0: a free one), not yet serving
    (call ``serve_forever``; ``server_address[1]`` is the port).

    :raises RulesError: if the port cannot be used.
    """
    try:
        server = _Server(("127.0.0.1", port), _Handler)
    except OSError as error:
        raise RulesError(f"cannot listen on 127.0.0.1:{port}: {error.strerror}") from None
    server.app = app
    server.quiet = quiet
    return server


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``serve`` to the top-level ``subparsers``."""
    parser = subparsers.add_parser(
        "serve",
        help="play a deal against the bots in a browser, then see its review page",
        description=(
            "Start a web server on this computer only (127.0.0.1) and print its address: play "
            "a deal of any game against the library's bots in a browser, with hint and undo, "
            "then open the review page of the finished deal. Nothing is written to disk "
            "unless --save-dir names a folder."
        ),
    )
    parser.add_argument(
        "--port", type=int, default=0, help="the port to listen on (default: a free one)"
    )
    parser.add_argument(
        "--save-dir",
        metavar="DIR",
        help="write each finished deal's record and review page into this existing folder",
    )
    parser.add_argument(
        "--time-limit",
        type=float,
        metavar="S",
        help=f"seconds for each move's analysis in a review (default {REVIEW_SECONDS:g})",
    )
    parser.add_argument(
        "--node-limit", type=int, metavar="N", help="search nodes for each move's analysis"
    )
    parser.add_argument(
        "--verbose", action="store_true", help="print a line for every request on stderr"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run ``serve`` until Ctrl-C; returns the exit status."""
    if not 0 <= args.port <= 65535:
        raise RulesError(f"invalid --port {args.port}: expected 0 (a free port) to 65535")
    save_dir = args.save_dir
    if save_dir is not None and (
        not os.path.isdir(save_dir) or not os.access(save_dir, os.W_OK | os.X_OK)
    ):
        raise RulesError(f"invalid --save-dir {quote(save_dir)}: expected a writable folder")
    if args.time_limit is None and args.node_limit is None:
        args.time_limit = REVIEW_SECONDS
    app = ServeApp(save_dir=save_dir, limit=limit_from_args(args))
    server = make_server(app, args.port, quiet=not args.verbose)
    print(f"cardgames serve: open http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)")
    sys.stdout.flush()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("cardgames serve: stopped")
    finally:
        server.server_close()
        app.close()
    return 0
