// A span of time as the table's pages write it (the game page's clock, the lobby's games):
// "2 d 23 h", "5 h 04 min", "4:59".

function timeLeft(ms) {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, "0");
  if (days) return `${days} d ${hours} h`;
  if (hours) return `${hours} h ${String(minutes).padStart(2, "0")} min`;
  return `${minutes}:${rest}`;
}
