// "About this edition", told to players in their language: that the edition is an unofficial fan
// edition of a published game (credited), how much of the rulebook the program enforces, where
// each rule comes from, the rules we had to design and why, and every card's effect (DESIGN 1).
// Source tags and test names stay in the data; the page shows neither.

import { api } from "./api.js";
import { byId, fill, h } from "./dom.js";
import { colon, initialLanguage, joined, loadLanguage, localized, t, translatePage } from "./i18n.js";
import { languageSwitch, setUrlLanguage } from "./languages.js";

const PROVENANCES = ["seed", "rulebook", "reconstructed", "provisional"];

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

function countList(items) {
  const found = counts(items, "provenance");
  const known = PROVENANCES.filter((name) => found.has(name));
  return h("ul", { class: "provenance-counts" }, known.map((name) => h("li", { dataset: { provenance: name } }, `${provenanceLabel(name)}${colon()}${found.get(name)}`)));
}

function drawNotice() {
  const credits = facts.credits;
  if (!credits) {
    fill(byId("notice"), h("p", {}, t("about.notice_unofficial_plain")));
    return;
  }
  const designers = localized(credits, "designers") || [];
  const names = {
    title: t(credits.title_ja ? "about.title_with_original" : "about.title_quoted", credits),
    publisher: credits.publisher,
    designers: joined(designers),
  };
  const first = designers.length ? "about.notice_unofficial" : "about.notice_unofficial_no_designer";
  fill(
    byId("notice"),
    h("h2", {}, t("about.notice_title")),
    h("p", {}, t(first, names)),
    h("p", {}, t("about.notice_paraphrased")),
    h("p", {}, t("about.notice_own_the_game")),
  );
}

function drawSummary() {
  const rules = facts.rules.filter((rule) => !rule.not_a_rule);
  const done = rules.filter((rule) => rule.implemented).length;
  const tested = rules.filter((rule) => rule.tests && rule.tests.length).length;
  const notRules = facts.rules.length - rules.length;
  const sources = PROVENANCES.map((name) => h("li", { dataset: { provenance: name } }, h("strong", {}, provenanceLabel(name)), colon(), t(`about.source_${name}`)));
  fill(
    byId("summary"),
    h("h2", {}, t("about.enforced")),
    h("p", { id: "coverage" }, t("about.coverage", { done, total: rules.length, tested }), notRules ? [" ", t("about.coverage_not_rules", { n: notRules })] : null),
    h("p", {}, t("about.sources")),
    h("ul", { class: "sources" }, sources),
    countList(rules),
  );
}

function drawStandIns() {
  const items = facts.stand_ins.map((item) =>
    h("li", { dataset: { rule: item.rule } }, h("strong", {}, `${item.rule} ${localized(item, "title")}`), h("br"), localized(item, "text")),
  );
  fill(
    byId("stand-ins"),
    h("h2", {}, t("about.stand_ins", { n: items.length })),
    h("p", {}, t("about.stand_ins_why")),
    items.length ? h("ul", { id: "stand-in-list" }, items) : h("p", {}, t("about.none")),
  );
}

function cardTitle(card) {
  return `${card.id} ${localized(card, "title")}`;
}

function drawCards() {
  const provisional = facts.cards.filter((card) => card.provenance === "provisional");
  const items = provisional.map((card) => h("li", { dataset: { card: card.id } }, h("strong", {}, cardTitle(card)), colon(), localized(card, "effect")));
  fill(byId("provisional-cards"), h("h2", {}, t("about.provisional_cards", { n: items.length })), items.length ? h("ul", {}, items) : h("p", {}, t("about.none")));
  const head = h("tr", {}, ["about.card", "about.card_title", "about.card_effect", "about.provenance"].map((key) => h("th", {}, t(key))));
  const rows = facts.cards.map((card) =>
    h(
      "tr",
      { class: `provenance-${card.provenance}`, dataset: { card: card.id } },
      h("td", {}, card.id),
      h("td", {}, localized(card, "title")),
      h("td", { class: "effect" }, localized(card, "effect")),
      h("td", {}, provenanceLabel(card.provenance)),
    ),
  );
  fill(
    byId("cards-by-provenance"),
    h("h2", {}, t("about.cards", { n: facts.cards.length })),
    h("p", {}, t("about.cards_how")),
    countList(facts.cards),
    h("details", {}, h("summary", {}, t("about.all_cards")), h("table", { class: "rules-table", id: "cards-table" }, head, rows)),
  );
}

