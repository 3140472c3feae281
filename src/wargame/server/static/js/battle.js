// The battle panel. Before a battle is resolved, its preview as the game computed it (preview.js:
// each side's units and values, the totals, every modifier with its rule, the exact chance of each
// result and the die face by face): the preview of the seat's decision (body.preview_text: the
// battle under way), or of the actions it may choose (a battle to resolve next, a roll: the one
// opened on the map or picked here). The battle being fought (from the battle frame of the view's
// stack: each side's units by role, the strikes' hits, where there is no preview, and the
// previews of the actions offered in it: an attack declared unit by unit) or else the
// last battle fought, with its rolls (the natural die, each modifier, the modified roll) and
// results from the log. The last battle is shown to a seat until its next action (then it is
// dismissed: play.js), or until its "×"; to a spectator, folded.

import { noteOf } from "./actions.js";
import { fill, h } from "./dom.js";
import { t } from "./i18n.js";
import { counterIcon } from "./counters.js";
import { die, logLine } from "./log.js";
import { previewView } from "./preview.js";

// The log lines that belong to a battle after its "log.battle" line.
const BATTLE_KEYS = new Set([
  "log.roll",
  "log.roll_public",
  "log.strike",
  "log.hit",
  "log.hits_lost",
  "log.battle_won",
  "log.critical",
  "log.carrier_swap",
  "log.retreat",
  "log.retreat_eliminated",
  "log.eliminated",
  "log.control",
]);
const MAX_LINES = 24;
const ROLES = ["strikers", "exposed", "ground"];

/** The battle frame on the view's stack, if a battle is being fought. */
export function currentBattle(view) {
  const frames = (view.stack || []).filter((frame) => frame.name === "battle" && frame.locals);
  return frames.length ? frames[frames.length - 1].locals : null;
}

/** The log index of the last battle's first line, or -1. */
export function lastBattleStart(events) {
  for (let i = events.length - 1; i >= 0; i -= 1) {
    if (events[i].key === "log.battle") return i;
  }
  return -1;
}

/** The log keys of a battle's lines: the ones above and those the game adds (its client data's
 * battle_log), how many lines at most, and the key of the line that starts a round. */
function battleLog(ctx) {
  const extra = ctx.battleLog || {};
  return { keys: new Set([...BATTLE_KEYS, ...(extra.keys || [])]), most: extra.most || MAX_LINES, round: extra.round || null };
}

/** The index range of the log lines of the last battle: [start, end). */
function lastBattleLines(ctx, events) {
  const start = lastBattleStart(events);
  if (start < 0) return null;
  const { keys, most } = battleLog(ctx);
  let end = start + 1;
  while (end < events.length && end - start < most && keys.has(events[end].key)) end += 1;
  return [start, end];
}

/** Where a battle is fought: a hex, or an area on an area map. */
function placeOf(where) {
  return where.hex !== undefined ? where.hex : where.area;
}

function sideUnits(ctx, parts, side) {
  const rows = [];
  for (const role of ROLES) {
    const ids = (parts[role] && parts[role][side]) || [];
    if (!ids.length) continue;
    const icons = ids
      .map((id) => ctx.units.get(id))
      .filter(Boolean)
      .map((unit) =>
        h("span", { class: "battle-unit", title: ctx.names.unitName(unit.id), dataset: { unit: unit.id } }, counterIcon(unit, { reduced: ctx.isReduced(unit.id) }, ctx.lang, 36)),
      );
    rows.push(h("div", { class: "role" }, h("span", { class: "role-name" }, t(`battle.${role}`)), icons));
  }
  return rows;
}

function strikeLine(ctx, side, strike) {
  if (!strike) return null;
  return h("div", { class: "strike" }, t("battle.hits", { side: ctx.sideName(side), hits: strike.hits }));
}

/** Each side's column (of ``among``, else every side), the attacker first: its name, then what
 * ``content(side)`` gives. */
function sideColumns(ctx, attacker, content, among = ctx.sides) {
  const sides = [attacker, ...among.filter((side) => side !== attacker)].filter(Boolean);
  return h(
    "div",
    { class: "battle-sides" },
    sides.map((side) =>
      h(
        "div",
        { class: `battle-side side-${side}`, dataset: { side } },
        h("h3", {}, ctx.sideName(side), side === attacker ? ` (${t("battle.attacker")})` : ""),
        content(side),
      ),
    ),
  );
}

