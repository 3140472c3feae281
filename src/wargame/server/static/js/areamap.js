// The area map drawn in SVG from client_data "board" of kind "areas" (Asia Engulfed): each area's
// outline (rings in map units, filled even-odd: seas first, then land, the land in no area of the
// game in grey), the borders the rules read (straits, rivers, impassable boundaries), a square
// marking each port and island box (its islands are too small to click at most zooms), then on
// every state: control tints, contested hatching, the targets, the stacks (one per side on an
// area, at its label point) and the names.
//
// Names keep their size on the screen whatever the zoom, and never collide: after every pan or
// zoom each name takes the first free place beside its area's stacks, or a box's mark (above,
// below, right, left), whole on the screen at the whole map and on the drawing when nearer (so
// that no pan cuts it at the drawing's edge), and is hidden where none is free (boxes and land
// first, then the seas, larger areas first); zooming in brings the hidden ones back.
//
// The view stays over the drawing (the frame and every area's stacks): a pan or zoom never shows
// empty paper beyond its edge that the whole map does not show at rest (panzoom.js). A box's
// mark lies under the targets, the boxes' targets over the others', so that a click on a
// highlighted box's mark reaches its target; a box's target shows its ring (its islands are too
// small to show their outline), drawn round the stack's marker at the far zoom.

import { fill, s } from "./dom.js";
import { COUNTER } from "./counters.js";
import { MapBase, bySide, placed, zoomClass } from "./mapbase.js";
import { piece } from "./blocks.js";

// a box's mark under the targets, so that a click on it reaches the target over it
const LAYERS = ["areas", "bare", "backdrop", "borders", "control", "contested", "tints", "boxes", "targets", "units", "names", "plan", "marks", "selection"];
const NAME_PIXELS = 12; // a name's font size on the screen
const BOX_PIXELS = 9; // a box's square on the screen, at most
const MARK = 6; // a box's square in map units, at scale 1
const STACK_GAP = 0.62; // two sides' stacks on one area: this many counters apart
const MARKER_UNITS = 16; // a far marker's diameter at scale 1 (counters.js)
const STACK_ROOM = COUNTER * 1.3; // a stack's room: its top piece, the ones under it, its count
const RING = COUNTER * 0.75; // a target's ring at its point (map units)
const RING_PIXELS = 4; // at the far zoom, how far a box's ring stands out of its stack's marker
const NAME_ORDER = { port_box: 0, island_box: 1, large: 2, sea: 3 };
// where an area's stacks may stand, in counters from its label point, nearest first
const NUDGES = [[0, 0], ...[1, 1.5, 2, 2.5, 3].flatMap((r) => [[0, r], [r, 0], [-r, 0], [0, -r], [r, r], [-r, r], [r, -r], [-r, -r]])];

function ringsPath(rings) {
  return rings
    .map((ring) => {
      const parts = [];
      for (let k = 0; k < ring.length; k += 2) parts.push(`${k ? "L" : "M"}${ring[k]} ${ring[k + 1]}`);
      return parts.join("") + "Z";
    })
    .join("");
}

function span(rings) {
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const ring of rings) {
    for (let k = 0; k < ring.length; k += 2) {
      left = Math.min(left, ring[k]);
      right = Math.max(right, ring[k]);
      top = Math.min(top, ring[k + 1]);
      bottom = Math.max(bottom, ring[k + 1]);
    }
  }
  return rings.length ? (right - left) * (bottom - top) : 0;
}

/** A text's width in ems: CJK characters a full em, the rest about half. */
function ems(text) {
  return [...text].reduce((sum, char) => sum + (/[\u3000-\u9fff\uff00-\uffef]/.test(char) ? 1 : 0.56), 0);
}

/** The box of an area's stacks standing at ``at`` ({x, y, sides}), each ``size`` across. */
function stackBox(at, size) {
  const width = size + (at.sides > 1 ? STACK_GAP * 2 * COUNTER : 0);
  return { x: at.x - width / 2, y: at.y - size / 2, w: width, h: size };
}

function isBox(area) {
  return ["port_box", "island_box"].includes(area.kind) || area.drawn === "off_map";
}

