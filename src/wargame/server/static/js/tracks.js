// The tracks and markers of the board (turn, phase, initiative, Political Will, China, ...) and
// the offensive under way, named through the game's message catalogue where it has the names (a
// value by its track's namespace here, else by the game's ``track_value`` names).

import { fill, h } from "./dom.js";
import { has, t } from "./i18n.js";

// How a track's value is named: the message namespace of its values.
const VALUE_NAMES = { china: "china_box", india: "india", burma_road: "road" };

function trackName(ctx, key) {
  if (has(`track.${key}`)) return t(`track.${key}`);
  const found = ctx.messages.name("track", key);
  return found === key ? key.replace(/_/g, " ") : found;
}

function trackValue(ctx, key, value) {
  if (typeof value === "boolean") return value ? t("play.yes") : t("play.no");
  if (VALUE_NAMES[key]) return ctx.messages.name(VALUE_NAMES[key], value);
  if (value === null || value === undefined) return "–";
  return ctx.messages.name("track_value", value); // the game's word for it, if it has one
}

function row(label, value, key) {
  return h("tr", { dataset: { track: key } }, h("th", {}, label), h("td", {}, value));
}

function offensiveRows(ctx, offensive) {
  const rows = [
    row(t("offensive.card"), ctx.names.cardName(offensive.card), "offensive-card"),
    row(t("offensive.side"), ctx.sideName(offensive.side), "offensive-side"),
    row(t("offensive.mode"), t(`offensive.mode_${offensive.mode}`), "offensive-mode"),
  ];
  if (offensive.lv !== null && offensive.lv !== undefined) rows.push(row("LV", offensive.lv, "offensive-lv"));
  if (offensive.hq) rows.push(row("HQ", ctx.names.unitName(offensive.hq), "offensive-hq"));
  if (offensive.activated) rows.push(row(t("offensive.activated"), offensive.activated.length, "offensive-activated"));
  if (offensive.battles && offensive.battles.length) {
    rows.push(row(t("offensive.battles"), offensive.battles.map((id) => ctx.names.hexName(id)).join(", "), "offensive-battles"));
  }
  if (offensive.condition) rows.push(row(t("offensive.condition"), ctx.messages.name("condition", offensive.condition), "offensive-condition"));
  return rows;
}

export function drawTracks(box, ctx) {
  const board = ctx.board;
  const rows = [];
  if (board.turn !== undefined) rows.push(row(t("track.turn"), `${board.turn}${board.last_turn ? ` / ${board.last_turn}` : ""}`, "turn"));
  if (board.phase) rows.push(row(t("track.phase"), ctx.messages.name("phase", board.phase), "phase"));
  if (board.initiative) rows.push(row(t("track.initiative"), ctx.sideName(board.initiative), "initiative"));
  for (const [key, value] of Object.entries(board.tracks || {})) rows.push(row(trackName(ctx, key), trackValue(ctx, key, value), key));
  const children = [h("h2", {}, t("play.tracks")), h("table", { class: "tracks" }, rows)];
  if (board.offensive) {
    children.push(h("h3", {}, t("play.offensive")), h("table", { class: "tracks offensive" }, offensiveRows(ctx, board.offensive)));
  }
  fill(box, children);
}
