// Popups over the page: a hex's stack, opened by a click or Enter (its units with their full
// names, values and legal actions, and the hex's own actions), and a card of the hand (its whole
// text and its legal actions). Opening one never acts: an action runs from one of its buttons, or
// from a second click on the same target when that target has a single action (play.js).
// On a phone held upright the popup lies across the screen's width, at the top or the bottom,
// away from the tap, so that its buttons are never off the screen.

import { actionButtons } from "./actions.js";
import { byId, fill, h } from "./dom.js";
import { has, t } from "./i18n.js";
import { counterIcon, values } from "./counters.js";
import { cardDetails } from "./cards.js";
import { placeName } from "./scene.js";

const UPRIGHT_PHONE = "(width <= 700px)";

function popupBox() {
  let box = byId("popup");
  if (!box) {
    box = h("div", { id: "popup", class: "popup", role: "dialog", "aria-modal": "false", hidden: true });
    document.body.append(box);
  }
  return box;
}

/** Close the popup; the document hears "popupclosed" (the map's path of the hex opened goes). */
export function closePopup() {
  const box = byId("popup");
  if (box && !box.hidden) {
    box.hidden = true;
    box.dataset.hex = "";
    box.dataset.card = "";
    fill(box);
    document.dispatchEvent(new CustomEvent("popupclosed"));
  }
}

/** The hex whose stack is open, if one is. */
export function popupHex() {
  const box = byId("popup");
  return box && !box.hidden ? box.dataset.hex || null : null;
}

/** The card open, if one is. */
export function popupCard() {
  const box = byId("popup");
  return box && !box.hidden ? box.dataset.card || null : null;
}

/** The popup beside (x, y), on its right if it fits, else on its left: never over the point
 * tapped, so that a second click there still reaches the target. With ``clear`` ({at, from}:
 * the end of a drawn path and the hex its last leg comes from, screen points with their radius
 * ``r``), on the side away from that leg and clear of the end's hex, so that the path stays in
 * sight. */
function place(box, x, y, clear = null) {
  box.hidden = false;
  const docked = window.matchMedia(UPRIGHT_PHONE).matches;
  box.classList.toggle("docked", docked);
  if (docked) {
    const low = y > window.innerHeight / 2;
    box.classList.toggle("at-top", low);
    box.style.left = "";
    box.style.top = "";
    return;
  }
  const width = box.offsetWidth;
  const height = box.offsetHeight;
  let wanted = x + 12 + width <= window.innerWidth - 8 ? x + 12 : x - 12 - width;
  if (clear && clear.from) {
    const gap = clear.at.r + 6;
    const right = x + gap;
    const leftSide = x - gap - width;
    const fromLeft = clear.from.x <= x;
    wanted = fromLeft ? (right + width <= window.innerWidth - 8 ? right : leftSide) : (leftSide >= 8 ? leftSide : right);
  }
  const left = Math.min(Math.max(8, wanted), window.innerWidth - width - 8);
  const top = Math.min(Math.max(8, y - 20), window.innerHeight - height - 8);
  box.style.left = `${left}px`;
  box.style.top = `${top}px`;
}

/** Keyboard users land on the popup's first button (or its close button). */
function focusInside(box, how) {
  if (!how || !how.keyboard) return;
  const first = box.querySelector("button.action:not(:disabled)") || box.querySelector("button.close");
  if (first) first.focus();
}

function closeButton() {
  return h("button", { type: "button", class: "close", "aria-label": t("play.close"), onclick: closePopup }, "×");
}

/** A word of the page's catalogue (``namespace.value``), else of the game's own messages. */
function named(ctx, namespace, value) {
  return has(`${namespace}.${value}`) ? t(`${namespace}.${value}`) : ctx.messages.name(namespace, value);
}

/** A game's marks on the unit in words (its message ``unit_mark.<kind>`` with the mark's fields),
 * those the game names. */
function markFacts(ctx, unitId) {
  return ctx
    .unitMarks(unitId)
    .filter((mark) => ctx.messages.entries[`unit_mark.${mark.kind}`] !== undefined)
    .map((mark) => ctx.messages.render(`unit_mark.${mark.kind}`, mark));
}

