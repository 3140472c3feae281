// The map's legend: what every highlight colour and mark means (the warning sign of an action
// with consequences, the friendly bases, the path of a move), the colour of each nationality's
// counters, how control, battles, moves and the far zoom's stack markers look. Each swatch is
// drawn with the map's own classes (``map-art``), so that the legend shows exactly what the map
// shows.

import { warnMark } from "./actions.js";
import { fill, h, s } from "./dom.js";
import { t } from "./i18n.js";
import { NATIONS, counter, marker } from "./counters.js";
import { arrowPoints, baseBadge, tokenTile } from "./map.js";
import { piece } from "./blocks.js";
import { sideOfPower } from "./areascene.js";

const HEX = "10,0 5,8.66 -5,8.66 -10,0 -5,-8.66 5,-8.66";

// Every class a target hex can have (map.js targetClass), with what it offers.
export const TARGET_KINDS = [
  ["target-hex", "legend.target"],
  ["target-battle", "legend.target_battle"],
  ["target-strategic", "legend.target_strategic"],
  ["target-assault", "legend.target_assault"],
  ["target-place", "legend.target_place"],
  ["target-via", "legend.target_via"],
  ["target-many", "legend.target_many"],
];

function swatch(...parts) {
  return s("svg", { class: "legend-swatch map-art", viewBox: "-14 -14 28 28", width: 28, height: 28, "aria-hidden": "true" }, parts);
}

function item(key, picture, text) {
  return h("li", { dataset: { legend: key } }, picture, h("span", {}, text));
}

function targets() {
  const hex = (kind) => [s("polygon", { class: `target-tint ${kind}`, points: HEX }), s("polygon", { class: `target ${kind}`, points: HEX })];
  const plan = [
    s("polyline", { class: "plan-casing", points: "-11,6 0,-3 11,4" }),
    s("polyline", { class: "plan-path", points: "-11,6 0,-3 11,4" }),
    s("circle", { class: "plan-start", cx: -11, cy: 6, r: 2.6 }),
    s("circle", { class: "plan-step", cx: 0, cy: -3, r: 2.2 }),
    s("circle", { class: "plan-end", cx: 11, cy: 4, r: 4.5 }),
  ];
  return [
    ...TARGET_KINDS.map(([kind, key]) => item(kind, swatch(...hex(kind)), t(key))),
    item("warned", swatch(warnMark({ class: "warned-hex warned-all", transform: "scale(1.3)" })), t("legend.warned")),
    item("warned-some", swatch(warnMark({ class: "warned-hex warned-some", transform: "scale(1.1)" })), t("legend.warned_some")),
    item("plan", swatch(...plan), t("legend.plan")),
    item("base-port", swatch(s("g", { class: "base base-port", transform: "scale(2.4)" }, baseBadge("port", 0, 0))), t("legend.base_port")),
    item("base-airfield", swatch(s("g", { class: "base base-airfield", transform: "scale(2.4)" }, baseBadge("airfield", 0, 0))), t("legend.base_airfield")),
  ];
}

function sample(nationality, flags = {}) {
  return { id: "", name: "", nationality, type: "division", attack: null, defense: null, range: null, ...flags };
}

function pieces(ctx) {
  const colours = ctx.sideColours || {};
  const sides = ctx.sides.map((side) => item(`marker-${side}`, swatch(marker(side, 3, false, colours[side])), t("legend.marker", { side: ctx.sideName(side) })));
  return [...samples(), ...sides, ...nationItems(ctx), ...standInItems(ctx), ...unitMarkItems(ctx)];
}

/** The marks a game puts on counters now (board.unit_marks with a label), one entry per kind on
 * a sample counter, named by the game's messages (``unit_mark_kind``). */
