// The one place where a legal action becomes words and a button, wherever it is offered (the
// prompt, a stack's popup, a card's popup, the list of every legal action, the map's names for
// screen readers): its label as the game words it (body.notes_text[action].label), and under it
// what the game says the action will cause, each with its rule number. Nothing else draws an
// action's button.

import { h, s } from "./dom.js";
import { has, t } from "./i18n.js";
import { actionLabel, verbOf } from "./targets.js";

/** What the game tells of ``text`` (body.notes_text: label, consequences, path, preview), or {}. */
export function noteOf(ctx, text) {
  return (ctx.notes && ctx.notes[text]) || {};
}

/** The action in words: the game's label, else the verb and its arguments by their names. */
export function labelOf(ctx, text) {
  const label = noteOf(ctx, text).label;
  return label && label.text ? label.text : actionLabel(text, ctx.names);
}

/** What the action will cause that a player may not foresee: [{text, rule}]. */
export function consequencesOf(ctx, text) {
  return noteOf(ctx, text).consequences || [];
}

/** The hexes the action goes through, start and end included (the path it applies), or null. */
export function pathOf(ctx, text) {
  const path = noteOf(ctx, text).path;
  return path && path.length > 1 ? path : null;
}

/** Whether any of ``actions`` has a consequence (its target is marked, and it asks first). */
export function anyWarned(ctx, actions) {
  return actions.some((text) => consequencesOf(ctx, text).length > 0);
}

/** A rule number as the page shows it: "(7.21)", titled "Rule 7.21". */
export function ruleTag(rule) {
  return h("span", { class: "rule", title: t("rule.title", { rule }) }, t("rule.number", { rule }));
}

/** One consequence: its words and its rule. */
export function consequenceItem(consequence) {
  return [h("span", { class: "consequence-text" }, consequence.text), " ", ruleTag(consequence.rule)];
}

/** The warning sign of an action with consequences, centred on (0, 0), 12 units across: a
 * yellow triangle with "!" (drawn, not written: no text for a screen reader to read out). The
 * map, the cards, the buttons and the legend draw the same one. */
export function warnMark(attrs = {}) {
  return s(
    "g",
    attrs,
    s("polygon", { class: "warn-mark", points: "0,-6 6.2,5 -6.2,5" }),
    s("rect", { class: "warn-bang", x: -0.85, y: -2.6, width: 1.7, height: 4.4, rx: 0.6 }),
    s("circle", { class: "warn-bang", cx: 0, cy: 3.3, r: 0.95 }),
  );
}

/** The warning sign in its own small <svg>, for HTML. */
export function warnSign(size = 14) {
  return s("svg", { class: "warn-sign", width: size, height: size, viewBox: "-7 -7 14 14", "aria-hidden": "true" }, warnMark());
}

/** The button that plays ``text`` (``ctx.act``, which asks first when it has consequences), with
 * what a verb new to a player does where the client explains it (i18n "hint.<verb>": a waypoint);
 * disabled while a request is under way. Pointing at it or focusing it shows its path on the map
 * (``ctx.hoverAction``). */
export function actionButton(ctx, text) {
  const consequences = consequencesOf(ctx, text);
  const hover = (on) => ctx.hoverAction && ctx.hoverAction(on ? text : null);
  return h(
    "button",
    {
      type: "button",
      class: consequences.length ? "action warned" : "action",
      disabled: ctx.busy,
      dataset: { action: text },
      onclick: () => ctx.act(text),
      onmouseenter: () => hover(true),
      onmouseleave: () => hover(false),
      onfocus: () => hover(true),
      onblur: () => hover(false),
    },
    h("span", { class: "action-label" }, consequences.length ? warnSign() : null, labelOf(ctx, text)),
    has(`hint.${verbOf(text)}`) ? h("span", { class: "action-hint" }, t(`hint.${verbOf(text)}`)) : null,
    consequences.map((consequence) => h("span", { class: "action-warning" }, consequenceItem(consequence))),
  );
}

export function actionButtons(ctx, actions) {
  return actions.map((text) => actionButton(ctx, text));
}
