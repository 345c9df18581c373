// The hall page: a tile per table of the broker, kept live through the
// hall's /events (Server-Sent Events: "broker", "table" with a table's
// whole tile, "action" with its last announcement); each tile ticks its
// clocks between snapshots and links to the table's own page.
import { drawScene, withCellsShown } from "./scene.js";
import { Clocks } from "./clock.js";
import { seatSwatch } from "./pieces.js";

const $ = (id) => document.getElementById(id);
const tiles = new Map(); // table name -> { element, tile, clocks }

function child(parent, tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  parent.appendChild(e);
  return e;
}

// What a tile shows as the table's last action: its last announcement, else
// the last move its status lists.
function lastText(tile) {
  if (tile.lastEvent && (tile.lastEvent.text || tile.lastEvent.event)) return tile.lastEvent.text || tile.lastEvent.event;
  const moves = (tile.status && tile.status.session && tile.status.session.lastMoves) || [];
  return moves.length ? moves[moves.length - 1] : "";
}

// The hall's stream leaves the boards out (a thousand tables' would be
// megabytes to every page that opens): each tile in sight fetches its
// table's status when the stream says it changed (its seq), and draws that.
const inSight = new IntersectionObserver((seen) => {
  for (const e of seen) {
    const entry = tiles.get(e.target.dataset.table);
    if (!entry) continue;
    entry.inSight = e.isIntersecting;
    if (entry.inSight) fetchScene(entry);
  }
}, { rootMargin: "200px" });

async function fetchScene(entry) {
  const wanted = `${entry.tile.run}/${entry.tile.seq}`;
  if (!entry.inSight || entry.fetching || entry.drawn === wanted) return;
  entry.fetching = true;
  try {
    const reply = await fetch(`tables/${encodeURIComponent(entry.tile.table)}/api/status`);
    if (reply.ok) {
      drawMini(entry.element.querySelector(".mini"), await reply.json());
      entry.drawn = wanted;
    }
  } catch {
    // the next change, or the tile coming into sight again, asks again
  } finally {
    entry.fetching = false;
  }
  // Changed again while it was fetched: the newer one.
  if (wanted !== `${entry.tile.run}/${entry.tile.seq}`) fetchScene(entry);
}

function drawMini(box, status) {
  box.replaceChildren();
  if (!status) return;
  if (status.scene && withCellsShown(status.scene).cells.length) {
    const players = ((status.session && status.session.players) || []).length;
    box.appendChild(drawScene(status.scene, { game: status.game, players, label: `${status.game} position` }));
  } else {
    const lines = (status.session && status.session.report) || [];
    child(box, "pre", "report-mini", lines.length ? lines.join("\n") : "no board");
  }
}

function drawClocks(list, status, entry) {
  list.replaceChildren();
  const s = status && status.session;
  entry.clocks = new Clocks(s || null, performance.now());
  if (!s) return;
  (s.players || []).forEach((name, seat) => {
    const li = child(list, "li");
    if (!s.over && seat === s.toMove) li.classList.add("to-move");
    if (s.inGame && s.inGame[seat] === false) li.classList.add("out");
    child(li, "span", "swatch").style.background = seatSwatch(status.game, seat);
    child(li, "span", "name", name);
    child(li, "span", "time").dataset.seat = seat;
  });
}

function tileElement(name) {
  const a = document.createElement("a");
  a.className = "tile";
  a.href = `tables/${encodeURIComponent(name)}/`;
  a.dataset.table = name;
  const top = child(a, "div", "top");
  child(top, "span", "name", name);
  child(top, "span", "online");
  child(top, "span", "game");
  child(a, "div", "mini");
  child(a, "ul", "clocks");
  child(a, "div", "last-action");
  child(a, "div", "result");
  return a;
}

// Tiles stay in the order of the tables' names, as /api/hall lists them.
function placeTile(element, name) {
  const after = [...$("tiles").children].find((t) => t.dataset.table > name);
  $("tiles").insertBefore(element, after || null);
}

function showTile(tile) {
  let entry = tiles.get(tile.table);
  if (!entry) {
    entry = { element: tileElement(tile.table), clocks: new Clocks(null, 0) };
    tiles.set(tile.table, entry);
    placeTile(entry.element, tile.table);
    inSight.observe(entry.element);
  }
  entry.tile = tile;
  const a = entry.element;
  const status = tile.status;
  const s = status && status.session;
  a.dataset.online = tile.online === false ? "false" : "true";
  a.querySelector(".online").textContent = tile.online === false ? "offline" : "online";
  a.querySelector(".game").textContent = (status && status.game) || "";
  a.dataset.game = (status && status.game) || "";
  fetchScene(entry);
  drawClocks(a.querySelector(".clocks"), status, entry);
  if (tile.online === false) entry.clocks.running = false;
  a.querySelector(".last-action").textContent = lastText(tile);
  a.querySelector(".result").textContent = s && s.result ? s.result.text : "";
  showCount();
  tick();
}

function showAction(action) {
  const entry = tiles.get(action.table);
  if (!entry) return;
  entry.tile.lastEvent = action.event;
  entry.element.querySelector(".last-action").textContent = lastText(entry.tile);
}

function showCount() {
  const n = tiles.size;
  const online = [...tiles.values()].filter((e) => e.tile.online !== false).length;
  $("hall-count").textContent = `${n} table${n === 1 ? "" : "s"}, ${online} online`;
  $("no-tables").hidden = n > 0;
}

function tick() {
  const now = performance.now();
  for (const entry of tiles.values()) {
    for (const time of entry.element.querySelectorAll(".time")) {
      const text = entry.clocks.read(Number(time.dataset.seat), now);
      if (time.textContent !== text) time.textContent = text;
    }
  }
}

function setLink(live) {
  $("link-state").textContent = live ? "live" : "connection lost, reconnecting";
  $("link-state").className = live ? "live" : "lost";
}

function showBroker(broker) {
  $("broker-state").hidden = broker.connected !== false;
  $("broker-state").textContent = broker.connected === false ? `no broker: ${broker.reason || ""}` : "";
  if (broker.connected === false) for (const entry of tiles.values()) entry.clocks.running = false;
}

function connect() {
  const events = new EventSource("events");
  events.addEventListener("open", () => setLink(true));
  events.addEventListener("broker", (e) => showBroker(JSON.parse(e.data)));
  events.addEventListener("table", (e) => showTile(JSON.parse(e.data)));
  events.addEventListener("action", (e) => showAction(JSON.parse(e.data)));
  events.addEventListener("error", () => {
    setLink(false);
    if (events.readyState === EventSource.CLOSED) setTimeout(connect, 2000);
  });
}

showCount();
connect();
setInterval(tick, 200);
