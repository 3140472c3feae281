// The "fair dice" panel: the commitment to the game's seed that every seat is shown from the
// start (this browser keeps the first one it saw), a warning when somebody chose the seed, and,
// once the game is over, "verify the dice": this browser recomputes the commitment from the seed
// and salt now shown (SHA-256 of the salt's bytes then the seed's 32 bytes), and the server
// replays the record from the seed to recompute every roll, draw and shuffle.

import { api } from "./api.js";
import { fill, h } from "./dom.js";
import { t } from "./i18n.js";

const SEEN = "wargame.commitment."; // + game id: the commitment this browser saw first

/** The commitment this browser saw first for the game (kept from now on if it is the first). */
function firstSeen(gameId, commitment) {
  const key = SEEN + gameId;
  const kept = localStorage.getItem(key);
  if (kept) return kept;
  if (commitment) localStorage.setItem(key, commitment);
  return commitment;
}

function hexBytes(hex) {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

/** SHA-256 of the salt's bytes then the seed's, in hex; null where the browser has no Web Crypto
 * (a page served over plain HTTP from another machine than localhost). */
async function commitmentOf(saltHex, seedHex) {
  if (!globalThis.crypto || !crypto.subtle) return null;
  const digest = await crypto.subtle.digest("SHA-256", hexBytes(saltHex + seedHex));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

function short(hex) {
  return `${hex.slice(0, 12)}…${hex.slice(-6)}`;
}

export class DicePanel {
  /** ``hooks`` = {id, token()} from the play page. */
  constructor(element, hooks) {
    this.element = element;
    this.hooks = hooks;
    this.outcome = null; // the lines of the last verification, kept across redraws
  }

  draw(body) {
    const dice = body.dice;
    if (!dice) return;
    const seen = firstSeen(this.hooks.id, dice.commitment);
    const lines = [h("h2", {}, t("dice.title"))];
    if (!dice.commitment) lines.push(h("p", { class: "hint" }, t("dice.legacy")));
    else lines.push(this.commitmentLine(dice, seen));
    if (dice.seed_chosen) lines.push(h("p", { class: "notice", id: "dice-chosen" }, t("dice.chosen")));
    if (seen && dice.commitment && seen !== dice.commitment) {
      lines.push(h("p", { class: "warning" }, t("dice.changed")));
    }
    if (dice.seed_hex) lines.push(...this.verifyPart(dice, seen));
    fill(this.element, lines);
  }

  commitmentLine(dice, seen) {
    const code = h("code", { title: seen }, short(seen || dice.commitment));
    return h("p", {}, t("dice.commitment"), " ", code, h("br"), h("span", { class: "hint" }, t("dice.commitment_hint")));
  }

  verifyPart(dice, seen) {
    const button = h("button", { type: "button", id: "verify-dice", onclick: () => this.verify(dice, seen) }, t("dice.verify"));
    const facts = h("p", { class: "hint dice-facts" }, `${t("dice.seed")}: `, h("code", {}, dice.seed_hex), h("br"), `${t("dice.salt")}: `, h("code", {}, dice.salt));
    return [button, facts, h("div", { id: "dice-outcome" }, this.outcome || [])];
  }

  async verify(dice, seen) {
    const lines = [];
    const mine = await commitmentOf(dice.salt, dice.seed_hex);
    if (mine === null) lines.push(h("p", { class: "hint" }, t("dice.no_crypto")));
    else lines.push(this.verdict(mine === seen, "dice.browser_ok", "dice.browser_bad"));
    try {
      const found = await api.verify(this.hooks.id, this.hooks.token());
      lines.push(this.verdict(found.ok, "dice.server_ok", "dice.server_bad", found.random));
      for (const problem of found.problems) lines.push(h("p", { class: "warning" }, problem));
    } catch (problem) {
      lines.push(h("p", { class: "warning" }, problem.message));
    }
    this.outcome = lines;
    fill(this.element.querySelector("#dice-outcome"), lines);
  }

  verdict(ok, good, bad, params = {}) {
    return h("p", { class: ok ? "ok" : "warning", dataset: { verdict: ok ? "ok" : "bad" } }, t(ok ? good : bad, params));
  }
}
