// The play page: loads the game for the seat named by #token=, draws the map and the panels,
// opens what is clicked and plays the actions chosen, and follows every change through the game's
// WebSocket.
//
// Look before you act: a click (or Enter) on a hex, a stack or a card only opens it; an action
// runs from a button, or from a second click on the same target when it offers one action alone;
// an action with consequences runs only once the confirmation dialog is confirmed (confirm.js).
// The path of the move pointed at, focused, opened or being confirmed is drawn on the map.
// Hot-seat: switching to another seat held here first shows a "pass the device" screen, and only
// then that seat's hand, prompt, log and notes.

import { consequencesOf, noteOf, pathOf } from "./actions.js";
import { ApiError, api, openSocket } from "./api.js";
import { AreaMap } from "./areamap.js";
import { areaFacts, areaScene, areaStacks, areaTargets, pieceRow, unitPlaces } from "./areascene.js";
import { drawAirbases } from "./airbases.js";
import { Attention } from "./attention.js";
import { pieceIcon } from "./blocks.js";
import { currentBattle, drawBattle, lastBattleStart } from "./battle.js";
import { drawBoxes } from "./boxes.js";
import { drawCards } from "./cards.js";
import { DicePanel } from "./dice.js";
import { askConfirm, closeConfirm, confirming } from "./confirm.js";
import { byId, fill, h, toast } from "./dom.js";
import { Messages, colon, initialLanguage, joined, lang, loadLanguage, t, translatePage } from "./i18n.js";
import { languageSwitch, setUrlLanguage } from "./languages.js";
import { drawLedger } from "./ledger.js";
import { drawLegend } from "./legend.js";
import { drawLog } from "./log.js";
import { HexMap } from "./map.js";
import { drawNotes } from "./notes.js";
import { closePopup, openCard, openStack, popupCard, popupHex } from "./popup.js";
import { drawPrompt } from "./prompt.js";
import { Replay } from "./replay.js";
import { counterOf, placeOf, scene, stacks, stepsOf, warnedHexes } from "./scene.js";
import { gameSeats, playLink, rememberRematch, rememberToken } from "./seats.js";
import { Sheet } from "./sheet.js";
import { actionLabel, classify } from "./targets.js";
import { drawTracks } from "./tracks.js";

const NO_TARGETS = { hexes: new Map(), units: new Map(), cards: new Map(), buttons: [] };
const RECONNECT_MS = [500, 1000, 2000, 5000];
const FOLLOW = "wargame.follow"; // hot-seat: switch to the seat that must act

const app = {
  id: location.pathname.split("/").filter(Boolean)[1],
  token: null, // the seat's (or spectator's) token: tokenOfAddress, or one this browser holds
  body: null, // the live game as this seat sees it (always with its whole log)
  marks: new Map(), // log length -> log_hash of the live log at that length (see withWholeLog)
  shown: null, // the body drawn: the live one, or a replayed position
  data: null, // client_data of the game
  messages: new Messages({}, "en"),
  sides: [],
  units: new Map(),
  cards: new Map(),
  hexes: new Map(), // the board's places: hexes, or the areas of an area map
  areaMap: false, // whether the board is an area map (client_data board.kind "areas")
  chosen: null, // an area map: the block chosen to move (its moves are the targets)
  revealedLone: null, // an area map: the block chosen without a click, last shown
  map: null,
  busy: false,
  socket: null,
  socketTries: 0,
  replay: null,
  dice: null, // the fair-dice panel (dice.js)
  selected: null,
  pointed: null, // the action pointed at or focused (its path is drawn), or the hex pointed at
  previewPick: null, // the offered action whose preview the battle panel shows
  actedAt: null, // the hex whose stack popup an action was played from
  passTo: null, // hot-seat: the seat whose player must take the device before it is shown
  dismissedBattle: -1, // the log index of the last battle the seat has moved on from
  rematched: null, // the rematch made from this page (its links)
  attention: new Attention(),
  announced: "",
};

// -- the token in the address -----------------------------------------------------------------
/** The token the address names: in its fragment (#token=, which the browser sends to no server),
 * or in the query of a link shared before tokens left URLs, then moved to the fragment. */
function tokenOfAddress() {
  const url = new URL(location.href);
  const token = fragmentToken() || url.searchParams.get("token");
  if (url.searchParams.has("token")) {
    url.searchParams.delete("token");
    showToken(token, url);
  }
  return token;
}

function fragmentToken() {
  return new URLSearchParams(location.hash.slice(1)).get("token");
}

/** Name the seat's token in the address's fragment, so that a reload opens the same seat. */
function showToken(token, url = new URL(location.href)) {
  url.hash = new URLSearchParams({ token }).toString();
  history.replaceState(null, "", url);
}

