// The lobby: the games this browser remembers ("Your games", from localStorage: each seat
// link opened or given here, with the creator's token if it made the game), the public
// games waiting for people to take their open seats, and a new game: its player count,
// options and who plays each seat (a person, an open seat, a bot); create it and hand out
// the seat links, with the bots' levels and their measured strength beside who plays each
// seat. A token goes to the server only as its seat's (or the creator's)
// credential, in a header.
"use strict";

const $ = (id) => document.getElementById(id);
let catalog = [];
let levels = {}; // each game's levels for a seat, weakest first, with their measured strength

function option(value, label) {
  const node = document.createElement("option");
  node.value = value;
  node.textContent = label;
  return node;
}

function chosenGame() {
  return catalog.find((entry) => entry.name === $("game").value);
}

function fillPlayers() {
  const game = chosenGame();
  const players = $("players");
  players.replaceChildren();
  for (let count = game.min_players; count <= game.max_players; count++) {
    players.append(option(count, String(count)));
  }
  fillOptions();
  fillSeats();
  fillLevels();
}

function fillOptions() {
  // each option as a control of its kind, from its JSON schema: a list of choices as a
  // select, a number as a number field, a yes/no as a checkbox, a pair of listed names
  // (Tercios's armies) as a select per seat; with the option's own description beneath
  const game = chosenGame();
  const box = $("options");
  box.replaceChildren(box.querySelector("legend") || document.createElement("legend"));
  box.querySelector("legend").textContent = "Options";
  const entries = Object.entries(game.options);
  box.hidden = entries.length === 0;
  const schemas = game.option_schema || {};
  for (const [name, value] of entries) {
    const schema = schemas[name] || {};
    const label = document.createElement("label");
    label.className = typeof value === "boolean" ? "option check" : "option";
    const words = text(`${name.replaceAll("_", " ")} `, "option-name");
    const control = controlFor(name, value, schema);
    if (typeof value === "boolean") label.append(control, words); else label.append(words, control);
    if (schema.description) {
      const help = text(schema.description, "hint option-help");
      help.id = `help-${name}`;
      control.setAttribute("aria-describedby", help.id);
      label.append(help);
    }
    box.append(label);
  }
}

function text(content, className) {
  const node = document.createElement("span");
  node.textContent = content;
  node.className = className;
  return node;
}

function numberSchema(schema) {
  // the number part of ``schema`` (an optional number is anyOf [number, null])
  if (schema.type === "integer" || schema.type === "number") return schema;
  return (schema.anyOf || []).find((part) => part.type === "integer" || part.type === "number") || null;
}

function controlFor(name, value, schema) {
  const kind = kindOf(value);
  let control;
  if (Array.isArray(schema.enum)) {
    control = document.createElement("select");
    for (const choice of schema.enum) control.append(option(choice, String(choice)));
    control.value = String(value);
    control.dataset.kind = "choice";
  } else if (kind === "list" && Array.isArray(schema.choices)) {
    control = document.createElement("span");
    control.className = "option-items";
    const seats = chosenGame().seats[$("players").value] || [];
    value.forEach((item, index) => {
      const part = document.createElement("select");
      part.dataset.item = String(index);
      part.setAttribute("aria-label", `${name.replaceAll("_", " ")}: ${seats[index] || `item ${index + 1}`}`);
      for (const choice of schema.choices) part.append(option(choice, choice));
      part.value = item;
      const each = document.createElement("label");
      each.className = "option-item";
      each.append(document.createTextNode(`${seats[index] || `item ${index + 1}`} `), part);
      control.append(each);
    });
    control.dataset.kind = "items";
  } else {
    control = document.createElement("input");
    const number = numberSchema(schema);
    if (typeof value === "boolean") {
      control.type = "checkbox";
      control.checked = value;
    } else if (number) {
      control.type = "number";
      control.step = number.type === "integer" ? "1" : "any";
      if (number.minimum !== undefined) control.min = String(number.minimum);
      if (number.maximum !== undefined) control.max = String(number.maximum);
      control.value = value === null ? "" : String(value);
      if (value === null) control.placeholder = "default";
      control.dataset.kind = value === null ? "optional-number" : "number";
    } else if (Array.isArray(value)) {
      control.value = value.join(", ");
      control.title = "names, separated by commas";
    } else {
      control.value = value === null ? "" : String(value);
    }
    if (value === null && !number) control.placeholder = "default";
  }
  control.dataset.option = name;
  control.dataset.kind = control.dataset.kind || kind;
  control.dataset.default = JSON.stringify(value);
  return control;
}