function unitMarkItems(ctx) {
  const labels = new Map();
  for (const marks of Object.values(ctx.board.unit_marks || {})) for (const mark of marks) if (mark.label && !labels.has(mark.kind)) labels.set(mark.kind, mark.label);
  return [...labels.entries()]
    .sort()
    .map(([kind, label]) => item(`unit-mark-${kind}`, swatch(s("g", { transform: "scale(0.8)" }, counter(sample("us"), { marks: [label] }))), ctx.messages.name("unit_mark_kind", kind)));
}

/** The stand-in counters on the map (a view's ``units`` record naming its ``counter``: an enemy
 * unit not seen), each drawn as the map draws it, named by the game's messages (``counter``). */
function standInItems(ctx) {
  const shown = new Set(Object.values(ctx.board.units || {}).map((record) => record && record.counter));
  return [...shown]
    .filter((id) => id && ctx.units.has(id))
    .sort()
    .map((id) => item(`counter-${id}`, swatch(s("g", { transform: "scale(0.9)" }, counter(ctx.units.get(id), {}, ctx.lang))), ctx.messages.name("counter", id)));
}

/** One counter per nationality: those on the map in the game's own colours where its units
 * carry them (named by the game's messages), else every nationality in this page's colours. */
function nationItems(ctx) {
  const own = new Map();
  const onMap = new Set(Object.keys(ctx.board.units || {}));
  for (const unit of ctx.units.values()) if (unit.colours && onMap.has(unit.id) && !own.has(unit.nationality)) own.set(unit.nationality, unit.colours);
  if (own.size) {
    return [...own].map(([nation, colours]) => item(`nation-${nation}`, swatch(s("g", { transform: "scale(0.9)" }, counter(sample(nation, { colours })))), ctx.messages.name("nation", nation)));
  }
  const present = new Set([...ctx.units.values()].map((unit) => unit.nationality));
  return Object.keys(NATIONS)
    .filter((nation) => present.has(nation))
    .map((nation) => item(`nation-${nation}`, swatch(s("g", { transform: "scale(0.9)" }, counter(sample(nation)))), t(`nation.${nation}`)));
}

/** The marks a counter can carry, on sample counters. */
function samples() {
  return [
    item("target-unit", swatch(s("g", { transform: "scale(0.8)" }, counter(sample("us"), { target: true }))), t("legend.target_unit")),
    item("moving", swatch(s("g", { transform: "scale(0.9)" }, counter(sample("japanese"), { moving: true }))), t("legend.moving")),
    item("reduced", swatch(s("g", { transform: "scale(0.9)" }, counter(sample("british"), { reduced: true }))), t("legend.reduced")),
    item("activated", swatch(s("g", { transform: "scale(0.9)" }, counter(sample("australian"), { activated: true }))), t("legend.activated")),
  ];
}

function controlItem(side, label, colour) {
  const flag = s(
    "g",
    { class: `control control-${side}` },
    s("polygon", { class: "control-tint", points: HEX, fill: colour, stroke: colour }),
    s("rect", { class: "control-flag", x: -6, y: -4.2, width: 12, height: 8.4, rx: 0.8, fill: colour }),
    s("circle", { class: "control-emblem", cx: 0, cy: 0, r: 2.4, fill: colour && "#fff" }),
  );
  return item(`control-${side}`, swatch(flag), label);
}

function places(ctx) {
  return [
    ...ctx.sides.map((side) => controlItem(side, t("legend.control", { side: ctx.sideName(side) }), (ctx.sideColours || {})[side])),
    ...boardItems(ctx),
    item("battle-hex", swatch(s("polygon", { class: "battle-hex", points: HEX })), t("legend.battle")),
    item("move-path", swatch(s("polyline", { class: "move-path", points: "-12,6 0,-4 12,4" })), t("legend.move")),
    item("selected-hex", swatch(s("polygon", { class: "hex terrain-open", points: HEX }), s("polygon", { class: "selected-hex", points: HEX })), t("legend.selected")),
  ];
}

/** What a hex board's own drawing data shows (client_data board): its terrain fills, the
 * hexsides it draws, its weather tints and the overlay areas of a board of two maps, named by
 * the game's messages. */
