// The recorded games: the list from /api/games, and one game replayed
// position by position from /api/replay, each drawn with the live page's
// own drawing (scene.js).
import { drawScene, setShape } from "./scene.js";

const $ = (id) => document.getElementById(id);

const replay = { game: null, at: 0, listed: false };

function text(tag, words, className) {
  const node = document.createElement(tag);
  node.textContent = words ?? "";
  if (className) node.className = className;
  return node;
}

// One line of the list, in the words of `arbiterctl games`.
export function describeGame(g) {
  if (g.state === "damaged") return `damaged journal: ${g.problem || g.journal}`;
  const when = (g.started || "").replace("T", " ").slice(0, 16);
  const players = (g.players || []).join(" v ");
  let state = g.state || "";
  if ((g.state === "win" || g.state === "draw") && g.reason) {
    const winners = (g.winners || []).join(" and ");
    state = g.state === "win" ? `${winners} ${g.winners && g.winners.length > 1 ? "win" : "wins"} (${g.reason})` : `draw (${g.reason})`;
  }
  const moves = g.moves === undefined ? "" : `, ${g.moves} ${g.moves === 1 ? "move" : "moves"}`;
  return `${when}  ${g.game || ""}  ${players}  ${state}${moves}`.trim();
}

async function listGames() {
  const list = $("games-list");
  list.replaceChildren(text("li", "Loading the recorded games..."));
  let data;
  try {
    const reply = await fetch("api/games", { credentials: "same-origin" });
    data = await reply.json();
  } catch (e) {
    list.replaceChildren(text("li", `The games could not be listed: ${e.message}`, "damaged"));
    return;
  }
  list.replaceChildren();
  if (data.error) return list.appendChild(text("li", data.error, "damaged"));
  const games = (data.games || []).slice().reverse(); // newest first: the one just played is on top
  if (!games.length) list.appendChild(text("li", "No game has been recorded yet."));
  for (const g of games) {
    const li = document.createElement("li");
    if (g.state === "damaged") {
      li.appendChild(text("span", describeGame(g), "damaged"));
    } else {
      const button = text("button", describeGame(g));
      button.type = "button";
      button.dataset.journal = g.journal;
      button.addEventListener("click", () => openGame(g.journal));
      li.appendChild(button);
    }
    list.appendChild(li);
  }
  if (data.older) list.appendChild(text("li", `and ${data.older} older games`));
}

async function openGame(journal) {
  $("replay-error").textContent = "";
  let data;
  try {
    const reply = await fetch(`api/replay?journal=${encodeURIComponent(journal)}`, { credentials: "same-origin" });
    data = await reply.json();
  } catch (e) {
    data = { error: `the game could not be read: ${e.message}` };
  }
  if (data.error) {
    $("replay-controls").hidden = false;
    $("replay-error").textContent = data.error;
    return;
  }
  replay.game = data;
  for (const b of document.querySelectorAll("#games-list button")) {
    b.toggleAttribute("aria-current", b.dataset.journal === journal);
  }
  $("replay-controls").hidden = false;
  $("replay-title").textContent = `${data.game}: ${(data.players || []).join(" v ")}`;
  listMoves(data.positions || []);
  show(0);
}

// Every position as a button saying what led to it, to jump straight there.
function listMoves(positions) {
  const list = $("replay-moves");
  list.replaceChildren();
  positions.forEach((p, i) => {
    const button = text("button", i === 0 ? "The start" : p.said || `ply ${p.ply}`);
    button.type = "button";
    button.addEventListener("click", () => show(i));
    const li = document.createElement("li");
    li.appendChild(button);
    list.appendChild(li);
  });
}

function show(index) {
  const positions = (replay.game && replay.game.positions) || [];
  if (!positions.length) return;
  replay.at = Math.max(0, Math.min(positions.length - 1, index));
  const p = positions[replay.at];
  const surface = $("replay-surface");
  surface.replaceChildren();
  if (p.scene) {
    const svg = drawScene(p.scene, { game: replay.game.game, players: (replay.game.players || []).length });
    surface.appendChild(svg);
    setShape($("games-view"), svg);
  }
  $("replay-ply").textContent = `${replay.at} of ${positions.length - 1} (ply ${p.ply})`;
  $("replay-said").textContent = p.said || (replay.at === 0 ? "The start" : "");
  const atEnd = replay.at === positions.length - 1;
  $("replay-result").textContent = atEnd ? replay.game.result || "The game has no result yet." : "";
  [...$("replay-moves").children].forEach((li, i) => li.toggleAttribute("aria-current", i === replay.at));
  $("replay-first").disabled = $("replay-prev").disabled = replay.at === 0;
  $("replay-next").disabled = $("replay-last").disabled = atEnd;
}

function wire() {
  $("replay-first").addEventListener("click", () => show(0));
  $("replay-prev").addEventListener("click", () => show(replay.at - 1));
  $("replay-next").addEventListener("click", () => show(replay.at + 1));
  $("replay-last").addEventListener("click", () => show(Infinity));
  // Arrow keys step too, for a TV's remote or a keyboard across the room.
  document.addEventListener("keydown", (e) => {
    if ($("games-view").hidden || !replay.game || e.target.closest("input, select, textarea")) return;
    const step = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity }[e.key];
    if (step === undefined) return;
    e.preventDefault();
    show(Number.isFinite(step) ? replay.at + step : step < 0 ? 0 : Infinity);
  });
}

// Called each time the view is opened: the list is read again, since games end.
export function startReplay() {
  if (!replay.listed) wire();
  replay.listed = true;
  listGames();
}
