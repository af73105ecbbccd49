/*
 * Marking dead stones in a disputed count (templates/games/disputes/marking.html): a click on a
 * stone toggles its chain at once. Without this script each stone is a link ("?toggle=D4") to a
 * confirmation form, so the page works without JavaScript; with it the click fills in the
 * page's toggle form
 *
 *   <form id="toggle-form" method="post" action="...">  with inputs "point" and "version"
 *
 * and submits it (a toggle is undone by clicking the stone again, so no confirmation). The
 * keyboard cursor (board_cursor.js, mode "mark") sends the same click for Enter on a stone;
 * the server answers with the page at `?at=D4` and a "board-marked" message it reads out.
 */
(function () {
  "use strict";

  function init(frame) {
    var form = document.getElementById("toggle-form");
    var svg = frame.querySelector("svg.bd");
    if (!form || !svg || !form.elements.point) { return; }
    var sent = false;
    svg.addEventListener("click", function (event) {
      var link = event.target.closest && event.target.closest("a.bd-stone");
      if (!link || !svg.contains(link)) { return; }
      event.preventDefault();
      if (sent) { return; }
      sent = true;
      form.elements.point.value = link.getAttribute("data-name");
      svg.classList.add("bd-busy");
      if (typeof form.requestSubmit === "function") { form.requestSubmit(); } else { form.submit(); }
    });
    window.addEventListener("pageshow", function (event) {
      if (event.persisted) { sent = false; svg.classList.remove("bd-busy"); }
    });
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-marking]"), init);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
