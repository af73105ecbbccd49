/*
 * Badux replay (the replay page, games/views/replay.py): step through a finished game on the SVG
 * board from games/svg/board.py. (The markup keeps its data-review* names and classes.)
 *
 * Markup (templates/games/_board.html renders it for {% board position replay=frames %}):
 *
 *   <div class="board-frame" data-board data-review="ID" [data-review-start="N"]>
 *     <svg class="bd" ...>   <!-- the final position, one circle.bd-st[data-point] per point -->
 *     {{ frames|json_script:"ID" }}  <!-- frames from games.svg.replay_frames -->
 *   </div>
 *
 * Frame 0 holds the setup stones ({"black": [...], "white": [...]}); frame i is move i:
 * {"kind": "play"|"pass"|"resign", "colour": "B"|"W", "point": index|null, "name": "D4",
 *  "captures": [indices], "prisoners": [by black, by white]}. Every board state is worked out
 * once; showing a frame only toggles the classes "b"/"w" on the stones that differ, moves the
 * last-move ring and hides the score (class "bd-noscore" on the svg) before the last frame.
 *
 * Controls are built here, so a page without JavaScript shows just the final position:
 * first / back / forward / last buttons, a slider, and the keys Left, Right, Home, End,
 * PageUp / PageDown (ten moves) while the focus is not in a text field nor on the board's
 * keyboard cursor (board_cursor.js, role="grid"), whose arrow keys move the cursor instead: a
 * key press goes to one or the other, never both. The script adds the class
 * "badux-review-js" to <html>, so a page can hide its server-side step links then.
 *
 * The frame's data-words-query says the move shown ("move=12"): the cursor's questions are
 * asked about that position.
 *
 * A move list <ol data-review-moves="ID"> whose links carry data-move="N" follows the board:
 * the shown move's <li> gets the class "current" (its link aria-current="step"), and a click
 * on a move shows it here instead of loading the page again.
 */
