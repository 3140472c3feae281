// "About this edition": how much of the rulebook the program enforces, where each rule comes
// from (seed / rulebook / reconstructed / provisional), and every provisional stand-in and card,
// so that a player knows what was invented to make the game playable (DESIGN 1).

import { api } from "./api.js";
import { byId, fill, h } from "./dom.js";
import { colon, initialLanguage, loadLanguage, t, translatePage } from "./i18n.js";
import { languageSwitch, setUrlLanguage } from "./languages.js";

let facts = null;
let filter = { text: "", provenance: "", implemented: "" };

function gameId() {
  const parts = location.pathname.split("/").filter(Boolean);
  if (parts[0] === "about" && parts[1]) return decodeURIComponent(parts[1]);
  return new URLSearchParams(location.search).get("game") || "";
}

function provenanceLabel(name) {
  const key = `provenance.${name}`;
  return t(key) === key ? name : t(key);
}

function counts(items, key) {
  const found = new Map();
  for (const item of items) found.set(item[key], (found.get(item[key]) || 0) + 1);
  return found;
}

function drawSummary() {
  const rules = facts.rules;
  const done = rules.filter((rule) => rule.implemented).length;
  const tested = rules.filter((rule) => rule.tests && rule.tests.length).length;
  const byProvenance = [...counts(rules, "provenance").entries()].map(([name, n]) => h("li", { dataset: { provenance: name } }, `${provenanceLabel(name)}${colon()}${n}`));
  fill(
    byId("summary"),
    h("h2", {}, facts.title),
    h("p", { id: "coverage" }, t("about.coverage", { done, total: rules.length, tested })),
    h("p", { class: "hint" }, t("about.provenance_hint")),
    h("ul", { class: "provenance-counts" }, byProvenance),
  );
}

function drawStandIns() {
  const items = facts.stand_ins.map((item) => h("li", {}, h("strong", {}, item.rule), " ", item.description));
  fill(byId("stand-ins"), h("h2", {}, t("about.stand_ins", { n: items.length })), items.length ? h("ul", { id: "stand-in-list" }, items) : h("p", {}, t("about.none")));
}

function drawCards() {
  const provisional = facts.cards.filter((card) => card.provenance === "provisional");
  const items = provisional.map((card) => h("li", { dataset: { card: card.id } }, h("strong", {}, `${card.id} ${card.title}`), ": ", card.note || ""));
  fill(byId("provisional-cards"), h("h2", {}, t("about.provisional_cards", { n: items.length })), items.length ? h("ul", {}, items) : h("p", {}, t("about.none")));
  const byProvenance = [...counts(facts.cards, "provenance").entries()].map(([name, n]) => h("li", {}, `${provenanceLabel(name)}${colon()}${n}`));
  const rows = facts.cards.map((card) =>
    h("tr", { class: `provenance-${card.provenance}` }, h("td", {}, card.id), h("td", {}, card.title), h("td", {}, provenanceLabel(card.provenance)), h("td", { class: "note" }, card.note || "")),
  );
  fill(
    byId("cards-by-provenance"),
    h("h2", {}, t("about.cards", { n: facts.cards.length })),
    h("ul", { class: "provenance-counts" }, byProvenance),
    h("details", {}, h("summary", {}, t("about.all_cards")), h("table", { class: "rules-table" }, rows)),
  );
}

function ruleMatches(rule) {
  if (filter.provenance && rule.provenance !== filter.provenance) return false;
  if (filter.implemented === "yes" && !rule.implemented) return false;
  if (filter.implemented === "no" && rule.implemented) return false;
  const text = filter.text.toLowerCase();
  return !text || `${rule.number} ${rule.title}`.toLowerCase().includes(text);
}

function ruleRow(rule) {
  const tests = (rule.tests || []).map((test) => h("div", { class: "test" }, test));
  return h(
    "tr",
    { class: rule.implemented ? "implemented" : "missing", dataset: { rule: rule.number } },
    h("td", {}, rule.number),
    h("td", {}, rule.title),
    h("td", {}, provenanceLabel(rule.provenance)),
    h("td", {}, rule.implemented ? t("play.yes") : t("play.no")),
    h("td", { class: "tests" }, tests.length ? h("details", {}, h("summary", {}, String(tests.length)), tests) : "0"),
  );
}

function rulesTable() {
  const head = h("tr", {}, ["about.rule", "about.rule_title", "about.provenance", "about.implemented", "about.tests"].map((key) => h("th", {}, t(key))));
  return h("table", { class: "rules-table", id: "rules-table" }, head, facts.rules.filter(ruleMatches).map(ruleRow));
}

function drawRules() {
  const section = byId("rules");
  const provenances = [...counts(facts.rules, "provenance").keys()];
  const search = h("input", { type: "search", placeholder: t("about.search"), value: filter.text });
  const provenance = h("select", {}, h("option", { value: "" }, t("about.any_provenance")), provenances.map((name) => h("option", { value: name, selected: name === filter.provenance }, provenanceLabel(name))));
  const implemented = h("select", {}, [["", "about.any"], ["yes", "about.only_implemented"], ["no", "about.only_missing"]].map(([value, key]) => h("option", { value, selected: value === filter.implemented }, t(key))));
  const table = h("div", { id: "rules-box" }, rulesTable());
  const update = () => {
    filter = { text: search.value, provenance: provenance.value, implemented: implemented.value };
    fill(table, rulesTable());
  };
  search.addEventListener("input", update);
  provenance.addEventListener("change", update);
  implemented.addEventListener("change", update);
  fill(section, h("h2", {}, t("about.rules")), h("div", { class: "filters" }, search, provenance, implemented), table);
}

function drawAll() {
  translatePage();
  languageSwitch(byId("languages"), async (code) => {
    await loadLanguage(code);
    setUrlLanguage(code);
    drawAll();
  });
  if (!facts) return;
  byId("about-title").textContent = t("about.title_of", { title: facts.title });
  document.title = t("about.title_of", { title: facts.title });
  drawSummary();
  drawStandIns();
  drawCards();
  drawRules();
}

async function start() {
  await loadLanguage(initialLanguage());
  try {
    facts = await api.about(gameId());
  } catch (problem) {
    byId("about-error").textContent = problem.message;
    byId("about-error").hidden = false;
  }
  drawAll();
}

start();
