// The service worker (static/messaging/push/sw.js, served at /sw.js), run in a context of its
// own as a browser runs it: a push shows one notification (a game's tag replaces the older);
// a click focuses the tab of that page or opens it; only page loads that fail are answered,
// with the offline page, the only thing it caches.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import vm from "node:vm";

const SOURCE = readFileSync(new URL("../../static/messaging/push/sw.js", import.meta.url), "utf8");
const ORIGIN = "https://badux.test";

function worker({ tabs = [], network = true, caches = ["badux-offline-v1", "old-cache"] } = {}) {
  const handlers = {};
  const seen = { shown: [], focused: [], opened: [], cached: [], deleted: [], claimed: 0 };
  const stored = new Map(caches.map((name) => [name, new Map()]));
  const self = {
    location: { origin: ORIGIN },
    addEventListener(type, handler) { handlers[type] = handler; },
    skipWaiting: () => Promise.resolve(),
    registration: { showNotification(title, options) { seen.shown.push({ title, options }); return Promise.resolve(); } },
    clients: {
      matchAll: () => Promise.resolve(tabs.map((url) => ({ url, focus() { seen.focused.push(url); return Promise.resolve(this); } }))),
      openWindow(url) { seen.opened.push(url); return Promise.resolve(null); },
      claim() { seen.claimed += 1; return Promise.resolve(); },
    },
    caches: {
      open(name) {
        if (!stored.has(name)) stored.set(name, new Map());
        const cache = stored.get(name);
        return Promise.resolve({
          add(request) { seen.cached.push(request.url); cache.set(request.url, `offline page (${request.credentials})`); return Promise.resolve(); },
          match(url) { return Promise.resolve(cache.get(url)); },
        });
      },
      keys: () => Promise.resolve([...stored.keys()]),
      delete(name) { seen.deleted.push(name); return Promise.resolve(stored.delete(name)); },
    },
  };
  class Request { constructor(url, init = {}) { this.url = url; this.credentials = init.credentials; } }
  const fetch = (request) => (network ? Promise.resolve(`page ${request.url}`) : Promise.reject(new TypeError("offline")));
  vm.runInNewContext(SOURCE, { self, Request, fetch, URL, Promise });
  return { handlers, seen, stored };
}

// Dispatches `event` to the handler of `type` and waits for what it handed to waitUntil.
async function dispatch(handlers, type, event = {}) {
  let waited = null;
  let answered;
  handlers[type]({ ...event, waitUntil(p) { waited = p; }, respondWith(p) { answered = p; } });
  if (waited) await waited;
  return answered;
}

test("a push shows one notification with the text, the page and the game's tag", async () => {
  const { handlers, seen } = worker();
  const payload = { title: "Your turn", body: "Your turn in game 7: kuro played move 12.", url: `${ORIGIN}/games/7/`, tag: "abc", icon: "/static/img/icons/badux-wood-192.png" };
  await dispatch(handlers, "push", { data: { json: () => payload, text: () => JSON.stringify(payload) } });
  assert.equal(seen.shown.length, 1);
  const [{ title, options }] = seen.shown;
  assert.equal(title, "Your turn");
  assert.equal(options.body, payload.body);
  assert.equal(options.tag, "abc");
  assert.equal(options.renotify, true);
  assert.equal(options.data.url, payload.url);
});

test("a push that is not our JSON still shows, plainly", async () => {
  const { handlers, seen } = worker();
  await dispatch(handlers, "push", { data: { json() { throw new SyntaxError("no"); }, text: () => "hello" } });
  assert.equal(seen.shown[0].title, "Badux");
  assert.equal(seen.shown[0].options.body, "hello");
  assert.equal(seen.shown[0].options.data.url, "/");
});

function click(url) {
  const notification = { data: { url }, closed: false, close() { this.closed = true; } };
  return notification;
}

test("a click focuses the tab already showing the game", async () => {
  const { handlers, seen } = worker({ tabs: [`${ORIGIN}/games/8/`, `${ORIGIN}/games/7/#board`] });
  const notification = click(`${ORIGIN}/games/7/`);
  await dispatch(handlers, "notificationclick", { notification });
  assert.equal(notification.closed, true);
  assert.deepEqual(seen.focused, [`${ORIGIN}/games/7/#board`]);
  assert.deepEqual(seen.opened, []);
});

test("a click with no tab of that game opens it", async () => {
  const { handlers, seen } = worker({ tabs: [`${ORIGIN}/games/70/`, `${ORIGIN}/games/`] });
  await dispatch(handlers, "notificationclick", { notification: click(`${ORIGIN}/games/7/`) });
  assert.deepEqual(seen.focused, []);
  assert.deepEqual(seen.opened, [`${ORIGIN}/games/7/`]);
});

test("installing caches the offline page alone, without cookies; activating drops other caches", async () => {
  const { handlers, seen, stored } = worker();
  await dispatch(handlers, "install");
  assert.deepEqual(seen.cached, ["/offline/"]);
  assert.equal(stored.get("badux-offline-v1").get("/offline/"), "offline page (omit)");
  await dispatch(handlers, "activate");
  assert.deepEqual(seen.deleted, ["old-cache"]);
  assert.equal(seen.claimed, 1);
});

test("a page load goes to the network, and to the offline page only when that fails", async () => {
  const online = worker();
  await dispatch(online.handlers, "install");
  const page = await dispatch(online.handlers, "fetch", { request: { mode: "navigate", url: `${ORIGIN}/games/7/` } });
  assert.equal(page, `page ${ORIGIN}/games/7/`);

  const offline = worker({ network: false });
  await dispatch(offline.handlers, "install");
  const answer = await dispatch(offline.handlers, "fetch", { request: { mode: "navigate", url: `${ORIGIN}/games/7/` } });
  assert.equal(answer, "offline page (omit)");
});

test("nothing but page loads is answered: scripts, images and data go by the network", async () => {
  const { handlers } = worker({ network: false });
  for (const mode of ["cors", "no-cors", "same-origin"]) {
    const answered = await dispatch(handlers, "fetch", { request: { mode, url: `${ORIGIN}/games/7/words/` } });
    assert.equal(answered, undefined);
  }
});

test("a click never opens a page of another site: the site's home instead", async () => {
  for (const url of ["https://evil.test/games/7/", "javascript:alert(1)", "//evil.test/x"]) {
    const { handlers, seen } = worker({ tabs: ["https://evil.test/games/7/"] });
    await dispatch(handlers, "notificationclick", { notification: click(url) });
    assert.deepEqual(seen.focused, []);
    assert.deepEqual(seen.opened, [`${ORIGIN}/`], url);
  }
});
