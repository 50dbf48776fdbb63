// The game page: one seat's (or a spectator's) view of a game, kept current over a websocket.
// The seat's token lives in the link's fragment (#seat=...), which is never sent to the
// server by the browser; this script sends it in the X-Seat-Token header and as the first
// websocket message.
"use strict";

const gameId = document.body.dataset.gameId;
const mode = document.body.dataset.mode;
const $ = (id) => document.getElementById(id);
let current = null;
let events = [];
let socket = null;
let retry = 500;
let fairnessShown = null;
const RETRY_WAIT = 2;
const UNAVAILABLE = "the table's database is briefly unavailable, trying again…";
const COMMITTED =
  "The server drew this game's chance seed in secret when the game was created and shows " +
  "its SHA-256 commitment to every seat from the start. Once the game is over it shows the " +
  "seed and the whole game log, so that anyone can check that every draw came from the " +
  "committed seed.";

function token() {
  const match = /(?:^#|&)seat=([^&]+)/.exec(location.hash);
  return match ? decodeURIComponent(match[1]) : null;
}

function headers() {
  const result = { "Content-Type": "application/json" };
  const seatToken = token();
  if (seatToken) result["X-Seat-Token"] = seatToken;
  return result;
}

class Refusal extends Error {
  // a request the server refused (nothing was changed): its status, reason and, for 429
  // and 503, the seconds it asks us to wait
  constructor(status, detail, retryAfter) {
    super(detail);
    this.status = status;
    this.retryAfter = retryAfter;
  }
}

function parse(raw) {
  // a payload from its JSON text; the seed (given once the game is over) is also kept as
  // the digits sent, since a JavaScript number rounds a seed above 2**53. The payload's
  // own "seed" is its last: only "step" and "steps" may follow it.
  const data = JSON.parse(raw);
  if (data.seed !== undefined && data.seed !== null) {
    const at = raw.lastIndexOf('"seed":');
    const match = at < 0 ? null : /^"seed":(-?[0-9]+)[,}]/.exec(raw.slice(at, at + 40));
    data.seedText = match ? match[1] : String(data.seed);
  }
  return data;
}

async function call(method, path, body) {
  const response = await fetch(path, { method, headers: headers(), body: body ? JSON.stringify(body) : undefined });
  const raw = await response.text();
  if (!response.ok) {
    let detail = `${response.status} ${response.statusText}`;
    try {
      const data = JSON.parse(raw);
      if (data.detail !== undefined) detail = typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail);
    } catch { /* not JSON: the status says it */ }
    const wait = Number(response.headers.get("Retry-After"));
    throw new Refusal(response.status, detail, Number.isFinite(wait) && wait > 0 ? wait : RETRY_WAIT);
  }
  return parse(raw);
}

function say(message, transient = false) {
  // the message line: a refusal's reason stays until the next request; a transient notice
  // (the database away, a reconnection) is cleared as soon as the table answers again
  const line = $("message");
  line.textContent = message;
  line.dataset.transient = transient ? "true" : "";
}

function sleep(seconds) {
  return new Promise((resolve) => setTimeout(resolve, seconds * 1000));
}

async function onceMore(send) {
  // a 503 means the database was away for a moment and nothing was done: say so, wait as
  // asked and send the same request once more
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof Refusal) || error.status !== 503) throw error;
    say(UNAVAILABLE, true);
    await sleep(error.retryAfter);
    return send();
  }
}

function sayFor(error, what) {
  // a refusal in the message line; "wait N s" is cleared once the N seconds are over
  const message = explain(error, what);
  say(message);
  if (error instanceof Refusal && error.status === 429) {
    setTimeout(() => { if ($("message").textContent === message) say(""); }, error.retryAfter * 1000);
  }
}

function explain(error, what) {
  // a refusal in words for the message line
  if (!(error instanceof Refusal)) return `the table could not be reached: ${error.message}`;
  if (error.status === 429) return `too many ${what} at once, wait ${error.retryAfter} s`;
  if (error.status === 503) {
    return `the table's database is still unavailable; nothing was done, try again in a moment (${error.message})`;
  }
  return error.message;
}

function text(tag, content, className) {
  const node = document.createElement(tag);
  node.textContent = content;
  if (className) node.className = className;
  return node;
}

