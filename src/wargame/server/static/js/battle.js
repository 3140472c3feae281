// The battle panel: the battle being fought (from the battle frame of the view's stack: each
// side's units by role, the strikes' hits) or else the last battle fought, with its dice and
// results from the log. The last battle is shown to a seat until its next action (then it is
// dismissed: play.js), or until its "×"; to a spectator, folded.

import { fill, h } from "./dom.js";
import { t } from "./i18n.js";
import { counterIcon } from "./counters.js";
import { die, logLine } from "./log.js";

// The log lines that belong to a battle after its "log.battle" line.
const BATTLE_KEYS = new Set([
  "log.roll",
  "log.roll_public",
  "log.strike",
  "log.hit",
  "log.hits_lost",
  "log.battle_won",
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

/** The index range of the log lines of the last battle: [start, end). */
function lastBattleLines(events) {
  const start = lastBattleStart(events);
  if (start < 0) return null;
  let end = start + 1;
  while (end < events.length && end - start < MAX_LINES && BATTLE_KEYS.has(events[end].key)) end += 1;
  return [start, end];
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

function fighting(ctx, battle) {
  const parts = battle.parts || {};
  const sides = [parts.op, ...ctx.sides.filter((side) => side !== parts.op)].filter(Boolean);
  return h(
    "div",
    { class: "battle-sides" },
    sides.map((side) =>
      h(
        "div",
        { class: `battle-side side-${side}`, dataset: { side } },
        h("h3", {}, ctx.sideName(side), side === parts.op ? ` (${t("battle.attacker")})` : ""),
        sideUnits(ctx, parts, side),
        strikeLine(ctx, side, battle.strikes && battle.strikes[side]),
      ),
    ),
  );
}

function battleLines(ctx, events, range) {
  const dice = [];
  const lines = [];
  for (let i = range[0]; i < range[1]; i += 1) {
    if (events[i].key === "log.roll" && events[i].params.value !== undefined) dice.push(die(events[i].params.value));
    lines.push(logLine(events[i], ctx.body.log_text[i], i));
  }
  return [dice.length ? h("div", { class: "dice", id: "battle-dice" }, dice) : null, h("ol", { class: "log battle-log" }, lines)];
}

function hide(box) {
  fill(box);
  box.hidden = true;
}

export function drawBattle(box, ctx) {
  const battle = currentBattle(ctx.view);
  const events = ctx.view.log || [];
  const range = lastBattleLines(events);
  if (!battle && (!range || (ctx.seat && ctx.battleDismissed(range[0])))) {
    hide(box);
    return;
  }
  const hexId = battle ? battle.hex : events[range[0]].params.hex;
  const show = h("button", { type: "button", class: "small", id: "battle-show", onclick: () => ctx.focus([hexId]) }, t("battle.show"));
  const parts = [];
  if (battle && battle.stage) parts.push(h("p", { class: "stage" }, ctx.messages.name("reason", battle.stage)));
  if (battle) parts.push(fighting(ctx, battle));
  if (range) parts.push(battleLines(ctx, events, range));
  if (battle) {
    fill(box, h("h2", {}, t("battle.now", { hex: ctx.names.hexName(hexId) })), parts, show);
  } else {
    const dismiss = h("button", { type: "button", class: "close", id: "battle-dismiss", "aria-label": t("battle.dismiss"), title: t("battle.dismiss"), onclick: () => ctx.dismissBattle(range[0]) }, "×");
    const heading = h("summary", {}, h("h2", {}, t("battle.last", { hex: ctx.names.hexName(hexId) })));
    fill(box, ctx.seat ? dismiss : null, h("details", { class: "last-battle", open: Boolean(ctx.seat) }, heading, parts, show));
  }
  box.hidden = false;
  box.dataset.hex = hexId;
  box.classList.toggle("current", Boolean(battle));
}
