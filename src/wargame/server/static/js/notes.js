// A seat's private notes on a game: kept in this browser's localStorage under the game and the
// seat (wargame.notes.<game>.<seat>), never sent anywhere. The text box is drawn once per game and
// seat, not on every change of the game, so that typing is never interrupted.

import { fill, h } from "./dom.js";
import { t } from "./i18n.js";

const PREFIX = "wargame.notes.";

function key(gameId, seat) {
  return `${PREFIX}${gameId}.${seat}`;
}

export function readNotes(gameId, seat) {
  return localStorage.getItem(key(gameId, seat)) || "";
}

/** Forget the notes of a game (every seat's), when the lobby forgets the game. */
export function forgetNotes(gameId) {
  for (const name of Object.keys(localStorage)) {
    if (name.startsWith(`${PREFIX}${gameId}.`)) localStorage.removeItem(name);
  }
}

/** The notes of ``ctx.seat`` in ``box``; hidden for spectators and in replays. */
export function drawNotes(box, ctx, gameId) {
  const owner = ctx.seat && !ctx.replaying ? `${gameId}|${ctx.seat}|${ctx.lang}` : "";
  if (box.dataset.owner === owner) return;
  box.dataset.owner = owner;
  box.hidden = !owner;
  if (!owner) {
    fill(box);
    return;
  }
  const area = h("textarea", { id: "notes", rows: 4, "aria-describedby": "notes-privacy" });
  area.value = readNotes(gameId, ctx.seat);
  area.addEventListener("input", () => localStorage.setItem(key(gameId, ctx.seat), area.value));
  fill(
    box,
    h("h2", {}, h("label", { for: "notes" }, t("notes.title", { side: ctx.sideName(ctx.seat) }))),
    area,
    h("p", { class: "hint", id: "notes-privacy" }, t("notes.private")),
  );
}
