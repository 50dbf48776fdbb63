// The lobby's pace of a new game (pace.py): untimed, or live, fast or slow with a time per
// move within the pace's range (typed in its unit: minutes, hours, days) and what a seat
// out of time gets. Each choice says in a line what it means.

function paceOption() {
  const select = document.getElementById("pace");
  return select.value ? select.selectedOptions[0] : null;
}

function showPace() {
  const chosen = paceOption();
  const perMove = document.getElementById("per-move");
  document.getElementById("per-move-row").hidden = !chosen;
  document.getElementById("on-timeout-row").hidden = !chosen;
  document.getElementById("on-timeout-note").hidden = !chosen;
  perMove.disabled = !chosen;
  document.getElementById("pace-note").textContent = `(${chosen ? chosen.title : document.getElementById("pace").selectedOptions[0].title})`;
  if (!chosen) return;
  const unit = Number(chosen.dataset.unit);
  perMove.min = String(Number(chosen.dataset.least) / unit);
  perMove.max = String(Number(chosen.dataset.most) / unit);
  perMove.value = String(Number(chosen.dataset.default) / unit);
  document.getElementById("per-move-unit").textContent = `${chosen.dataset.units} (${perMove.min} to ${perMove.max})`;
  showConsequence();
}

function showConsequence() {
  const select = document.getElementById("on-timeout");
  document.getElementById("on-timeout-note").textContent = `(${select.selectedOptions[0].title})`;
}

function paceFields() {
  // what the creation says of the pace: nothing for an untimed game
  const chosen = paceOption();
  if (!chosen) return {};
  const perMove = Math.round(Number(document.getElementById("per-move").value) * Number(chosen.dataset.unit));
  return { pace: chosen.value, per_move: perMove, on_timeout: document.getElementById("on-timeout").value };
}

document.getElementById("pace").addEventListener("change", showPace);
document.getElementById("on-timeout").addEventListener("change", showConsequence);
showPace();
