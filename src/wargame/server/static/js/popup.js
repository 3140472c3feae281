// Popups over the page: a hex's stack opened on click (its units with their values and legal
// actions, and the hex's own actions), and a small menu when one target has several actions.

import { byId, fill, h } from "./dom.js";
import { has, t } from "./i18n.js";
import { counterIcon, values } from "./counters.js";
import { actionLabel, verbLabel, verbOf } from "./targets.js";

function popupBox() {
  let box = byId("popup");
  if (!box) {
    box = h("div", { id: "popup", class: "popup", role: "dialog", hidden: true });
    document.body.append(box);
  }
  return box;
}

export function closePopup() {
  const box = byId("popup");
  if (box) {
    box.hidden = true;
    box.dataset.hex = "";
    fill(box);
  }
}

export function popupHex() {
  const box = byId("popup");
  return box && !box.hidden ? box.dataset.hex || null : null;
}

function place(box, x, y) {
  box.hidden = false;
  const width = box.offsetWidth;
  const height = box.offsetHeight;
  const left = Math.min(Math.max(8, x + 12), window.innerWidth - width - 8);
  const top = Math.min(Math.max(8, y - 20), window.innerHeight - height - 8);
  box.style.left = `${left}px`;
  box.style.top = `${top}px`;
}

function actionButtons(ctx, actions, short) {
  return actions.map((text) =>
    h(
      "button",
      { type: "button", class: "action", disabled: ctx.busy, dataset: { action: text }, onclick: () => ctx.act(text) },
      short ? verbLabel(verbOf(text)) : actionLabel(text, ctx.names),
    ),
  );
}

function unitRow(ctx, unit) {
  const reduced = ctx.isReduced(unit.id);
  const actions = ctx.targets.units.get(unit.id) || [];
  const facts = [has(`unit_type.${unit.type}`) ? t(`unit_type.${unit.type}`) : unit.type, values(unit, reduced)];
  if (reduced) facts.push(t("unit.reduced"));
  if (ctx.isActivated(unit.id)) facts.push(t("unit.activated"));
  return h(
    "li",
    { class: actions.length ? "stack-unit legal" : "stack-unit", dataset: { unit: unit.id } },
    counterIcon(unit, { reduced, target: actions.length > 0, activated: ctx.isActivated(unit.id) }, ctx.lang, 44),
    h("div", { class: "unit-text" }, h("div", { class: "unit-name" }, ctx.names.unitName(unit.id)), h("div", { class: "unit-facts" }, facts.join(" · "))),
    h("div", { class: "unit-actions" }, actionButtons(ctx, actions, true)),
  );
}

function hexFacts(ctx, hex) {
  const facts = [has(`terrain.${hex.terrain}`) ? t(`terrain.${hex.terrain}`) : hex.terrain];
  if (hex.port) facts.push(t("hex.port"));
  if (hex.airfield) facts.push(t("hex.airfield"));
  if (hex.resource) facts.push(t("hex.resource"));
  const owner = ctx.board.control && ctx.board.control[hex.id];
  if (owner) facts.push(t("hex.controlled_by", { side: ctx.sideName(owner) }));
  return facts.join(" · ");
}

/** Open the stack of ``hexId`` near the screen point (x, y). */
export function openStack(ctx, hexId, entries, x, y) {
  const box = popupBox();
  const hex = ctx.hexes.get(hexId);
  const hexActions = ctx.targets.hexes.get(hexId) || [];
  fill(
    box,
    h("button", { type: "button", class: "close", "aria-label": t("play.close"), onclick: closePopup }, "×"),
    h("h3", {}, ctx.names.hexName(hexId)),
    hex ? h("p", { class: "hex-facts" }, hexFacts(ctx, hex)) : null,
    hexActions.length ? h("div", { class: "buttons hex-actions" }, actionButtons(ctx, hexActions, false)) : null,
    entries.length ? h("ul", { class: "stack-list" }, entries.map((entry) => unitRow(ctx, entry.unit))) : null,
  );
  box.dataset.hex = hexId;
  place(box, x, y);
}

/** A menu of ``actions`` next to ``anchor`` (one card with several uses, ...). */
export function openMenu(ctx, actions, anchor) {
  const box = popupBox();
  const rect = anchor.getBoundingClientRect();
  fill(
    box,
    h("button", { type: "button", class: "close", "aria-label": t("play.close"), onclick: closePopup }, "×"),
    h("div", { class: "buttons menu" }, actionButtons(ctx, actions, false)),
  );
  box.dataset.hex = "";
  place(box, rect.left, rect.bottom);
}
