// The lobby: pick a game, scenario, options and who plays each side; create the game and show
// one link per seat and the spectator link; list the games this browser holds seats of, with
// where each stands (asked of the server with one of its tokens, in a POST body), a rematch of
// a finished one, and the edition notice.

import { ApiError, api } from "./api.js";
import { byId, fill, h } from "./dom.js";
import { colon, has, initialLanguage, joined, lang, loadLanguage, localized, t, translatePage } from "./i18n.js";
import { languageSwitch, setUrlLanguage } from "./languages.js";
import { forgetNotes } from "./notes.js";
import { allGames, forget, gameSeats, playLink, rematchWords, rememberCreated, rememberRematch } from "./seats.js";

const REFRESH_MS = 30_000; // the list's summaries are asked again this often while shown

let catalog = [];
let lastCreated = null;
let summaries = new Map(); // game id -> where it stands (POST /api/games/summaries)
const problems = new Map(); // game id -> a refusal of its rematch, shown on its line

/** A side's name in the page's language: the game's own (the catalog's), else the client's. */
function sideName(side, gameId) {
  const entry = catalog.find((found) => found.id === gameId) || selectedGame();
  const own = entry && entry.side_names && entry.side_names[lang()];
  if (own && own[side]) return own[side];
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

/** The message of an option: the game's own (option.<game>.<name>) before the shared one. */
function optionText(game, name, fallback) {
  const key = [`option.${game}.${name}`, `option.${name}`].find(has);
  return key ? t(key) : fallback;
}

function optionLabel(game, option) {
  return optionText(game, option.name, option.description || option.name);
}

function optionHint(game, option) {
  return optionText(game, `${option.name}_hint`, option.description);
}

function optionInput(game, option) {
  const id = `option-${option.name}`;
  const isFlag = option.choices.length === 2 && option.choices.every((c) => typeof c === "boolean");
  if (isFlag) {
    return h(
      "label",
      { class: "row", title: optionHint(game, option) },
      h("input", { type: "checkbox", id, name: option.name, checked: option.default === true }),
      h("span", {}, optionLabel(game, option)),
    );
  }
  const choices = option.choices.map((choice, index) =>
    h("option", { value: index, selected: choice === option.default }, optionText(game, `${option.name}.${choice}`, String(choice))),
  );
  return h(
    "label",
    { class: "row", title: optionHint(game, option) },
    h("span", {}, optionLabel(game, option)),
    h("select", { id, name: option.name }, choices),
  );
}

function drawOptions(entry) {
  const box = byId("options");
  fill(box, h("legend", {}, t("lobby.options")), entry.options.map((option) => optionInput(entry.id, option)));
  box.hidden = entry.options.length === 0;
}

function seatKindLabel(kind) {
  if (kind === "human") return t("lobby.human");
  const key = `lobby.bot.${kind.replace(/^bot:/, "")}`;
  const words = t(key);
  return words === key ? t("lobby.bot_named", { name: kind.replace(/^bot:/, "") }) : words;
}

/** The seat of a side that does not play in the scenario chosen: no choice, and no link (the
 * server gives it to a bot that is never asked). */
function idleSeat(side) {
  return h("div", { class: "row seat idle", dataset: { side } }, h("span", { class: "side-name" }, sideName(side)), h("span", { class: "hint" }, t("lobby.seat_idle")));
}

function seatChoice(side, seatKinds) {
  const name = `seat-${side}`;
  const kinds = (seatKinds || ["human", "bot:random"]).map((kind) => [kind, seatKindLabel(kind)]);
  return h(
    "div",
    { class: "row seat", dataset: { side } },
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
  const playing = scenarioSides(entry);
  const seats = entry.sides.map((side) => (playing.includes(side) ? seatChoice(side, entry.seat_kinds) : idleSeat(side)));
  fill(byId("seats"), h("legend", {}, t("lobby.seats")), seats);
  for (const [name, value] of Object.entries(kept)) {
    const input = document.querySelector(`#seats input[name="${name}"][value="${value}"]`);
    if (input) input.checked = true;
  }
}

/** The sides that play in the scenario chosen (every side where the catalogue does not say). */
function scenarioSides(entry) {
  const scenario = entry.scenarios.find((each) => each.id === byId("scenario").value);
  return (scenario && scenario.sides) || entry.sides;
}

function drawForm() {
  if (!catalog.length) return;
  drawGames();
  const entry = selectedGame();
  drawScenarios(entry);
  drawOptions(entry);
  byId("overlay").hidden = !entry.rules_overlay;
  byId("overlay-template").href = `/api/kinds/${entry.id}/overlay-template`;
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
  for (const side of scenarioSides(entry)) {
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

// A refusal that names the request's field at fault is led by a line in the page's language;
// its details are the server's (in English).
function refusal(problem) {
  const field = problem instanceof ApiError ? problem.body.field : undefined;
  if (!field) return problem.message;
  return t("lobby.refused.with_details", { lead: t(`lobby.refused.${field}`), details: problem.message });
}

async function create(event) {
  event.preventDefault();
  const error = byId("create-error");
  error.hidden = true;
  const body = request();
  byId("create").disabled = true;
  try {
    const charts = byId("rules-overlay").files[0];
    if (charts && selectedGame().rules_overlay) body.rules_overlay = await charts.text();
    const created = await api.create(body);
    rememberCreated(created, body.game, body.scenario);
    lastCreated = { ...created, game: body.game };
    drawCreated();
    drawMine();
    refreshSummaries();
  } catch (problem) {
    error.textContent = refusal(problem);
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
    if (link.token) rows.push(linkRow(sideName(side, lastCreated.game), lastCreated.id, link.token, side));
    else rows.push(h("tr", { dataset: { seat: side } }, h("th", {}, sideName(side, lastCreated.game)), h("td", { colspan: 3 }, t("lobby.bot_plays"))));
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

/** One token of each game this browser holds (a seat's if it holds one), to ask where it stands. */
function askedGames() {
  return Object.entries(allGames())
    .map(([id, entry]) => ({ id, token: Object.values(entry.seats || {})[0] || entry.spectator }))
    .filter((asked) => asked.token);
}

async function refreshSummaries() {
  const asked = askedGames();
  if (asked.length) {
    try {
      const found = await api.summaries(asked, lang());
      summaries = new Map(found.games.map((line) => [line.id, line]));
    } catch {
      // the list is drawn from what this browser knows
    }
  }
  drawMine();
}

function summarySide(summary, side) {
  const found = (summary.sides || []).find((entry) => entry.id === side);
  return found ? found.name : sideName(side);
}

function ago(iso) {
  if (!iso) return "";
  const seconds = (new Date(iso).getTime() - Date.now()) / 1000;
  const format = new Intl.RelativeTimeFormat(lang(), { numeric: "auto" });
  for (const [unit, size] of [["day", 86400], ["hour", 3600], ["minute", 60]]) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, "minute");
}

/** Where the game stands: its turn and who must move (naming the seats held here), or its end. */
function standing(summary, entry) {
  if (summary.error) return { text: t("lobby.gone"), mine: false };
  if (summary.result) return { text: `${t("lobby.over")}${colon()}${summary.result_text || ""}`, mine: false };
  const parts = [];
  if (summary.turn !== null && summary.turn !== undefined) parts.push(`${t("track.turn")} ${summary.turn}`);
  const held = Object.keys(entry.seats || {});
  const mine = summary.active.some((side) => held.includes(side));
  const movers = summary.active.map((side) => summarySide(summary, side) + (held.includes(side) ? ` ${t("lobby.you")}` : ""));
  if (movers.length) parts.push(`${t("play.to_act")}${colon()}${joined(movers)}`);
  return { text: parts.join(" · "), mine };
}

function gameTitle(summary, entry) {
  if (summary && summary.title) return `${summary.title} — ${summary.scenario_title}`;
  const kind = catalog.find((game) => game.id === entry.game);
  const scenario = kind && kind.scenarios.find((found) => found.id === entry.scenario);
  return `${kind ? localized(kind, "title") : entry.game || ""} — ${scenario ? scenarioTitle(scenario) : entry.scenario || ""}`;
}

async function askRematch(gameId, entry) {
  problems.delete(gameId);
  try {
    const made = await api.rematch(gameId, Object.values(entry.seats)[0]);
    rememberRematch(gameId, made);
    lastCreated = { ...made, game: made.game || entry.game };
    drawCreated();
  } catch (problem) {
    const other = problem instanceof ApiError && problem.body.rematch;
    if (!(other && gameSeats(other))) problems.set(gameId, other ? t("rematch.made_elsewhere") : problem.message);
  }
  await refreshSummaries();
}

function rematchPart(gameId, entry, summary) {
  if (summary.rematch && gameSeats(summary.rematch)) {
    const held = gameSeats(summary.rematch);
    const token = Object.values(held.seats)[0] || held.spectator;
    return h("a", { href: playLink(summary.rematch, token, lang()), class: "rematch-link" }, t("rematch.open_it"));
  }
  if (!summary.result || !Object.keys(entry.seats || {}).length) return null;
  const words = rematchWords((summary.sides || []).length);
  return h("button", { type: "button", class: "small rematch", onclick: () => askRematch(gameId, entry), title: words.hint }, words.button);
}

function myGameRow(gameId, entry) {
  const summary = summaries.get(gameId) || { active: [] };
  const links = Object.entries(entry.seats || {}).map(([side, token]) =>
    h("a", { href: playLink(gameId, token, lang()), class: "chip", dataset: { side } }, summarySide(summary, side)),
  );
  if (entry.spectator) {
    links.push(h("a", { href: playLink(gameId, entry.spectator, lang()), class: "chip", dataset: { side: "" } }, t("lobby.spectator")));
  }
  const state = summary.id ? standing(summary, entry) : { text: "", mine: false };
  const when = summary.updated || entry.created;
  const drop = () => {
    forget(gameId);
    forgetNotes(gameId);
    refreshSummaries();
  };
  return h(
    "li",
    { dataset: { game: gameId }, class: state.mine ? "your-move" : "" },
    h("div", { class: "game-line" }, h("span", { class: "game-title" }, gameTitle(summary.id ? summary : null, entry)), h("span", { class: "when" }, ago(when))),
    h("div", { class: "game-status" }, state.mine ? h("strong", { class: "your-move-badge" }, t("lobby.your_move")) : null, " ", state.text),
    h(
      "div",
      { class: "game-links" },
      links,
      rematchPart(gameId, entry, summary),
      problems.has(gameId) ? h("span", { class: "error" }, problems.get(gameId)) : null,
      h("button", { type: "button", class: "small forget", onclick: drop, title: t("lobby.forget_hint") }, t("lobby.forget")),
    ),
  );
}

function lastChange(id, entry) {
  const summary = summaries.get(id);
  return (summary && summary.updated) || entry.created || "";
}

function drawMine() {
  const games = Object.entries(allGames()).sort((a, b) => lastChange(...b).localeCompare(lastChange(...a)));
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
  refreshSummaries();
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
  byId("scenario").addEventListener("change", () => drawSeats(selectedGame()));
  byId("new-game-form").addEventListener("submit", create);
  drawAll();
  await refreshSummaries();
  setInterval(() => document.visibilityState === "visible" && refreshSummaries(), REFRESH_MS);
}

start();
