/*
 * Badux review with variations (templates/games/reviews/show.html).
 *
 * The page carries the tree as JSON (#review-tree-data: rules.review.variations.VariationTree.to_data,
 * nodes {id, parent, colour, point, kind, name, number, captures, children, setup?}) and the comments by node
 * (#review-comments-data). Every board state is rebuilt here from the setup and the stored
 * captures; no rule of the game lives in this file: a new move goes to the server
 * (data-move-url, the review's move endpoint), whose rules judge it and answer the new node.
 *
 * Without this script the page works by links (?node=ID) and forms; with it, the tree links,
 * the step links, the graph and the keys move through the tree in place:
 *   Left / Right   back to the parent, forward along the first child;
 *   Up / Down      the previous / next variation at this move;
 *   Home / End     the start / the end of the current line.
 * These keys are left to the board's keyboard cursor (board_cursor.js, role="grid") while it
 * has the focus: there the arrows move the cursor. The frame's data-words-query ("node=5")
 * tells the cursor which position its questions are about.
 * The owner plays by clicking the board, with the "Play at" field, or with Enter on the
 * cursor's point (its "badux:cursor-enter" event). With a tool of the mark form chosen
 * ([data-review-mark-form], its "tool" radios; "" plays moves), the same click or Enter, or
 * the form's typed point, puts that mark or label there or takes it off (data-mark-url, the
 * review's mark endpoint, answers the node with its marks). Each node's marks are drawn by
 * review_marks.js (loaded first).
 */
