/*
 * The game page follows the game while it is open (templates/games/board.html).
 *
 * The board frame's data-poll (a player's page of a running game) has this script ask the
 * board's words (data-words-url, ask=status, since=the svg's data-move-number) every 20 s
 * while the page is visible. When a move was made (the opponent's stone or pass, a
 * resignation, a timeout), the page is read again from data-live-url and every element marked
 * data-live="NAME" (the turn line, the board, the move form with its move number, the
 * players, the moves...) takes the new page's element of that name; the board's scripts
 * (board.js, board_cursor.js, board_zoom.js, conditional.js) set the new elements up, loading
 * those the page had no need of before (board.js once it is your turn). The status line
 * (#board-said) stays and says the news ("Black played D4. Your turn."). The focus stays where
 * it was: on the same point of the board, or on the element with the same id.
 *
 * When the page cannot be read, the status line says the news with the "Show the new
 * position" link (#board-news) beside it, as a page without this script would need anyway.
 */
(function () {
  "use strict";
  if (window.baduxLive) { return; }
  var POLL_MS = 20000;
  var READY = { "games/board.js": "baduxBoard", "games/board_cursor.js": "baduxCursor",
    "games/board_zoom.js": "baduxZoom", "games/conditional.js": "baduxConditional" };

  function say(text) {
    var said = document.getElementById("board-said");
    if (!said) { return; }
    said.textContent = "";
    // A new text node after a pause, so that it is said even when the text is the same.
    window.setTimeout(function () { said.textContent = text; }, 60);
  }

  // The point of the board or the element with an id that has the focus, to find again.
  function focusNow() {
    var active = document.activeElement;
    if (!active || active === document.body) { return null; }
    var cell = active.closest && active.closest("[data-cursor]");
    if (cell) { return { point: cell.getAttribute("data-cursor") }; }
    return active.id ? { id: active.id } : null;
  }

  function focusAgain(was) {
    if (!was) { return; }
    var target = was.point ? document.querySelector('[data-cursor="' + was.point + '"]')
      : document.getElementById(was.id);
    if (target && target.focus) { target.focus({ preventScroll: true }); }
  }

  function scriptName(src) {
    var match = /\/(games\/[\w.-]+\.js)(\?|$)/.exec(src || "");
    return match ? match[1] : null;
  }

  // The board's scripts on the new elements: start() again where a script is here (each one
  // leaves what it has set up alone), load it where it is not.
  function setUp(fresh) {
    var wanted = {};
    Array.prototype.forEach.call(fresh.querySelectorAll("script[src]"), function (s) {
      var name = scriptName(s.getAttribute("src"));
      if (name && READY[name]) { wanted[name] = s.getAttribute("src"); }
    });
    Object.keys(READY).forEach(function (name) {
      var api = window[READY[name]];
      if (api && api.start) { api.start(); }
      else if (wanted[name]) {
        var script = document.createElement("script");
        script.src = wanted[name];
        document.body.appendChild(script);
      }
    });
  }

  // Swaps every data-live element for the fresh page's; false when the pages do not match.
  function swap(fresh) {
    var olds = document.querySelectorAll("[data-live]");
    if (!olds.length) { return false; }
    var was = focusNow();
    var zoomed = !!document.querySelector(".board-frame.board-zoomed");
    // "You played G5." is old news now, and board_cursor.js would say it again.
    Array.prototype.forEach.call(document.querySelectorAll(".messages .board-moved, .messages .board-marked"), function (m) {
      m.remove();
    });
    var frame = fresh.querySelector("[data-board][data-cursor]");
    if (frame && was && was.point) { frame.setAttribute("data-cursor-start", was.point); }
    Array.prototype.forEach.call(olds, function (old) {
      var name = old.getAttribute("data-live");
      var next = fresh.querySelector('[data-live="' + name + '"]');
      if (next) { old.replaceWith(document.importNode(next, true)); }
      else { old.textContent = ""; }
    });
    setUp(fresh);
    var zoom = zoomed && document.querySelector('.board-zoom[aria-pressed="false"]');
    if (zoom) { zoom.click(); }
    focusAgain(was);
    return true;
  }

  function fallback(text) {
    say(text);
    var box = document.getElementById("board-news");
    if (box) { box.hidden = false; }
  }

  function refresh(url, text) {
    return fetch(url, { credentials: "same-origin", cache: "no-store", headers: { Accept: "text/html" } })
      .then(function (response) {
        if (!response.ok) { throw new Error(String(response.status)); }
        return response.text();
      })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html");
        if (!swap(fresh)) { throw new Error("no live parts"); }
        say(text);
        start();
      })
      .catch(function () { fallback(text); });
  }

  var polling = null;

  function start() {
    var frame = document.querySelector("[data-board][data-poll][data-words-url]");
    var page = document.querySelector("[data-live-url]");
    var svg = frame && frame.querySelector("svg.bd");
    if (polling !== null) { window.clearInterval(polling); polling = null; }
    if (!frame || !svg) { return; }
    var wordsUrl = frame.getAttribute("data-words-url");
    var since = svg.getAttribute("data-move-number");
    var busy = false;
    polling = window.setInterval(function () {
      if (busy || document.visibilityState !== "visible") { return; }
      busy = true;
      fetch(wordsUrl + "?format=json&ask=status&since=" + since, { credentials: "same-origin" })
        .then(function (response) { return response.json(); })
        .then(function (data) {
          if (!data.changed) { busy = false; return; }
          window.clearInterval(polling);
          polling = null;
          if (page) { return refresh(page.getAttribute("data-live-url"), data.text); }
          fallback(data.text);
        })
        .catch(function () { busy = false; /* the next poll tries again */ });
    }, POLL_MS);
  }

  window.baduxLive = { start: start, refresh: refresh };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
