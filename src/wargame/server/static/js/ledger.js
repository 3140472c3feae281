// A sheet of figures the game shows beside a phase's choices (Asia Engulfed's production sheet):
// the view's board.sheet, a title message and rows, each a label message, a value and the most
// it may reach where there is one. Hidden when the game shows no sheet.

import { fill, h } from "./dom.js";

function rowOf(ctx, row) {
  const value = row.most === undefined ? String(row.value) : `${row.value} / ${row.most}`;
  const full = row.most !== undefined && row.value >= row.most;
  return h("tr", { class: full ? "full" : "" }, h("th", {}, ctx.messages.message(row.label)), h("td", {}, value));
}

export function drawLedger(box, ctx) {
  const sheet = ctx.board.sheet;
  box.hidden = !sheet;
  if (!sheet) return;
  fill(box, h("h2", {}, ctx.messages.message(sheet.title)), h("table", { class: "ledger" }, sheet.rows.map((row) => rowOf(ctx, row))));
}
