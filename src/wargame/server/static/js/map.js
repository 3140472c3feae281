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
// What the map shows depends on the zoom (the svg's data-zoom, set on every pan and zoom): "far"
// draws each stack as one marker in its side's colour with its count, and hides hex ids and names;
// "mid" draws counters with their type and values; "near" adds their names and the hex ids.
// Legal targets (hexes, and stacks with a legal unit) are focusable: Tab reaches them, Enter opens
// them like a click, and the map pans to the one focused.

import { warnMark } from "./actions.js";
import { fill, s } from "./dom.js";
import { COUNTER, counter, marker } from "./counters.js";
import { PanZoom } from "./panzoom.js";
import { targetClass } from "./targets.js";

export const RADIUS = 20;
const CORNERS = [0, 1, 2, 3, 4, 5].map((k) => [Math.cos((Math.PI / 3) * k), Math.sin((Math.PI / 3) * k)]);
const LAYERS = ["terrain", "backdrop", "sides", "control", "symbols", "ids", "moves", "battles", "tints", "units", "plan", "bases", "targets", "names", "marks", "selection"];
const STACK_Y = -1.5; // a stack's centre below the hex centre: clear of the name under it
const SHADOW = 1.6; // how far each counter under the top one shows
const FAR = 1.25; // screen pixels per map unit below which the map is "far"
const NEAR = 2.2; // and from which it is "near"
const MARKER_PIXELS = 15; // a far marker's wanted diameter on the screen
const MARK_PIXELS = 10; // and a warning sign's or a base badge's
const BADGE_X = 0.74; // a base badge or a warning sign: this far from the hex centre, sideways
const BADGE_Y = 0.2; // and this far down (a base), clear of the counters and the names

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

/** The transform that puts a mark's (0, 0) at (x, y). */
function placed(x, y) {
  return `translate(${x.toFixed(2)},${y.toFixed(2)})`;
}

function hexPoints(x, y, r = RADIUS) {
  return CORNERS.map(([cx, cy]) => `${(x + cx * r).toFixed(2)},${(y + cy * r).toFixed(2)}`).join(" ");
}

/** The zoom class of a scale (screen pixels per map unit). */
export function zoomClass(perUnit) {
  if (perUnit < FAR) return "far";
  return perUnit < NEAR ? "mid" : "near";
}

export class HexMap {
  /** ``board`` is client_data.board; ``onTap(hexId, unitId, how)`` is called for a tap on the map
   * or Enter on a focused target (``how.keyboard``); ``onPoint(hexId)`` when the pointer enters a
   * target (null when it leaves). */
  constructor(svg, board, onTap, onPoint = () => {}) {
    this.svg = svg;
    this.board = board;
    this.onTap = onTap;
    this.onPoint = onPoint;
    this.hexes = new Map(board.hexes.map((hex) => [hex.id, { ...hex, cx: hex.x * RADIUS, cy: hex.y * RADIUS }]));
    this.layers = {};
    for (const name of LAYERS) this.layers[name] = s("g", { class: `layer layer-${name}` });
    fill(svg, s("rect", { class: "sea", x: -1e4, y: -1e4, width: 3e4, height: 3e4 }), Object.values(this.layers));
    this.drawTerrain();
    this.drawHexsides();
    this.drawSymbols();
    this.panzoom = new PanZoom(svg, this.extent(), (target) => this.tapped(target), () => this.viewChanged());
    this.viewChanged();
    svg.addEventListener("keydown", (event) => this.keyed(event));
    svg.addEventListener("focusin", (event) => this.focused(event));
    svg.addEventListener("pointerover", (event) => this.pointed(event));
    svg.addEventListener("pointerout", (event) => event.target.closest && event.target.closest(".target, .stack.has-target") && this.onPoint(null));
  }

  pointed(event) {
    const element = event.target.closest ? event.target.closest(".target, .stack.has-target") : null;
    if (element) this.onPoint(element.dataset.hex);
  }

  centre(hexId) {
    const hex = this.hexes.get(hexId);
    return hex ? { x: hex.cx, y: hex.cy } : null;
  }

  extent(ids = null) {
    const xs = [];
    const ys = [];
    for (const hex of ids ? ids.map((id) => this.hexes.get(id)).filter(Boolean) : this.hexes.values()) {
      xs.push(hex.cx);
      ys.push(hex.cy);
    }
    if (!xs.length) return { x: 0, y: 0, w: 100, h: 100 };
    const x = Math.min(...xs) - RADIUS;
    const y = Math.min(...ys) - RADIUS;
    return { x, y, w: Math.max(...xs) + RADIUS - x, h: Math.max(...ys) + RADIUS - y };
  }

