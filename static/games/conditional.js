/*
 * "Plan answers" on the game page: click a sequence on the board (their move, your answer,
 * their move, your answer ...), see it as numbered ghost stones, then Save fills in the
 * section's line form ("D4 Q16 C3 R4") and submits it. The server checks and merges the line
 * (games/views/conditional.py); without this script the same form is typed by hand.
 *
 * Reads: <section data-conditional data-points="NAME,X,Y ..."> (every point of the board, in
 * the SVG's user units) and the page's board, <div data-board><svg class="bd" data-to-move>,
 * whose stone circles (circle.bd-st.b / .w, data-name) say which points are taken. A click is
 * mapped to the nearest point centre, so square and hexagonal boards work alike.
 */
(function () {
  "use strict";
  // Translations: Django's JavaScript catalog (/i18n/js/, loaded by base.html), else English.
  var _ = window.gettext || function (text) { return text; };
  var ngettext = window.ngettext || function (one, many, n) { return n === 1 ? one : many; };
  var fmt = function (text, values) {
    if (window.interpolate) { return window.interpolate(text, values, true); }
    return text.replace(/%\((\w+)\)s/g, function (all, key) { return values[key]; });
  };

  var SVG_NS = "http://www.w3.org/2000/svg";
  var STEP = 20; // user units between neighbouring points (games/svg/geometry.py)

  function svgEl(tag, attrs, text) {
    var node = document.createElementNS(SVG_NS, tag);
    Object.keys(attrs).forEach(function (key) { node.setAttribute(key, attrs[key]); });
    if (text) { node.textContent = text; }
    return node;
  }

  function init(section) {
    var frame = document.querySelector("[data-board]");
    var svg = frame && frame.querySelector("svg.bd");
    var form = section.querySelector("#conditional-form");
    var planner = section.querySelector("[data-planner]");
    if (!svg || !form || !planner || !svg.createSVGPoint) { return; }
    if (section.getAttribute("data-conditional-ready")) { return; }
    section.setAttribute("data-conditional-ready", "1");

    var points = [];
    section.getAttribute("data-points").split(" ").forEach(function (item) {
      var parts = item.split(",");
      if (parts.length === 3) {
        points.push({ name: parts[0], x: parseFloat(parts[1]), y: parseFloat(parts[2]) });
      }
    });
    var taken = {};
    Array.prototype.forEach.call(svg.querySelectorAll("circle.bd-st.b, circle.bd-st.w"), function (c) {
      taken[c.getAttribute("data-name")] = true;
    });
    var them = svg.getAttribute("data-to-move") === "w" ? "w" : "b";
    var you = them === "b" ? "w" : "b";

    var startButton = planner.querySelector("[data-plan-start]");
    var bar = planner.querySelector("[data-plan-bar]");
    var text = bar.querySelector("[data-plan-text]");
    var save = bar.querySelector("[data-plan-save]");
    var undo = bar.querySelector("[data-plan-undo]");
    // While planning, the sequence and its buttons sit right under the board.
    frame.insertAdjacentElement("afterend", bar);
    var layer = svgEl("g", { "class": "cm-ghosts" });
    svg.appendChild(layer);
    var sequence = []; // point names or "pass"
    var planning = false;
    planner.hidden = false;

    function colourAt(index) { return index % 2 === 0 ? them : you; }

    function draw(note) {
      while (layer.firstChild) { layer.removeChild(layer.firstChild); }
      sequence.forEach(function (name, index) {
        var point = points.find(function (p) { return p.name === name; });
        if (!point) { return; }
        var colour = colourAt(index);
        layer.appendChild(svgEl("circle", {
          "class": "bd-st " + colour + " ghost cm-ghost", cx: point.x, cy: point.y, "data-plan": name
        }));
        layer.appendChild(svgEl("text", {
          "class": "cm-num on-" + colour, x: point.x, y: point.y
        }, String(index + 1)));
      });
      var words = sequence.map(function (name, index) {
        return fmt(index % 2 === 0 ? _("%(number)s. %(point)s (them)") : _("%(number)s. %(point)s (you)"), { number: index + 1, point: name });
      });
            text.textContent = (words.length ? words.join(" → ") + ". " : "") + (note || "") +
        (sequence.length % 2 === 0
          ? (sequence.length ? _("Click their move, or save.") : _("Click their move."))
          : _("Click your answer, or save."));
      save.disabled = !sequence.length || sequence.length % 2 === 1;
      undo.disabled = !sequence.length;
    }

    function add(name) {
      if (sequence.length >= 40) { return; }
      sequence.push(name);
      draw();
    }

    function nearest(event) {
      var matrix = svg.getScreenCTM();
      if (!matrix) { return null; }
      var at = svg.createSVGPoint();
      at.x = event.clientX;
      at.y = event.clientY;
      at = at.matrixTransform(matrix.inverse());
      var best = null;
      var bestDistance = (STEP * 0.6) * (STEP * 0.6);
      points.forEach(function (p) {
        var d = (p.x - at.x) * (p.x - at.x) + (p.y - at.y) * (p.y - at.y);
        if (d < bestDistance) { best = p; bestDistance = d; }
      });
      return best;
    }

    function setPlanning(on, start) {
      planning = on;
      frame.classList.toggle("planning", on);
      bar.hidden = !on;
      startButton.hidden = on;
      sequence = on && start ? start.slice() : [];
      draw();
      if (on) { frame.scrollIntoView({ block: "start" }); }
    }

    // Each saved line can be shown on the board and extended: Save merges the longer line.
    Array.prototype.forEach.call(section.querySelectorAll("li[data-line]"), function (item) {
      var show = document.createElement("button");
      show.type = "button";
      show.className = "secondary small";
      show.textContent = _("Show / extend");
      show.addEventListener("click", function () {
        setPlanning(true, item.getAttribute("data-line").split(" "));
      });
      item.querySelector("form").insertAdjacentElement("beforebegin", show);
    });

    svg.addEventListener("click", function (event) {
      if (!planning) { return; }
      var point = nearest(event);
      if (!point) { return; }
      event.preventDefault();
      if (taken[point.name] || sequence.indexOf(point.name) !== -1) {
        draw(point.name + " is taken. ");
        return;
      }
      add(point.name);
    });
    startButton.addEventListener("click", function () { setPlanning(true); });
    bar.querySelector("[data-plan-cancel]").addEventListener("click", function () {
      setPlanning(false);
    });
    bar.querySelector("[data-plan-pass]").addEventListener("click", function () { add("pass"); });
    undo.addEventListener("click", function () { sequence.pop(); draw(); });
    save.addEventListener("click", function () {
      if (save.disabled) { return; }
      form.elements.line.value = sequence.join(" ");
      save.disabled = true;
      if (typeof form.requestSubmit === "function") { form.requestSubmit(); } else { form.submit(); }
    });
    section.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && planning) { setPlanning(false); }
    });
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-conditional]"), init);
  }

  window.baduxConditional = { start: start };  // board_live.js sets up a new section
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
