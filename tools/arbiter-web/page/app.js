// The live page: follows the table through /events (Server-Sent Events),
// draws each snapshot, ticks the clocks between them, and sends what a
// player says (sign-in, actions) to the server, showing its refusals as the
// server words them.
import { drawScene, setShape, withCellsShown } from "./scene.js";
import { Clocks } from "./clock.js";
import { seatSwatch } from "./pieces.js";
import { startReplay } from "./replay.js";

const $ = (id) => document.getElementById(id);
const MAX_ANNOUNCEMENTS = 100;

const page = {
  status: null, // the last snapshot
  clocks: new Clocks(null, 0),
  me: null, // {player, name} once signed in
  events: null, // the EventSource
};

// Text into an element; never markup, since names come from players.
function setText(id, text) {
  $(id).textContent = text ?? "";
}

// The options drawScene needs beyond the scene: the game and who sits.
function drawOptions(status) {
  const session = status.session || {};
  return { game: status.game, players: (session.players || []).length };
}

function showScene(status) {
  const surface = $("surface");
  surface.replaceChildren();
  if (status.scene && withCellsShown(status.scene).cells.length) {
    const svg = drawScene(status.scene, drawOptions(status));
    markMachineMove(svg, status);
    surface.appendChild(svg);
    setShape($("live-view"), svg);
  } else {
    const note = document.createElement("p");
    note.className = "no-board";
    note.textContent = status.game ? `${status.game} is played without a board.` : "No game yet.";
    surface.appendChild(note);
    // A game without a board (Power Coinz) is its report: shown here, large
    // enough to read across the room, where a board would be.
    const lines = (status.session && status.session.report) || [];
    if (lines.length) {
      const report = document.createElement("pre");
      report.className = "report-large";
      report.textContent = lines.join("\n");
      surface.appendChild(report);
    }
  }
}

function turnText(status) {
  const s = status.session;
  if (!s) return status.waitingForStart ? "Waiting for the start position" : "";
  if (s.over) return "Game over";
  if (status.waitingForStart) return "Waiting for the start position";
  const name = (s.players || [])[s.toMove];
  if (!name) return "";
  // The machine's seat (docs/machine.md): thinking, then what to make for it.
  const machine = status.machine;
  if (machine && machine.chosen && machine.chosen.seat === s.toMove)
    return `${name} (machine) plays ${machine.chosen.notation}: make it on the board`;
  if (machine && machine.thinking === s.toMove) return `${name} (machine) is thinking`;
  return `${name} to move`;
}

// The cells of the action the machine chose, outlined where the hands make it.
function markMachineMove(svg, status) {
  const chosen = status.machine && status.machine.chosen;
  for (const cell of (chosen && chosen.cells) || []) {
    const g = svg.querySelector(`[data-cell="${CSS.escape(cell)}"]`);
    if (!g) continue;
    const mark = document.createElementNS("http://www.w3.org/2000/svg", "rect");
    for (const [k, v] of Object.entries({ x: 4, y: 4, width: 92, height: 92, class: "machine-move" }))
      mark.setAttribute(k, String(v));
    g.appendChild(mark);
  }
}

function showClocks(status) {
  const list = $("clocks");
  list.replaceChildren();
  const s = status.session;
  if (!s) return;
  (s.players || []).forEach((name, seat) => {
    const li = document.createElement("li");
    li.dataset.seat = seat;
    if (!s.over && seat === s.toMove) li.classList.add("to-move");
    if (s.inGame && s.inGame[seat] === false) li.classList.add("out");
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.style.background = seatSwatch(status.game, seat);
    const who = document.createElement("span");
    who.className = "name";
    who.textContent = name;
    const time = document.createElement("span");
    time.className = "time";
    time.id = `clock-${seat}`;
    li.append(swatch, who);
    // Scores as the game counts them (pips, points captured); chess has none.
    if ((s.scores || []).some((n) => n)) {
      const score = document.createElement("span");
      score.className = "score";
      score.id = `score-${seat}`;
      score.textContent = String(s.scores[seat] ?? "");
      li.append(score);
    }
    li.append(time);
    list.appendChild(li);
  });
  page.clocks = new Clocks(s, performance.now());
  tick();
}