function show(payload) {
  // a payload no newer than the one shown (the websocket and a move's answer both bring
  // the same version) is already on the page
  if (current && payload.step === undefined && payload.version <= current.version) return;
  current = payload;
  events = events.slice(0, payload.events_start).concat(payload.events);
  Object.assign(document.body.dataset, {
    version: payload.version, toMove: payload.to_move || "", seat: payload.seat || "",
    finished: payload.finished,
  });
  $("board").innerHTML = payload.board_svg;
  const seat = payload.seat;
  $("who").textContent = seat ? `You play ${seat}` : "Spectating";
  showStatus(payload);
  showFairness(payload);
  showEvents(payload.events_start);
  if (mode === "play") showControls(payload);
  // a game's own board script (e.g. Tercios's click-on-the-table moves) listens to this
  document.dispatchEvent(new CustomEvent("board-drawn", { detail: payload }));
}

function controllerOf(payload, name) {
  const entry = payload.seats.find((s) => s.name === name);
  return entry && entry.controller !== "human" ? ` (${entry.controller} bot)` : "";
}

function showStatus(payload) {
  const status = $("status");
  status.replaceChildren();
  if (payload.finished) {
    status.append(text("span", "The game is over."));
  } else if (payload.to_move === payload.seat) {
    status.append(text("span", "Your turn", "your-turn"));
  } else {
    status.append(text("span", `To move: ${payload.to_move}${controllerOf(payload, payload.to_move)}`));
  }
  const players = payload.seats.map((s) => `${s.name}: ${s.controller}`).join(" · ");
  status.append(text("span", ` · ${players} · move ${payload.version}`, "players"));
  const result = $("result");
  if (payload.result) {
    const winners = payload.result.winners.length ? payload.result.winners.join(", ") : "nobody";
    result.replaceChildren(text("span", `Winner: ${winners}. ${payload.result.reason || ""}`));
    if (mode === "play") {
      const link = document.createElement("a");
      link.href = `/games/${gameId}/replay${location.hash}`;
      link.textContent = "Replay this game step by step";
      link.id = "replay-link";
      result.append(link);
    }
    result.hidden = false;
  } else {
    result.hidden = true;
  }
}

function shortHash(hex) {
  return `${hex.slice(0, 12)}…`;
}

async function copy(value, note) {
  // copy `value` to the clipboard (or, where the page may not, show it to be selected)
  let copied = false;
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(value);
      copied = true;
    }
  } catch { /* refused: try the old way */ }
  if (!copied) {
    const area = document.createElement("textarea");
    area.value = value;
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    try { copied = document.execCommand("copy"); } catch { copied = false; }
    area.remove();
  }
  note.textContent = copied ? "copied" : `copy it: ${value}`;
  note.hidden = false;
  if (copied) setTimeout(() => { note.hidden = true; }, 2000);
}

async function seedMatches(table, seed, committed) {
  // whether SHA-256("stratagem-seed:<game id>:<seed>") is the commitment shown at the
  // start; null where the browser cannot hash (a page not served from a secure origin)
  if (!window.crypto || !crypto.subtle) return null;
  const bytes = new TextEncoder().encode(`stratagem-seed:${table}:${seed}`);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("") === committed;
}

function showFairness(payload) {
  // the commitment to the chance seed, from the start; once the game is over the seed,
  // checked against it here, and the whole log to check every draw with
  const box = $("fairness");
  const committed = payload.commitment || "";
  const seed = payload.seedText;
  const key = `${committed}|${seed ?? ""}`;
  if (key === fairnessShown) return;
  fairnessShown = key;
  box.replaceChildren();
  box.hidden = !committed;
  if (!committed) return;
  const line = document.createElement("div");
  const label = text("span", "Chance committed: ", "label");
  label.title = COMMITTED;
  const hash = text("button", shortHash(committed), "hash");
  hash.type = "button";
  hash.id = "commitment";
  hash.dataset.full = committed;
  hash.title = `SHA-256 commitment: ${committed}\n(click to copy)`;
  const note = text("span", "", "copy-note");
  note.id = "copy-note";
  note.hidden = true;
  hash.addEventListener("click", () => copy(committed, note));
  line.append(label, hash, note);
  if (seed === undefined) {
    line.append(text("span", " · the secret seed is shown when the game ends, to check every draw", "hint"));
    box.append(line);
    return;
  }
  line.append(text("span", " · Seed: ", "label"));
  const shown = text("code", seed, "seed");
  shown.id = "seed";
  const check = text("span", "", "seed-check");
  check.id = "seed-check";
  line.append(shown, check);
  seedMatches(payload.table, seed, committed).then((same) => {
    if (same === null || fairnessShown !== key) return;
    check.textContent = same ? " ✓ matches the commitment" : " ✗ does not match the commitment!";
    check.className = same ? "seed-check good" : "seed-check bad";
  });
  const log = document.createElement("div");
  log.className = "log-line";
  const link = text("a", "Download the game log");
  link.id = "log-link";
  link.href = `/api/games/${gameId}/log`;
  link.download = `${gameId}.jsonl`;
  const hint = text("span", " · check it with ", "hint");
  hint.append(text("code", "stratagem replay <file>"));
  log.append(link, hint);
  box.append(line, log);
}

