// The side panel as a bottom sheet on a phone held upright (CSS decides when: play.css): a handle
// on its top edge drags it up or down, and it settles at the nearest of three heights ("low": the
// prompt; "half"; "full": the hand and everything else). A tap on the handle, or Enter, moves it
// to the next height. Elsewhere the panel is a column and the handle is hidden.

const STATES = ["low", "half", "full"];
const HEIGHTS = { low: 0.3, half: 0.52, full: 0.88 }; // of the window's height
const TAP_SLOP = 6;
const KEPT = "wargame.sheet";

export class Sheet {
  constructor(panel, handle) {
    this.panel = panel;
    this.handle = handle;
    this.drag = null;
    this.set(sessionStorage.getItem(KEPT) || "half");
    handle.addEventListener("pointerdown", (event) => this.down(event));
    handle.addEventListener("pointermove", (event) => this.move(event));
    handle.addEventListener("pointerup", (event) => this.up(event));
    handle.addEventListener("pointercancel", () => this.settle(this.panel.offsetHeight));
    handle.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        this.next();
      }
    });
  }

  set(state) {
    this.panel.dataset.sheet = state;
    this.panel.style.height = "";
    this.handle.setAttribute("aria-expanded", String(state === "full"));
    sessionStorage.setItem(KEPT, state);
  }

  next() {
    this.set(STATES[(STATES.indexOf(this.panel.dataset.sheet) + 1) % STATES.length]);
  }

  /** At least ``state`` high (a new decision raises a lowered sheet to show its prompt). */
  atLeast(state) {
    if (STATES.indexOf(this.panel.dataset.sheet) < STATES.indexOf(state)) this.set(state);
  }

  down(event) {
    this.handle.setPointerCapture?.(event.pointerId);
    this.drag = { y: event.clientY, height: this.panel.offsetHeight, moved: false };
  }

  move(event) {
    if (!this.drag) return;
    const dy = event.clientY - this.drag.y;
    if (!this.drag.moved && Math.abs(dy) < TAP_SLOP) return;
    this.drag.moved = true;
    const height = Math.min(window.innerHeight * HEIGHTS.full, Math.max(48, this.drag.height - dy));
    this.panel.style.height = `${height}px`;
  }

  up(event) {
    const drag = this.drag;
    this.drag = null;
    if (!drag) return;
    if (!drag.moved) this.next();
    else this.settle(drag.height - (event.clientY - drag.y));
  }

  /** The state whose height is nearest to ``height`` pixels. */
  settle(height) {
    this.drag = null;
    const share = height / window.innerHeight;
    const nearest = STATES.reduce((best, state) => (Math.abs(HEIGHTS[state] - share) < Math.abs(HEIGHTS[best] - share) ? state : best));
    this.set(nearest);
  }
}
