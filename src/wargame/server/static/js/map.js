// The hex map drawn in SVG from the game's client_data "board": hex centres come with the data (in
// units of a hex's circumradius; flat-topped hexes, odd-q "CCRR" ids), scaled here by RADIUS.
// Static layers (terrain, hexsides, symbols, ids and names) are drawn once per language; the
// dynamic layers (control, moves, battles, legal targets, counters, friendly bases, the marks of
// targets with consequences) on every state. Place names lie above the counters and the targets'
// outlines, so that no counter or outline crosses one. A legal target is a tint under the
// counters and an outline over them (its fill transparent, so that it takes the clicks and never
// changes a counter's colour); a target
// whose action has consequences also carries a warning sign in its hex's left corner. While a
// destination is chosen, the seat's friendly ports and airfields carry a green badge in the hex's
// left and right corners; the path of the move pointed at or opened is drawn over the counters
// (``plan``: a line with an arrow on each leg, a dot on each hex on the way, its end ringed).
//
// What the map shows depends on the zoom (mapbase.js): "far" also hides hex ids and names; "near"
// adds the hex ids.
//
// What differs between hex games comes with the board's data: pointy-topped hexes (``flat_top``
// false), the terrain fills (``terrain_colours``, a hex's ``variant`` before its ``terrain``), the
// hexsides drawn and their strokes (``hexside_styles``), the weather tints (``weather_colours``)
// and each side's colour (client_data ``colours``: far markers, control, tokens such as Blitz
// markers). A board of two grids (Aegean Strike) gives a hex its radius in units of the board's
// (``r``, a strategic hex 10) and its map (``map``); hexes of a larger radius are drawn first, with
// their names over the counters at every zoom, and their stacks larger; a hex whose ``areas`` name
// an overlay area (``overlay_*``: where the operational map lies on the strategic map) is outlined
// over the map. Legal targets (hexes, and stacks with a legal unit) are focusable: Tab reaches
// them, Enter opens them like a click, and the map pans to the one focused.

import { fill, s } from "./dom.js";
import { counter } from "./counters.js";
import { MapBase, bySide, placed } from "./mapbase.js";

export const RADIUS = 20;
const FLAT_CORNERS = corners(0);
const POINTY_CORNERS = corners(Math.PI / 6);
const LAYERS = ["terrain", "backdrop", "weather", "sides", "control", "symbols", "sheetNames", "ids", "moves", "battles", "tints", "arrows", "units", "tokens", "plan", "bases", "targets", "names", "marks", "selection"];
const EOTS_SIDES = { impassable_land: null, route: null, unplayable_sea: null }; // styled by play.css
const STACK_Y = -1.5; // a stack's centre below the hex centre: clear of the name under it
const BADGE_X = 0.74; // a base badge or a warning sign: this far from the hex centre, sideways
const BADGE_Y = 0.2; // and this far down (a base), clear of the counters and the names
const TOKEN_X = 0.76; // a game's marker on a hex (a Blitz marker): this far right of the centre,
const TOKEN_Y = 0.2; // and this far down, clear of the counters' stack count
const ABOVE_ARROW = -0.42; // a marker with an arrow: its tile by the left edge, this far up if the arrow points left
const ARROW_FROM = 0.42; // its arrow: from this far from the centre (the counters' edge)
const ARROW_TO = 1.05; // to this far, just across the hexside it points over

export const TERRAIN = {
  ocean: "#a8cde6",
  mixed: "#d5e4b0",
  open: "#ece3a6",
  jungle: "#86b86e",
  atoll: "#f3e6bd",
  mountain: "#b7a07c",
};

/** A friendly base's badge centred on (x, y): a green disc with an anchor (a port) or a cross
 * (an airfield); the legend draws the same. */
export function baseBadge(kind, x, y) {
  const glyph =
    kind === "port"
      ? [s("circle", { class: "base-glyph", cx: x, cy: y - 1.3, r: 0.9 }), s("path", { class: "base-glyph", d: `M${x} ${y - 0.4}V${y + 2.1}M${x - 1.7} ${y + 0.9}Q${x} ${y + 2.9} ${x + 1.7} ${y + 0.9}` })]
      : [s("path", { class: "base-glyph", d: `M${x - 2.2} ${y}H${x + 2.2}M${x} ${y - 2.2}V${y + 2.2}M${x - 1} ${y + 1.9}H${x + 1}` })];
  return [s("circle", { class: "base-disc", cx: x, cy: y, r: 3.4 }), glyph];
}

