/*
 * A review node's marks and labels on the board (templates/games/reviews/show.html), for
 * review_tree.js, which loads after this file and calls it each time it shows a node.
 *
 * A node of the page's tree data (#review-tree-data, rules.review.variations.VariationTree.to_data)
 * may carry "marks", [["TR", point], ...] (TR triangle, SQ square, CR circle, MA cross), and
 * "labels", [[point, "A"], ...]. The board shows one thing per point, as the server draws it
 * (rules.review.marks.board_marks, games/svg/board.py's marks group): a label wins over a
 * mark, the first mark over later ones, a label shows its first three characters.
 *
 * window.baduxReviewMarks:
 *   shown(node)      {point: "triangle"|"square"|"circle"|"cross"|text}
 *   draw(svg, node)  replaces the SVG's <g class="bd-marks"> by the node's (none without
 *                    marks); each mark carries data-name="D4" and data-mark="triangle|...|label",
 *                    which the keyboard cursor (board_cursor.js) says with the point.
 *   tool(form)       the mark tool checked in the page's mark form ("" or null: none, the
 *                    board plays moves).
 */
(function () {
  "use strict";
  var SVG_NS = "http://www.w3.org/2000/svg";
  var SHAPES = { TR: "triangle", SQ: "square", CR: "circle", MA: "cross" };
  var H = 0.26 * 20;  // games/svg/board.py MARK_SIZE
  var MAX_TEXT = 3;  // games/svg/board.py MAX_MARK_TEXT

  function shown(node) {
    var out = {};
    (node.marks || []).forEach(function (mark) {
      var shape = SHAPES[mark[0]];
      if (shape && !(mark[1] in out)) { out[mark[1]] = shape; }
    });
    (node.labels || []).forEach(function (label) {
      var text = String(label[1]).trim();
      if (text) { out[label[0]] = text.slice(0, MAX_TEXT); }
    });
    return out;
  }

  function num(value) {
    return String(Math.round(value * 100) / 100);
  }

  function svgEl(tag, attrs) {
    var node = document.createElementNS(SVG_NS, tag);
    Object.keys(attrs).forEach(function (key) { node.setAttribute(key, attrs[key]); });
    return node;
  }

  // One mark at (x, y), the same shapes as games/svg/board.py's _mark.
  function markEl(what, x, y, on, name) {
    var attrs = { "class": "bd-mk on-" + on, "data-name": name };
    var el;
    if (what === "circle") {
      attrs.cx = num(x); attrs.cy = num(y); attrs.r = num(H);
      el = svgEl("circle", attrs);
    } else if (what === "square") {
      attrs.x = num(x - H * 0.85); attrs.y = num(y - H * 0.85);
      attrs.width = num(1.7 * H); attrs.height = num(1.7 * H);
      el = svgEl("rect", attrs);
    } else if (what === "triangle") {
      attrs.points = [[x, y - 1.15 * H], [x + H, y + 0.6 * H], [x - H, y + 0.6 * H]]
        .map(function (p) { return num(p[0]) + "," + num(p[1]); }).join(" ");
      el = svgEl("polygon", attrs);
    } else if (what === "cross") {
      var d = 0.8 * H;
      attrs.d = "M" + num(x - d) + " " + num(y - d) + "l" + num(2 * d) + " " + num(2 * d) +
        "M" + num(x - d) + " " + num(y + d) + "l" + num(2 * d) + " " + num(-2 * d);
      el = svgEl("path", attrs);
    } else {
      attrs.x = num(x); attrs.y = num(y);
      el = svgEl("text", attrs);
      el.textContent = what;
      el.setAttribute("data-mark", "label");
      return el;
    }
    el.setAttribute("data-mark", what);
    return el;
  }

  function draw(svg, node) {
    if (!svg) { return; }
    var old = svg.querySelector("g.bd-marks");
    if (old) { old.parentNode.removeChild(old); }
    var marks = shown(node);
    var points = Object.keys(marks).map(Number).sort(function (a, b) { return a - b; });
    if (!points.length) { return; }
    var group = svgEl("g", { "class": "bd-marks" });
    points.forEach(function (p) {
      var stone = svg.querySelector('circle.bd-st[data-point="' + p + '"]');
      if (!stone) { return; }
      var on = stone.classList.contains("b") ? "b" : (stone.classList.contains("w") ? "w" : "e");
      group.appendChild(markEl(marks[p], Number(stone.getAttribute("cx")),
        Number(stone.getAttribute("cy")), on, stone.getAttribute("data-name")));
    });
    // Where the server puts it: above the stones and the last-move ring, below the links and
    // the cursor.
    var before = svg.querySelector("g.bd-links, g.bd-cursor");
    svg.insertBefore(group, before && before.parentNode === svg ? before : null);
  }

  function tool(form) {
    var checked = form ? form.querySelector("input[name=tool]:checked") : null;
    return checked ? checked.value : null;
  }

  window.baduxReviewMarks = { shown: shown, draw: draw, tool: tool };
})();