// -- loading ----------------------------------------------------------------------------------
async function loadStatic() {
  const url = app.body.static_url.replace(/lang=\w+/, `lang=${lang()}`);
  const found = await api.staticData(url);
  app.messages = new Messages(found.messages, lang());
  app.sides = found.sides;
  app.title = found.title; // the game's title in the page's language
  if (!app.data) {
    app.data = found.data;
    app.units = new Map((found.data.units || []).map((unit) => [unit.id, unit]));
    app.cards = new Map((found.data.cards || []).map((card) => [card.id, card]));
    const board = found.data.board || {};
    app.areaMap = board.kind === "areas";
    app.hexes = new Map((board.hexes || board.areas || []).map((place) => [place.id, place]));
  }
}

async function loadBody() {
  app.body = withWholeLog(await api.game(app.id, app.token, lang()));
  rememberToken(app.id, app.body.game, app.body.seat, app.token);
}

function buildMap() {
  if (app.map || !app.data.board) return;
  const pointed = (hexId) => point(hexId && { hex: hexId });
  if (app.areaMap) app.map = new AreaMap(byId("map"), app.data.board, app.data.colours || {}, tapHex, pointed);
  else app.map = new HexMap(byId("map"), app.data.board, tapHex, pointed, app.data.colours || {});
  byId("zoom-in").onclick = () => app.map.zoom(0.7);
  byId("zoom-out").onclick = () => app.map.zoom(1 / 0.7);
  byId("zoom-fit").onclick = () => app.map.focus([]);
  drawSheetSwitch(app.map, app.data.board.maps || []);
  drawBackdrop(app.map);
}

/** A board of two grids (``maps``: Aegean Strike's operational and strategic maps in one frame):
 * a button per map that brings its hexes into view, the one shown pressed. */
function drawSheetSwitch(map, sheets) {
  if (sheets.length < 2) return;
  const buttons = sheets.map((sheet) =>
    h(
      "button",
      {
        type: "button",
        class: "sheet-switch",
        "aria-pressed": "false",
        dataset: { sheet: sheet.id },
        onclick: () => showSheet(map, sheet.id),
      },
      app.messages.name("map", sheet.id),
    ),
  );
  byId("zoom-fit").after(...buttons);
}

function showSheet(map, sheet) {
  map.focus(map.sheetHexes(sheet));
  byId("map").dataset.sheet = sheet;
  for (const button of document.querySelectorAll(".sheet-switch")) button.setAttribute("aria-pressed", String(button.dataset.sheet === sheet));
}

/** Real coastlines and the era's borders under the map, fetched once after the map is up; the
 * button shows or hides them (they only decorate: the printed terrain is what the rules read). */
async function drawBackdrop(map) {
  const found = await api.backdrop(app.body.backdrop_url).catch(() => ({ lines: [] }));
  if (!found.lines.length) return;
  map.drawBackdrop(found.lines);
  const button = byId("coastlines");
  button.hidden = false;
  button.onclick = () => {
    const shown = button.getAttribute("aria-pressed") !== "true";
    button.setAttribute("aria-pressed", String(shown));
    map.showBackdrop(shown);
  };
}

function drawMapLabels() {
  if (!app.map) return;
  app.map.drawLabels((place) => (lang() === "ja" && place.name_ja ? place.name_ja : place.name));
  for (const button of document.querySelectorAll(".sheet-switch")) button.textContent = app.messages.name("map", button.dataset.sheet);
}

// -- the context the panels draw from ---------------------------------------------------------
function names() {
  return {
    isHex: (id) => app.hexes.has(id),
    isUnit: (id) => app.units.has(id),
    isCard: (id) => app.cards.has(id),
    hexName: (id) => app.messages.name(app.areaMap ? "area" : "hex", id),
    plainPlaces: app.areaMap, // an area is named by its name alone, a hex with its id
    unitName: (id) => {
      const board = (app.shown && app.shown.view && app.shown.view.board) || {};
      const unit = counterOf(app.units, id, (board.units || {})[id]);
      if (!unit) return id;
      return lang() === "ja" && unit.name_ja ? unit.name_ja : unit.name;
    },
    cardName: (id) => app.messages.name("card", id),
  };
}

