/*
 * Badux board: choose a point, see a ghost stone, then confirm or cancel.
 *
 * Works on the SVG from games/svg/board.py (board_svg) inside the frame that templates/games/_board.html
 * renders: <div class="board-frame" data-board [data-move-form="ID"]> <svg class="bd" ...>.
 * Without this script every clickable point is a plain link (default "?confirm=D4") to a
 * confirmation page, so a browser without JavaScript can still play; with it a click never
 * navigates and never plays on its own:
 *
 *   1. click / tap / Enter on a point (<a class="bd-pt" data-point="I" data-name="D4">)
 *      -> the point's stone circle gets the classes "b|w ghost" and a confirm bar appears
 *         under the board ("Play D4" / "Cancel"); another point moves the ghost; Escape or
 *         Cancel removes it.
 *   2. "Play D4" -> the move form's input name="point" gets "D4" and the form is submitted
 *      (requestSubmit, so submit handlers such as htmx still run). Both buttons are disabled
 *      so a double tap cannot send the move twice.
 *
 * The move form (rendered by the games app, may be hidden):
 *
 *   <form id="move-form" method="post" action="...">
 *     {% csrf_token %}
 *     <input type="hidden" name="point" value="">
 *     <input type="hidden" name="move_number" value="{{ position.move_number }}">
 *   </form>
 *
 * Another id can be named with data-move-form on the board frame. When no such form is on the
 * page the links are left alone (they lead to the server's confirmation page).
 *
 * Point names: while a mouse is over the board, a small label (div.board-pointer, positioned in
 * the frame) names the point under it ("D4"); a finger or pen on the board gets the same label
 * higher up, clear of the finger, until it lifts (the confirm bar then names the point too).
 * It only reads data-name; clicks and the confirm step are unchanged.
 *
 * A compact board (board_svg(compact=True), the game page) sends its clickable points as data,
 * <g class="bd-links" data-href="?confirm={point}" data-pick="D4,60,300 ...">, and draws no
 * empty stone circles: expand() first builds the links above from that data, and a chosen
 * point gets its stone circle when it has none.
 */
