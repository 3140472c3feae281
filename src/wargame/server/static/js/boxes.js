// Units that are not on a map hex (reinforcements by turn, delayed, eliminated, removed, given by
// an event), grouped by where they are. A unit here with a legal action is a button.

import { fill, h } from "./dom.js";
import { t } from "./i18n.js";
import { counterIcon } from "./counters.js";

function placeLabel(place) {
  const turn = /^turn:(\d+)$/.exec(place);
  if (turn) return t("boxes.turn", { turn: turn[1] });
  return t(`boxes.${place}`) === `boxes.${place}` ? place : t(`boxes.${place}`);
}

function placeOrder(place) {
  const turn = /^turn:(\d+)$/.exec(place);
  return turn ? Number(turn[1]) : 1000 + place.charCodeAt(0);
}

export function drawBoxes(box, ctx) {
  const places = new Map();
  for (const [unitId, place] of Object.entries(ctx.board.units || {})) {
    if (ctx.isHex(place)) continue;
    if (!places.has(place)) places.set(place, []);
    places.get(place).push(unitId);
  }
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
            h("span", { class: "box-unit", title: ctx.names.unitName(unit.id), dataset: { unit: unit.id } }, counterIcon(unit, { reduced: ctx.isReduced(unit.id) }, ctx.lang, 34)),
          ),
      ),
    ),
  );
  fill(box, h("h2", {}, t("play.boxes")), groups.length ? groups : h("p", { class: "hint" }, t("boxes.none")));
}
