// The lobby's account part: sign in, sign up and out, the account's settings (turn
// reminders by e-mail, a new password, deleting it), its invitations to open seats, and
// its games merged into "Your games" (lobby.js). Every change carries the CSRF token
// (account.js); the session's cookie is HttpOnly.
"use strict";

function accountSay(message, isNote = false) {
  const box = $(isNote ? "account-note" : "account-message");
  const other = $(isNote ? "account-message" : "account-note");
  other.hidden = true;
  box.textContent = message;
  box.hidden = !message;
}

async function accountPost(path, body) {
  // POST as the account; the answer's JSON (or null), or throws the refusal's reason
  const response = await fetch(path, {
    method: "POST",
    headers: accountHeaders({ "Content-Type": "application/json" }),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(await detailOf(response));
  const raw = await response.text();
  return raw ? JSON.parse(raw) : null;
}

function showAccount() {
  const signedIn = Boolean(account.name);
  $("signed-out").hidden = signedIn;
  $("signed-in").hidden = !signedIn;
  if (signedIn) {
    $("account-name").textContent = account.name;
    $("profile-link").href = `/players/${encodeURIComponent(account.name)}`;
    $("reminders-email").value = account.email || "";
    $("reminders-on").checked = account.remind;
  }
}

async function readMyAccountGames() {
  // the account's seats: those it holds a link to go to "Your games", invitations here
  // (both replaced at once when the answer comes: two readings may overlap)
  let seats = [];
  if (account.name) {
    try {
      const response = await fetch("/api/account/games");
      if (response.ok) seats = await response.json();
    } catch { /* the table unreachable: nothing listed this time */ }
  }
  const held = [];
  const invited = [];
  for (const seat of seats) {
    if (seat.link) {
      const token = decodeURIComponent(seat.link.split("#seat=")[1] || "");
      held.push({ id: seat.id, seat: seat.seat, token, title: seat.title, game: seat.game, creator: null, at: 0 });
    } else {
      invited.push(invitationItem(seat));
    }
  }
  accountEntries = held;
  $("invitations").replaceChildren(...invited);
}

function invitationItem(seat) {
  const item = document.createElement("li");
  item.className = "invitation";
  item.dataset.game = seat.id;
  item.append(document.createTextNode(`You are invited to play ${seat.seat} in ${seat.title} `));
  const join = document.createElement("button");
  join.type = "button";
  join.className = "join-invitation";
  join.textContent = `Take seat ${seat.seat}`;
  join.addEventListener("click", async () => {
    try {
      const joined = await accountPost(`/api/games/${encodeURIComponent(seat.id)}/seats/${seat.seat_index}/join`);
      location.href = joined.link;
    } catch (error) {
      accountSay(`Seat ${seat.seat} was not taken: ${error.message}`);
    }
  });
  item.append(join);
  return item;
}

async function refreshAccount() {
  showAccount();
  await readMyAccountGames();
  fillSeats();
  showMyGames();
  showOpenGames();
}

function accountForm(id, submit) {
  $(id).addEventListener("submit", async (event) => {
    event.preventDefault();
    accountSay("");
    const button = event.target.querySelector("button[type=submit]");
    button.disabled = true;
    try {
      await submit();
    } catch (error) {
      accountSay(error.message);
    } finally {
      button.disabled = false;
    }
  });
}

accountForm("signin-form", async () => {
  const me = await accountPost("/api/account/signin", { name: $("signin-name").value.trim(), password: $("signin-password").value });
  $("signin-password").value = "";
  takeAccount(me);
});

accountForm("signup-form", async () => {
  const email = $("signup-email").value.trim();
  const me = await accountPost("/api/account/signup", {
    name: $("signup-name").value.trim(),
    password: $("signup-password").value,
    email: email || null,
  });
  $("signup-password").value = "";
  takeAccount(me);
  accountSay(`Welcome, ${me.name}: your account is made and you are signed in.`, true);
});

accountForm("reminders-form", async () => {
  const email = $("reminders-email").value.trim();
  const me = await accountPost("/api/account/reminders", { email: email || null, remind: $("reminders-on").checked });
  takeAccount(me);
  accountSay(me.remind ? `Turn reminders go to ${me.email}.` : "No turn reminders by e-mail.", true);
});

accountForm("password-form", async () => {
  await accountPost("/api/account/password", { password: $("password-old").value, new_password: $("password-new").value });
  $("password-old").value = "";
  $("password-new").value = "";
  accountSay("Password changed; your other browsers are signed out.", true);
});

accountForm("delete-form", async () => {
  await accountPost("/api/account/delete", { password: $("delete-password").value });
  $("delete-password").value = "";
  takeAccount(null);
  accountSay("Your account is deleted.", true);
});

$("signout-button").addEventListener("click", async () => {
  try {
    await accountPost("/api/account/signout");
    takeAccount(null);
  } catch (error) {
    accountSay(error.message);
  }
});

document.addEventListener("account", () => {
  if (catalog.length) refreshAccount(); // else lobby.js's start() does, once the catalog is read
});
showAccount();