function boardItems(ctx) {
  const board = ctx.staticBoard || {};
  const fills = Object.entries(board.terrain_colours || {}).map(([kind, colour]) => item(`terrain-${kind}`, swatch(s("polygon", { class: "hex", points: HEX, fill: colour })), ctx.messages.name("terrain", kind)));
  const sides = Object.entries(board.hexside_styles || {}).map(([kind, style]) =>
    item(`hexside-${kind}`, swatch(s("line", { class: `hexside side-${kind}`, x1: -12, y1: 7, x2: 12, y2: -7, stroke: style.stroke, "stroke-width": style.width, "stroke-dasharray": style.dash })), ctx.messages.name("hexside", kind)),
  );
  const weather = Object.entries(board.weather_colours || {}).map(([kind, colour]) => item(`weather-${kind}`, swatch(s("polygon", { class: "hex", points: HEX, fill: "#ece3a6" }), s("polygon", { class: "weather", points: HEX, fill: colour })), ctx.messages.name("track_value", kind)));
  const tokens = tokenItems(ctx);
  return [...fills, ...sides, ...weather, ...tokens, ...overlayItems(ctx, board)];
}

/** The game's markers on the map now, one entry per kind and side (none for a marker of no
 * side's, a bridge), drawn as the map draws the first of them: its tile, and its arrow where it
 * points at a neighbour (a beachhead, a bridge). */
function tokenItems(ctx) {
  const first = new Map();
  for (const mark of ctx.board.marks || []) if (!first.has(`${mark.kind}|${mark.side}`)) first.set(`${mark.kind}|${mark.side}`, mark);
  return [...first.values()].map((mark) => {
    const colour = (ctx.sideColours || {})[mark.side] || "#444";
    const parts = mark.toward ? [s("polygon", { class: "token-arrow", points: arrowPoints(-7, 0, { x: 1, y: 0 }, 18), fill: colour }), s("g", { transform: "translate(-5 0)" }, tokenTile(mark, colour, 5.5))] : tokenTile(mark, colour, 6);
    const name = ctx.messages.name("token", mark.kind);
    return item(mark.side ? `token-${mark.kind}-${mark.side}` : `token-${mark.kind}`, swatch(s("g", { class: "token" }, parts)), mark.side ? `${name} (${ctx.sideName(mark.side)})` : name);
  });
}

/** A board of two maps: the overlay areas its hexes name (``overlay_*``: where the operational
 * map lies on the strategic map), each a dashed outline. */
function overlayItems(ctx, board) {
  const kinds = new Set((board.hexes || []).flatMap((hex) => (hex.areas || []).filter((area) => area.startsWith("overlay_"))));
  return [...kinds].sort().map((kind) => item(`overlay-${kind}`, swatch(s("polygon", { class: "hex", points: HEX, fill: "#ece3a6" }), s("polygon", { class: `overlay-area ${kind.replace(/_/g, "-")} legend-overlay`, points: HEX })), ctx.messages.name("area", kind)));
}

const AREA = "M-12 -6L-2 -11L11 -7L12 5L1 11L-11 7Z";
const BORDERS = ["strait", "river", "impassable"];

function areaSwatch(...parts) {
  return swatch(s("path", { class: "area area-large", d: AREA }), ...parts);
}

/** The square that marks a port or island box. */
function boxMark() {
  return s("g", { class: "box-mark box-port_box" }, s("rect", { class: "box-square", x: -5, y: -5, width: 10, height: 10 }));
}

/** An area map's legend (Asia Engulfed): its pieces in their colours, the highlights and the
 * marks of control, contest and the borders the rules read. */
