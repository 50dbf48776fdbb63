// The game page: one seat's (or a spectator's) view of a game, kept current over a websocket.
// The seat's token lives in the link's fragment (#seat=...), which is never sent to the
// server by the browser; this script sends it in the X-Seat-Token header and as the first
// websocket message. The creator's token (#creator=..., or remembered with the game) is
// sent only in X-Creator-Token, for the creator's own requests.
//
// Besides the board and the actions: the game's chat, the players and their moves, a
// creator's panel (new links, absent seats to a bot), resign and rematch, turn alerts
// (title, favicon, notification and beep), details of anything on the board on a tap,
// every seat's board once the game is over, and "look back" through the game's past.
"use strict";

const gameId = document.body.dataset.gameId;
const mode = document.body.dataset.mode;
const $ = (id) => document.getElementById(id);
const PAGE_TITLE = document.title;
let live = null;          // the latest payload of the live game
let liveEvents = [];      // its whole event log, as this seat may read it
let shown = null;         // the payload on the screen (live, or a step of the past)
let socket = null;
let retry = 500;
let fairnessShown = null;
let revealedShown = null;
let chatLines = [];
let looking = false;      // looking back at the past of a running game
let wantedStep = null;
let knownSteps = null;
let wasMyTurn = false;
let audio = null;
const pastSteps = new Map();
const RETRY_WAIT = 2;
const UNAVAILABLE = "the table's database is briefly unavailable, trying again…";
const COMMITTED =
  "The server drew this game's chance seed in secret when the game was created and shows " +
  "its SHA-256 commitment to every seat from the start. Once the game is over it shows the " +
  "seed and the whole game log, so that anyone can check that every draw came from the " +
  "committed seed.";

// -- the games this browser remembers (shared with the lobby's "Your games") -------------

const STORE = "stratagem.games";
const ALERTS = "stratagem.alerts";

