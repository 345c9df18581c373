// Draws a snapshot's `scene` (the game's cells and the boards as they lie on
// the table) into an SVG element: scene in, element out, no other state, so
// that the live page and the replay draw with the same code.
import { el, title, label } from "./svg.js";
import { drawPiece, mobiusCircle, singularity } from "./pieces.js";
import { cellMarks, farFaces } from "./marks.js";

const U = 100; // one cell, in viewBox units
const GAP = 100; // between boards: room for a board's name and its square names
const MARGIN = 110;
const MANY_CELLS = 1024; // above this, cell names only on hover: thousands of texts slow a TV's browser

// Where everything lies, in cells, before the gaps between boards are added.
// A ring (Möbiatus) is cut in two halves laid side by side, as its boards lie
// in two columns on the table, rather than one column 60 cells high.
function planOf(scene) {
  const half = scene.ring ? Math.floor(scene.ranks / 2) : Infinity;
  const boards = (scene.boards || []).map((board) => {
    const used = board.squares.filter((s) => s.cell);
    const ranks = (used.length ? used : board.squares).map((s) => s.rank);
    const face = scene.ring && ranks.reduce((a, b) => a + b, 0) / ranks.length >= half ? 1 : 0;
    return { board, face };
  });
  const spanX = scene.ring ? columnWidth(scene) + 1 : 0;
  const place = (file, rank, face) => ({ x: file + face * spanX, y: rank - face * (scene.ring ? half : 0) });
  const faceOfCell = (rank) => (rank >= half ? 1 : 0);
  return { boards, place, faceOfCell };
}

// How wide the first column of a ring is: its boards or its cells, whichever reach further.
function columnWidth(scene) {
  let max = scene.files - 1;
  for (const board of scene.boards || []) for (const s of board.squares) max = Math.max(max, s.file);
  return max + 1;
}

// Gaps: each board is moved right and up by one GAP for each board edge that
// lies left of or below it, so that boards lying edge to edge are drawn apart
// with room for their names between them.
function gapsOf(placed) {
  const xs = [...new Set(placed.map((b) => b.minX))].sort((a, b) => a - b);
  const ys = [...new Set(placed.map((b) => b.minY))].sort((a, b) => a - b);
  const index = (list, v) => Math.max(0, list.filter((w) => w <= v).length - 1);
  return { dx: (x) => index(xs, x) * GAP, dy: (y) => index(ys, y) * GAP };
}