function fillSeats() {
  const game = chosenGame();
  const box = $("seats");
  box.replaceChildren(box.querySelector("legend"));
  const names = game.seats[$("players").value];
  names.forEach((name, index) => {
    const label = document.createElement("label");
    label.textContent = `${name} `;
    const select = document.createElement("select");
    select.dataset.seat = String(index);
    select.name = `seat-${index}`;
    if (account.name) select.append(option(ME, `me (${account.name})`));
    for (const controller of game.controllers) {
      select.append(option(controller, controllerLabel(controller)));
    }
    if (account.name) select.append(option(INVITE, "a player I invite by name"));
    // the other seats start with the game's middle level (its heuristic, by its level's name)
    const standIn = ["normal", "heuristic"].find((name) => game.controllers.includes(name));
    if (index > 0 && standIn) select.value = standIn;
    const invite = document.createElement("input");
    invite.dataset.invite = String(index);
    invite.placeholder = "their name";
    invite.maxLength = 24;
    invite.setAttribute("aria-label", `Name of the player invited to ${name}`);
    invite.hidden = true;
    select.addEventListener("change", () => { invite.hidden = select.value !== INVITE; });
    label.append(select, invite);
    box.append(label);
  });
  showSeed();
}

const ME = "me";
const INVITE = "@";

function seatValue(select) {
  // what the creation says of a seat: an invitation is "@name"
  if (select.value !== INVITE) return select.value;
  const name = document.querySelector(`input[data-invite="${select.dataset.seat}"]`).value.trim();
  return `@${name}`;
}

function fillLevels() {
  // the chosen game's levels, each with its score against another level as the lab
  // measured it; a level the others are measured against says so
  const offered = levels[$("game").value] || [];
  const measure = new Set(offered.flatMap((level) => level.ratings.map((rating) => rating.opponent)));
  $("levels").hidden = offered.length === 0;
  $("level-list").replaceChildren(...offered.map((level) => levelItem(level, measure.has(level.name))));
}

function levelItem(level, isMeasure) {
  const item = document.createElement("li");
  item.className = "level";
  item.dataset.level = level.name;
  const name = document.createElement("strong");
  name.textContent = level.name;
  item.append(name, document.createTextNode(` (${level.summary}): `));
  if (!level.ratings.length) {
    item.append(text(isMeasure ? "the measure the other levels are rated against" : "not measured yet", "level-strength"));
  }
  level.ratings.forEach((rating, index) => {
    const when = document.createElement("time");
    when.dateTime = rating.date;
    when.textContent = rating.date;
    item.append(text(`${index ? "; " : ""}${rating.words}`, "level-strength"), document.createTextNode(", measured "), when);
  });
  return item;
}

async function readLevels() {
  // without the figures the lobby still works: the section stays hidden
  try {
    const response = await fetch("/api/levels");
    if (!response.ok) return {};
    return Object.fromEntries((await response.json()).map((entry) => [entry.game, entry.levels]));
  } catch {
    return {};
  }
}

function controllerLabel(controller) {
  if (controller === "human") return "a person (gets a link)";
  if (controller === "open") return "open (anyone may take it)";
  return `${controller} bot`;
}

function everySeatABot() {
  return [...document.querySelectorAll("select[data-seat]")].every((select) => !["human", "open", ME, INVITE].includes(select.value));
}

function showSeed() {
  // a seed may be chosen only for a game of bots alone: whoever chose it would know every
  // draw in advance, so with a person seated the server draws it in secret
  const bots = everySeatABot();
  $("seed-row").hidden = !bots;
  $("seed").disabled = !bots;
  $("seed-note").hidden = bots;
}

