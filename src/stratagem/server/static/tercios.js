// Tercios: exact moves by clicking the table. While one of the seat's units is being
// activated (it is chosen at once), the seat may choose a unit (click it, or the list),
// clicks the point where the unit's front centre should go, may give a facing, and sends
// `move UNIT to X,Y [facing DEGREES]`; while one of its commanders is activated (not
// attached), it clicks where he should go and sends `move COMMANDER to X,Y` (a commander
// has no facing). The rules check the move and a refusal names the rule broken. The board's SVG carries the table's size in inches and its scale
// (pixels per inch, y drawn downwards from the far edge), and its user coordinates put the
// table's far left corner at the origin (the heading, the inch numbers and the legend lie
// outside the table, at negative or larger coordinates), so a click maps to inches.
"use strict";

(() => {
  const NS = "http://www.w3.org/2000/svg";
  const byId = (id) => document.getElementById(id);
  const choice = { unit: null, to: null, from: null, active: null, officer: false };
  let payload = null;
  // where the last press on the board was let go, to the fraction of a pixel (a click's
  // own coordinates are whole pixels, a tenth of an inch or so on the table)
  let released = null;

  function panel() {
    const box = byId("board-input");
    box.innerHTML = `
      <fieldset class="exact-move">
        <legend id="exact-legend">Exact move (Movement: Activation Movement)</legend>
        <label>Unit <select id="exact-unit"></select></label>
        <span>front centre to <output id="exact-to">click the table</output></span>
        <span>pointer: <output id="exact-pointer" class="readout">–</output></span>
        <label>facing <input id="exact-facing" type="number" step="1" min="0" max="359"
          placeholder="the way it moves"> °</label>
        <button id="exact-go" type="button" disabled>Move</button>
        <details class="hint"><summary>How to move exactly</summary>Click one of your units,
        then the point on the table where its front centre should go; the dashed blue ring is
        its Mvt (ground may change it), and a click beyond it is placed on the ring. Facing
        is in degrees counter-clockwise from the table's long edge (90: towards the far
        side), or shift-click the table to face that way; leave it blank to face the way the
        unit moves. An activated commander is moved by clicking where he should stand (no
        facing).</details>
      </fieldset>`;
    byId("exact-unit").addEventListener("change", (event) => select(event.target.value));
    byId("exact-go").addEventListener("click", send);
    byId("exact-facing").addEventListener("input", redraw);
    byId("board").addEventListener("pointerup", (event) => {
      released = { x: event.clientX, y: event.clientY };
    });
    byId("board").addEventListener("click", clicked);
    byId("board").addEventListener("pointermove", pointed);
    byId("board").addEventListener("pointerleave", () => { byId("exact-pointer").textContent = "–"; });
  }

  function allowance() {
    // the chosen unit's Mvt (with its order's bonus) as the view shows it: the ring's
    // radius, and how far a click may put it (ground may change it: the rules say)
    if (choice.officer) return null;
    const unit = payload.view.units.find((entry) => entry.name === choice.unit);
    const mvt = unit && unit.values ? Number(unit.values.mvt) : NaN;
    return Number.isFinite(mvt) && mvt > 0 ? { unit, mvt } : null;
  }

  function measure(point) {
    // distance (inches) and bearing (degrees counter-clockwise from the long edge) from
    // the chosen unit's front centre (or commander) to ``point``
    const from = origin();
    if (!from || !point) return null;
    const dx = point.x - from[0];
    const dy = point.y - from[1];
    const bearing = Math.round(((Math.atan2(dy, dx) * 180) / Math.PI + 360) % 360);
    return { distance: Math.hypot(dx, dy), bearing };
  }

  function origin() {
    if (choice.officer) {
      const officer = payload.view.commanders.find((entry) => entry.name === choice.unit);
      return officer ? [officer.x, officer.y] : null;
    }
    const unit = payload.view.units.find((entry) => entry.name === choice.unit);
    return unit ? unit.front : null;
  }

  function withinReach(point) {
    // a point beyond the allowance is put at the allowance on the same line, rounded
    // towards the unit (a hundredth of an inch short, since the view's front centre is
    // rounded to a thousandth): a click 4.04 inches ahead of a unit moving 4 becomes 4
    const reach = allowance();
    const from = origin();
    const measured = measure(point);
    if (!reach || !from || !measured || measured.distance <= reach.mvt - 0.01) return point;
    const along = (reach.mvt - 0.01) / measured.distance;
    const toward = (start, end) => {
      const exact = start + (end - start) * along;
      return Math.round((start < exact ? Math.floor(exact * 100) : Math.ceil(exact * 100))) / 100;
    };
    return { x: toward(from[0], point.x), y: toward(from[1], point.y), clamped: true };
  }

  function pointed(event) {
    if (!payload || !choice.unit || byId("board-input").hidden) return;
    const measured = measure(tablePoint(event));
    const out = byId("exact-pointer");
    if (!measured) { out.textContent = "–"; return; }
    const reach = allowance();
    const beyond = reach && measured.distance > reach.mvt ? ` (beyond Mvt ${reach.mvt}: placed at ${reach.mvt})` : "";
    out.textContent = `${measured.distance.toFixed(1)} in at ${measured.bearing}°${beyond}`;
  }

  function ownUnits() {
    return payload.view.units.filter((unit) => unit.side === payload.seat && unit.alive);
  }

  function ownCommanders() {
    return payload.view.commanders.filter(
      (officer) => officer.side === payload.seat && officer.alive && !officer.attached_to,
    );
  }

  function activeUnit() {
    // the unit being activated: the legal actions offer it "UNIT: end activation"
    const names = new Set(ownUnits().map((unit) => unit.name));
    for (const action of payload.legal) {
      const head = action.slice(0, action.lastIndexOf(": "));
      if (action.endsWith(": end activation") && names.has(head)) return head;
    }
    return null;
  }

  function activeCommander() {
    // the activated, unattached commander: the legal actions are his, "COMMANDER: ..."
    const officer = ownCommanders().find((entry) =>
      payload.legal.some((action) => action.startsWith(`${entry.name}: `)),
    );
    return officer ? officer.name : null;
  }

  function frontOf(name) {
    if (choice.officer) {
      const officer = payload.view.commanders.find((entry) => entry.name === name);
      return officer ? `${officer.x},${officer.y}` : null;
    }
    const unit = payload.view.units.find((entry) => entry.name === name);
    return unit ? unit.front.join(",") : null;
  }

  function select(name) {
    choice.unit = name;
    choice.to = null;
    redraw();
  }

  function tableGeometry() {
    const svg = document.querySelector("#board svg[data-scale]");
    if (!svg) return null;
    const d = svg.dataset;
    return { svg, scale: Number(d.scale), width: Number(d.tableWidth), depth: Number(d.tableDepth) };
  }

  function tablePoint(event) {
    // the click in table inches, or null outside the table
    const geometry = tableGeometry();
    if (!geometry) return null;
    const point = geometry.svg.createSVGPoint();
    const same =
      released &&
      Math.abs(released.x - event.clientX) < 1 &&
      Math.abs(released.y - event.clientY) < 1;
    point.x = same ? released.x : event.clientX;
    point.y = same ? released.y : event.clientY;
    const inner = point.matrixTransform(geometry.svg.getScreenCTM().inverse());
    const x = inner.x / geometry.scale;
    const y = geometry.depth - inner.y / geometry.scale;
    if (x < 0 || y < 0 || x > geometry.width || y > geometry.depth) return null;
    return { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 };
  }

  function clicked(event) {
    if (!payload || payload.to_move !== payload.seat) return;
    const unit = event.target.closest("[data-unit]");
    if (unit && unit.dataset.side === payload.seat && !choice.officer) {
      select(unit.dataset.unit);
      return;
    }
    const point = tablePoint(event);
    if (choice.to && point && event.shiftKey && !choice.officer) {
      // shift-click: face from the chosen point towards this one
      const degrees = (Math.atan2(point.y - choice.to.y, point.x - choice.to.x) * 180) / Math.PI;
      byId("exact-facing").value = String(Math.round((degrees + 360) % 360));
      redraw();
    } else if (choice.unit && point) {
      choice.to = withinReach(point);
      choice.from = frontOf(choice.unit);
      redraw();
    }
  }

  function actionText() {
    const facing = byId("exact-facing").value.trim();
    const text = `move ${choice.unit} to ${choice.to.x},${choice.to.y}`;
    return facing === "" || choice.officer ? text : `${text} facing ${Number(facing)}`;
  }

  function send() {
    if (choice.unit && choice.to) act(actionText());
  }

  function pending(tag, attributes) {
    // the dashed gold outline of where the move would put the unit or commander
    const shape = document.createElementNS(NS, tag);
    const common = { fill: "none", stroke: "#ffd700", "stroke-width": "2", id: "exact-ghost", "pointer-events": "none" };
    for (const [name, value] of Object.entries({ ...common, ...attributes })) {
      shape.setAttribute(name, value);
    }
    return shape;
  }

  function spot(geometry) {
    // where the commander would stand
    return pending("circle", {
      cx: String(choice.to.x * geometry.scale),
      cy: String((geometry.depth - choice.to.y) * geometry.scale),
      r: "6",
    });
  }

  function ghost(unit, geometry) {
    // the base where the move would put it: its front centre at the point, facing the
    // given way or else the way it moves (the corners as the engine's Placement has them)
    const facingText = byId("exact-facing").value.trim();
    const moved = Math.atan2(choice.to.y - unit.front[1], choice.to.x - unit.front[0]);
    const angle = facingText === "" ? moved : (Number(facingText) * Math.PI) / 180;
    const [hx, hy] = [Math.cos(angle), Math.sin(angle)];
    const [halfD, halfW] = [unit.depth / 2, unit.width / 2];
    const [cx, cy] = [choice.to.x - hx * halfD, choice.to.y - hy * halfD];
    const corners = [[halfD, halfW], [-halfD, halfW], [-halfD, -halfW], [halfD, -halfW]].map(
      ([d, w]) => [cx + hx * d + hy * w, cy + hy * d - hx * w],
    );
    const points = corners.map(([x, y]) => `${x * geometry.scale},${(geometry.depth - y) * geometry.scale}`);
    return pending("polygon", { points: points.join(" "), "stroke-dasharray": "5 3" });
  }

  function ring(reach, geometry) {
    // the unit's movement allowance: a dashed circle of Mvt inches around its front centre
    return pending("circle", {
      cx: String(reach.unit.front[0] * geometry.scale),
      cy: String((geometry.depth - reach.unit.front[1]) * geometry.scale),
      r: String(reach.mvt * geometry.scale),
      "stroke-dasharray": "8 6",
      stroke: "#1f6fb2",
      id: "exact-ring",
      "pointer-events": "none",
    });
  }

  function mark(svg, geometry) {
    // outline the chosen unit and draw its base where the move would put it
    for (const old of svg.querySelectorAll("#exact-ghost, #exact-ring")) old.remove();
    const chosen = [...svg.querySelectorAll("[data-unit]")].find(
      (node) => node.dataset.unit === choice.unit,
    );
    if (chosen) chosen.querySelector("polygon").setAttribute("stroke", "#ffd700");
    if (chosen) chosen.querySelector("polygon").setAttribute("stroke-width", "3");
    const unit = payload.view.units.find((entry) => entry.name === choice.unit);
    const reach = allowance();
    if (reach) svg.append(ring(reach, geometry));
    if (choice.to && choice.officer) svg.append(spot(geometry));
    else if (choice.to && unit) svg.append(ghost(unit, geometry));
  }

  function redraw() {
    const box = byId("board-input");
    // offered while one of the seat's units is being activated: only then may one move
    const playing = payload && payload.seat && payload.to_move === payload.seat && choice.active;
    box.hidden = !playing;
    if (!playing) return;
    const list = byId("exact-unit");
    const names = choice.officer ? [choice.active] : ownUnits().map((unit) => unit.name);
    byId("exact-legend").textContent = choice.officer
      ? "Exact move (Command: Activating a Commander)"
      : "Exact move (Movement: Activation Movement)";
    byId("exact-facing").disabled = choice.officer;
    if (!names.includes(choice.unit)) choice.unit = names[0] || null;
    list.replaceChildren(...names.map((name) => new Option(name, name, false, name === choice.unit)));
    const measured = measure(choice.to);
    const away = measured ? ` (${Math.floor(measured.distance * 10) / 10} in at ${measured.bearing}°)` : "";
    byId("exact-to").textContent = choice.to ? `${choice.to.x}, ${choice.to.y}` : "click the table";
    byId("exact-to").title = away;
    byId("exact-go").disabled = !(choice.unit && choice.to);
    const geometry = tableGeometry();
    if (geometry) mark(geometry.svg, geometry);
  }

  // the prompt in the board's own words: the last part of its heading's first line
  // ("Spanish to decide: a commander's action")
  promptSources.tercios = (_payload, board) => {
    const heading = board.querySelector("svg[data-scale] text");
    const words = heading ? (heading.textContent || "").split(" · ").pop() : "";
    return words.trim();
  };

  document.addEventListener("board-drawn", (event) => {
    if (document.body.dataset.mode !== "play") return;
    if (!byId("exact-unit")) panel();
    payload = event.detail;
    const unit = activeUnit();
    const active = unit || activeCommander();
    choice.officer = !unit && active !== null;
    if (active && active !== choice.active) {
      choice.unit = active;
      choice.to = null;
    }
    choice.active = active;
    if (choice.to && frontOf(choice.unit) !== choice.from) choice.to = null;  // it has moved
    redraw();
  });
})();