function context() {
  const body = app.shown;
  const view = body.view;
  const board = view.board || {};
  const seat = body.seat;
  const isHex = (id) => app.hexes.has(id);
  const boxed = boxedUnits(board);
  const ctx = {
    body,
    view,
    board,
    seat,
    notes: body.notes_text || {},
    lang: lang(),
    messages: app.messages,
    names: names(),
    units: app.units,
    cards: app.cards,
    hexes: app.hexes,
    staticBoard: (app.data && app.data.board) || {}, // the board's drawing data (client_data)
    sideColours: (app.data && app.data.colours) || {}, // a hex map: each side's colour, if the game gives them
    sides: app.sides.map((side) => side.id),
    busy: app.busy,
    logMarks: body === app.body ? app.marks : null, // the live log's prefix hashes (log.js)
    replaying: Boolean(app.replay && app.replay.active),
    heldSeats: (gameSeats(app.id) || {}).seats || {},
    bots: body.bots || {},
    isHex,
    unitHex: app.areaMap ? placeOfUnit(board) : (id) => (board.units && isHex(placeOf(board.units[id])) ? placeOf(board.units[id]) : null),
    isReduced: (id) => Boolean(board.reduced && board.reduced[id]) || stepsLost(id, stepsOf((board.units || {})[id]) ?? boxed.get(id) ?? null),
    stepsOf: (id) => stepsOf((board.units || {})[id]) ?? boxed.get(id) ?? null,
    unitMarks: (id) => (board.unit_marks || {})[id] || [], // a game's marks on a counter: [{kind, label?, ...}]
    markLabels: (id) => ((board.unit_marks || {})[id] || []).map((mark) => mark.label).filter(Boolean),
    isActivated: (id) => Boolean(board.offensive && (board.offensive.activated || []).includes(id)),
    sideName: (side) => (app.sides.find((entry) => entry.id === side) || { name: side }).name,
    act,
    hoverAction: (text) => point(text && { action: text }),
    previewPick: app.previewPick,
    pickPreview: (text) => {
      app.previewPick = text;
      render();
    },
    tapCard,
    openUnit: (unitId) => openUnitOnMap(ctx, unitId),
    rematch: askRematch,
    rematched: app.rematched,
    heldLink,
    battleLog: app.data.battle_log || null,
    battleDismissed: (start) => start === app.dismissedBattle,
    dismissBattle: (start) => {
      app.dismissedBattle = start;
      render();
    },
    focus: (ids) => app.map && app.map.focus(ids),
    switchSeat,
    following: localStorage.getItem(FOLLOW) === "1",
    setFollowing: (on) => {
      localStorage.setItem(FOLLOW, on ? "1" : "0");
      render();
    },
  };
  const mayAct = !ctx.replaying && seat && view.active.includes(seat);
  const inHand = (id) => (board.hand || []).includes(id) || board.future_card === id;
  ctx.mayAct = Boolean(mayAct);
  const facts = { ...ctx.names, unitHex: ctx.unitHex, inHand };
  if (app.areaMap) Object.assign(ctx, areaHooks(ctx, mayAct ? view.actions || [] : [], facts));
  else ctx.targets = mayAct ? classify(view.actions || [], { ...facts, unitHex: (id) => ctx.unitHex(id) || boxed.has(id) }) : NO_TARGETS;
  ctx.warnedHexes = warnedHexes(ctx);
  return ctx;
}

/** A hex map's units in the game's own listed boxes (board.boxes: off-map boxes), by id, with
 * the steps each has left (null: not given): a unit there with an action is a target there. */
function boxedUnits(board) {
  const found = new Map();
  if (app.areaMap || !Array.isArray(board.boxes)) return found;
  for (const group of board.boxes) for (const entry of group.entries) if (entry.id) found.set(entry.id, Number.isInteger(entry.steps) ? entry.steps : null);
  return found;
}

/** Whether ``left`` (the steps the view gives the unit) is fewer than its counter's full strength. */
function stepsLost(id, left) {
  const unit = app.units.get(id);
  return left !== null && Boolean(unit) && Number.isInteger(unit.steps) && left < unit.steps;
}

/** The map area where a piece stands; null for one off the map (a pool, a carrier box). */
function placeOfUnit(board) {
  const places = unitPlaces(board);
  return (id) => (app.hexes.has(places.get(id)) ? places.get(id) : null);
}

/** An area map's part of the context: its targets (the chosen block's moves), the block chosen
 * and how to choose one, the colours of its pieces, and the rows and facts of its popup. */
function areaHooks(ctx, actions, facts) {
  const lone = loneMover(areaTargets(actions, facts, null));
  const targets = areaTargets(actions, facts, app.chosen || lone);
  const chosen = targets.moves.has(app.chosen) ? app.chosen : lone;
  return {
    targets,
    areaMap: true,
    chosen,
    lone: chosen !== null && chosen === lone,
    choose: chooseUnit,
    colours: app.data.colours || {},
    stackRow: (entry) => pieceRow(ctx, entry),
    placeFacts: (area) => areaFacts(ctx, area),
    areaStacks: () => areaStacks(ctx),
    pieceIcon: (item, size) => pieceIcon(item, {}, ctx.colours, ctx.lang, size),
  };
}

/** The block that is chosen without a click: the only piece with an action when all it may do
 * is move (the second step of a strategic move, or the last block left to move); else null. */
