// What every map of the play page shares, whether its places are hexes (map.js) or areas
// (areamap.js): the SVG layers, pan and zoom, taps and keyboard on targets, the zoom class, the
// backdrop of real coastlines, the path of a move, the stacks of counters and bringing places
// into view. A place is named by its id in the data attribute ``data-<key>`` (``data-hex``,
// ``data-area``); ``this.places`` maps each id to its centre {cx, cy}; ``this.size`` is a place's
// radius in map units (a hex's; the room of a stack on an area map).
//
// What the map shows depends on the zoom (the svg's data-zoom, set on every pan and zoom): "far"
// draws each stack as one marker in its side's colour with its count; "mid" draws counters with
// their type and values; "near" adds their names.

import { fill, s } from "./dom.js";
import { COUNTER, marker } from "./counters.js";
import { PanZoom } from "./panzoom.js";
import { warnMark } from "./actions.js";
import { targetClass } from "./targets.js";

const FAR = 1.25; // screen pixels per map unit below which the map is "far"
const NEAR = 2.2; // and from which it is "near"
const MARKER_PIXELS = 15; // a far marker's wanted diameter on the screen
const MARK_PIXELS = 10; // and a warning sign's or a base badge's
const SHADOW = 1.6; // how far each counter under the top one shows

/** The zoom class of a scale (screen pixels per map unit). */
export function zoomClass(perUnit) {
  if (perUnit < FAR) return "far";
  return perUnit < NEAR ? "mid" : "near";
}

/** The transform that puts a mark's (0, 0) at (x, y). */
export function placed(x, y) {
  return `translate(${x.toFixed(2)},${y.toFixed(2)})`;
}

/** A place's entries ({unit, flags}) as one list per side, in the order the sides first come. */
export function bySide(entries) {
  const found = new Map();
  for (const entry of entries) {
    if (!found.has(entry.unit.side)) found.set(entry.unit.side, []);
    found.get(entry.unit.side).push(entry);
  }
  return [...found.values()];
}

export class MapBase {
  /** ``layers``: the names of the SVG groups, bottom first; ``key``: "hex" or "area";
   * ``onTap(placeId, unitId, how)`` is called for a tap on the map or Enter on a focused target
   * (``how.keyboard``); ``onPoint(placeId)`` when the pointer enters a target (null when it
   * leaves). The subclass sets ``this.places`` and draws its static layers, then calls
   * ``start(extent)``. */
  constructor(svg, layers, key, onTap, onPoint) {
    this.svg = svg;
    this.key = key;
    this.onTap = onTap;
    this.onPoint = onPoint;
    this.places = new Map();
    this.size = 20;
    this.markerCap = 2; // how many times its size a far marker may grow to stay MARKER_PIXELS wide
    this.backdropScale = 1;
    this.layers = {};
    for (const name of layers) this.layers[name] = s("g", { class: `layer layer-${name}` });
    fill(svg, s("rect", { class: "sea", x: -1e4, y: -1e4, width: 3e4, height: 3e4 }), Object.values(this.layers));
  }

  /** Pan and zoom over ``extent`` (what "the whole map" shows), kept over ``limits`` if given
   * (panzoom.js). */
  start(extent, limits = null) {
    const svg = this.svg;
    this.panzoom = new PanZoom(svg, extent, (target) => this.tapped(target), () => this.viewChanged(), limits);
    this.viewChanged();
    svg.addEventListener("keydown", (event) => this.keyed(event));
    svg.addEventListener("focusin", (event) => this.focused(event));
    svg.addEventListener("pointerover", (event) => this.pointed(event));
    svg.addEventListener("pointerout", (event) => event.target.closest && event.target.closest(".target, .stack.has-target") && this.onPoint(null));
  }

  placeOf(element) {
    return element.closest ? element.closest(`[data-${this.key}]`) : null;
  }

  pointed(event) {
    const element = event.target.closest ? event.target.closest(".target, .stack.has-target") : null;
    if (element) this.onPoint(element.dataset[this.key]);
  }

  centre(id) {
    const place = this.places.get(id);
    return place ? { x: place.cx, y: place.cy } : null;
  }

