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
 *
 * In words: with data-words-url on the frame (the game page), the confirm bar also says what the
 * move would do ("D4: joins your E4 chain, 3 liberties, captures none."), asked from the server
 * (games/views/board_words.py). A coordinate typed in the move form's point field is not sent
 * at once: it gets the same confirm bar (or, for a point the rules refuse, the reason why, with
 * no button to press), and only "Play D4" submits, without the form's "preview" field (which, without this script, asks
 * the server for its confirmation page first). A page without data-words-url (an exercise)
 * sends a typed point that is no clickable point as it is: the server says why. Strings go through Django's JavaScript catalog (gettext) when the page
 * has loaded it. Cancel and Escape give the focus back to the keyboard cursor's point
 * (board_cursor.js) when there is one.
 */
(function () {
  "use strict";
  if (window.baduxBoard) { return; }

  // Translations: Django's JavaScript catalog (/i18n/js/, loaded by base.html), else English.
  var _ = window.gettext || function (text) { return text; };
  var ngettext = window.ngettext || function (one, many, n) { return n === 1 ? one : many; };
  var fmt = function (text, values) {
    if (window.interpolate) { return window.interpolate(text, values, true); }
    return text.replace(/%\((\w+)\)s/g, function (all, key) { return values[key]; });
  };
  var COLOUR_NAMES = { b: _("Black"), w: _("White") };

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
    var bar = el("div", { "class": "board-confirm", role: "group", "aria-label": _("Confirm your move"), hidden: "" });
    // One polite status: the question ("Black at D4?") and, once the server answers, the move
    // in words beside it.
    var say = el("span", { "class": "board-confirm-say", role: "status" });
    var text = el("span", { "class": "board-confirm-text" });
    var said = el("span", { "class": "board-confirm-words" });
    say.appendChild(text);
    say.appendChild(document.createTextNode(" "));
    say.appendChild(said);
    var play = el("button", { type: "button", "class": "board-confirm-play" });
    var cancel = el("button", { type: "button", "class": "board-confirm-cancel" }, _("Cancel"));
    var wordsUrl = frame.getAttribute("data-words-url");
    var confirmed = false;
    bar.appendChild(say);
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

    // The server's words for a move at `name` (a preview, or why it is refused), or null.
    function words(name, then) {
      if (!wordsUrl) { then(null); return; }
      fetch(wordsUrl + "?format=json&ask=preview&point=" + encodeURIComponent(name), {
        credentials: "same-origin", headers: { Accept: "application/json" }
      })
        .then(function (response) { return response.json(); })
        .then(function (data) { then(data.text); })
        .catch(function () { then(null); });
    }

    // What the page said about an earlier answer (data-board-stale, e.g. Learn's "Not this
    // one") is hidden while another point is chosen, and shown again on Cancel.
    function stale(hide) {
      Array.prototype.forEach.call(document.querySelectorAll("[data-board-stale]"), function (n) {
        n.hidden = hide;
      });
    }

    function choose(link) {
      clear();
      stale(true);
      var name = link.getAttribute("data-name");
      var stone = stoneOf(svg, link);
      if (stone) { stone.classList.add(colour, "ghost"); }
      pending = { link: link, stone: stone, name: name };
      var question = fmt(_("%(colour)s at %(point)s?"), { colour: COLOUR_NAMES[colour], point: name });
      text.textContent = question;
      said.textContent = "";
      play.textContent = fmt(_("Play %(point)s"), { point: name });
      play.hidden = false;
      play.disabled = false;
      cancel.disabled = false;
      bar.hidden = false;
      play.focus({ preventScroll: true });
      words(name, function (answer) {
        if (answer && pending && pending.name === name) { said.textContent = answer; }
      });
    }

    // A typed coordinate the rules refuse: the bar says why, with nothing to play.
    function refuse(name) {
      clear();
      stale(true);
      text.textContent = "";
      said.textContent = "";
      play.hidden = true;
      cancel.disabled = false;
      bar.hidden = false;
      words(name, function (answer) {
        said.textContent = answer || fmt(_("%(point)s cannot be played."), { point: name });
      });
    }

    function dismiss() {
      var link = pending && pending.link;
      var name = link && link.getAttribute("data-name");
      var cell = name && svg.querySelector('[data-cursor="' + name + '"]');
      clear();
      stale(false);
      bar.hidden = true;
      var back = cell || (link && link.getAttribute("tabindex") !== "-1" ? link : null);
      if (back && back.focus) { back.focus({ preventScroll: true }); }
    }

    // A typed coordinate gets the confirm step too; only "Play D4" submits the form. A form
    // marked data-typed-direct (Learn's answer) sends what was typed at once: its own button
    // already confirms, and asking again made the player answer twice.
    form.addEventListener("submit", function (event) {
      if (confirmed || form.hasAttribute("data-typed-direct")) { stale(true); return; }
      var typed = (form.elements.point.value || "").trim().toUpperCase();
      if (!typed) { return; }
      var link = svg.querySelector('a.bd-pt[data-name="' + typed.replace(/[^A-Z0-9]/g, "") + '"]');
      // Without words to ask (an exercise), the server judges a refused point and says why.
      if (!link && !wordsUrl) { return; }
      event.preventDefault();
      if (link) { choose(link); } else { refuse(typed); }
    });

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
      // Confirmed here: the server plays it at once rather than showing its own preview.
      var preview = form.elements.namedItem("preview");
      if (preview) { preview.disabled = true; }
      confirmed = true;
      play.disabled = true;
      cancel.disabled = true;
      text.textContent = fmt(_("Sending %(point)s…"), { point: pending.name });
      said.textContent = "";
      if (typeof form.requestSubmit === "function") { form.requestSubmit(); } else { form.submit(); }
    });

    function escape(event) {
      if (event.key === "Escape" && !bar.hidden) { event.preventDefault(); dismiss(); }
    }
    frame.addEventListener("keydown", escape);
    form.addEventListener("keydown", escape);

    // Coming back with the Back button restores the page as it was: no half-sent move.
    window.addEventListener("pageshow", function (event) {
      if (event.persisted) {
        clear();
        bar.hidden = true;
        confirmed = false;
        var preview = form.elements.namedItem("preview");
        if (preview) { preview.disabled = false; }
      }
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
