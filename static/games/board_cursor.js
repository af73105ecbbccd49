/*
 * The game board by keyboard and screen reader: one tab stop, a cursor moved point by point,
 * each point said in words, and commands that answer in words.
 *
 * Works on the frame of templates/games/_board.html (<div data-board data-cursor
 * [data-words-url="/games/7/words/"] [data-poll] [data-cursor-mode="play|mark|read|variation"]
 * [data-cursor-start="D4"]>) around games/svg's SVG, which it only reads (classes of the stone
 * circles, the last-move ring, the territory squares, the clickable points of
 * <g class="bd-links" data-pick>): see games/svg/board.py's docstring. A change of those
 * classes (replay.js and review_tree.js stepping through a game) is read again at once.
 *
 * Enter or Space first sends the frame a cancelable "badux:cursor-enter" event, detail
 * {point: "D4"}: a page script that calls preventDefault() has handled it (review_tree.js
 * plays the variation move there). Otherwise it depends on the mode (default "play", the game
 * page):
 *   - play: on a point the player may play, click board.js's link (its confirm bar, with the
 *     move said in words); elsewhere say why not.
 *   - mark (the marking page): click the stone's link (disputes.js toggles its chain dead or
 *     alive); a point says "marked dead" for a stone the marking counts dead.
 *   - variation (a review whose owner adds moves; its script takes the event) and read (any
 *     other review): a board left read-only says that nothing is played there.
 * The words' questions add the frame's data-words-query ("move=12", "node=5", kept up to date
 * by replay.js and review_tree.js) so that they are asked about the position shown.
 *
 *   - It adds, inside the SVG, <g class="bd-cursor" role="grid"> with one <g role="row"> per
 *     board row and one <g role="gridcell" tabindex="-1|0" data-cursor="D4" aria-label="D4,
 *     black stone, last move"> per point (roving tabindex: only the cursor's cell is in the tab
 *     order). The cells take no clicks (pointer-events: none): the mouse keeps board.js's links,
 *     which leave the tab order and the accessibility tree.
 *   - Square boards: arrows move up, down, left, right. Hexagons (rows drawn horizontal):
 *     Left/Right along the row, Up/Down along the column letter (up-left, down-right),
 *     Page Up/Page Down up-right and down-left. Home/End: ends of the row. The keys are written
 *     on the page (templates/games/_board_keys.html).
 *   - Enter or Space: see the modes above.
 *   - C chain, N neighbours, R row, L column, P preview, A chains in atari, S status: answered
 *     by the server in words (games/views/board_words.py, JSON) into the page's polite status
 *     line (#board-said). W goes to the "Position in words" heading, H opens the list of keys.
 *   - With data-poll, board_live.js follows the game: a move made meanwhile is said in the
 *     status line and the board, read again, is set up here anew (start() again).
 *   - After the player's own move (a flash message with the class "board-moved", "You played
 *     G5.") the status line says it with whose turn it is now (its data-turn, "Bob to move.")
 *     and the cursor starts on the last move. After a marking ("board-marked", the chain and
 *     the new count) it is said the same way and the cursor starts on data-cursor-start.
 *   - The other keys of the page keep working: the cursor handles (and prevents) only the keys
 *     above, and only while a point has the focus; replay.js and review_tree.js leave the
 *     keys of the grid alone.
 */
