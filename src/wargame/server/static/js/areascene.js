// What an area map shows for one view (Asia Engulfed): each area's pieces by side (the seat's own
// blocks upright, the other side's as blanks, open counters, garrisons), control, contested areas
// and the legal targets. A move ("move BLOCK AREA") is played by choosing the block, then the
// area: the block's moves are targets only while it is chosen; until then the block itself is the
// target (ringed), and its area's popup offers to choose it.

import { actionButtons, labelOf } from "./actions.js";
import { h } from "./dom.js";
import { has, t } from "./i18n.js";
import { pieceIcon, typeLabel } from "./blocks.js";
import { classify } from "./targets.js";

const KIND_ORDER = { block: 0, blank: 1, air: 2, submarine: 3, garrison: 4 };

export function sideOfPower(power) {
  return power === "japan" ? "japan" : "allies";
}

/** Unit id -> where it stands, for the seat's own blocks, the blocks revealed to it and the
 * counters. */
export function unitPlaces(board) {
  const found = new Map();
  for (const unit of board.units || []) found.set(unit.id, unit.where);
  for (const [id, counter] of Object.entries(board.counters || {})) found.set(id, counter.where);
  return found;
}

/** The view's actions by where they are played: ``moves`` (block on the map -> area ->
 * action), the chosen block's destinations as area targets, each block with a move or another
 * action of its own as a unit target; an action naming one area and a piece off the map (a
 * block built from the pool) as a target on that area; the rest as buttons. */
export function areaTargets(actions, facts, chosen) {
  const moves = new Map();
  const rest = [];
  for (const text of actions) {
    const args = text.split(" ").slice(1);
    const areas = args.filter(facts.isHex);
    const units = args.filter(facts.isUnit);
    if (areas.length === 1 && units.length === 1 && args.length === 2 && facts.unitHex(units[0])) {
      if (!moves.has(units[0])) moves.set(units[0], new Map());
      const byArea = moves.get(units[0]);
      byArea.set(areas[0], (byArea.get(areas[0]) || []).concat([text]));
    } else rest.push(text);
  }
  const found = classify(rest, facts);
  for (const [unit, byArea] of moves) found.units.set(unit, (found.units.get(unit) || []).concat([...byArea.values()].flat()));
  found.moves = moves;
  for (const [area, texts] of (chosen && moves.get(chosen)) || []) found.hexes.set(area, texts);
  return found;
}

function block(ctx, unit) {
  const printed = ctx.units.get(unit.id) || {};
  return { ...printed, kind: "block", id: unit.id, side: unit.owner, colour: unit.public.colour, ...unit.hidden };
}

function counterPiece(ctx, id, counter) {
  const printed = ctx.units.get(id) || {};
  const kind = counter.type === "submarine" ? "submarine" : "air";
  return { ...printed, ...counter, kind, id, side: sideOfPower(counter.power) };
}

/** Map area -> [{unit: piece, flags}] of every piece on the map, the chosen block first, then
 * the pieces with an action, blocks before blanks before counters. */
export function areaStacks(ctx) {
  const found = new Map();
  const add = (where, item) => {
    const flags = { target: Boolean(item.id && ctx.targets.units.has(item.id)), selected: Boolean(item.id && item.id === ctx.chosen) };
    if (!found.has(where)) found.set(where, []);
    found.get(where).push({ unit: item, flags });
  };
  const board = ctx.board;
  for (const unit of board.units || []) if (unit.hidden) add(unit.where, block(ctx, unit));
  for (const blank of board.blanks || []) add(blank.where, { kind: "blank", side: blank.owner, colour: blank.public.colour, fleet: blank.public.kind === "fleet" });
  for (const [id, counter] of Object.entries(board.counters || {})) if (ctx.isHex(counter.where)) add(counter.where, counterPiece(ctx, id, counter));
  for (const [power, where] of board.garrisons || []) add(where, { kind: "garrison", type: "garrison", power, side: sideOfPower(power) });
  const rank = (entry) => (entry.flags.selected ? 0 : 10) + (entry.flags.target ? 0 : 20) + KIND_ORDER[entry.unit.kind];
  for (const entries of found.values()) entries.sort((a, b) => rank(a) - rank(b) || String(a.unit.id || "").localeCompare(String(b.unit.id || "")));
  return found;
}