function loneMover(targets) {
  if (targets.moves.size !== 1 || targets.units.size !== 1 || targets.hexes.size) return null;
  const [unitId] = targets.moves.keys();
  const moves = [...targets.moves.get(unitId).values()].flat();
  return targets.units.get(unitId).length === moves.length ? unitId : null;
}

/** An area map: a block chosen without a click (its move's unit picked, the second step) is
 * shown with its destinations, once, as a click that chooses a block shows them. */
function revealLone(ctx) {
  const lone = ctx.lone ? ctx.chosen : null;
  if (lone === app.revealedLone) return;
  app.revealedLone = lone;
  if (!lone || !app.map) return;
  closePopup();
  app.map.reveal([ctx.unitHex(lone), ...ctx.targets.hexes.keys()].filter(Boolean));
}

/** An area map: choose the block to move (null: none); its destinations become the targets. */
function chooseUnit(unitId) {
  app.chosen = unitId;
  if (unitId) closePopup();
  render();
  const ctx = context();
  if (unitId && app.map) app.map.reveal([ctx.unitHex(unitId), ...ctx.targets.hexes.keys()].filter(Boolean));
}

function stacksOf(ctx) {
  return ctx.areaMap ? areaStacks(ctx) : stacks(ctx);
}

// -- drawing ----------------------------------------------------------------------------------
function drawHeader(ctx) {
  const view = ctx.view;
  const title = app.title || view.title || ctx.body.game;
  const scenarioTitle = ctx.body.scenario_title || (view.scenario && ctx.messages.name("scenario", view.scenario));
  const scenario = scenarioTitle ? h("span", { class: "scenario-name" }, `\u00a0— ${scenarioTitle}`) : null;
  fill(byId("title"), h("span", { class: "game-name" }, title), scenario);
  byId("title").title = scenarioTitle ? `${title} — ${scenarioTitle}` : title; // whole, where a phone cuts it
  const status = [];
  if (ctx.board.turn !== undefined) status.push(`${t("track.turn")} ${ctx.board.turn}`);
  if (ctx.board.phase) status.push(ctx.messages.name("phase", ctx.board.phase));
  if (view.active.length) status.push(`${t("play.to_act")}${colon()}${joined(view.active.map(ctx.sideName))}`);
  if (ctx.body.delay) status.push(t("play.delayed", ctx.body.delay));
  byId("status").textContent = status.join(" · ");
  const live = !ctx.replaying;
  byId("undo").disabled = !live || !view.can_undo || ctx.busy || !ctx.seat || passing();
  byId("undo").hidden = !ctx.seat;
  byId("resign").hidden = !ctx.seat || Boolean(view.result) || !live;
  byId("replay-button").hidden = !(app.body.view.result || app.body.delay) || ctx.replaying;
  byId("about-link").href = `/about/${ctx.body.game}?lang=${lang()}`;
  const mine = live && Boolean(ctx.seat) && view.active.includes(ctx.seat) && !passing();
  app.attention.update(title, ctx.seat, mine);
  drawSeats(ctx);
}

function drawSeats(ctx) {
  const held = gameSeats(app.id) || { seats: {} };
  const options = [];
  for (const [side, token] of Object.entries(held.seats || {})) {
    options.push(h("option", { value: token, selected: token === app.token }, ctx.sideName(side)));
  }
  if (held.spectator) options.push(h("option", { value: held.spectator, selected: held.spectator === app.token }, t("lobby.spectator")));
  fill(byId("seat-select"), options);
}

function render() {
  if (!app.shown || !app.data) return;
  const ctx = context();
  document.body.classList.toggle("spectator", !ctx.seat);
  drawHeader(ctx);
  document.body.dataset.version = ctx.body.version;
  document.body.dataset.seat = ctx.seat || "";
  document.body.dataset.busy = app.busy ? "1" : "";
  byId("loading").hidden = true;
  if (drawPassScreen(ctx)) return;
  forgetGone(ctx);
  if (app.map) app.map.update(ctx.areaMap ? areaScene(ctx, app.selected) : scene(ctx, app.selected));
  drawPrompt(byId("prompt-panel"), ctx);
  drawBattle(byId("battle-panel"), ctx);
  drawLedger(byId("ledger-panel"), ctx);
  drawCards(byId("cards-panel"), ctx);
  drawTracks(byId("tracks-panel"), ctx);
  drawAirbases(byId("airbases-panel"), ctx);
  if (ctx.areaMap && !ctx.board.boxes) byId("boxes-panel").hidden = true;
  else drawBoxes(byId("boxes-panel"), ctx);
  drawLog(byId("log-panel"), ctx);
  drawNotes(byId("notes-panel"), ctx, app.id);
  if (!byId("legend").hidden) drawLegend(byId("legend"), ctx);
  app.dice.draw(app.body);
  reopenPopup(ctx);
  revealLone(ctx);
  drawPlan(ctx);
  announce(ctx);
  follow(ctx);
}