function remembered() {
  try {
    const list = JSON.parse(localStorage.getItem(STORE) || "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

function remember(entry) {
  // add or update one seat (or, with seat null, the creator's own entry) of a game; a
  // creator token is kept with every entry of its game
  const list = remembered();
  const same = (e) => e.id === entry.id && (e.seat || null) === (entry.seat || null);
  const old = list.find(same) || {};
  const creator = entry.creator || old.creator || (list.find((e) => e.id === entry.id && e.creator) || {}).creator;
  const merged = { ...old, ...entry, creator: creator || null, at: Date.now() };
  const kept = list.filter((e) => !same(e));
  for (const e of kept) if (e.id === entry.id && creator) e.creator = creator;
  kept.push(merged);
  try { localStorage.setItem(STORE, JSON.stringify(kept)); } catch { /* storage off: forget */ }
}

function fragment(name) {
  const match = new RegExp(`(?:^#|&)${name}=([^&]+)`).exec(location.hash);
  return match ? decodeURIComponent(match[1]) : null;
}

function token() {
  return fragment("seat");
}

function creatorToken() {
  const given = fragment("creator");
  if (given) return given;
  const entry = remembered().find((e) => e.id === gameId && e.creator);
  return entry ? entry.creator : null;
}

function seatLink(id, seatToken) {
  return `/games/${id}#seat=${encodeURIComponent(seatToken)}`;
}

function rememberPage(payload) {
  // the seat's link (or the creator's) is remembered for the lobby's "Your games"
  const seatToken = token();
  const creator = fragment("creator");
  if (seatToken && payload.seat) {
    remember({ id: gameId, seat: payload.seat, token: seatToken, title: payload.title, game: payload.game });
  } else if (creator) {
    remember({ id: gameId, seat: null, token: null, title: payload.title, game: payload.game, creator });
  }
}

// -- requests ---------------------------------------------------------------------------

function headers(extra = {}) {
  const result = accountHeaders({ "Content-Type": "application/json", ...extra });
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
  // own "seed" is the last one in its text but for the table facts, which hold no seed.
  const data = JSON.parse(raw);
  if (data && data.seed !== undefined && data.seed !== null) {
    const at = raw.lastIndexOf('"seed":');
    const match = at < 0 ? null : /^"seed":(-?[0-9]+)[,}]/.exec(raw.slice(at, at + 40));
    data.seedText = match ? match[1] : String(data.seed);
  }
  return data;
}

async function call(method, path, body, extra = {}) {
  await account.ready; // signed in: the CSRF token is known before any change is sent
  const init = { method, headers: headers(extra), body: body ? JSON.stringify(body) : undefined };
  const response = await fetch(path, init);
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
  return raw ? parse(raw) : null;
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

function sayFor(error, what, line = "message") {
  // a refusal in a message line; "wait N s" is cleared once the N seconds are over
  const message = explain(error, what);
  const box = $(line);
  if (line === "message") say(message); else box.textContent = message;
  if (error instanceof Refusal && error.status === 429) {
    setTimeout(() => { if (box.textContent === message) box.textContent = ""; }, error.retryAfter * 1000);
  }
}

function explain(error, what) {
  // a refusal in words for a message line
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

function button(label, onClick, className) {
  const node = text("button", label, className);
  node.type = "button";
  node.addEventListener("click", onClick);
  return node;
}

// -- what the page shows ----------------------------------------------------------------

function onLive(payload) {
  // a payload of the live game (from the websocket: a move's answer brings only its
  // version); one no newer than the one had is had already
  if (live && payload.version <= live.version) return;
  liveEvents = liveEvents.slice(0, payload.events_start).concat(payload.events);
  live = payload;
  if (sendingAt === null && payload.version >= acknowledged) document.body.dataset.sending = "";
  pastSteps.clear();  // a take-back may have changed the past
  Object.assign(document.body.dataset, {
    version: payload.version, toMove: payload.to_move || "", seat: payload.seat || "",
    finished: payload.finished, game: payload.game,
  });
  rememberPage(payload);
  markTurn(payload);
  showTable(payload);
  if (looking) {
    showLookBackLabel();
    return;
  }
  render(payload, liveEvents, payload.events_start);
}

function render(payload, list, start) {
  // draw ``payload`` (live or past) with its event log ``list``, whose first ``start``
  // entries are on the page already
  shown = payload;
  const held = focusedThing();
  $("board").innerHTML = payload.board.join("");
  applyZoom();
  reachable($("board"), `the board of ${payload.title}${payload.step === undefined ? "" : ` at step ${payload.step}`}`);
  refocusThing(held);
  showStatus(payload);
  showPrompt(payload);
  showResult(payload);
  showFairness(payload);
  showRevealed(payload);
  showEvents(list, start);
  if (mode === "play") showControls(payload);
  refreshDetails();
  if (mode === "play") { focusBar(); autoAnswer(payload); }
  // a game's own board script (e.g. Tercios's click-on-the-table moves) listens to this
  document.dispatchEvent(new CustomEvent("board-drawn", { detail: payload }));
}

function showTable(payload) {
  // what belongs to the live table whatever is on the board: who sits where, the open
  // seats, the rematch, the creator's panel
  const seat = payload.seat;
  $("who").textContent = seat ? `You play ${seat}` : "Spectating";
  $("copy-link").hidden = !(seat && token());
  $("own-link").hidden = !mySeatIsAPerson(payload);
  showTableLog(payload);
  showAlertsButton();
  showPlayers(payload);
  showWaiting(payload);
  showRematch(payload);
  showCreator();
}

let tableLogSeen = null;  // how many table-log lines this page has shown (null: none yet)

function showTableLog(payload) {
  // the public lines of the changes at the table: seats taken, new links, resignations,
  // hand-overs to a bot, rematches and take-backs; a new one is also said at once
  const lines = payload.table_log || [];
  const fresh = tableLogSeen !== null && lines.length > tableLogSeen;
  if (fresh && !$("message").textContent) say(lines[lines.length - 1].text, true);
  tableLogSeen = lines.length;
  $("table-log-panel").hidden = !lines.length;
  const named = (line) => {
    const player = line.seat ? playerOf(payload, line.seat) : null;
    if (!player) return line.text;
    return line.what === "joined" ? `${player} took the seat ${line.seat}` : `${line.text} (${line.seat}: ${player})`;
  };
  $("table-log").replaceChildren(...lines.map((line) => text("li", named(line))));
}

function playerOf(payload, name) {
  // the name of the account that plays seat `name`, if it has one
  const entry = payload && payload.seats.find((s) => s.name === name);
  return entry && entry.player ? entry.player : null;
}

function seatLabel(payload, name) {
  // "Dutch", or "Margaret (Dutch)" when an account plays it
  const player = playerOf(payload, name);
  return player ? `${player} (${name})` : name;
}

function controllerOf(payload, name) {
  const entry = payload.seats.find((s) => s.name === name);
  if (entry && entry.controller === "human" && entry.player) return ` (${entry.player})`;
  return entry && entry.controller !== "human" ? ` (${entry.controller} bot)` : "";
}

function turnWords(view) {
  // "round 2 · turn 5", from the view's own count
  if (!view || typeof view !== "object") return "";
  const parts = [];
  if (Number.isFinite(view.round)) parts.push(`round ${view.round}`);
  if (Number.isFinite(view.turn)) parts.push(`turn ${view.turn}${Number.isFinite(view.turns) ? ` of ${view.turns}` : ""}`);
  return parts.join(" · ");
}

function showStatus(payload) {
  const status = $("status");
  status.replaceChildren();
  // once the game is over nothing is asked: the bar stops following the scroll (on a desk
  // it would cover the Players panel beneath it)
  $("decision").classList.toggle("over", Boolean(payload.finished));
  const open = payload.open_seats || [];
  if (payload.step !== undefined) status.append(text("span", `Step ${payload.step}: `, "step"));
  if (payload.finished) {
    status.append(text("span", "The game is over."));
  } else if (open.length && payload.step === undefined) {
    status.append(text("span", "The game starts once every seat is taken."));
  } else if (payload.to_move === payload.seat && payload.step === undefined) {
    status.append(text("span", "Your turn", "your-turn"));
  } else {
    status.append(text("span", `To move: ${payload.to_move}${controllerOf(payload, payload.to_move)}`));
  }
  const turn = turnWords(payload.view);
  if (turn) status.append(text("span", ` · ${turn.charAt(0).toUpperCase()}${turn.slice(1)}`, "turn"));
  const moves = payload.moves || (live && live.moves);
  if (payload.seat && moves && moves[payload.seat] !== undefined && payload.step === undefined) {
    const count = moves[payload.seat];
    status.append(text("span", ` · you have made ${count} move${count === 1 ? "" : "s"}`, "my-moves"));
  }
}

// The view's own words for what the game awaits now, by the first of these keys a view
// has (Henry VIII asks, Sixteen Thirty Something decides, Tercios waits for, 1750 is at a
// step, Eighty Years War is in a phase).
const PROMPT_KEYS = ["asked", "decision", "waiting_for", "step", "phase"];
// A game's own board script may word the prompt itself: game -> (payload, board) -> words.
const promptSources = {};

function promptWords(payload) {
  const view = payload.view;
  if (!view || typeof view !== "object" || payload.finished) return "";
  const own = promptSources[payload.game];
  const worded = own ? own(payload, $("board")) : "";
  if (worded) return worded;
  for (const key of PROMPT_KEYS) {
    const value = view[key];
    if (typeof value === "string" && value) {
      const words = value.replaceAll("_", " ");
      const stage = key === "phase" && view.stage ? ` · Stage ${view.stage}` : "";
      return `${words.charAt(0).toUpperCase()}${words.slice(1)}${stage}`;
    }
  }
  return "";
}

function showPrompt(payload) {
  const mine = payload.step === undefined && payload.seat && payload.to_move === payload.seat && !payload.finished;
  const words = promptWords(payload);
  const count = payload.legal.length;
  const choices = mine && count ? ` · ${count === 1 ? "one choice" : `${count} choices`}` : "";
  $("prompt").textContent = words ? `${words}${choices}` : (choices ? `Choose${choices}` : "");
}

function showResult(payload) {
  const result = $("result");
  if (!payload.result) {
    result.hidden = true;
    return;
  }
  const winners = payload.result.winners.length ? payload.result.winners.join(", ") : "nobody";
  result.replaceChildren(text("span", `Winner: ${winners}. ${payload.result.reason || ""}`));
  const resigned = (payload.resigned || []).filter((name) => !(payload.result.reason || "").includes(`${name} resigned`));
  if (resigned.length) result.append(text("span", ` ${resigned.join(", ")} resigned (a bot played on).`, "resigned"));
  if (mode === "play") {
    const link = document.createElement("a");
    link.href = `/games/${gameId}/replay${location.hash}`;
    link.textContent = "Replay this game step by step";
    link.id = "replay-link";
    result.append(link);
    if (mayRematch(payload)) {
      // a choice when asking: everyone in the same seat again, or the sides swapped (more
      // seats: each one seat along)
      const again = button("Rematch, same sides", () => rematch("kept"), "rematch");
      again.id = "rematch-button";
      const swapped = payload.seats.length === 2 ? "Rematch, sides swapped" : "Rematch, everyone one seat along";
      const swap = button(swapped, () => rematch("swapped"), "rematch");
      swap.id = "rematch-swapped";
      swap.title = "Whoever played each seat plays the next one (the last seat's player the first)";
      result.append(again, swap);
    }
  }
  result.hidden = false;
}

function mySeatIsAPerson(payload) {
  const entry = payload.seats.find((s) => s.name === payload.seat);
  return Boolean(entry && entry.controller === "human" && token());
}

function mayRematch(payload) {
  return payload.finished && !payload.rematch && (mySeatIsAPerson(payload) || creatorToken());
}

function showRevealed(payload) {
  // once the game is over, every other seat's hand and secrets, once each under its
  // seat's name ("Player 2's hand"); the boards are not repeated (all else on them is
  // what every seat sees, and this seat's own hand is on its board above)
  const box = $("revealed");
  const hands = (payload.revealed || []).filter((entry) => entry.seat !== payload.seat);
  const key = hands.length ? `${payload.version}|${payload.step ?? "live"}` : null;
  if (key === revealedShown) return;
  revealedShown = key;
  box.replaceChildren();
  box.hidden = !hands.length;
  if (!hands.length) return;
  box.append(text("h2", payload.seat
    ? "The other seats' hands, now that the game is over (yours is on the board)"
    : "Every seat's hand, now that the game is over"));
  for (const entry of hands) {
    const part = document.createElement("section");
    part.className = "revealed-seat";
    part.dataset.seat = entry.seat;
    const secrets = entry.secrets || {};
    const about = secrets.cards && typeof secrets.cards === "object" ? secrets.cards : {};
    for (const [name, value] of Object.entries(secrets)) {
      if (name === "cards") continue;  // what each card does: its title, on the card
      part.append(...secretLines(entry.seat, name.replaceAll("_", " "), name === "hand", value, about));
    }
    box.append(part);
  }
}

function secretLines(seat, words, counted, value, about) {
  // "<seat>'s <words>" and its things drawn as cards; a part holding parts (melds:
  // military, political) a line each
  if (value && typeof value === "object" && !Array.isArray(value)
      && Object.values(value).some((part) => part && typeof part === "object")) {
    return Object.entries(value).flatMap(([name, part]) =>
      secretLines(seat, `${words} · ${name.replaceAll("_", " ")}`, counted, part, about));
  }
  const things = secretThings(value, counted);
  if (!things.length && !counted) return [];  // an empty hand is said; other empty parts are not
  const line = document.createElement("div");
  line.className = "revealed-line";
  line.append(text("h3", `${seat}'s ${words}`));
  const cards = document.createElement("ul");
  cards.className = "revealed-cards";
  for (const [name, label] of things) {
    const card = text("li", label, "card");
    if (typeof about[name] === "string") card.title = about[name];
    cards.append(card);
  }
  if (!things.length) cards.append(text("li", "none", "none"));
  line.append(cards);
  return [line];
}

function secretThings(value, counted) {
  // [name, label] of each thing a secret holds: a list's items, a count of each name
  // ("Unrest ×4"), a name with its reason, or a single value
  if (value === null || value === undefined || value === "") return [];
  if (Array.isArray(value)) return value.map((item) => [String(item), String(item)]);
  if (typeof value !== "object") return [[String(value), String(value)]];
  return Object.entries(value).map(([name, about]) => {
    if (typeof about === "number") {
      return [name, counted ? (about === 1 ? name : `${name} ×${about}`) : `${name}: ${about}`];
    }
    return [name, `${name}: ${about}`];
  });
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


function eventItem(event, index) {
  // one line of the log, numbered as the event is; a run of the same event shares it
  const item = text("li", event.text);
  item.value = index + 1;
  item.dataset.from = String(index);
  item.dataset.count = "1";
  item.dataset.key = `${event.text}\u0000${event.rule}`;
  item.append(text("span", "", "times"), text("span", `§ ${event.rule}`, "rule"));
  return item;
}

function setCount(item, count) {
  item.dataset.count = String(count);
  item.querySelector(".times").textContent = count > 1 ? ` ×${count}` : "";
}

let drawnEvents = [];  // the event list the log shows

function sharedEvents(list) {
  // how many first events of ``list`` the log shows already (a step of the past shares
  // all but its last few with the step next to it): only the rest is drawn again
  const box = $("events");
  const last = box.lastElementChild;
  const drawn = last ? Number(last.dataset.from) + Number(last.dataset.count) : 0;
  if (drawn !== drawnEvents.length) return 0;
  const most = Math.min(drawn, list.length);
  let same = 0;
  while (same < most && drawnEvents[same].text === list[same].text && drawnEvents[same].rule === list[same].rule) same += 1;
  return same;
}

function showEvents(list, start) {
  // the events before `start` are unchanged; the rest are drawn again. A run of the
  // same event (eight cards drawn in secret) is one line with its count.
  const box = $("events");
  while (box.lastElementChild && Number(box.lastElementChild.dataset.from) >= start) {
    box.lastElementChild.remove();
  }
  let last = box.lastElementChild;
  if (last && Number(last.dataset.from) + Number(last.dataset.count) > start) {
    setCount(last, start - Number(last.dataset.from));
  }
  const shown = last ? Number(last.dataset.from) + Number(last.dataset.count) : 0;
  const fresh = [];
  for (let index = shown; index < list.length; index++) {
    const event = list[index];
    if (last && last.dataset.key === `${event.text}\u0000${event.rule}`) {
      setCount(last, Number(last.dataset.count) + 1);
    } else {
      last = eventItem(event, index);
      fresh.push(last);
    }
  }
  if (fresh.length) box.append(...fresh);
  drawnEvents = list;
  const log = box.parentElement;
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

function meanings() {
  // what each named thing on the board is: its name -> its details (the board's titles)
  const known = new Map();
  for (const node of $("board").querySelectorAll("g[data-name]:has(> title)")) {
    const name = node.getAttribute("data-name");
    if (name && name.length > 2 && !known.has(name)) known.set(name, node.querySelector(":scope > title").textContent || "");
  }
  return known;
}

function meaningOf(action, known) {
  // the details of the longest name the action mentions
  let best = "";
  let detail = "";
  for (const [name, about] of known) {
    if (name.length > best.length && action.includes(name)) { best = name; detail = about; }
  }
  return detail;
}

function showControls(payload) {
  const box = $("actions");
  const filter = $("filter");
  const wanted = filter.value.trim().toLowerCase();
  box.replaceChildren();
  filter.hidden = payload.legal.length < 30;
  const known = meanings();
  let number = 0;
  for (const [head, actions] of groups(payload.legal)) {
    const group = document.createElement("div");
    group.className = "group";
    group.setAttribute("role", "group");
    if (head) {
      const heading = text("h3", head);
      heading.id = `group-${box.children.length}`;
      group.setAttribute("aria-labelledby", heading.id);
      group.append(heading);
    }
    for (const [action, label] of actions) {
      if (wanted && !action.toLowerCase().includes(wanted)) continue;
      number += 1;
      const node = button(label, () => act(action), "action");
      node.dataset.action = action;
      if (action === hintedAction) node.classList.add("hinted");  // kept through the hint's own update
      node.setAttribute("aria-label", number <= 9 ? `${number}: ${action}` : action);
      if (number <= 9) node.dataset.key = String(number);  // drawn by the style sheet
      const meaning = meaningOf(action, known);
      if (meaning) node.title = meaning;
      group.append(node);
    }
    box.append(group);
  }
  showAutoRow(payload);
  $("takeback").hidden = !payload.can_take_back;
  $("hint").hidden = !mayAskForHint(payload);
  $("resign").hidden = !(mySeatIsAPerson(payload) && !payload.finished && !(payload.open_seats || []).length);
}

let sendingAt = null;      // the version an action on its way was chosen at
let acknowledged = -1;     // the version the last action made (its state comes on the websocket)

async function act(action) {
  // the body says while an action is on its way; a second click at the same version (a
  // double click) is ignored, and so is the refusal of an action chosen at a version
  // the page has moved on from already (the server refuses it: it carries its version)
  if (!live || sendingAt === live.version || live.version < acknowledged) return;
  say("");
  hintedAction = null;
  const version = live.version;
  sendingAt = version;
  document.body.dataset.sending = "true";
  try {
    const answer = await onceMore(() => call("POST", `/api/games/${gameId}/actions`, { action, version }));
    acknowledged = Math.max(acknowledged, answer.version);
    say("");
  } catch (error) {
    const movedOn = error instanceof Refusal && error.status === 409 && live && live.version > version;
    if (!movedOn) sayFor(error, "moves");
  } finally {
    // (an action chosen at a newer version may be on its way meanwhile: it is still sending)
    if (sendingAt === version) {
      sendingAt = null;
      // still on its way until the websocket brings the state it made (onLive)
      if (live && live.version >= acknowledged) document.body.dataset.sending = "";
    }
  }
}

// -- the decision bar: focus, keys, single choices --------------------------------------

function focusBar() {
  // after every move the focus comes back to the decision bar (its first choice), unless
  // the person is busy elsewhere (typing a chat line, on a board thing)
  const at = document.activeElement;
  const bar = $("decision");
  if (at && at !== document.body && !bar.contains(at)) return;
  if (at && bar.contains(at) && at.isConnected && at !== bar) return;
  const first = bar.querySelector("#actions button.action") || bar;
  first.focus({ preventScroll: true });
}

function chooseByNumber(digit) {
  const node = document.querySelector(`#actions button.action[data-key="${digit}"]`);
  if (node && !looking) node.click();
}

const AUTO = "stratagem.auto-answer";
let autoTimer = null;

function autoOn() {
  try { return localStorage.getItem(AUTO) === "on"; } catch { return false; }
}

function showAutoRow(payload) {
  const seated = mySeatIsAPerson(payload) && !payload.finished;
  $("auto-row").hidden = !seated;
  $("auto-note").hidden = !seated || !autoOn();
  $("auto-answer").checked = autoOn();
}

function autoAnswer(payload) {
  // a decision with a single choice answered for the seat that asked for it, after a
  // pause drawn at random (1 to 3 s), as a person takes
  clearTimeout(autoTimer);
  const mine = payload === live && !looking && payload.seat && payload.to_move === payload.seat && !payload.finished;
  if (!mine || payload.legal.length !== 1 || !autoOn()) return;
  const [only] = payload.legal;
  const version = payload.version;
  autoTimer = setTimeout(() => {
    if (live && live.version === version && !looking && autoOn()) act(only);
  }, 1000 + Math.random() * 2000);
}

function toggleAuto() {
  try { localStorage.setItem(AUTO, $("auto-answer").checked ? "on" : "off"); } catch { /* storage off */ }
  if (live) { showAutoRow(live); autoAnswer(live); }
}

async function takeBack() {
  say("");
  try {
    await onceMore(() => call("POST", `/api/games/${gameId}/takeback`));
    say("");
  } catch (error) {
    sayFor(error, "take-backs");
  }
}

function mayAskForHint(payload) {
  // at the seat's own decision, in a game under way that cannot be rated (the table
  // refuses any other time)
  return mySeatIsAPerson(payload) && !payload.rated && !payload.finished && payload.to_move === payload.seat
    && !(payload.open_seats || []).length && payload.legal.length > 0;
}

let hintedAction = null;  // the bot's suggestion at this decision, outlined until we act

async function askForHint() {
  // the suggestion is shown to this page only; the others see in the log that we asked
  say("");
  try {
    const hint = await call("POST", `/api/games/${gameId}/hint`);
    say(`The ${hint.level} bot suggests: ${hint.action}`);
    hintedAction = hint.action;
    for (const node of document.querySelectorAll("#actions button.action")) {
      node.classList.toggle("hinted", node.dataset.action === hint.action);
    }
  } catch (error) {
    sayFor(error, "hints");
  }
}

async function resign() {
  const seat = live && live.seat;
  if (!seat) return;
  const others = live.seats.length === 2 ? "the other side wins at once" : "a bot plays your seat from now on";
  if (!window.confirm(`Resign as ${seat}? ${others[0].toUpperCase()}${others.slice(1)}.`)) return;
  say("");
  try {
    await onceMore(() => call("POST", `/api/games/${gameId}/resign`));
  } catch (error) {
    sayFor(error, "requests");
  }
}

// -- players, open seats, rematch ---------------------------------------------------------

function controllerWords(controller) {
  if (controller === "human") return "a person";
  if (controller === "open") return "open: waiting for a person";
  return `${controller} bot`;
}

function showPlayers(payload) {
  const list = $("players");
  list.replaceChildren();
  for (const entry of payload.seats) {
    const item = document.createElement("li");
    item.dataset.seat = entry.name;
    const name = text("span", seatLabel(payload, entry.name), "name");
    if (entry.name === payload.to_move && !payload.finished) item.classList.add("to-move");
    if (entry.name === payload.seat) item.classList.add("mine");
    const moves = (payload.moves || {})[entry.name] ?? 0;
    const you = entry.name === payload.seat ? " (you)" : "";
    item.append(name, text("span", `${you} · ${controllerWords(entry.controller)} · ${moves} move${moves === 1 ? "" : "s"}`, "about"));
    list.append(item);
  }
}

function showWaiting(payload) {
  const box = $("waiting");
  const open = payload.open_seats || [];
  box.replaceChildren();
  box.hidden = !open.length || payload.finished;
  if (box.hidden) return;
  box.append(text("span", `Waiting for: ${open.join(", ")}`, "waiting-for"));
  if (payload.seat) return;
  for (const name of open) {
    const index = payload.seats.findIndex((s) => s.name === name);
    const take = button(`Take seat ${name}`, () => takeSeat(index, payload.title), "take-seat");
    take.dataset.seat = String(index);
    box.append(take);
  }
}

async function takeSeat(index, title) {
  try {
    const joined = await call("POST", `/api/games/${gameId}/seats/${index}/join`);
    const seatToken = decodeURIComponent(joined.link.split("#seat=")[1]);
    remember({ id: gameId, seat: joined.seat, token: seatToken, title });
    location.hash = `seat=${encodeURIComponent(seatToken)}`;
    reconnect();
  } catch (error) {
    sayFor(error, "requests");
  }
}

async function rematch(sides) {
  say("");
  const creator = creatorToken();
  const extra = !mySeatIsAPerson(live) && creator ? { "X-Creator-Token": creator } : {};
  try {
    const made = await onceMore(() => call("POST", `/api/games/${gameId}/rematch`, { sides }, extra));
    showRematch({ ...live, rematch: made.id });
  } catch (error) {
    sayFor(error, "requests");
  }
}

function showRematch(payload) {
  // the rematch, once made: this seat's own link to it (the same secret as here), the
  // creator's, or a spectator's
  const box = $("rematch-box");
  const id = payload.rematch;
  box.hidden = !id;
  if (!id) return;
  const link = document.createElement("a");
  link.id = "rematch-link";
  const seatToken = token();
  const creator = creatorToken();
  if (mySeatIsAPerson(payload)) {
    link.href = seatLink(id, seatToken);
    link.textContent = "Rematch started: open your seat";
    rematchSeat(id).then((seat) => {
      // the seat this link plays there (the sides may have been swapped), remembered
      if (!seat || !link.isConnected) return;
      link.textContent = `Rematch started: open your seat (${seat})`;
      remember({ id, seat, token: seatToken, title: payload.title, game: payload.game, creator });
    });
  } else if (creator) {
    link.href = `/games/${id}#creator=${encodeURIComponent(creator)}`;
    link.textContent = "Rematch started: open it (your creator link)";
    remember({ id, seat: null, token: null, title: payload.title, game: payload.game, creator });
  } else {
    link.href = `/games/${id}`;
    link.textContent = "Rematch started: watch it";
  }
  box.replaceChildren(link);
  for (const asked of ["rematch-button", "rematch-swapped"]) {
    const node = $(asked);
    if (node) node.remove();
  }
}

const rematchSeats = new Map();  // a rematch's id -> the seat this page's link plays there

function rematchSeat(id) {
  // asked once: the rematch as this link sees it says which seat it plays
  if (!rematchSeats.has(id)) {
    rematchSeats.set(id, call("GET", `/api/games/${id}`).then((payload) => payload.seat).catch(() => null));
  }
  return rematchSeats.get(id);
}

// -- the creator's panel --------------------------------------------------------------------

function waitedSeconds() {
  return live ? Date.now() / 1000 - live.waiting_since : 0;
}

function showCreator() {
  const creator = creatorToken();
  const box = $("creator");
  box.hidden = !creator || !live;
  if (box.hidden) return;
  const list = $("creator-seats");
  list.replaceChildren();
  live.seats.forEach((entry, index) => {
    const item = document.createElement("li");
    item.dataset.seat = entry.name;
    item.append(text("span", `${seatLabel(live, entry.name)}: ${controllerWords(entry.controller)} `, "about"));
    if (entry.controller === "human") {
      const relink = button("New link", () => newLink(index), "new-link");
      relink.dataset.seat = String(index);
      item.append(relink);
      if (!live.finished && live.to_move === entry.name) item.append(handOverButton(index, entry.name));
    }
    list.append(item);
  });
}

function handOverButton(index, name) {
  // "Hand to a bot" once the seat has kept everyone waiting for the game's chosen time;
  // before that, how long is left
  const left = Math.ceil(live.hand_over_after - waitedSeconds());
  if (left > 0) {
    const minutes = Math.ceil(left / 60);
    return text("span", ` may be handed to a bot in ${left < 120 ? `${left} s` : `${minutes} min`}`, "hint");
  }
  const hand = button("Hand to a bot", () => handOver(index, name), "hand-over");
  hand.dataset.seat = String(index);
  return hand;
}

function adopt(made) {
  // this page's seat has a new link: the page goes on with it
  const seatToken = decodeURIComponent(made.link.split("#seat=")[1]);
  remember({ id: gameId, seat: made.seat, token: seatToken, title: live ? live.title : document.title });
  location.hash = `seat=${encodeURIComponent(seatToken)}`;
  reconnect();
}

async function ownLink() {
  // the seat asks for its own new link (a leaked link ends at once)
  if (!confirm("A new secret link for your seat? The link this page was opened with stops working.")) return;
  try {
    const made = await call("POST", `/api/games/${gameId}/link`);
    adopt(made);
    say(`Your seat has a new link (the old one has ended): ${location.origin}${made.link}`);
  } catch (error) {
    sayFor(error, "requests");
  }
}

async function newLink(index) {
  const out = $("creator-output");
  out.replaceChildren();
  try {
    // the creator's own seat asks for its new link as the seat (no notice of absence needed)
    const own = live && mySeatIsAPerson(live) && live.seats[index] && live.seats[index].name === live.seat;
    const made = own
      ? await call("POST", `/api/games/${gameId}/link`)
      : await call("POST", `/api/games/${gameId}/seats/${index}/link`, null, { "X-Creator-Token": creatorToken() });
    const full = `${location.origin}${made.link}`;
    const field = document.createElement("input");
    field.readOnly = true;
    field.value = full;
    field.id = "new-link";
    field.dataset.seat = made.seat;
    const note = text("span", "", "copy-note");
    note.hidden = true;
    out.append(text("span", `New link for ${made.seat} (shown only now; the old one no longer works): `), field,
      button("Copy", () => copy(full, note)), note);
    field.select();
    if (live && made.seat === live.seat) adopt(made);  // the creator's own seat
  } catch (error) {
    out.append(text("span", explain(error, "requests"), "refusal-line"));
  }
}

async function handOver(index, name) {
  const out = $("creator-output");
  out.replaceChildren();
  try {
    await call("POST", `/api/games/${gameId}/seats/${index}/bot`, null, { "X-Creator-Token": creatorToken() });
    out.append(text("span", `${name} is played by a bot from now on.`));
  } catch (error) {
    out.append(text("span", explain(error, "requests"), "refusal-line"));
  }
}

// -- chat --------------------------------------------------------------------------------------

function onChat(message) {
  chatLines = chatLines.filter((line) => line.n < message.start).concat(message.lines);
  const list = $("chat-lines");
  list.replaceChildren(...chatLines.map(chatItem));
  list.scrollTop = list.scrollHeight;
}

function clock(iso) {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return "";
  return when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

function chatItem(line) {
  const item = document.createElement("li");
  item.className = line.spectator ? "chat-line spectator" : "chat-line";
  if (!line.spectator && live && line.seat === live.seat) item.classList.add("mine");
  const who = text("span", line.spectator ? "spectator" : seatLabel(live, line.seat), "chat-who");
  const time = text("time", clock(line.at), "chat-time");
  time.dateTime = line.at;
  time.title = new Date(line.at).toLocaleString();
  item.append(who, time, text("span", line.text, "chat-text"));
  return item;
}

async function sendChat(event) {
  event.preventDefault();
  const input = $("chat-input");
  const line = input.value.trim();
  $("chat-message").textContent = "";
  if (!line) return;
  const send = $("chat-send");
  send.disabled = true;
  try {
    await onceMore(() => call("POST", `/api/games/${gameId}/chat`, { text: line }));
    input.value = "";
  } catch (error) {
    sayFor(error, "chat lines", "chat-message");
  } finally {
    send.disabled = false;
  }
}

// -- details of a thing on a board ------------------------------------------------------------

let detailsOpen = null;

function showDetails(name, detail) {
  // the thing's details (line breaks kept) and, on the seat's turn, the actions naming it
  detailsOpen = { name, detail };
  $("details-name").textContent = name || detail.split(/[\n:|]/)[0];
  $("details-text").textContent = detail;
  const actions = $("details-actions");
  actions.replaceChildren();
  const mine = live && !looking && shown === live && live.seat && live.to_move === live.seat;
  if (mine && name) {
    for (const action of live.legal.filter((a) => a.includes(name))) {
      const node = button(action, () => act(action), "detail-action");
      node.dataset.action = action;
      actions.append(node);
    }
  }
  $("details").hidden = false;
}

function refreshDetails() {
  // the details follow the state: read again from the board now drawn (closed once the
  // thing is no longer on it)
  if (!detailsOpen) return;
  const { name } = detailsOpen;
  const node = name
    ? [...$("board").querySelectorAll("g[data-name]:has(> title)")].find((g) => g.getAttribute("data-name") === name)
    : null;
  if (name && !node) { hideDetails(); return; }
  showDetails(name, node ? node.querySelector(":scope > title").textContent || "" : detailsOpen.detail);
}

function hideDetails() {
  detailsOpen = null;
  $("details").hidden = true;
}

// -- jumping to a turn of the past --------------------------------------------------------

let chaptersAt = null;  // how many steps the game had when its chapters were listed

async function listChapters(steps) {
  // where each turn and each phase begins (the server reads it from the public views),
  // for the "jump to" select: choosing one goes to its first step
  chaptersAt = steps;
  const select = $("turn-jump");
  try {
    const found = await call("GET", `/api/games/${gameId}/chapters`);
    if (chaptersAt !== steps) return;
    select.parentElement.hidden = !found.length;
    const choices = [new Option("a turn or phase…", "")];
    for (const chapter of found) {
      const words = chapter.phase ? `turn ${chapter.turn} · ${chapter.phase}` : `turn ${chapter.turn}`;
      choices.push(new Option(words, String(chapter.step)));
    }
    select.replaceChildren(...choices);
  } catch {
    chaptersAt = null;  // asked again at the next step
  }
}

function boardClicked(event) {
  // a thing with details is a group whose own <title> holds them (the board writes them once)
  if (panned) { panned = false; return; }
  const node = event.target.closest("g:has(> title)");
  if (node) showDetails(node.getAttribute("data-name") || "", node.querySelector(":scope > title").textContent || "");
}

function reachable(board, name) {
  // every thing with details is reached with Tab and opened with Enter or Space; the
  // drawing holding them is a group (an image may not hold controls), named for readers
  const svg = board.querySelector("svg");
  if (svg) {
    const own = svg.querySelector(":scope > title");
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", name || (own && own.textContent) || "the board");
  }
  for (const node of board.querySelectorAll("g:has(> title)")) {
    const title = node.querySelector(":scope > title").textContent || "";
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    node.setAttribute("aria-label", node.getAttribute("data-name") || title.split("\n")[0]);
  }
}

function focusedThing() {
  // the board thing that has the keyboard focus (its name, or its place among the things),
  // so a redraw (another seat's move) does not take a keyboard player's place away
  const at = document.activeElement;
  if (!at || !$("board").contains(at) || !at.matches("g[tabindex]")) return null;
  const things = [...$("board").querySelectorAll("g[tabindex]")];
  return { name: at.getAttribute("data-name"), index: things.indexOf(at) };
}

function refocusThing(held) {
  if (!held) return;
  const things = [...$("board").querySelectorAll("g[tabindex]")];
  const same = held.name
    ? things.find((g) => g.getAttribute("data-name") === held.name)
    : things[held.index];
  if (same) same.focus({ preventScroll: true });
}

function boardKey(event) {
  if (event.key !== "Enter" && event.key !== " ") return;
  const node = event.target.closest && event.target.closest("g[tabindex]");
  if (!node) return;
  event.preventDefault();
  showDetails(node.getAttribute("data-name") || "", node.querySelector(":scope > title").textContent || "");
}

// -- zoom and pan --------------------------------------------------------------------------

let zoom = 1;
let panned = false;
const ZOOMS = [1, 1.25, 1.5, 2, 2.5, 3, 4];

function applyZoom() {
  const svg = $("board").querySelector("svg");
  if (svg) svg.style.width = `${zoom * 100}%`;
  $("board-frame").classList.toggle("zoomed", zoom > 1);
}

function zoomBy(steps, around) {
  const frame = $("board-frame");
  const at = ZOOMS.indexOf(zoom);
  const next = ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, (at < 0 ? 0 : at) + steps))];
  if (next === zoom) return;
  // keep the point under the pointer (or the middle) where it is
  const box = frame.getBoundingClientRect();
  const px = around ? around.x - box.left : box.width / 2;
  const py = around ? around.y - box.top : box.height / 2;
  const fx = (frame.scrollLeft + px) / zoom;
  const fy = (frame.scrollTop + py) / zoom;
  zoom = next;
  applyZoom();
  frame.scrollLeft = fx * zoom - px;
  frame.scrollTop = fy * zoom - py;
}

function fit() {
  zoom = 1;
  applyZoom();
}

function wirePan() {
  const frame = $("board-frame");
  let start = null;
  frame.addEventListener("wheel", (event) => {
    if (!event.ctrlKey) return;
    event.preventDefault();
    zoomBy(event.deltaY < 0 ? 1 : -1, { x: event.clientX, y: event.clientY });
  }, { passive: false });
  frame.addEventListener("pointerdown", (event) => {
    if (zoom === 1 || event.pointerType !== "mouse" || event.button !== 0) return;
    start = { x: event.clientX, y: event.clientY, left: frame.scrollLeft, top: frame.scrollTop, moved: false };
  });
  frame.addEventListener("pointermove", (event) => {
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (!start.moved && Math.hypot(dx, dy) < 6) return;
    start.moved = true;
    frame.classList.add("panning");
    frame.scrollLeft = start.left - dx;
    frame.scrollTop = start.top - dy;
  });
  const stop = () => {
    if (start && start.moved) panned = true;
    start = null;
    frame.classList.remove("panning");
    setTimeout(() => { panned = false; }, 0);
  };
  frame.addEventListener("pointerup", stop);
  frame.addEventListener("pointercancel", stop);
  frame.addEventListener("click", (event) => {
    // a drag to pan is no click on the board
    if (panned) { event.stopPropagation(); panned = false; }
  }, true);
}

// -- your turn ---------------------------------------------------------------------------------

function icon(alert) {
  // the tab's icon, drawn: a brown disc, with a gold dot when it is your turn
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 32;
  const pen = canvas.getContext("2d");
  if (!pen) return "/static/favicon.svg";
  pen.fillStyle = "#3b2f1e";
  pen.beginPath(); pen.arc(16, 16, 15, 0, Math.PI * 2); pen.fill();
  pen.fillStyle = "#f6c66b";
  pen.font = "bold 20px Georgia, serif";
  pen.textAlign = "center"; pen.textBaseline = "middle";
  pen.fillText("S", 16, 17);
  if (alert) {
    pen.fillStyle = "#d62d20";
    pen.strokeStyle = "#fff";
    pen.lineWidth = 2;
    pen.beginPath(); pen.arc(24, 8, 7, 0, Math.PI * 2); pen.fill(); pen.stroke();
  }
  return canvas.toDataURL("image/png");
}

function setIcon(alert) {
  const link = $("favicon");
  const wanted = alert ? "alert" : "calm";
  if (link.dataset.state === wanted) return;
  link.dataset.state = wanted;
  link.href = alert ? icon(true) : "/static/favicon.svg";
}

function markTurn(payload) {
  const mine = Boolean(payload.seat && !payload.finished && payload.to_move === payload.seat && !(payload.open_seats || []).length);
  document.title = mine ? `● Your turn · ${PAGE_TITLE}` : PAGE_TITLE;
  document.body.dataset.yourTurn = mine ? "true" : "";
  setIcon(mine);
  if (mine && !wasMyTurn && !document.hasFocus()) alertPerson(payload);
  wasMyTurn = mine;
}

function alertsOn() {
  return localStorage.getItem(ALERTS) === "on" && "Notification" in window && Notification.permission === "granted";
}

function alertPerson(payload) {
  if (!alertsOn()) return;
  try {
    const note = new Notification(`Your turn: ${payload.title}`, { body: `You play ${payload.seat}.`, tag: `stratagem-${gameId}` });
    note.onclick = () => { window.focus(); note.close(); };
  } catch { /* some browsers only notify from a service worker */ }
  beep();
}

function beep() {
  // a short tone, made here (no sound file)
  try {
    audio = audio || new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 880;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.25);
  } catch { /* no sound here */ }
}

function showAlertsButton() {
  const node = $("alerts");
  node.hidden = !("Notification" in window) || mode !== "play" || !(live && live.seat);
  node.textContent = alertsOn() ? "Turn alerts: on" : "Turn alerts: off";
  node.setAttribute("aria-pressed", alertsOn() ? "true" : "false");
}

async function toggleAlerts() {
  if (alertsOn()) {
    localStorage.setItem(ALERTS, "off");
  } else {
    const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
    localStorage.setItem(ALERTS, answer === "granted" ? "on" : "off");
    if (answer === "granted") { audio = audio || new AudioContext(); audio.resume(); }
  }
  showAlertsButton();
}

// -- looking back ------------------------------------------------------------------------------

async function pastStep(step) {
  // a step of the past as this seat saw it (kept: stepping back and forth is instant)
  let known = pastSteps.get(step);
  if (!known) {
    known = call("GET", `/api/games/${gameId}/replay/${step}`);
    pastSteps.set(step, known);
    known.catch(() => pastSteps.delete(step));
  }
  return known;
}

async function goToStep(step) {
  wantedStep = step;
  try {
    const payload = await pastStep(step);
    if (wantedStep !== step) return;
    knownSteps = payload.steps;
    render(payload, payload.events, sharedEvents(payload.events));
    showLookBackLabel();
    if (chaptersAt !== payload.steps) listChapters(payload.steps);
    for (const near of [step - 1, step + 1, step + 2]) {
      if (near >= 0 && near <= payload.steps) pastStep(near).catch(() => {});
    }
  } catch (error) {
    say(explain(error, "requests"));
  }
}

function showLookBackLabel() {
  // (nothing until the past's length is known: a live move may come in before that)
  if (knownSteps === null) return;
  const slider = $("step");
  const step = shown && shown.step !== undefined ? shown.step : 0;
  slider.max = knownSteps ?? step;
  slider.value = step;
  const behind = looking ? " · looking back (the live game goes on)" : "";
  $("step-label").textContent = `step ${step} of ${knownSteps ?? step}${behind}`;
}

async function lookBack() {
  // the past of the running game, from its last step, as this seat saw it
  if (looking || mode !== "play") return;
  looking = true;
  knownSteps = null;
  document.body.dataset.looking = "true";
  $("replay-controls").hidden = false;
  $("controls").hidden = true;
  $("look-back").hidden = true;
  const first = await pastStep(0).catch((error) => { say(explain(error, "requests")); return null; });
  if (!first) { backToLive(); return; }
  knownSteps = first.steps;
  goToStep(Math.max(0, first.steps - 1));
}

function backToLive() {
  looking = false;
  wantedStep = null;
  document.body.dataset.looking = "";
  $("replay-controls").hidden = true;
  $("controls").hidden = false;
  $("look-back").hidden = false;
  $("events").replaceChildren();
  if (live) render(live, liveEvents, 0);
  $("decision").focus({ preventScroll: true });
  focusBar();
}

function step(by) {
  const at = Number($("step").value);
  const last = Number($("step").max);
  goToStep(Math.min(last, Math.max(0, at + by)));
}

function keyPressed(event) {
  const typing = event.target.closest && event.target.closest("input:not([type=checkbox]):not([type=range]), textarea, select");
  if (typing || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.key === "Escape") {
    if (detailsOpen) hideDetails();
    else if (looking) backToLive();
    return;
  }
  if (/^[1-9]$/.test(event.key) && mode === "play") {
    event.preventDefault();
    chooseByNumber(event.key);
    return;
  }
  if (event.key === "+" || event.key === "=") { zoomBy(1); return; }
  if (event.key === "-") { zoomBy(-1); return; }
  if (event.key === "0") { fit(); return; }
  if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
  if (event.target.closest && event.target.closest("input[type=range]")) return;  // the slider steps itself
  if (mode === "play" && !looking) {
    if (event.key === "ArrowLeft") lookBack();
    return;
  }
  event.preventDefault();
  const by = event.shiftKey ? 10 : 1;
  step(event.key === "ArrowLeft" ? -by : by);
}

// -- the live game -----------------------------------------------------------------------------

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const opened = new WebSocket(`${scheme}://${location.host}/api/games/${gameId}/ws`);
  socket = opened;
  const state = $("connection");
  let refused = null;
  opened.onopen = () => {
    opened.send(JSON.stringify({ token: token() }));
    state.textContent = "live";
    state.className = "connection live";
    retry = 500;
  };
  opened.onmessage = (message) => {
    if (socket !== opened) return;
    const data = parse(message.data);
    if (data.type === "error") {
      refused = data.detail;
    } else if (data.type === "chat") {
      onChat(data);
    } else if (data.type === "seat") {
      // the link's seat changed hands (a bot plays it now): the page watches on
      say(data.detail);
      liveEvents = [];
      live = null;
    } else {
      if ($("message").dataset.transient) say("");
      // a whole payload, or a patch to the one held (updates.js); null: it asked again
      const payload = Updates.take(data, message.data, (ask) => opened.send(ask));
      if (payload) onLive(payload);
    }
  };
  opened.onclose = (event) => {
    if (socket !== opened) return;  // replaced on purpose (a new link, a seat taken)
    state.textContent = "reconnecting…";
    state.className = "connection down";
    liveEvents = [];
    live = null;
    if (event.code === 1013) {
      // the database is away for a moment (1013: try again later)
      say(UNAVAILABLE, true);
      setTimeout(connect, RETRY_WAIT * 1000);
    } else if (refused !== null) {
      say(refused);
      state.textContent = "";
      linkEnded();
    } else {
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 5000);
    }
  };
}

function linkEnded() {
  // the table turned this page's link away (a new link ended it): nothing of the seat
  // stays on the page, and nothing offers to act
  $("board").replaceChildren();
  $("status").replaceChildren();
  $("actions").replaceChildren();
  $("board-input").replaceChildren();
  $("events").replaceChildren();
  for (const id of ["takeback", "hint", "resign", "own-link", "copy-link", "filter", "look-back"]) $(id).hidden = true;
  $("who").textContent = "";
}

function reconnect() {
  // the page acts as another seat now: see the game anew as that seat
  const old = socket;
  socket = null;
  if (old) old.close();
  live = null;
  liveEvents = [];
  chatLines = [];
  $("events").replaceChildren();
  connect();
}

function startReplay() {
  $("replay-controls").hidden = false;
  $("controls").hidden = true;
  $("live").hidden = true;
  $("connection").textContent = "";
  goToStep(0);
}

function wireBarHeight() {
  // on a narrow screen the bar is fixed to the bottom: the page leaves room for it
  const bar = $("decision");
  if (!("ResizeObserver" in window)) return;
  new ResizeObserver(() => {
    document.body.style.setProperty("--bar-height", `${bar.offsetHeight + 16}px`);
  }).observe(bar);
}

function on(id, kind, handler) {
  // listen on an element the page has (the replay page has no chat, players or creator)
  const node = $(id);
  if (node) node.addEventListener(kind, handler);
}

function wire() {
  on("takeback", "click", takeBack);
  on("hint", "click", askForHint);
  on("resign", "click", resign);
  on("own-link", "click", ownLink);
  on("filter", "input", () => shown === live && live && showControls(live));
  on("first", "click", () => goToStep(0));
  on("back-ten", "click", () => step(-10));
  on("on-ten", "click", () => step(10));
  on("turn-jump", "change", (event) => {
    const at = event.target.value;
    event.target.value = "";
    if (at !== "") goToStep(Number(at));
  });
  on("auto-answer", "change", toggleAuto);
  on("zoom-in", "click", () => zoomBy(1));
  on("zoom-out", "click", () => zoomBy(-1));
  on("zoom-fit", "click", fit);
  on("fold", "click", () => {
    const folded = $("decision").classList.toggle("folded");
    $("fold").textContent = folded ? "▴" : "▾";
    $("fold").setAttribute("aria-expanded", folded ? "false" : "true");
  });
  on("header-more", "click", () => {
    const header = document.querySelector("header");
    header.classList.toggle("open");
    $("header-more").setAttribute("aria-expanded", header.classList.contains("open") ? "true" : "false");
  });
  on("board", "keydown", boardKey);
  wirePan();
  wireBarHeight();
  on("prev", "click", () => step(-1));
  on("next", "click", () => step(1));
  on("last", "click", () => goToStep(Number($("step").max)));
  on("step", "input", () => goToStep(Number($("step").value)));
  on("live", "click", backToLive);
  on("look-back", "click", lookBack);
  on("chat-form", "submit", sendChat);
  on("details-close", "click", hideDetails);
  on("board", "click", boardClicked);
  on("alerts", "click", toggleAlerts);
  on("copy-link", "click", () => copy(`${location.origin}${seatLink(gameId, token())}`, $("copy-link-note")));
  document.addEventListener("keydown", keyPressed);
  if (mode === "play") setInterval(() => live && showCreator(), 5000);
  showAlertsButton();
}

wire();
// The first payload is drawn only once the page's later scripts (the clock, a board's own
// drawing, the analysis) have run and listen for "board-drawn": a socket opened at once
// could deliver it while the browser still fetches them, and they would miss it.
document.addEventListener("DOMContentLoaded", () => {
  if (mode === "replay") {
    startReplay();
  } else {
    connect();
  }
});