function areaLegend(ctx) {
  const blocks = [...ctx.units.values()].filter((unit) => unit.colour);
  const others = new Set(blocks.filter((unit) => sideOfPower(unit.power) !== ctx.seat).map((unit) => unit.colour));
  const mine = blocks.find((unit) => sideOfPower(unit.power) === ctx.seat) || blocks[0];
  const small = (item, flags = {}) => s("g", { transform: "scale(0.9)" }, piece(item, flags, ctx.colours, ctx.lang));
  const own = { kind: "block", side: ctx.seat, colour: mine.colour, type: mine.type, steps: 3, max_steps: 4, name: "" };
  const blanks = Object.entries(ctx.colours)
    .filter(([id]) => others.has(id))
    .map(([id, colour]) => item(`blank-${id}`, swatch(small({ kind: "blank", side: "", colour: id })), t("legend.area_blank", { colour: ctx.lang === "ja" ? colour.name_ja : colour.name })));
  const highlights = [
    item("target-move", areaSwatch(s("path", { class: "target-tint target-move", d: AREA }), s("path", { class: "target-move area-target-legend", d: AREA })), t("legend.area_target")),
    item("target-unit", swatch(s("g", { transform: "scale(0.8)" }, piece(own, { target: true }, ctx.colours, ctx.lang))), t("legend.area_block_target")),
    item("chosen", swatch(s("g", { transform: "scale(0.8)" }, piece(own, { selected: true }, ctx.colours, ctx.lang))), t("legend.area_chosen")),
    item("target-box", swatch(boxMark(), s("circle", { class: "target-move area-target-legend", r: 10 })), t("legend.area_box_target")),
  ];
  const pieces = [
    item("block", swatch(small(own)), t("legend.area_block")),
    ...blanks,
    item("lba", swatch(small({ kind: "air", side: "", power: "usa", type: "lba", steps: 2, max_steps: 2 })), t("piece.lba")),
    item("cba", swatch(small({ kind: "air", side: "", power: "japan", type: "cba", steps: 1, max_steps: 2 })), t("piece.cba")),
    item("garrison", swatch(small({ kind: "garrison", side: "", power: "japan", type: "garrison" })), t("piece.garrison")),
    ...ctx.sides.map((side) => item(`marker-${side}`, swatch(marker(side, 3, false)), t("legend.marker", { side: ctx.sideName(side) }))),
  ];
  const places = [
    ...ctx.sides.map((side) => item(`control-${side}`, areaSwatch(s("path", { class: `control-area control-${side}`, d: AREA })), t("legend.area_control", { side: ctx.sideName(side) }))),
    item("contested", areaSwatch(s("path", { class: "contested-area", d: AREA })), t("area.contested")),
    ...BORDERS.map((kind) => item(`border-${kind}`, swatch(s("path", { class: `border border-${kind}`, d: "M-12 8L12 -8" })), t(`legend.border_${kind}`))),
    item("box", swatch(boxMark()), t("legend.area_box")),
  ];
  return [
    h("h3", {}, t("legend.highlights")),
    h("ul", { class: "legend-list" }, highlights),
    h("h3", {}, t("legend.area_pieces")),
    h("ul", { class: "legend-list" }, pieces),
    h("h3", {}, t("legend.area_places")),
    h("ul", { class: "legend-list" }, places),
  ];
}

/** Draw the legend in ``box`` (the map's legend panel). */
export function drawLegend(box, ctx) {
  if (ctx.areaMap) {
    fill(box, h("h2", { id: "legend-title" }, t("legend.title")), areaLegend(ctx), h("p", { class: "hint" }, t("legend.area_zoom")));
    return;
  }
  fill(
    box,
    h("h2", { id: "legend-title" }, t("legend.title")),
    h("h3", {}, t("legend.highlights")),
    h("ul", { class: "legend-list" }, targets()),
    h("h3", {}, t("legend.pieces")),
    h("ul", { class: "legend-list" }, pieces(ctx)),
    h("h3", {}, t("legend.places")),
    h("ul", { class: "legend-list" }, places(ctx)),
    h("p", { class: "hint" }, t("legend.zoom")),
  );
}