/** Let go of what names an action no longer offered: the one pointed at, the preview picked,
 * the confirmation asked. */
function forgetGone(ctx) {
  const offered = new Set(ctx.mayAct ? ctx.view.actions : []);
  if (app.pointed && app.pointed.action && !offered.has(app.pointed.action)) app.pointed = null;
  if (app.previewPick && !offered.has(app.previewPick)) app.previewPick = null;
  if (app.chosen && !ctx.chosen) app.chosen = null; // moved, or no longer to move
  if (confirming() && !offered.has(confirming())) closeConfirm(false);
}

// -- the path of a move on the map ------------------------------------------------------------
/** The action whose path the map shows: the one being confirmed, else the one pointed at (an
 * action, or the first with a path at the hex pointed at), else the first with a path at the hex
 * opened. */
function plannedAction(ctx) {
  if (confirming()) return confirming();
  const pointed = app.pointed;
  if (pointed && pointed.action) return pointed.action;
  const hexId = (pointed && pointed.hex) || popupHex();
  if (!hexId) return null;
  return offeredAt(ctx, hexId, stacksOf(ctx).get(hexId) || []).find((text) => pathOf(ctx, text)) || null;
}

function drawPlan(ctx = context()) {
  if (!app.map) return;
  const text = ctx.mayAct && !passing() ? plannedAction(ctx) : null;
  app.map.plan(text ? pathOf(ctx, text) : null);
}

/** The pointer (or the keyboard's focus) is on ``what`` ({action} or {hex}), or has left. */
function point(what) {
  app.pointed = what || null;
  if (app.shown) drawPlan();
}

/** Keep the popup open on its hex or card across a change, with what it offers now; close it
 * when its hex has nothing left to do after an action played from it, or its card is gone. */
function reopenPopup(ctx) {
  const hexId = popupHex();
  const cardId = popupCard();
  const card = cardId && document.querySelector(`#cards-panel .card[data-card="${cardId}"]`);
  if (hexId && !(hexId === app.actedAt && !hasActions(ctx, hexId))) reopenStack(ctx, hexId);
  else if (card) openCard(ctx, ctx.cards.get(cardId), ctx.targets.cards.get(cardId) || [], card);
  else closePopup();
}

/** Tell screen readers each new decision of the seat (a live region, said once per prompt). */
function announce(ctx) {
  const mine = ctx.seat && ctx.view.active.includes(ctx.seat) && !ctx.replaying;
  const text = mine ? `${t("play.your_turn", { side: ctx.sideName(ctx.seat) })} ${ctx.body.prompt_text || ""}` : "";
  if (text === app.announced) return;
  app.announced = text;
  byId("announcer").textContent = text;
}

// -- hot-seat privacy -------------------------------------------------------------------------
function passing() {
  return Boolean(app.passTo && app.body && app.body.seat === app.passTo);
}

/** While the device passes to ``app.passTo``: the screen that asks for its player, and nothing
 * of the seat drawn (the panels emptied, the map hidden). True if it is shown. */
function drawPassScreen(ctx) {
  const screen = byId("pass-screen");
  const on = passing();
  document.body.classList.toggle("passing", on);
  if (!on) {
    screen.hidden = true;
    screen.dataset.drawn = "";
    return false;
  }
  closePopup();
  for (const id of ["prompt-panel", "battle-panel", "cards-panel", "log-panel"]) fill(byId(id));
  drawNotes(byId("notes-panel"), { ...ctx, seat: null }, app.id);
  const side = ctx.sideName(app.passTo);
  const drawn = `${app.passTo}|${lang()}`;
  if (!screen.hidden && screen.dataset.drawn === drawn) return true; // kept, with its focus
  const ready = h("button", { type: "button", id: "pass-ready", class: "primary", onclick: endPassing }, t("pass.ready", { side }));
  fill(screen, h("div", { class: "pass-box" }, h("h2", { id: "pass-title" }, t("pass.title", { side })), h("p", {}, t("pass.body", { side })), ready));
  screen.dataset.drawn = drawn;
  screen.hidden = false;
  ready.focus();
  return true;
}

function endPassing() {
  app.passTo = null;
  render();
}

/** Hot-seat with "follow" on: move to the seat held here that must act, if this one need not. */
function follow(ctx) {
  if (!ctx.following || ctx.replaying || app.busy || !ctx.seat || ctx.view.active.includes(ctx.seat)) return;
  const side = ctx.view.active.find((active) => ctx.heldSeats[active]);
  if (side) setTimeout(() => switchSeat(side), 0);
}

