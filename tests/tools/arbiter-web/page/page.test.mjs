// The page in a real browser, against fake_server.py with each game's
// fixture as the table:
//   node --experimental-websocket --test tests/tools/arbiter-web/page/
// Screenshots go to $PAGE_SHOTS (default: a folder in /tmp), one per game.
// Skipped when chromium or python3 is missing.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { launch, CHROMIUM } from "./browser.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const SHOTS = process.env.PAGE_SHOTS || "/tmp/arbiter-page-shots";
const GAMES = ["fide", "csipgs", "martian", "konfusion", "mobiatus", "colonization", "cornerport", "sandkings", "skirmish",
  "colonization16", "fide-turned"];
const have = (cmd) => spawnSync("sh", ["-c", `command -v ${cmd}`]).status === 0;
const skip = !have(CHROMIUM) || !have("python3") || typeof WebSocket === "undefined"
  ? "needs chromium, python3 and node --experimental-websocket" : false;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

let browser;
const servers = [];

// Starts fake_server.py on a free port (it names it) with `fixture` as the table.
async function serve(fixture) {
  const proc = spawn("python3", [join(HERE, "fake_server.py"), "--fixture", fixture, "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  servers.push(proc);
  const line = await new Promise((resolve, reject) => {
    proc.stdout.once("data", (d) => resolve(String(d)));
    proc.once("exit", (code) => reject(new Error(`fake_server.py exited ${code}`)));
  });
  const url = /http:\/\/127\.0\.0\.1:\d+/.exec(line)[0];
  const post = (path, body) => fetch(url + path, { method: "POST", body: JSON.stringify(body || {}) });
  return { url, post };
}

const fixture = (name) => JSON.parse(readFileSync(join(HERE, "fixtures", `${name}.json`), "utf8"));

before(async () => {
  if (skip) return;
  mkdirSync(SHOTS, { recursive: true });
  browser = await launch({ width: 1280, height: 900 });
});

after(async () => {
  for (const s of servers) s.kill();
  if (browser) await browser.close();
});

for (const game of GAMES) {
  test(`${game}: the start drawn as its boards lie`, { skip }, async () => {
    const server = await serve(game);
    const status = fixture(game);
    await browser.goto(server.url + "/");
    await browser.waitFor(`document.querySelector("svg.scene") && document.getElementById("link-state").textContent === "live"`);
    const cells = await browser.eval(`document.querySelectorAll("[data-cell]").length`);
    assert.equal(cells, status.scene.cells.length);
    const pieces = status.scene.cells.filter((c) => c.piece).length;
    assert.equal(await browser.eval(`document.querySelectorAll("[data-cell] [data-piece]").length`), pieces);
    const boards = await browser.eval(`[...document.querySelectorAll(".board-name")].map((t) => t.textContent)`);
    assert.equal(boards.length, status.scene.boards.length);
    for (const cell of status.scene.lastAction) {
      assert.ok(await browser.eval(`document.querySelector('[data-cell="${cell}"]').hasAttribute("data-last")`), cell);
    }
    for (const fix of status.scene.toFix) {
      assert.ok(await browser.eval(`document.querySelector('[data-cell="${fix.cell}"][data-fix]') !== null`), fix.cell);
    }
    assert.equal(await browser.eval(`document.getElementById("turn").textContent`), `${status.session.players[status.session.toMove]} to move`);
    assert.equal(await browser.eval(`document.getElementById("clock-0").textContent`), status.session.clockText[0]);
    await browser.screenshot(join(SHOTS, `${game}.png`));
  });
}

test("a moderated player's page holds no piece on a square they do not see", { skip }, async () => {
  const server = await serve("csipgs");
  await browser.goto(server.url + "/");
  await browser.waitFor(`document.querySelector("svg.scene")`);
  const hidden = await browser.eval(`[...document.querySelectorAll("[data-cell]")].filter((g) => g.querySelector(".hidden")).length`);
  assert.equal(hidden, fixture("csipgs").scene.cells.filter((c) => c.hidden).length);
  assert.equal(await browser.eval(`[...document.querySelectorAll("[data-cell]")].filter((g) => g.querySelector(".hidden") && g.querySelector("[data-piece]")).length`), 0);
  assert.ok(await browser.eval(`document.querySelector('[data-cell="e4"] .impassable') !== null`));
  // A tap on a cell says what it is (a phone has no hover).
  await browser.eval(`document.querySelector('[data-cell="d2"] .piece').dispatchEvent(new MouseEvent("click", { bubbles: true }))`);
  assert.equal(await browser.eval(`document.getElementById("cell-info").textContent`), "d2 (main d2), white knight");
});

test("the running clock ticks and the others stand", { skip }, async () => {
  const server = await serve("fide"); // Bob to move, his clock running
  await browser.goto(server.url + "/");
  await browser.waitFor(`document.getElementById("clock-1")`);
  await browser.waitFor(`["4:59", "4:58"].includes(document.getElementById("clock-1").textContent)`, 3000);
  assert.equal(await browser.eval(`document.getElementById("clock-0").textContent`), "4:59");
  await server.post("/test/clock", { running: false });
  await sleep(300);
  const stopped = await browser.eval(`document.getElementById("clock-1").textContent`);
  await sleep(1200);
  assert.equal(await browser.eval(`document.getElementById("clock-1").textContent`), stopped);
});

test("announcements come newest on top, and a lost connection is said and caught up", { skip }, async () => {
  const server = await serve("fide");
  await browser.goto(server.url + "/");
  await browser.waitFor(`document.getElementById("link-state").textContent === "live"`);
  await server.post("/test/announce", { text: "1... e5 (e7e5). Ann 4:59, Bob 4:58" });
  await browser.waitFor(`document.querySelector("#announcements li")?.textContent.startsWith("1... e5")`);
  await server.post("/test/drop");
  await browser.waitFor(`document.getElementById("link-state").textContent === "connection lost, reconnecting"`, 3000);
  await browser.waitFor(`document.getElementById("link-state").textContent === "live"`, 5000);
});

test("a said action is refused with the server's reason, and a resignation shows the result", { skip }, async () => {
  const server = await serve("fide");
  await browser.goto(server.url + "/");
  await browser.waitFor(`document.getElementById("link-state").textContent === "live"`);
  await browser.eval(`document.getElementById("action-text").value = "e7e6"; document.querySelector("#actions button[type=submit]").click()`);
  await browser.waitFor(`document.getElementById("action-error").textContent === '"e7e6" is not a legal action now'`);
  await browser.eval(`document.getElementById("sign-in-name").value = "Bob"; document.getElementById("sign-in-secret").value = "wrong"; document.querySelector("#sign-in button").click()`);
  await browser.waitFor(`document.getElementById("sign-in-error").textContent === 'wrong secret for "Bob"'`);
  await browser.eval(`document.getElementById("sign-in-secret").value = "secret"; document.querySelector("#sign-in button").click()`);
  await browser.waitFor(`document.getElementById("me").textContent === "Bob" && !document.getElementById("signed-in").hidden`);
  // The stream is opened again with the cookie: it carries the player's view.
  await browser.waitFor(`document.getElementById("awaited").textContent === "Bob's own view"`);
  // Signed in, the form is gone from sight, not only marked hidden.
  assert.equal(await browser.eval(`getComputedStyle(document.getElementById("sign-in")).display`), "none");
  await browser.eval(`document.querySelector('[data-action="resign"]').click()`);
  await browser.waitFor(`document.getElementById("result").textContent === "Game over: Bob resigned. Ann wins."`);
  await browser.screenshot(join(SHOTS, "fide-result.png"));
});

test("recorded games: listed, opened and stepped through", { skip }, async () => {
  const server = await serve("fide");
  await browser.goto(server.url + "/#games");
  await browser.waitFor(`document.querySelector('#games-list button[data-journal="konfusion"]')`);
  await browser.eval(`document.querySelector('#games-list button[data-journal="konfusion"]').click()`);
  await browser.waitFor(`document.querySelector("#replay-surface svg.scene") && document.getElementById("replay-ply").textContent.startsWith("0 of")`);
  await browser.eval(`document.querySelector('#games-list button[data-journal="mobiatus"]').click()`);
  await browser.waitFor(`document.getElementById("replay-ply").textContent.startsWith("0 of 1")`);
  await browser.eval(`document.getElementById("replay-next").click()`);
  await browser.waitFor(`document.getElementById("replay-said").textContent === "Bob: d15-c13"`);
  assert.ok(await browser.eval(`document.querySelector('#replay-surface [data-cell="c13"][data-last]') !== null`));
  await browser.eval(`document.querySelector("#replay-moves li button").click()`);
  await browser.waitFor(`document.getElementById("replay-said").textContent === "The start"`);
  await browser.eval(`document.getElementById("replay-last").click()`);
  await browser.screenshot(join(SHOTS, "replay.png"));
});

test("on a phone the surface comes first and the panel below it", { skip }, async () => {
  const server = await serve("konfusion");
  const phone = await launch({ width: 390, height: 844 });
  try {
    await phone.goto(server.url + "/");
    await phone.waitFor(`document.querySelector("svg.scene")`);
    const [surface, side] = await phone.eval(`[".surface", ".side"].map((s) => document.querySelector(s).getBoundingClientRect().toJSON())`);
    assert.ok(side.top >= surface.bottom - 1, `side at ${side.top}, surface ends at ${surface.bottom}`);
    assert.ok(surface.width <= 390);
    await phone.screenshot(join(SHOTS, "konfusion-phone.png"));
  } finally {
    await phone.close();
  }
});