/** An area map's battle board: the round and mode, and the pieces of each side in the battle's
 * area as the seat sees them (its own blocks upright, the other side's blank until revealed). */
function board(ctx, battle) {
  const pieces = ctx.areaStacks().get(battle.area) || [];
  const facts = [battle.round ? t("battle.round", { round: battle.round }) : null, battle.mode ? ctx.messages.name("mode", battle.mode) : null].filter(Boolean);
  const icon = (item) => h("span", { class: "battle-unit", dataset: item.id ? { unit: item.id } : { blank: item.colour || item.kind } }, ctx.pieceIcon(item, 36));
  const column = (side) => h("div", { class: "role" }, pieces.filter((entry) => entry.unit.side === side).map((entry) => icon(entry.unit)));
  return [facts.length ? h("p", { class: "battle-facts" }, facts.join(" · ")) : null, sideColumns(ctx, battle.attacker, column)];
}

/** A hex attack declared unit by unit (a battle frame with ``side``, ``hex`` and ``attackers``):
 * the attacking units, and the units in the hex attacked, in two columns. */
function hexAttack(ctx, battle) {
  const defenders = Object.keys(ctx.board.units || {}).filter((id) => ctx.unitHex(id) === battle.hex);
  const sideOf = (id) => (ctx.units.get(id) || {}).side;
  const defender = defenders.map(sideOf).find(Boolean);
  const icons = (ids) => ids.map((id) => ctx.units.get(id)).filter(Boolean).map((unit) => h("span", { class: "battle-unit", title: ctx.names.unitName(unit.id), dataset: { unit: unit.id } }, counterIcon(unit, { reduced: ctx.isReduced(unit.id), steps: ctx.stepsOf ? ctx.stepsOf(unit.id) : null }, ctx.lang, 36)));
  const column = (side) => h("div", { class: "role" }, icons(side === battle.side ? battle.attackers : defenders));
  return sideColumns(ctx, battle.side, column, [battle.side, defender].filter(Boolean));
}

function fighting(ctx, battle) {
  if (!battle.parts && battle.area !== undefined && ctx.areaStacks) return board(ctx, battle);
  if (!battle.parts && battle.hex !== undefined && Array.isArray(battle.attackers)) return hexAttack(ctx, battle);
  const parts = battle.parts || {};
  return sideColumns(ctx, parts.op, (side) => [sideUnits(ctx, parts, side), strikeLine(ctx, side, battle.strikes && battle.strikes[side])]);
}

/** A resolved roll as the log tells it (log.strike: natural, modifiers, roll): the natural die,
 * each modifier, and the modified roll, with who rolled. */
function itemisedRoll(ctx, event) {
  const params = event.params;
  const items = (params.modifiers || []).flatMap((message) => (message.params && message.params.items) || []);
  return h(
    "div",
    { class: "resolved-roll", dataset: { natural: params.natural, roll: params.roll } },
    h("span", { class: "roller" }, ctx.sideName(params.side)),
    die(params.natural),
    items.map((item) => h("span", { class: "modifier-chip" }, ctx.messages.message(item))),
    items.length ? [h("span", { class: "equals" }, "="), h("span", { class: "die modified", title: String(params.roll) }, String(params.roll))] : null,
  );
}

function isStrike(event) {
  return event && event.key === "log.strike" && event.params.natural !== undefined && event.params.roll !== undefined;
}

function battleLines(ctx, events, range) {
  const roundKey = battleLog(ctx).round;
  let dice = [];
  const lines = [];
  for (let i = range[0]; i < range[1]; i += 1) {
    const event = events[i];
    if (event.key === roundKey) dice = []; // the dice shown are the last round's
    if (isStrike(event)) dice.push(itemisedRoll(ctx, event));
    else if (event.key === "log.roll" && event.params.value !== undefined && !isStrike(events[i + 1])) dice.push(die(event.params.value));
    else if (Array.isArray(event.params.rolls)) dice.push(...event.params.rolls.filter(Number.isInteger).map((value) => die(value)));
    lines.push(logLine(event, ctx.body.log_text[i], i));
  }
  return [dice.length ? h("div", { class: "dice", id: "battle-dice" }, dice) : null, h("ol", { class: "log battle-log" }, lines)];
}