  tapped(target, how = {}) {
    const element = target && target.closest ? target.closest("[data-hex]") : null;
    if (!element) return;
    const unit = target.closest("[data-unit]");
    this.onTap(element.dataset.hex, unit ? unit.dataset.unit : null, how);
  }

  keyed(event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    if (!event.target.closest || !event.target.closest("[tabindex]")) return;
    event.preventDefault();
    this.tapped(event.target, { keyboard: true });
  }

  focused(event) {
    const element = event.target.closest ? event.target.closest("[data-hex]") : null;
    if (element) this.reveal(element.dataset.hex);
  }

  /** Whether the hex is well inside the screen: clear of the edges and of the map's buttons. */
  inside(hex) {
    const view = this.panzoom.view;
    const mx = Math.max(RADIUS, view.w * 0.12);
    const my = Math.max(RADIUS, view.h * 0.12);
    return hex.cx > view.x + mx && hex.cx < view.x + view.w - mx && hex.cy > view.y + my && hex.cy < view.y + view.h - my;
  }

  /** Pan so that the hex (a target reached with Tab), or every hex of a list (a path), is well
   * inside the screen, if it is not; a list that does not fit, or that the far zoom shows too
   * small to read, is fitted. */
  reveal(ids) {
    const hexes = (Array.isArray(ids) ? ids : [ids]).map((id) => this.hexes.get(id)).filter(Boolean);
    if (hexes.length > 1 && this.svg.dataset.zoom === "far") {
      this.focus(hexes.map((hex) => hex.id));
      return;
    }
    if (!hexes.length || hexes.every((hex) => this.inside(hex))) return;
    if (hexes.length === 1) {
      this.panzoom.centreOn(hexes[0].cx, hexes[0].cy);
      return;
    }
    const box = this.extent(hexes.map((hex) => hex.id));
    const view = this.panzoom.view;
    if (box.w < view.w * 0.7 && box.h < view.h * 0.7) this.panzoom.centreOn(box.x + box.w / 2, box.y + box.h / 2);
    else this.focus(hexes.map((hex) => hex.id));
  }

  /** The zoom class and the far markers' scale, after every pan, zoom or resize. */
  viewChanged() {
    if (!this.panzoom) return; // the first fit, before the constructor has it
    const perUnit = 1 / this.panzoom.scale();
    const zoom = zoomClass(perUnit);
    if (this.svg.dataset.zoom !== zoom) this.svg.dataset.zoom = zoom;
    const wanted = MARKER_PIXELS / (16 * perUnit); // a marker is 16 map units across at scale 1
    this.svg.style.setProperty("--marker-scale", Math.min(2, Math.max(1, wanted)).toFixed(3));
    // a warning sign or a base badge (about 9 map units across) stays MARK_PIXELS wide when far
    const mark = MARK_PIXELS / (9 * perUnit);
    this.svg.style.setProperty("--mark-scale", Math.min(3, Math.max(1, mark)).toFixed(3));
  }

  // -- static layers ------------------------------------------------------------------------
  drawTerrain() {
    const polygons = [];
    for (const hex of this.hexes.values()) {
      const offMap = hex.areas.includes("off_map");
      polygons.push(
        s("polygon", {
          class: `hex terrain-${hex.terrain}${offMap ? " off-map" : ""}`,
          points: hexPoints(hex.cx, hex.cy),
          fill: TERRAIN[hex.terrain] || "#eeeeee",
          dataset: { hex: hex.id },
        }),
      );
    }
    fill(this.layers.terrain, polygons);
  }

  /** Real coastlines under the printed board (``lines`` from the game's backdrop, in the board's
   * frame): one path per kind. */
  drawBackdrop(lines) {
    const paths = new Map();
    for (const line of lines) {
      const d = line.points.map(([x, y], k) => `${k ? "L" : "M"}${(x * RADIUS).toFixed(1)} ${(y * RADIUS).toFixed(1)}`);
      paths.set(line.kind, [...(paths.get(line.kind) || []), d.join("")]);
    }
    fill(
      this.layers.backdrop,
      [...paths].map(([kind, parts]) => s("path", { class: `backdrop-${kind}`, d: parts.join("") })),
    );
  }

