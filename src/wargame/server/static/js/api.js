// The play server's JSON API (its OpenAPI page is /docs); every refusal becomes an ApiError.
// A seat's token never goes in a URL (URLs end in access logs and Referer headers): a GET sends it
// in the Authorization header, a POST in its JSON body, the WebSocket as its first message.

export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.error) || `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

async function parse(response) {
  let body = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) throw new ApiError(response.status, body);
  return body;
}

export async function getJSON(url, token) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  return parse(await fetch(url, { headers }));
}

export async function postJSON(url, payload) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(payload),
  });
  return parse(response);
}

export function query(params) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.set(name, value);
  }
  return search.toString();
}

export const api = {
  catalog: () => getJSON("/api/catalog"),
  about: (game) => getJSON(`/api/about/${encodeURIComponent(game)}`),
  create: (request) => postJSON("/api/games", request),
  // the games this browser holds, each with one of its tokens (in the body, never in a URL)
  summaries: (games, lang) => postJSON("/api/games/summaries", { games, lang }),
  rematch: (id, token) => postJSON(`/api/games/${id}/rematch`, { token }),
  // log_from (optional): only the log entries from that index on (a page; see play.js withWholeLog)
  game: (id, token, lang, log_from) => getJSON(`/api/games/${id}?${query({ lang, log_from })}`, token),
  // static data and backdrop: the URLs a game's body names (one per kind of game, shared)
  staticData: (url) => getJSON(url),
  backdrop: (url) => getJSON(url),
  act: (id, lang, token, version, action, log_from) =>
    postJSON(`/api/games/${id}/actions?${query({ lang, log_from })}`, { token, version, action }),
  undo: (id, lang, token, version, log_from) =>
    postJSON(`/api/games/${id}/undo?${query({ lang, log_from })}`, { token, version }),
  resign: (id, lang, token, version, log_from) =>
    postJSON(`/api/games/${id}/resign?${query({ lang, log_from })}`, { token, version }),
  record: (id, token) => getJSON(`/api/games/${id}/record`, token),
  verify: (id, token) => getJSON(`/api/games/${id}/verify`, token),
  replay: (id, token, n, seat, lang) => getJSON(`/api/games/${id}/replay?${query({ n, seat, lang })}`, token),
};

/** The WebSocket of a game for one viewer who has the first log_from log lines (the server then
 * sends each message only the lines after those it sent before); it names the viewer's token in
 * its first message, as a browser cannot send a header with it. */
export function openSocket(id, token, lang, log_from) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/api/games/${id}/ws?${query({ lang, log_from })}`);
  socket.addEventListener("open", () => socket.send(JSON.stringify({ token })));
  return socket;
}