(function () {
  "use strict";
  if (window.baduxReview) { return; }

  // Translations: Django's JavaScript catalog (/i18n/js/, loaded by base.html), else English.
  var _ = window.gettext || function (text) { return text; };
  var ngettext = window.ngettext || function (one, many, n) { return n === 1 ? one : many; };
  var fmt = function (text, values) {
    if (window.interpolate) { return window.interpolate(text, values, true); }
    return text.replace(/%\((\w+)\)s/g, function (all, key) { return values[key]; });
  };
  var NAMES = { B: _("Black"), W: _("White") };

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) { node.setAttribute(key, attrs[key]); });
    if (text) { node.textContent = text; }
    return node;
  }

  function states(frames, size) {
    var board = new Uint8Array(size);
    (frames[0].black || []).forEach(function (p) { board[p] = 1; });
    (frames[0].white || []).forEach(function (p) { board[p] = 2; });
    var all = [board.slice()];
    for (var i = 1; i < frames.length; i++) {
      var f = frames[i];
      if (f.kind === "play" && f.point !== null) {
        board[f.point] = f.colour === "B" ? 1 : 2;
        f.captures.forEach(function (p) { board[p] = 0; });
      }
      all.push(board.slice());
    }
    return all;
  }

  function describe(frame, last) {
    if (frame.number === 0) {
      var setup = (frame.black || []).length + (frame.white || []).length;
      return setup ? fmt(ngettext("Start: %(count)s stone set up", "Start: %(count)s stones set up", setup), { count: setup }) : _("Start: empty board");
    }
    var who = NAMES[frame.colour];
    var what;
    if (frame.kind === "pass") { what = fmt(_("%(colour)s passes"), { colour: who }); }
    else if (frame.kind === "resign") { what = fmt(_("%(colour)s resigns"), { colour: who }); }
    else { what = who + " " + frame.name; }
    var caught = frame.captures.length;
    if (caught) { what = fmt(_("%(move)s, captures %(count)s"), { move: what, count: caught }); }
    return fmt(_("Move %(number)s of %(last)s: %(move)s"), { number: frame.number, last: last, move: what });
  }

  function init(frame) {
    if (frame.getAttribute("data-review-ready")) { return null; }
    var svg = frame.querySelector("svg.bd");
    var script = document.getElementById(frame.getAttribute("data-review"));
    if (!svg || !script) { return null; }
    var frames = JSON.parse(script.textContent);
    if (!frames.length) { return null; }
    frame.setAttribute("data-review-ready", "1");

    var size = Number(svg.getAttribute("data-size"));
    var stones = [];
    Array.prototype.forEach.call(svg.querySelectorAll("circle.bd-st"), function (c) {
      stones[Number(c.getAttribute("data-point"))] = c;
    });
    var shown = new Uint8Array(size);
    stones.forEach(function (c, p) {
      c.classList.remove("ghost");
      shown[p] = c.classList.contains("b") ? 1 : c.classList.contains("w") ? 2 : 0;
    });
    var ring = svg.querySelector("circle.bd-lm");
    var boards = states(frames, size);
    var last = frames.length - 1;
    var current = -1;

    var box = el("div", { "class": "board-review", role: "group", "aria-label": _("Review the game") });
    var buttons = el("div", { "class": "board-review-buttons" });
    function button(label, text, step) {
      var b = el("button", { type: "button", "aria-label": label, title: label }, text);
      b.addEventListener("click", function () { show(step()); });
      buttons.appendChild(b);
      return b;
    }
    var first = button(_("First move"), "«", function () { return 0; });
    var back = button(_("Back one move"), "‹", function () { return current - 1; });
    var forward = button(_("Forward one move"), "›", function () { return current + 1; });
    var end = button(_("Last move"), "»", function () { return last; });
    var slider = el("input", {
      type: "range", min: "0", max: String(last), step: "1", value: String(last),
      "class": "board-review-slider", "aria-label": _("Move number"),
    });
    var status = el("p", { "class": "board-review-status", "aria-live": "polite" });
    var line = el("span", { "class": "board-review-move" });
    var prisoners = el("span", { "class": "board-review-prisoners muted small" });
    status.appendChild(line);
    status.appendChild(el("br"));
    status.appendChild(prisoners);
    box.appendChild(buttons);
    box.appendChild(slider);
    box.appendChild(status);
    frame.appendChild(box);

    slider.addEventListener("input", function () { show(Number(slider.value)); });

    var list = document.querySelector('[data-review-moves="' + frame.getAttribute("data-review") + '"]');
    var items = [];
    if (list) {
      Array.prototype.forEach.call(list.querySelectorAll("a[data-move]"), function (a) {
        items[Number(a.getAttribute("data-move"))] = a;
      });
      list.addEventListener("click", function (event) {
        var a = event.target.closest ? event.target.closest("a[data-move]") : null;
        if (!a || event.ctrlKey || event.metaKey || event.shiftKey || event.button) { return; }
        event.preventDefault();
        show(Number(a.getAttribute("data-move")));
      });
    }

    function mark(k) {
      items.forEach(function (a, n) {
        if (!a) { return; }
        var here = n === k;
        a.parentNode.classList.toggle("current", here);
        if (here) { a.setAttribute("aria-current", "step"); } else { a.removeAttribute("aria-current"); }
      });
    }

    function show(k) {
      k = Math.max(0, Math.min(last, k));
      if (k === current) { return; }
      var board = boards[k];
      for (var p = 0; p < size; p++) {
        if (shown[p] !== board[p] && stones[p]) {
          stones[p].classList.toggle("b", board[p] === 1);
          stones[p].classList.toggle("w", board[p] === 2);
          shown[p] = board[p];
        }
      }
      var f = frames[k];
      if (ring) {
        if (f.kind === "play" && stones[f.point]) {
          ring.setAttribute("cx", stones[f.point].getAttribute("cx"));
          ring.setAttribute("cy", stones[f.point].getAttribute("cy"));
          ring.setAttribute("class", "bd-lm " + (f.colour === "B" ? "on-b" : "on-w"));
        } else {
          ring.setAttribute("class", "bd-lm none");
        }
      }
      svg.classList.toggle("bd-noscore", k !== last);
      frame.setAttribute("data-words-query", "move=" + k);
      current = k;
      slider.value = String(k);
      line.textContent = describe(f, last);
      prisoners.textContent = fmt(_("Prisoners: Black %(black)s, White %(white)s"), { black: f.prisoners[0], white: f.prisoners[1] });
      mark(k);
      first.disabled = back.disabled = k === 0;
      forward.disabled = end.disabled = k === last;
    }

    var start = frame.getAttribute("data-review-start");
    show(start === null ? last : Number(start));
    return { show: show, current: function () { return current; }, last: last };
  }

  var reviews = [];
  // Pages may hide their own no-JavaScript step links with `.badux-review-js .SELECTOR`.
  document.documentElement.classList.add("badux-review-js");

  document.addEventListener("keydown", function (event) {
    var review = reviews[0];
    if (!review || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) { return; }
    var t = event.target;
    if (t && t.closest && t.closest('[role="grid"]')) { return; } // the board's cursor
    var tag = t && t.tagName ? t.tagName.toLowerCase() : "";
    if (tag === "textarea" || tag === "select" || (t && t.isContentEditable)) { return; }
    if (tag === "input" && t.type !== "range" && t.type !== "button") { return; }
    if (tag === "input" && t.type === "range") { return; } // the slider moves itself
    var moves = { ArrowLeft: -1, ArrowRight: 1, PageUp: -10, PageDown: 10 };
    var now = review.current();
    if (event.key in moves) { review.show(now + moves[event.key]); }
    else if (event.key === "Home") { review.show(0); }
    else if (event.key === "End") { review.show(review.last); }
    else { return; }
    event.preventDefault();
  });

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-review]"), function (frame) {
      var review = init(frame);
      if (review) { reviews.push(review); }
    });
  }

  window.baduxReview = { init: init, start: start, reviews: reviews };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
