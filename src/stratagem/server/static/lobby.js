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

async function create(event) {
  event.preventDefault();
  $("lobby-message").textContent = "";
  const seedText = $("seed").value.trim();
  const body = {
    game: $("game").value,
    players: Number($("players").value),
    options: readOptions(),
    seats: [...document.querySelectorAll("[data-seat]")].map((select) => select.value),
  };
  if (seedText) body.seed = Number(seedText);
  const response = await fetch("/api/games", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) {
    $("lobby-message").textContent = typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail);
    return;
  }
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
  $("create").addEventListener("submit", create);
  fillPlayers();
}

start();
