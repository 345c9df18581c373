#!/usr/bin/env python3
"""A stand-in for arbiter-web's HTTP side, serving the page and one fixture as
the table, so that the page can be looked at and tested in a browser without
arbiterd: the same URLs (/, /page/NAME, /api/status, /events, /api/sign-in,
/api/sign-out, /api/do, /api/games, /api/replay) and the same shapes of reply.

    python3 tests/tools/arbiter-web/page/fake_server.py --fixture fide --port 8740

The table it fakes: every player's secret is "secret"; `resign` ends the game
(a result, an announcement and a new snapshot); any other action is refused
with a reason, as arbiterd refuses one. POST /test/announce {"text": ...}
sends an announcement and a snapshot to every page; POST /test/drop closes
every event stream (the page must say so and catch up when it reconnects);
POST /test/clock {"running": true} starts or stops the clock of the seat to move.
Listens on 127.0.0.1 only.
"""
import argparse
import copy
import json
import os
import queue
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

HERE = os.path.dirname(os.path.abspath(__file__))
PAGE = os.path.normpath(os.path.join(HERE, "..", "..", "..", "..", "tools", "arbiter-web", "page"))
FIXTURES = os.path.join(HERE, "fixtures")
TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
         ".css": "text/css; charset=utf-8", ".json": "application/json", ".svg": "image/svg+xml"}


def load_fixture(name):
    with open(os.path.join(FIXTURES, name + ".json"), encoding="utf-8") as f:
        return json.load(f)


class Table:
    """The faked table: one snapshot, and the event streams that follow it."""

    def __init__(self, fixture):
        self.fixture = fixture
        self.status = load_fixture(fixture)
        self.lock = threading.Lock()
        self.streams = []  # one queue per open /events

    def broadcast(self, kind, data):
        with self.lock:
            for q in self.streams:
                q.put((kind, data))

    def announce(self, text, event="move"):
        self.broadcast("announcement", {"type": "event", "event": event, "text": text, "data": {}})
        self.broadcast("snapshot", self.status)

    def resign(self, seat):
        s = self.status["session"]
        names = s["players"]
        winners = [p for p in range(len(names)) if p != seat]
        text = f"Game over: {names[seat]} resigned. {' and '.join(names[p] for p in winners)} " + (
            "wins." if len(winners) == 1 else "win.")
        s.update(over=True, clockRunning=False,
                 result={"status": "win", "winners": winners, "reason": "resignation", "text": text})
        self.status["awaited"] = "a new game"
        self.announce(text, "result")
        return f"resigned: {names[seat]}"