// Called often: only the text of the clocks changes between snapshots.
function tick() {
  const s = page.status && page.status.session;
  if (!s) return;
  const now = performance.now();
  (s.players || []).forEach((_, seat) => {
    const time = $(`clock-${seat}`);
    if (!time) return;
    const text = page.clocks.read(seat, now);
    if (time.textContent !== text) time.textContent = text;
    time.parentElement.classList.toggle("low", page.clocks.known && page.clocks.remaining(seat, now) < 60000);
  });
}

function showFixes(scene) {
  const fixes = (scene && scene.toFix) || [];
  const list = $("fixes");
  list.replaceChildren();
  for (const f of fixes) {
    const li = document.createElement("li");
    // The scene's own words for the step ("take the white pawn off e5");
    // only a step without them is named by its kind.
    li.textContent = `${f.cell}: ${f.text || f.do}`;
    list.appendChild(li);
  }
  $("fix-section").hidden = fixes.length === 0;
}

function showReport(session) {
  const lines = (session && session.report) || [];
  setText("report", lines.join("\n"));
  $("report-section").hidden = lines.length === 0;
}

// The announcements list starts from the snapshot's last moves, so that a
// page opened mid-game (or reconnected) is not blank; events add to its top.
function seedAnnouncements(session) {
  const list = $("announcements");
  if (list.children.length || !session) return;
  for (const text of session.lastMoves || []) addAnnouncement({ text });
}

function addAnnouncement(event) {
  const list = $("announcements");
  const li = document.createElement("li");
  li.textContent = event.text || event.event || "";
  if (event.event) li.dataset.event = event.event;
  list.insertBefore(li, list.firstChild);
  while (list.children.length > MAX_ANNOUNCEMENTS) list.lastChild.remove();
}

function showSeats(session) {
  const select = $("seat");
  const players = (session && session.players) || [];
  const chosen = select.value;
  select.replaceChildren();
  const toMove = document.createElement("option");
  toMove.value = "";
  toMove.textContent = "the player to move";
  select.appendChild(toMove);
  players.forEach((name, seat) => {
    const o = document.createElement("option");
    o.value = String(seat);
    o.textContent = name;
    select.appendChild(o);
  });
  select.value = chosen && Number(chosen) < players.length ? chosen : "";
}

function applySnapshot(status) {
  page.status = status;
  const s = status.session;
  setText("game-name", status.game ? status.game + (s && s.time ? `, ${s.time}` : "") : "arbiter");
  setText("turn", turnText(status));
  setText("result", s && s.result ? s.result.text : "");
  setText("awaited", status.awaited || "");
  showScene(status);
  showClocks(status);
  showFixes(status.scene);
  showReport(s);
  seedAnnouncements(s);
  showSeats(s);
}

// The page's own link to the server: "live" or, while EventSource retries,
// "connection lost, reconnecting"; the next snapshot catches the page up.
function setLink(live) {
  const link = $("link-state");
  link.textContent = live ? "live" : "connection lost, reconnecting";
  link.className = live ? "live" : "lost";
}

// A page of the hall (docs/hall.md) follows the table through the broker and
// may change nothing: no sign-in, no actions, no recorded games; a link
// back to the hall instead.
function setReadOnly() {
  $("player").hidden = true;
  $("nav-games").hidden = true;
  $("nav-hall").hidden = false;
  if (location.hash === "#games") location.hash = "#live";
}

// The server's link to arbiterd, which it reports as `link` events (in the
// hall, the broker's word on the table, with readOnly).
// While it is down the snapshot may be stale, so the clocks stop counting.
function setDaemonLink(link) {
  if (link.readOnly) setReadOnly();
  if (link.connected === false) page.clocks.running = false;
  const state = $("daemon-state");
  state.hidden = link.connected !== false;
  state.textContent = link.connected === false ? `no table: ${link.reason || "arbiterd is not answering"}` : "";
}

// The stream is opened anew on signing in or out: the cookie it is opened
// with says whose view it carries.
function connect() {
  if (page.events) page.events.close();
  const events = new EventSource("events");
  page.events = events;
  events.addEventListener("open", () => setLink(true));
  events.addEventListener("snapshot", (e) => {
    setLink(true);
    applySnapshot(JSON.parse(e.data));
  });
  events.addEventListener("announcement", (e) => addAnnouncement(JSON.parse(e.data)));
  events.addEventListener("link", (e) => setDaemonLink(JSON.parse(e.data)));
  events.addEventListener("error", () => {
    setLink(false);
    // EventSource retries by itself unless the server answered with an
    // error status; then only a new one reconnects.
    if (events.readyState === EventSource.CLOSED) {
      setTimeout(() => {
        if (page.events === events) connect();
      }, 2000);
    }
  });
}