/** Whether the hex or a unit on it has a legal action now. */
function hasActions(ctx, hexId) {
  if (ctx.targets.hexes.has(hexId)) return true;
  return [...ctx.targets.units.keys()].some((id) => ctx.unitHex(id) === hexId);
}

function reopenStack(ctx, hexId) {
  const entries = stacksOf(ctx).get(hexId) || [];
  const point = app.map.screenPoint(hexId);
  const offered = offeredAt(ctx, hexId, entries);
  if (point) openStack(ctx, hexId, entries, point.x, point.y, {}, pathEnd(ctx, hexId, offered, point));
}

// -- the log, sent in pages ---------------------------------------------------------------------
const MARKS_KEPT = 1000;

/** How many log lines this client has: the server then sends only the lines after them. */
function logFrom() {
  return app.body ? app.body.log_total : undefined;
}

/** ``body`` with the whole log: a whole body (log_from 0) starts the log again; a page (the lines
 * from log_from on) is appended to our first log_from lines if they are the lines it follows (its
 * log_base is the hash we had at that length: an undo and new lines can keep the length). Null if
 * the page does not fit (then the whole body is fetched again). */
function withWholeLog(body) {
  if (!body.log_from) {
    app.marks = new Map([[body.log_total, body.log_hash]]);
    return body;
  }
  const have = app.body;
  const n = body.log_from;
  const fits = have && have.seat === body.seat && have.static_url === body.static_url && n <= have.log_total;
  if (!fits) return null;
  const sameLog = body.log_total === have.log_total && body.log_hash === have.log_hash;
  if (sameLog) return { ...body, view: { ...body.view, log: have.view.log }, log_text: have.log_text, log_from: 0, log_base: "" };
  if (app.marks.get(n) !== body.log_base) return null;
  for (const total of [...app.marks.keys()]) if (total > n) app.marks.delete(total);
  app.marks.set(body.log_total, body.log_hash);
  if (app.marks.size > MARKS_KEPT) app.marks.delete(app.marks.keys().next().value);
  const log = have.view.log.slice(0, n).concat(body.view.log);
  const texts = have.log_text.slice(0, n).concat(body.log_text);
  return { ...body, view: { ...body.view, log }, log_text: texts, log_from: 0, log_base: "" };
}

/** Show a new live body (from an action, a reload or the socket) unless it is not newer. */
function show(body, force = false) {
  const same = app.body && body.seat === app.body.seat;
  if (same && (body.version < app.body.version || (!force && body.version === app.body.version))) return;
  const whole = withWholeLog(body);
  if (!whole) {
    refetch();
    return;
  }
  app.body = whole;
  if (!app.replay || !app.replay.active) app.shown = whole;
  render();
}

/** The whole body again, when a page of the log did not fit the lines we have. */
async function refetch() {
  try {
    show(await api.game(app.id, app.token, lang()), true);
  } catch (problem) {
    toast(problem.message, "error");
  }
}

// -- acting -----------------------------------------------------------------------------------
async function send(request) {
  if (app.busy) return;
  app.busy = true;
  render();
  try {
    show(await request(), true);
  } catch (problem) {
    await refused(problem);
  } finally {
    app.busy = false;
    render();
    app.actedAt = null;
  }
}

async function refused(problem) {
  if (problem instanceof ApiError && problem.status === 409) {
    toast(t("play.stale"), "info");
    show(await api.game(app.id, app.token, lang(), logFrom()), true);
  } else toast(problem.message, "error");
}

/** Play ``text``: at once, or once confirmed when the game says it has consequences. */
function act(text) {
  const ctx = context();
  if (!consequencesOf(ctx, text).length) {
    play(text);
    return;
  }
  document.body.classList.add("confirming"); // the stack's popup steps aside for the path
  askConfirm(ctx, text, (confirmed) => {
    document.body.classList.remove("confirming");
    drawPlan();
    if (confirmed) play(text);
  });
  drawPlan(ctx);
  const path = pathOf(ctx, text);
  if (path && app.map) app.map.reveal(path);
}

function play(text) {
  const view = app.body.view;
  if (!currentBattle(view)) app.dismissedBattle = lastBattleStart(view.log || []); // moved on
  app.actedAt = popupHex(); // its stack stays open while it has more to do
  if (!app.actedAt) closePopup();
  return send(() => api.act(app.id, lang(), app.token, app.body.version, text, logFrom()));
}

/** Every action the hex offers: its own and those of the units standing on it. */
function offeredAt(ctx, hexId, entries) {
  const own = ctx.targets.hexes.get(hexId) || [];
  return own.concat(entries.flatMap((entry) => ctx.targets.units.get(entry.unit.id) || []));
}

/** Where the path of the hex's first move with one ends on the screen (``at``, the hex) and
 * whence its last leg comes (``from``), for the popup to keep clear of it; null without one. */