// Every square and cell with its place in viewBox units (top-left corner).
function layout(scene) {
  const plan = planOf(scene);
  const placed = plan.boards.map(({ board, face }) => {
    const squares = board.squares.map((s) => ({ ...s, ...plan.place(s.file, s.rank, face) }));
    const xs = squares.map((s) => s.x), ys = squares.map((s) => s.y);
    return { board, squares, minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
  });
  const gaps = gapsOf(placed);
  const onBoard = new Map();
  for (const b of placed) {
    b.ox = gaps.dx(b.minX);
    b.oy = gaps.dy(b.minY);
    const name = b.board.label || b.board.name;
    for (const s of b.squares) {
      if (s.cell) onBoard.set(s.cell, { x: s.x * U + b.ox, y: s.y * U + b.oy, square: `${name} ${s.square}` });
    }
  }
  const cells = scene.cells.map((c) => {
    const at = onBoard.get(c.cell);
    if (at) return { ...c, ...at, onBoard: true };
    const p = plan.place(c.file, c.rank, plan.faceOfCell(c.rank));
    return { ...c, x: p.x * U + gaps.dx(p.x), y: p.y * U + gaps.dy(p.y), onBoard: false };
  });
  return { placed, cells };
}

// The extent of the drawing; y grows upwards in the game and downwards in SVG,
// so every y is flipped about the top.
function extentOf(lay) {
  const xs = [], ys = [];
  for (const c of lay.cells) xs.push(c.x), ys.push(c.y);
  for (const b of lay.placed) for (const s of b.squares) xs.push(s.x * U + b.ox), ys.push(s.y * U + b.oy);
  if (!xs.length) xs.push(0), ys.push(0);
  return { minX: Math.min(...xs), maxX: Math.max(...xs) + U, minY: Math.min(...ys), maxY: Math.max(...ys) + U };
}

function squareShade(name) {
  const m = /^([a-z]+)(\d+)$/.exec(name || "");
  if (!m) return 0;
  const file = m[1].charCodeAt(m[1].length - 1) - 97;
  return (file + Number(m[2])) % 2; // a1 is dark (0)
}

// A board's edge names: the file letter along the bottom row and the rank
// number up the left column, as its own squares are named there (a turned
// board shows its ranks along the bottom).
function edgeNames(b, top) {
  const out = [];
  const bottom = b.squares.filter((s) => s.y === b.minY);
  const left = b.squares.filter((s) => s.x === b.minX);
  const pick = (row) => {
    const files = new Set(row.map((s) => s.square.replace(/\d+$/, "")));
    return (s) => (files.size === row.length ? s.square.replace(/\d+$/, "") : s.square.replace(/^[a-z]+/, ""));
  };
  const bottomName = pick(bottom), leftName = pick(left);
  for (const s of bottom) {
    out.push(label(bottomName(s), s.x * U + b.ox + U / 2, top(s.y * U + b.oy) + U + 24, { class: "edge" }));
  }
  for (const s of left) {
    out.push(label(leftName(s), s.x * U + b.ox - 22, top(s.y * U + b.oy) + U / 2, { class: "edge" }));
  }
  return out;
}

function drawBoard(b, top) {
  const g = el("g", { class: "board" + (b.board.connected === false ? " disconnected" : ""), "data-board": b.board.name });
  for (const s of b.squares) {
    const shade = squareShade(s.square);
    // A used square's cell lies over it with a title of its own; only an
    // unused one needs to say what it is.
    g.appendChild(el("rect", {
      x: s.x * U + b.ox, y: top(s.y * U + b.oy), width: U, height: U,
      class: `square ${shade ? "light" : "dark"}${s.cell ? "" : " unused"}`,
    }, s.cell ? null : title(`${b.board.label || b.board.name} ${s.square} (not used)`)));
  }
  const x = b.minX * U + b.ox, y = top(b.maxY * U + b.oy);
  const w = (b.maxX - b.minX + 1) * U, h = (b.maxY - b.minY + 1) * U;
  g.appendChild(el("rect", { x, y, width: w, height: h, class: "board-edge" }));
  let name = b.board.label || b.board.name;
  if (b.board.label && b.board.name && b.board.label !== b.board.name) name += ` (${b.board.name})`;
  if (b.board.connected === false) name += ": not connected";
  g.appendChild(label(name, x + w / 2, y - 30, { class: "board-name" }));
  for (const t of edgeNames(b, top)) g.appendChild(t);
  return g;
}

function drawCell(c, ctx) {
  const g = el("g", { class: "cell", "data-cell": c.cell, transform: `translate(${c.x} ${ctx.top(c.y)})` });
  const fix = ctx.fixes.get(c.cell);
  const last = ctx.last.indexOf(c.cell);
  if (last >= 0) g.setAttribute("data-last", String(last));
  if (fix) g.setAttribute("data-fix", fix.do || "fix");
  const words = [c.cell + (c.square ? ` (${c.square})` : "")];
  if (!c.onBoard) g.appendChild(el("rect", { width: U, height: U, class: `square ${(c.file + c.rank) % 2 ? "light" : "dark"}` }));
  for (const mark of cellMarks(ctx.game, c, ctx.info)) g.appendChild(mark);
  if (last >= 0) g.appendChild(el("rect", { width: U, height: U, class: "last" }));
  if (c.hidden) {
    g.appendChild(el("rect", { width: U, height: U, class: "hidden" }));
    g.appendChild(label("?", U / 2, U / 2, { class: "hidden-mark" }));
    words.push("not in sight");
  } else if (c.impassable) {
    g.appendChild(el("rect", { width: U, height: U, class: "impassable" }));
    g.appendChild(el("path", { d: "M20 20 L80 80 M80 20 L20 80", class: "impassable-x" }));
    words.push("impassable");
  }
  // A cell the game marks (Möbiatus) is a circle when a dot stands opposite
  // it, and otherwise, empty, a singularity.
  if (c.marked && !c.piece && !ctx.circles.has(c.cell)) g.appendChild(singularity());
  if (ctx.circles.has(c.cell)) g.appendChild(mobiusCircle(ctx.circles.get(c.cell), 0.75));
  // A piece on a hidden cell is drawn all the same: the server must never
  // send one, and a page that hid it would hide that leak from the tests.
  if (c.piece) {
    g.appendChild(drawPiece(ctx.game, c.piece));
    words.push(c.piece.name || "");
  }
  if (ctx.showCellNames) g.appendChild(label(c.cell, 6, U - 10, { class: "cell-name", "text-anchor": "start" }));
  if (fix) {
    g.appendChild(el("rect", { x: 5, y: 5, width: U - 10, height: U - 10, class: "fix" }));
    g.appendChild(label("!", U - 20, 24, { class: "fix-mark" }));
    words.push(`to fix: ${fix.text || fix.do}`);
  }
  g.insertBefore(title(words.filter(Boolean).join(", ")), g.firstChild);
  return g;
}

// An arrow through the cells the last action touched, in order.
function lastArrow(lay, scene, top) {
  const at = new Map(lay.cells.map((c) => [c.cell, c]));
  const pts = (scene.lastAction || []).map((n) => at.get(n)).filter(Boolean);
  if (pts.length < 2) return null;
  const d = pts.map((c, i) => `${i ? "L" : "M"}${c.x + U / 2} ${top(c.y) + U / 2}`).join(" ");
  return el("path", { d, class: "last-arrow", "marker-end": "url(#arrowhead)" });
}

// A ring is drawn as its two halves side by side (Möbiatus's two faces of
// the strip): each column is captioned with its face and ranks.
const RING_CAPTION = 100;
function faceCaptions(scene, lay, y) {
  if (!scene.ring) return [];
  const half = Math.floor(scene.ranks / 2);
  return [0, 1].map((face) => {
    const xs = lay.cells.filter((c) => (c.rank >= half ? 1 : 0) === face).map((c) => c.x);
    const x = (Math.min(...xs) + Math.max(...xs) + U) / 2;
    const ranks = face ? `${half + 1}-${scene.ranks}` : `1-${half}`;
    return label(`face ${"AB"[face]} (ranks ${ranks})`, x, y, { class: "face-name" });
  });
}

// Whether the cells need their own names drawn: when every cell stands on a
// board square of the same name, the board's edge names already say them.
function needCellNames(lay) {
  if (lay.cells.length > MANY_CELLS) return false; // too small to read; the titles say them
  const sameName = new Map();
  for (const b of lay.placed) for (const s of b.squares) if (s.cell) sameName.set(s.cell, s.cell === s.square);
  return lay.cells.some((c) => sameName.get(c.cell) !== true);
}

// What everyone sees of a moderated game names no cell (docs/control.md, "The
// scene"): only the grid, all of it hidden. It is drawn so, each cell unnamed.
export function withCellsShown(scene) {
  if (!scene.hidden || (scene.cells && scene.cells.length)) return scene;
  const cells = [];
  for (let rank = 0; rank < scene.ranks; rank++) {
    for (let file = 0; file < scene.files; file++) cells.push({ cell: "", file, rank, hidden: true });
  }
  return { ...scene, cells };
}

export function drawScene(given, options = {}) {
  const scene = withCellsShown(given);
  const game = options.game || "";
  const lay = layout(scene);
  const ext = extentOf(lay);
  const top = (y) => ext.maxY - y - U + ext.minY; // flip so that rank 1 is at the bottom
  const above = scene.ring ? RING_CAPTION : 0;
  const svg = el("svg", {
    class: "scene", role: "img", "aria-label": options.label || `${game} position`,
    viewBox: `${ext.minX - MARGIN} ${ext.minY - MARGIN - above} ${ext.maxX - ext.minX + 2 * MARGIN} ${ext.maxY - ext.minY + 2 * MARGIN + above}`,
  });
  for (const caption of faceCaptions(scene, lay, ext.minY - MARGIN - above / 2)) svg.appendChild(caption);
  svg.appendChild(el("defs", {}, el("marker", {
    id: "arrowhead", viewBox: "0 0 10 10", refX: 5, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse",
  }, el("path", { d: "M0 0 L10 5 L0 10 Z", class: "arrowhead" }))));
  for (const b of lay.placed) svg.appendChild(drawBoard(b, top));
  const ctx = {
    game, top, last: scene.lastAction || [], circles: farFaces(scene, game),
    info: { players: options.players || 2, files: scene.files, ranks: scene.ranks },
    fixes: new Map((scene.toFix || []).map((f) => [f.cell, f])), showCellNames: needCellNames(lay),
  };
  const cells = el("g", { class: "cells" });
  for (const c of lay.cells) cells.appendChild(drawCell(c, ctx));
  svg.appendChild(cells);
  const arrow = lastArrow(lay, scene, top);
  if (arrow) svg.appendChild(arrow);
  return svg;
}

// A surface much wider than high (Colonization's boards in a row) fills the
// width with the panel below it; any other stands beside the panel. `view`
// gets the class "wide" for the style sheet to lay it out so.
export function setShape(view, svg) {
  const [, , w, h] = svg.getAttribute("viewBox").split(" ").map(Number);
  view.classList.toggle("wide", w > 1.7 * h);
}
