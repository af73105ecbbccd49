// The game page following the game (static/games/board_live.js): when the words' status says a
// move was made, the page is read again and every data-live part swapped, the board's scripts
// set the new parts up, the focus stays on its point and the news is said; when the page
// cannot be read, the news is said with the "Show the new position" link.
import assert from "node:assert/strict";
import { test } from "node:test";
import { page, settle } from "./dom.mjs";

function gamePage(moveNumber, turn, { playable = false } = {}) {
  return `
    <div data-live="turn"><p class="to-move">${turn}</p></div>
    <div class="game-layout" data-live-url="/games/7/">
      <div data-live="board"><div class="board-frame" data-board data-cursor data-words-url="/games/7/words/" data-poll>
        <svg class="bd" data-move-number="${moveNumber}"><g data-cursor="D4" tabindex="0"></g><g data-cursor="E5" tabindex="-1"></g></svg>
      </div>${playable ? '<script src="/static/games/board.js" defer></script>' : ""}</div>
      <p id="board-said" role="status"></p>
      <p id="board-news" hidden><a href="/games/7/">Show the new position</a></p>
      <div data-live="play">${playable ? `<form id="move-form"><input name="move_number" value="${moveNumber}"></form>` : ""}</div>
    </div>
    <div class="messages"><p class="board-moved">You played C3.</p></div>`;
}

function livePage({ fresh, pageOk = true }) {
  const asked = [];
  const started = [];
  let tick = null;
  const window = page(gamePage(1, "Black to play"), {
    url: "http://badux.test/games/7/",
    scripts: ["games/board_live.js"],
    before(window) {
      window.setInterval = (fn) => { tick = fn; return 1; };
      window.clearInterval = () => { tick = null; };
      window.baduxCursor = { start: () => started.push("cursor") };
      window.fetch = async (url) => {
        asked.push(url);
        if (url.startsWith("/games/7/words/")) {
          return { json: async () => ({ changed: true, text: "Black played D4. Your turn." }) };
        }
        return { ok: pageOk, status: pageOk ? 200 : 503, text: async () => fresh };
      };
    },
  });
  return { window, asked, started, tick: () => tick && tick() };
}

async function settleAll(window) {
  for (let i = 0; i < 6; i++) { await settle(); }
  await new Promise((resolve) => window.setTimeout(resolve, 80));
}

test("a new move swaps the board, the turn and the move form, keeping the focus on its point", async () => {
  const fresh = `<html><body>${gamePage(2, "Your turn (White), move 3.", { playable: true })}</body></html>`;
  const live = livePage({ fresh });
  const { window } = live;
  await settle();  // DOMContentLoaded: the poll starts
  window.document.querySelector('[data-cursor="E5"]').focus();
  live.tick();
  await settleAll(window);
  const doc = window.document;
  assert.deepEqual(live.asked, ["/games/7/words/?format=json&ask=status&since=1", "/games/7/"]);
  assert.equal(doc.querySelector("p.to-move").textContent, "Your turn (White), move 3.");
  assert.equal(doc.querySelector("svg.bd").getAttribute("data-move-number"), "2");
  assert.equal(doc.querySelector('#move-form input[name="move_number"]').value, "2");
  assert.equal(doc.querySelector("[data-board]").getAttribute("data-cursor-start"), "E5");
  assert.equal(doc.activeElement.getAttribute("data-cursor"), "E5");
  assert.equal(doc.getElementById("board-said").textContent, "Black played D4. Your turn.");
  assert.equal(doc.getElementById("board-news").hidden, true);
  assert.equal(doc.querySelector(".board-moved"), null, "the old flash is not said again");
  assert.deepEqual(live.started, ["cursor"]);
  // board.js was not on the page (not the player's turn then): it is loaded now.
  assert.ok(doc.querySelector('body > script[src="/static/games/board.js"]'));
  // The poll goes on from the new move number.
  live.tick();
  await settleAll(window);
  assert.equal(live.asked[2], "/games/7/words/?format=json&ask=status&since=2");
});

test("when the page cannot be read, the news is said with the link to the new position", async () => {
  const live = livePage({ fresh: "", pageOk: false });
  await settle();
  live.tick();
  await settleAll(live.window);
  const doc = live.window.document;
  assert.equal(doc.getElementById("board-said").textContent, "Black played D4. Your turn.");
  assert.equal(doc.getElementById("board-news").hidden, false);
  assert.equal(doc.querySelector("p.to-move").textContent, "Black to play");
});