function pathEnd(ctx, hexId, offered, at) {
  const path = offered.map((text) => pathOf(ctx, text)).find((found) => found && found.length > 1);
  if (!path || path[path.length - 1] !== hexId) return null;
  return { at, from: app.map.screenPoint(path[path.length - 2]) };
}

/** A click or Enter on the map: open the hex's stack; a second click on a target whose stack is
 * open plays its action if it offers one alone. */
function tapHex(hexId, unitId, how = {}) {
  if (passing()) return;
  if (app.replay && app.replay.active) app.selected = hexId;
  if (app.areaMap && tapArea(context(), hexId, unitId)) return;
  const ctx = context();
  const entries = stacksOf(ctx).get(hexId) || [];
  const offered = offeredAt(ctx, hexId, entries);
  if (!how.keyboard && popupHex() === hexId && offered.length === 1) {
    act(offered[0]);
    return;
  }
  app.selected = hexId;
  app.map.select(hexId);
  const at = app.map.screenPoint(hexId);
  openStack(ctx, hexId, entries, at.x, at.y, how, pathEnd(ctx, hexId, offered, at));
  const previewed = offered.find((text) => noteOf(ctx, text).preview);
  if (previewed && previewed !== app.previewPick) {
    app.previewPick = previewed; // the battle panel shows this hex's battle (the popup keeps its focus)
    drawBattle(byId("battle-panel"), context());
  }
  drawPlan(ctx);
}

/** Open the stack of a unit listed off the map (the airbase display) on its hex, brought into
 * view first. */
function openUnitOnMap(ctx, unitId) {
  const hexId = ctx.unitHex(unitId);
  if (!hexId || !app.map) return;
  app.map.reveal(hexId);
  tapHex(hexId, unitId, { keyboard: true });
}

/** An area map: a tap on a block that may move chooses it (a second tap lets it go); a tap on
 * a destination of the chosen block moves it there. True if the tap did one of these; a
 * destination reached two ways (a move and a paratroop drop) is left to the area's popup. */
function tapArea(ctx, areaId, unitId) {
  if (unitId && ctx.targets.moves.has(unitId)) {
    chooseUnit(ctx.chosen === unitId ? null : unitId);
    return true;
  }
  const move = ctx.chosen && ctx.targets.hexes.get(areaId);
  if (move && move.length > 1) return false;
  if (move) {
    app.chosen = null;
    act(move[0]);
    return true;
  }
  if (ctx.chosen) app.chosen = null; // a tap elsewhere lets the block go
  return false;
}

/** A click or Enter on a card of the hand: open it; a second click plays its action if it has
 * one alone. */
function tapCard(cardId, element, how = {}) {
  const ctx = context();
  const actions = ctx.targets.cards.get(cardId) || [];
  if (!how.keyboard && popupCard() === cardId && actions.length === 1) {
    act(actions[0]);
    return;
  }
  openCard(ctx, ctx.cards.get(cardId), actions, element, how);
}

// -- rematch ----------------------------------------------------------------------------------
/** The link of ``side`` of game ``gameId`` if this browser holds it. */
function heldLink(gameId, side) {
  const token = ((gameSeats(gameId) || {}).seats || {})[side];
  return token ? playLink(gameId, token, lang()) : null;
}

/** Ask for a rematch of this finished game (sides swapped): this browser takes the new seats of
 * the old seats it holds; the result box then shows them, and the links to send to the others. */
async function askRematch() {
  try {
    const made = await api.rematch(app.id, app.token);
    rememberRematch(app.id, made);
    app.rematched = made;
  } catch (problem) {
    const other = problem instanceof ApiError && problem.body.rematch;
    if (other && gameSeats(other)) app.rematched = { id: other, seats: {}, seat_of: {} };
    else toast(other ? t("rematch.made_elsewhere") : problem.message, "error");
  }
  render();
}

// -- seats, language, socket ------------------------------------------------------------------
async function reload() {
  await loadBody();
  app.shown = app.replay && app.replay.active ? app.shown : app.body;
  render();
  connect();
}

async function switchSeat(sideOrToken) {
  const held = (gameSeats(app.id) || {}).seats || {};
  const token = held[sideOrToken] || sideOrToken;
  if (token === app.token) return;
  const side = Object.keys(held).find((name) => held[name] === token);
  app.passTo = side && Object.keys(held).length > 1 ? side : null; // another player's seat
  app.token = token;
  showToken(token);
  closeConfirm(false);
  closePopup();
  await reload();
}

async function switchLanguage(code) {
  await loadLanguage(code);
  setUrlLanguage(code);
  translatePage();
  languageSwitch(byId("languages"), switchLanguage);
  app.drawSound();
  await loadStatic();
  drawMapLabels();
  if (app.replay && app.replay.active) await app.replay.refresh();
  await reload();
}

