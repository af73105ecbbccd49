// New-game form: the Fischer fields (increment, maximum) show only while the Fischer clock is
// chosen, and the time field says whether it is per move or the initial bank. Without script
// every field shows and the form refuses a Fischer clock without its increment and maximum.
(function () {
  "use strict";
  var form = document.getElementById("new-game-form");
  if (!form) return;
  var fischerOnly = ["id_clock_increment_days", "id_clock_cap_days"].map(function (id) {
    var input = document.getElementById(id);
    return input && input.closest(".field");
  }).filter(Boolean);
  var daysLabel = form.querySelector('label[for="id_clock_days"]');
  function update() {
    var chosen = form.querySelector('input[name="clock_kind"]:checked');
    var fischer = chosen && chosen.value === "fischer";
    fischerOnly.forEach(function (field) { field.hidden = !fischer; });
    if (daysLabel) daysLabel.textContent = fischer ? "Initial time" : "Time per move";
  }
  form.querySelectorAll('input[name="clock_kind"]').forEach(function (input) {
    input.addEventListener("change", update);
  });
  update();
})();