  extent(ids = null) {
    const xs = [];
    const ys = [];
    for (const place of ids ? ids.map((id) => this.places.get(id)).filter(Boolean) : this.places.values()) {
      xs.push(place.cx);
      ys.push(place.cy);
    }
    if (!xs.length) return { x: 0, y: 0, w: 100, h: 100 };
    const x = Math.min(...xs) - this.size;
    const y = Math.min(...ys) - this.size;
    return { x, y, w: Math.max(...xs) + this.size - x, h: Math.max(...ys) + this.size - y };
  }

  tapped(target, how = {}) {
    const element = target ? this.placeOf(target) : null;
    if (!element) return;
    const unit = target.closest("[data-unit]");
    this.onTap(element.dataset[this.key], unit ? unit.dataset.unit : null, how);
  }

  keyed(event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    if (!event.target.closest || !event.target.closest("[tabindex]")) return;
    event.preventDefault();
    this.tapped(event.target, { keyboard: true });
  }

  focused(event) {
    const element = this.placeOf(event.target);
    if (element) this.reveal(element.dataset[this.key]);
  }

  /** Whether the place is well inside the screen: clear of the edges and of the map's buttons. */
  inside(place) {
    const view = this.panzoom.view;
    const mx = Math.max(this.size, view.w * 0.12);
    const my = Math.max(this.size, view.h * 0.12);
    return place.cx > view.x + mx && place.cx < view.x + view.w - mx && place.cy > view.y + my && place.cy < view.y + view.h - my;
  }

  /** Pan so that the place (a target reached with Tab), or every place of a list (a path), is
   * well inside the screen, if it is not; a list that does not fit, or that the far zoom shows
   * too small to read, is fitted. */
  reveal(ids) {
    const places = (Array.isArray(ids) ? ids : [ids]).map((id) => [id, this.places.get(id)]).filter(([, place]) => place);
    if (places.length > 1 && this.svg.dataset.zoom === "far") {
      this.focus(places.map(([id]) => id));
      return;
    }
    if (!places.length || places.every(([, place]) => this.inside(place))) return;
    if (places.length === 1) {
      this.panzoom.centreOn(places[0][1].cx, places[0][1].cy);
      return;
    }
    const box = this.extent(places.map(([id]) => id));
    const view = this.panzoom.view;
    if (box.w < view.w * 0.7 && box.h < view.h * 0.7) this.panzoom.centreOn(box.x + box.w / 2, box.y + box.h / 2);
    else this.focus(places.map(([id]) => id));
  }

  /** The zoom class and the far markers' scale, after every pan, zoom or resize. */
  viewChanged() {
    if (!this.panzoom) return; // the first fit, before the constructor has it
    const perUnit = 1 / this.panzoom.scale();
    const zoom = zoomClass(perUnit);
    if (this.svg.dataset.zoom !== zoom) this.svg.dataset.zoom = zoom;
    const wanted = MARKER_PIXELS / (16 * perUnit); // a marker is 16 map units across at scale 1
    this.svg.style.setProperty("--marker-scale", Math.min(this.markerCap, Math.max(1, wanted)).toFixed(3));
    // a warning sign or a base badge (about 9 map units across) stays MARK_PIXELS wide when far
    const mark = MARK_PIXELS / (9 * perUnit);
    this.svg.style.setProperty("--mark-scale", Math.min(3, Math.max(1, mark)).toFixed(3));
  }

