// What a game marks on its cells besides the pieces, drawn under them in a
// cell's 100 x 100 box: Cornerport's ports and deep water, Konfusion's
// keyposts, Martian Chess's canals, Möbiatus's circles. The scene does not
// carry these: they are fixed by each game's rules (docs/rules/), so the page
// knows them as the players do.
import { el, label } from "./svg.js";

const U = 100;

// Cornerport: the corners are ports (White's h1 and a8, Black's a1 and h8),
// the centre 4x4 (c3-f6) deep water.
const PORTS = { h1: "white", a8: "white", a1: "black", h8: "black" };
function cornerport(c) {
  const out = [];
  if (c.file >= 2 && c.file <= 5 && c.rank >= 2 && c.rank <= 5) {
    out.push(el("rect", { width: U, height: U, class: "deep-water" }));
  }
  const port = PORTS[c.cell];
  if (port) {
    out.push(el("rect", { x: 6, y: 6, width: U - 12, height: U - 12, rx: 10, class: `port port-${port}` }));
    out.push(label(`${port} port`, U / 2, U - 14, { class: "port-name" }));
  }
  return out;
}

// Konfusion: each seated side has keyposts on its corners and its middle two
// squares (South: a1, e1, f1, j1); sides seat South, West, North, East in turn.
const SIDES = { S: ["rank", 0], W: ["file", 0], N: ["rank", 9], E: ["file", 9] };
const SEATED = { 2: "SN", 3: "SWN", 4: "SWNE" };
function konfusion(c, info) {
  const seated = [...(SEATED[info.players] || SEATED[4])].map((s) => SIDES[s]);
  const along = (axis) => (axis === "rank" ? c.file : c.rank);
  const on = seated.some(([axis, at]) => c[axis] === at && [0, 4, 5, 9].includes(along(axis)));
  return on ? [el("path", { d: "M50 8 L92 50 L50 92 L8 50 Z", class: "keypost" })] : [];
}

// Martian Chess: the canals between the territories (ranks 4 and 5; with four
// players also files d and e) are drawn as thick lines on the cells' edges.
function martian(c, info) {
  const out = [];
  if (c.rank === 4) out.push(el("path", { d: `M0 ${U} H${U}`, class: "canal" }));
  if (info.files === 8 && c.file === 4) out.push(el("path", { d: `M0 0 V${U}`, class: "canal" }));
  return out;
}

const MARKS = { cornerport, konfusion, martian };

// The marks of one cell (c: a scene cell); info: {players, files, ranks}.
export function cellMarks(game, c, info) {
  const marks = MARKS[game];
  return marks ? marks(c, info) : [];
}

// Möbiatus: the far face of each dot is a circle on the square opposite it
// (half the ring on, mirrored left to right), where no piece stands there.
// Returns a Map from cell name to the circle's colour.
export function farFaces(scene, game) {
  const circles = new Map();
  if (!scene.ring || game !== "mobiatus") return circles;
  const half = scene.ranks / 2;
  const byPlace = new Map(scene.cells.map((c) => [`${c.file},${c.rank}`, c]));
  for (const c of scene.cells) {
    const name = c.piece ? c.piece.name || "" : "";
    if (!c.piece || /circle|singularity/.test(name)) continue;
    const far = byPlace.get(`${scene.files - 1 - c.file},${(c.rank + half) % scene.ranks}`);
    if (far && !far.piece) circles.set(far.cell, /Blue/.test(name) || c.piece.owner === 1 ? "#2f6fe0" : "#e0302a");
  }
  return circles;
}