function kindOf(value) {
  if (value === null) return "optional";
  return Array.isArray(value) ? "list" : typeof value;
}

function optionValue(input) {
  // the option as the person set it, in the type of its default ("optional": blank is none)
  if (input.dataset.kind === "items") {
    return [...input.querySelectorAll("select[data-item]")].map((part) => part.value);
  }
  const text = (input.value || "").trim();
  switch (input.dataset.kind) {
    case "choice": return text;
    case "optional-number": return text === "" ? null : Number(text);
    case "boolean": return input.checked;
    case "number": return Number(text);
    case "list": return text.split(",").map((part) => part.trim()).filter((part) => part);
    case "optional": return text === "" ? null : (Number.isNaN(Number(text)) ? text : Number(text));
    default: return text;
  }
}

function readOptions() {
  // only the options changed from their defaults are sent
  const options = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    const value = optionValue(input);
    if (JSON.stringify(value) !== input.dataset.default) options[input.dataset.option] = value;
  }
  return options;
}

const MAX_SEED = 9223372036854775807n;
const RETRY_WAIT = 2;

function refuse(text) {
  const box = $("lobby-message");
  box.textContent = text;
  box.hidden = !text;
}

function retryAfter(response) {
  const seconds = Number(response.headers.get("Retry-After"));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : RETRY_WAIT;
}

async function detailOf(response) {
  // a refusal's reason: `{"detail": "<text>"}`, or the status text if the body is not JSON
  const data = await response.json().catch(() => ({}));
  if (typeof data.detail === "string") return data.detail;
  return data.detail === undefined ? `${response.status} ${response.statusText}` : JSON.stringify(data.detail);
}

function requestText() {
  // the body of the creation, or null (with the reason shown) if the seed typed is not one;
  // the seed is written into the text as typed, since a JavaScript number would round a
  // seed above 2**53
  const body = {
    game: $("game").value,
    players: Number($("players").value),
    options: readOptions(),
    seats: [...document.querySelectorAll("select[data-seat]")].map(seatValue),
    public: $("public").checked,
    rated: $("rated").checked,
    hand_over_after: Number($("hand-over").value),
    ...paceFields(), // pace.js
  };
  const text = JSON.stringify(body);
  const seed = $("seed").value.trim();
  if (!everySeatABot() || !seed) return text;
  if (!/^[0-9]{1,19}$/.test(seed) || BigInt(seed) > MAX_SEED) {
    refuse(`The seed is a whole number from 0 to ${MAX_SEED}, or blank for a random one.`);
    return null;
  }
  return `${text.slice(0, -1)},"seed":${BigInt(seed)}}`;
}

async function post(text) {
  await account.ready; // signed in: the CSRF token is known before the creation is sent
  return fetch("/api/games", { method: "POST", headers: accountHeaders({ "Content-Type": "application/json" }), body: text });
}

async function create(event) {
  event.preventDefault();
  refuse("");
  const text = requestText();
  if (text === null) return;
  const button = $("create-button");
  button.disabled = true;
  try {
    let response = await post(text);
    if (response.status === 503) {
      // the database is away for a moment and nothing was created: try once more
      refuse("The table's database is briefly unavailable, trying again…");
      await new Promise((resolve) => setTimeout(resolve, retryAfter(response) * 1000));
      response = await post(text);
    }
    if (!response.ok) {
      const detail = await detailOf(response);
      if (response.status === 503) {
        refuse(`The table's database is still unavailable; nothing was created. Try again in a moment. (${detail})`);
      } else if (response.status === 429) {
        refuse(`Too many games created at once: wait ${retryAfter(response)} s. (${detail})`);
      } else {
        refuse(`The game was not created: ${detail}`);
      }
      return;
    }
    showCreated(await response.json());
  } catch (error) {
    refuse(`The table could not be reached: ${error.message}`);
  } finally {
    button.disabled = false;
  }
}

