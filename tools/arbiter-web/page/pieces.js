// The pieces of every game, each drawn as the game names it, in a 100 x 100
// box (a cell). The figures are this project's own simple shapes, so that a
// table reads them across a room; nothing is copied from a font.
import { el, title, label, seatColour, inkOn } from "./svg.js";

const SET_FILL = { white: "#f7f3e8", black: "#1d1d1d" };
const SET_INK = { white: "#111", black: "#e8e8e8" };

// Chess figures as outlines standing on a common base.
const BASE = "M28 80 H72 Q76 80 76 84 V88 H24 V84 Q24 80 28 80 Z";
const FIGURES = {
  pawn: ["M40 80 L44 58 Q36 54 42 48 L58 48 Q64 54 56 58 L60 80 Z", "circle"],
  rook: ["M34 80 L38 40 H62 L66 80 Z M32 24 H40 V30 H46 V24 H54 V30 H60 V24 H68 V40 H32 Z"],
  knight: [
    "M34 80 Q34 62 46 52 L32 54 Q24 50 28 42 L46 24 Q50 16 56 20 Q72 30 68 56 L68 80 Z",
  ],
  bishop: ["M38 80 L42 62 H58 L62 80 Z M50 18 Q68 38 58 60 H42 Q32 38 50 18 Z"],
  queen: ["M34 80 L30 42 L40 60 L44 32 L50 58 L56 32 L60 60 L70 42 L66 80 Z"],
  king: ["M34 80 L32 46 Q50 38 68 46 L66 80 Z M46 14 H54 V22 H62 V30 H54 V42 H46 V30 H38 V22 H46 Z"],
};

function chessFigure(figure, fill, ink) {
  const parts = FIGURES[figure] || FIGURES.pawn;
  const g = el("g", { fill, stroke: ink, "stroke-width": 3, "stroke-linejoin": "round" });
  g.appendChild(el("path", { d: BASE }));
  g.appendChild(el("path", { d: parts[0] }));
  if (parts[1] === "circle") g.appendChild(el("circle", { cx: 50, cy: 36, r: 12 }));
  if (figure === "bishop") g.appendChild(el("path", { d: "M50 34 L56 42", fill: "none" }));
  if (figure === "knight") g.appendChild(el("circle", { cx: 52, cy: 32, r: 3, fill: ink }));
  return g;
}

// FIDE and csipgs: white and black as the set is.
function chess(piece) {
  const colour = piece.colour === "black" ? "black" : "white";
  return chessFigure(piece.figure, SET_FILL[colour], SET_INK[colour]);
}

// Skirmish: every piece is a white pawn, so only the owner's colour tells them apart.
function skirmish(piece) {
  const fill = seatColour(piece.owner);
  return chessFigure(piece.figure, fill, inkOn(fill));
}

// Martian Chess: pyramids seen from above, sized by kind; the colour is the
// owner of the territory it stands in, since pyramids have no colour.
const PYRAMID_SIZE = { pawn: 22, drone: 32, queen: 42 };
function martian(piece) {
  const kind = (piece.name || "").split(" ")[0];
  const r = PYRAMID_SIZE[kind] || PYRAMID_SIZE.pawn;
  const fill = seatColour(piece.owner);
  const ink = inkOn(fill);
  const g = el("g", { stroke: ink, "stroke-width": 2.5, "stroke-linejoin": "round" });
  g.appendChild(el("rect", { x: 50 - r, y: 50 - r, width: 2 * r, height: 2 * r, fill }));
  // The four faces meet at the apex: lines from each corner to the centre.
  g.appendChild(el("path", {
    d: `M${50 - r} ${50 - r} L${50 + r} ${50 + r} M${50 + r} ${50 - r} L${50 - r} ${50 + r}`,
    fill: "none",
  }));
  g.appendChild(el("rect", { x: 50 - r, y: 50 - r, width: 2 * r, height: r, fill: ink, opacity: 0.15 }));
  return g;
}

// Where the pips of a die stand, on a 3 x 3 grid numbered 0..8 row by row.
const PIP_SPOTS = {
  1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8],
};

// The number of pips a piece's name gives ("white queen (a 5)"), 0 if none.
export function pipsOf(name) {
  const m = /\(an? (\d)\)/.exec(name || "");
  return m ? Number(m[1]) : 0;
}