function corners(first) {
  return [0, 1, 2, 3, 4, 5].map((k) => [Math.cos(first + (Math.PI / 3) * k), Math.sin(first + (Math.PI / 3) * k)]);
}

let CORNERS = FLAT_CORNERS; // the hexes' corners: flat-topped, or pointy-topped (board.flat_top false)

function hexPoints(x, y, r = RADIUS) {
  return CORNERS.map(([cx, cy]) => `${(x + cx * r).toFixed(2)},${(y + cy * r).toFixed(2)}`).join(" ");
}

export class HexMap extends MapBase {
  /** ``board`` is client_data.board; ``onTap(hexId, unitId, how)`` is called for a tap on the map
   * or Enter on a focused target (``how.keyboard``); ``onPoint(hexId)`` when the pointer enters a
   * target (null when it leaves). */
  constructor(svg, board, onTap, onPoint = () => {}, colours = {}) {
    super(svg, LAYERS, "hex", onTap, onPoint);
    CORNERS = board.flat_top === false ? POINTY_CORNERS : FLAT_CORNERS;
    this.board = board;
    this.colours = colours;
    this.hexes = new Map(board.hexes.map((hex) => [hex.id, { ...hex, cx: hex.x * RADIUS, cy: hex.y * RADIUS, radius: RADIUS * (hex.r || 1) }]));
    this.places = this.hexes;
    this.size = RADIUS;
    if ((board.maps || []).length > 1) this.markerCap = 4; // the small hexes' stacks still seen on the large map
    this.backdropScale = RADIUS;
    this.drawTerrain();
    this.drawHexsides();
    this.drawSymbols();
    this.start(this.extent());
  }

  // -- static layers ------------------------------------------------------------------------
  drawTerrain() {
    const polygons = [];
    for (const hex of this.hexes.values()) {
      const offMap = (hex.areas || []).includes("off_map");
      const sheet = hex.map ? ` map-${hex.map}` : "";
      polygons.push(
        s("polygon", {
          class: `hex terrain-${hex.terrain}${offMap ? " off-map" : ""}${sheet}`,
          points: hexPoints(hex.cx, hex.cy, hex.radius),
          fill: this.terrainColour(hex),
          dataset: { hex: hex.id },
        }),
      );
    }
    fill(this.layers.terrain, polygons);
  }

  terrainColour(hex) {
    const own = this.board.terrain_colours || {};
    return own[hex.variant] || own[hex.terrain] || TERRAIN[hex.terrain] || "#eeeeee";
  }

  hexside(a, b) {
    const p = this.hexes.get(a);
    const q = this.hexes.get(b);
    if (!p || !q) return null;
    const mx = (p.cx + q.cx) / 2;
    const my = (p.cy + q.cy) / 2;
    const d = Math.hypot(q.cx - p.cx, q.cy - p.cy) || 1;
    const ux = (-(q.cy - p.cy) / d) * (RADIUS / 2);
    const uy = ((q.cx - p.cx) / d) * (RADIUS / 2);
    return { x1: mx - ux, y1: my - uy, x2: mx + ux, y2: my + uy };
  }

  /** The hexsides the rules read, each kind in its style (the board's ``hexside_styles``, in
   * their order: a later kind is drawn over an earlier one). */
  drawHexsides() {
    const styles = this.board.hexside_styles || EOTS_SIDES;
    const lines = [];
    for (const [kind, style] of Object.entries(styles)) {
      for (const side of this.board.hexsides || []) {
        if (!side.flags.includes(kind)) continue;
        const ends = this.hexside(side.a, side.b);
        if (ends) lines.push(s("line", { class: `hexside side-${kind}`, ...ends, ...strokeOf(style) }));
      }
    }
    fill(this.layers.sides, lines);
  }

