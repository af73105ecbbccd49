// The preferences page's push section (static/messaging/push/push_devices.js): shown only where
// the browser can push; "Turn on push" asks for permission, subscribes with the site's VAPID
// key and stores the subscription with the CSRF token; a refusal is said, in the site's words.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { click, page, settle } from "./dom.mjs";

// A 65-byte uncompressed point, base64url: 0x04 then 64 bytes of 1..64.
const KEY_BYTES = [4, ...Array.from({ length: 64 }, (_, i) => i + 1)];
const KEY = Buffer.from(KEY_BYTES).toString("base64url");

const SECTION = `
  <section id="push">
    <div data-push data-public-key="${KEY}" data-subscribe-url="/settings/push/subscribe/"
         data-unsubscribe-url="/settings/push/unsubscribe/" data-worker-url="/sw.js" hidden>
      <input type="hidden" name="csrfmiddlewaretoken" value="tok123">
      <button type="button" data-push-subscribe>Turn on push on this device</button>
      <button type="button" data-push-unsubscribe hidden>Turn off push on this device</button>
      <p role="status" data-push-said></p>
    </div>
    <p data-push-needs-script>Subscribing a device needs JavaScript.</p>
  </section>`;

function browser({ permission = "granted", existing = null, answer = { status: 201, body: { id: 1 } }, push = true, listed = [] } = {}) {
  const seen = { subscribed: [], posted: [], registered: [] };
  const devices = listed.map((endpoint) => `<ul><li data-push-endpoint="${endpoint}">Chrome on Android</li></ul>`).join("");
  const window = page(SECTION + devices, {
    url: "http://badux.test/settings/preferences/",
    scripts: push ? [] : ["messaging/push/push_devices.js"],
    before(window) {
      if (!push) return;
      const subscription = {
        endpoint: "https://fcm.googleapis.com/fcm/send/abc",
        toJSON() { return { endpoint: this.endpoint, keys: { p256dh: "p", auth: "a" } }; },
        unsubscribe() { return Promise.resolve(true); },
      };
      const registration = {
        pushManager: {
          getSubscription: () => Promise.resolve(existing),
          subscribe(options) { seen.subscribed.push(options); return Promise.resolve(subscription); },
        },
      };
      Object.defineProperty(window.navigator, "serviceWorker", {
        value: {
          register(url, options) { seen.registered.push([url, options]); return Promise.resolve(registration); },
          ready: Promise.resolve(registration),
        },
      });
      window.PushManager = function PushManager() {};
      window.Notification = { permission: "default", requestPermission: () => Promise.resolve(permission) };
      window.fetch = (url, options) => {
        seen.posted.push({ url, options });
        return Promise.resolve({ ok: answer.status < 300, status: answer.status, json: () => Promise.resolve(answer.body) });
      };
    },
  });
  if (push) window.eval(readScript());
  return { window, seen };
}

function readScript() {
  return readFileSync(new URL("../../static/messaging/push/push_devices.js", import.meta.url), "utf8");
}

test("a browser without push keeps the section's note and no button", () => {
  const { window } = browser({ push: false });
  assert.equal(window.document.querySelector("[data-push]").hidden, true);
  assert.equal(window.document.querySelector("[data-push-needs-script]").hidden, false);
});

test("turning push on subscribes with the site's key and stores the subscription", async () => {
  const { window, seen } = browser();
  const doc = window.document;
  await settle();
  assert.equal(doc.querySelector("[data-push]").hidden, false);
  assert.equal(doc.querySelector("[data-push-needs-script]").hidden, true);
  assert.equal(seen.registered[0][0], "/sw.js");
  assert.equal(seen.registered[0][1].scope, "/");
  click(doc.querySelector("[data-push-subscribe]"));
  for (let i = 0; i < 6; i++) await settle();
  const [options] = seen.subscribed;
  assert.equal(options.userVisibleOnly, true);
  assert.deepEqual(Array.from(options.applicationServerKey), KEY_BYTES);
  const [post] = seen.posted;
  assert.equal(post.url, "/settings/push/subscribe/");
  assert.equal(post.options.method, "POST");
  assert.equal(post.options.headers["X-CSRFToken"], "tok123");
  assert.deepEqual(JSON.parse(post.options.body), {
    endpoint: "https://fcm.googleapis.com/fcm/send/abc",
    keys: { p256dh: "p", auth: "a" },
  });
  assert.match(doc.querySelector("[data-push-said]").textContent, /Push is on for this device/);
});

test("a permission refused is said and nothing is stored", async () => {
  const { window, seen } = browser({ permission: "denied" });
  await settle();
  click(window.document.querySelector("[data-push-subscribe]"));
  for (let i = 0; i < 6; i++) await settle();
  assert.equal(seen.subscribed.length, 0);
  assert.equal(seen.posted.length, 0);
  assert.match(window.document.querySelector("[data-push-said]").textContent, /did not allow notifications/);
  assert.equal(window.document.querySelector("[data-push-subscribe]").disabled, false);
});

test("the site's refusal is said in its own words", async () => {
  const answer = { status: 400, body: { code: "invalid", message: "This browser's push service is not one the site can reach." } };
  const { window } = browser({ answer });
  await settle();
  click(window.document.querySelector("[data-push-subscribe]"));
  for (let i = 0; i < 6; i++) await settle();
  assert.equal(window.document.querySelector("[data-push-said]").textContent, answer.body.message);
});

test("a device already subscribed offers to turn push off, which forgets it at the site", async () => {
  const existing = {
    endpoint: "https://fcm.googleapis.com/fcm/send/old",
    unsubscribe() { this.gone = true; return Promise.resolve(true); },
  };
  const { window, seen } = browser({ existing, listed: [existing.endpoint] });
  for (let i = 0; i < 3; i++) await settle();
  const doc = window.document;
  assert.equal(doc.querySelector("[data-push-subscribe]").hidden, true);
  assert.equal(doc.querySelector("[data-push-unsubscribe]").hidden, false);
  click(doc.querySelector("[data-push-unsubscribe]"));
  for (let i = 0; i < 6; i++) await settle();
  assert.equal(existing.gone, true);
  assert.equal(seen.posted[0].url, "/settings/push/unsubscribe/");
  assert.deepEqual(JSON.parse(seen.posted[0].options.body), { endpoint: existing.endpoint });
});

test("a subscription the site no longer lists is offered again as turning push on", async () => {
  const existing = { endpoint: "https://fcm.googleapis.com/fcm/send/forgotten", unsubscribe: () => Promise.resolve(true) };
  const { window } = browser({ existing, listed: ["https://fcm.googleapis.com/fcm/send/other"] });
  for (let i = 0; i < 3; i++) await settle();
  assert.equal(window.document.querySelector("[data-push-subscribe]").hidden, false);
  assert.equal(window.document.querySelector("[data-push-unsubscribe]").hidden, true);
});
