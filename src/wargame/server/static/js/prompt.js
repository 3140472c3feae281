// The prompt panel: who acts, the prompt text, a button for each action that is not a target on
// the map or in the hand, a summary of the targets, and every legal action as a fallback list.

import { actionButton, consequencesOf, labelOf } from "./actions.js";
import { fill, h } from "./dom.js";
import { colon, joined, t } from "./i18n.js";
import { playLink, rematchWords } from "./seats.js";

const MANY_BUTTONS = 12;

function sideList(ctx, sides) {
  return joined(sides.map((side) => ctx.sideName(side)));
}

/** The rematch made: a link to each seat this browser now holds, and the links to send to the
 * players of the others. */
function rematchLinks(ctx) {
  const made = ctx.rematched;
  const rows = ctx.sides.map((side) => {
    const held = ctx.heldLink(made.id, side);
    const link = made.seats[side];
    const name = ctx.sideName(side);
    if (held) return h("li", {}, h("a", { href: held, class: "rematch-open", dataset: { side } }, t("rematch.open", { side: name })));
    if (!link) return null;
    if (!link.token) return h("li", {}, t("rematch.bot", { side: name }));
    const url = playLink(made.id, link.token, ctx.lang);
    const field = h("input", { class: "url", readonly: true, value: url, "aria-label": t("rematch.send", { side: name }), onfocus: (e) => e.target.select() });
    return h("li", {}, `${t("rematch.send", { side: name })} `, field);
  });
  return h("div", { class: "rematch", id: "rematch-links" }, h("strong", {}, t("rematch.made")), h("ul", {}, rows));
}

/** A rematch, sides swapped (or moved on), for a seat of a finished game (not while replaying
 * it). */
function rematchButton(ctx) {
  if (!ctx.seat || ctx.replaying) return null;
  if (ctx.rematched) return rematchLinks(ctx);
  const words = rematchWords(ctx.sides.length);
  return h(
    "p",
    {},
    h("button", { type: "button", id: "rematch", class: "primary", disabled: ctx.busy, onclick: () => ctx.rematch() }, words.button),
    " ",
    h("span", { class: "hint" }, words.hint),
  );
}

function resultBox(ctx) {
  const result = ctx.view.result;
  const text = ctx.messages.render(`result.${result.kind}`, result.params || {});
  const winner = result.winner ? ctx.sideName(result.winner) : t("play.draw");
  return h(
    "div",
    { class: "result", id: "result" },
    h("strong", {}, t("play.game_over")),
    " ",
    text,
    h("div", {}, `${t("play.winner")}${colon()}${winner}`),
    rematchButton(ctx),
  );
}

function waiting(ctx) {
  const others = ctx.view.active.filter((side) => side !== ctx.seat);
  if (!others.length) return null;
  const thinking = others.filter((side) => ctx.bots[side]);
  const people = others.filter((side) => !ctx.bots[side]);
  const box = h("p", { class: "waiting", role: "status" });
  if (thinking.length) box.append(h("span", { class: "thinking" }, t("play.bot_thinking", { sides: sideList(ctx, thinking) })));
  if (people.length) box.append(" ", t("play.waiting_for", { sides: sideList(ctx, people) }));
  for (const side of others) {
    if (ctx.heldSeats[side]) {
      box.append(" ", h("button", { type: "button", class: "switch-seat", dataset: { side }, onclick: () => ctx.switchSeat(side) }, t("play.switch_to", { side: ctx.sideName(side) })));
    }
  }
  return box;
}

function targetHint(ctx) {
  const { hexes, units, cards } = ctx.targets;
  const parts = [];
  if (hexes.size) parts.push(t(ctx.areaMap ? "play.targets_areas" : "play.targets_hexes", { n: hexes.size }));
  if (units.size) parts.push(t("play.targets_units", { n: units.size }));
  if (cards.size) parts.push(t("play.targets_cards", { n: cards.size }));
  if (!parts.length) return null;
  const mapIds = [...hexes.keys(), ...[...units.keys()].map((id) => ctx.unitHex(id))].filter(Boolean);
  return h(
    "p",
    { class: "targets-hint" },
    t("play.or_click", { what: joined(parts) }),
    " ",
    h("span", { class: "how" }, howToClick(ctx)),
    mapIds.length ? h("button", { type: "button", class: "small", id: "show-targets", onclick: () => ctx.focus(mapIds) }, t("play.show_targets")) : null,
  );
}

/** How targets are played: a move on an area map by the block, then its area; the rest twice. */
function howToClick(ctx) {
  if (ctx.areaMap && ctx.chosen) return t(ctx.lone ? "area.how_lone" : "area.how_chosen", { unit: ctx.names.unitName(ctx.chosen) });
  if (ctx.areaMap && ctx.targets.moves?.size) return t("area.how");
  return t("play.click_twice");
}

/** An action in the list of every legal action: its words, after a warning sign where it has
 * consequences (an <option> holds text alone; the dialog asks before it is played). */
function optionText(ctx, text) {
  return consequencesOf(ctx, text).length ? `\u26a0\ufe0e ${labelOf(ctx, text)}` : labelOf(ctx, text);
}

function allActions(ctx) {
  const actions = ctx.view.actions;
  if (actions.length === ctx.targets.buttons.length) return null; // every one is a button
  const select = h(
    "select",
    { id: "all-actions", "aria-label": t("play.all_actions") },
    actions.map((text) => h("option", { value: text, dataset: { warned: consequencesOf(ctx, text).length ? "1" : "" } }, optionText(ctx, text))),
  );
  const go = h("button", { type: "button", disabled: ctx.busy, onclick: () => ctx.act(select.value) }, t("play.do_it"));
  return h("details", { class: "all-actions" }, h("summary", {}, t("play.all_actions_n", { n: actions.length })), select, " ", go);
}

/** Hot-seat: follow the side to act among the seats this browser holds. */
function followBox(ctx) {
  if (Object.keys(ctx.heldSeats).length < 2) return null;
  const input = h("input", { type: "checkbox", id: "follow", checked: ctx.following, onchange: (event) => ctx.setFollowing(event.target.checked) });
  return h("label", { class: "follow" }, input, " ", t("play.follow"));
}

export function drawPrompt(box, ctx) {
  const view = ctx.view;
  const children = [h("h2", {}, t("play.prompt"))];
  if (view.result) children.push(resultBox(ctx));
  const mine = ctx.seat && view.active.includes(ctx.seat);
  if (mine) {
    children.push(h("p", { class: "to-act" }, t("play.your_turn", { side: ctx.sideName(ctx.seat) })));
    if (ctx.body.prompt_text) children.push(h("p", { class: "prompt-text", id: "prompt-text" }, ctx.body.prompt_text));
    const buttons = ctx.targets.buttons.map((text) => actionButton(ctx, text));
    const many = buttons.length > MANY_BUTTONS ? " many" : "";
    children.push(h("div", { class: `buttons${many}`, id: "buttons" }, buttons));
    children.push(targetHint(ctx));
    children.push(allActions(ctx));
  } else if (!view.result) {
    if (ctx.body.prompt_text) children.push(h("p", { class: "prompt-text other", id: "prompt-text" }, ctx.body.prompt_text));
    children.push(waiting(ctx));
  }
  children.push(followBox(ctx));
  fill(box, children);
  box.dataset.prompt = (view.prompt && view.prompt.key) || "";
  box.dataset.actions = mine ? String(view.actions.length) : "0";
}
