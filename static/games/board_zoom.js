/*
 * Zoom for small screens: where neighbouring points of a board stand closer than SMALL css
 * pixels (a 19×19 board on a phone), a "Zoom in" button above the board widens it to ZOOM
 * times the screen inside a frame that scrolls sideways, so a finger finds its point. The
 * button toggles back. Clicks, the confirm bar and the review stepper work the same zoomed.
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

  var SMALL = 26;

  function spacing(svg) {
    // The board is drawn 20 user units between neighbouring points (games.svg.geometry.STEP).
    var box = svg.viewBox && svg.viewBox.baseVal;
    if (!box || !box.width) { return Infinity; }
    return svg.getBoundingClientRect().width * 20 / box.width;
  }

  function setup(frame) {
    var svg = frame.querySelector("svg.bd");
    if (!svg || frame.getAttribute("data-zoom-ready") || spacing(svg) >= SMALL) { return; }
    frame.setAttribute("data-zoom-ready", "1");
    var button = document.createElement("button");
    button.type = "button";
    button.className = "board-zoom secondary";
    button.setAttribute("aria-pressed", "false");
    button.textContent = _("Zoom in");
    button.addEventListener("click", function () {
      var zoomed = frame.classList.toggle("board-zoomed");
      button.setAttribute("aria-pressed", zoomed ? "true" : "false");
      button.textContent = zoomed ? _("Zoom out") : _("Zoom in");
      if (zoomed) { frame.scrollLeft = (frame.scrollWidth - frame.clientWidth) / 2; }
    });
    frame.parentNode.insertBefore(button, frame);
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll(".board-frame"), setup);
  }

  window.baduxZoom = { start: start };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
