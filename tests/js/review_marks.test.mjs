// A review's marks and labels (static/games/review_marks.js, used by review_tree.js on
// templates/games/reviews/show.html): what the board shows for a node, drawn as the server
// draws it, redrawn when stepping; with a mark tool chosen, Enter on the cursor's point (its
// "badux:cursor-enter" event) and the typed point send a mark instead of a move, and the answer
// is drawn and said.
import assert from "node:assert/strict";
import { test } from "node:test";
import { page, settle } from "./dom.mjs";

// 0 (start) - 1 B A1 (a triangle on its stone, label "A" on C1) - 2 W B1.
const NODES = [
  { id: 0, parent: null, colour: null, point: null, kind: "root", name: "", number: 0, captures: [], children: [1] },
  { id: 1, parent: 0, colour: "B", point: 0, kind: "play", name: "A1", number: 1, captures: [], children: [2],
    marks: [["TR", 0], ["CR", 0]], labels: [[2, "A"]] },
  { id: 2, parent: 1, colour: "W", point: 1, kind: "play", name: "B1", number: 2, captures: [], children: [] },
];

function reviewPage(node, { answer, status = 200 } = {}) {
  const circles = Array.from({ length: 9 }, (_, p) =>
    `<circle class="bd-st" data-point="${p}" data-name="${"ABCDEFGHJ"[p]}1" cx="${p * 20}" cy="160"></circle>`).join("");
  const tools = ["triangle", "square", "circle", "cross", "letter", "number", "erase"]
    .map((t, i) => `<input type="radio" name="tool" value="${t}"${i ? "" : " checked"}>`).join("");
  const html = `
    <div data-review-tree-page data-editable="1" data-move-url="/move/" data-node="${node}">
      <div class="board-frame" data-board><svg class="bd" data-size="9">${circles}<circle class="bd-lm"></circle><g class="bd-links"></g></svg></div>
      <span data-review-here></span>
      <form data-review-move-form><input name="csrfmiddlewaretoken" value="t"><input name="point"></form>
      <p data-review-error></p>
      <form data-review-mark-form action="/mark/">
        <input name="csrfmiddlewaretoken" value="t">
        <span data-review-tool-play hidden><input type="radio" name="tool" value=""></span>${tools}
        <input name="point"><input name="text"><p data-review-mark-error></p>
      </form>
      <nav data-review-tree></nav>
    </div>
    <p id="board-said" role="status"></p>
    <script type="application/json" id="review-tree-data">${JSON.stringify({ nodes: NODES, setup: {} })}</script>`;
  const sent = [];
  const window = page(html, {
    url: `http://badux.test/games/reviews/abc/?node=${node}`,
    scripts: ["games/review_marks.js", "games/review_tree.js"],
    before(window) {
      window.fetch = async (url, options) => {
        sent.push({ url, fields: Object.fromEntries(options.body.entries) });
        return { ok: status === 200, json: async () => answer };
      };
      window.FormData = class { constructor() { this.entries = []; } append(k, v) { this.entries.push([k, v]); } };
    },
  });
  return { window, sent };
}

const marksOf = (window) => Array.from(window.document.querySelectorAll("svg g.bd-marks > *"))
  .map((m) => `${m.tagName}:${m.getAttribute("data-name")}:${m.getAttribute("data-mark")}:${m.getAttribute("class")}${m.tagName === "text" ? ":" + m.textContent : ""}`);

function choose(window, tool) {
  const radio = window.document.querySelector(`[data-review-mark-form] input[value="${tool}"]`);
  radio.checked = true;
}

function enter(window, point) {
  const frame = window.document.querySelector("[data-board]");
  const event = new window.CustomEvent("badux:cursor-enter", { cancelable: true, detail: { point } });
  frame.dispatchEvent(event);
  return event.defaultPrevented;
}