// Konfusion: a die showing its pips, tinted by its owner.
function konfusion(piece) {
  const pips = pipsOf(piece.name);
  const fill = seatColour(piece.owner);
  const ink = inkOn(fill);
  const g = el("g");
  g.appendChild(el("rect", { x: 14, y: 14, width: 72, height: 72, rx: 12, fill, stroke: ink, "stroke-width": 3 }));
  for (const spot of PIP_SPOTS[pips] || []) {
    const cx = 32 + (spot % 3) * 18;
    const cy = 32 + Math.floor(spot / 3) * 18;
    g.appendChild(el("circle", { cx, cy, r: 7, fill: ink }));
  }
  if (!pips) g.appendChild(label("?", 50, 50, { "font-size": 40, fill: ink }));
  return g;
}

const MOBIATUS_SIDE = { Red: "#e0302a", Blue: "#2f6fe0" };

// Möbiatus: a dot is a filled disc, a circle (the far face of a dot) a ring,
// a singularity a dark hole with a swirl.
function mobiatus(piece) {
  const name = piece.name || "";
  const side = /Blue/.test(name) ? "Blue" : /Red/.test(name) ? "Red" : piece.owner === 1 ? "Blue" : "Red";
  if (/singularity/.test(name)) return singularity();
  if (/circle/.test(name)) return mobiusCircle(MOBIATUS_SIDE[side], 1);
  return el("circle", { cx: 50, cy: 50, r: 32, fill: MOBIATUS_SIDE[side], stroke: "#fff", "stroke-width": 3 });
}

export function mobiusCircle(colour, opacity) {
  return el("circle", { cx: 50, cy: 50, r: 28, fill: "none", stroke: colour, "stroke-width": 8, opacity });
}

export function singularity() {
  const g = el("g", { class: "singularity" });
  g.appendChild(el("circle", { cx: 50, cy: 50, r: 30, fill: "#050505", stroke: "#b98cff", "stroke-width": 3 }));
  g.appendChild(el("path", {
    d: "M50 50 m-4 0 a4 4 0 1 1 8 0 a10 10 0 1 1 -20 0 a16 16 0 1 1 32 0",
    fill: "none", stroke: "#b98cff", "stroke-width": 3,
  }));
  return g;
}

// Colonization: a home planet with its ring, a colony dome, an agricultural
// station (a field), an industrial station (a factory) and the Weapon (a star).
const COLONY_SHAPES = {
  "home planet": (fill, ink) => [
    el("ellipse", { cx: 50, cy: 52, rx: 42, ry: 12, fill: "none", stroke: ink, "stroke-width": 4 }),
    el("circle", { cx: 50, cy: 50, r: 26, fill, stroke: ink, "stroke-width": 3 }),
    el("path", { d: "M14 56 Q50 74 86 56", fill: "none", stroke: ink, "stroke-width": 4 }),
  ],
  colony: (fill, ink) => [
    el("path", { d: "M22 74 Q22 32 50 32 Q78 32 78 74 Z", fill, stroke: ink, "stroke-width": 3 }),
    el("rect", { x: 44, y: 58, width: 12, height: 16, fill: ink }),
  ],
  "agricultural station": (fill, ink) => [
    el("rect", { x: 20, y: 20, width: 60, height: 60, rx: 6, fill, stroke: ink, "stroke-width": 3 }),
    el("path", { d: "M30 34 H70 M30 50 H70 M30 66 H70", stroke: ink, "stroke-width": 4 }),
  ],
  "industrial station": (fill, ink) => [
    el("path", { d: "M18 80 V46 L34 36 V46 L50 36 V46 L66 36 V20 H78 V80 Z", fill, stroke: ink, "stroke-width": 3 }),
  ],
  Weapon: (fill, ink) => [
    el("path", {
      d: "M50 12 L58 40 L88 40 L63 57 L72 86 L50 68 L28 86 L37 57 L12 40 L42 40 Z",
      fill, stroke: ink, "stroke-width": 3,
    }),
  ],
};

// The kind a piece's name gives in parentheses: "white rook (an agricultural station)".
export function kindOf(name) {
  const m = /\((?:an? )?([^)]+)\)\s*$/.exec(name || "");
  return m ? m[1] : "";
}

