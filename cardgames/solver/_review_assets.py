"""The style sheet and the script of the review page (:mod:`cardgames.solver.review_page`),
kept apart from the Python that fills the page in.

The script is plain JavaScript with no library: it reads the page's data (one JSON block),
rebuilds the table of the moment asked for from its pieces, and answers the buttons, the
arrow keys, Home and End, and clicks on the move list and the graph. Everything it shows is
also in the page without it: the first moment judged, the move list and the summary.
"""

from __future__ import annotations

from typing import Final

__all__ = ["PAGE_CSS", "PAGE_SCRIPT"]

PAGE_CSS: Final = """
:root { --best: #1e8449; --played: #1f4e9c; --inaccuracy: #b7950b; --mistake: #d35400;
  --blunder: #c0392b; --muted: #5d6d7e; --line: #d5d8dc; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", Arial, Helvetica, sans-serif; margin: 0 auto;
  padding: 12px 18px 40px; max-width: 1500px; color: #1b1b1b; background: #fbfcfc; }
h1 { font-size: 1.45em; margin: 0.2em 0 0.3em; }
h2 { font-size: 1.1em; margin: 1em 0 0.4em; }
p, li { line-height: 1.4; }
.note { color: var(--muted); font-size: 0.92em; }
table { border-collapse: collapse; }
th, td { padding: 2px 7px; text-align: left; vertical-align: top; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.summary td, .summary th { border-bottom: 1px solid var(--line); }
.layout { display: flex; gap: 18px; align-items: flex-start; flex-wrap: wrap; }
.board { flex: 1 1 720px; min-width: 0; }
.side { flex: 0 1 470px; min-width: 300px; }
.controls { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; margin: 6px 0; }
.controls button { font-size: 1em; padding: 3px 10px; cursor: pointer; }
.where { font-weight: bold; margin-left: 8px; }
.table-picture svg { width: 100%; height: auto; max-height: 78vh; }
.caption { margin: 6px 0; }
.verdict { font-size: 1.05em; margin: 4px 0; }
.verdict .grade { font-weight: bold; }
.choices { display: flex; flex-wrap: wrap; gap: 6px; margin: 6px 0; }
.choice { border: 2px solid var(--line); border-radius: 6px; padding: 3px; text-align: center;
  min-width: 54px; background: #fff; }
.choice svg { display: block; margin: 0 auto; }
.choice .chip { display: block; padding: 10px 4px; font-weight: bold; }
.choice .value { display: block; font-weight: bold; font-variant-numeric: tabular-nums; }
.choice .bounds, .choice .loss { display: block; font-size: 0.8em; color: var(--muted); }
.choice.best { border-color: var(--best); background: #eafaf1; }
.choice.played { border-color: var(--played); box-shadow: 0 0 0 2px var(--played); }
.choice .tag { display: block; font-size: 0.75em; font-weight: bold; }
.choice.best .tag { color: var(--best); }
.choice.played .tag { color: var(--played); }
.g-inaccuracy { color: var(--inaccuracy); }
.g-mistake { color: var(--mistake); }
.g-blunder { color: var(--blunder); }
svg .legal > rect { stroke: #7f8c8d; stroke-width: 2; }
svg .x-inaccuracy > rect { stroke: var(--inaccuracy); stroke-width: 2.5; }
svg .x-mistake > rect { stroke: var(--mistake); stroke-width: 2.5; }
svg .x-blunder > rect { stroke: var(--blunder); stroke-width: 3; }
svg .best > rect { stroke: var(--best); stroke-width: 4; }
svg .played > rect { stroke: var(--played); stroke-width: 4; stroke-dasharray: 7 3; }
svg .badge text { font-weight: bold; }
.moves-box { max-height: 70vh; overflow-y: auto; border: 1px solid var(--line);
  background: #fff; }
.moves { width: 100%; font-size: 0.92em; }
.moves th { position: sticky; top: 0; background: #eef1f3; }
.moves tr[data-moment] { cursor: pointer; }
.moves tr[data-moment]:hover { background: #f2f4f4; }
.moves tr.current { background: #fff4cc; outline: 2px solid #d4ac0d; }
.moves tr.trick-end td { border-bottom: 1px solid var(--line); }
.moves tr.r-inaccuracy td.flag { color: var(--inaccuracy); font-weight: bold; }
.moves tr.r-mistake td.flag { color: var(--mistake); font-weight: bold; }
.moves tr.r-blunder td.flag { color: var(--blunder); font-weight: bold; }
.moves tr.r-blunder { background: #fdedec; }
.graph svg { width: 100%; height: auto; max-height: 260px; cursor: pointer; }
.legend span { margin-right: 14px; white-space: nowrap; }
.swatch { display: inline-block; width: 22px; height: 0; border-top: 3px solid;
  vertical-align: middle; margin-right: 4px; }
.swatch.dashed { border-top-style: dashed; }
kbd { border: 1px solid #aab; border-radius: 3px; padding: 0 4px; font-size: 0.9em;
  background: #fff; }
.js-only { display: none; }
.has-js .js-only { display: inline; }
.has-js .controls.js-only { display: flex; }
@media print {
  body { max-width: none; padding: 0; background: #fff; }
  .controls, .js-only, .has-js .js-only, .has-js .controls.js-only { display: none; }
  .moves-box { max-height: none; overflow: visible; border: 0; }
  .layout { display: block; }
  .table-picture svg { max-height: none; }
  .moves th { position: static; }
  tr, .choice { break-inside: avoid; }
}
"""
"""The page's style: the layout, the move list, the valued moves and the graph; printing
drops the buttons and shows the whole move list."""

