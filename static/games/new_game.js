// Game settings forms (new game, tournaments): each clock field shows only while a time
// control that uses it is chosen (its `data-clock-kinds`), the time field says what its days
// are, and tournament fields show only for the formats that use them (`data-formats`).
// Without script every field shows, and the form refuses a clock without its fields.
(function () {
  "use strict";
  // Translations: Django's JavaScript catalog (/i18n/js/, loaded by base.html), else English.
  var _ = window.gettext || function (text) { return text; };
  var DAYS_LABELS = {
    per_move: _("Time per move"),
    fischer: _("Initial time"),
    absolute: _("Time for the whole game"),
    japanese: _("Main time"),
    canadian: _("Main time")
  };
  function field(input) { return input.closest(".field") || input.parentNode; }
  function setUp(form) {
    var daysLabel = form.querySelector('label[for="id_clock_days"]');
    var byKind = form.querySelectorAll("[data-clock-kinds]");
    var byFormat = form.querySelectorAll("[data-formats]");
    var format = form.querySelector('[name="format"]');
    function update() {
      var chosen = form.querySelector('input[name="clock_kind"]:checked, select[name="clock_kind"]');
      var kind = chosen ? chosen.value : "per_move";
      byKind.forEach(function (input) {
        field(input).hidden = input.getAttribute("data-clock-kinds").split(" ").indexOf(kind) < 0;
      });
      if (daysLabel && DAYS_LABELS[kind]) daysLabel.textContent = DAYS_LABELS[kind];
      byFormat.forEach(function (input) {
        var formats = input.getAttribute("data-formats").split(" ");
        field(input).hidden = !!format && formats.indexOf(format.value) < 0;
      });
    }
    form.querySelectorAll('[name="clock_kind"], [name="format"]').forEach(function (input) {
      input.addEventListener("change", update);
    });
    update();
  }
  document.querySelectorAll("#new-game-form, form[data-settings-form]").forEach(setUp);
})();
