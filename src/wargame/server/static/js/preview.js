// A preview of what a decision or an action leads to, as the game computed it (body.preview_text,
// or a battle action's note: README "What a game tells the player"): each side's units with the
// values they take part with and their remarks, the totals, then each roll to come: who rolls
// what with which strength, every modifier with its rule number, each result with its exact
// chance (a fraction and a percent, with a bar), and the die face by face (natural, modified,
// result); last, what the preview leaves out. Every word is the game's, rendered by the server,
// but the column heads (i18n "preview.*") and the values' names.

import { ruleTag } from "./actions.js";
import { h } from "./dom.js";
import { colon, has, joined, t } from "./i18n.js";
import { counterIcon } from "./counters.js";

const facesOpen = new Set(); // the rolls whose face-by-face table the player opened ("title|i")

function valueName(ctx, name) {
  if (has(`preview.value.${name}`)) return t(`preview.value.${name}`);
  return ctx.messages.name("reason", name);
}

function unitRow(ctx, unit, columns) {
  const known = ctx.units.get(unit.id);
  const name = known ? ctx.names.unitName(unit.id) : unit.id;
  const remarks = (unit.notes || []).map((note) => h("div", { class: "unit-remark" }, note.text));
  return h(
    "tr",
    { dataset: { unit: unit.id } },
    h("th", { scope: "row" }, h("span", { class: "preview-unit" }, known ? counterIcon(known, { reduced: ctx.isReduced(unit.id) }, ctx.lang, 26) : null, h("span", {}, name, remarks))),
    columns.map((column) => h("td", { class: "number" }, unit.values[column] ?? "")),
  );
}

function forcesTable(ctx, forces) {
  const columns = [...new Set(forces.units.flatMap((unit) => Object.keys(unit.values)))];
  const totals = Object.entries(forces.totals || {}).map(([name, value]) => `${valueName(ctx, name)} ${value}`);
  return h(
    "div",
    { class: `preview-side side-${forces.side}`, dataset: { side: forces.side } },
    h("h4", {}, ctx.sideName(forces.side)),
    h(
      "table",
      { class: "forces" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("preview.unit")), columns.map((column) => h("th", { scope: "col", class: "number" }, valueName(ctx, column))))),
      h("tbody", {}, forces.units.map((unit) => unitRow(ctx, unit, columns))),
    ),
    totals.length ? h("p", { class: "totals" }, `${t("preview.totals")}${colon()}${joined(totals)}`) : null,
  );
}

function percent(value) {
  return `${Number(value.toFixed(2))}%`;
}

function outcomesTable(roll) {
  const rows = roll.outcomes.map((outcome) => {
    const bar = h("span", { class: "chance-bar" });
    bar.style.width = `${Math.max(0.5, outcome.percent)}%`;
    return h(
      "tr",
      { class: "outcome", dataset: { probability: outcome.probability, percent: outcome.percent } },
      h("th", { scope: "row" }, outcome.label.text),
      h("td", { class: "number fraction" }, outcome.probability),
      h("td", { class: "number percent" }, percent(outcome.percent)),
      h("td", { class: "chance", "aria-hidden": "true" }, bar),
    );
  });
  const head = h("tr", {}, h("th", { scope: "col" }, t("preview.result")), h("th", { scope: "col", class: "number" }, t("preview.chance")), h("th", { scope: "col", class: "number" }, "%"), h("th", {}));
  return h("table", { class: "outcomes" }, h("thead", {}, head), h("tbody", {}, rows));
}

function facesTable(roll, key) {
  const faces = (value) => (Array.isArray(value) ? value.join(" + ") : String(value));
  const rows = roll.rows.map((row) =>
    h("tr", { class: "face" }, h("td", { class: "number" }, faces(row.roll)), h("td", { class: "number" }, row.modified ?? "—"), h("td", {}, row.label.text)),
  );
  const head = h("tr", {}, h("th", { scope: "col", class: "number" }, t("preview.natural")), h("th", { scope: "col", class: "number" }, t("preview.modified")), h("th", { scope: "col" }, t("preview.result")));
  const details = h(
    "details",
    { class: "faces", open: facesOpen.has(key) },
    h("summary", {}, t("preview.faces", { die: roll.die })),
    h("table", { class: "faces-table" }, h("thead", {}, head), h("tbody", {}, rows)),
  );
  details.addEventListener("toggle", () => (details.open ? facesOpen.add(key) : facesOpen.delete(key)));
  return details;
}

function modifierList(roll) {
  if (!roll.modifiers.length) return h("p", { class: "modifiers none" }, t("preview.no_modifier"));
  const items = roll.modifiers.map((modifier) => h("li", { class: "modifier", dataset: { rule: modifier.rule } }, modifier.text, " ", ruleTag(modifier.rule)));
  return h("div", { class: "modifiers" }, h("span", { class: "modifiers-head" }, `${t("preview.modifiers")}${colon()}`), h("ul", {}, items));
}

function rollView(ctx, roll, key) {
  const facts = [];
  if (roll.total !== null && roll.total !== undefined) facts.push(`${t("preview.strength")} ${roll.total}`);
  facts.push(roll.die);
  if (roll.modifiers.length) facts.push(`${t("preview.modifier_sum")} ${roll.modifier >= 0 ? "+" : ""}${roll.modifier}`);
  return h(
    "div",
    { class: `preview-roll side-${roll.side}`, dataset: { roll: key } },
    h("h4", {}, roll.label.text),
    h("p", { class: "roll-facts" }, facts.join(" · ")),
    modifierList(roll),
    outcomesTable(roll),
    facesTable(roll, key),
  );
}

/** The preview ``preview`` (every message with its text); ``titled``: with its title. */
export function previewView(ctx, preview, { titled = true } = {}) {
  const title = preview.title ? preview.title.text : "";
  return h(
    "div",
    { class: "preview", id: "preview" },
    title && titled ? h("h3", { class: "preview-title" }, title) : null,
    (preview.sides || []).length ? h("div", { class: "preview-sides" }, preview.sides.map((forces) => forcesTable(ctx, forces))) : null,
    (preview.rolls || []).map((roll, index) => rollView(ctx, roll, `${title}|${index}`)),
    (preview.notes || []).length ? h("ul", { class: "preview-notes" }, preview.notes.map((note) => h("li", {}, note.text))) : null,
  );
}
