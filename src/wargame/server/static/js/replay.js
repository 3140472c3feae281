// Replay of a finished game: step action by action through the game record and see each
// position from either side or as a spectator. Positions come from the server
// (GET /api/games/{id}/replay?n=&seat=), which replays the record with the game's own rules.
// A spectator of a game created with a delay may replay it while it runs, as a spectator, up to
// the position shown to it; the record (which names hidden actions) is not open to it then.
// The bar names the action that led to the position in the words it was offered with (the replay
// body's action.label), never as its bare text.

import { api } from "./api.js";
import { byId, fill, h, toast } from "./dom.js";
import { colon, lang, t } from "./i18n.js";

export class Replay {
  /** ``hooks`` = {id, token(), seat(), sides(), label(action), delay(), showBody(body),
   * redraw(), leave()} from the play page. */
  constructor(hooks) {
    this.hooks = hooks;
    this.active = false;
    this.record = null;
    this.limit = 0; // positions a delayed spectator may see, when there is no record
    this.n = 0;
    this.action = null; // the action that led to position n, in words (the replay body's)
    this.seat = "";
    this.supported = true;
  }

  get total() {
    return this.record ? this.record.actions.length : this.limit;
  }

  async open() {
    const delay = this.hooks.delay();
    if (delay) {
      this.record = null;
      this.limit = delay.shown;
    } else {
      try {
        this.record = await api.record(this.hooks.id, this.hooks.token());
      } catch (problem) {
        toast(problem.message, "error");
        return;
      }
    }
    this.active = true;
    this.seat = this.hooks.seat() || "";
    this.n = this.total;
    await this.go(this.total);
  }

  close() {
    this.active = false;
    fill(byId("replay-bar"));
    byId("replay-bar").hidden = true;
    this.hooks.leave();
  }

  async go(n) {
    this.n = Math.max(0, Math.min(this.total, n));
    if (this.supported) {
      try {
        const body = await api.replay(this.hooks.id, this.hooks.token(), this.n, this.seat, lang());
        this.action = body.action || null;
        this.hooks.showBody(body);
      } catch {
        this.supported = false; // the page keeps the live position; the bar lists the actions
      }
    }
    this.draw();
    this.hooks.redraw();
  }

  refresh() {
    return this.active ? this.go(this.n) : Promise.resolve();
  }

  step(delta) {
    return this.go(this.n + delta);
  }

  actionText(n) {
    if (n <= 0) return t("replay.start");
    const shown = this.action && this.supported ? this.action : null;
    if (!shown && !this.record) return `${n}`;
    const [side, text] = shown ? [shown.side, null] : this.record.actions[n - 1];
    const name = (this.hooks.sides().find((entry) => entry.id === side) || { name: side }).name;
    return `${n}. ${name}${colon()}${shown ? shown.label : this.hooks.label(text)}`;
  }

  viewpoints() {
    const choices = this.record ? this.hooks.sides().map((side) => [side.id, side.name]) : [];
    choices.push(["", t("lobby.spectator")]);
    return h(
      "select",
      {
        id: "replay-seat",
        "aria-label": t("replay.viewpoint"),
        onchange: (event) => {
          this.seat = event.target.value;
          this.go(this.n);
        },
      },
      choices.map(([value, label]) => h("option", { value, selected: value === this.seat }, label)),
    );
  }

  draw() {
    const bar = byId("replay-bar");
    const button = (label, delta, id) => h("button", { type: "button", id, onclick: () => this.step(delta) }, label);
    const slider = h("input", {
      type: "range",
      id: "replay-slider",
      min: 0,
      max: this.total,
      value: this.n,
      onchange: (event) => this.go(Number(event.target.value)),
    });
    fill(
      bar,
      h("strong", {}, t("replay.title")),
      button("|◀", -this.total, "replay-first"),
      button("◀", -1, "replay-back"),
      h("span", { id: "replay-step" }, `${this.n} / ${this.total}`),
      button("▶", 1, "replay-next"),
      button("▶|", this.total, "replay-last"),
      slider,
      h("label", {}, t("replay.viewpoint"), " ", this.viewpoints()),
      h("span", { class: "replay-action", id: "replay-action" }, this.actionText(this.n)),
      this.supported ? null : h("span", { class: "error" }, t("replay.unsupported")),
      h("button", { type: "button", id: "replay-exit", onclick: () => this.close() }, t("replay.exit")),
    );
    bar.hidden = false;
  }
}