  drawSymbols() {
    const marks = [];
    for (const hex of this.hexes.values()) {
      const { cx, cy } = hex;
      const overlay = (hex.areas || []).find((area) => area.startsWith("overlay_"));
      if (overlay) marks.push(s("polygon", { class: `overlay-area ${overlay.replace(/_/g, "-")}`, points: hexPoints(cx, cy, hex.radius), dataset: { overlay: hex.id } }));
      if (hex.radius > RADIUS) continue; // a large hex: its name is its mark (drawLabels)
      if (hex.port) marks.push(this.portMark(cx - RADIUS * 0.55, cy + RADIUS * 0.18));
      if (hex.airfield) marks.push(this.airfieldMark(cx + RADIUS * 0.55, cy + RADIUS * 0.18));
      if (hex.resource) {
        const r = RADIUS * 0.14;
        const y = cy - RADIUS * 0.32;
        marks.push(s("polygon", { class: "resource", points: `${cx},${y - r} ${cx + r},${y} ${cx},${y + r} ${cx - r},${y}` }));
      }
      if (hex.city) marks.push(s("rect", { class: "city", x: cx - 2, y: cy - 2, width: 4, height: 4 }));
    }
    fill(this.layers.symbols, marks);
  }

  portMark(x, y) {
    return s("g", { class: "port" }, s("circle", { cx: x, cy: y, r: 2.6 }), s("line", { x1: x, y1: y - 2.6, x2: x, y2: y + 2.6 }));
  }

  airfieldMark(x, y) {
    return s(
      "g",
      { class: "airfield" },
      s("line", { x1: x - 3, y1: y, x2: x + 3, y2: y }),
      s("line", { x1: x, y1: y - 3, x2: x, y2: y + 3 }),
    );
  }

  /** Hex ids (under the counters) and place names (over them); ``name(hex)`` gives the name in
   * the page's language or null. */
  drawLabels(name) {
    const ids = [];
    const names = [];
    const large = [];
    for (const hex of this.hexes.values()) {
      if (hex.radius > RADIUS) {
        const shown = name(hex);
        const attrs = { class: "hex-name large", x: hex.cx, y: hex.cy + hex.radius * 0.55, dataset: { place: hex.id } };
        large.push(s("text", { class: "hex-id large", x: hex.cx, y: hex.cy - hex.radius * 0.7 }, hex.id));
        if (shown) large.push(s("text", attrs, shown));
        continue;
      }
      ids.push(s("text", { class: "hex-id", x: hex.cx, y: hex.cy - RADIUS * 0.62 }, hex.id));
      const shown = name(hex);
      if (!shown) continue;
      const long = shown.length > (/[\u3040-\u9fff]/.test(shown) ? 6 : 12);
      const attrs = { class: long ? "hex-name long" : "hex-name", x: hex.cx, y: hex.cy + RADIUS * 0.8, dataset: { place: hex.id } };
      names.push(s("text", attrs, shown));
    }
    fill(this.layers.ids, ids);
    fill(this.layers.names, names);
    fill(this.layers.sheetNames, large);
  }

  /** The hex ids of one map of a board of two grids (``board.maps``), or of every hex. */
  sheetHexes(sheet) {
    return [...this.hexes.values()].filter((hex) => !sheet || hex.map === sheet).map((hex) => hex.id);
  }

  // -- dynamic layers -----------------------------------------------------------------------
  /** ``scene`` = {stacks: Map(hex -> [{unit, flags}]), control: {hex: side}, targets: Map(hex ->
   * actions), battles: [hex], moves: [[hex, ...]], warned: Map(hex -> "all"|"some"), bases: {ports, airfields} or
   * null, selected: hex|null, lang, label(kind, hex, detail): the accessible name of a target} */
  update(scene) {
    this.drawWeather(scene.weather || {});
    this.drawControl(scene.control || {});
    this.drawMoves(scene.moves || []);
    this.drawBattles(scene.battles || []);
    this.drawUnits(scene.stacks, scene);
    this.drawTokens(scene.tokens || []);
    this.drawBases(scene.bases);
    this.drawTargets(scene.targets, scene);
    this.drawWarnings(scene.warned || new Map());
    this.select(scene.selected);
  }