function showCreated(data) {
  const links = $("links");
  links.replaceChildren();
  for (const seat of data.seats) {
    const item = document.createElement("li");
    if (seat.link) {
      const link = document.createElement("a");
      link.href = seat.link;
      link.textContent = `${seat.seat}: ${location.origin}${seat.link}`;
      link.className = "seat-link";
      link.dataset.seat = seat.seat;
      item.append(link);
      if (seat.player) item.append(document.createTextNode(` (yours, ${seat.player}: also in "Your games" wherever you sign in)`));
    } else {
      const open = seat.player ? `open: kept for ${seat.player}, who sees it under their invitations` : "open: anyone may take it";
      item.textContent = `${seat.seat}: ${seat.controller === "open" ? open : `${seat.controller} bot`}`;
    }
    links.append(item);
  }
  const spectator = $("spectator-link");
  spectator.href = data.spectator_link;
  spectator.textContent = `${location.origin}${data.spectator_link}`;
  const creator = $("creator-link");
  creator.href = data.creator_link;
  creator.textContent = `${location.origin}${data.creator_link}`;
  const token = decodeURIComponent(data.creator_link.split("#creator=")[1] || "");
  if (token) remember({ id: data.id, seat: null, token: null, title: data.title, game: data.game, creator: token });
  $("created").hidden = false;
  showMyGames();
  showOpenGames();
}

// -- the games this browser remembers ---------------------------------------------------

const STORE = "stratagem.games";