  showBackdrop(shown) {
    this.layers.backdrop.style.display = shown ? "" : "none";
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

  drawHexsides() {
    const lines = [];
    for (const side of this.board.hexsides || []) {
      const kind = ["impassable_land", "route", "unplayable_sea"].find((flag) => side.flags.includes(flag));
      if (!kind) continue;
      const ends = this.hexside(side.a, side.b);
      if (ends) lines.push(s("line", { class: `hexside side-${kind}`, ...ends }));
    }
    fill(this.layers.sides, lines);
  }

  drawSymbols() {
    const marks = [];
    for (const hex of this.hexes.values()) {
      const { cx, cy } = hex;
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
    for (const hex of this.hexes.values()) {
      ids.push(s("text", { class: "hex-id", x: hex.cx, y: hex.cy - RADIUS * 0.62 }, hex.id));
      const shown = name(hex);
      if (!shown) continue;
      const long = shown.length > (/[\u3040-\u9fff]/.test(shown) ? 6 : 12);
      const attrs = { class: long ? "hex-name long" : "hex-name", x: hex.cx, y: hex.cy + RADIUS * 0.8, dataset: { place: hex.id } };
      names.push(s("text", attrs, shown));
    }
    fill(this.layers.ids, ids);
    fill(this.layers.names, names);
  }

  // -- dynamic layers -----------------------------------------------------------------------
  /** ``scene`` = {stacks: Map(hex -> [{unit, flags}]), control: {hex: side}, targets: Map(hex ->
   * actions), battles: [hex], moves: [[hex, ...]], warned: Map(hex -> "all"|"some"), bases: {ports, airfields} or
   * null, selected: hex|null, lang, label(kind, hex, detail): the accessible name of a target} */
  update(scene) {
    this.drawControl(scene.control || {});
    this.drawMoves(scene.moves || []);
    this.drawBattles(scene.battles || []);
    this.drawUnits(scene.stacks, scene);
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

  /** The warning sign of each target hex whose actions (or its units') have consequences. */
  drawWarnings(warned) {
    const marks = [];
    for (const [id, level] of warned) {
      const hex = this.hexes.get(id);
      if (!hex) continue;
      const at = placed(hex.cx - BADGE_X * RADIUS, hex.cy - 0.2 * RADIUS);
      const sign = warnMark({ transform: level === "all" ? "scale(0.75)" : "scale(0.6)" });
      marks.push(s("g", { class: `warned-hex warned-${level}`, transform: at, dataset: { warned: id, level } }, s("g", { class: "mark-body" }, sign)));
    }
    fill(this.layers.marks, marks);
  }

  /** The path a move will take (``path``: hex ids, start first), or nothing. */
  plan(path) {
    const points = (path || []).map((id) => this.centre(id)).filter(Boolean);
    if (points.length < 2) {
      fill(this.layers.plan);
      return;
    }
    const line = points.map((p) => `${p.x},${p.y}`).join(" ");
    const steps = points.slice(1, -1).map((p) => s("circle", { class: "plan-step", cx: p.x, cy: p.y, r: 2.2 }));
    const arrows = points.slice(1).map((p, k) => {
      const from = points[k];
      const angle = (Math.atan2(p.y - from.y, p.x - from.x) * 180) / Math.PI;
      const at = `translate(${((from.x + p.x) / 2).toFixed(2)},${((from.y + p.y) / 2).toFixed(2)}) rotate(${angle.toFixed(1)})`;
      return s("polygon", { class: "plan-arrow", points: "2.6,0 -1.8,-2.4 -1.8,2.4", transform: at });
    });
    const end = points[points.length - 1];
    fill(
      this.layers.plan,
      s(
        "g",
        { class: "plan", dataset: { path: path.join(" ") } },
        s("polyline", { class: "plan-casing", points: line }),
        s("polyline", { class: "plan-path", points: line }),
        s("circle", { class: "plan-start", cx: points[0].x, cy: points[0].y, r: 2.6 }),
        steps,
        arrows,
        s("circle", { class: "plan-end", cx: end.x, cy: end.y, r: RADIUS * 0.78 }),
      ),
    );
  }

  /** Each controlled land hex tinted in its controller's colour, with a small flag. */
  drawControl(control) {
    const marks = [];
    for (const [hexId, side] of Object.entries(control)) {
      const hex = this.hexes.get(hexId);
      if (!hex || hex.terrain === "ocean") continue;
      const flag = { x: hex.cx - RADIUS * 0.62, y: hex.cy - RADIUS * 0.7 };
      marks.push(
        s(
          "g",
          { class: `control control-${side}`, dataset: { control: hexId } },
          s("polygon", { class: "control-tint", points: hexPoints(hex.cx, hex.cy, RADIUS * 0.9) }),
          s("rect", { class: "control-flag", x: flag.x, y: flag.y, width: 6, height: 4.2, rx: 0.4 }),
          s("circle", { class: "control-emblem", cx: flag.x + 3, cy: flag.y + 2.1, r: 1.2 }),
        ),
      );
    }
    fill(this.layers.control, marks);
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
        return hex ? s("polygon", { class: "battle-hex", points: hexPoints(hex.cx, hex.cy, RADIUS * 0.92) }) : null;
      }),
    );
  }