class Handler(BaseHTTPRequestHandler):
    table = None  # set in main()
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, code, body, kind="application/json", headers=()):
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.send_response(code)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        for k, v in headers:
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(data)

    def seat(self):
        """The seat the cookie signs in, or None."""
        for part in self.headers.get("Cookie", "").split(";"):
            k, _, v = part.strip().partition("=")
            if k == "arbiter-seat" and v.isdigit():
                return int(v)
        return None

    def body(self):
        n = int(self.headers.get("Content-Length") or 0)
        try:
            return json.loads(self.rfile.read(n) or b"{}")
        except ValueError:
            return {}

    def do_GET(self):
        url = urlparse(self.path)
        if url.path == "/":
            return self.file("index.html")
        if url.path.startswith("/page/") and "/" not in url.path[len("/page/"):]:
            return self.file(url.path[len("/page/"):])
        if url.path == "/api/status":
            return self.reply(200, self.table.status)
        if url.path == "/events":
            return self.events()
        if url.path == "/api/games":
            return self.reply(200, games())
        if url.path == "/api/replay":
            name = parse_qs(url.query).get("journal", [""])[0]
            return self.reply(200, replay_of(name))
        self.reply(404, {"error": "not found"})

    def file(self, name):
        path = os.path.join(PAGE, name)
        if not os.path.isfile(path):
            return self.reply(404, {"error": f"no page file {name}"})
        with open(path, "rb") as f:
            self.reply(200, f.read(), TYPES.get(os.path.splitext(name)[1], "application/octet-stream"))

    def events(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        q = queue.Queue()
        q.put(("link", {"connected": True}))
        seat = self.seat()
        if seat is None:
            q.put(("snapshot", self.table.status))
        else:
            # A player's stream begins with their own view (here: only awaited differs).
            own = copy.deepcopy(self.table.status)
            own["awaited"] = f"{own['session']['players'][seat]}'s own view"
            q.put(("snapshot", own))
        with self.table.lock:
            self.table.streams.append(q)
        try:
            self.wfile.write(b"retry: 1000\n\n")
            while True:
                try:
                    kind, data = q.get(timeout=15)
                except queue.Empty:
                    kind, data = "comment", None
                if kind == "drop":
                    break
                msg = ": keep-alive\n\n" if kind == "comment" else f"event: {kind}\ndata: {json.dumps(data)}\n\n"
                self.wfile.write(msg.encode())
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass
        finally:
            with self.table.lock:
                self.table.streams.remove(q)
            self.close_connection = True

    def do_POST(self):
        url = urlparse(self.path)
        body = self.body()
        t = self.table
        if url.path == "/api/sign-in":
            names = t.status["session"]["players"]
            if body.get("name") not in names:
                return self.reply(200, {"error": f"no player is called \"{body.get('name')}\" at this table"})
            if body.get("secret") != "secret":
                return self.reply(200, {"error": f"wrong secret for \"{body.get('name')}\""})
            seat = names.index(body["name"])
            return self.reply(200, {"ok": True, "player": seat, "name": body["name"]},
                              headers=[("Set-Cookie", f"arbiter-seat={seat}; Path=/; HttpOnly; SameSite=Strict")])
        if url.path == "/api/sign-out":
            return self.reply(200, {"ok": True}, headers=[("Set-Cookie", "arbiter-seat=; Path=/; Max-Age=0")])
        if url.path == "/api/do":
            return self.reply(200, self.act(body))
        if url.path == "/test/announce":
            t.announce(body.get("text", "An announcement."), body.get("event", "move"))
            return self.reply(200, {"ok": True})
        if url.path == "/test/drop":
            t.broadcast("drop", None)
            return self.reply(200, {"ok": True})
        if url.path == "/test/clock":
            t.status["session"]["clockRunning"] = bool(body.get("running"))
            t.broadcast("snapshot", t.status)
            return self.reply(200, {"ok": True})
        self.reply(404, {"error": "not found"})

    def act(self, body):
        s = self.table.status["session"]
        action = str(body.get("action", "")).strip()
        seat = self.seat()
        if seat is None:
            seat = body.get("player", s["toMove"])
        if not action:
            return {"error": "a do request needs \"action\", a non-empty string such as \"resign\""}
        if s.get("over"):
            return {"error": "no game is in progress"}
        if action in ("resign", "leave"):
            return {"ok": True, "text": self.table.resign(seat)}
        if action == "join":
            return {"error": "this game takes no late players"}
        if seat != s["toMove"]:
            return {"error": f"it is not {s['players'][seat]}'s turn"}
        return {"error": f"\"{action}\" is not a legal action now"}


def games():
    names = sorted(n[:-5] for n in os.listdir(FIXTURES) if n.endswith(".json"))
    out = []
    for i, name in enumerate(names):
        st = load_fixture(name)
        s = st["session"]
        out.append({"journal": name, "started": f"2026-11-29T06:{i:02d}:00", "game": st["game"],
                    "players": s["players"], "moves": s["ply"], "state": "in progress"})
    out.append({"journal": "/games/old.jsonl", "state": "damaged", "problem": "/games/old.jsonl:3: not a JSON object"})
    return {"folder": "/games", "games": out, "older": 0}


def replay_of(name):
    """The fixture as the last position, after a start without its last action."""
    if name not in {n[:-5] for n in os.listdir(FIXTURES)}:
        return {"error": f"{name}: no such journal"}
    st = load_fixture(name)
    s = st["session"]
    start = copy.deepcopy(st["scene"])
    start["lastAction"], start["toFix"] = [], []
    positions = [{"ply": 0, "said": "", "scene": start}]
    if s["ply"]:
        positions.append({"ply": s["ply"], "said": (s["lastMoves"] or ["?"])[-1], "scene": st["scene"]})
    return {"game": st["game"], "players": s["players"], "positions": positions, "result": ""}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fixture", default="fide")
    ap.add_argument("--port", type=int, default=8740, help="0: any free port (the line printed names it)")
    args = ap.parse_args()
    Handler.table = Table(args.fixture)
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    print(f"serving {args.fixture} on http://127.0.0.1:{server.server_address[1]}/", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