async function post(path, body) {
  const reply = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    credentials: "same-origin",
    body: JSON.stringify(body || {}),
  });
  let data = {};
  try {
    data = await reply.json();
  } catch {
    data = { error: `the server answered ${reply.status} ${reply.statusText}` };
  }
  if (!reply.ok && !data.error) data.error = `the server answered ${reply.status} ${reply.statusText}`;
  return data;
}

// Who signed in is remembered for the tab, so that a reload still shows it;
// the server's cookie, not this, is what lets a player act.
function showSignedIn(me) {
  page.me = me;
  if (me) sessionStorage.setItem("arbiter-me", JSON.stringify(me));
  else sessionStorage.removeItem("arbiter-me");
  $("sign-in").hidden = Boolean(me);
  $("signed-in").hidden = !me;
  $("seat-label").hidden = Boolean(me);
  setText("me", me ? me.name : "");
}

async function signIn(event) {
  event.preventDefault();
  setText("sign-in-error", "");
  let reply;
  try {
    reply = await post("api/sign-in", { name: $("sign-in-name").value, secret: $("sign-in-secret").value });
  } catch (e) {
    reply = { error: `could not reach the server: ${e.message}` };
  }
  $("sign-in-secret").value = "";
  if (reply.error) return setText("sign-in-error", reply.error);
  showSignedIn({ player: reply.player, name: reply.name });
  connect();
}

async function signOut() {
  await post("api/sign-out", {}).catch(() => {});
  showSignedIn(null);
  connect();
}

// Says one action; a table that is not moderated takes the seat chosen.
async function say(action, extra = {}) {
  setText("action-error", "");
  setText("action-done", "");
  const body = { action, ...extra };
  const seat = $("seat").value;
  if (!page.me && seat !== "" && action !== "join") body.player = Number(seat);
  let reply;
  try {
    reply = await post("api/do", body);
  } catch (e) {
    reply = { error: `could not reach the server: ${e.message}` };
  }
  if (reply.error) setText("action-error", reply.error);
  else setText("action-done", reply.text || `done: ${action}`);
  return reply;
}

function wireForms() {
  $("sign-in").addEventListener("submit", signIn);
  $("sign-out").addEventListener("click", signOut);
  $("actions").addEventListener("submit", async (e) => {
    e.preventDefault();
    const text = $("action-text").value.trim();
    if (!text) return;
    const reply = await say(text);
    if (!reply.error) $("action-text").value = "";
  });
  for (const button of document.querySelectorAll("[data-action]")) {
    button.addEventListener("click", () => say(button.dataset.action));
  }
  $("join").addEventListener("click", () => say("join", { name: $("join-name").value.trim() }));
}

// Two views in one page: the table (#live) and the recorded games (#games).
function route() {
  const games = location.hash === "#games";
  $("live-view").hidden = games;
  $("games-view").hidden = !games;
  $("nav-live").toggleAttribute("aria-current", !games);
  $("nav-games").toggleAttribute("aria-current", games);
  if (games) $("nav-games").setAttribute("aria-current", "page");
  else $("nav-live").setAttribute("aria-current", "page");
  if (games) startReplay();
}

// A phone has no hover: a tap on a cell shows what its title says (its
// name, its board square, the piece, what to fix there).
function showCellInfo(event) {
  const cell = event.target.closest && event.target.closest("[data-cell]");
  const info = $("cell-info");
  const words = cell && cell.querySelector(":scope > title");
  info.hidden = !words;
  info.textContent = words ? words.textContent : "";
}

// A TV shows the page best without the browser's own bars.
function toggleFullScreen() {
  if (document.fullscreenElement) document.exitFullscreen();
  else document.documentElement.requestFullscreen().catch(() => {});
}

function main() {
  setLink(false);
  setText("link-state", "connecting");
  wireForms();
  $("full-screen").addEventListener("click", toggleFullScreen);
  $("surface").addEventListener("click", showCellInfo);
  showSignedIn(JSON.parse(sessionStorage.getItem("arbiter-me") || "null"));
  window.addEventListener("hashchange", route);
  route();
  connect();
  setInterval(tick, 100);
}

main();
