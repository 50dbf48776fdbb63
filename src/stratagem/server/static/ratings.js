// The leaderboard and profile pages: each reads its JSON and draws it (text only, never
// markup from the server: names are the players' own), the rating history as an SVG.
"use strict";

const SVG = "http://www.w3.org/2000/svg";

function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (cls) node.className = cls;
  return node;
}

function link(href, text) {
  const a = el("a", text);
  a.href = href;
  return a;
}

function playerLink(name) {
  if (!name) return el("span", "guest or bot", "hint");
  if (name === "deleted player") return el("span", name, "hint");
  return link("/players/" + encodeURIComponent(name), name);
}

function ratingText(rating, provisional) {
  return provisional ? rating + "?" : String(rating);
}

function say(message) {
  const box = document.getElementById("ratings-message");
  box.textContent = message;
  box.hidden = false;
}

async function getJson(url) {
  const response = await fetch(url, { headers: { Accept: "application/json" } });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(body.detail || ("the table answered " + response.status));
  return body;
}

function boards(games, current) {
  const nav = document.getElementById("boards");
  nav.replaceChildren(el("span", "Leaderboards: ", "hint"));
  for (const [name, title] of Object.entries(games)) {
    const item = name === current ? el("strong", title) : link("/leaderboard/" + name, title);
    nav.append(item, document.createTextNode(" "));
  }
}

function table(headers, rows) {
  const t = el("table", null, "ratings-table");
  const head = el("tr");
  for (const h of headers) head.append(el("th", h));
  t.append(head);
  for (const cells of rows) {
    const tr = el("tr");
    for (const cell of cells) {
      const td = el("td");
      if (cell instanceof Node) td.append(cell); else td.textContent = cell === null ? "" : String(cell);
      tr.append(td);
    }
    t.append(tr);
  }
  return t;
}

async function showLeaderboard(game) {
  const board = await getJson("/api/leaderboard/" + encodeURIComponent(game));
  boards(board.games, game);
  const content = document.getElementById("content");
  content.replaceChildren(el("h2", board.title));
  content.append(el("p", "A rating with ? is provisional (fewer than about five games). " +
    "Bots are placed by the lab's measurements: hover a bot for how.", "hint"));
  const rows = board.standings.map((line) => {
    const who = line.bot ? el("span", line.name, "bot") : playerLink(line.name);
    if (line.bot) who.title = line.measured + (line.commands.length ? "\n" + line.commands.join("\n") : "");
    return [line.rank, who, ratingText(line.rating, line.provisional), line.bot ? "bot" : line.games];
  });
  content.append(table(["#", "player", "rating", "games"], rows));
}

function svgNode(kind, attributes, content) {
  const node = document.createElementNS(SVG, kind);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (content !== undefined) node.textContent = content;
  return node;
}

function chart(points) {
  // the rating from the start (1500) after each rated game: a line with a dot and its
  // value at each game, the start's level dashed
  const width = 360, height = 150, left = 12, right = 12, top = 22, bottom = 22;
  const svg = svgNode("svg", { viewBox: `0 0 ${width} ${height}`, class: "rating-chart", role: "img" });
  const values = [1500, ...points.map((p) => p.rating)];
  const low = Math.min(...values) - 10, high = Math.max(...values) + 10;
  const x = (i) => left + (i * (width - left - right)) / Math.max(1, values.length - 1);
  const y = (v) => height - bottom - ((v - low) * (height - top - bottom)) / (high - low);
  svg.append(svgNode("line", { x1: left, x2: width - right, y1: y(1500), y2: y(1500), stroke: "#b9a77f", "stroke-dasharray": "4 3" }));
  svg.append(svgNode("polyline", {
    points: values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "),
    fill: "none", stroke: "currentColor", "stroke-width": 2,
  }));
  values.forEach((value, i) => {
    svg.append(svgNode("circle", { cx: x(i).toFixed(1), cy: y(value).toFixed(1), r: 3.5, fill: "currentColor" }));
    const anchor = i === 0 ? "start" : i === values.length - 1 ? "end" : "middle";
    const above = i === 0 || value >= values[i - 1];
    svg.append(svgNode("text", { x: x(i).toFixed(1), y: (y(value) + (above ? -8 : 16)).toFixed(1), "text-anchor": anchor, "font-size": 12 }, String(value)));
  });
  svg.append(svgNode("text", { x: left, y: height - 4, "font-size": 12, fill: "#5a4a2f" }, "start"));
  svg.append(svgNode("text", { x: width - right, y: height - 4, "font-size": 12, "text-anchor": "end", fill: "#5a4a2f" }, `after ${points.length} rated game${points.length === 1 ? "" : "s"}`));
  const title = document.createElementNS(SVG, "title");
  title.textContent = "rating after each rated game: " + values.join(", ");
  svg.append(title);
  return svg;
}

async function showProfile(name) {
  const profile = await getJson("/api/players/" + encodeURIComponent(name));
  const catalog = await getJson("/api/catalog");
  boards(Object.fromEntries(catalog.map((g) => [g.name, g.title])), null);
  const content = document.getElementById("content");
  content.replaceChildren(el("h2", profile.name));
  if (!profile.ratings.length) content.append(el("p", "No rated game yet.", "hint"));
  for (const rating of profile.ratings) {
    const section = el("section", null, "rating-game");
    section.append(el("h3", `${rating.title}: ${ratingText(rating.rating, rating.provisional)}` +
      ` (${rating.games} rated game${rating.games === 1 ? "" : "s"})`));
    const points = profile.history[rating.game] || [];
    if (points.length) section.append(chart(points));
    content.append(section);
  }
  content.append(el("h3", "Finished games"));
  const rows = profile.games.map((g) => {
    const others = el("span");
    for (const seat of g.seats) {
      if (seat.seat === g.seat) continue;
      others.append(document.createTextNode(seat.seat + ": "), playerLink(seat.player),
        document.createTextNode(seat.how === "result" || seat.how === "forfeit" ? " " : ` (${seat.how}) `));
    }
    const change = g.rated ? `${g.rating_before} → ${g.rating_after}` : "unrated";
    return [g.at.slice(0, 10), link("/games/" + g.id + "/replay", g.title), g.seat, others,
      g.result, g.how_words + ": " + g.reason, change];
  });
  content.append(table(["date", "game", "seat", "opponents", "result", "how it ended", "rating"], rows));
}

const body = document.body;
const shown = body.dataset.kind === "leaderboard" ? showLeaderboard(body.dataset.key) : showProfile(body.dataset.key);
shown.catch((error) => say(error.message));