  /** The friendly ports and airfields: a green badge in the hex's left corner (a port) and right
   * corner (an airfield), over the counters. */
  drawBases(bases) {
    const marks = [];
    const badge = (hexId, kind, dx) => {
      const hex = this.hexes.get(hexId);
      if (!hex) return;
      const at = placed(hex.cx + dx * RADIUS, hex.cy + BADGE_Y * RADIUS);
      marks.push(s("g", { class: `base base-${kind}`, transform: at, dataset: { base: hexId } }, s("g", { class: "mark-body" }, baseBadge(kind, 0, 0))));
    };
    for (const id of (bases && bases.ports) || []) badge(id, "port", -BADGE_X);
    for (const id of (bases && bases.airfields) || []) badge(id, "airfield", BADGE_X);
    fill(this.layers.bases, marks);
  }

  /** Where a hex's warning sign goes: its left corner. */
  warningAt(hex) {
    return { x: hex.cx - BADGE_X * RADIUS, y: hex.cy - 0.2 * RADIUS };
  }

  /** Each hex with adverse weather (``weather``: hex -> mud, storm, snow) under a hatched tint
   * of its weather's colour (the board's ``weather_colours``). */
  drawWeather(weather) {
    const colours = this.board.weather_colours || {};
    const tints = [];
    for (const [hexId, kind] of Object.entries(weather)) {
      const hex = this.hexes.get(hexId);
      if (!hex) continue;
      tints.push(s("polygon", { class: `weather weather-${kind}`, points: hexPoints(hex.cx, hex.cy, hex.radius), fill: colours[kind] || "#888", dataset: { weather: hexId, kind } }));
    }
    fill(this.layers.weather, tints);
  }

  /** Each controlled land hex tinted in its controller's colour, with a small flag. */
  drawControl(control) {
    const marks = [];
    for (const [hexId, side] of Object.entries(control)) {
      const hex = this.hexes.get(hexId);
      if (!hex || hex.terrain === "ocean" || hex.terrain === "sea") continue;
      const flag = { x: hex.cx - RADIUS * 0.62, y: hex.cy - RADIUS * 0.7 };
      const colour = this.colours[side];
      marks.push(
        s(
          "g",
          { class: `control control-${side}`, dataset: { control: hexId } },
          s("polygon", { class: "control-tint", points: hexPoints(hex.cx, hex.cy, hex.radius * 0.9), fill: colour, stroke: colour }),
          s("rect", { class: "control-flag", x: flag.x, y: flag.y, width: 6, height: 4.2, rx: 0.4, fill: colour }),
          s("circle", { class: "control-emblem", cx: flag.x + 3, cy: flag.y + 2.1, r: 1.2, fill: colour && "#fff" }),
        ),
      );
    }
    fill(this.layers.control, marks);
  }

  /** The game's markers on hexes (``tokens``: [{hex, kind, side, label?, toward?}], a Blitz
   * marker): a small tile in the side's colour with its ``label`` (else the kind's initial), by
   * the hex's right edge, over the counters. A marker that points at a neighbour (``toward``: a
   * beachhead's land hex) has an arrow in the side's colour across that hexside, under the
   * counters (``arrows``), and its tile by the hex's left edge (above the arrow if it points
   * left), clear of the stack count and of a Blitz marker on the right. */
  drawTokens(tokens) {
    const marks = [];
    const arrows = [];
    for (const token of tokens) {
      const hex = this.hexes.get(token.hex);
      if (!hex) continue;
      const colour = this.colours[token.side] || "#444";
      const toward = token.toward ? this.hexes.get(token.toward) : null;
      const way = toward ? direction(hex, toward) : null;
      const r = hex.radius || RADIUS; // a larger hex of a second map scale keeps the tile by its edge
      const at = way ? placed(hex.cx - r * TOKEN_X, hex.cy + r * (way.x < -0.9 ? ABOVE_ARROW : TOKEN_Y)) : placed(hex.cx + r * TOKEN_X, hex.cy + r * TOKEN_Y);
      const dataset = { token: token.kind, hex: token.hex, side: token.side || "", toward: token.toward || "" };
      marks.push(s("g", { class: `token token-${token.kind}`, transform: at, dataset }, s("g", { class: "mark-body" }, tokenTile(token, colour, 4.5))));
      if (way) arrows.push(s("polygon", { class: "token-arrow", points: arrowPoints(hex.cx, hex.cy, way, RADIUS), fill: colour, dataset: { arrow: token.hex, toward: token.toward } }));
    }
    fill(this.layers.tokens, marks);
    fill(this.layers.arrows, arrows);
  }

