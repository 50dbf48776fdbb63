// The analysis beside a finished game's replay: ask for a seat's analysis (it runs in the
// background and is stored with the game), then draw each seat's estimated chance along
// the game, the analysed seat's line bold, and its turning points as links to their step.
"use strict";

(() => {
  const game = document.body.dataset.gameId;
  const COLOURS = ["#7a4b00", "#2f4f8f", "#2f6f3e", "#8f2f2f", "#5f3f7f"];
  const WIDTH = 320, HEIGHT = 160, PAD = 18, LEFT = 34;  // LEFT: room for the percentages
  const POLL = 1500;
  const SVG = "http://www.w3.org/2000/svg";
  const node = (id) => document.getElementById(id);

  function tell(text) { node("analysis-message").textContent = text; }

  async function getJson(method, path) {
    const response = await fetch(path, { method });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(data.detail || `${response.status} ${response.statusText}`);
    return data;
  }

  function svg(kind, attributes) {
    const made = document.createElementNS(SVG, kind);
    for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, String(value));
    return made;
  }

  function percent(value) { return `${Math.round(value * 100)}%`; }

  function draw(analysis) {
    // x: the step of each of the seat's decisions; y: each seat's chance after it
    const decisions = analysis.decisions;
    const box = node("analysis-chart");
    box.replaceChildren();
    if (!decisions.length) { tell(`${analysis.seats[analysis.seat]} had no real choice to judge.`); return; }
    const last = Math.max(...decisions.map((d) => d.step), 1);
    const x = (step) => LEFT + (WIDTH - LEFT - PAD) * (step / last);
    const y = (chance) => HEIGHT - PAD - (HEIGHT - 2 * PAD) * chance;
    const chart = svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img",
      "aria-label": `each seat's estimated chance along the game, as ${analysis.seats[analysis.seat]} saw it` });
    chart.append(svg("line", { class: "axis", x1: LEFT, y1: y(0), x2: WIDTH - PAD, y2: y(0) }));
    chart.append(svg("line", { class: "axis", x1: LEFT, y1: y(0.5), x2: WIDTH - PAD, y2: y(0.5), "stroke-dasharray": "3 3" }));
    const label = (words, attributes) => { const made = svg("text", attributes); made.textContent = words; chart.append(made); };
    for (const chance of [0, 0.5, 1]) label(percent(chance), { class: "tick", x: LEFT - 4, y: y(chance) + 3, "text-anchor": "end" });
    label("step 0", { class: "tick", x: LEFT, y: HEIGHT - 4 });
    label(`step ${last}`, { class: "tick", x: WIDTH - PAD, y: HEIGHT - 4, "text-anchor": "end" });
    analysis.seats.forEach((name, seat) => {
      const points = decisions.map((d) => `${x(d.step).toFixed(1)},${y(d.chances[seat]).toFixed(1)}`).join(" ");
      const line = svg("polyline", { class: seat === analysis.seat ? "line own" : "line", points, stroke: COLOURS[seat % COLOURS.length] });
      const title = svg("title", {});
      title.textContent = name;
      line.append(title);
      chart.append(line);
    });
    const list = node("analysis-points");
    list.replaceChildren();
    for (const point of analysis.turning_points) {
      const decision = decisions[point.index];
      const before = Math.max(decision.step - 1, 0);  // the position where the seat chose
      const go = (event) => { event.preventDefault(); goToStep(before); };
      const mark = svg("a", { href: "#", "aria-label": `turning point at step ${decision.step}` });
      mark.append(svg("circle", { cx: x(decision.step), cy: y(decision.chances[analysis.seat]), r: 4 }));
      mark.addEventListener("click", go);
      chart.append(mark);
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = "#";
      link.textContent = `step ${decision.step}`;
      link.addEventListener("click", go);
      const swing = `${point.swing >= 0 ? "+" : ""}${percent(point.swing)}`;
      item.append(link, `: ${swing} · played ${decision.played}`);
      if (decision.best !== decision.played) {
        const loss = document.createElement("span");
        loss.className = "loss";
        loss.textContent = ` · the strongest bot: ${decision.best} (${percent(decision.best_chances[analysis.seat] - decision.chances[analysis.seat])})`;
        item.append(loss);
      }
      list.append(item);
    }
    const legend = document.createElement("p");
    legend.className = "analysis-legend";
    analysis.seats.forEach((name, seat) => {
      const key = document.createElement("span");
      key.style.borderTopColor = COLOURS[seat % COLOURS.length];
      key.textContent = seat === analysis.seat ? `${name} (analysed)` : name;
      legend.append(key);
    });
    box.append(chart, legend);
    tell(`${analysis.seats[analysis.seat]}'s analysis: ${decisions.length} decisions, ${analysis.turning_points.length} turning points.`);
  }

  async function show(seat) {
    // the stored analysis of the chosen seat, polled while it runs
    const rows = await getJson("GET", `/api/games/${game}/analyses`);
    const row = rows.find((r) => r.seat === seat);
    if (!row) { tell(""); node("analysis-chart").replaceChildren(); node("analysis-points").replaceChildren(); return; }
    if (row.state === "running") { tell(`Analysing ${seat}… (in the background)`); setTimeout(() => show(seat).catch((e) => tell(e.message)), POLL); return; }
    if (row.state === "failed") { tell(row.error || "the analysis failed"); return; }
    draw(row.analysis);
  }

  async function ask(event) {
    event.preventDefault();
    const seat = node("analysis-seat").value;
    try {
      await getJson("POST", `/api/games/${game}/analyses/${encodeURIComponent(seat)}`);
      await show(seat);
    } catch (error) {
      tell(error.message);
    }
  }

  async function start() {
    try {
      const summary = await getJson("GET", `/api/games/${game}/summary`);
      const select = node("analysis-seat");
      for (const seat of summary.seats) {
        const option = document.createElement("option");
        option.textContent = seat.name;
        select.append(option);
      }
      select.addEventListener("change", () => show(select.value).catch((e) => tell(e.message)));
      node("analysis-form").addEventListener("submit", ask);
      await show(select.value);
    } catch (error) {
      tell(error.message);
    }
  }

  start();
})();