function unitRow(ctx, unit) {
  const reduced = ctx.isReduced(unit.id);
  const steps = ctx.stepsOf ? ctx.stepsOf(unit.id) : null;
  const actions = ctx.targets.units.get(unit.id) || [];
  const facts = [named(ctx, "unit_type", unit.type), values(unit, reduced, steps, ctx.lang)];
  const nation = named(ctx, "nation", unit.nationality);
  if (nation !== unit.nationality) facts.push(nation);
  if (steps !== null && unit.steps > 1) facts.push(t("unit.steps", { steps, of: unit.steps }));
  if (reduced) facts.push(t("unit.reduced"));
  if (ctx.isActivated(unit.id)) facts.push(t("unit.activated"));
  facts.push(...markFacts(ctx, unit.id));
  return h(
    "li",
    { class: actions.length ? "stack-unit legal" : "stack-unit", dataset: { unit: unit.id } },
    counterIcon(unit, { reduced, steps, target: actions.length > 0, activated: ctx.isActivated(unit.id), marks: ctx.markLabels(unit.id) }, ctx.lang, 44),
    h("div", { class: "unit-text" }, h("div", { class: "unit-name" }, ctx.names.unitName(unit.id)), h("div", { class: "unit-facts" }, facts.join(" · "))),
    actions.length ? h("div", { class: "unit-actions" }, actionButtons(ctx, actions)) : null,
  );
}

function hexFacts(ctx, hex) {
  const facts = [named(ctx, "terrain", hex.variant || hex.terrain)];
  const country = (hex.areas || [])[0];
  if (country && ctx.messages.name("country", country) !== country) facts.push(ctx.messages.name("country", country));
  const weather = ctx.board.weather && ctx.board.weather[hex.id];
  if (weather) facts.push(ctx.messages.name("track_value", weather));
  if (hex.port) facts.push(t("hex.port"));
  if (hex.airfield) facts.push(t("hex.airfield"));
  if (hex.resource) facts.push(t("hex.resource"));
  const owner = ctx.board.control && ctx.board.control[hex.id];
  if (owner) facts.push(t("hex.controlled_by", { side: ctx.sideName(owner) }));
  for (const mark of ctx.board.marks || []) if (mark.hex === hex.id && ctx.messages.entries[`token_fact.${mark.kind}`] !== undefined) facts.push(ctx.messages.render(`token_fact.${mark.kind}`, mark));
  return facts.join(" · ");
}

/** Open the stack of ``hexId`` near the screen point (x, y); ``how.keyboard``: focus its first
 * button; ``clear``: the end of the path drawn to the hex, to keep in sight (see place). An area
 * map draws its own rows and facts (``ctx.stackRow``, ``ctx.placeFacts``). */
export function openStack(ctx, hexId, entries, x, y, how = {}, clear = null) {
  const box = popupBox();
  const hex = ctx.hexes.get(hexId);
  const hexActions = ctx.targets.hexes.get(hexId) || [];
  fill(
    box,
    closeButton(),
    h("h3", { id: "popup-title" }, placeName(ctx.names, hexId)),
    hex ? h("p", { class: "hex-facts" }, ctx.placeFacts ? ctx.placeFacts(hex) : hexFacts(ctx, hex)) : null,
    hexActions.length ? h("div", { class: "buttons hex-actions" }, actionButtons(ctx, hexActions)) : null,
    entries.length ? h("ul", { class: "stack-list" }, entries.map((entry) => (ctx.stackRow ? ctx.stackRow(entry) : unitRow(ctx, entry.unit)))) : null,
  );
  box.setAttribute("aria-labelledby", "popup-title");
  box.dataset.hex = hexId;
  box.dataset.card = "";
  place(box, x, y, clear);
  focusInside(box, how);
}

/** Open a list of units off the map next to ``anchor`` (a unit of a game's box): ``title``,
 * then each unit's row with its legal actions. */
export function openUnits(ctx, title, units, anchor, how = {}) {
  const box = popupBox();
  const rect = anchor.getBoundingClientRect();
  fill(box, closeButton(), h("h3", { id: "popup-title" }, title), h("ul", { class: "stack-list" }, units.map((unit) => unitRow(ctx, unit))));
  box.setAttribute("aria-labelledby", "popup-title");
  box.dataset.hex = "";
  box.dataset.card = "";
  place(box, rect.left, rect.bottom);
  focusInside(box, how);
}

/** Open ``card`` of the hand next to ``anchor``: its whole text, then its legal ``actions``. */
export function openCard(ctx, card, actions, anchor, how = {}) {
  const box = popupBox();
  const rect = anchor.getBoundingClientRect();
  fill(
    box,
    closeButton(),
    cardDetails(card, ctx),
    actions.length ? h("div", { class: "buttons card-actions" }, actionButtons(ctx, actions)) : h("p", { class: "hint" }, t("card.not_playable")),
  );
  box.setAttribute("aria-labelledby", "popup-title");
  box.dataset.hex = "";
  box.dataset.card = card.id;
  place(box, rect.left, rect.bottom);
  focusInside(box, how);
}
