// The hall in a real browser: a real broker (mosquitto), eight real tables
// of eight games (arbiter-vboards and arbiterd publishing with --mqtt), and
// arbiter-web --hall following the broker (live_hall.mjs). Run by the ctest
// web_hall_in_chromium, with the same programs as page.test.mjs; a 1280x900
// screenshot of the hall goes to $PAGE_SHOTS/hall.png (docs/web/hall.png is one).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { launch, CHROMIUM } from "./browser.mjs";
import { LiveTable, programsKnown } from "./live_table.mjs";
import { LiveHall, MOSQUITTO } from "./live_hall.mjs";

const SHOTS = process.env.PAGE_SHOTS || "/tmp/arbiter-page-shots";
const have = (cmd) => spawnSync("sh", ["-c", `command -v ${cmd}`]).status === 0;

// Each table's name and game; Colonization with three players.
const TABLES = [
  ["board-1", ["--game", "fide"]], ["board-2", ["--game", "csipgs"]],
  ["board-3", ["--game", "martian"]], ["board-4", ["--game", "konfusion"]],
  ["board-5", ["--game", "mobiatus"]], ["board-6", ["--game", "colonization", "--players", "3"]],
  ["board-7", ["--game", "cornerport"]], ["board-8", ["--game", "sandkings"]],
];

function missing() {
  const lacks = [];
  if (!have(CHROMIUM)) lacks.push("chromium (apt-get install chromium, or CHROMIUM=path)");
  if (!existsSync(MOSQUITTO)) lacks.push("mosquitto (apt-get install mosquitto, or MOSQUITTO=path)");
  if (!have("mosquitto_pub")) lacks.push("mosquitto_pub (apt-get install mosquitto-clients)");
  if (typeof WebSocket === "undefined") lacks.push("node's WebSocket (node --experimental-websocket on Node 20, or Node 22)");
  if (!programsKnown) lacks.push("the programs: ARBITERD, ARBITER_VBOARD, ARBITER_WEB and ARBITERCTL (built; the ctest sets them)");
  return lacks;
}

let browser, hall;
const tables = new Map(); // name -> LiveTable

before(async () => {
  const lacks = missing();
  if (lacks.length) throw new Error(`the hall's browser test needs ${lacks.join("; ")}`);
  mkdirSync(SHOTS, { recursive: true });
  const launched = launch({ width: 1280, height: 900 });
  hall = await LiveHall.open();
  // Every table at once: each is its own processes.
  await Promise.all(TABLES.map(async ([name, args]) => {
    tables.set(name, await LiveTable.open(args, { daemonExtra: hall.tableOptions(name), web: false }));
  }));
  browser = await launched;
});

after(async () => {
  await Promise.all([...tables.values()].map((t) => t.close()));
  await browser?.close();
  await hall?.close();
});

const tile = (name) => `document.querySelector('.tile[data-table="${name}"]')`;

