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

export function logLine(event, text, index) {
  const kind = KINDS[event && event.key] || "";
  const value = event && event.params ? event.params.value : undefined;
  return h(
    "li",
    { class: kind ? `log-${kind}` : "", dataset: { key: event ? event.key : "", n: index } },
    kind === "roll" && value !== undefined ? die(value) : null,
    text,
  );
}

const SHOWN = 400; // the latest lines drawn unless the whole log is asked for
let whole = false;

export function drawLog(box, ctx) {
  const events = ctx.view.log || [];
  const texts = ctx.body.log_text;
  const first = whole ? 0 : Math.max(0, texts.length - SHOWN);
  const lines = [];
  for (let i = first; i < texts.length; i += 1) lines.push(logLine(events[i], texts[i], i));
  const list = h("ol", { class: "log", id: "log", start: first + 1 }, lines);
  const more = first > 0
    ? h("button", { type: "button", class: "small", onclick: () => { whole = true; drawLog(box, ctx); } }, t("play.whole_log", { n: texts.length }))
    : null;
  fill(box, h("h2", {}, t("play.log")), more, list);
  list.scrollTop = list.scrollHeight;
}