  /** Real coastlines under the map (``lines`` from the game's backdrop, in the board's frame
   * times ``backdropScale``): one path per kind. */
  drawBackdrop(lines) {
    const k = this.backdropScale;
    const paths = new Map();
    for (const line of lines) {
      const d = line.points.map(([x, y], n) => `${n ? "L" : "M"}${(x * k).toFixed(1)} ${(y * k).toFixed(1)}`);
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

  /** The path a move will take (``path``: place ids, start first), or nothing. */
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
        s("circle", { class: "plan-end", cx: end.x, cy: end.y, r: this.size * 0.78 }),
      ),
    );
  }

  /** One side's stack on a place: the top counter (``draw(entry)``) over the shadows of the
   * ones under it, their count in a corner, and the far zoom's marker; ``place`` = {x, y,
   * scale, markerScale: the far marker's, if not ``scale``}; ``label(entries)`` names a stack with a legal unit for screen readers; ``colour``,
   * if given, is the far marker's (else the page's style sheet gives the side's). */
  stack(id, place, entries, draw, label, colour = null) {
    const top = entries[0];
    const depth = Math.min(entries.length - 1, 2);
    const anyTarget = entries.some((entry) => entry.flags.target);
    const full = [];
    for (let k = depth; k >= 1; k -= 1) {
      const offset = SHADOW * k;
      full.push(s("rect", { class: "stack-shadow", x: -COUNTER / 2 + offset, y: -COUNTER / 2 - offset, width: COUNTER, height: COUNTER, rx: 2 }));
    }
    full.push(draw(top));
    if (entries.length > 1) {
      const corner = COUNTER / 2 - 2 + SHADOW * depth;
      full.push(s("circle", { class: anyTarget ? "stack-count has-target" : "stack-count", cx: corner, cy: -corner, r: 4.4 }));
      full.push(s("text", { class: "stack-count-text", x: corner, y: -corner + 1.9 }, entries.length));
    }
    const attrs = {
      class: anyTarget ? "stack has-target" : "stack",
      transform: placed(place.x, place.y),
      dataset: { [this.key]: id, stack: entries.length, side: top.unit.side },
    };
    if (anyTarget) Object.assign(attrs, { tabindex: "0", role: "button", "aria-label": label(entries) });
    const scaled = s("g", { class: "stack-full", transform: `scale(${place.scale})` }, full);
    const far = s("g", { transform: `scale(${place.markerScale ?? place.scale})` }, marker(top.unit.side, entries.length, anyTarget, colour));
    return s("g", attrs, scaled, far);
  }

  /** The legal targets: a tint under the counters and an outline over them (its fill
   * transparent, so that it takes the clicks and never changes a counter's colour), both of
   * the shapes the map gives (``targetShapes(place, kind, attrs)``). */
  drawTargets(targets, scene) {
    const tints = [];
    const overlays = [];
    const targetKey = `target${this.key[0].toUpperCase()}${this.key.slice(1)}`;
    for (const [id, actions] of targets || []) {
      const place = this.places.get(id);
      if (!place) continue;
      const kind = targetClass(actions);
      const dataset = { [this.key]: id, [targetKey]: id, actions: actions.join("|") };
      const attrs = { class: `target ${kind}`, tabindex: "0", role: "button", "aria-label": scene.label("hex", id, actions), dataset };
      const [tint, overlay] = this.targetShapes(place, kind, attrs);
      tints.push(tint);
      overlays.push(overlay);
    }
    fill(this.layers.tints, tints);
    fill(this.layers.targets, overlays);
  }

  /** The warning sign of each target place whose actions (or its units') have consequences, at
   * the map's ``warningAt(place)``. */
  drawWarnings(warned) {
    const marks = [];
    for (const [id, level] of warned) {
      const place = this.places.get(id);
      if (!place) continue;
      const at = this.warningAt(place);
      const sign = warnMark({ transform: level === "all" ? "scale(0.75)" : "scale(0.6)" });
      marks.push(s("g", { class: `warned-hex warned-${level}`, transform: placed(at.x, at.y), dataset: { warned: id, level } }, s("g", { class: "mark-body" }, sign)));
    }
    fill(this.layers.marks, marks);
  }

  /** Bring the places ``ids`` into view (the whole map when empty). */
  focus(ids) {
    if (!ids || !ids.length) {
      this.panzoom.fit(this.panzoom.bounds);
      return;
    }
    const box = this.extent(ids);
    const min = this.size * 14;
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

  /** The screen position of a place's centre (to place the stack popup), with the place's
   * radius on the screen (``r``). */
  screenPoint(id) {
    const place = this.places.get(id);
    if (!place) return null;
    const rect = this.svg.getBoundingClientRect();
    const k = this.panzoom.scale();
    return { x: rect.left + (place.cx - this.panzoom.view.x) / k, y: rect.top + (place.cy - this.panzoom.view.y) / k, r: this.size / k };
  }
}
