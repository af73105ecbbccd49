// A typed point the rules refuse (static/games/board.js): on the game page the confirm bar
// says the server's reason with no Play button drawn; on an exercise (no words to ask) the
// form goes to the server, whose verdict gives the reason.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { page, settle } from "./dom.mjs";

const SITE_CSS = readFileSync(new URL("../../static/css/site.css", import.meta.url), "utf8");

function boardPage({ wordsUrl }) {
  const words = wordsUrl ? ` data-words-url="${wordsUrl}"` : "";
  return page(`
    <style>${SITE_CSS}</style>
    <div class="board-frame" data-board data-move-form="move-form"${words}>
      <svg class="bd" data-to-move="b"><g class="bd-links">
        <a class="bd-pt" href="?confirm=A1" data-name="A1"><circle cx="0" cy="0"></circle></a>
      </g><g class="bd-stones"><circle class="bd-st b" data-name="B1"></circle></g></svg>
    </div>
    <form id="move-form" method="post"><input name="point"><button type="submit">Play</button></form>`, {
    scripts: ["games/board.js"],
    before(window) {
      window.fetch = async () => ({ json: async () => ({ text: "B1: that point already holds a stone." }) });
    },
  });
}

function submit(window, typed) {
  const form = window.document.getElementById("move-form");
  form.elements.point.value = typed;
  const event = new window.Event("submit", { cancelable: true });
  form.dispatchEvent(event);
  return event;
}

test("on the game page a refused point is explained, with no Play button drawn", async () => {
  const window = boardPage({ wordsUrl: "/games/7/words/" });
  await settle();
  const sent = submit(window, "b1");
  assert.equal(sent.defaultPrevented, true);
  await settle();
  await settle();
  const doc = window.document;
  assert.equal(doc.querySelector(".board-confirm-words").textContent, "B1: that point already holds a stone.");
  const play = doc.querySelector(".board-confirm-play");
  assert.equal(play.hidden, true);
  assert.equal(window.getComputedStyle(play).display, "none", "[hidden] beats .button's display");
  assert.equal(doc.querySelector(".board-confirm").hidden, false);
});

test("on an exercise a refused point goes to the server, which says why", async () => {
  const window = boardPage({ wordsUrl: null });
  await settle();
  assert.equal(submit(window, "B1").defaultPrevented, false);
  assert.equal(submit(window, "I4").defaultPrevented, false);
  assert.equal(window.document.querySelector(".board-confirm").hidden, true);
  // A clickable point still gets the confirm step.
  assert.equal(submit(window, "a1").defaultPrevented, true);
  assert.equal(window.document.querySelector(".board-confirm-play").textContent, "Play A1");
});