function drawTables() {
  const tables = facts.tables || [];
  const section = byId("tables");
  section.hidden = tables.length === 0;
  const items = tables.map((table) => {
    const reason = localized(table, "reason");
    return h(
      "li",
      { dataset: { table: table.id, provenance: table.provenance } },
      h("strong", {}, localized(table, "title")),
      ` (${t("about.table_facts", { rule: table.ref, provenance: provenanceLabel(table.provenance) })})`,
      reason ? [h("br"), reason] : null,
    );
  });
  const template = h("a", { href: `/api/kinds/${facts.game}/overlay-template`, download: "" }, t("lobby.rules_overlay_template"));
  fill(section, h("h2", {}, t("about.tables", { n: tables.length })), h("p", {}, t("about.tables_how"), " ", template), h("ul", { id: "table-list" }, items));
}

function ruleMatches(rule) {
  if (filter.provenance && rule.provenance !== filter.provenance) return false;
  if (filter.implemented && rule.not_a_rule) return false;
  if (filter.implemented === "yes" && !rule.implemented) return false;
  if (filter.implemented === "no" && rule.implemented) return false;
  const text = filter.text.toLowerCase();
  return !text || `${rule.number} ${localized(rule, "title")}`.toLowerCase().includes(text);
}

// A row that is not a rule (notes, an example, a lost rule nothing refers to) has nothing to
// enforce: it says so, with its reason on hover, rather than "no".
function enforcedCell(rule) {
  if (rule.not_a_rule) return h("td", { class: "not-a-rule", title: localized(rule, "not_a_rule") }, t("about.not_a_rule"));
  return h("td", {}, rule.implemented ? t("play.yes") : t("play.no"));
}

function ruleRow(rule) {
  const tests = (rule.tests || []).length;
  const state = rule.not_a_rule ? "not-a-rule" : rule.implemented ? "implemented" : "missing";
  return h(
    "tr",
    { class: state, dataset: { rule: rule.number } },
    h("td", {}, rule.number),
    h("td", {}, localized(rule, "title")),
    h("td", {}, provenanceLabel(rule.provenance)),
    enforcedCell(rule),
    h("td", { class: "tests" }, rule.not_a_rule ? "—" : String(tests)),
  );
}

function rulesTable() {
  const head = h("tr", {}, ["about.rule", "about.rule_title", "about.provenance", "about.implemented", "about.tests"].map((key) => h("th", {}, t(key))));
  return h("table", { class: "rules-table", id: "rules-table" }, head, facts.rules.filter(ruleMatches).map(ruleRow));
}

function drawRules() {
  const section = byId("rules");
  const provenances = PROVENANCES.filter((name) => facts.rules.some((rule) => rule.provenance === name));
  const search = h("input", { type: "search", placeholder: t("about.search"), "aria-label": t("about.search"), value: filter.text });
  const provenance = h("select", { "aria-label": t("about.provenance") }, h("option", { value: "" }, t("about.any_provenance")), provenances.map((name) => h("option", { value: name, selected: name === filter.provenance }, provenanceLabel(name))));
  const implemented = h("select", { "aria-label": t("about.implemented") }, [["", "about.any"], ["yes", "about.only_implemented"], ["no", "about.only_missing"]].map(([value, key]) => h("option", { value, selected: value === filter.implemented }, t(key))));
  const table = h("div", { id: "rules-box" }, rulesTable());
  const update = () => {
    filter = { text: search.value, provenance: provenance.value, implemented: implemented.value };
    fill(table, rulesTable());
  };
  search.addEventListener("input", update);
  provenance.addEventListener("change", update);
  implemented.addEventListener("change", update);
  fill(section, h("h2", {}, t("about.rules")), h("p", { class: "hint" }, t("about.rules_hint")), h("div", { class: "filters" }, search, provenance, implemented), table);
}

function drawAll() {
  translatePage();
  languageSwitch(byId("languages"), async (code) => {
    await loadLanguage(code);
    setUrlLanguage(code);
    drawAll();
  });
  if (!facts) return;
  const title = t("about.title_of", { title: localized(facts, "title") });
  byId("about-title").textContent = title;
  document.title = title;
  drawNotice();
  drawSummary();
  drawStandIns();
  drawCards();
  drawTables();
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