  drawMoves(paths) {
    const lines = [];
    for (const path of paths) {
      const points = path.map((id) => this.centre(id)).filter(Boolean);
      if (points.length < 2) continue;
      lines.push(s("polyline", { class: "move-path", points: points.map((p) => `${p.x},${p.y}`).join(" ") }));
    }
    fill(this.layers.moves, lines);
  }

  drawBattles(hexes) {
    fill(
      this.layers.battles,
      hexes.map((id) => {
        const hex = this.hexes.get(id);
        return hex ? s("polygon", { class: "battle-hex", points: hexPoints(hex.cx, hex.cy, hex.radius * 0.92) }) : null;
      }),
    );
  }

  drawUnits(stacks, scene) {
    const groups = [];
    for (const [hexId, entries] of stacks) {
      const hex = this.hexes.get(hexId);
      if (!hex) continue;
      const sides = bySide(entries);
      sides.forEach((stack, index) => {
        const grow = Math.sqrt(hex.radius / RADIUS); // a stack on a large hex is drawn larger
        const shift = sides.length > 1 ? (index === 0 ? -0.38 : 0.38) * RADIUS * grow : 0;
        const side = sides.length > 1 ? 0.72 : 1;
        const place = { x: hex.cx + shift, y: hex.cy + STACK_Y * grow, scale: side * grow, markerScale: side };
        const label = (entries) => scene.label("stack", hexId, entries);
        groups.push(this.stack(hexId, place, stack, (top) => counter(top.unit, top.flags, scene.lang), label, this.colours[stack[0].unit.side]));
      });
    }
    fill(this.layers.units, groups);
  }

  /** A target hex's tint and its outline, inside the hex's edge. */
  targetShapes(hex, kind, attrs) {
    const points = hexPoints(hex.cx, hex.cy, hex.radius * 0.94);
    return [s("polygon", { class: `target-tint ${kind}`, points }), s("polygon", { ...attrs, points })];
  }

  select(hexId) {
    const hex = hexId ? this.hexes.get(hexId) : null;
    fill(this.layers.selection, hex ? s("polygon", { class: "selected-hex", points: hexPoints(hex.cx, hex.cy, hex.radius) }) : null);
  }
}

/** A marker's tile, centred on (0, 0), ``half`` wide each way: the side's colour and the
 * marker's label (else its kind's initial); the legend draws the same. */
export function tokenTile(token, colour, half) {
  return [
    s("rect", { class: "token-body", x: -half, y: -half, width: 2 * half, height: 2 * half, rx: half / 4.5, fill: colour }),
    s("text", { class: "token-text", x: 0, y: 2.4 }, token.label || token.kind[0].toUpperCase()),
  ];
}

/** The unit vector from hex ``a``'s centre toward hex ``b``'s. */
function direction(a, b) {
  const dx = b.cx - a.cx;
  const dy = b.cy - a.cy;
  const length = Math.hypot(dx, dy) || 1;
  return { x: dx / length, y: dy / length };
}

/** An arrow's outline from (x, y) along the unit vector ``way``: a shaft from ``ARROW_FROM`` to
 * ``ARROW_TO`` hex radii ``r``, with a head at its tip. */
export function arrowPoints(x, y, way, r) {
  const across = { x: -way.y, y: way.x };
  const head = 6.5;
  const at = (along, side) => `${(x + way.x * along + across.x * side).toFixed(2)},${(y + way.y * along + across.y * side).toFixed(2)}`;
  const from = ARROW_FROM * r;
  const tip = ARROW_TO * r;
  return [at(from, 1.8), at(tip - head, 1.8), at(tip - head, 4.4), at(tip, 0), at(tip - head, -4.4), at(tip - head, -1.8), at(from, -1.8)].join(" ");
}

/** The SVG stroke attributes of a hexside style ({stroke, width, dash}); none for a kind the
 * page's style sheet draws. */
function strokeOf(style) {
  if (!style) return {};
  return { stroke: style.stroke, "stroke-width": style.width, "stroke-dasharray": style.dash, "stroke-linecap": "round" };
}
