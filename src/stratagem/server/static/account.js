// The signed-in account, if any: its name, and the CSRF token that every change made
// while signed in carries (the session itself is an HttpOnly cookie no script reads).
// Loaded before the page's own script, by the lobby and the game pages.
"use strict";

const account = {
  name: null,
  email: null,
  remind: false,
  csrf: null,
  ready: null,
};

function accountHeaders(extra = {}) {
  // `extra` with the CSRF token when signed in
  return account.csrf ? { ...extra, "X-CSRF-Token": account.csrf } : extra;
}

function takeAccount(me) {
  account.name = me ? me.name : null;
  account.email = me ? me.email : null;
  account.remind = me ? Boolean(me.remind) : false;
  account.csrf = me ? me.csrf : null;
  document.dispatchEvent(new CustomEvent("account", { detail: me }));
}

async function readAccount() {
  // who is signed in (none: a 401, or the table unreachable)
  try {
    const response = await fetch("/api/account");
    takeAccount(response.ok ? await response.json() : null);
  } catch {
    takeAccount(null);
  }
}

account.ready = readAccount();
