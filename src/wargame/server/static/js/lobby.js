// The lobby: pick a game, scenario, options and who plays each side; create the game and show
// one link per seat and the spectator link; list the games this browser holds seats of.

import { api } from "./api.js";
import { byId, fill, h } from "./dom.js";
import { has, initialLanguage, lang, loadLanguage, localized, t, translatePage } from "./i18n.js";
import { languageSwitch, setUrlLanguage } from "./languages.js";
import { allGames, forget, playLink, rememberCreated } from "./seats.js";

let catalog = [];
let lastCreated = null;

function sideName(side) {
  return has(`side.${side}`) ? t(`side.${side}`) : side;
}

function selectedGame() {
  return catalog.find((entry) => entry.id === byId("game").value) || catalog[0];
}

function scenarioTitle(scenario) {
  return lang() === "ja" && scenario.title_ja ? scenario.title_ja : scenario.title;
}

function drawGames() {
  const chosen = byId("game").value;
  fill(
    byId("game"),
    catalog.map((entry) => h("option", { value: entry.id, selected: entry.id === chosen }, localized(entry, "title"))),
  );
}

function drawScenarios(entry) {
  const chosen = byId("scenario").value;
  fill(
    byId("scenario"),
    entry.scenarios.map((scenario) =>
      h("option", { value: scenario.id, selected: scenario.id === chosen }, scenarioTitle(scenario)),
    ),
  );
}

function optionLabel(option) {
  const key = `option.${option.name}`;
  return has(key) ? t(key) : option.description || option.name;
}

function optionHint(option) {
  const key = `option.${option.name}_hint`;
  return has(key) ? t(key) : option.description;
}

function optionInput(option) {
  const id = `option-${option.name}`;
  const isFlag = option.choices.length === 2 && option.choices.every((c) => typeof c === "boolean");
  if (isFlag) {
    return h(
      "label",
      { class: "row", title: optionHint(option) },
      h("input", { type: "checkbox", id, name: option.name, checked: option.default === true }),
      h("span", {}, optionLabel(option)),
    );
  }
  const choices = option.choices.map((choice, index) =>
    h("option", { value: index, selected: choice === option.default }, String(choice)),
  );
  return h(
    "label",
    { class: "row", title: optionHint(option) },
    h("span", {}, optionLabel(option)),
    h("select", { id, name: option.name }, choices),
  );
}

function drawOptions(entry) {
  const box = byId("options");
  fill(box, h("legend", {}, t("lobby.options")), entry.options.map(optionInput));
  box.hidden = entry.options.length === 0;
}

function seatChoice(side) {
  const name = `seat-${side}`;
  const kinds = [
    ["human", t("lobby.human")],
    ["bot:random", t("lobby.bot")],
  ];
  return h(
    "div",
    { class: "row seat" },
    h("span", { class: "side-name" }, sideName(side)),
    kinds.map(([kind, label]) =>
      h(
        "label",
        {},
        h("input", { type: "radio", name, value: kind, checked: kind === "human" }),
        " ",
        label,
      ),
    ),
  );
}

function drawSeats(entry) {
  const kept = {};
  for (const input of document.querySelectorAll("#seats input:checked")) kept[input.name] = input.value;
  fill(byId("seats"), h("legend", {}, t("lobby.seats")), entry.sides.map(seatChoice));
  for (const [name, value] of Object.entries(kept)) {
    const input = document.querySelector(`#seats input[name="${name}"][value="${value}"]`);
    if (input) input.checked = true;
  }
}

function drawForm() {
  if (!catalog.length) return;
  drawGames();
  const entry = selectedGame();
  drawScenarios(entry);
  drawOptions(entry);
  drawSeats(entry);
  byId("about-link").href = `/about/${entry.id}?lang=${lang()}`;
}

function chosenOptions(entry) {
  const options = {};
  for (const option of entry.options) {
    const input = byId(`option-${option.name}`);
    if (!input) continue;
    options[option.name] = input.type === "checkbox" ? input.checked : option.choices[input.value];
  }
  return options;
}

function request() {
  const entry = selectedGame();
  const seats = {};
  for (const side of entry.sides) {
    seats[side] = document.querySelector(`#seats input[name="seat-${side}"]:checked`).value;
  }
  const body = { game: entry.id, scenario: byId("scenario").value, options: chosenOptions(entry), seats };
  const seed = byId("seed").value.trim();
  if (seed !== "") body.seed = Number(seed);
  if (byId("hot-seat").checked) body.hot_seat = true;
  const delay = byId("spectator-delay").value.trim();
  if (delay !== "" && delay !== "0") body.spectator_delay = Number(delay);
  return body;
}

