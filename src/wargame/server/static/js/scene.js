// What the map shows for one view: the stacks of counters per hex (units with a legal action
// first), control markers, the moves and battles of the offensive under way, the targets and
// which of them have consequences, and the seat's friendly bases while a destination is chosen.

import { consequencesOf, labelOf } from "./actions.js";
import { currentBattle } from "./battle.js";
import { t } from "./i18n.js";

const CLASS_ORDER = { hq: 0, CV: 1, CVL: 2, CVE: 3, BB: 4, BC: 5, CA: 6, CL: 7, DD: 8, APD: 9, air: 10, lrb: 11, b29: 12 };

function rank(entry) {
  const order = CLASS_ORDER[entry.unit.type] ?? 20;
  return (entry.flags.moving ? 0 : 50) + (entry.flags.target ? 0 : 100) + order;
}

/** Where a unit of the view's ``units`` is: its place, or a game's record of it ({hex, steps,
 * side}). */
export function placeOf(record) {
  return record && typeof record === "object" ? record.hex : record;
}

/** The steps a unit has left where the view's record gives them, else null. */
export function stepsOf(record) {
  return record && typeof record === "object" && Number.isInteger(record.steps) ? record.steps : null;
}

/** The unit as its record places it: a game whose sides are the scenario's (Aegean Strike's
 * Player A and B, not the nations) names the unit's side in its record. */
function withSide(unit, record) {
  return unit && record && typeof record === "object" && record.side ? { ...unit, side: record.side } : unit;
}

/** The counter a record of the view's ``units`` draws: the unit's own, or the stand-in counter
 * it names (``counter``: an enemy unit its viewer does not see, drawn as an unknown counter)
 * under the record's id. */
export function counterOf(units, unitId, record) {
  const standIn = record && typeof record === "object" && record.counter ? units.get(record.counter) : null;
  return standIn ? { ...standIn, id: unitId } : units.get(unitId);
}

/** Map hex -> [{unit, flags}] of the units on map hexes. */
export function stacks(ctx) {
  const found = new Map();
  const moving = new Set((ctx.board.offensive && ctx.board.offensive.group) || []);
  for (const [unitId, record] of Object.entries(ctx.board.units || {})) {
    const unit = withSide(counterOf(ctx.units, unitId, record), record);
    const place = placeOf(record);
    if (!unit || !ctx.isHex(place)) continue;
    const flags = {
      steps: stepsOf(record),
      reduced: ctx.isReduced(unitId),
      activated: ctx.isActivated(unitId),
      target: ctx.targets.units.has(unitId),
      moving: moving.has(unitId),
      marks: ctx.markLabels(unitId),
    };
    if (!found.has(place)) found.set(place, []);
    found.get(place).push({ unit, flags });
  }
  for (const entries of found.values()) {
    entries.sort((a, b) => rank(a) - rank(b) || a.unit.id.localeCompare(b.unit.id));
  }
  return found;
}

function moves(offensive) {
  if (!offensive || !offensive.moved) return [];
  const seen = new Set();
  const paths = [];
  for (const move of Object.values(offensive.moved)) {
    const path = move.path || [];
    const key = path.join(" ");
    if (path.length > 1 && !seen.has(key)) {
      seen.add(key);
      paths.push(path);
    }
  }
  return paths;
}

function battles(ctx) {
  const found = new Set((ctx.board.offensive && ctx.board.offensive.battles) || []);
  const battle = currentBattle(ctx.view);
  if (battle && battle.hex) found.add(battle.hex);
  return [...found];
}

/** A hex as the page names it: "Manila (2813)", or its id alone where it has no name. */
export function placeName(names, hexId) {
  const name = names.hexName(hexId);
  if (!name || name === hexId) return hexId;
  if (names.plainPlaces) return name;
  return name.includes(hexId) ? name : `${name} (${hexId})`;
}

/** The accessible name of a target on the map, in the page's language: a hex with its actions,
 * or a stack with how many units it holds and how many of them have an action. */
function targetLabel(ctx) {
  return (kind, hexId, detail) => {
    const place = placeName(ctx.names, hexId);
    const level = ctx.warnedHexes.get(hexId);
    const warned = level ? ` ${t(level === "all" ? "map.warned" : "map.warned_some")}` : "";
    if (kind === "hex") {
      const labels = detail.map((text) => labelOf(ctx, text));
      const named = labels.every((label) => label.includes(place)) ? labels.join("; ") : `${place}: ${labels.join("; ")}`;
      return named + warned;
    }
    const legal = detail.filter((entry) => entry.flags.target).length;
    return t("map.stack_label", { place, n: detail.length, legal }) + warned;
  };
}

/** The hexes where actions (the hex's, or its units') have consequences: hex -> "all" where
 * every action offered there has some, "some" where another action there has none (a strategic
 * move beside a plain one: the hex is then no trap, and its sign says so). */
export function warnedHexes(ctx) {
  const offered = new Map();
  const add = (hexId, actions) => hexId && offered.set(hexId, (offered.get(hexId) || []).concat(actions));
  for (const [hexId, actions] of ctx.targets.hexes) add(hexId, actions);
  for (const [unitId, actions] of ctx.targets.units) add(ctx.unitHex(unitId), actions);
  const found = new Map();
  for (const [hexId, actions] of offered) {
    const warned = actions.filter((text) => consequencesOf(ctx, text).length).length;
    if (warned) found.set(hexId, warned === actions.length ? "all" : "some");
  }
  return found;
}

/** The seat's friendly ports and airfields, where the view names them (while a destination is
 * chosen); a spectator sees those of the side to act. */
function bases(ctx) {
  const all = ctx.board.bases;
  if (!all) return null;
  const side = ctx.seat || (ctx.view.active || [])[0];
  return all[side] || null;
}

export function scene(ctx, selected) {
  return {
    label: targetLabel(ctx),
    stacks: stacks(ctx),
    control: ctx.board.control || {},
    weather: ctx.board.weather || {},
    tokens: ctx.board.marks || [],
    targets: ctx.targets.hexes,
    warned: ctx.warnedHexes,
    bases: bases(ctx),
    battles: battles(ctx),
    moves: moves(ctx.board.offensive),
    selected,
    lang: ctx.lang,
  };
}
