// The page's pure parts, without a browser:
//   node --test tests/tools/arbiter-web/page/units.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { formatClock, Clocks } from "../../../../tools/arbiter-web/page/clock.js";
import { pipsOf, kindOf } from "../../../../tools/arbiter-web/page/pieces.js";
import { describeGame } from "../../../../tools/arbiter-web/page/replay.js";

test("clocks read as arbiterd's readClock: rounded up, tenths below a minute, hours", () => {
  assert.equal(formatClock(300000), "5:00");
  assert.equal(formatClock(299001), "5:00");
  assert.equal(formatClock(299000), "4:59");
  assert.equal(formatClock(60000), "1:00");
  assert.equal(formatClock(59999), "1:00"); // 600 tenths, rounded up: a minute
  assert.equal(formatClock(59900), "0:59.9");
  assert.equal(formatClock(9401), "0:09.5");
  assert.equal(formatClock(1), "0:00.1");
  assert.equal(formatClock(0), "0:00.0");
  assert.equal(formatClock(-5000), "0:00.0");
  assert.equal(formatClock(3723000), "1:02:03");
});

test("only the running clock of the seat to move counts down", () => {
  const c = new Clocks({ clock: [300000, 300000], clockText: ["5:00", "5:00"], clockRunning: true, toMove: 1 }, 1000);
  assert.equal(c.read(0, 3500), "5:00");
  assert.equal(c.read(1, 3500), "4:58");
  const stopped = new Clocks({ clock: [300000, 300000], clockRunning: false, toMove: 1 }, 1000);
  assert.equal(stopped.read(1, 9000), "5:00");
  const unknown = new Clocks({ clock: [0, 0], clockText: ["?", "?"], clockKnown: false, clockRunning: true, toMove: 0 }, 0);
  assert.equal(unknown.read(0, 5000), "?");
  const over = new Clocks({ clock: [1000, 1000], clockRunning: true, over: true, toMove: 0 }, 0);
  assert.equal(over.read(0, 900), "0:01.0");
});

test("pieces' names give pips and kinds", () => {
  assert.equal(pipsOf("white queen (a 5)"), 5);
  assert.equal(pipsOf("black pawn (a 1)"), 1);
  assert.equal(pipsOf("white pawn"), 0);
  assert.equal(kindOf("white rook (an agricultural station)"), "agricultural station");
  assert.equal(kindOf("black bishop (a freighter)"), "freighter");
  assert.equal(kindOf("white bishop (a home planet)"), "home planet");
  assert.equal(kindOf("drone (knight or rook)"), "knight or rook");
  assert.equal(kindOf("white pawn"), "");
});

test("a recorded game is described as arbiterctl games says it", () => {
  assert.equal(describeGame({ started: "2026-11-21T21:40:02", game: "fide", players: ["Ann", "Bob"], state: "win",
    winners: ["Bob"], reason: "checkmate", moves: 2 }), "2026-11-21 21:40  fide  Ann v Bob  Bob wins (checkmate), 2 moves");
  assert.equal(describeGame({ state: "damaged", journal: "/g/old.jsonl", problem: "/g/old.jsonl:3: not a JSON object" }),
    "damaged journal: /g/old.jsonl:3: not a JSON object");
});