async function create(event) {
  event.preventDefault();
  const error = byId("create-error");
  error.hidden = true;
  const body = request();
  byId("create").disabled = true;
  try {
    const created = await api.create(body);
    rememberCreated(created, body.game, body.scenario);
    lastCreated = created;
    drawCreated();
    drawMine();
  } catch (problem) {
    error.textContent = problem.message;
    error.hidden = false;
  } finally {
    byId("create").disabled = false;
  }
}

function linkRow(label, gameId, token, kind) {
  const url = playLink(gameId, token, lang());
  const copy = () => navigator.clipboard && navigator.clipboard.writeText(url);
  return h(
    "tr",
    { dataset: { seat: kind } },
    h("th", {}, label),
    h("td", {}, h("a", { href: url, class: "seat-link" }, t("lobby.open"))),
    h("td", {}, h("input", { class: "url", readonly: true, value: url, onfocus: (e) => e.target.select() })),
    h("td", {}, h("button", { type: "button", onclick: copy }, t("lobby.copy"))),
  );
}

function drawCreated() {
  if (!lastCreated) return;
  const rows = [];
  for (const [side, link] of Object.entries(lastCreated.seats)) {
    if (link.token) rows.push(linkRow(sideName(side), lastCreated.id, link.token, side));
    else rows.push(h("tr", { dataset: { seat: side } }, h("th", {}, sideName(side)), h("td", { colspan: 3 }, t("lobby.bot_plays"))));
  }
  rows.push(linkRow(t("lobby.spectator"), lastCreated.id, lastCreated.spectator.token, "spectator"));
  fill(byId("links"), rows);
  const humans = Object.values(lastCreated.seats).filter((link) => link.token);
  const hotseat = byId("hotseat");
  hotseat.hidden = humans.length === 0;
  hotseat.textContent = humans.length > 1 ? t("lobby.hotseat") : t("lobby.play_now");
  hotseat.onclick = () => {
    location.href = playLink(lastCreated.id, humans[0].token, lang());
  };
  byId("created").hidden = false;
}

/** A remembered game's title and scenario in the page's language (as stored if unknown). */
function gameLabel(entry) {
  const game = catalog.find((found) => found.id === entry.game);
  const scenario = game && game.scenarios.find((found) => found.id === entry.scenario);
  if (!game) return `${entry.game || ""} ${entry.scenario || ""}`;
  return `${localized(game, "title")} — ${scenario ? scenarioTitle(scenario) : entry.scenario || ""}`;
}

function myGameRow(gameId, entry) {
  const links = Object.entries(entry.seats || {}).map(([side, token]) =>
    h("a", { href: playLink(gameId, token, lang()), class: "chip" }, sideName(side)),
  );
  if (entry.spectator) {
    links.push(h("a", { href: playLink(gameId, entry.spectator, lang()), class: "chip" }, t("lobby.spectator")));
  }
  const when = entry.created ? new Date(entry.created).toLocaleString(lang()) : "";
  const drop = () => {
    forget(gameId);
    drawMine();
  };
  return h(
    "li",
    { dataset: { game: gameId } },
    h("span", { class: "game-id" }, gameLabel(entry)),
    h("span", { class: "when" }, when),
    links,
    h("button", { type: "button", class: "small", onclick: drop, title: t("lobby.forget_hint") }, t("lobby.forget")),
  );
}

function drawMine() {
  const games = Object.entries(allGames()).sort((a, b) => (b[1].created || "").localeCompare(a[1].created || ""));
  const box = byId("my-games");
  if (!games.length) fill(box, h("p", { class: "hint" }, t("lobby.none_yet")));
  else fill(box, h("ul", { class: "my-games" }, games.map(([id, entry]) => myGameRow(id, entry))));
}

function drawAll() {
  translatePage();
  languageSwitch(byId("languages"), switchLanguage);
  drawForm();
  drawCreated();
  drawMine();
}

async function switchLanguage(code) {
  await loadLanguage(code);
  setUrlLanguage(code);
  drawAll();
}

async function start() {
  await loadLanguage(initialLanguage());
  try {
    catalog = await api.catalog();
  } catch (problem) {
    byId("create-error").textContent = problem.message;
    byId("create-error").hidden = false;
  }
  byId("game").addEventListener("change", drawForm);
  byId("new-game-form").addEventListener("submit", create);
  drawAll();
}

start();
