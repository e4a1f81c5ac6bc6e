"""``cardgames serve``: a deal played against the bots over HTTP on 127.0.0.1, with undo, hint
and the review page; every request it cannot take refused with a 4xx and a sentence.

The server runs in a thread of the test process (the same code the command runs); one test
starts the real console script. tests/test_browser.py plays a deal by clicking in Chromium.
"""

from __future__ import annotations

import http.client
import json
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest

from cardgames import games
from cardgames.cli.serve import MAX_BODY, ServeApp, make_server
from cardgames.search.results import Limit

SCRIPT = Path(sys.executable).with_name("cardgames")


class Client:
    def __init__(self, port: int) -> None:
        self.port = port

    def request(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, dict[str, str], str]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        sent = {"Host": f"127.0.0.1:{self.port}"}
        if body is not None:
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        sent.update(headers or {})
        connection.request(method, path, body=body, headers=sent)
        response = connection.getresponse()
        text = response.read().decode("utf-8")
        connection.close()
        return response.status, dict(response.getheaders()), text

    def get(self, path: str) -> tuple[int, dict[str, str], str]:
        return self.request("GET", path)

    def post(self, path: str, **fields: object) -> tuple[int, dict[str, str], str]:
        return self.request("POST", path, urlencode(fields).encode())

    def new_deal(self, **fields: object) -> str:
        status, headers, _ = self.post("/deal", **fields)
        assert status == 303, fields
        location = headers["Location"]
        assert re.fullmatch(r"/deal/[A-Za-z0-9_-]{16}", location)
        return location

    def revision(self, deal: str) -> str:
        _, _, page = self.get(deal)
        found = re.search(r'name="revision" value="(\d+)"', page)
        assert found is not None
        return found.group(1)

    def play_to_end(self, deal: str) -> int:
        clicks = 0
        while True:
            _, _, page = self.get(deal)
            if 'name="move"' not in page:
                return clicks
            status, _, _ = self.post(deal + "/move", move=0, revision=self.revision(deal))
            assert status == 303
            clicks += 1


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Client]:
    app = ServeApp(limit=Limit(nodes=300))
    server = make_server(app, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield Client(server.server_address[1])
    finally:
        server.shutdown()
        server.server_close()
        app.close()


def test_a_tarot_deal_played_to_the_end_has_its_record_and_review(client: Client) -> None:
    status, _, page = client.get("/")
    assert status == 200
    for game in games.registered():
        assert f'<option value="{game.name}"' in page
    deal = client.new_deal(game="tarot", rules="", seat=1, seed=3, bots="random,rule")
    _, _, page = client.get(deal)
    assert "you are seat 1" in page and "Seat 1: to move, you" in page
    status, _, _ = client.get(deal + "/review")
    assert status == 409  # not over yet
    assert client.play_to_end(deal) == 25  # the human's cards (seat 0 deals and discards)
    _, _, page = client.get(deal)
    assert 'id="result"' in page and 'href="' + deal + '/review"' in page
    status, headers, text = client.get(deal + "/record.json")
    assert status == 200 and headers["Content-Type"].startswith("application/json")
    record = games.named("tarot").loads(text)
    (played,) = record.deals
    assert len(played.moves) == 78 and json.loads(text)["tags"]["seat 1"] == "human"
    for _ in range(600):  # the review runs in the background
        status, _, review = client.get(deal + "/review")
        if status == 200:
            break
        assert status == 202 and "moves judged" in review
        time.sleep(0.1)
    assert status == 200 and review.startswith("<!DOCTYPE html>")
    assert 'id="review-data"' in review and "you are seat 1" in review


def test_undo_goes_back_to_the_previous_turn_and_a_stale_page_is_refused(client: Client) -> None:
    deal = client.new_deal(game="tarot", seat=0, seed=5, bots="rule,rule")
    first = client.revision(deal)
    status, _, page = client.post(deal + "/undo", revision=first)
    assert status == 400 and "nothing to undo" in page
    _, _, before = client.get(deal)
    assert client.post(deal + "/move", move=0, revision=first)[0] == 303
    # The old page's form (an earlier revision) cannot play into the deal now.
    status, _, page = client.post(deal + "/move", move=0, revision=first)
    assert status == 409 and "out of date" in page
    second = client.revision(deal)
    assert client.post(deal + "/undo", revision=second)[0] == 303
    _, _, after = client.get(deal)
    assert _picture(after) == _picture(before)
    assert "Taken back" in after


def test_two_tabs_play_two_deals_apart(client: Client) -> None:
    one = client.new_deal(game="tailor", seat=0, seed=2, bots="rule,rule,rule")
    two = client.new_deal(game="tailor", seat=0, seed=2, bots="rule,rule,rule")
    assert one != two
    _, _, before = client.get(two)
    assert client.post(one + "/move", move=0, revision=client.revision(one))[0] == 303
    _, _, after = client.get(two)
    assert after == before
    # The key of one deal does not reach another's, whatever the form says.
    status, _, _ = client.post(two + "/move", move=0, revision=client.revision(one))
    assert status in (303, 409)
    assert client.play_to_end(one) >= 1


def test_a_bridge_deal_is_played_through_the_games_descriptor(client: Client) -> None:
    deal = client.new_deal(game="bridge", seat=2, seed=4, bots="")
    assert client.play_to_end(deal) >= 13  # South declares: its cards and the dummy's
    _, _, page = client.get(deal)
    assert "Declarer" in page and "you (seat 2): payoff" in page  # the deal told, then yours


def test_a_hint_is_a_legal_move(client: Client) -> None:
    deal = client.new_deal(game="tailor", seat=1, seed=6, bots="random,random,random")
    status, _, _ = client.post(deal + "/hint", revision=client.revision(deal))
    assert status == 303
    _, _, page = client.get(deal)
    found = re.search(r"Hint: ([^,]+),", page)
    assert found is not None
    labels = re.findall(r'data-move="([^"]*)"', page)
    assert found.group(1) in labels


def _picture(page: str) -> str:
    found = re.search(r'<pre class="table" id="table">(.*?)</pre>', page, re.S)
    assert found is not None
    return found.group(1)


@pytest.mark.parametrize(
    ("method", "path", "body", "headers", "status"),
    [
        ("GET", "/nowhere", None, {}, 404),
        ("GET", "/deal/AAAAAAAAAAAAAAAA", None, {}, 404),
        ("GET", "/deal/../../etc/passwd", None, {}, 404),
        ("GET", "/" + "x" * 400, None, {}, 414),
        ("PUT", "/", b"", {}, 405),
        ("DELETE", "/deal", None, {}, 405),
        ("BREW", "/", None, {}, 405),
        ("GET", "/", None, {"Host": "evil.example:80"}, 400),
        ("POST", "/deal", b"game=tarot", {"Origin": "https://evil.example"}, 403),
        ("POST", "/deal", b"game=tarot", {"Sec-Fetch-Site": "cross-site"}, 403),
        ("POST", "/deal", b"game=chess", {}, 400),
        ("POST", "/deal", b"game=tarot&seat=9", {}, 400),
        ("POST", "/deal", b"game=tarot&seat=0&seed=1&bots=evil.py:Bot,rule", {}, 400),
        ("POST", "/deal", b"game=tarot&seed=-1", {}, 400),
        ("POST", "/deal", b"game=tarot&rules=nonsense", {}, 400),
        ("POST", "/deal", b"game=tarot&game=tailor", {}, 400),
        ("POST", "/deal", b"\xff\xfe", {}, 400),
        ("POST", "/deal", b"game=tarot", {"Content-Type": "application/json"}, 415),
        ("POST", "/deal", b"x" * (MAX_BODY + 1), {}, 413),
        ("POST", "/nowhere", b"", {}, 404),
    ],
)
def test_a_request_it_cannot_take_gets_a_4xx_and_a_sentence(
    client: Client,
    method: str,
    path: str,
    body: bytes | None,
    headers: dict[str, str],
    status: int,
) -> None:
    got, answer_headers, text = client.request(method, path, body, headers)
    assert got == status
    assert "Traceback" not in text and 'File "' not in text
    if method != "HEAD":
        assert answer_headers["Content-Type"].startswith("text/html")
        assert re.search(r"<p>[A-Z][^<]{8,}</p>|role=\"alert\">[^<]{8,}<", text), text


def test_a_move_out_of_range_or_without_length_is_refused(client: Client) -> None:
    deal = client.new_deal(game="tarot", seat=0, seed=1, bots="")
    revision = client.revision(deal)
    for move in ("99", "-1", "x", ""):
        status, _, text = client.post(deal + "/move", move=move, revision=revision)
        assert status == 400 and "invalid move" in text
    connection = http.client.HTTPConnection("127.0.0.1", client.port, timeout=10)
    connection.putrequest("POST", deal + "/move", skip_host=True)
    connection.putheader("Host", f"127.0.0.1:{client.port}")
    connection.endheaders()
    assert connection.getresponse().status == 411
    connection.close()
    assert client.revision(deal) == revision  # nothing was played


def test_nothing_is_written_unless_a_folder_is_named(tmp_path: Path) -> None:
    folder = tmp_path / "saved"
    folder.mkdir()
    app = ServeApp(save_dir=str(folder), limit=Limit(nodes=200))
    server = make_server(app, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        client = Client(server.server_address[1])
        deal = client.new_deal(game="tailor", seat=0, seed=3, bots="random,random,random")
        client.play_to_end(deal)
        for _ in range(300):
            if client.get(deal + "/review")[0] == 200:
                break
            time.sleep(0.1)
        assert sorted(path.name for path in folder.iterdir()) == [
            "tailor-deal-1.html",
            "tailor-deal-1.json",
        ]
        assert sorted(path.name for path in tmp_path.iterdir()) == ["saved"]
    finally:
        server.shutdown()
        server.server_close()
        app.close()


def test_the_console_script_listens_on_the_loopback_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    process = subprocess.Popen(
        [str(SCRIPT), "serve", "--node-limit", "200"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        found = re.fullmatch(
            r"cardgames serve: open http://127\.0\.0\.1:(\d+)/ \(Ctrl-C stops\)\n", line
        )
        assert found is not None, line
        status, _, page = Client(int(found.group(1))).get("/")
        assert status == 200 and "Play a deal" in page
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    assert process.returncode == 0 and "stopped" in out and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_bad_options_are_refused_before_listening(tmp_path: Path) -> None:
    for options, message in (
        (["--port", "70000"], "invalid --port"),
        (["--save-dir", str(tmp_path / "missing")], "invalid --save-dir"),
    ):
        done = subprocess.run([str(SCRIPT), "serve", *options], capture_output=True, text=True)
        assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr


def test_a_human_deal_refuses_what_it_cannot_seat() -> None:
    from cardgames import tarot
    from cardgames.arena.session import HumanDeal
    from cardgames.bots import RuleBot
    from cardgames.errors import IllegalMoveError, RulesError

    start = tarot.deal(tarot.Rules.traditional(players=3), seed=1)
    bots = [None, RuleBot(), RuleBot()]
    calls: tuple[tuple[Callable[[], object], str], ...] = (
        (lambda: HumanDeal("deal", human=0, bots=bots, seed=1), "invalid start"),
        (lambda: HumanDeal(start, human=3, bots=bots, seed=1), "invalid seat"),
        (lambda: HumanDeal(start, human=0, bots=bots[:2], seed=1), "expected 3 entries"),
        (lambda: HumanDeal(start, human=1, bots=bots, seed=1), "for seat 0"),
        (lambda: HumanDeal(start, human=0, bots=[None, 5, RuleBot()], seed=1), "for seat 1"),
        (lambda: HumanDeal(start, human=0, bots=bots, seed=-1), "invalid seed -1"),
    )
    for call, message in calls:
        with pytest.raises(RulesError, match=message):
            call()
    deal = HumanDeal(start, human=2, bots=[RuleBot(), RuleBot(), None], seed=1)
    assert deal.to_choose and not deal.can_undo and deal.undo() is False
    with pytest.raises(IllegalMoveError):
        deal.play("KH")
    moves = len(deal.moves)
    deal.play(deal.legal_moves()[0])
    assert deal.can_undo and deal.undo() and len(deal.moves) == moves