  drawUnits(stacks, scene) {
    const groups = [];
    for (const [hexId, entries] of stacks) {
      const hex = this.hexes.get(hexId);
      if (!hex) continue;
      const bySide = new Map();
      for (const entry of entries) {
        if (!bySide.has(entry.unit.side)) bySide.set(entry.unit.side, []);
        bySide.get(entry.unit.side).push(entry);
      }
      const sides = [...bySide.values()];
      sides.forEach((stack, index) => {
        const shift = sides.length > 1 ? (index === 0 ? -0.38 : 0.38) * RADIUS : 0;
        const place = { x: hex.cx + shift, y: hex.cy + STACK_Y, scale: sides.length > 1 ? 0.72 : 1 };
        groups.push(this.stack(hexId, place, stack, scene));
      });
    }
    fill(this.layers.units, groups);
  }

  stack(hexId, place, entries, scene) {
    const top = entries[0];
    const depth = Math.min(entries.length - 1, 2);
    const anyTarget = entries.some((entry) => entry.flags.target);
    const full = [];
    for (let k = depth; k >= 1; k -= 1) {
      const offset = SHADOW * k;
      full.push(s("rect", { class: "stack-shadow", x: -COUNTER / 2 + offset, y: -COUNTER / 2 - offset, width: COUNTER, height: COUNTER, rx: 2 }));
    }
    full.push(counter(top.unit, top.flags, scene.lang));
    if (entries.length > 1) {
      const corner = COUNTER / 2 - 2 + SHADOW * depth;
      full.push(s("circle", { class: anyTarget ? "stack-count has-target" : "stack-count", cx: corner, cy: -corner, r: 4.4 }));
      full.push(s("text", { class: "stack-count-text", x: corner, y: -corner + 1.9 }, entries.length));
    }
    const attrs = {
      class: anyTarget ? "stack has-target" : "stack",
      transform: `translate(${place.x.toFixed(2)},${place.y.toFixed(2)})`,
      dataset: { hex: hexId, stack: entries.length, side: top.unit.side },
    };
    if (anyTarget) Object.assign(attrs, { tabindex: "0", role: "button", "aria-label": scene.label("stack", hexId, entries) });
    const scaled = s("g", { class: "stack-full", transform: `scale(${place.scale})` }, full);
    const far = s("g", { transform: `scale(${place.scale})` }, marker(top.unit.side, entries.length, anyTarget));
    return s("g", attrs, scaled, far);
  }

  drawTargets(targets, scene) {
    const tints = [];
    const overlays = [];
    for (const [hexId, actions] of targets || []) {
      const hex = this.hexes.get(hexId);
      if (!hex) continue;
      const points = hexPoints(hex.cx, hex.cy, RADIUS * 0.94);
      tints.push(s("polygon", { class: `target-tint ${targetClass(actions)}`, points }));
      overlays.push(
        s("polygon", {
          class: `target ${targetClass(actions)}`,
          points,
          tabindex: "0",
          role: "button",
          "aria-label": scene.label("hex", hexId, actions),
          dataset: { hex: hexId, targetHex: hexId, actions: actions.join("|") },
        }),
      );
    }
    fill(this.layers.tints, tints);
    fill(this.layers.targets, overlays);
  }

  select(hexId) {
    const hex = hexId ? this.hexes.get(hexId) : null;
    fill(this.layers.selection, hex ? s("polygon", { class: "selected-hex", points: hexPoints(hex.cx, hex.cy) }) : null);
  }

  /** Bring the hexes ``ids`` into view (the whole map when empty). */
  focus(ids) {
    if (!ids || !ids.length) {
      this.panzoom.fit(this.extent());
      return;
    }
    const box = this.extent(ids);
    const min = RADIUS * 14;
    if (box.w < min) {
      box.x -= (min - box.w) / 2;
      box.w = min;
    }
    if (box.h < min * 0.6) {
      box.y -= (min * 0.6 - box.h) / 2;
      box.h = min * 0.6;
    }
    this.panzoom.fit(box, 0.1);
  }

  zoom(factor) {
    this.panzoom.zoomAt(factor);
  }

  /** The screen position of a hex centre (to place the stack popup), with the hex's radius on
   * the screen (``r``). */
  screenPoint(hexId) {
    const hex = this.hexes.get(hexId);
    if (!hex) return null;
    const rect = this.svg.getBoundingClientRect();
    const k = this.panzoom.scale();
    return { x: rect.left + (hex.cx - this.panzoom.view.x) / k, y: rect.top + (hex.cy - this.panzoom.view.y) / k, r: RADIUS / k };
  }
}