function remembered() {
  try {
    const list = JSON.parse(localStorage.getItem(STORE) || "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

function keep(list) {
  try { localStorage.setItem(STORE, JSON.stringify(list)); } catch { /* storage off */ }
}

function remember(entry) {
  // add or update one seat (seat null: the creator's own entry) of a game; a creator
  // token is kept with every entry of its game
  const list = remembered();
  const same = (e) => e.id === entry.id && (e.seat || null) === (entry.seat || null);
  const old = list.find(same) || {};
  const creator = entry.creator || old.creator || (list.find((e) => e.id === entry.id && e.creator) || {}).creator;
  const kept = list.filter((e) => !same(e));
  for (const e of kept) if (e.id === entry.id && creator) e.creator = creator;
  kept.push({ ...old, ...entry, creator: creator || null, at: Date.now() });
  keep(kept);
}

function forget(id) {
  keep(remembered().filter((e) => e.id !== id));
  showMyGames();
}

let accountEntries = []; // the signed-in account's seats (lobby_account.js), not kept in this browser

function entriesToShow() {
  // one line per seat remembered or held by the account; a game's creator entry only if
  // no seat of it is
  const local = remembered();
  const known = new Set(local.map((e) => `${e.id} ${e.seat}`));
  const list = local.concat(accountEntries.filter((e) => !known.has(`${e.id} ${e.seat}`)));
  const seated = new Set(list.filter((e) => e.seat && e.token).map((e) => e.id));
  return list.filter((e) => (e.seat && e.token) || (!seated.has(e.id) && e.creator));
}

async function summaryOf(entry) {
  // the game at a glance; with a seat's token, whether its link still holds the seat (403:
  // a new link was made for the seat, and this one has ended)
  const headers = entry.seat && entry.token ? { "X-Seat-Token": entry.token } : {};
  try {
    const response = await fetch(`/api/games/${encodeURIComponent(entry.id)}/summary`, { headers });
    if (response.status === 404) return { gone: true };
    if (response.status === 403) return { ended: true };
    if (!response.ok) return { error: `${response.status}` };
    return await response.json();
  } catch (error) {
    return { error: error.message };
  }
}

function linkOf(entry) {
  if (entry.seat && entry.token) return `/games/${entry.id}#seat=${encodeURIComponent(entry.token)}`;
  return `/games/${entry.id}#creator=${encodeURIComponent(entry.creator)}`;
}

function standing(entry, summary) {
  // [rank, words]: the seat's turn first, then games going on, finished ones last
  if (summary.gone) return [4, "no longer on this table"];
  if (summary.ended) {
    return [4, `this link has ended: a new link was made for ${entry.seat} (the game's creator has it)`];
  }
  if (summary.error) return [3, `could not be read (${summary.error})`];
  if (summary.finished) {
    const winners = summary.result && summary.result.winners.length ? summary.result.winners.join(", ") : "nobody";
    return [3, `over · winner: ${winners}`];
  }
  const waited = waitedWords(summary.waiting_since);
  if (summary.open_seats.length) return [1, `waiting for: ${summary.open_seats.join(", ")}${waited}`];
  if (entry.seat && summary.to_move === entry.seat) return [0, `your turn${waited}`];
  return [2, `to move: ${summary.to_move}${waited}`];
}

function waitedWords(since) {
  // " · waiting 5 min": how long the game has waited for the seat to move
  if (!Number.isFinite(since)) return "";
  const seconds = Math.max(0, Date.now() / 1000 - since);
  if (seconds < 60) return " · waiting under a minute";
  if (seconds < 3600) return ` · waiting ${Math.floor(seconds / 60)} min`;
  if (seconds < 86400) return ` · waiting ${Math.floor(seconds / 3600)} h`;
  const days = Math.floor(seconds / 86400);
  return ` · waiting ${days} day${days === 1 ? "" : "s"}`;
}

function opponentsWords(entry, summary) {
  // "against Spanish (random bot)": the other seats and who plays them
  if (!Array.isArray(summary.seats)) return "";
  const others = summary.seats.filter((seat) => seat.name !== entry.seat).map((seat) => {
    const person = seat.player || "a person";
    const who = seat.controller === "human" ? person : seat.controller === "open" ? "open" : `${seat.controller} bot`;
    return `${seat.name} (${who})`;
  });
  return others.length ? `${entry.seat ? "against" : "seats"}: ${others.join(", ")}` : "";
}

function paceWords(summary) {
  // "live game, 5:00 a move, Dutch has 3:12 left": a timed game's pace and clock
  const clock = summary.clock;
  if (!clock || summary.finished || summary.ended) return "";
  const words = `${clock.pace} game, ${timeLeft(clock.per_move * 1000)} a move`;
  const [due] = Object.entries(clock.due || {});
  if (!due) return words;
  const ms = Date.parse(due[1]) - Date.now();
  return `${words}, ${due[0]} ${ms > 0 ? `has ${timeLeft(ms)} left` : "is out of time"}`;
}

function gameItem(entry, summary, rank, words) {
  const item = document.createElement("li");
  item.className = `my-game rank-${rank}`;
  item.dataset.game = entry.id;
  item.dataset.seatName = entry.seat || "";
  item.dataset.state = summary.ended ? "ended" : rank === 0 ? "your-turn" : rank >= 3 ? "over" : "going-on";
  const link = document.createElement("a");
  link.href = linkOf(entry);
  link.textContent = entry.title || summary.title || entry.id;
  const as = entry.seat ? ` as ${entry.seat}` : " (you created it)";
  const state = document.createElement("span");
  state.className = rank === 0 ? "state your-turn" : "state";
  state.textContent = words;
  const drop = document.createElement("button");
  drop.type = "button";
  drop.className = "forget";
  drop.textContent = "Forget";
  drop.title = "Remove from this list (the link itself still works)";
  drop.addEventListener("click", () => forget(entry.id));
  item.append(link, document.createTextNode(`${as} · `), state);
  const against = opponentsWords(entry, summary);
  if (against) item.append(text(` · ${against}`, "opponents"));
  const pace = paceWords(summary);
  if (pace) item.append(text(` · ${pace}`, "pace"));
  item.append(drop);
  return item;
}

async function showMyGames() {
  const entries = entriesToShow();
  const box = $("my-games");
  $("my-games-section").hidden = entries.length === 0;
  if (!entries.length) return;
  const summaries = await Promise.all(entries.map(summaryOf));
  const rows = entries.map((entry, index) => {
    const summary = summaries[index];
    const [rank, words] = standing(entry, summary);
    return { entry, summary, rank, words };
  });
  rows.sort((a, b) => a.rank - b.rank || (b.entry.at || 0) - (a.entry.at || 0));
  box.replaceChildren(...rows.map((row) => gameItem(row.entry, row.summary, row.rank, row.words)));
}

// -- public games with open seats ---------------------------------------------------------

function since(iso) {
  if (!iso) return "";
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return "";
  return ` since ${when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}`;
}

function optionsWords(options) {
  const parts = Object.entries(options).map(([name, value]) =>
    `${name.replaceAll("_", " ")}: ${Array.isArray(value) ? value.join(", ") : String(value)}`);
  return parts.length ? parts.join(" · ") : "standard options";
}

function openItem(game) {
  const item = document.createElement("li");
  item.className = "open-game";
  item.dataset.game = game.id;
  const head = document.createElement("div");
  const title = document.createElement("strong");
  title.textContent = game.title;
  head.append(title, document.createTextNode(` · ${optionsWords(game.options)} · created${since(game.created_at)}`));
  const seats = document.createElement("ul");
  seats.className = "open-seats";
  for (const seat of game.seats) {
    const line = document.createElement("li");
    if (seat.controller === "open" && seat.player && seat.player !== account.name) {
      line.textContent = `${seat.name}: open, kept for ${seat.player} (invited)`;
    } else if (seat.controller === "open") {
      line.textContent = `${seat.name}: open `;
      const take = document.createElement("button");
      take.type = "button";
      take.className = "take-seat";
      take.dataset.index = String(seat.seat);
      take.dataset.seatName = seat.name;
      take.textContent = `Take seat ${seat.name}`;
      take.addEventListener("click", () => takeSeat(game, seat));
      line.append(take);
    } else {
      const rated = seat.player && Number.isFinite(seat.rating) ? `${seat.player} (${seat.rating})` : seat.player;
      const who = seat.controller === "human" ? (rated || "a person") : `${seat.controller} bot`;
      line.textContent = `${seat.name}: ${who}${seat.controller === "human" ? since(seat.since) : ""}`;
    }
    seats.append(line);
  }
  item.append(head, seats);
  return item;
}

async function showOpenGames() {
  const box = $("open-games");
  try {
    const games = await (await fetch("/api/open")).json();
    box.replaceChildren(...games.map(openItem));
    $("open-none").hidden = games.length > 0;
  } catch (error) {
    $("open-none").hidden = false;
    $("open-none").textContent = `The open games could not be read: ${error.message}`;
  }
}

async function takeSeat(game, seat) {
  const note = $("open-message");
  note.hidden = true;
  try {
    await account.ready;
    const response = await fetch(`/api/games/${encodeURIComponent(game.id)}/seats/${seat.seat}/join`, { method: "POST", headers: accountHeaders() });
    if (!response.ok) {
      note.textContent = `Seat ${seat.name} was not taken: ${await detailOf(response)}`;
      note.hidden = false;
      showOpenGames();
      return;
    }
    const joined = await response.json();
    const token = decodeURIComponent(joined.link.split("#seat=")[1]);
    remember({ id: game.id, seat: joined.seat, token, title: game.title, game: game.game });
    location.href = joined.link;
  } catch (error) {
    note.textContent = `The table could not be reached: ${error.message}`;
    note.hidden = false;
  }
}

// lobby_account.js comes after this script: its functions exist once the page is parsed
const parsed = new Promise((resolve) => {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", resolve, { once: true });
  else resolve();
});

async function start() {
  const [answer, offered] = await Promise.all([fetch("/api/catalog"), readLevels()]);
  catalog = await answer.json();
  levels = offered;
  const games = $("game");
  for (const entry of catalog) games.append(option(entry.name, entry.title));
  games.addEventListener("change", fillPlayers);
  $("players").addEventListener("change", () => { fillOptions(); fillSeats(); });
  $("seats").addEventListener("change", showSeed);
  $("create").addEventListener("submit", create);
  fillPlayers();
  // the lists are read and kept fresh whatever becomes of the account's reading
  showMyGames();
  showOpenGames();
  setInterval(showOpenGames, OPEN_EVERY * 1000);
  setInterval(async () => { await readMyAccountGames(); showMyGames(); }, MINE_EVERY * 1000);
  await account.ready;
  await parsed;
  await refreshAccount(); // lobby_account.js: the account's seats, and "me" among the seats' choices
}

const OPEN_EVERY = 10;
const MINE_EVERY = 30;
start();
