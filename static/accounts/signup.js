// Sign-up page: preselect the browser's time zone in the "Time zone" list, when the list knows
// it and the player has not chosen one yet. The player can still change it before signing up.
(function () {
  "use strict";
  var select = document.querySelector('select[name="time_zone"]');
  if (!select || !window.Intl || !Intl.DateTimeFormat) return;
  var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone || select.value !== "UTC") return;
  for (var i = 0; i < select.options.length; i++) {
    if (select.options[i].value === zone) {
      select.value = zone;
      return;
    }
  }
})();