function colonization(piece) {
  const fill = seatColour(piece.owner);
  const shape = COLONY_SHAPES[kindOf(piece.name)] || COLONY_SHAPES.colony;
  return el("g", {}, ...shape(fill, inkOn(fill)));
}

// Cornerport: ships seen from the side, white or black as their fleet.
const SHIPS = {
  "patrol boat": "M16 58 H84 L74 76 H26 Z M38 40 H60 V58 H38 Z M60 48 H70 V58 H60 Z",
  "battle ship": "M10 58 H90 L80 74 H20 Z M30 46 H66 V58 H30 Z M40 38 H54 V46 H40 Z M54 41 H80 V44 H54 Z",
  freighter: "M14 56 H86 L78 74 H22 Z M22 40 H36 V56 H22 Z M40 40 H54 V56 H40 Z M58 40 H72 V56 H58 Z M74 30 H82 V56 H74 Z",
};

function cornerport(piece) {
  const colour = piece.colour === "black" ? "black" : "white";
  const kind = kindOf(piece.name);
  const g = el("g", { fill: SET_FILL[colour], stroke: SET_INK[colour], "stroke-width": 3, "stroke-linejoin": "round" });
  g.appendChild(el("path", { d: SHIPS[kind] || SHIPS["patrol boat"] }));
  return g;
}

// Sandkings: a creature's stinger (a curled tail), body (a carapace with legs)
// and vertebrae (segments), in the creature's colour.
const SANDKING_PARTS = {
  stinger: (fill, ink) => [
    el("path", { d: "M30 80 Q20 40 50 26 Q76 16 74 44", fill: "none", stroke: ink, "stroke-width": 16, "stroke-linecap": "round" }),
    el("path", { d: "M30 80 Q20 40 50 26 Q76 16 74 44", fill: "none", stroke: fill, "stroke-width": 10, "stroke-linecap": "round" }),
    el("path", { d: "M66 42 L74 66 L82 42 Z", fill: ink }),
  ],
  body: (fill, ink) => [
    el("path", { d: "M18 30 L34 40 M18 50 H32 M18 70 L34 60 M82 30 L66 40 M82 50 H68 M82 70 L66 60", stroke: ink, "stroke-width": 5 }),
    el("ellipse", { cx: 50, cy: 50, rx: 22, ry: 32, fill, stroke: ink, "stroke-width": 3 }),
    el("path", { d: "M36 40 H64 M34 52 H66 M36 64 H64", stroke: ink, "stroke-width": 2 }),
  ],
  vertebra: (fill, ink) => [
    el("ellipse", { cx: 50, cy: 50, rx: 24, ry: 16, fill, stroke: ink, "stroke-width": 3 }),
    el("path", { d: "M50 34 V66", stroke: ink, "stroke-width": 2 }),
  ],
};

function sandkings(piece) {
  const fill = seatColour(piece.owner);
  const part = SANDKING_PARTS[kindOf(piece.name)] || SANDKING_PARTS.vertebra;
  return el("g", {}, ...part(fill, inkOn(fill)));
}

const ART = { fide: chess, csipgs: chess, skirmish, martian, konfusion, mobiatus, colonization, cornerport, sandkings };

// The drawing of one piece of `game` in its 100 x 100 cell, with a title
// giving the game's name for it. Unknown games get chess figures.
export function drawPiece(game, piece) {
  const art = ART[game] || chess;
  const g = el("g", { class: "piece", "data-piece": piece.letter || "" });
  g.appendChild(title(piece.name || `${piece.colour || ""} ${piece.figure || ""}`.trim()));
  g.appendChild(art(piece));
  return g;
}

// The colour that stands for a seat beside its name and clock: the set's
// colour where the game is played in white and black (Möbiatus: Red and
// Blue), else the seat's own, as its pieces are drawn.
const SET_SEATS = { fide: ["white", "black"], csipgs: ["white", "black"], cornerport: ["white", "black"] };
export function seatSwatch(game, seat) {
  if (SET_SEATS[game]) return SET_FILL[SET_SEATS[game][seat]] || seatColour(seat);
  if (game === "mobiatus") return [MOBIATUS_SIDE.Red, MOBIATUS_SIDE.Blue][seat] || seatColour(seat);
  return seatColour(seat);
}