/** The accessible name of a target: an area with its actions, or a stack. */
function targetLabel(ctx) {
  return (kind, areaId, detail) => {
    const place = ctx.names.hexName(areaId);
    if (kind === "hex") return `${place}: ${detail.map((text) => labelOf(ctx, text)).join("; ")}`;
    const legal = detail.filter((entry) => entry.flags.target).length;
    return t("map.stack_label", { place, n: detail.length, legal });
  };
}

export function areaScene(ctx, selected) {
  return {
    label: targetLabel(ctx),
    stacks: areaStacks(ctx),
    control: ctx.board.control || {},
    contested: ctx.board.contested || [],
    targets: ctx.targets.hexes,
    warned: ctx.warnedHexes,
    selected,
    chosen: ctx.chosen,
    lang: ctx.lang,
  };
}

// -- the area's popup -------------------------------------------------------------------------

/** What the popup says of a piece: what its owner reads, or only its colour for a blank. */
function pieceFacts(ctx, item) {
  if (item.kind === "blank") return [t(item.fleet ? "area.blank_fleet" : "area.blank_ground"), t("area.colour", { colour: colourName(ctx, item.colour) })];
  const facts = [has(`piece.${item.type}`) ? t(`piece.${item.type}`) : typeLabel(item.type, ctx.lang)];
  if (item.steps !== undefined) facts.push(t("area.steps", { steps: item.steps, most: item.max_steps }));
  facts.push(ctx.sideName(item.side));
  return facts;
}

function colourName(ctx, id) {
  const colour = ctx.colours[id];
  if (!colour) return id;
  return ctx.lang === "ja" && colour.name_ja ? colour.name_ja : colour.name;
}

function pieceTitle(ctx, item) {
  if (item.id) return ctx.names.unitName(item.id);
  if (item.kind === "garrison") return t("area.garrison");
  return t("area.blank");
}

/** One row of the area's popup: the piece, its name and facts, and its actions (a block with
 * moves has one button that chooses it; the map then shows where it may go). */
export function pieceRow(ctx, entry) {
  const item = entry.unit;
  const actions = (item.id && ctx.targets.units.get(item.id)) || [];
  const moves = (item.id && ctx.targets.moves.get(item.id)) || new Map();
  const others = actions.filter((text) => ![...moves.values()].flat().includes(text));
  const buttons = [];
  if (moves.size && !(ctx.lone && ctx.chosen === item.id)) {
    const chosen = ctx.chosen === item.id;
    const label = chosen ? t("area.unchoose") : t("area.choose", { n: moves.size });
    buttons.push(h("button", { type: "button", class: chosen ? "choose-unit chosen" : "choose-unit primary", dataset: { choose: item.id }, onclick: () => ctx.choose(chosen ? null : item.id) }, label));
  }
  if (others.length) buttons.push(actionButtons(ctx, others));
  const attrs = { class: actions.length ? "stack-unit legal" : "stack-unit", dataset: item.id ? { unit: item.id } : { blank: item.colour || item.kind } };
  return h(
    "li",
    attrs,
    pieceIcon(item, { target: actions.length > 0, selected: ctx.chosen === item.id }, ctx.colours, ctx.lang, 44),
    h("div", { class: "unit-text" }, h("div", { class: "unit-name" }, pieceTitle(ctx, item)), h("div", { class: "unit-facts" }, pieceFacts(ctx, item).join(" · "))),
    buttons.length ? h("div", { class: "unit-actions" }, buttons) : null,
  );
}

/** The area's facts for its popup: kind, terrain, port, who controls it, contested. */
export function areaFacts(ctx, area) {
  const facts = [t(`area.kind_${area.kind}`)];
  if (area.terrain) facts.push(has(`terrain.${area.terrain}`) ? t(`terrain.${area.terrain}`) : area.terrain);
  if (area.port) facts.push(t("area.port", { size: t(`area.port_${area.port}`) }));
  const owner = ctx.board.control && ctx.board.control[area.id];
  if (owner === "neutral") facts.push(t("area.neutral"));
  else if (owner) facts.push(t("hex.controlled_by", { side: ctx.sideName(owner) }));
  if ((ctx.board.contested || []).includes(area.id)) facts.push(t("area.contested"));
  return facts.join(" · ");
}