/** The area two boxes share. */
function overlap(a, b) {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** The smallest box holding both. */
function union(a, b) {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
}

function inside(box, outer) {
  return box.x >= outer.x && box.y >= outer.y && box.x + box.w <= outer.x + outer.w && box.y + box.h <= outer.y + outer.h;
}

function overlaps(a, b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

export class AreaMap extends MapBase {
  /** ``board``: client_data.board; ``colours``: client_data.colours; the rest as MapBase. */
  constructor(svg, board, colours, onTap, onPoint = () => {}) {
    super(svg, LAYERS, "area", onTap, onPoint);
    svg.classList.add("area-map");
    this.board = board;
    this.colours = colours;
    this.areas = new Map(board.areas.map((area) => [area.id, { ...area, cx: area.x, cy: area.y, paths: ringsPath(area.rings), span: span(area.rings) }]));
    this.places = this.areas;
    this.size = COUNTER;
    this.stacksAt = new Map(); // area -> where its stacks stand: {x, y, sides}
    this.shapes = new Map(); // area -> its path on the map (to tell whether a point is inside)
    this.names = [];
    this.ringed = new Set(); // the boxes that are targets: their rings show
    this.drawAreas();
    this.drawBorders();
    this.drawBoxes();
    const whole = union(board.frame, this.extent()); // the frame, and the stacks at its edge
    this.start(whole, whole);
  }

  // -- static layers ------------------------------------------------------------------------
  drawAreas() {
    const paths = [];
    for (const area of this.areas.values()) {
      if (!area.rings.length) continue;
      const terrain = area.terrain ? ` terrain-${area.terrain}` : "";
      const path = s("path", { class: `area area-${area.kind}${terrain}`, d: area.paths, "fill-rule": "evenodd", dataset: { area: area.id } });
      this.shapes.set(area.id, path);
      paths.push(path);
    }
    fill(this.layers.areas, paths);
    fill(this.layers.bare, (this.board.bare_land || []).map((rings) => s("path", { class: "bare-land", d: ringsPath(rings), "fill-rule": "evenodd" })));
  }

  drawBorders() {
    const lines = [];
    for (const border of this.board.borders || []) {
      const d = ringsPath(border.lines).replace(/Z/g, "");
      lines.push(s("path", { class: `border border-${border.kind}`, d, dataset: { border: `${border.a} ${border.b}` } }));
    }
    fill(this.layers.borders, lines);
  }

  /** A square on each port and island box, and each off-map box, that a tap reaches. */
  drawBoxes() {
    const marks = [];
    for (const area of this.areas.values()) {
      if (!["port_box", "island_box"].includes(area.kind) && area.drawn !== "off_map") continue;
      marks.push(s("g", { class: `box-mark box-${area.kind}`, transform: placed(area.cx, area.cy), dataset: { area: area.id } }, s("rect", { class: "box-square", x: -MARK / 2, y: -MARK / 2, width: MARK, height: MARK })));
    }
    fill(this.layers.boxes, marks);
  }

  /** The names in the page's language (``name(area)`` gives it). */
  drawLabels(name) {
    this.names = [];
    const texts = [];
    const order = [...this.areas.values()].sort((a, b) => NAME_ORDER[a.kind] - NAME_ORDER[b.kind] || b.span - a.span);
    for (const area of order) {
      const shown = name(area);
      if (!shown) continue;
      const text = s("text", { class: `area-name name-${area.kind}`, dataset: { place: area.id } }, shown);
      this.names.push({ area, text, ems: ems(shown) });
      texts.push(text);
    }
    fill(this.layers.names, texts);
    this.measureNames();
    this.layoutNames();
  }

  /** Each name's width in ems as the browser sets it (the estimate while the map is not shown,
   * as behind the hot-seat screen: measured once it is). */
  measureNames() {
    this.layers.names.style.fontSize = "100px";
    for (const name of this.names) {
      name.text.classList.remove("crowded"); // laid out again after
      const width = name.text.getComputedTextLength() / 100;
      name.measured = width > 0;
      if (name.measured) name.ems = width;
    }
  }

  viewChanged() {
    super.viewChanged();
    if (!this.panzoom) return;
    const perUnit = 1 / this.panzoom.scale();
    const box = Math.min(MARK, BOX_PIXELS / perUnit) / MARK;
    this.svg.style.setProperty("--box-scale", box.toFixed(3));
    this.svg.style.setProperty("--ring-scale", this.ringScale(perUnit).toFixed(3));
    this.layoutNames();
  }

  /** How much a box's ring grows at this zoom: round its stack's marker at the far zoom. */
  ringScale(perUnit) {
    if (zoomClass(perUnit) !== "far") return 1;
    const marker = (MARKER_UNITS / 2) * (Number(this.svg.style.getPropertyValue("--marker-scale")) || 1);
    return Math.max(1, (marker + RING_PIXELS / perUnit) / RING);
  }

  /** Where the stacks of an area lie at the current zoom (map units), or null. */
  stackBox(area) {
    const at = this.stacksAt.get(area.id);
    if (!at) return null;
    const far = this.svg.dataset.zoom === "far";
    const scale = Number(this.svg.style.getPropertyValue("--marker-scale")) || 1;
    return stackBox(at, far ? MARKER_UNITS * scale : STACK_ROOM);
  }

  /** Where a box's mark lies at the current zoom (map units), or null for another area. */
  markBox(area) {
    if (!isBox(area)) return null;
    const side = MARK * (Number(this.svg.style.getPropertyValue("--box-scale")) || 1);
    return { x: area.cx - side / 2, y: area.cy - side / 2, w: side, h: side };
  }

  /** What an area's name stands beside: its stacks, else a box's mark, and a target box's ring
   * round them. */
  besideOf(area) {
    const box = this.stackBox(area) || this.markBox(area);
    if (!box || !this.ringed.has(area.id)) return box;
    const r = RING * (Number(this.svg.style.getPropertyValue("--ring-scale")) || 1);
    return union(box, { x: area.cx - r, y: area.cy - r, w: 2 * r, h: 2 * r });
  }

  /** Where each area's stacks stand: a box's at its point (its islands are there); a land or
   * sea area's at its label point, or, where a neighbour's stacks already stand there, at the
   * first point nearby inside the area that is clear of them (the least crowded if none is). */
  placeStacks(stacks) {
    this.stacksAt = new Map();
    const order = [...stacks.keys()].map((id) => this.areas.get(id)).filter(Boolean);
    order.sort((a, b) => isBox(b) - isBox(a) || a.span - b.span);
    const taken = [];
    for (const area of order) {
      const sides = bySide(stacks.get(area.id)).length;
      const tries = isBox(area) ? [[0, 0]] : NUDGES;
      const spots = tries.map(([dx, dy]) => ({ x: area.cx + dx * COUNTER, y: area.cy + dy * COUNTER, sides })).filter((at, k) => k === 0 || this.contains(area, at));
      const crowding = (at) => taken.reduce((sum, box) => sum + overlap(stackBox(at, STACK_ROOM), box), 0);
      let at = spots[0];
      let least = crowding(at);
      for (const spot of spots.slice(1)) {
        if (least === 0) break;
        const found = crowding(spot);
        if (found < least) [at, least] = [spot, found];
      }
      this.stacksAt.set(area.id, at);
      taken.push(stackBox(at, STACK_ROOM));
    }
  }

  /** Whether a point lies in the area's outline (true for an area without one). */
  contains(area, at) {
    const path = this.shapes.get(area.id);
    if (!path || !path.isPointInFill) return true;
    return path.isPointInFill(new DOMPoint(at.x, at.y));
  }

  /** Each name at the first place beside its area's stacks (or a box's mark), within the drawing
   * or the view, that no stack or name already takes; hidden where none is free. */
  layoutNames() {
    if (!this.names.length || !this.panzoom) return;
    if (!this.names[0].measured && this.svg.getBoundingClientRect().width > 0) this.measureNames(); // shown at last
    const perUnit = 1 / this.panzoom.scale();
    const size = NAME_PIXELS / perUnit;
    this.layers.names.style.fontSize = `${size.toFixed(2)}px`;
    const room = union(this.panzoom.limits, this.panzoom.view); // at the whole map, its margin too
    const taken = [];
    for (const area of this.areas.values()) {
      const box = this.ringed.has(area.id) ? this.besideOf(area) : this.stackBox(area);
      if (box) taken.push(box);
    }
    for (const { area, text, ems: width } of this.names) {
      const w = width * size + 2 / perUnit;
      const h = size * 1.3; // a glyph box: ascent and descent
      const stack = this.besideOf(area);
      const pad = 1.5 / perUnit;
      const mid = stack && { x: stack.x + stack.w / 2, y: stack.y + stack.h / 2 };
      const candidates = stack
        ? [
            { x: mid.x - w / 2, y: stack.y - h - pad },
            { x: mid.x - w / 2, y: stack.y + stack.h + pad },
            { x: stack.x + stack.w + pad, y: mid.y - h / 2 },
            { x: stack.x - w - pad, y: mid.y - h / 2 },
          ]
        : [
            { x: area.cx - w / 2, y: area.cy - h / 2 },
            { x: area.cx - w / 2, y: area.cy - h - 4 / perUnit },
            { x: area.cx - w / 2, y: area.cy + 4 / perUnit },
          ];
      const free = candidates.map((at) => ({ ...at, w, h })).find((box) => inside(box, room) && !taken.some((other) => overlaps(box, other)));
      text.classList.toggle("crowded", !free);
      if (!free) continue;
      taken.push(free);
      text.setAttribute("x", (free.x + w / 2).toFixed(2));
      text.setAttribute("y", (free.y + size * 0.98).toFixed(2));
    }
  }

  // -- dynamic layers -----------------------------------------------------------------------
  /** ``scene`` (areascene.js): stacks, control, contested, targets, warned, selected, chosen,
   * label, lang. */
  update(scene) {
    this.drawControl(scene.control);
    this.drawContested(scene.contested);
    this.drawUnits(scene.stacks, scene);
    this.drawTargets(scene.targets, scene);
    this.drawWarnings(scene.warned || new Map());
    this.select(scene.selected);
    this.layoutNames();
  }

  overlay(area, attrs) {
    return s("path", { d: area.paths, "fill-rule": "evenodd", ...attrs });
  }

  drawControl(control) {
    const tints = [];
    for (const [id, side] of Object.entries(control)) {
      const area = this.areas.get(id);
      if (!area || area.kind === "sea" || !area.rings.length) continue;
      tints.push(this.overlay(area, { class: `control-area control-${side}`, dataset: { control: id, side } }));
    }
    fill(this.layers.control, tints);
  }

  drawContested(ids) {
    const marks = [];
    for (const id of ids) {
      const area = this.areas.get(id);
      if (!area) continue;
      const ring = s("circle", { class: "contested-box", cx: area.cx, cy: area.cy, r: COUNTER * 0.9 });
      marks.push(area.rings.length ? this.overlay(area, { class: "contested-area", dataset: { contested: id } }) : ring);
    }
    fill(this.layers.contested, marks);
  }

  drawUnits(stacks, scene) {
    const groups = [];
    this.placeStacks(stacks);
    for (const [id, entries] of stacks) {
      const area = this.areas.get(id);
      if (!area) continue;
      const sides = bySide(entries);
      sides.forEach((stack, index) => {
        const shift = sides.length > 1 ? (index === 0 ? -STACK_GAP : STACK_GAP) * COUNTER : 0;
        const spot = this.stacksAt.get(id);
        const at = { x: spot.x + shift, y: spot.y, scale: 1 };
        const draw = (top) => piece(top.unit, top.flags, this.colours, scene.lang);
        groups.push(this.stack(id, at, stack, draw, (all) => scene.label("stack", id, all)));
      });
    }
    fill(this.layers.units, groups);
  }

  /** The boxes' targets drawn last, over the others' (MapBase draws them in this order). */
  drawTargets(targets, scene) {
    this.ringed = new Set([...(targets || new Map()).keys()].filter((id) => isBox(this.areas.get(id) || {})));
    const boxesLast = [...(targets || [])].sort(([a], [b]) => isBox(this.areas.get(a) || {}) - isBox(this.areas.get(b) || {}));
    super.drawTargets(new Map(boxesLast), scene);
  }

  /** A target area's tint and its outline, with a ring at its point that a tap reaches where
   * its islands are too small to (a box's ring is drawn). */
  targetShapes(area, kind, attrs) {
    const ringClass = isBox(area) ? "target-box box-ring" : "target-box";
    const ring = s("g", { class: "target-point", transform: placed(area.cx, area.cy) }, s("circle", { class: ringClass, r: RING }));
    const shape = area.rings.length ? this.overlay(area, { class: "target-shape" }) : null;
    const tint = area.rings.length ? this.overlay(area, { class: `target-tint ${kind}` }) : null;
    return [tint, s("g", { ...attrs, class: `${attrs.class} target-area` }, shape, ring)];
  }

  /** Where an area's warning sign goes: left of its stacks. */
  warningAt(area) {
    return { x: area.cx - COUNTER, y: area.cy };
  }

  select(id) {
    const area = id ? this.areas.get(id) : null;
    fill(this.layers.selection, area && area.rings.length ? this.overlay(area, { class: "selected-area" }) : null);
  }
}
