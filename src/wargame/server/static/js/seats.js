// The seat links this browser holds, kept in localStorage so that one browser can hold several
// seats of a game (hot-seat) and come back to them later.
//
// wargame.games = {gameId: {game, scenario, created, seats: {side: token}, spectator: token,
//                  rematch_of: gameId}}
import { t } from "./i18n.js";

const KEY = "wargame.games";

function readAll() {
  try {
    return JSON.parse(localStorage.getItem(KEY)) || {};
  } catch {
    return {};
  }
}

function writeAll(games) {
  localStorage.setItem(KEY, JSON.stringify(games));
}

export function allGames() {
  return readAll();
}

export function gameSeats(gameId) {
  return readAll()[gameId] || null;
}

/** Remember the links of a game just created in the lobby. */
export function rememberCreated(created, game, scenario) {
  const games = readAll();
  const seats = {};
  for (const [side, link] of Object.entries(created.seats)) {
    if (link.token) seats[side] = link.token;
  }
  games[created.id] = {
    game,
    scenario,
    created: new Date().toISOString(),
    seats,
    spectator: created.spectator.token,
  };
  writeAll(games);
}

/** Remember the seats of a rematch (``made``: the server's answer) that this browser takes: for
 * each seat of the old game it holds, the seat that seat's player has in the new game, and the
 * spectator link. The other seats' links are the asker's to send. */
export function rememberRematch(oldId, made) {
  const games = readAll();
  const old = games[oldId] || { seats: {} };
  const seats = {};
  for (const side of Object.keys(old.seats || {})) {
    const now = made.seat_of[side];
    const link = now && made.seats[now];
    if (link && link.token) seats[now] = link.token;
  }
  games[made.id] = {
    game: old.game,
    scenario: old.scenario,
    created: new Date().toISOString(),
    seats,
    spectator: made.spectator.token,
    rematch_of: oldId,
  };
  writeAll(games);
  return games[made.id];
}

/** Remember a token that opened the play page (a link received from another player). */
export function rememberToken(gameId, game, seat, token) {
  const games = readAll();
  const entry = games[gameId] || { game, created: new Date().toISOString(), seats: {} };
  if (seat) entry.seats[seat] = token;
  else entry.spectator = token;
  games[gameId] = entry;
  writeAll(games);
}

export function forget(gameId) {
  const games = readAll();
  delete games[gameId];
  writeAll(games);
}

/** The absolute link of a seat, in ``lang``: the token goes in the fragment, which the browser
 * sends to no server (see tokenOfAddress in play.js). */
export function playLink(gameId, token, lang) {
  return `${location.origin}/play/${gameId}?lang=${lang}#token=${encodeURIComponent(token)}`;
}

/** The rematch's words: two sides swap; three or more move on by one. */
export function rematchWords(sideCount) {
  const suffix = sideCount > 2 ? "_moved" : "";
  return { button: t(`rematch.button${suffix}`), hint: t(`rematch.hint${suffix}`) };
}
