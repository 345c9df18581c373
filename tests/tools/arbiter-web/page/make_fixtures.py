#!/usr/bin/env python3
"""Writes fixtures/*.json: one status snapshot (with its `scene`) per game, as
arbiter-web's /api/status gives it, by hand from each game's start position in
docs/rules/. Made by a script rather than typed so that 300 cells stay right;
the positions, names and board layouts are the rules' own.

    python3 tests/tools/arbiter-web/page/make_fixtures.py
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
FILES = "abcdefghijklmnopqrstuvwxyz"
FEN = {"pawn": "P", "knight": "N", "bishop": "B", "rook": "R", "queen": "Q", "king": "K"}


def file_name(f):
    """a..z, then aa, ab, ... as the games name files past z."""
    return FILES[f] if f < 26 else file_name(f // 26 - 1) + FILES[f % 26]


def cell_name(f, r):
    return file_name(f) + str(r + 1)


def piece(colour, figure, name=None, owner=None, letter=None):
    p = {"letter": letter or (FEN[figure] if colour == "white" else FEN[figure].lower()),
         "colour": colour, "figure": figure, "name": name or f"{colour} {figure}"}
    if owner is not None:
        p["owner"] = owner
    return p


def board(name, label, files_ranks, to_grid, used):
    """A physical 8x8 board: to_grid(sf, sr) gives the square's place in the
    game's grid; used(gf, gr) whether the game uses that square."""
    squares = []
    for sr in range(8):
        for sf in range(8):
            gf, gr = to_grid(sf, sr)
            s = {"square": cell_name(sf, sr), "file": gf, "rank": gr}
            if used(gf, gr):
                s["cell"] = cell_name(gf, gr)
            squares.append(s)
    b = {"name": name, "connected": True, "squares": squares}
    if label:
        b["label"] = label
    return b


def grid_cells(files, ranks, pieces, extra=None):
    cells = []
    for r in range(ranks):
        for f in range(files):
            c = {"cell": cell_name(f, r), "file": f, "rank": r}
            if c["cell"] in pieces:
                c["piece"] = pieces[c["cell"]]
            c.update((extra or {}).get(c["cell"], {}))
            cells.append(c)
    return cells


def clock_text(ms):
    # Rounded up, as arbiterd's readClock does (engine/core/clock_reading.cpp);
    # the fixtures' times are all a minute or more, so no tenths.
    s = (ms + 999) // 1000
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


def session(game, players, to_move, ply, clocks, running, report=(), last=(), time="15+10", **more):
    s = {"game": game, "players": players, "toMove": to_move, "ply": ply, "time": time,
         "clock": clocks, "clockText": [clock_text(c) for c in clocks], "clockRunning": running,
         "clockKnown": True, "lastMoves": list(last), "scores": [0] * len(players),
         "report": list(report), "inGame": [True] * len(players), "over": False,
         "limits": {"moves": 0, "played": 0, "rounds": 0, "time": 0, "timeLimitReached": False},
         "journal": f"games/2026-11-29T06-00-00-{game}.jsonl"}
    s.update(more)
    return s


def status(game, boards, sess, scene, awaited, devices=None):
    st = [{"name": b["name"], "device": f"vboard:{b['name']}", "connected": True, "rotation": 0}
          for b in scene["boards"]]
    for s, b in zip(st, scene["boards"]):
        if "label" in b:
            s["label"] = b["label"]
    return {"type": "status", "game": game, "boards": st, "session": sess,
            "waitingForStart": False, "awaited": awaited, "scene": scene}


def one_board(files=8, ranks=8, name="main"):
    return [board(name, None, 8, lambda sf, sr: (sf, sr), lambda f, r: f < files and r < ranks)]


def scene(files, ranks, cells, boards, last=(), fix=(), ring=False):
    return {"files": files, "ranks": ranks, "ring": ring, "cells": cells, "boards": boards,
            "lastAction": list(last), "toFix": list(fix)}


def from_rows(rows, make):
    """Pieces from a picture: rows from the top rank down, tokens split by blanks."""
    out = {}
    ranks = len(rows)
    for i, row in enumerate(rows):
        for f, tok in enumerate(row.split()):
            p = make(tok)
            if p:
                out[cell_name(f, ranks - 1 - i)] = p
    return out


