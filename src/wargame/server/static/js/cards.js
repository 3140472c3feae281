// Cards: the seat's hand and Future Offensive card with their printed values (each opens to its
// whole text; legal ones are highlighted and offer their actions there), and each side's deck,
// hand size, discard pile and removed cards (public).

import { anyWarned, warnSign } from "./actions.js";
import { fill, h } from "./dom.js";
import { colon, has, joined, localized, t } from "./i18n.js";

function title(card, lang) {
  return lang === "ja" && card.title_ja ? card.title_ja : card.title;
}

function hqName(kind) {
  return has(`hq.${kind}`) ? t(`hq.${kind}`) : kind;
}

function facts(card) {
  const found = [];
  if (card.type) found.push(t(`card_type.${card.type}`));
  if (card.lv !== null && card.lv !== undefined) found.push(`LV ${card.lv}`);
  for (const [hq, lv] of Object.entries(card.lv_hq || {})) found.push(`LV ${lv} (${hqName(hq)})`);
  if (card.intelligence) found.push(`${t("card.intelligence")}${colon()}${t(`intelligence.${card.intelligence}`)}`);
  if (card.reaction) found.push(`${t("card.reaction")}${colon()}${t(`reaction.${card.reaction}`)}`);
  if (card.hq && card.hq.length) found.push(`HQ${colon()}${joined(card.hq.map(hqName))}`);
  if (card.remove) found.push(t("card.remove"));
  return found;
}

/** One card as the player sees it; ``actions`` are its legal actions. A click, Enter or Space
 * opens it (``ctx.tapCard``: its whole text and its actions as buttons); reading its effect here
 * opens nothing and plays nothing. */
export function cardView(card, ctx, actions = []) {
  const legal = actions.length > 0;
  const warned = anyWarned(ctx, actions);
  const pending = ctx.board.pending === card.id;
  const open = (event, how = {}) => ctx.tapCard(card.id, event.currentTarget, how);
  const name = `${card.id} ${title(card, ctx.lang)}`;
  const attrs = {
    class: `card side-${card.side}${legal ? " legal" : ""}${warned ? " warned" : ""}${pending ? " pending" : ""}`,
    dataset: { card: card.id },
    title: localized(card, "effect"),
    role: "button",
    tabindex: "0",
    "aria-label": (legal ? t("card.aria_legal", { card: name, n: actions.length }) : name) + (warned ? ` ${t("map.warned")}` : ""),
    onclick: (event) => open(event),
    onkeydown: (event) => {
      if (event.target !== event.currentTarget || (event.key !== "Enter" && event.key !== " ")) return;
      event.preventDefault();
      open(event, { keyboard: true });
    },
  };
  const quiet = (event) => event.stopPropagation(); // reading the effect is not a click on the card
  return h(
    "div",
    attrs,
    h("div", { class: "card-head" }, h("span", { class: "card-id" }, warned ? warnSign(13) : null, card.id), h("span", { class: "card-oc", title: t("card.oc") }, card.oc ?? "")),
    h("div", { class: "card-title" }, title(card, ctx.lang)),
    h("div", { class: "card-facts" }, facts(card).join(" · ")),
    card.provenance === "provisional" ? h("div", { class: "card-provisional" }, t("card.provisional")) : null,
    h("details", { class: "card-effect", onclick: quiet, onkeydown: quiet }, h("summary", {}, t("card.effect")), localized(card, "effect")),
  );
}

/** A card's whole text, for its popup: id, title, operations value, facts and effect. */
export function cardDetails(card, ctx) {
  return h(
    "div",
    { class: `card-details side-${card.side}` },
    h("h3", { id: "popup-title" }, `${card.id} ${title(card, ctx.lang)}`, h("span", { class: "card-oc", title: t("card.oc") }, card.oc ?? "")),
    h("p", { class: "card-facts" }, facts(card).join(" · ")),
    card.provenance === "provisional" ? h("p", { class: "card-provisional" }, t("card.provisional")) : null,
    h("p", { class: "card-effect-text" }, localized(card, "effect")),
  );
}

function pileLine(ctx, side, summary) {
  const chips = (ids) => ids.map((id) => h("span", { class: "chip", title: ctx.names.cardName(id) }, id));
  return h(
    "div",
    { class: "pile", dataset: { side } },
    h("strong", {}, ctx.sideName(side)),
    " ",
    t("cards.counts", { hand: summary.hand_size, deck: summary.deck_size }),
    summary.future_held ? ` · ${t("cards.future_held")}` : "",
    summary.discard.length ? h("div", {}, `${t("cards.discard")}${colon()}`, chips(summary.discard)) : null,
    summary.removed.length ? h("details", {}, h("summary", {}, `${t("cards.removed")} (${summary.removed.length})`), chips(summary.removed)) : null,
  );
}

export function drawCards(box, ctx) {
  const board = ctx.board;
  const children = [];
  if (ctx.seat && Array.isArray(board.hand)) {
    children.push(h("h2", {}, t("cards.hand")));
    const hand = board.hand.map((id) => ctx.cards.get(id)).filter(Boolean);
    const cards = hand.map((card) => cardView(card, ctx, ctx.targets.cards.get(card.id) || []));
    children.push(h("div", { class: "hand", id: "hand" }, cards.length ? cards : h("p", { class: "hint" }, t("cards.empty"))));
    const future = board.future_card && ctx.cards.get(board.future_card);
    if (future) children.push(h("h3", {}, t("cards.future")), h("div", { class: "hand future" }, cardView(future, ctx, ctx.targets.cards.get(future.id) || [])));
  }
  if (board.cards) {
    children.push(h("h3", {}, t("cards.piles")));
    for (const [side, summary] of Object.entries(board.cards)) children.push(pileLine(ctx, side, summary));
  }
  fill(box, children);
  box.hidden = children.length === 0;
}