function connect() {
  if (app.socket) {
    app.socket.onclose = null;
    app.socket.onmessage = null;
    app.socket.close();
  }
  const socket = openSocket(app.id, app.token, lang(), logFrom());
  app.socket = socket;
  socket.onopen = () => {
    app.socketTries = 0;
    byId("live").classList.add("on");
  };
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "state") show(message);
    else if (message.type === "error") toast(message.error, "error");
  };
  socket.onclose = (event) => {
    byId("live").classList.remove("on");
    if (app.socket !== socket || event.code >= 4000) return; // 4xxx: the server refused us
    const wait = RECONNECT_MS[Math.min(app.socketTries, RECONNECT_MS.length - 1)];
    app.socketTries += 1;
    setTimeout(() => app.socket === socket && connect(), wait);
  };
}

// -- replay -----------------------------------------------------------------------------------
function replayHooks() {
  return {
    id: app.id,
    token: () => app.token,
    seat: () => app.body.seat,
    sides: () => app.sides,
    label: (text) => actionLabel(text, names()), // an action the replay has no words for
    delay: () => app.body.delay,
    redraw: render,
    showBody: (body) => {
      app.shown = body;
      render();
    },
    leave: () => {
      app.shown = app.body;
      render();
    },
  };
}

// -- start ------------------------------------------------------------------------------------
function bindHeader() {
  byId("undo").onclick = () => send(() => api.undo(app.id, lang(), app.token, app.body.version, logFrom()));
  byId("resign").onclick = () => {
    if (confirm(t("play.resign_confirm"))) send(() => api.resign(app.id, lang(), app.token, app.body.version, logFrom()));
  };
  byId("seat-select").onchange = (event) => switchSeat(event.target.value);
  byId("replay-button").onclick = () => app.replay.open();
  const menu = byId("menu-button");
  const showMenu = (open) => {
    menu.setAttribute("aria-expanded", String(open));
    byId("header-menu").classList.toggle("open", open);
  };
  menu.onclick = () => showMenu(menu.getAttribute("aria-expanded") !== "true");
  // a phone's menu closes as a tap elsewhere, or on one of its buttons, leaves it (the seat's
  // list stays open while it is being chosen from)
  document.addEventListener("click", (event) => {
    if (menu.getAttribute("aria-expanded") !== "true" || event.target.closest("#menu-button")) return;
    const inside = event.target.closest("#header-menu");
    if (!inside || event.target.closest("button, a")) showMenu(false);
  });
  bindSound();
  bindLegend();
  document.addEventListener("popupclosed", () => app.shown && drawPlan());
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    closePopup();
    if (app.chosen) chooseUnit(null);
    showMenu(false);
  });
}

function bindSound() {
  const button = byId("sound");
  const draw = () => {
    button.setAttribute("aria-pressed", String(app.attention.soundOn));
    button.textContent = app.attention.soundOn ? t("play.sound_on") : t("play.sound_off");
  };
  button.onclick = () => {
    app.attention.setSound(!app.attention.soundOn);
    draw();
  };
  draw();
  app.drawSound = draw;
}

function bindLegend() {
  const button = byId("legend-button");
  button.onclick = () => {
    const open = byId("legend").hidden;
    byId("legend").hidden = !open;
    button.setAttribute("aria-expanded", String(open));
    render();
  };
}

async function start() {
  await loadLanguage(initialLanguage());
  translatePage();
  languageSwitch(byId("languages"), switchLanguage);
  app.token = tokenOfAddress();
  if (!app.token) {
    const held = gameSeats(app.id);
    app.token = held && (Object.values(held.seats || {})[0] || held.spectator);
  }
  if (!app.token) {
    fill(byId("loading"), t("play.no_token"));
    return;
  }
  bindHeader();
  window.addEventListener("hashchange", () => fragmentToken() && switchSeat(fragmentToken()));
  try {
    await loadBody();
    await loadStatic();
  } catch (problem) {
    fill(byId("loading"), problem.message);
    return;
  }
  app.shown = app.body;
  buildMap();
  drawMapLabels();
  app.replay = new Replay(replayHooks());
  app.dice = new DicePanel(byId("dice-panel"), { id: app.id, token: () => app.token });
  app.sheet = new Sheet(byId("side"), byId("sheet-handle"));
  render();
  openOnTheUnits();
  connect();
}

/** A board that asks for it (client_data board ``open_on: "units"``: a scenario played on a
 * small part of a large map) opens on the hexes its units stand on, not on the whole map. */
function openOnTheUnits() {
  if (!app.map || app.data.board.open_on !== "units") return;
  const ctx = context();
  app.map.focus([...stacks(ctx).keys()]);
}

start();