test("the hall: a tile per table with its game, a move reaching its tile, its page and its record", async () => {
  await browser.goto(hall.url);
  // Every tile, each naming its table's game, with its board drawn.
  for (const [name, args] of TABLES) {
    const game = args[1];
    await browser.waitFor(`${tile(name)}?.dataset.game === ${JSON.stringify(game)}`, 15000);
    assert.equal(await browser.eval(`${tile(name)}.querySelector(".game").textContent`), game);
    assert.equal(await browser.eval(`${tile(name)}.querySelector(".online").textContent`), "online");
    // The board, fetched by the tile in sight (the hall's stream leaves boards out).
    await browser.waitFor(`${tile(name)}.querySelector(".mini svg.scene [data-cell]")`);
    assert.equal(await browser.eval(`${tile(name)}.getAttribute("href")`), `tables/${name}/`);
  }
  assert.equal(await browser.eval(`document.querySelectorAll(".tile").length`), TABLES.length);
  assert.match(await browser.eval(`document.getElementById("hall-count").textContent`), /8 tables, 8 online/);

  // A move on the chess table's board: its tile shows it, the piece on e4.
  const chess = tables.get("board-1");
  chess.type("e2-e4");
  await chess.said("1. e4");
  await browser.waitFor(`${tile("board-1")}.querySelector(".last-action").textContent.includes("1. e4")`);
  await browser.waitFor(`${tile("board-1")}.querySelector('[data-cell="e4"] [data-piece]')`);
  await browser.waitFor(`${tile("board-1")}.querySelector(".clocks li.to-move .name")?.textContent === "Black"`);
  await browser.screenshot(join(SHOTS, "hall.png"));
  // On a phone: one tile across.
  await browser.send("Emulation.setDeviceMetricsOverride", { width: 390, height: 844, deviceScaleFactor: 1, mobile: true });
  await browser.waitFor(`${tile("board-1")}.getBoundingClientRect().width > 300 && ${tile("board-2")}.getBoundingClientRect().top > ${tile("board-1")}.getBoundingClientRect().bottom`);
  await browser.screenshot(join(SHOTS, "hall-phone.png"));
  await browser.send("Emulation.setDeviceMetricsOverride", { width: 1280, height: 900, deviceScaleFactor: 1, mobile: false });

  // Its record as broadcast tools read it.
  const record = await fetch(`${hall.url}tables/board-1/record`);
  assert.equal(record.status, 200);
  assert.equal(record.headers.get("content-type"), "application/x-chess-pgn");
  assert.match(await record.text(), /1\. e4/);
  const broadcast = await (await fetch(`${hall.url}broadcast.pgn`)).text();
  assert.match(broadcast, /1\. e4/);

  // The tile opens the table's own page, read-only: the pieces, no sign-in.
  await browser.eval(`${tile("board-1")}.click()`);
  await browser.waitFor(`location.pathname === "/tables/board-1/"`);
  await browser.waitFor(`document.getElementById("link-state").textContent === "live" && document.querySelector('#surface [data-cell="e4"] [data-piece]')`, 10000);
  assert.ok((await browser.eval(`document.querySelectorAll("#surface [data-piece]").length`)) >= 32);
  assert.match(await browser.eval(`document.getElementById("game-name").textContent`), /^fide/);
  assert.equal(await browser.eval(`document.getElementById("player").hidden`), true);
  assert.equal(await browser.eval(`document.getElementById("nav-games").hidden`), true);
  assert.equal(await browser.eval(`document.getElementById("nav-hall").hidden`), false);
  // The next move reaches the open page through the broker.
  chess.type("e7-e5");
  await chess.said("1... e5");
  await browser.waitFor(`document.querySelector('#surface [data-cell="e5"] [data-piece]') && document.getElementById("announcements").textContent.includes("1... e5")`);
  const refused = await fetch(`${hall.url}tables/board-1/api/do`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ action: "resign" }) });
  assert.equal(refused.status, 403);
  assert.match((await refused.json()).error, /read-only/);
  await browser.screenshot(join(SHOTS, "hall-table.png"));
});

test("bad messages on the broker change nothing and are logged once", async () => {
  const before_ = await hall.api();
  for (let i = 0; i < 3; i++) {
    hall.publish("arbiter/tables/board-1/state", "not json");
    hall.publish("arbiter/tables/board-1/state", JSON.stringify({ table: "board-2", run: 1, seq: 1, status: {} }));
    hall.publish("arbiter/tables/bad name/state", "{}");
  }
  // A message published after them, by a table of its own, comes through: they were all read.
  hall.publish("arbiter/tables/late/online", JSON.stringify({ table: "late", online: true, run: 1, since: 1 }));
  for (const deadline = Date.now() + 15000; ; await new Promise((r) => setTimeout(r, 50))) {
    if ((await hall.api()).tables.some((t) => t.table === "late")) break;
    assert.ok(Date.now() < deadline, "the good message never arrived");
  }
  const after_ = await hall.api();
  assert.deepEqual(after_.tables.find((t) => t.table === "board-1").status.scene,
    before_.tables.find((t) => t.table === "board-1").status.scene);
  assert.equal(after_.ignored.bad - before_.ignored.bad, 9);
  const logged = hall.web.lines.filter((l) => l.includes("ignored a message on"));
  assert.equal(logged.length, 3, logged.join("\n"));
});
