// The live game's updates on the websocket: the seat's whole payload first (and again
// whenever this page asks for it), then RFC 6902 JSON Patches, each from the payload the
// page holds to the next one ({"type": "patch", "from": v, "version": w, "ops": [...]}).
// A patch that does not start from the version held, or does not apply, is dropped and the
// whole payload asked for ({"type":"resync"}); nothing of it is shown.
"use strict";

const Updates = (() => {
  const RESYNC = JSON.stringify({ type: "resync" });
  let held = null;     // the whole payload as last sent or patched (its whole event log)
  let asked = false;   // a whole payload was asked for and has not come yet

  class Unapplied extends Error {}

  function tokens(path) {
    // an RFC 6901 pointer's reference tokens ("" is the whole document)
    if (path === "") return [];
    if (typeof path !== "string" || path[0] !== "/") throw new Unapplied(`bad path ${path}`);
    return path.slice(1).split("/").map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
  }

  function position(list, token, adding) {
    // an array index token: "-" (past the end) only to add
    if (adding && token === "-") return list.length;
    if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new Unapplied(`bad index ${token}`);
    const at = Number(token);
    if (at > list.length || (!adding && at === list.length)) throw new Unapplied(`no index ${token}`);
    return at;
  }

  function isContainer(value) {
    return value !== null && typeof value === "object";
  }

  function has(container, token) {
    return Array.isArray(container)
      ? /^(0|[1-9][0-9]*)$/.test(token) && Number(token) < container.length
      : Object.prototype.hasOwnProperty.call(container, token);
  }

  function walk(doc, path) {
    // the container the pointer's last token is in, and that token
    const steps = tokens(path);
    if (!steps.length) return null;
    let at = doc;
    for (const token of steps.slice(0, -1)) {
      if (!isContainer(at) || !has(at, token)) throw new Unapplied(`no ${path}`);
      at = at[token];
    }
    if (!isContainer(at)) throw new Unapplied(`no ${path}`);
    return [at, steps[steps.length - 1]];
  }

  function get(doc, path) {
    const found = walk(doc, path);
    if (found === null) return doc;
    const [container, token] = found;
    if (!has(container, token)) throw new Unapplied(`no ${path}`);
    return container[token];
  }

  function add(doc, path, value) {
    const found = walk(doc, path);
    if (found === null) return value;
    const [container, token] = found;
    if (Array.isArray(container)) container.splice(position(container, token, true), 0, value);
    else container[token] = value;
    return doc;
  }

  function remove(doc, path) {
    const found = walk(doc, path);
    if (found === null) throw new Unapplied("the whole document cannot be removed");
    const [container, token] = found;
    if (!has(container, token)) throw new Unapplied(`no ${path}`);
    const value = container[token];
    if (Array.isArray(container)) container.splice(position(container, token, false), 1);
    else delete container[token];
    return [doc, value];
  }

  function replace(doc, path, value) {
    // in place: a key keeps its place among its object's keys
    const found = walk(doc, path);
    if (found === null) return value;
    const [container, token] = found;
    if (!has(container, token)) throw new Unapplied(`no ${path}`);
    container[Array.isArray(container) ? position(container, token, false) : token] = value;
    return doc;
  }

  function same(a, b) {
    if (a === b) return true;
    if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b)) return false;
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((key) => has(b, key) && same(a[key], b[key]));
  }

  function applyPatch(doc, ops) {
    // the document after ``ops`` (RFC 6902: add, remove, replace, move, copy, test)
    if (!Array.isArray(ops)) throw new Unapplied("a patch is a list of operations");
    for (const op of ops) {
      if (!isContainer(op)) throw new Unapplied("an operation is an object");
      const needsValue = ["add", "replace", "test"].includes(op.op);
      if (needsValue && !("value" in op)) throw new Unapplied(`${op.op} without a value`);
      switch (op.op) {
        case "add":
          doc = add(doc, op.path, structuredClone(op.value));
          break;
        case "remove":
          [doc] = remove(doc, op.path);
          break;
        case "replace":
          doc = replace(doc, op.path, structuredClone(op.value));
          break;
        case "move": {
          if (op.path.startsWith(`${op.from}/`)) throw new Unapplied("a move into itself");
          const [rest, value] = op.from === "" ? [undefined, doc] : remove(doc, op.from);
          doc = add(rest, op.path, value);
          break;
        }
        case "copy":
          doc = add(doc, op.path, structuredClone(get(doc, op.from)));
          break;
        case "test":
          if (!same(get(doc, op.path), op.value)) throw new Unapplied(`test failed at ${op.path}`);
          break;
        default:
          throw new Unapplied(`unknown operation ${op.op}`);
      }
    }
    return doc;
  }

  function firstEventChanged(ops, had) {
    // the first entry of the event log a patch touched (``had``: none of them)
    let first = had;
    for (const op of ops) {
      for (const path of [op.path, op.op === "move" ? op.from : null]) {
        if (path === "" || path === "/events") return 0;
        const match = typeof path === "string" ? /^\/events\/([^/]+)/.exec(path) : null;
        if (match) first = Math.min(first, match[1] === "-" ? had : Number(match[1]));
      }
    }
    return Math.max(0, first);
  }

  function seedText(raw) {
    // a seed added by a patch, as the digits sent (a JavaScript number rounds it)
    const match = /"path":"\/seed","value":(-?[0-9]+)[,}]/.exec(raw);
    return match ? match[1] : null;
  }

  function take(data, raw, ask) {
    // ``data``, a websocket message of the live game (``raw``, its text): the payload to
    // show, with ``events_start`` saying how much of its log the page has already, or
    // ``null`` when nothing is to be shown (then ``ask`` is called, once, to send a
    // request for the whole payload)
    if (data.type !== "patch") {
      held = data;
      asked = false;
      return data;
    }
    let next = null;
    if (held && held.version === data.from) {
      try {
        next = applyPatch(structuredClone(held), data.ops);
      } catch (error) {
        if (!(error instanceof Unapplied) && !(error instanceof TypeError)) throw error;
      }
    }
    if (!isContainer(next) || !Array.isArray(next.events)) {
      held = null;
      if (!asked) {
        asked = true;
        ask(RESYNC);
      }
      return null;
    }
    const had = held.events.length;
    if (next.seed !== undefined && next.seed !== null && held.seed === undefined) {
      next.seedText = seedText(raw) || String(next.seed);
    }
    held = next;
    const start = firstEventChanged(data.ops, had);
    return { ...held, events_start: start, events: held.events.slice(start) };
  }

  return { take, applyPatch };
})();