(function () {
  "use strict";
  if (window.baduxCursor) { return; }

  var _ = window.gettext || function (text) { return text; };
  var fmt = window.interpolate || function (text, values) {
    return text.replace(/%\((\w+)\)s/g, function (all, key) { return values[key]; });
  };
  var LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
  var SVG_NS = "http://www.w3.org/2000/svg";
  var STEP = 20;
  // (letter, row) steps; a hexagon's letter runs up-left to down-right.
  var SQUARE_KEYS = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
  var HEX_KEYS = {
    ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1],
    PageUp: [1, 1], PageDown: [-1, -1]
  };
  var ASK_KEYS = { c: "chain", n: "neighbours", r: "row", l: "column", p: "preview", a: "atari", s: "status" };
  var MODES = { play: true, mark: true, read: true, variation: true };

  function svgEl(tag, attrs) {
    var node = document.createElementNS(SVG_NS, tag);
    Object.keys(attrs).forEach(function (key) { node.setAttribute(key, attrs[key]); });
    return node;
  }

  // Every point in board order (rows from the top, left to right), as games/svg draws it.
  function boardPoints(kind, n) {
    var out = [];
    var x, y, q, r;
    if (kind === "square") {
      for (y = 0; y < n; y++) {
        for (x = 0; x < n; x++) {
          out.push({ x: x, y: y, name: LETTERS[x] + (n - y), cx: STEP * x, cy: STEP * y });
        }
      }
      return out;
    }
    var m = n - 1;
    for (r = -m; r <= m; r++) {
      for (q = -m; q <= m; q++) {
        if (Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) > m) { continue; }
        x = q + m;
        y = r + m;
        out.push({
          x: x, y: y, name: LETTERS[x] + (2 * n - 1 - y),
          cx: STEP * (q + r / 2), cy: STEP * Math.sqrt(3) / 2 * r
        });
      }
    }
    return out;
  }

  function init(frame) {
    var svg = frame.querySelector("svg.bd");
    var said = document.getElementById("board-said");
    if (!svg || frame.getAttribute("data-cursor-ready")) { return; }
    frame.setAttribute("data-cursor-ready", "1");
    var kind = svg.getAttribute("data-kind");
    var n = parseInt(svg.getAttribute("data-n"), 10);
    var keys = kind === "square" ? SQUARE_KEYS : HEX_KEYS;
    var mode = frame.getAttribute("data-cursor-mode") || "play";
    if (!MODES[mode]) { mode = "read"; }
    var points = boardPoints(kind, n);
    var byXY = {};
    points.forEach(function (p, index) { p.index = index; byXY[p.x + "," + p.y] = p; });
    var wordsUrl = frame.getAttribute("data-words-url");
    var links = svg.querySelector("g.bd-links");
    var pick = {};
    if (links && links.getAttribute("data-pick")) {
      links.getAttribute("data-pick").split(" ").forEach(function (item) { pick[item.split(",")[0]] = true; });
    }
    Array.prototype.forEach.call(svg.querySelectorAll("g.bd-links a.bd-pt"), function (a) {
      pick[a.getAttribute("data-name")] = true;
    });
    var playable = mode === "play" && !!frame.getAttribute("data-move-form") && Object.keys(pick).length > 0;
    var canMark = mode === "mark" && !!svg.querySelector("a.bd-stone");

    // The links stay for the mouse; the grid below is the keyboard's and the screen reader's.
    if (links) { links.setAttribute("aria-hidden", "true"); }
    function hideLinks() {
      Array.prototype.forEach.call(svg.querySelectorAll("a.bd-pt"), function (a) { a.setAttribute("tabindex", "-1"); });
    }
    hideLinks();
    svg.setAttribute("role", "group");

    // The board's name, without the full stop a sentence-like title ends with.
    var title = { label: svg.querySelector("title").textContent.trim().replace(/[.。]$/, "") };
    var gridLabel;
    if (mode === "play") {
      gridLabel = fmt(_("%(label)s: arrow keys move the cursor, Enter plays"), title, true);
    } else if (canMark) {
      gridLabel = fmt(_("%(label)s: arrow keys move the cursor, Enter marks a chain dead or alive"), title, true);
    } else if (mode === "variation") {
      gridLabel = fmt(_("%(label)s: arrow keys move the cursor, Enter plays a variation move"), title, true);
    } else {
      gridLabel = fmt(_("%(label)s: arrow keys move the cursor"), title, true);
    }
    var grid = svgEl("g", { "class": "bd-cursor", role: "grid", "aria-label": gridLabel });
    if (document.getElementById("board-keys")) { grid.setAttribute("aria-describedby", "board-keys-line"); }
    var row = null;
    var rowY = null;
    points.forEach(function (p) {
      if (p.y !== rowY) {
        row = svgEl("g", { role: "row", "aria-label": fmt(_("Row %(number)s"), { number: p.name.slice(1) }, true) });
        grid.appendChild(row);
        rowY = p.y;
      }
      var cell = svgEl("g", { role: "gridcell", tabindex: "-1", "class": "bd-cell", "data-cursor": p.name });
      cell.appendChild(svgEl("circle", { "class": "bd-cur-o", cx: p.cx, cy: p.cy }));
      cell.appendChild(svgEl("circle", { "class": "bd-cur-i", cx: p.cx, cy: p.cy }));
      p.cell = cell;
      row.appendChild(cell);
    });
    svg.appendChild(grid);

    var ring = svg.querySelector("circle.bd-lm");
    function isLast(p) {
      if (!ring || ring.classList.contains("none")) { return false; }
      return Math.abs(parseFloat(ring.getAttribute("cx")) - p.cx) < 0.6 &&
        Math.abs(parseFloat(ring.getAttribute("cy")) - p.cy) < 0.6;
    }

    function stoneAt(p) {
      var stone = svg.querySelector('circle.bd-st[data-name="' + p.name + '"]');
      return stone && !stone.classList.contains("ghost") &&
        (stone.classList.contains("b") || stone.classList.contains("w")) ? stone : null;
    }

    function describe(p) {
      var parts = [p.name];
      var stone = svg.querySelector('circle.bd-st[data-name="' + p.name + '"]');
      var ghost = stone && stone.classList.contains("ghost");
      if (stone && !ghost && stone.classList.contains("b")) {
        parts.push(_("black stone"));
      } else if (stone && !ghost && stone.classList.contains("w")) {
        parts.push(_("white stone"));
      } else {
        parts.push(_("empty"));
        if (ghost) { parts.push(_("your proposed move")); }
        if (playable && !pick[p.name]) { parts.push(_("not playable")); }
      }
      if (stone && !ghost && stone.classList.contains("dead")) {
        parts.push(mode === "mark" ? _("marked dead") : _("dead"));
      }
      if (isLast(p)) { parts.push(_("last move")); }
      // A review hides the count (class bd-noscore) before its last move.
      var owned = svg.classList.contains("bd-noscore") ? null :
        svg.querySelector('rect.bd-t[data-point="' + p.index + '"]');
      if (owned) { parts.push(owned.classList.contains("b") ? _("black's point") : _("white's point")); }
      return parts.join(", ");
    }

    function label() {
      points.forEach(function (p) { p.cell.setAttribute("aria-label", describe(p)); });
    }
    label();

    var echo = frame.parentNode.querySelector(".board-cursor-at");
    var current = null;
    function moveTo(p, focus) {
      if (current) { current.cell.setAttribute("tabindex", "-1"); }
      current = p;
      p.cell.setAttribute("tabindex", "0");
      p.cell.setAttribute("aria-label", describe(p));
      if (echo) { echo.textContent = describe(p); }
      if (focus) { p.cell.focus({ preventScroll: false }); }
    }

    var last = null;
    points.forEach(function (p) { if (isLast(p)) { last = p; } });
    var named = {};
    points.forEach(function (p) { named[p.name] = p; });
    var start = named[(frame.getAttribute("data-cursor-start") || "").toUpperCase()] || null;
    moveTo(start || last || points[Math.floor(points.length / 2)], false);

    // The stones changed (a review stepped, a ghost came or went): every point is read anew,
    // once per burst of changes.
    var relabel = null;
    function relabelSoon() {
      if (relabel !== null) { return; }
      relabel = window.setTimeout(function () {
        relabel = null;
        label();
        if (current && echo) { echo.textContent = describe(current); }
      }, 0);
    }

    function say(text) {
      if (!said) { return; }
      said.textContent = "";
      // A new text node after a pause, so a repeated answer is said again.
      window.setTimeout(function () { said.textContent = text; }, 60);
    }

    function ask(question, p) {
      if (!wordsUrl) { return; }
      var query = frame.getAttribute("data-words-query");
      var url = wordsUrl + "?format=json&ask=" + question + (p ? "&point=" + p.name : "") +
        (query ? "&" + query : "");
      fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then(function (response) { return response.json(); })
        .then(function (data) { say(data.text); })
        .catch(function () { say(_("The server did not answer; try again.")); });
    }

    function click(link) {
      link.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    }

    function play(p) {
      var link = svg.querySelector('a.bd-pt[data-name="' + p.name + '"]');
      if (playable && link) {
        click(link);
      } else if (playable) {
        ask("preview", p);
      } else {
        say(_("You cannot play now: it is not your turn."));
      }
    }

    function mark(p) {
      var link = svg.querySelector('a.bd-stone[data-name="' + p.name + '"]');
      if (canMark && link) {
        say(fmt(_("Marking the chain at %(point)s…"), { point: p.name }, true));
        click(link);
      } else if (!stoneAt(p)) {
        say(fmt(_("%(point)s: there is no stone to mark."), { point: p.name }, true));
      } else {
        say(_("You cannot change this marking."));
      }
    }

    function activate(p) {
      var asked = new CustomEvent("badux:cursor-enter", { cancelable: true, detail: { point: p.name } });
      if (!frame.dispatchEvent(asked)) { return; }
      if (mode === "play") {
        play(p);
      } else if (mode === "mark") {
        mark(p);
      } else {
        say(_("This board is for reading: nothing is played here."));
      }
    }

    // Listeners on the (HTML) frame: Chromium makes an SVG element with focus listeners a tab
    // stop of its own.
    frame.addEventListener("keydown", function (event) {
      if (!current || !grid.contains(event.target)) { return; }
      if (event.altKey || event.ctrlKey || event.metaKey) { return; }
      var key = event.key;
      var delta = keys[key];
      var p = current;
      if (delta) {
        var next = byXY[(p.x + delta[0]) + "," + (p.y - delta[1])];
        event.preventDefault();
        if (next) { moveTo(next, true); } else { say(fmt(_("%(point)s: edge of the board"), { point: p.name }, true)); }
        return;
      }
      if (key === "Home" || key === "End") {
        var inRow = points.filter(function (q) { return q.y === p.y; });
        event.preventDefault();
        moveTo(key === "Home" ? inRow[0] : inRow[inRow.length - 1], true);
        return;
      }
      if (key === "Enter" || key === " ") {
        event.preventDefault();
        activate(p);
        return;
      }
      var lower = key.length === 1 ? key.toLowerCase() : "";
      // A marking is of a finished game: nothing to preview.
      if (ASK_KEYS[lower] && !(lower === "p" && mode === "mark")) {
        event.preventDefault();
        ask(ASK_KEYS[lower], p);
      } else if (lower === "w") {
        var heading = document.getElementById("board-words-title");
        if (heading) { event.preventDefault(); heading.focus(); }
      } else if (lower === "h") {
        var help = document.getElementById("board-keys");
        if (help) { event.preventDefault(); help.open = true; help.querySelector("summary").focus(); }
      }
    });

    frame.addEventListener("focusin", function (event) {
      var cell = event.target.closest && event.target.closest("[data-cursor]");
      if (!cell) { return; }
      var found = points.filter(function (q) { return q.cell === cell; })[0];
      if (found && found !== current) { moveTo(found, false); }
    });

    // A new link from board.js (a compact board builds them) must stay out of the tab order;
    // a stone that changes is read anew.
    new MutationObserver(function (records) {
      hideLinks();
      if (records.some(function (r) { return r.type === "attributes" && !grid.contains(r.target); })) {
        relabelSoon();
      }
    }).observe(svg, { childList: true, subtree: true, attributes: true, attributeFilter: ["class", "cx", "cy"] });

    // After the player's own move or marking: say it again and start on the board.
    var moved = document.querySelector(".messages .board-moved, .messages .board-marked");
    if (moved) {
      var turn = said ? said.getAttribute("data-turn") : "";
      window.setTimeout(function () { say(moved.textContent + (turn ? " " + turn : "")); }, 400);
      if (start || last) { moveTo(start || last, true); }
    }
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-board][data-cursor]"), init);
  }

  window.baduxCursor = { init: init, start: start };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
