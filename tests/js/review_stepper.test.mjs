// The review's stepper (static/games/review_tree.js on templates/games/reviews/show.html):
// Back and Forward are always there, disabled (no href) at the ends of the line shown, and
// Forward follows that line, into a variation when one is shown.
import assert from "node:assert/strict";
import { test } from "node:test";
import { click, key, page, settle } from "./dom.mjs";

// 0 (start) - 1 B C3 - 2 W D4 - 3 B E5, and a variation 4 W E3 after move 1.
const NODES = [
  { id: 0, parent: null, colour: null, point: null, kind: "root", name: "", number: 0, captures: [], children: [1] },
  { id: 1, parent: 0, colour: "B", point: 6, kind: "play", name: "C3", number: 1, captures: [], children: [2, 4] },
  { id: 2, parent: 1, colour: "W", point: 4, kind: "play", name: "D4", number: 2, captures: [], children: [3] },
  { id: 3, parent: 2, colour: "B", point: 2, kind: "play", name: "E5", number: 3, captures: [], children: [] },
  { id: 4, parent: 1, colour: "W", point: 8, kind: "play", name: "E3", number: 2, captures: [], children: [] },
];

function reviewPage(node, { query = `?node=${node}`, editable = false, answer } = {}) {
  const circles = Array.from({ length: 9 }, (_, p) => `<circle class="bd-st" data-point="${p}" data-name="P${p}" cx="${p * 20}" cy="0"></circle>`).join("");
  const html = `
    <div data-review-tree-page data-editable="${editable ? 1 : 0}" data-move-url="/move/" data-node="${node}">
      <div class="board-frame" data-board><svg class="bd" data-size="9">${circles}<circle class="bd-lm"></circle></svg></div>
      <nav class="review-steps">
        <a class="button" href="?node=0" data-step="root">Start</a>
        <a class="button" data-step="back" role="link" aria-disabled="true">Back</a>
        <span data-review-here></span>
        <a class="button" data-step="forward" role="link" aria-disabled="true">Forward</a>
      </nav>
      <form data-review-move-form><input name="csrfmiddlewaretoken" value="t"><input name="point"></form>
      <p data-review-error></p>
      <nav data-review-tree><a href="?node=1" data-node="1">1. B C3</a></nav>
    </div>
    <script type="application/json" id="review-tree-data">${JSON.stringify({ nodes: NODES, setup: {} })}</script>`;
  return page(html, {
    url: `http://badux.test/games/reviews/abc/${query}`,
    scripts: ["games/review_tree.js"],
    before(window) {
      window.fetch = async () => ({ ok: true, json: async () => ({ node: answer }) });
      window.FormData = class { append() {} };
    },
  });
}

function steps(window) {
  const out = {};
  for (const name of ["back", "forward"]) {
    const a = window.document.querySelector(`[data-step="${name}"]`);
    assert.ok(a, `${name} is on the page`);
    assert.equal(a.hidden, false, `${name} is not hidden`);
    out[name] = a.hasAttribute("href") ? a.getAttribute("href") : "disabled";
    assert.equal(a.getAttribute("aria-disabled") === "true", out[name] === "disabled");
  }
  return out;
}

const step = (window, name) => click(window.document.querySelector(`[data-step="${name}"]`));
const here = (window) => window.document.querySelector("[data-review-here]").textContent;

test("at the last move Back leads back and Forward is disabled; after Back, Forward returns", () => {
  const window = reviewPage(3);
  assert.deepEqual(steps(window), { back: "?node=2&line=3", forward: "disabled" });
  step(window, "back");
  assert.equal(here(window), "2. W D4");
  assert.deepEqual(steps(window), { back: "?node=1&line=3", forward: "?node=3&line=3" });
  step(window, "forward");
  assert.equal(here(window), "3. B E5");
});

test("from the start, Forward keeps Back on the page", () => {
  const window = reviewPage(0);
  assert.deepEqual(steps(window), { back: "disabled", forward: "?node=1&line=3" });
  step(window, "forward");
  assert.deepEqual(steps(window), { back: "?node=0&line=3", forward: "?node=2&line=3" });
});

test("stepping back out of a variation, Forward goes back into it", () => {
  const window = reviewPage(4);
  assert.deepEqual(steps(window), { back: "?node=1&line=4", forward: "disabled" });
  step(window, "back");
  assert.deepEqual(steps(window), { back: "?node=0&line=4", forward: "?node=4&line=4" });
  key(window, "ArrowRight");
  assert.equal(here(window), "2. W E3");
  assert.equal(window.location.search, "?node=4&line=4");
});

test("a page opened with ?line= follows that line; a tree link starts the main line", () => {
  const window = reviewPage(1, { query: "?node=1&line=4" });
  assert.equal(steps(window).forward, "?node=4&line=4");
  click(window.document.querySelector('[data-review-tree] a[data-node="1"]'));
  assert.equal(steps(window).forward, "?node=2&line=3");
});

test("after playing a variation, Forward is disabled, not a stale link to the main line", async () => {
  const played = { id: 5, parent: 2, colour: "B", point: 0, kind: "play", name: "A5", number: 3, captures: [], children: [] };
  const window = reviewPage(2, { editable: true, answer: played });
  window.document.querySelector("input[name=point]").value = "A5";
  window.document.querySelector("[data-review-move-form]").dispatchEvent(new window.Event("submit", { cancelable: true }));
  await settle();
  await settle();
  assert.equal(here(window), "3. B A5");
  assert.deepEqual(steps(window), { back: "?node=2&line=5", forward: "disabled" });
  step(window, "back");
  assert.equal(steps(window).forward, "?node=5&line=5");
});