def fide():
    rows = ["r n b q k b n r", "p p p p p p p p", ". . . . . . . .", ". . . . . . . .",
            ". . . . P . . .", ". . . . . . . .", "P P P P . P P P", "R N B Q K B N R"]
    names = {v.lower(): k for k, v in FEN.items()}
    pieces = from_rows(rows, lambda t: None if t == "." else piece(
        "white" if t.isupper() else "black", names[t.lower()], owner=0 if t.isupper() else 1))
    sc = scene(8, 8, grid_cells(8, 8, pieces), one_board(), last=["e2", "e4"])
    sess = session("fide", ["Ann", "Bob"], 1, 1, [298500, 300000], True, time="5+3",
                   last=["1. e4"], state="rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
    return status("fide", None, sess, sc, "Bob to move")


def csipgs():
    # Ann's view of a moderated game with impassable = c3,f6,d5,e4: her King on
    # e1 and a Knight on d2 see e1's neighbours and the knight's jumps; e4 found.
    pieces = {"e1": piece("white", "king", owner=0), "d2": piece("white", "knight", owner=0)}
    seen = {"e1", "d1", "f1", "d2", "e2", "f2", "b1", "b3", "c4", "e4", "f3"}
    extra = {}
    for r in range(8):
        for f in range(8):
            n = cell_name(f, r)
            if n == "e4":
                extra[n] = {"impassable": True}
            elif n not in seen:
                extra[n] = {"hidden": True}
    sc = scene(8, 8, grid_cells(8, 8, pieces, extra), one_board(), last=["d2"])
    report = ["White: 0 zorkmids; reserve: empty; slots: 1 Pawn fmWfcF 2z, 2 Rook R 5z, 3 Knight N 3z, "
              "4 Bishop B 3z, 5 King WF+royal 12z, 6 Queen BR 9z",
              "White's pieces: d2 N (Knight), e1 WF+royal (King)"]
    sess = session("csipgs", ["Ann", "Bob"], 1, 6, [851000, 842000], True, report=report,
                   last=["Ann: buys a Knight (slot 3)", "Bob has taken their turn.",
                         "Ann: Knight @d2", "Bob has taken their turn."])
    return status("csipgs", None, sess, sc, "Bob to move")


def martian():
    rows = [". D Q Q", ". P D Q", ". P P D", ". . . .", ". . . .", "D P P .", "Q D P .", "Q Q D ."]
    kinds = {"Q": ("queen", "queen (queen or king or bishop)"), "D": ("knight", "drone (knight or rook)"),
             "P": ("pawn", "pawn")}
    pieces = {}
    for i, row in enumerate(rows):
        for f, t in enumerate(row.split()):
            if t != ".":
                r = 7 - i
                figure, name = kinds[t]
                pieces[cell_name(f, r)] = piece("white", figure, name, owner=0 if r < 4 else 1, letter=t)
    boards = [board("main", None, 8, lambda sf, sr: (sf, sr), lambda f, r: f < 4)]
    sc = scene(4, 8, grid_cells(4, 8, pieces), boards)
    report = ["Scores: Ann 0, Bob 0", "Territories: Ann 9 pieces, Bob 9 pieces"]
    sess = session("martian", ["Ann", "Bob"], 0, 0, [900000, 900000], False, report=report)
    return status("martian", None, sess, sc, "Ann to move")


DIE_FIGURES = ["pawn", "knight", "bishop", "rook", "queen", "king"]


def konfusion():
    rows = ["+ N2 N3 N4 N6 N5 N4 N3 N2 +", "W2 . N1 N1 N2 N2 N1 N1 . E2",
            "W3 W1 . N1 N1 N1 N1 . E1 E3", "W4 W1 W1 . . . . E1 E1 E4",
            "W5 W2 W1 . . . . E1 E2 E6", "W6 W2 W1 . . . . E1 E2 E5",
            "W4 W1 W1 . . . . E1 E1 E4", "W3 W1 . S1 S1 S1 S1 . E1 E3",
            "W2 . S1 S1 S2 S2 S1 S1 . E2", "+ S2 S3 S4 S5 S6 S4 S3 S2 +"]
    seats = {"S": 0, "W": 1, "N": 2, "E": 3}

    def die(t):
        if t in ".+":
            return None
        seat, pips = seats[t[0]], int(t[1])
        colour = "white" if seat % 2 == 0 else "black"
        figure = DIE_FIGURES[pips - 1]
        return piece(colour, figure, f"{colour} {figure} (a {pips})", owner=seat)

    pieces = from_rows(rows, die)
    in10 = lambda f, r: 0 <= f < 10 and 0 <= r < 10
    # board's own square (sf, sr) -> the game's cell, from docs/rules/konfusion.md
    boards = [board("a6", "board A", 8, lambda sf, sr: (sf - 3, sr + 5), in10),
              board("f6", "board B", 8, lambda sf, sr: (sf + 5, sr + 5), in10),
              board("a1", "board C", 8, lambda sf, sr: (sf - 3, sr - 3), in10),
              board("f1", "board D", 8, lambda sf, sr: (sf + 5, sr - 3), in10)]
    sc = scene(10, 10, grid_cells(10, 10, pieces), boards)
    names = ["Ann", "Bob", "Cy", "Dee"]
    report = ["S Ann (white), W Bob (black), N Cy (white), E Dee (black); + an empty keypost",
              "Pips captured: Ann 0, Bob 0, Cy 0, Dee 0", "Pips on the board: Ann 38, Bob 38, Cy 38, Dee 38"]
    sess = session("konfusion", names, 0, 0, [900000] * 4, False, report=report)
    sess["scores"] = [38] * 4
    return status("konfusion", None, sess, sc, "Ann to move")


def mobiatus():
    # After c2-d4, e17-d15, d1-c3, d15-c13 (docs/rules/mobiatus.md, "What
    # arbiterctl status shows"): singularities on d1, c2, e17, d15 and opposite.
    red = ["a1", "b1", "c1", "e1", "a2", "b2", "d2", "e2", "c3", "d4"]
    blue = ["a16", "b16", "c16", "d16", "e16", "a17", "b17", "c17", "d17", "c13"]
    pieces = {c: piece("white", "pawn", "white pawn (a Red dot)", owner=0) for c in red}
    pieces.update({c: piece("black", "pawn", "black pawn (a Blue dot)", owner=1) for c in blue})
    # Each board: its own rank 1 lies on the grid's rank `o`, and it shows the
    # ranks first..last of the strip (docs/rules/mobiatus.md, "The boards").
    starts = {"a1": (-1, 0, 6), "a8": (7, 7, 14), "a16": (15, 15, 22), "a24": (23, 23, 29),
              "a31": (29, 30, 36), "a38": (37, 37, 44), "a46": (45, 45, 52), "a54": (53, 53, 59)}
    labels = {"a24": "A", "a54": "B", "a16": "C", "a46": "D", "a8": "E", "a38": "F", "a1": "G", "a31": "H"}
    boards = [board(n, "board " + labels[n], 8, (lambda o: lambda sf, sr: (sf, sr + o))(o),
                    (lambda lo, hi: lambda f, r: f < 5 and lo <= r <= hi)(lo, hi))
              for n, (o, lo, hi) in starts.items()]
    sc = scene(5, 60, grid_cells(5, 60, pieces), boards, last=["d15", "c13"], ring=True)
    sing = {"d1", "c2", "e17", "d15", "b31", "c32", "a47", "b45"}
    report = ["Red to move, move pair 3 of 70; Red 10 dots, Blue 10", "   face A         face B"]
    at = {c: ("R" if p["owner"] == 0 else "B") for c, p in pieces.items()}
    for c, s in list(at.items()):
        f, r = FILES.index(c[0]), int(c[1:]) - 1
        far = cell_name(4 - f, (r + 30) % 60)
        at.setdefault(far, s.lower())
    for c in sing:
        at[c] = "x"
    face = lambda r: f"{r + 1:>2} " + " ".join(at.get(cell_name(f, r), ".") for f in range(5))
    for y in range(29, -1, -1):
        report.append(face(y) + "   " + face(y + 30))
    report.append("   a b c d e      a b c d e")
    sess = session("mobiatus", ["Ann", "Bob"], 0, 4, [880000, 870000], True, report=report,
                   last=["Ann: c2-d4", "Bob: e17-d15", "Ann: d1-c3", "Bob: d15-c13"])
    return status("mobiatus", None, sess, sc, "Ann to move")


def colonization():
    # Six players on three boards in a row (24x8): each has placed a home
    # planet, and the first three have produced a colony and two stations.
    kinds = {"B": ("bishop", "a home planet"), "P": ("pawn", "a colony"),
             "R": ("rook", "an agricultural station"), "N": ("knight", "an industrial station"),
             "K": ("king", "a Weapon")}
    placed = {"c3": "B0", "k6": "B1", "s3": "B2", "e6": "B3", "n2": "B4", "v6": "B5",
              "c4": "P0", "l6": "R1", "s4": "N2"}
    pieces = {}
    for c, t in placed.items():
        seat = int(t[1:])
        colour = "white" if seat % 2 == 0 else "black"
        figure, kind = kinds[t[0]]
        pieces[c] = piece(colour, figure, f"{colour} {figure} ({kind})", owner=seat, letter=t[0])
    used = lambda f, r: 0 <= f < 24 and 0 <= r < 8
    boards = [board(n, "board " + "ABC"[i], 8, (lambda o: lambda sf, sr: (sf + o, sr))(8 * i), used)
              for i, n in enumerate(["a1", "i1", "q1"])]
    sc = scene(24, 8, grid_cells(24, 8, pieces), boards, last=["s4"])
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
    report = [f"{n}: playing, {1 + (i < 3)} pieces on the board" for i, n in enumerate(names)]
    report.append("Dee is to move")
    sess = session("colonization", names, 3, 9, [590000, 585000, 560000, 600000, 600000, 600000], True,
                   report=report, time="10+5", last=["Ann: colony on c4", "Bob: agricultural station on l6",
                                                     "Cy: industrial station on s4"])
    return status("colonization", None, sess, sc, "Dee to move")


def cornerport():
    pieces = {"h1": piece("white", "bishop", "white bishop (a freighter)", owner=0),
              "h8": piece("black", "bishop", "black bishop (a freighter)", owner=1)}
    sc = scene(8, 8, grid_cells(8, 8, pieces), one_board())
    report = ["White off the board: 8 patrol boats, 2 battle ships, 1 freighter; freighter on h1 (home h1)",
              "Black off the board: 8 patrol boats, 2 battle ships, 1 freighter; freighter on h8 (home h8)",
              "White is to move"]
    sess = session("cornerport", ["Ann", "Bob"], 0, 0, [600000, 600000], False, report=report, time="10+0")
    return status("cornerport", None, sess, sc, "Ann to move")


def sandkings():
    corners = [("a1", "b2", ["a2", "b1", "b3", "c2"]), ("a8", "b7", ["a7", "b6", "b8", "c7"]),
               ("h8", "g7", ["f7", "g6", "g8", "h7"]), ("h1", "g2", ["f2", "g1", "g3", "h2"])]
    pieces = {}
    for seat, (stinger, body, vertebrae) in enumerate(corners):
        colour = "white" if seat % 2 == 0 else "black"
        pieces[stinger] = piece(colour, "bishop", f"{colour} bishop (a stinger)", owner=seat)
        pieces[body] = piece(colour, "rook", f"{colour} rook (a body)", owner=seat)
        for v in vertebrae:
            pieces[v] = piece(colour, "pawn", f"{colour} pawn (a vertebra)", owner=seat)
    sc = scene(8, 8, grid_cells(8, 8, pieces), one_board())
    names = ["Ann", "Bob", "Cy", "Dee"]
    seats = ["South-west", "North-west", "North-east", "South-east"]
    report = [f"{n} ({'white' if i % 2 == 0 else 'black'}): 6 parts (a stinger, a body and 4 vertebrae), "
              "6 steps a turn" for i, n in enumerate(names)]
    report.append("Ann is to move: 0 of 6 steps made, 6 steps left this turn")
    sess = session("sandkings", names, 0, 0, [600000] * 4, False, report=report, time="10+0", seats=seats)
    return status("sandkings", None, sess, sc, "Ann to move")


def skirmish():
    # docs/control.md's example: Eve joined, Cy left; Cy's pieces are to come off.
    owners = {"a1": 0, "b1": 0, "a2": 0, "h1": 1, "g1": 1, "h2": 1, "a8": 3, "b8": 3, "a7": 3}
    pieces = {c: piece("white", "pawn", owner=o) for c, o in owners.items()}
    why = "Cy left the game; their pieces leave the board with them"
    fix = [{"cell": c, "do": "take-off", "why": why} for c in ["h7", "g8", "h8"]]
    sc = scene(8, 8, grid_cells(8, 8, pieces), one_board(), fix=fix)
    names = ["Ann", "Bob", "Cy", "Dee", "Eve"]
    sess = session("skirmish", names, 0, 2, [600000] * 5, False, time="10+5",
                   state="8x8 p0,p0,l0,p0,n0 0 dd....../d......./......../......../......../......../a......b/aa....bb",
                   last=["Eve joins", "Cy leaves"])
    sess["inGame"] = [True, True, False, True, True]
    return status("skirmish", None, sess, sc,
                  "the boards to be put right: take the piece off h7; take the piece off g8; take the piece off h8")


def colonization16():
    # Sixteen players on eight boards, 4 x 2 (32x16), each with a home planet
    # placed: every seat's colour, and boards in two rows.
    pieces = {}
    for seat in range(16):
        colour = "white" if seat % 2 == 0 else "black"
        c = cell_name(2 + 8 * (seat % 4) + (seat // 8) * 3, 2 + 8 * ((seat // 4) % 2) + (seat // 8) * 2)
        pieces[c] = piece(colour, "bishop", f"{colour} bishop (a home planet)", owner=seat, letter="B")
    used = lambda f, r: 0 <= f < 32 and 0 <= r < 16
    boards = []
    for row in (1, 0):  # labels go in reading order: the top row first
        for col in range(4):
            n = cell_name(8 * col, 8 * row)
            boards.append(board(n, "board " + "ABCDEFGH"[len(boards)], 8,
                                (lambda x, y: lambda sf, sr: (sf + x, sr + y))(8 * col, 8 * row), used))
    sc = scene(32, 16, grid_cells(32, 16, pieces), boards, last=[cell_name(2 + 8 * 3 + 3, 2 + 8 + 2)])
    names = [f"Player {i + 1}" for i in range(16)]
    sess = session("colonization", names, 0, 16, [600000] * 16, False, time="10+5",
                   report=[f"{n}: playing, 1 piece on the board" for n in names] + ["Player 1 is to move"])
    return status("colonization", None, sess, sc, "Player 1 to move")


def fide_turned():
    # The start on a board lying turned round (rotation 180: its a1 on h8), so
    # that its own square names run backwards along the edges; and not connected.
    st = fide()
    b = board("main", None, 8, lambda sf, sr: (7 - sf, 7 - sr), lambda f, r: True)
    for sq in b["squares"]:
        sq["cell"] = cell_name(sq["file"], sq["rank"])
    b["connected"] = False
    st["scene"]["boards"] = [b]
    st["boards"][0].update(rotation=180, connected=False)
    return st


def main():
    out = os.path.join(HERE, "fixtures")
    os.makedirs(out, exist_ok=True)
    for make in [fide, csipgs, martian, konfusion, mobiatus, colonization, cornerport, sandkings, skirmish,
                 colonization16, fide_turned]:
        with open(os.path.join(out, make.__name__.replace("_", "-") + ".json"), "w", encoding="utf-8") as f:
            f.write(dump(make()))


def dump(status):
    """JSON with one cell or square a line: readable, and a diff names the cell."""
    one = lambda v: json.dumps(v, ensure_ascii=False)
    rows = lambda items, pad: (",\n" + pad).join(one(i) for i in items)
    sc = status["scene"]
    boards = ",\n".join(
        "   {" + ", ".join(f"{one(k)}: {one(v)}" for k, v in b.items() if k != "squares") +
        ',\n    "squares": [\n     ' + rows(b["squares"], "     ") + "]}" for b in sc["boards"])
    scene = ("{" + ", ".join(f"{one(k)}: {one(sc[k])}" for k in ("files", "ranks", "ring")) +
             ',\n  "cells": [\n   ' + rows(sc["cells"], "   ") + "],\n" +
             '  "boards": [\n' + boards + "],\n" +
             f'  "lastAction": {one(sc["lastAction"])}, "toFix": [' +
             (("\n   " + rows(sc["toFix"], "   ")) if sc["toFix"] else "") + "]}")
    rest = {k: v for k, v in status.items() if k != "scene"}
    text = json.dumps(rest, indent=1, ensure_ascii=False)
    return text[:-2] + ',\n "scene": ' + scene + "\n}\n"


if __name__ == "__main__":
    main()
