// Units that are not on a map hex (reinforcements by turn, delayed, eliminated, removed, given by
// an event), grouped by where they are. A unit here with a legal action is a button.

import { fill, h } from "./dom.js";
import { t } from "./i18n.js";
import { counterIcon } from "./counters.js";
import { openUnits } from "./popup.js";

function placeLabel(place) {
  const turn = /^turn:(\d+)$/.exec(place);
  if (turn) return t("boxes.turn", { turn: turn[1] });
  return t(`boxes.${place}`) === `boxes.${place}` ? place : t(`boxes.${place}`);
}

function placeOrder(place) {
  const turn = /^turn:(\d+)$/.exec(place);
  return turn ? Number(turn[1]) : 1000 + place.charCodeAt(0);
}

/** A counter of a hex map's listed group (an off-map box): its steps left, ringed where it has a
 * legal action, then a button that opens it with its actions. */
function listedCounter(ctx, entry, title) {
  const unit = ctx.units.get(entry.id);
  if (!unit) return null;
  const target = ctx.targets.units.has(entry.id);
  const flags = { target, steps: entry.steps ?? null, reduced: ctx.isReduced(entry.id), marks: ctx.markLabels(entry.id) };
  const attrs = { class: target ? "box-unit target" : "box-unit", title: ctx.names.unitName(entry.id), dataset: { unit: entry.id } };
  const icon = counterIcon(unit, flags, ctx.lang, 34);
  if (!target) return h("span", attrs, icon);
  const open = (event) => openUnits(ctx, title, [unit], event.currentTarget, { keyboard: event.detail === 0 });
  return h("button", { ...attrs, type: "button", onclick: open }, icon);
}

/** A piece of a game's listed group (board.boxes): a unit by id, or blank blocks of a colour. */
function listedPiece(ctx, entry, title) {
  if (!ctx.areaMap && entry.id) return listedCounter(ctx, entry, title);
  if (entry.blank) {
    const icon = ctx.pieceIcon({ kind: "blank", colour: entry.blank }, 34);
    return h("span", { class: "box-unit", dataset: { blank: entry.blank } }, icon, entry.count > 1 ? h("span", { class: "count" }, `×${entry.count}`) : null);
  }
  const printed = ctx.units.get(entry.id) || { id: entry.id };
  const kind = printed.colour ? "block" : printed.type === "submarine" ? "submarine" : "air";
  const item = { ...printed, kind, id: entry.id, steps: entry.steps };
  return h("span", { class: "box-unit", title: ctx.names.unitName(entry.id), dataset: { unit: entry.id } }, ctx.pieceIcon(item, 34));
}

/** The groups a game lists itself (an area map's force pools, carrier boxes, ...): each a label
 * message and its pieces, as the seat's view gives them. */
function drawListed(box, ctx) {
  const groups = ctx.board.boxes.map((group) => {
    const count = group.entries.reduce((sum, entry) => sum + (entry.count || 1), 0);
    const label = ctx.messages.message(group.label);
    const open = !ctx.areaMap && group.entries.some((entry) => entry.id && ctx.targets.units.has(entry.id)); // a hex map's box with a unit that may act
    const pieces = group.entries.map((entry) => listedPiece(ctx, entry, label));
    return h("details", { class: "box", open, dataset: { place: group.label.key } }, h("summary", {}, `${label} (${count})`), h("div", { class: "box-units" }, pieces));
  });
  fill(box, h("h2", {}, t("play.boxes")), groups.length ? groups : h("p", { class: "hint" }, t("boxes.none")));
}

export function drawBoxes(box, ctx) {
  box.hidden = false;
  if (Array.isArray(ctx.board.boxes)) return drawListed(box, ctx);
  const places = new Map();
  for (const [unitId, place] of Object.entries(ctx.board.units || {})) {
    if (typeof place !== "string" || ctx.isHex(place)) continue; // a game's own record: not a box
    if (!places.has(place)) places.set(place, []);
    places.get(place).push(unitId);
  }
  // a game that keeps its eliminated units apart from its units on the map (a list of ids)
  if (Array.isArray(ctx.board.eliminated) && ctx.board.eliminated.length) places.set("eliminated", [...ctx.board.eliminated]);
  const sorted = [...places.entries()].sort((a, b) => placeOrder(a[0]) - placeOrder(b[0]));
  const groups = sorted.map(([place, ids]) =>
    h(
      "details",
      { class: "box", dataset: { place } },
      h("summary", {}, `${placeLabel(place)} (${ids.length})`),
      h(
        "div",
        { class: "box-units" },
        ids
          .map((id) => ctx.units.get(id))
          .filter(Boolean)
          .map((unit) =>
            h("span", { class: "box-unit", title: ctx.names.unitName(unit.id), dataset: { unit: unit.id } }, counterIcon(unit, { reduced: ctx.isReduced(unit.id), marks: ctx.markLabels(unit.id) }, ctx.lang, 34)),
          ),
      ),
    ),
  );
  fill(box, h("h2", {}, t("play.boxes")), groups.length ? groups : h("p", { class: "hint" }, t("boxes.none")));
}