(function () {
  "use strict";
  var page = document.querySelector("[data-review-tree-page]");
  var dataScript = document.getElementById("review-tree-data");
  if (!page || !dataScript) { return; }
  var _ = window.gettext || function (text) { return text; };
  var pgettext = window.pgettext || function (context, text) { return text; };
  function fmt(text, values) {
    if (window.interpolate) { return window.interpolate(text, values, true); }
    return text.replace(/%\((\w+)\)s/g, function (all, key) { return values[key]; });
  }

  var data = JSON.parse(dataScript.textContent);
  var commentsScript = document.getElementById("review-comments-data");
  var comments = commentsScript ? JSON.parse(commentsScript.textContent) : {};
  var nodes = {};
  data.nodes.forEach(function (n) { nodes[n.id] = n; });
  var svg = page.querySelector("svg.bd");
  var size = svg ? Number(svg.getAttribute("data-size")) : 0;
  var stones = [];
  if (svg) {
    Array.prototype.forEach.call(svg.querySelectorAll("circle.bd-st[data-point]"), function (c) {
      stones[Number(c.getAttribute("data-point"))] = c;
    });
  }
  var ring = svg ? svg.querySelector("circle.bd-lm") : null;
  var frame = svg ? svg.closest("[data-board]") : null;
  var treeBox = page.querySelector("[data-review-tree]");
  var here = page.querySelector("[data-review-here]");
  var commentBox = page.querySelector("[data-review-comments]");
  var reportUrl = commentBox ? commentBox.getAttribute("data-report-url") : "";
  var errorBox = page.querySelector("[data-review-error]");
  var editable = page.getAttribute("data-editable") === "1";
  var marks = window.baduxReviewMarks || null;
  var markForm = page.querySelector("[data-review-mark-form]");
  var said = document.getElementById("board-said");
  var current = Number(page.getAttribute("data-node"));
  var tip = current;  // the last node of the line shown (the page's ?line=, see follow)

  // As games.reviews.pages.StoredTree.label: a node without a move ("none", from an uploaded
  // record) holds setup stones or only a comment and marks.
  function label(n) {
    if (n.kind === "root") { return _("Start"); }
    if (n.kind === "none") { return n.number + ". " + (n.setup ? _("setup stones") : _("no move")); }
    var colour = n.colour === "B"
      ? pgettext("a black move in the move list", "B")
      : pgettext("a white move in the move list", "W");
    return n.number + ". " + colour + " " + (n.kind === "pass" ? _("pass") : n.name);
  }

  function path(id) {
    var ids = [];
    for (var n = nodes[id]; n; n = n.parent === null ? null : nodes[n.parent]) { ids.push(n.id); }
    return ids.reverse();
  }

  function boardAt(id) {
    var board = new Uint8Array(size);
    (data.setup.black || []).forEach(function (p) { board[p] = 1; });
    (data.setup.white || []).forEach(function (p) { board[p] = 2; });
    path(id).slice(1).forEach(function (i) {
      var n = nodes[i];
      (n.setup || []).forEach(function (s) { board[s[0]] = s[1] === "B" ? 1 : (s[1] === "W" ? 2 : 0); });
      if (n.kind === "play") { board[n.point] = n.colour === "B" ? 1 : 2; }
      n.captures.forEach(function (p) { board[p] = 0; });
    });
    return board;
  }

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) { node.setAttribute(key, attrs[key]); });
    if (text) { node.textContent = text; }
    return node;
  }

  // The same markup as games.reviews.pages.tree_html.
  function line(startId) {
    var ol = el("ol", { "class": "review-line" });
    var id = startId;
    for (;;) {
      var n = nodes[id];
      var li = el("li", { "class": comments[String(id)] ? "review-node commented" : "review-node" });
      li.appendChild(el("a", { href: "?node=" + id, "data-node": String(id) }, label(n)));
      if (comments[String(id)]) {
        li.appendChild(document.createTextNode(" "));
        li.appendChild(el("span", { "class": "visually-hidden" }, _("(comment)")));
      }
      var parent = n.parent === null ? null : nodes[n.parent];
      if (parent && parent.children[0] === id && parent.children.length > 1) {
        var ul = el("ul", { "class": "review-variations" });
        parent.children.slice(1).forEach(function (alt) {
          var item = el("li");
          item.appendChild(line(alt));
          ul.appendChild(item);
        });
        li.appendChild(ul);
      }
      ol.appendChild(li);
      if (!n.children.length) { break; }
      id = n.children[0];
    }
    return ol;
  }

  function drawTree() {
    if (!treeBox) { return; }
    treeBox.textContent = "";
    treeBox.appendChild(line(0));
  }

  function showComments(id) {
    if (!commentBox) { return; }
    commentBox.textContent = "";
    var list = comments[String(id)] || [];
    if (!list.length) {
      commentBox.appendChild(el("p", { "class": "muted small" }, _("No comment on this move.")));
    }
    list.forEach(function (c) {
      var box = el("div", { "class": "review-comment" });
      box.appendChild(el("p", { "class": "small muted" }, c.author));
      var p = el("p");
      c.text.split("\n").forEach(function (part, i) {
        if (i) { p.appendChild(el("br")); }
        p.appendChild(document.createTextNode(part));
      });
      box.appendChild(p);
      if (c.report && reportUrl) {
        var report = el("p", { "class": "small" });
        var link = el("a", { href: reportUrl.replace(/\/0\/report\/$/, "/" + c.id + "/report/") },
          fmt(_("Report this comment by %(author)s"), { author: c.author }));
        report.appendChild(link);
        box.appendChild(report);
      }
      commentBox.appendChild(box);
    });
  }

  // A step link: to `target` along the line shown, or disabled (no href) at an end.
  function setStep(name, target) {
    var link = page.querySelector('[data-step="' + name + '"]');
    if (!link) { return; }
    link.removeAttribute("hidden");
    if (target === null || target === undefined) {
      link.removeAttribute("href");
      link.removeAttribute("rel");
      link.setAttribute("role", "link");
      link.setAttribute("aria-disabled", "true");
    } else {
      link.setAttribute("href", "?node=" + target + "&line=" + tip);
      if (name !== "root") { link.setAttribute("rel", name === "back" ? "prev" : "next"); }
      link.removeAttribute("role");
      link.removeAttribute("aria-disabled");
    }
  }

  // The line shown ends at `tip`: stepping back keeps it (so Forward goes back into a
  // variation); showing a node off it starts the line there, along first children
  // (games.reviews.pages.line_steps, for the links without this script).
  function follow(id, keepLine) {
    tip = lineEnd(keepLine && path(tip).indexOf(id) >= 0 ? tip : id);
    var ids = path(tip);
    var at = ids.indexOf(id);
    return at + 1 < ids.length ? ids[at + 1] : null;
  }

  function show(id, keepLine) {
    if (!(id in nodes)) { return; }
    var board = boardAt(id);
    for (var p = 0; p < size; p++) {
      if (!stones[p]) { continue; }
      stones[p].classList.toggle("b", board[p] === 1);
      stones[p].classList.toggle("w", board[p] === 2);
      stones[p].classList.remove("ghost");
    }
    var n = nodes[id];
    if (marks) { marks.draw(svg, n); }
    if (ring) {
      if (n.kind === "play" && stones[n.point]) {
        ring.setAttribute("cx", stones[n.point].getAttribute("cx"));
        ring.setAttribute("cy", stones[n.point].getAttribute("cy"));
        ring.setAttribute("class", "bd-lm " + (n.colour === "B" ? "on-b" : "on-w"));
      } else {
        ring.setAttribute("class", "bd-lm none");
      }
    }
    current = id;
    page.setAttribute("data-node", String(id));
    if (frame) { frame.setAttribute("data-words-query", "node=" + id); }
    if (here) { here.textContent = label(n); }
    var next = follow(id, keepLine);
    setStep("root", 0);
    setStep("back", n.parent);
    setStep("forward", next);
    Array.prototype.forEach.call(page.querySelectorAll("[data-review-parent], [data-review-node-field]"), function (input) {
      input.value = String(id);
    });
    Array.prototype.forEach.call(document.querySelectorAll("[data-review-node-field]"), function (input) {
      input.value = String(id);
    });
    var remove = document.querySelector("[data-review-remove]");
    if (remove) { remove.hidden = id === 0; }
    if (treeBox) {
      Array.prototype.forEach.call(treeBox.querySelectorAll("a[data-node]"), function (a) {
        if (Number(a.getAttribute("data-node")) === id) { a.setAttribute("aria-current", "step"); }
        else { a.removeAttribute("aria-current"); }
      });
    }
    showComments(id);
    if (errorBox) { errorBox.textContent = ""; }
    var markError = markForm ? markForm.querySelector("[data-review-mark-error]") : null;
    if (markError) { markError.textContent = ""; }
    if (window.history && window.history.replaceState) {
      window.history.replaceState(null, "", "?node=" + id + "&line=" + tip);
    }
  }

  function sibling(step) {
    var n = nodes[current];
    if (n.parent === null) { return; }
    var kids = nodes[n.parent].children;
    var i = kids.indexOf(current) + step;
    if (i >= 0 && i < kids.length) { show(kids[i]); }
  }

  function lineEnd(id) {
    while (nodes[id].children.length) { id = nodes[id].children[0]; }
    return id;
  }

  function nodeOf(href) {
    var match = /[?&]node=(\d+)/.exec(href || "");
    return match ? Number(match[1]) : null;
  }

  document.addEventListener("click", function (event) {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button) { return; }
    var a = event.target.closest ? event.target.closest("a[href]") : null;
    if (!a) { return; }
    var inside = a.closest("[data-review-tree], .review-steps, [data-estimate], .estimate-turns");
    if (!inside) { return; }
    var id = nodeOf(a.getAttribute("href"));
    if (id === null || !(id in nodes)) { return; }
    event.preventDefault();
    show(id, a.hasAttribute("data-step"));
  });

  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) { return; }
    var t = event.target;
    if (t && t.closest && t.closest('[role="grid"]')) { return; } // the board's cursor
    var tag = t && t.tagName ? t.tagName.toLowerCase() : "";
    if (tag === "input" || tag === "textarea" || tag === "select" || (t && t.isContentEditable)) { return; }
    var n = nodes[current];
    var next = follow(current, true);
    if (event.key === "ArrowLeft") { if (n.parent !== null) { show(n.parent, true); } }
    else if (event.key === "ArrowRight") { if (next !== null) { show(next, true); } }
    else if (event.key === "ArrowUp") { sibling(-1); }
    else if (event.key === "ArrowDown") { sibling(1); }
    else if (event.key === "Home") { show(0, true); }
    else if (event.key === "End") { show(tip, true); }
    else { return; }
    event.preventDefault();
  });

  // Playing (the owner): the server's rules judge the move and answer the node.
  var form = page.querySelector("[data-review-move-form]");

  function post(url, fields, from) {
    var body = new FormData();
    Object.keys(fields).forEach(function (key) { body.append(key, fields[key]); });
    var token = from.querySelector("input[name=csrfmiddlewaretoken]");
    return fetch(url, {
      method: "POST",
      body: body,
      headers: { Accept: "application/json", "X-CSRFToken": token ? token.value : "" },
      credentials: "same-origin",
    }).then(function (response) {
      return response.json().then(function (answer) { return { ok: response.ok, answer: answer }; });
    });
  }

  function play(point) {
    if (!form) { return; }
    post(page.getAttribute("data-move-url"), { parent: String(current), point: point }, form).then(function (result) {
      if (!result.ok) {
        if (errorBox) { errorBox.textContent = result.answer.error || _("That move could not be played."); }
        return;
      }
      var node = result.answer.node;
      if (!(node.id in nodes)) {
        nodes[node.id] = node;
        data.nodes.push(node);
        nodes[node.parent].children.push(node.id);
        drawTree();
      }
      show(node.id);
      var input = form.querySelector("input[name=point]");
      if (input) { input.value = ""; }
    }).catch(function () {
      if (errorBox) { errorBox.textContent = _("The move could not be sent; check your connection and try again."); }
    });
  }

  // The chosen mark tool ("" or null: the board plays moves).
  function markTool() {
    return marks && markForm ? marks.tool(markForm) : null;
  }

  function sayMark(text) {
    if (!said) { return; }
    said.textContent = "";
    window.setTimeout(function () { said.textContent = text; }, 60);
  }

  function mark(point) {
    var errorLine = markForm.querySelector("[data-review-mark-error]");
    var text = markForm.querySelector("input[name=text]");
    var node = current;
    post(markForm.getAttribute("action"), {
      node: String(node), tool: markTool(), point: point, text: text ? text.value.trim() : ""
    }, markForm).then(function (result) {
      if (!result.ok) {
        if (errorLine) { errorLine.textContent = result.answer.error || _("That mark could not be made."); }
        return;
      }
      var answer = result.answer.node;
      nodes[node].marks = answer.marks || [];
      nodes[node].labels = answer.labels || [];
      if (errorLine) { errorLine.textContent = ""; }
      var input = markForm.querySelector("input[name=point]");
      if (input) { input.value = ""; }
      if (node === current) { marks.draw(svg, nodes[node]); }
      sayMark(result.answer.said);
    }).catch(function () {
      if (errorLine) { errorLine.textContent = _("The mark could not be sent; check your connection and try again."); }
    });
  }

  // A point of the board chosen by the mouse or the cursor: a mark with a tool, else a move.
  function choose(point) {
    if (markTool()) { mark(point); } else { play(point); }
  }

  if (editable && markForm && marks) {
    var none = markForm.querySelector("[data-review-tool-play]");
    if (none) {
      none.hidden = false;
      none.querySelector("input").checked = true;
    }
    markForm.addEventListener("submit", function (event) {
      var input = markForm.querySelector("input[name=point]");
      event.preventDefault();
      if (!markTool()) {
        markForm.querySelector("[data-review-mark-error]").textContent = _("Choose a mark first.");
        return;
      }
      if (input && input.value.trim()) { mark(input.value.trim()); }
      else { markForm.querySelector("[data-review-mark-error]").textContent = _("Say where: a point such as D4."); }
    });
  }

  if (editable && form) {
    form.addEventListener("submit", function (event) {
      var input = form.querySelector("input[name=point]");
      if (!input || !input.value.trim()) { return; }
      event.preventDefault();
      play(input.value.trim());
    });
    if (frame) {
      frame.addEventListener("badux:cursor-enter", function (event) {
        event.preventDefault();
        choose(event.detail.point);
      });
    }
    if (svg) {
      svg.classList.add("review-clickable");
      svg.addEventListener("click", function (event) {
        var matrix = svg.getScreenCTM();
        if (!matrix) { return; }
        var pt = svg.createSVGPoint();
        pt.x = event.clientX;
        pt.y = event.clientY;
        var at = pt.matrixTransform(matrix.inverse());
        var best = null;
        var bestDistance = 12 * 12;  // within about half the 20-unit spacing of points
        stones.forEach(function (c) {
          if (!c) { return; }
          var dx = Number(c.getAttribute("cx")) - at.x;
          var dy = Number(c.getAttribute("cy")) - at.y;
          var d = dx * dx + dy * dy;
          if (d < bestDistance) { best = c; bestDistance = d; }
        });
        if (best) {
          event.preventDefault();
          choose(best.getAttribute("data-name"));
        }
      });
    }
  }

  var lineAsked = /[?&]line=(\d+)/.exec(window.location.search);
  if (lineAsked && Number(lineAsked[1]) in nodes) { tip = Number(lineAsked[1]); }
  show(current, true);
  page.setAttribute("data-review-ready", "1");  // for tests and other scripts: handlers are on
})();
