// The game log: the server renders each line for this viewer and language (log_text); the
// structured event with the same index (view.log) tells what kind of line it is, so turns, battles
// and dice stand out.

import { fill, h } from "./dom.js";
import { t } from "./i18n.js";

const KINDS = {
  "log.turn": "turn",
  "log.battle": "battle",
  "log.roll": "roll",
  "log.roll_public": "roll",
  "log.strike": "strike",
  "log.hit": "hit",
  "log.battle_won": "battle-won",
  "log.undo": "undo",
  "log.game_over": "game-over",
};

/** A die face with its value (the game's rolls are d10 read 0-9). */
export function die(value) {
  return h("span", { class: "die", title: String(value) }, String(value));
}

const REMARK = "log.remark_"; // a bot's reason for its play, in the game's words

function kindOf(key) {
  if (key && key.startsWith(REMARK)) return "remark";
  return KINDS[key] || "";
}

export function logLine(event, text, index) {
  const kind = kindOf(event && event.key);
  const value = event && event.params ? event.params.value : undefined;
  return h(
    "li",
    {
      class: kind ? `log-${kind}` : "",
      title: kind === "remark" ? t("play.bot_remark") : null,
      dataset: { key: event ? event.key : "", n: index },
    },
    kind === "roll" && value !== undefined ? die(value) : null,
    text,
  );
}

const SHOWN = 400; // the latest lines drawn unless the whole log is asked for
let whole = false;
// The list drawn last: the live log's lines 0..count (log_hash `hash`) as seat `who` in its
// language; new lines are appended to it while they follow those lines (ctx.logMarks, the hash
// of each length the live log had, tells).
let drawn = null;
let current = null; // the context drawn last (the "whole log" button draws from it)

export function drawLog(box, ctx) {
  current = ctx;
  if (!appendLog(box, ctx)) drawWholeLog(box, ctx);
}

function drawWholeLog(box, ctx) {
  const events = ctx.view.log || [];
  const texts = ctx.body.log_text;
  const first = whole ? 0 : Math.max(0, texts.length - SHOWN);
  const lines = [];
  for (let i = first; i < texts.length; i += 1) lines.push(logLine(events[i], texts[i], i));
  const list = h("ol", { class: "log", id: "log", start: first + 1 }, lines);
  const more = first > 0
    ? h("button", { type: "button", class: "small", onclick: () => { whole = true; drawn = null; drawLog(box, current); } }, t("play.whole_log", { n: texts.length }))
    : null;
  fill(box, h("h2", {}, t("play.log")), more, list);
  list.scrollTop = list.scrollHeight;
  drawn = { list, more, first, count: texts.length, hash: ctx.logMarks ? ctx.body.log_hash : null, who: drawnBy(ctx) };
}

function drawnBy(ctx) {
  return `${ctx.seat}|${ctx.lang}|${whole}`;
}

/** Append the new lines of the live log to the list drawn last; false if it must be redrawn. */
function appendLog(box, ctx) {
  const texts = ctx.body.log_text;
  if (!drawn || !drawn.hash || !ctx.logMarks || !box.contains(drawn.list)) return false;
  if (drawn.who !== drawnBy(ctx) || ctx.logMarks.get(drawn.count) !== drawn.hash) return false;
  if (drawn.count > texts.length || (!whole && drawn.first === 0 && texts.length > SHOWN)) return false;
  const events = ctx.view.log || [];
  for (let i = drawn.count; i < texts.length; i += 1) drawn.list.append(logLine(events[i], texts[i], i));
  while (!whole && drawn.list.children.length > SHOWN) {
    drawn.list.firstElementChild.remove();
    drawn.first += 1;
  }
  drawn.list.start = drawn.first + 1;
  if (drawn.more) drawn.more.textContent = t("play.whole_log", { n: texts.length });
  if (texts.length > drawn.count) drawn.list.scrollTop = drawn.list.scrollHeight;
  drawn.count = texts.length;
  drawn.hash = ctx.body.log_hash;
  return true;
}