PAGE_SCRIPT: Final = """
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("review-data").textContent);
  var parts = data.parts, moments = data.moments, last = moments.length - 1;
  var view = document.getElementById("moment");
  var where = document.getElementById("where");
  var cursor = document.getElementById("graph-cursor");
  var rows = document.querySelectorAll(".moves tr[data-moment]");
  var graded = data.graded;
  var current = data.start;
  document.documentElement.className += " has-js";

  function build(k) {
    var runs = moments[k], out = [], i, j;
    for (i = 0; i < runs.length; i += 2) {
      for (j = 0; j < runs[i + 1]; j += 1) { out.push(parts[runs[i] + j]); }
    }
    return out.join("");
  }

  function show(k) {
    k = Math.max(0, Math.min(last, k));
    current = k;
    view.innerHTML = build(k);
    where.textContent = data.labels[k];
    for (var i = 0; i < rows.length; i += 1) {
      var row = rows[i], on = Number(row.getAttribute("data-moment")) === k;
      row.classList.toggle("current", on);
      if (on && row.scrollIntoView) { row.scrollIntoView({block: "nearest"}); }
    }
    if (cursor) {
      var x = data.graph.left + k * data.graph.step;
      cursor.setAttribute("x1", x);
      cursor.setAttribute("x2", x);
    }
    if (window.history && window.history.replaceState) {
      window.history.replaceState(null, "", "#moment-" + k);
    }
  }

  function jump(direction) {
    var i, target = null;
    for (i = 0; i < graded.length; i += 1) {
      if (direction > 0 && graded[i] > current) { target = graded[i]; break; }
      if (direction < 0 && graded[i] < current) { target = graded[i]; }
    }
    if (target !== null) { show(target); }
  }

  var actions = {
    "first": function () { show(0); },
    "back": function () { show(current - 1); },
    "forward": function () { show(current + 1); },
    "last": function () { show(last); },
    "previous-error": function () { jump(-1); },
    "next-error": function () { jump(1); }
  };
  var buttons = document.querySelectorAll("button[data-action]");
  for (var b = 0; b < buttons.length; b += 1) {
    buttons[b].addEventListener("click", actions[buttons[b].getAttribute("data-action")]);
  }
  for (var r = 0; r < rows.length; r += 1) {
    rows[r].addEventListener("click", function (event) {
      show(Number(event.currentTarget.getAttribute("data-moment")));
    });
  }
  var graph = document.getElementById("graph-svg");
  if (graph) {
    graph.addEventListener("click", function (event) {
      var box = graph.getBoundingClientRect(), scale = data.graph.width / box.width;
      var x = (event.clientX - box.left) * scale;
      show(Math.round((x - data.graph.left) / data.graph.step));
    });
  }
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    var keys = {"ArrowLeft": "back", "ArrowRight": "forward", "Home": "first", "End": "last",
                "ArrowUp": "previous-error", "ArrowDown": "next-error"};
    var action = keys[event.key];
    if (action) { event.preventDefault(); actions[action](); }
  });
  function fromHash() {
    var asked = /^#moment-(\\d+)$/.exec(window.location.hash);
    return asked ? Number(asked[1]) : null;
  }
  window.addEventListener("hashchange", function () {
    var k = fromHash();
    if (k !== null) { show(k); }
  });
  var asked = fromHash();
  show(asked === null ? current : asked);
}());
"""
"""The page's script: the moment shown is rebuilt from ``data.parts`` (every distinct piece
of markup once) and ``data.moments`` (for each moment, runs of piece numbers: a start and a
length)."""
