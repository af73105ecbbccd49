// New API token page: a "Copy the token" button (shown only when this script runs) that puts
// the token on the clipboard and says so in a status line that screen readers announce.
(function () {
  "use strict";
  var script = document.currentScript;
  var button = document.getElementById("api-token-copy");
  var status = document.getElementById("api-token-copied");
  if (!button || !status) return;
  var field = document.getElementById(button.getAttribute("data-target"));
  if (!field) return;
  var copied = script ? script.getAttribute("data-copied") : "";
  var failed = script ? script.getAttribute("data-failed") : "";
  button.hidden = false;
  function fallback() {
    field.focus();
    field.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    status.textContent = ok ? copied : failed;
  }
  button.addEventListener("click", function () {
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(field.value.trim()).then(
        function () { status.textContent = copied; },
        fallback
      );
    } else {
      fallback();
    }
  });
})();
