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

async function call(method, path, body) {
  const response = await fetch(path, { method, headers: headers(), body: body ? JSON.stringify(body) : undefined });
  const data = await response.json().catch(() => ({ detail: response.statusText }));
  if (!response.ok) {
    const detail = typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail);
    throw new Error(detail);
  }
  return data;
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
      link.textContent = " Replay this game step by step";
      link.id = "replay-link";
      result.append(link);
    }
    result.hidden = false;
  } else {
    result.hidden = true;
  }
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
  $("message").textContent = "";
  try {
    show(await call("POST", `/api/games/${gameId}/actions`, { action, version: current.version }));
  } catch (error) {
    $("message").textContent = error.message;
  }
}

async function takeBack() {
  $("message").textContent = "";
  try {
    show(await call("POST", `/api/games/${gameId}/takeback`));
  } catch (error) {
    $("message").textContent = error.message;
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/api/games/${gameId}/ws`);
  const state = $("connection");
  socket.onopen = () => {
    socket.send(JSON.stringify({ token: token() }));
    state.textContent = "live";
    state.className = "connection live";
    retry = 500;
  };
  socket.onmessage = (message) => {
    const data = JSON.parse(message.data);
    if (data.type === "error") {
      $("message").textContent = data.detail;
      retry = -1;
    } else {
      show(data);
    }
  };
  socket.onclose = () => {
    state.textContent = "reconnecting…";
    state.className = "connection down";
    events = [];
    current = null;
    if (retry >= 0) {
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
    $("message").textContent = error.message;
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
