// The one place where a legal action becomes a button, wherever it is offered (the prompt, a
// stack's popup, a card's popup): its label, and under it what the game says the action will
// cause, when the game says it. Nothing else draws an action's button.

import { h } from "./dom.js";
import { actionLabel, verbLabel, verbOf } from "./targets.js";

/** What a button shows for the action ``text``: ``label`` (``short``: the verb alone, where the
 * popup's row names the unit already) and ``warnings``, the lines that tell what the action
 * will cause that a player may not foresee (none yet: the game's consequences are to come here). */
export function describeAction(ctx, text, short = false) {
  return { label: short ? verbLabel(verbOf(text)) : actionLabel(text, ctx.names), warnings: [] };
}

/** The button that plays ``text`` (``ctx.act``); disabled while a request is under way. */
export function actionButton(ctx, text, { short = false } = {}) {
  const { label, warnings } = describeAction(ctx, text, short);
  // a short label leaves out what the popup's row shows: screen readers get the whole of it
  const whole = short ? [actionLabel(text, ctx.names), ...warnings].join(". ") : null;
  return h(
    "button",
    {
      type: "button",
      class: warnings.length ? "action warned" : "action",
      disabled: ctx.busy,
      dataset: { action: text },
      "aria-label": whole,
      title: whole,
      onclick: () => ctx.act(text),
    },
    h("span", { class: "action-label" }, label),
    warnings.map((line) => h("span", { class: "action-warning" }, line)),
  );
}

export function actionButtons(ctx, actions, options = {}) {
  return actions.map((text) => actionButton(ctx, text, options));
}
