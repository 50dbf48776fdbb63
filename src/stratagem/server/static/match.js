// The lobby's waiting room: ask for a game (game, players, pace), see the request wait
// (its rating and how far the range has widened), stop waiting, and open the game once
// matched. Shown to a signed-in person only (account.js); every change carries the
// session's CSRF token. The leaderboards' links are for everyone.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const POLL = 3000;
  let catalog = [];
  let timer = null;

  function option(value, text) {
    const node = document.createElement("option");
    node.value = String(value);
    node.textContent = text;
    return node;
  }

  async function detail(response) {
    const body = await response.json().catch(() => ({}));
    return body.detail || `the table answered ${response.status}`;
  }

  function say(message) {
    $("match-message").textContent = message || "";
    $("match-message").hidden = !message;
  }

  function fillPlayers() {
    const game = catalog.find((g) => g.name === $("match-game").value);
    const players = $("match-players");
    players.replaceChildren();
    if (!game) return;
    for (let n = Math.max(2, game.min_players); n <= game.max_players; n++) players.append(option(n, String(n)));
  }

  async function linkOf(gameId) {
    const response = await fetch("/api/account/games");
    if (!response.ok) return `/games/${gameId}`;
    const seat = (await response.json()).find((s) => s.id === gameId && s.link);
    return seat ? seat.link : `/games/${gameId}`;
  }

  async function show(state) {
    clearTimeout(timer);
    const status = $("match-status");
    $("match-cancel").hidden = state.state !== "waiting";
    $("match-button").disabled = state.state === "waiting";
    if (state.state === "waiting") {
      const title = (catalog.find((g) => g.name === state.game) || {}).title || state.game;
      status.textContent = `Waiting for a ${state.players}-player ${title} (${state.pace}) with ratings ` +
        `near ${state.rating} (within ${state.window} points now; waited ${Math.round(state.waited)} s)…`;
      timer = setTimeout(poll, POLL);
    } else if (state.state === "matched") {
      status.replaceChildren(document.createTextNode("Matched! "));
      const link = document.createElement("a");
      link.href = await linkOf(state.game_id);
      link.textContent = "Open your game";
      status.append(link, document.createTextNode(" (it is in your games too)."));
    } else {
      status.textContent = "";
    }
  }

  async function poll() {
    const response = await fetch("/api/match");
    if (response.ok) await show(await response.json());
  }

  async function ask(event) {
    event.preventDefault();
    say("");
    const body = { game: $("match-game").value, players: Number($("match-players").value), pace: $("match-pace").value };
    const response = await fetch("/api/match", {
      method: "POST",
      headers: accountHeaders({ "Content-Type": "application/json" }),
      body: JSON.stringify(body),
    });
    if (!response.ok) return say(`No request made: ${await detail(response)}`);
    await show(await response.json());
  }

  async function cancel() {
    say("");
    const response = await fetch("/api/match", { method: "DELETE", headers: accountHeaders() });
    if (!response.ok && response.status !== 409) return say(`Not withdrawn: ${await detail(response)}`);
    await poll();
  }

  async function prepare() {
    // the catalog's games in the form, and every game's leaderboard linked (once)
    catalog = await (await fetch("/api/catalog")).json();
    $("match-game").replaceChildren(...catalog.map((g) => option(g.name, g.title)));
    fillPlayers();
    const boards = $("match-boards");
    for (const g of catalog) {
      const a = document.createElement("a");
      a.href = `/leaderboard/${g.name}`;
      a.textContent = g.title;
      boards.append(a, document.createTextNode(" "));
    }
    $("match-game").addEventListener("change", fillPlayers);
    $("match-form").addEventListener("submit", ask);
    $("match-cancel").addEventListener("click", cancel);
  }

  const prepared = prepare();

  async function start() {
    await Promise.all([prepared, account.ready]);
    clearTimeout(timer);
    $("match-section").hidden = !account.name; // signed out: no waiting room
    if (account.name) await poll();
  }

  start().catch((error) => say(error.message));
  // signed in or out on this page (the lobby's account script says so)
  document.addEventListener("account", () => start().catch((error) => say(error.message)));
})();
