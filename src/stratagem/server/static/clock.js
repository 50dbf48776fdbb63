// A timed game's clock on its page (pace.py): the time left for the seat to act, ticking
// down, the same for every seat and spectator (the payload's "clock", from public facts
// alone). table.js draws each payload and tells "board-drawn"; a past step (looking back)
// has no clock and leaves this one as it is. Times are written by time_left.js.

(() => {
  const node = document.createElement("span");
  node.id = "clock";
  node.className = "clock";
  node.hidden = true;
  document.getElementById("who").after(node);
  let running = null; // { seat, at (ms since the epoch), title }

  function tick() {
    if (!running) return;
    const ms = running.at - Date.now();
    node.textContent = ms > 0 ? `${running.seat}: ${timeLeft(ms)} left` : `${running.seat}: out of time`;
    node.classList.toggle("late", ms <= 0);
    node.classList.toggle("short", ms > 0 && ms < 60000);
  }

  document.addEventListener("board-drawn", (event) => {
    const payload = event.detail;
    if (payload.step !== undefined) return;
    const clock = payload.clock;
    const due = clock && !payload.finished ? Object.entries(clock.due || {}) : [];
    if (!due.length) {
      running = null;
      node.hidden = true;
      return;
    }
    const [seat, at] = due[0];
    const words = { remind: "a reminder", bot: "the bot plays the seat on", lose: "the seat loses" };
    const perMove = timeLeft(clock.per_move * 1000);
    running = { seat, at: Date.parse(at) };
    node.title = `${clock.pace} game: ${perMove} a move; out of time: ${words[clock.on_timeout] || clock.on_timeout}`;
    node.hidden = false;
    tick();
  });
  setInterval(tick, 1000);
})();
