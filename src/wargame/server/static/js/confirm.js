// Consequences before commitment: an action the game says will cause something a player may not
// foresee is played only after this dialog, which names the action, lists each consequence with
// its rule number and the path the move takes, and offers Confirm and Cancel. It is modal and
// keeps the keyboard inside (Tab cycles through its buttons, Escape cancels); Cancel has the
// focus first, so that a key pressed once too often plays nothing. The map stays in sight under
// it, with the path drawn (play.js).

import { byId, fill, h } from "./dom.js";
import { t } from "./i18n.js";
import { consequenceItem, consequencesOf, labelOf, pathOf, warnSign } from "./actions.js";
import { placeName } from "./scene.js";

let open = null; // {text, done(confirmed), back: the element focused before}

/** The action the dialog asks about, if it is open. */
export function confirming() {
  return open ? open.text : null;
}

function dialogBox() {
  let box = byId("confirm");
  if (!box) {
    box = h("div", { id: "confirm", class: "confirm-backdrop", hidden: true });
    box.addEventListener("click", (event) => event.target === box && closeConfirm(false));
    box.addEventListener("keydown", keyed);
    document.body.append(box);
  }
  return box;
}

function keyed(event) {
  if (event.key === "Escape") {
    event.preventDefault();
    event.stopPropagation();
    closeConfirm(false);
    return;
  }
  if (event.key !== "Tab") return;
  const buttons = [...byId("confirm").querySelectorAll("button")];
  const at = buttons.indexOf(document.activeElement);
  const next = (at + (event.shiftKey ? -1 : 1) + buttons.length) % buttons.length;
  event.preventDefault();
  buttons[next].focus();
}

/** Close the dialog; ``confirmed`` tells its caller which button ended it. */
export function closeConfirm(confirmed) {
  if (!open) return;
  const { done, back } = open;
  open = null;
  const box = byId("confirm");
  box.hidden = true;
  fill(box);
  if (!confirmed && back && back.isConnected) back.focus();
  done(confirmed);
}

/** Ask before playing ``text``: ``done(true)`` on Confirm, ``done(false)`` on Cancel, Escape or
 * a click beside the dialog. */
export function askConfirm(ctx, text, done) {
  closeConfirm(false);
  const box = dialogBox();
  const path = pathOf(ctx, text);
  const cancel = h("button", { type: "button", id: "confirm-cancel", onclick: () => closeConfirm(false) }, t("confirm.cancel"));
  const ok = h("button", { type: "button", id: "confirm-ok", class: "primary", onclick: () => closeConfirm(true) }, t("confirm.ok"));
  const items = consequencesOf(ctx, text).map((consequence) => h("li", { class: "consequence" }, consequenceItem(consequence)));
  fill(
    box,
    h(
      "div",
      { class: "confirm", role: "alertdialog", "aria-modal": "true", "aria-labelledby": "confirm-title", "aria-describedby": "confirm-body", dataset: { action: text } },
      h("h2", { id: "confirm-title" }, warnSign(18), " ", t("confirm.title")),
      h(
        "div",
        { id: "confirm-body" },
        h("p", { class: "confirm-action" }, labelOf(ctx, text)),
        h("p", { class: "confirm-intro" }, t("confirm.intro")),
        h("ul", { class: "consequences", id: "confirm-consequences" }, items),
        path ? h("p", { class: "confirm-path" }, t("confirm.path", { path: path.map((id) => placeName(ctx.names, id)).join(" → ") })) : null,
      ),
      h("div", { class: "buttons confirm-buttons" }, cancel, ok),
    ),
  );
  open = { text, done, back: document.activeElement };
  box.hidden = false;
  cancel.focus();
}