(function () {
  "use strict";
  if (window.baduxBoard) { return; }

  var COLOUR_NAMES = { b: "Black", w: "White" };

  var SVG_NS = "http://www.w3.org/2000/svg";

  function svgEl(tag, attrs) {
    var node = document.createElementNS(SVG_NS, tag);
    Object.keys(attrs).forEach(function (key) { node.setAttribute(key, attrs[key]); });
    return node;
  }

  // Compact board: one link per "NAME,X,Y" of data-pick, as the full board draws them.
  function expand(svg) {
    var group = svg.querySelector("g.bd-links[data-pick]");
    if (!group || group.querySelector("a.bd-pt")) { return; }
    var href = group.getAttribute("data-href") || "?confirm={point}";
    group.getAttribute("data-pick").split(" ").forEach(function (item) {
      var parts = item.split(",");
      if (parts.length !== 3) { return; }
      var link = svgEl("a", {
        "class": "bd-pt", href: href.replace("{point}", parts[0]),
        "data-name": parts[0], "aria-label": parts[0]
      });
      link.appendChild(svgEl("circle", { cx: parts[1], cy: parts[2] }));
      group.appendChild(link);
    });
  }

  // The stone circle of a point; a compact board draws none for empty points.
  function stoneOf(svg, link) {
    var name = link.getAttribute("data-name");
    var stone = svg.querySelector('circle.bd-st[data-name="' + name + '"]');
    var stones = svg.querySelector("g.bd-stones");
    if (stone || !stones) { return stone; }
    var hit = link.querySelector("circle");
    stone = svgEl("circle", {
      "class": "bd-st", "data-name": name, cx: hit.getAttribute("cx"), cy: hit.getAttribute("cy")
    });
    stones.appendChild(stone);
    return stone;
  }

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) { node.setAttribute(key, attrs[key]); });
    if (text) { node.textContent = text; }
    return node;
  }

  function init(frame) {
    if (frame.getAttribute("data-board-ready")) { return; }
    var svg = frame.querySelector("svg.bd");
    var form = document.getElementById(frame.getAttribute("data-move-form") || "move-form");
    if (svg && form) { expand(svg); }
    if (!svg || !svg.querySelector("a.bd-pt") || !form || !form.elements.point) { return; }
    frame.setAttribute("data-board-ready", "1");

    var colour = svg.getAttribute("data-to-move") === "w" ? "w" : "b";
    var bar = el("div", { "class": "board-confirm", role: "group", "aria-label": "Confirm your move", hidden: "" });
    var text = el("span", { "class": "board-confirm-text", "aria-live": "polite" });
    var play = el("button", { type: "button", "class": "board-confirm-play" });
    var cancel = el("button", { type: "button", "class": "board-confirm-cancel" }, "Cancel");
    bar.appendChild(text);
    bar.appendChild(play);
    bar.appendChild(cancel);
    svg.insertAdjacentElement("afterend", bar);

    var pending = null; // {link, stone, name}

    var tip = el("div", { "class": "board-pointer", "aria-hidden": "true", hidden: "" });
    frame.appendChild(tip);

    function hideTip() { tip.hidden = true; }

    function showTip(event) {
      var target = event.target.closest && event.target.closest("[data-name]");
      if (!target || !svg.contains(target)) { hideTip(); return; }
      var box = frame.getBoundingClientRect();
      var finger = event.pointerType === "touch" || event.pointerType === "pen";
      tip.textContent = target.getAttribute("data-name");
      tip.style.left = (event.clientX - box.left) + "px";
      tip.style.top = (event.clientY - box.top - (finger ? 64 : 34)) + "px";
      tip.hidden = false;
    }

    svg.addEventListener("pointermove", showTip);
    svg.addEventListener("pointerdown", showTip);
    svg.addEventListener("pointerleave", hideTip);
    svg.addEventListener("pointercancel", hideTip);
    svg.addEventListener("pointerup", function (event) {
      if (event.pointerType !== "mouse") { hideTip(); }
    });

    function clear() {
      // Also the ghost the server drew on its own confirmation page (board_svg(ghost=...)).
      Array.prototype.forEach.call(svg.querySelectorAll("circle.bd-st.ghost"), function (c) {
        c.classList.remove("b", "w", "ghost");
      });
      pending = null;
    }

    function choose(link) {
      clear();
      var name = link.getAttribute("data-name");
      var stone = stoneOf(svg, link);
      if (stone) { stone.classList.add(colour, "ghost"); }
      pending = { link: link, stone: stone, name: name };
      text.textContent = COLOUR_NAMES[colour] + " at " + name + "?";
      play.textContent = "Play " + name;
      play.disabled = false;
      cancel.disabled = false;
      bar.hidden = false;
      play.focus({ preventScroll: true });
    }

    function dismiss() {
      var link = pending && pending.link;
      clear();
      bar.hidden = true;
      if (link && link.focus) { link.focus({ preventScroll: true }); }
    }

    svg.addEventListener("click", function (event) {
      var link = event.target.closest && event.target.closest("a.bd-pt");
      if (!link || !svg.contains(link)) { return; }
      event.preventDefault();
      choose(link);
    });

    cancel.addEventListener("click", dismiss);

    play.addEventListener("click", function () {
      if (!pending) { return; }
      form.elements.point.value = pending.name;
      play.disabled = true;
      cancel.disabled = true;
      text.textContent = "Sending " + pending.name + "…";
      if (typeof form.requestSubmit === "function") { form.requestSubmit(); } else { form.submit(); }
    });

    frame.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && pending) { event.preventDefault(); dismiss(); }
    });

    // Coming back with the Back button restores the page as it was: no half-sent move.
    window.addEventListener("pageshow", function (event) {
      if (event.persisted) { clear(); bar.hidden = true; }
    });
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-board]"), init);
  }

  window.baduxBoard = { init: init, start: start };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
