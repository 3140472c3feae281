// The airbase display of a game that keeps one (client_data view ``airbase_display``: Aegean
// Strike): each side's airbases and carriers with their air units by sortie box (9.02), their
// modes and the units in the air; a hex where transports wait in the field (``field``, 9.03)
// is named as such. A unit with a legal action is a button that opens its stack
// on the map, where its actions are (a click only opens, as on the map).

import { fill, h } from "./dom.js";
import { counterIcon } from "./counters.js";

function unitButton(ctx, entry, base) {
  const unit = ctx.units.get(entry);
  if (!unit) return null;
  const target = ctx.targets.units.has(entry);
  const mode = base.modes[entry];
  const icon = counterIcon(unit, { target, reduced: ctx.isReduced(entry) }, ctx.lang, 38);
  const parts = [icon, h("span", { class: "airbase-mode" }, mode ? ctx.messages.name("mode", mode) : "")];
  const attrs = { class: target ? "airbase-unit target" : "airbase-unit", title: ctx.names.unitName(entry), dataset: { unit: entry } };
  if (!target) return h("span", attrs, parts);
  return h("button", { ...attrs, type: "button", onclick: () => ctx.openUnit(entry) }, parts);
}

function boxCell(ctx, base, units, label, key) {
  return h("div", { class: "sortie-box", dataset: { box: key } }, h("span", { class: "sortie-label" }, label), h("div", { class: "sortie-units" }, units.map((uid) => unitButton(ctx, uid, base))));
}

function baseRow(ctx, base) {
  const name = base.field ? ctx.messages.message({ key: "airbase_display.field", params: {} }) : ctx.names.unitName(base.base);
  const hexName = base.hex ? ctx.names.hexName(base.hex) : name;
  const place = hexName === name ? "" : ` · ${hexName}`; // a base named for its town says it once
  const hits = base.hits ? ` · ${ctx.messages.message({ key: "airbase_display.hits", params: { hits: base.hits } })}` : "";
  const kind = base.carrier ? ` (${ctx.messages.message({ key: "airbase_display.carrier", params: {} })})` : "";
  const boxes = base.boxes.map((units, box) => boxCell(ctx, base, units, ctx.messages.message({ key: "airbase_display.box", params: { box } }), String(box)));
  if (base.flying.length) boxes.push(boxCell(ctx, base, base.flying, ctx.messages.message({ key: "airbase_display.flying", params: {} }), "flying"));
  const open = base.boxes.some((units) => units.some((uid) => ctx.targets.units.has(uid)));
  return h("details", { class: "airbase", open, dataset: { base: base.base, side: base.side } }, h("summary", {}, `${name}${kind}${place}${hits}`), h("div", { class: "sortie-boxes" }, boxes));
}

export function drawAirbases(box, ctx) {
  const display = ctx.board.airbase_display;
  box.hidden = !Array.isArray(display);
  if (box.hidden) return;
  const sides = ctx.sides.map((side) => {
    const bases = display.filter((base) => base.side === side && (base.boxes.some((units) => units.length) || base.flying.length));
    return bases.length ? [h("h3", {}, ctx.sideName(side)), bases.map((base) => baseRow(ctx, base))] : null;
  });
  const title = ctx.messages.message({ key: "airbase_display.title", params: {} });
  fill(box, h("h2", {}, title), sides.some(Boolean) ? sides : h("p", { class: "hint" }, ctx.messages.message({ key: "airbase_display.none", params: {} })));
}