test("what a node shows: one thing a point, a label over a mark, the first mark over later ones", () => {
  const { window } = reviewPage(0);
  const shown = (node) => JSON.parse(JSON.stringify(window.baduxReviewMarks.shown(node)));
  assert.deepEqual(shown(NODES[1]), { 0: "triangle", 2: "A" });
  assert.deepEqual(shown({ marks: [["SQ", 4], ["MA", 5]], labels: [[4, " long "], [6, "   "]] }), { 4: "lon", 5: "cross" });
  assert.deepEqual(shown(NODES[0]), {});
});

test("the marks of the node shown are drawn, on the stone's colour, and redrawn when stepping", () => {
  const { window } = reviewPage(1);
  assert.deepEqual(marksOf(window), ["polygon:A1:triangle:bd-mk on-b", "text:C1:label:bd-mk on-e:A"]);
  const group = window.document.querySelector("g.bd-marks");
  assert.equal(group.nextElementSibling.getAttribute("class"), "bd-links", "below the links");
  window.document.dispatchEvent(new window.KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
  assert.deepEqual(marksOf(window), [], "move 2 has no marks");
  window.document.dispatchEvent(new window.KeyboardEvent("keydown", { key: "ArrowLeft", bubbles: true }));
  assert.equal(marksOf(window).length, 2);
});

test("the script shows the 'no mark' choice and chooses it: the board plays moves", () => {
  const { window, sent } = reviewPage(2, { answer: { node: NODES[2] } });
  const none = window.document.querySelector("[data-review-tool-play]");
  assert.equal(none.hidden, false);
  assert.equal(window.baduxReviewMarks.tool(window.document.querySelector("[data-review-mark-form]")), "");
  assert.equal(enter(window, "E1"), true);
  assert.equal(sent[0].url, "/move/");
});

test("with a tool chosen, Enter on a point sends the mark; the answer is drawn and said", async () => {
  const marked = { ...NODES[2], marks: [["SQ", 4]], labels: [] };
  const { window, sent } = reviewPage(2, { answer: { node: marked, placed: true, said: "Square at E1." } });
  choose(window, "square");
  assert.equal(enter(window, "E1"), true);
  await settle();
  await settle();
  assert.equal(sent[0].url, "/mark/");
  assert.deepEqual(sent[0].fields, { node: "2", tool: "square", point: "E1", text: "" });
  assert.deepEqual(marksOf(window), ["rect:E1:square:bd-mk on-e"]);
  await new Promise((resolve) => setTimeout(resolve, 80));
  assert.equal(window.document.getElementById("board-said").textContent, "Square at E1.");
});

test("the typed point and label text go with the mark; a refusal is shown, nothing drawn", async () => {
  const { window, sent } = reviewPage(2, { status: 400, answer: { error: "A label is 1 to 8 characters." } });
  choose(window, "letter");
  const form = window.document.querySelector("[data-review-mark-form]");
  form.querySelector("input[name=point]").value = " F1 ";
  form.querySelector("input[name=text]").value = "ko";
  form.dispatchEvent(new window.Event("submit", { cancelable: true }));
  await settle();
  await settle();
  assert.deepEqual(sent[0].fields, { node: "2", tool: "letter", point: "F1", text: "ko" });
  assert.equal(form.querySelector("[data-review-mark-error]").textContent, "A label is 1 to 8 characters.");
  assert.deepEqual(marksOf(window), []);
});

test("the typed form without a tool or a point says what is missing and sends nothing", () => {
  const { window, sent } = reviewPage(2);
  const form = window.document.querySelector("[data-review-mark-form]");
  form.dispatchEvent(new window.Event("submit", { cancelable: true }));
  assert.equal(form.querySelector("[data-review-mark-error]").textContent, "Choose a mark first.");
  choose(window, "cross");
  form.dispatchEvent(new window.Event("submit", { cancelable: true }));
  assert.equal(form.querySelector("[data-review-mark-error]").textContent, "Say where: a point such as D4.");
  assert.equal(sent.length, 0);
});