function eventItem(event) {
  const item = text("li", event.text);
  item.append(text("span", `§ ${event.rule}`, "rule"));
  return item;
}

function showEvents(start) {
  // the entries before `start` are unchanged; the rest are drawn again
  const list = $("events");
  const keep = Math.min(list.children.length, start);
  while (list.children.length > keep) list.lastElementChild.remove();
  const fresh = events.slice(keep).map(eventItem);
  if (fresh.length) list.append(...fresh);
  const log = list.parentElement;
  log.scrollTop = log.scrollHeight;
}

function groups(legal) {
  const byHead = new Map();
  for (const action of legal) {
    const cut = action.indexOf(": ");
    const head = cut > 0 ? action.slice(0, cut) : "";
    const label = cut > 0 ? action.slice(cut + 2) : action;
    if (!byHead.has(head)) byHead.set(head, []);
    byHead.get(head).push([action, label]);
  }
  return byHead;
}

function showControls(payload) {
  const box = $("actions");
  const filter = $("filter");
  const wanted = filter.value.trim().toLowerCase();
  box.replaceChildren();
  filter.hidden = payload.legal.length < 30;
  for (const [head, actions] of groups(payload.legal)) {
    const group = document.createElement("div");
    group.className = "group";
    if (head) group.append(text("h3", head));
    for (const [action, label] of actions) {
      if (wanted && !action.toLowerCase().includes(wanted)) continue;
      const button = text("button", label);
      button.dataset.action = action;
      button.className = "action";
      button.addEventListener("click", () => act(action));
      group.append(button);
    }
    box.append(group);
  }
  $("takeback").hidden = !payload.can_take_back;
}

async function act(action) {
  say("");
  const version = current.version;
  try {
    show(await onceMore(() => call("POST", `/api/games/${gameId}/actions`, { action, version })));
    say("");
  } catch (error) {
    sayFor(error, "moves");
  }
}

async function takeBack() {
  say("");
  try {
    show(await onceMore(() => call("POST", `/api/games/${gameId}/takeback`)));
    say("");
  } catch (error) {
    sayFor(error, "take-backs");
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/api/games/${gameId}/ws`);
  const state = $("connection");
  let refused = null;
  socket.onopen = () => {
    socket.send(JSON.stringify({ token: token() }));
    state.textContent = "live";
    state.className = "connection live";
    retry = 500;
  };
  socket.onmessage = (message) => {
    const data = parse(message.data);
    if (data.type === "error") {
      refused = data.detail;
    } else {
      if ($("message").dataset.transient) say("");
      show(data);
    }
  };
  socket.onclose = (event) => {
    state.textContent = "reconnecting…";
    state.className = "connection down";
    events = [];
    current = null;
    if (event.code === 1013) {
      // the database is away for a moment (1013: try again later)
      say(UNAVAILABLE, true);
      setTimeout(connect, RETRY_WAIT * 1000);
    } else if (refused !== null) {
      say(refused);
      state.textContent = "";
    } else {
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 5000);
    }
  };
}

async function replayStep(step) {
  try {
    const payload = await call("GET", `/api/games/${gameId}/replay/${step}`);
    events = [];
    show(payload);
    const slider = $("step");
    slider.max = payload.steps;
    slider.value = payload.step;
    $("step-label").textContent = `step ${payload.step} of ${payload.steps}`;
  } catch (error) {
    say(explain(error, "requests"));
  }
}

function startReplay() {
  $("replay-controls").hidden = false;
  $("controls").hidden = true;
  $("connection").textContent = "";
  const at = () => Number($("step").value);
  const last = () => Number($("step").max);
  $("first").onclick = () => replayStep(0);
  $("prev").onclick = () => replayStep(Math.max(0, at() - 1));
  $("next").onclick = () => replayStep(Math.min(last(), at() + 1));
  $("last").onclick = () => replayStep(last());
  $("step").oninput = () => replayStep(at());
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowLeft") $("prev").click();
    if (event.key === "ArrowRight") $("next").click();
  });
  replayStep(0);
}

$("takeback").addEventListener("click", takeBack);
$("filter").addEventListener("input", () => current && showControls(current));
if (mode === "replay") startReplay(); else connect();