/** The previews of the actions the seat may choose now: [[action, preview]]. */
function offeredPreviews(ctx) {
  if (!ctx.mayAct) return [];
  return ctx.view.actions.map((text) => [text, noteOf(ctx, text).preview]).filter(([, preview]) => preview);
}

/** The offered previews: the one picked (ctx.previewPick, else the first), and a button for each
 * when there are several. */
function offered(ctx, previews) {
  const [picked, preview] = previews.find(([text]) => text === ctx.previewPick) || previews[0];
  const choices = previews.length > 1
    ? h(
        "div",
        { class: "preview-choice", role: "group", "aria-label": t("preview.choose") },
        previews.map(([text, each]) =>
          h("button", { type: "button", class: "small", "aria-pressed": String(text === picked), dataset: { preview: text }, onclick: () => ctx.pickPreview(text) }, each.title ? each.title.text : text),
        ),
      )
    : null;
  return [h("h2", {}, t("preview.before")), choices, previewView(ctx, preview)];
}

function hide(box) {
  fill(box);
  box.hidden = true;
}

function showButton(ctx, hexId) {
  return h("button", { type: "button", class: "small", id: "battle-show", onclick: () => ctx.focus([hexId]) }, t("battle.show"));
}

/** The battle under way: its preview (or, without one, its units by role and the previews of
 * the actions offered: an attack declared unit by unit, to resolve), then its log. */
function underWay(ctx, battle, decision, previews, events, range) {
  const parts = [h("h2", {}, t("battle.now", { hex: ctx.names.hexName(placeOf(battle)) }))];
  if (battle.stage) parts.push(h("p", { class: "stage" }, ctx.messages.name("reason", battle.stage)));
  parts.push(decision ? previewView(ctx, decision, { titled: false }) : fighting(ctx, battle));
  if (!decision && previews.length) parts.push(offered(ctx, previews));
  if (range) parts.push(battleLines(ctx, events, range));
  parts.push(showButton(ctx, placeOf(battle)));
  return parts;
}

/** The last battle fought, with its "×" for a seat. */
function lastBattle(ctx, events, range) {
  const hexId = placeOf(events[range[0]].params);
  const dismiss = h("button", { type: "button", class: "close", id: "battle-dismiss", "aria-label": t("battle.dismiss"), title: t("battle.dismiss"), onclick: () => ctx.dismissBattle(range[0]) }, "×");
  const heading = h("summary", {}, h("h2", {}, t("battle.last", { hex: ctx.names.hexName(hexId) })));
  const details = h("details", { class: "last-battle", open: Boolean(ctx.seat) }, heading, battleLines(ctx, events, range), showButton(ctx, hexId));
  return h("div", { class: "last-battle-box" }, ctx.seat ? dismiss : null, details);
}

export function drawBattle(box, ctx) {
  const battle = currentBattle(ctx.view);
  const decision = ctx.body.preview_text || null;
  const previews = decision ? [] : offeredPreviews(ctx);
  const events = ctx.view.log || [];
  const range = lastBattleLines(ctx, events);
  const showLast = Boolean(range) && !(ctx.seat && ctx.battleDismissed(range[0]));
  if (!battle && !decision && !previews.length && !showLast) {
    hide(box);
    return;
  }
  const parts = [];
  if (battle) parts.push(underWay(ctx, battle, decision, previews, events, range));
  else {
    if (decision) parts.push(h("h2", {}, t("preview.now")), previewView(ctx, decision));
    else if (previews.length) parts.push(offered(ctx, previews));
    if (showLast) parts.push(lastBattle(ctx, events, range));
  }
  fill(box, parts);
  box.hidden = false;
  const lines = box.querySelector(".battle-log");
  if (battle && lines) lines.scrollTop = lines.scrollHeight; // a battle under way: its latest lines
  box.dataset.hex = battle ? placeOf(battle) : range ? placeOf(events[range[0]].params) : "";
  box.dataset.preview = decision ? "decision" : previews.length ? "offered" : "";
  box.classList.toggle("current", Boolean(battle || decision || previews.length));
}
