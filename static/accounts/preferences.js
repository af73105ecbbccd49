// Preferences page: live preview of the board theme and coordinates. Only a preview: the saved
// values come from the form post.
(function () {
  "use strict";
  var preview = document.getElementById("board-preview");
  if (!preview) return;
  function update() {
    var theme = document.querySelector('input[name="board_theme"]:checked');
    var coords = document.getElementById("id_show_coordinates");
    preview.className = "board-theme-" + (theme ? theme.value : "wood") + (coords && coords.checked ? "" : " board-no-coords");
  }
  document.querySelectorAll('input[name="board_theme"], #id_show_coordinates').forEach(function (el) {
    el.addEventListener("change", update);
  });
})();
