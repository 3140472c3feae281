// The pieces of an area-map game drawn in SVG (Asia Engulfed): wooden blocks, air and submarine
// counters and garrisons. A block stands upright to its owner, who reads its type, name and steps
// (a pip for each printed step, filled while the block has it); to the other side it is a blank
// in its colour, with nothing written on it. Counters are open to both sides. Colours are the
// component list's (client_data "colours": fill, edge and ink of each block colour).

import { s } from "./dom.js";
import { COUNTER } from "./counters.js";

const RING = 2.6; // the target ring's distance from the piece's edge
const PIP = 1.5; // a step pip's radius
const POWER_COLOUR = { japan: "orange", usa: "green", cw: "dark_blue", china_nat: "purple", china_comm: "purple", dei: "brown", philippines: "brown" };
const TYPES = { infantry: "INF", marine: "MAR", militia: "MIL", cv: "CV", bb: "BB", ca: "CA", lba: "LBA", cba: "CBA", submarine: "SUB", garrison: "GAR" };
const TYPES_JA = { infantry: "歩兵", marine: "海兵", militia: "民兵", cv: "空母", bb: "戦艦", ca: "巡洋", lba: "陸航", cba: "艦航", submarine: "潜水", garrison: "守備" };

export function typeLabel(type, lang) {
  const labels = lang === "ja" ? TYPES_JA : TYPES;
  return labels[type] || type;
}

/** The colour record of a piece: a block's own colour, a counter's by its power. */
export function pieceColour(piece, colours) {
  const id = piece.colour || POWER_COLOUR[piece.power] || "white";
  return colours[id] || { fill: "#ddd", edge: "#555", ink: "#111" };
}

/** A short name for a block's face ("Kwantung Army (3rd Army)" -> "Kwantung A"). */
function shortName(piece, lang) {
  const name = (lang === "ja" && piece.name_ja) || piece.name || "";
  const short = name.replace(/\s*[(（].*[)）]\s*/g, "").replace(/Army/g, "A").replace(/Corps/g, "C").replace(/Division/g, "Div").replace(/Fleet/g, "Flt");
  const limit = lang === "ja" ? 6 : 11;
  return short.length > limit ? short.slice(0, limit - 1) + "…" : short;
}

function pips(steps, most, ink) {
  const gap = 4;
  const left = -((most - 1) * gap) / 2;
  const dots = [];
  for (let k = 0; k < most; k += 1) {
    const lost = k >= steps;
    dots.push(s("circle", { class: lost ? "pip lost" : "pip", cx: left + k * gap, cy: COUNTER / 2 - 3.4, r: PIP, fill: lost ? "none" : ink, stroke: ink }));
  }
  return dots;
}

function ring(round) {
  const half = COUNTER / 2 + RING;
  return round ? s("circle", { class: "target-ring", r: half }) : s("rect", { class: "target-ring", x: -half, y: -half, width: 2 * half, height: 2 * half, rx: 3 });
}

/** One piece centred on (0, 0). ``piece``: {kind: "block" | "blank" | "air" | "submarine" |
 * "garrison", side, colour or power, and for what is read: type, steps, max_steps, names};
 * ``flags`` = {target, selected}. */
export function piece(item, flags, colours, lang) {
  const colour = pieceColour(item, colours);
  const half = COUNTER / 2;
  const classes = ["piece", `piece-${item.kind}`, `side-${item.side}`, flags.target ? "target-unit" : "", flags.selected ? "selected-unit" : ""];
  const attrs = { class: classes.join(" ").replace(/\s+/g, " ").trim() };
  if (item.id) attrs.dataset = { unit: item.id };
  if (item.kind === "blank") {
    attrs.dataset = { blank: item.colour };
    return s("g", attrs, s("rect", { class: "piece-body", x: -half, y: -half, width: COUNTER, height: COUNTER, rx: 2, fill: colour.fill, stroke: colour.edge }), s("rect", { class: "blank-face", x: -half + 3, y: -half + 3, width: COUNTER - 6, height: COUNTER - 6, rx: 1, stroke: colour.edge }));
  }
  const round = item.type === "lba";
  const counterLike = item.kind !== "block";
  const bodyFill = counterLike ? "#fbfaf5" : colour.fill;
  const ink = counterLike ? "#111" : colour.ink;
  const body = round
    ? s("circle", { class: "piece-body", r: half, fill: bodyFill, stroke: colour.fill })
    : s("rect", { class: "piece-body", x: -half, y: -half, width: COUNTER, height: COUNTER, rx: counterLike ? 1 : 2, fill: bodyFill, stroke: counterLike ? colour.fill : colour.edge });
  const parts = [flags.target || flags.selected ? ring(round) : null, body];
  if (counterLike) parts.push(s("rect", { class: "power-band", x: -half + 2, y: -half + 1.5, width: COUNTER - 4, height: 3, fill: colour.fill }));
  parts.push(s("text", { class: "piece-type", x: 0, y: -half + 9.5, fill: ink }, typeLabel(item.type, lang)));
  if (item.kind === "block") parts.push(s("text", { class: "piece-name", x: 0, y: 2.6, fill: ink }, shortName(item, lang)));
  if (item.steps !== undefined && item.max_steps) parts.push(pips(item.steps, item.max_steps, ink));
  return s("g", attrs, parts);
}

/** A piece in its own small <svg>, for HTML lists (the area's popup). */
export function pieceIcon(item, flags, colours, lang, size = 40) {
  const pad = 2 + RING + 1;
  const box = COUNTER + 2 * pad;
  return s("svg", { class: "counter-icon piece-icon", width: size, height: size, viewBox: `${-box / 2} ${-box / 2} ${box} ${box}`, "aria-hidden": "true" }, piece(item, flags, colours, lang));
}
