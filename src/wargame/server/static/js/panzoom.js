// Pan and zoom of an <svg> through its viewBox: drag with the mouse or one finger, wheel to zoom
// at the pointer, pinch with two fingers. A press that does not move is a tap, reported with the
// element first pressed (so a drag never clicks a target). ``onView`` is called after every change
// of the view (pan, zoom, resize).
//
// With ``limits`` (a box in map units: the whole drawing) the view stays over the drawing: on
// each axis where the view is smaller than the limits it never leaves them, where it is larger it
// is centred on them (as the whole map is at rest), and it is never wider than the whole map's
// fit; so no pan, zoom or resize shows more empty paper beyond the drawing's edge than the map
// shows at rest. Without them the view goes anywhere (a hex map's sea runs on past its edge).

const TAP_SLOP = 6; // pixels a press may move and still be a tap
const MIN_WIDTH = 60; // map units: the closest zoom
const WHEEL_SPEED = 0.0015;
const FIT_MARGIN = 0.03; // of the box fitted, on each side

/** Where a view's side starting at ``start``, ``size`` long, goes over a drawing's side starting
 * at ``from``, ``length`` long: inside it if it is shorter, else centred on it. */
function within(start, size, from, length) {
  if (size >= length) return from + (length - size) / 2;
  return Math.min(from + length - size, Math.max(from, start));
}

export class PanZoom {
  constructor(svg, bounds, onTap, onView = () => {}, limits = null) {
    this.svg = svg;
    this.bounds = bounds; // {x, y, w, h} of the whole drawing
    this.limits = limits;
    this.onTap = onTap;
    this.onView = onView;
    this.pointers = new Map();
    this.view = { ...bounds };
    this.gesture = null;
    svg.addEventListener("pointerdown", (e) => this.down(e));
    svg.addEventListener("pointermove", (e) => this.move(e));
    svg.addEventListener("pointerup", (e) => this.up(e));
    svg.addEventListener("pointercancel", (e) => this.cancel(e));
    svg.addEventListener("wheel", (e) => this.wheel(e), { passive: false });
    new ResizeObserver(() => this.apply()).observe(svg);
    this.fit(bounds);
  }

  /** Show the box {x, y, w, h} whole, centred. */
  fit(box, margin = FIT_MARGIN) {
    const width = this.fitWidth(box, margin);
    const aspect = this.aspect();
    const cx = box.x + box.w / 2;
    const cy = box.y + box.h / 2;
    this.view = { x: cx - width / 2, y: cy - (width * aspect) / 2, w: width, h: width * aspect };
    this.apply();
  }

  /** The width of the view that shows the box whole with the margin around it. */
  fitWidth(box, margin = FIT_MARGIN) {
    const grow = 1 + 2 * margin;
    return Math.max(MIN_WIDTH, box.w * grow, (box.h * grow) / this.aspect());
  }

  aspect() {
    const rect = this.svg.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0 ? rect.height / rect.width : 0.66;
  }

  apply() {
    const aspect = this.aspect();
    const cy = this.view.y + this.view.h / 2;
    this.view.h = this.view.w * aspect;
    this.view.y = cy - this.view.h / 2;
    if (this.limits) this.keepOver(this.limits, aspect);
    const { x, y, w, h } = this.view;
    this.svg.setAttribute("viewBox", `${x} ${y} ${w} ${h}`);
    this.onView();
  }

  /** Keep the view over the box (see the top of the file). */
  keepOver(box, aspect) {
    const view = this.view;
    const widest = this.fitWidth(box);
    if (view.w > widest) {
      const [cx, cy] = [view.x + view.w / 2, view.y + view.h / 2];
      [view.w, view.h] = [widest, widest * aspect];
      [view.x, view.y] = [cx - view.w / 2, cy - view.h / 2];
    }
    view.x = within(view.x, view.w, box.x, box.w);
    view.y = within(view.y, view.h, box.y, box.h);
  }

  /** Pan, keeping the zoom, so that the map point (x, y) is in the middle. */
  centreOn(x, y) {
    this.view = { ...this.view, x: x - this.view.w / 2, y: y - this.view.h / 2 };
    this.apply();
  }

  /** Map units per screen pixel. */
  scale() {
    const rect = this.svg.getBoundingClientRect();
    return this.view.w / (rect.width || 1);
  }

  toMap(clientX, clientY) {
    const rect = this.svg.getBoundingClientRect();
    const k = this.scale();
    return { x: this.view.x + (clientX - rect.left) * k, y: this.view.y + (clientY - rect.top) * k };
  }

  /** Zoom by ``factor`` (< 1 zooms in) keeping the map point under (clientX, clientY) still. */
  zoomAt(factor, clientX, clientY) {
    const rect = this.svg.getBoundingClientRect();
    const at = this.toMap(clientX ?? rect.left + rect.width / 2, clientY ?? rect.top + rect.height / 2);
    const maxWidth = this.bounds.w * 2;
    const width = Math.min(maxWidth, Math.max(MIN_WIDTH, this.view.w * factor));
    const k = width / this.view.w;
    this.view = {
      x: at.x - (at.x - this.view.x) * k,
      y: at.y - (at.y - this.view.y) * k,
      w: width,
      h: this.view.h * k,
    };
    this.apply();
  }

  wheel(event) {
    event.preventDefault();
    const delta = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
    this.zoomAt(Math.exp(delta * WHEEL_SPEED), event.clientX, event.clientY);
  }

  down(event) {
    if (event.button !== undefined && event.button > 0) return;
    this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    this.svg.setPointerCapture?.(event.pointerId);
    if (this.pointers.size === 1) {
      this.gesture = { kind: "pan", start: { x: event.clientX, y: event.clientY }, view: { ...this.view }, target: event.target, moved: false };
    } else if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      this.gesture = { kind: "pinch", distance: Math.hypot(a.x - b.x, a.y - b.y) || 1, width: this.view.w, moved: true };
    }
  }

  move(event) {
    if (!this.pointers.has(event.pointerId) || !this.gesture) return;
    this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (this.gesture.kind === "pan") this.pan(event);
    else if (this.pointers.size === 2) this.pinch();
  }

  pan(event) {
    const g = this.gesture;
    const dx = event.clientX - g.start.x;
    const dy = event.clientY - g.start.y;
    if (!g.moved && Math.hypot(dx, dy) < TAP_SLOP) return;
    g.moved = true;
    this.svg.classList.add("panning");
    const k = g.view.w / (this.svg.getBoundingClientRect().width || 1);
    this.view = { ...this.view, x: g.view.x - dx * k, y: g.view.y - dy * k };
    this.apply();
  }

  pinch() {
    const [a, b] = [...this.pointers.values()];
    const distance = Math.hypot(a.x - b.x, a.y - b.y) || 1;
    const wanted = (this.gesture.width * this.gesture.distance) / distance;
    this.zoomAt(wanted / this.view.w, (a.x + b.x) / 2, (a.y + b.y) / 2);
  }

  up(event) {
    const g = this.gesture;
    this.pointers.delete(event.pointerId);
    if (this.pointers.size > 0) return;
    this.gesture = null;
    this.svg.classList.remove("panning");
    if (g && g.kind === "pan" && !g.moved) this.onTap(g.target, event);
  }

  cancel(event) {
    this.pointers.delete(event.pointerId);
    if (this.pointers.size === 0) this.gesture = null;
    this.svg.classList.remove("panning");
  }
}
