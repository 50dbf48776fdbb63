// The lobby: choose a game, its player count, options and who plays each seat; create it
// and hand out the seat links.
"use strict";

const $ = (id) => document.getElementById(id);
let catalog = [];

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
}

function fillOptions() {
  const game = chosenGame();
  const box = $("options");
  box.replaceChildren(box.querySelector("legend") || document.createElement("legend"));
  box.querySelector("legend").textContent = "Options";
  const entries = Object.entries(game.options);
  box.hidden = entries.length === 0;
  for (const [name, value] of entries) {
    const label = document.createElement("label");
    label.textContent = `${name.replaceAll("_", " ")} `;
    const input = document.createElement("input");
    input.dataset.option = name;
    input.dataset.kind = kindOf(value);
    input.dataset.default = JSON.stringify(value);
    if (typeof value === "boolean") { input.type = "checkbox"; input.checked = value; }
    else if (Array.isArray(value)) { input.value = value.join(", "); input.title = "names, separated by commas"; }
    else { input.value = value === null ? "" : String(value); }
    if (value === null) input.placeholder = "default";
    label.append(input);
    box.append(label);
  }
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
    for (const controller of game.controllers) {
      select.append(option(controller, controller === "human" ? "a person (gets a link)" : `${controller} bot`));
    }
    if (index > 0 && game.controllers.includes("heuristic")) select.value = "heuristic";
    label.append(select);
    box.append(label);
  });
  showSeed();
}

function everySeatABot() {
  return [...document.querySelectorAll("[data-seat]")].every((select) => select.value !== "human");
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
  const text = input.value.trim();
  switch (input.dataset.kind) {
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
    seats: [...document.querySelectorAll("[data-seat]")].map((select) => select.value),
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
  return fetch("/api/games", { method: "POST", headers: { "Content-Type": "application/json" }, body: text });
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
    } else {
      item.textContent = `${seat.seat}: ${seat.controller} bot`;
    }
    links.append(item);
  }
  const spectator = $("spectator-link");
  spectator.href = data.spectator_link;
  spectator.textContent = `${location.origin}${data.spectator_link}`;
  $("created").hidden = false;
}

async function start() {
  catalog = await (await fetch("/api/catalog")).json();
  const games = $("game");
  for (const entry of catalog) games.append(option(entry.name, entry.title));
  games.addEventListener("change", fillPlayers);
  $("players").addEventListener("change", fillSeats);
  $("seats").addEventListener("change", showSeed);
  $("create").addEventListener("submit", create);
  fillPlayers();
}

start();
