// Small helpers for building SVG with the DOM: the page draws everything with
// createElementNS so that no markup is ever parsed from the server's strings
// (a player's name or a journal file name is always text, never markup).

export const SVG_NS = "http://www.w3.org/2000/svg";

// el("rect", {x: 1, y: 2}, child, ...): an SVG element with its attributes set;
// attributes whose value is null or undefined are left out.
export function el(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) node.setAttribute(key, String(value));
  }
  for (const child of children) {
    if (child) node.appendChild(child);
  }
  return node;
}

// A <title> child: what a mouse hover or a screen reader tells of a shape.
export function title(text) {
  const t = el("title");
  t.textContent = text;
  return t;
}

// An SVG <text>, centred on (x, y) unless attrs say otherwise.
export function label(text, x, y, attrs = {}) {
  const t = el("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", ...attrs });
  t.textContent = text;
  return t;
}

// Sixteen colours that stay apart from one another on a TV across a room and
// for most colour-blind eyes (after Sasha Trubetskoy's list), one per seat.
export const SEAT_COLOURS = [
  "#e6194b", "#4363d8", "#3cb44b", "#ffe119", "#f58231", "#911eb4", "#42d4f4", "#f032e6",
  "#bfef45", "#fabed4", "#469990", "#dcbeff", "#9a6324", "#fffac8", "#800000", "#aaffc3",
];

export function seatColour(seat) {
  if (seat === undefined || seat === null || seat < 0) return "#9e9e9e";
  return SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

// Dark or light ink for marks drawn on a fill, so pips and outlines stay
// visible on a yellow die as on a maroon one.
export function inkOn(fill) {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(fill);
  if (!m) return "#111";
  const [r, g, b] = m.slice(1).map((h) => parseInt(h, 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 140 ? "#111" : "#f4f4f4";
}
