"""The review page: a reviewed deal as one self-contained HTML file.

:func:`review_html` (``Review.to_html()``, ``cardgames review FILE --html PAGE``) turns a
:class:`~cardgames.solver.Review` into a page a browser opens from the disk, with no network
request of any kind (inline SVG, CSS and a little plain JavaScript, and a content security
policy that forbids anything else):

* the table (the game's own SVG picture, :meth:`~cardgames.games.GameDescriptor.state_svg`)
  at any moment of the deal, stepped through with the buttons, the arrow keys, Home and End,
  or by clicking a move in the move list or a point of the graph;
* at each moment judged, every legal move of the seat to move with its value for that seat's
  side and its loss against the best, written as the text review writes them (exact,
  ``≈`` estimates with their proved bounds, or bounds ``a..b``); on the table each legal card
  is outlined, the best ones in green and the one played in blue, with its loss above it;
* the move list, each judged move with its value, a best move and its loss and grade;
* a graph of the value of each side over the deal, estimated stretches dashed;
* per seat: what it lost, its inaccuracies, mistakes and blunders and its accuracy
  (:class:`~cardgames.search.grades.LossGrades`).

Without JavaScript the page still shows the first moment judged, the move list and the
summary, and it prints. Every moment's table is a piece of the page's data, each distinct
piece of markup stored once (a moment is a list of runs of pieces), so a whole deal's 79
tables cost about as much as a few of them.

>>> from cardgames import solver, tarot
>>> state = tarot.random_position(tarot.Rules.traditional(players=3), seed=8, tricks_left=2)
>>> page = solver.review(state, solver.analyse(state).pv).to_html()
>>> page.startswith('<!DOCTYPE html>'), 'http-equiv="Content-Security-Policy"' in page
(True, True)
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardgames import games
from cardgames.render import format_bounds, format_points
from cardgames.search.grades import Grade, LossGrades
from cardgames.search.results import Analysis, PlayStep
from cardgames.solver._review_assets import PAGE_CSS, PAGE_SCRIPT

if TYPE_CHECKING:
    import cardgames.solver.play_review
    from cardgames.solver.play_review import Review

__all__ = ["CONTENT_POLICY", "review_html"]

CONTENT_POLICY: Final = (
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"
)
"""The page's content security policy: its own inline style and script, nothing fetched."""

_TAG: Final = re.compile(r"<[^<]*")
_TRANSLATE: Final = re.compile(r'transform="translate\(([-0-9.]+),([-0-9.]+)\)"')
_CARD: Final = re.compile(r'^<g class="card" data-card="([^"]*)"')
_RECT_WIDTH: Final = re.compile(r'^<rect width="([0-9.]+)"')
_GRAPH_WIDTH: Final = 900
_GRAPH_HEIGHT: Final = 230
_GRAPH_LEFT: Final = 46
_SIDE_COLOURS: Final = ("#1f4e9c", "#c0392b", "#1e8449", "#7d3c98", "#b9770e", "#117a65")
_GRADE_COLOURS: Final = {
    Grade.INACCURACY: "#b7950b",
    Grade.MISTAKE: "#d35400",
    Grade.BLUNDER: "#c0392b",
}


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


@attrs.frozen
class _Choice:
    # One legal move at a judged moment: its step (as if it had been played), grade and marks.
    step: PlayStep[Any]
    grade: Grade | None
    best: bool
    played: bool


@attrs.frozen
class _Moment:
    # What the page knows of one moment: the position, and the move made from it.
    number: int  # moves made so far
    state: Any
    move: Any | None  # the move made next (None at the end)
    item: PlayStep[Any] | Any | None  # the review's item for that move, if it lists it
    analysis: Analysis[Any] | None


def review_html(review: cardgames.solver.play_review.Review, *, title: str | None = None) -> str:
    """The review page of ``review`` (see the module's description) as one HTML document.

    :param title: the page's heading (default: the game, its rules and the number of moves).
    """
    game = games.of(review.start)
    grades = review.grades
    moments = _moments(review)
    heading = title if title is not None else _default_title(review)
    pieces = _Pieces()
    markups = [_moment_html(review, moment, grades) for moment in moments]
    runs = [pieces.add(markup) for markup in markups]
    start = review.first if review.items else 0
    graded = [
        moment.number
        for moment in moments
        if isinstance(moment.item, PlayStep) and grades.judge(moment.item) is not None
    ]
    graph, geometry = _graph(review, moments, grades)
    data = {
        "parts": pieces.parts,
        "moments": runs,
        "labels": [_label(moment, len(review.moves)) for moment in moments],
        "start": start,
        "graded": graded,
        "graph": geometry,
    }
    script_data = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    script_data = script_data.replace("</", "<\\/").replace("<!--", "<\\!--")
    body = [
        f"<h1>{_esc(heading)}</h1>",
        _intro(review, game, grades),
        "<h2>Who lost what</h2>",
        _summary_table(review, game.move_text),
        _graph_section(review, graph),
        '<div class="layout"><div class="board">',
        _controls(),
        f'<div id="moment">{markups[start]}</div>',
        '</div><div class="side"><h2>Moves</h2>',
        _move_list(review, moments, grades, game.move_text),
        "</div></div>",
        _explanations(grades),
    ]
    return "".join(
        [
            '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">',
            f'<meta http-equiv="Content-Security-Policy" content="{CONTENT_POLICY}">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{_esc(heading)}</title><style>{PAGE_CSS}</style></head><body>",
            *body,
            f'<script type="application/json" id="review-data">{script_data}</script>',
            f"<script>{PAGE_SCRIPT}</script></body></html>\n",
        ]
    )


def _default_title(review: Review) -> str:
    game = games.of(review.start)
    rules = game.rules_of(review.start)
    return f"Review of a {game.title} {game.deal_word} ({rules}): {len(review.moves)} moves"


def _moments(review: Review) -> list[_Moment]:
    # Every moment of the deal, from the start to the end, with the item and analysis of the
    # move made from it when the review lists that move.
    listed: dict[int, tuple[Any, Analysis[Any] | None]] = {}
    analyses = review.analyses or (None,) * len(review.items)
    for item, analysis in zip(review.items, analyses, strict=False):
        number = getattr(item, "number", None)
        if isinstance(number, int):
            listed[number] = (item, analysis)
    moments = []
    state = review.start
    for number, move in enumerate(review.moves):
        item, analysis = listed.get(number + 1, (None, None))
        moments.append(_Moment(number, state, move, item, analysis))
        state = state.play(move)
    moments.append(_Moment(len(review.moves), state, None, None, None))
    return moments


def _label(moment: _Moment, total: int) -> str:
    if moment.move is None:
        return f"The end: all {total} moves played"
    return f"Move {moment.number + 1} of {total}"


# -- one moment ------------------------------------------------------------------------------


def _choices(review: Review, moment: _Moment, grades: LossGrades) -> list[_Choice]:
    analysis, item = moment.analysis, moment.item
    if analysis is None or not isinstance(item, PlayStep):
        return []
    best = set(analysis.best_moves)
    choices = []
    for entry in analysis.move_values:
        step = PlayStep.judged(analysis, entry.move, item.player)
        choices.append(
            _Choice(step, grades.judge(step), entry.move in best, entry.move == item.move)
        )
    return choices


def _moment_html(review: Review, moment: _Moment, grades: LossGrades) -> str:
    game = games.of(review.start)
    choices = _choices(review, moment, grades)
    svg, cards = _marked_table(game.state_svg(moment.state), choices, grades)
    return "".join(
        [
            '<div class="caption">',
            _verdict(review, moment, choices, game.move_text),
            "</div>",
            _choices_html(choices, cards, game.move_text, moment),
            f'<div class="table-picture">{svg}</div>',
        ]
    )


def _verdict(
    review: Review, moment: _Moment, choices: Sequence[_Choice], move_text: Callable[[Any], str]
) -> str:
    total = len(review.moves)
    if moment.move is None:
        return f'<p class="verdict">The {games.of(review.start).deal_word} is over.</p>'
    number = moment.number + 1
    item = moment.item
    if not isinstance(item, PlayStep):
        seat = games.of(review.start).chooser(moment.state)
        what = getattr(item, "what", None) or _skipped_word(review, moment)
        return (
            f'<p class="verdict">Move {number} of {total}: seat {seat} plays '
            f"{_esc(move_text(moment.move))} ({_esc(what)}, not judged).</p>"
        )
    best, after, loss = item.value_texts()
    grade = review.grades.judge(item)
    side = review.sides[item.player] if item.player < len(review.sides) else ""
    words = f" Values are for {_esc(side)}." if side else ""
    if loss in ("0", "≈0") or item.best_move == item.move:
        judged = '<span class="g-best">a best move</span>'
    else:
        judged = f"lost {_esc(loss)}"
        if grade is not None:
            judged += f': <span class="grade g-{grade.value}">{grade.value} {grade.symbol}</span>'
        if item.best_move is not None:
            judged += f"; best was {_esc(move_text(item.best_move))} ({_esc(best)})"
    return (
        f'<p class="verdict">Move {number} of {total}: seat {item.player} plays '
        f"<b>{_esc(move_text(item.move))}</b> ({_esc(after)}), {judged}.</p>"
        f'<p class="note">{len(choices)} legal moves, each with its value and its loss against '
        f"the best.{words}</p>"
    )


def _skipped_word(review: Review, moment: _Moment) -> str:
    if moment.number < review.discard:
        return "the dealer's discard"
    return "before the moves reviewed"


def _choices_html(
    choices: Sequence[_Choice],
    cards: dict[str, str],
    move_text: Callable[[Any], str],
    moment: _Moment,
) -> str:
    if not choices:
        return ""
    parts = ['<div class="choices">']
    for choice in choices:
        step = choice.step
        _, value, loss = step.value_texts()
        classes = ["choice"]
        tags = []
        if choice.best:
            classes.append("best")
            tags.append("best")
        if choice.played:
            classes.append("played")
            tags.append("played")
        face = cards.get(str(step.move))
        if face is None:
            face = f'<span class="chip">{_esc(move_text(step.move))}</span>'
        bounds = ""
        if step.bound == "estimate" and step.after_lower != step.after_upper:
            bounds = (
                f'<span class="bounds">{_esc(format_bounds(step.after_lower, step.after_upper))}'
                "</span>"
            )
        lost = "best" if choice.best and step.loss == 0 else f"−{loss.lstrip('≈')}"
        if loss.startswith("≈") and lost != "best":
            lost = "≈" + lost
        grade = ""
        if choice.grade is not None:
            grade = f' <span class="g-{choice.grade.value}">{choice.grade.symbol}</span>'
        title = f"{move_text(step.move)}: value {value}, loss {loss}"
        parts.append(
            f'<div class="{" ".join(classes)}" data-move="{_esc(str(step.move))}" '
            f'title="{_esc(title)}">{face}'
            f'<span class="value">{_esc(value)}</span>{bounds}'
            f'<span class="loss">{_esc(lost)}{grade}</span>'
            f'<span class="tag">{" ".join(tags)}</span></div>'
        )
    parts.append("</div>")
    return "".join(parts)


def _marked_table(
    svg: str, choices: Sequence[_Choice], grades: LossGrades
) -> tuple[str, dict[str, str]]:
    # The table with each legal card of the seat to move outlined (best, played) and its loss
    # in a badge above it, and each such card's face alone (for the list of choices).
    by_card = {str(choice.step.move): choice for choice in choices}
    if not by_card:
        return svg, {}
    tokens = _TAG.findall(svg)
    offsets: list[tuple[float, float]] = [(0.0, 0.0)]
    mover_depth: int | None = None
    faces: dict[str, str] = {}
    badges: list[str] = []
    open_card: tuple[str, int, int, float, float] | None = None  # card, depth, start, x, y
    for index, token in enumerate(tokens):
        if token.startswith("</g"):
            depth = len(offsets) - 1
            if open_card is not None and open_card[1] == depth:
                card, _, first, x, y = open_card
                body = "".join(tokens[first + 1 : index + 1])
                width = _card_width(tokens[first + 1 : index])
                faces[card] = _face_svg(tokens[first], body, width)
                if by_card[card].best or by_card[card].played:
                    badges.append(_badge(by_card[card], x, y, width))
                open_card = None
            if mover_depth is not None and mover_depth == depth:
                mover_depth = None
            offsets.pop()
            continue
        if not token.startswith("<g"):
            continue
        move = _TRANSLATE.search(token)
        dx, dy = (float(move.group(1)), float(move.group(2))) if move else (0.0, 0.0)
        parent = offsets[-1]
        offsets.append((parent[0] + dx, parent[1] + dy))
        if 'class="seat"' in token and 'data-to-move="true"' in token:
            mover_depth = len(offsets) - 1
            continue
        card_match = _CARD.match(token)
        if mover_depth is None or card_match is None or card_match.group(1) not in by_card:
            continue
        card = card_match.group(1)
        choice = by_card[card]
        marks = (
            ["legal"] + (["best"] if choice.best else []) + (["played"] if choice.played else [])
        )
        if choice.grade is not None:
            marks.append(f"x-{choice.grade.value}")
        tokens[index] = token.replace('class="card"', f'class="card {" ".join(marks)}"', 1)
        open_card = (card, len(offsets) - 1, index, *offsets[-1])
    if badges and tokens and tokens[-1].startswith("</svg"):
        tokens.insert(len(tokens) - 1, '<g class="badges">' + "".join(badges) + "</g>")
    return "".join(tokens), faces


def _card_width(tokens: Sequence[str]) -> float:
    for token in tokens:
        found = _RECT_WIDTH.match(token)
        if found:
            return float(found.group(1))
    return 40.0


def _face_svg(opening: str, body: str, width: float) -> str:
    # One card of the table drawn alone, at its own origin.
    height = width * 1.4
    group = _TRANSLATE.sub('transform="translate(0,0)"', opening, count=1)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="-2 -2 {width + 4:g} {height + 4:g}" '
        'font-family="DejaVu Sans, Arial, Helvetica, sans-serif">'
        f"{group}{body}</svg>"
    )


def _badge(choice: _Choice, x: float, y: float, width: float) -> str:
    # A label above the corner of the best card or the card played, with its loss (on top of
    # everything, so that the next card of the fan does not hide it).
    step = choice.step
    loss = step.value_texts()[2].lstrip("≈")
    text = "best" if choice.best and step.loss == 0 else f"−{loss}"
    if choice.played:
        text = f"played {text}"
    if choice.grade is not None:
        fill = _GRADE_COLOURS[choice.grade]
    elif choice.best and step.loss == 0:
        fill = "#1e8449"
    else:
        fill = "#5d6d7e"
    size = width * 0.24
    wide = max(width * 0.55, len(text) * size * 0.62 + 4)
    high = size * 1.3
    dashed = ' stroke-dasharray="3 2"' if not step.exact and step.bound != "exact" else ""
    return (
        f'<g class="badge"><rect x="{x:.0f}" y="{y - high - 1:.0f}" width="{wide:.0f}" '
        f'height="{high:.0f}" rx="3" fill="{fill}" stroke="#ffffff"{dashed}/>'
        f'<text x="{x + wide / 2:.0f}" y="{y - high * 0.28 - 1:.0f}" font-size="{size:.1f}" '
        f'text-anchor="middle" fill="#ffffff">{_esc(text)}</text></g>'
    )


# -- the page around the table ---------------------------------------------------------------


def _intro(review: Review, game: games.AnyGame, grades: LossGrades) -> str:
    lines = [f"<p>{_esc(game.title)} ({_esc(str(game.rules_of(review.start)))}). "]
    judged = review.judged_exactly
    estimated = review.judged_by_estimates
    lines.append(
        f"{len(review.steps)} moves judged by the solver, every card seen: {judged} exactly, "
        f"{estimated} by estimates (marked ≈)."
    )
    if review.not_judged or review.discard:
        lines.append(" Moves that are not cards played are listed without a value.")
    lines.append("</p>")
    if review.sides:
        lines.append(
            f"<p>Each value is for the side of the seat to move "
            f"({_esc(game.analysis.objective)}):</p><ul>"
        )
        lines.extend(
            f"<li>seat {seat}: {_esc(words)}</li>" for seat, words in enumerate(review.sides)
        )
        lines.append("</ul>")
    lines.append(
        f"<p class=\"note\">A move's <b>loss</b> is the best move's value minus its own. "
        f"Grades, in {_esc(grades.unit)}: {_esc(grades.to_unicode())}. Accuracy: 100% for a "
        "move that lost nothing, falling in a straight line to 0 at a blunder's loss.</p>"
    )
    return "".join(lines)


def _summary_table(review: Review, move_text: Callable[[Any], str]) -> str:
    unit = review.grades.unit
    rows = [
        '<table class="summary"><thead><tr><th>seat</th><th class="num">moves judged</th>'
        f'<th class="num">{_esc(unit)} lost</th><th class="num">inaccuracies ?!</th>'
        '<th class="num">mistakes ?</th><th class="num">blunders ??</th>'
        '<th class="num">accuracy</th><th>worst move</th></tr></thead><tbody>'
    ]
    for summary in review.summaries:
        mark = "≈" if summary.estimated else ""
        worst = "-"
        step = summary.worst
        if step is not None and step.number is not None:
            best = "" if step.best_move is None else f", best {move_text(step.best_move)}"
            worst = (
                f'<a href="#moment-{step.number - 1}">move {step.number}</a>: '
                f"{_esc(move_text(step.move))}, lost "
                f"{_esc(step.value_texts()[2])}{_esc(best)}"
            )
        rows.append(
            f'<tr data-seat="{summary.seat}"><td>seat {summary.seat}</td>'
            f'<td class="num">{summary.exact}</td>'
            f'<td class="num">{mark}{_esc(format_points(summary.total_loss))}</td>'
            f'<td class="num g-inaccuracy">{summary.inaccuracies}</td>'
            f'<td class="num g-mistake">{summary.mistakes}</td>'
            f'<td class="num g-blunder">{summary.blunders}</td>'
            f'<td class="num accuracy">{summary.accuracy_text()}</td><td>{worst}</td></tr>'
        )
    rows.append("</tbody></table>")
    if review.inexact:
        rows.append(
            f'<p class="note">{review.inexact} moves judged only by bounds (a limit stopped '
            "their search) are left out of these counts.</p>"
        )
    return "".join(rows)


def _controls() -> str:
    buttons = [
        ("first", "« start", "Home"),
        ("back", "◀ back", "←"),
        ("forward", "forward ▶", "→"),
        ("last", "end »", "End"),
        ("previous-error", "◀ previous error", "↑"),
        ("next-error", "next error ▶", "↓"),
    ]
    items = "".join(
        f'<button type="button" data-action="{action}" title="{_esc(key)}">{_esc(text)}</button>'
        for action, text, key in buttons
    )
    return (
        f'<div class="controls js-only">{items}<span class="where" id="where"></span></div>'
        '<p class="note js-only">Keys: <kbd>←</kbd> <kbd>→</kbd> a move back or forward, '
        "<kbd>Home</kbd> <kbd>End</kbd> the start or the end, <kbd>↑</kbd> <kbd>↓</kbd> the "
        "previous or next inaccuracy, mistake or blunder; click a move in the list or a point "
        "of the graph to go there.</p>"
    )


def _move_list(
    review: Review,
    moments: Sequence[_Moment],
    grades: LossGrades,
    move_text: Callable[[Any], str],
) -> str:
    game = games.of(review.start)
    rows = [
        '<div class="moves-box"><table class="moves"><thead><tr><th class="num">#</th>'
        '<th>seat</th><th>played</th><th class="num">value</th><th>best play</th>'
        '<th class="num">loss</th><th></th></tr></thead><tbody>'
    ]
    for moment in moments[:-1]:
        item = moment.item
        number = moment.number + 1
        if isinstance(item, PlayStep):
            best, after, loss = item.value_texts()
            grade = grades.judge(item)
            css = f' class="r-{grade.value}"' if grade is not None else ""
            flag = "" if grade is None else f"{grade.symbol} {grade.value}"
            best_move = "-" if item.best_move is None else move_text(item.best_move)
            rows.append(
                f'<tr data-moment="{moment.number}"{css}><td class="num">{number}</td>'
                f"<td>{item.player}</td><td>{_esc(move_text(item.move))}</td>"
                f'<td class="num">{_esc(after)}</td>'
                f'<td title="{_esc(best_move)}: {_esc(best)}">{_esc(best_move)}</td>'
                f'<td class="num">{_esc(loss)}</td><td class="flag">{_esc(flag)}</td></tr>'
            )
            continue
        seat = game.chooser(moment.state)
        what = getattr(item, "what", None) or _skipped_word(review, moment)
        rows.append(
            f'<tr data-moment="{moment.number}" class="unjudged"><td class="num">{number}</td>'
            f"<td>{seat}</td><td>{_esc(move_text(moment.move))}</td>"
            f'<td colspan="4" class="note">{_esc(what)}, not judged</td></tr>'
        )
    rows.append(
        f'<tr data-moment="{len(moments) - 1}"><td></td><td colspan="6" class="note">the end'
        "</td></tr></tbody></table></div>"
    )
    return "".join(rows)


def _explanations(grades: LossGrades) -> str:
    return (
        "<h2>How to read this page</h2><ul>"
        "<li>The solver sees every hand. A move's value is what its side ends with if every "
        "seat plays best from there on; the loss is how much less than the best move it "
        "gets.</li>"
        "<li>A number without a mark is exact. <b>≈</b> marks an estimate: the exact search "
        "did not finish in the time given, so a short look-ahead estimates the value, within "
        "the bounds the exact search proved (shown beside it as <i>a..b</i>). A difference "
        "of a point or two between estimates means little, so an estimated loss is graded "
        f"only beyond that ({_esc(grades.to_unicode())}).</li>"
        "<li>On the table the legal cards of the seat to move are outlined: green the best, "
        "blue (dashed) the one played, yellow, orange and red an inaccuracy, a mistake and a "
        "blunder, grey the others; the labels give the best card and the loss of the card "
        "played. The list above the table gives every legal move's value and loss.</li>"
        "<li>The graph shows each side's value before and after each of its moves; a drop "
        "is a loss, dashed stretches are estimates, dots mark the graded moves.</li></ul>"
    )


# -- the graph -------------------------------------------------------------------------------


def _graph(
    review: Review, moments: Sequence[_Moment], grades: LossGrades
) -> tuple[str, dict[str, float]]:
    # Each side's value before and after each of its moves, over the deal's moves.
    total = max(1, len(moments) - 1)
    plot = _GRAPH_WIDTH - _GRAPH_LEFT - 12
    step = plot / total
    geometry = {"left": float(_GRAPH_LEFT), "step": step, "width": float(_GRAPH_WIDTH)}
    points: dict[tuple[int, ...], list[tuple[int, Fraction, Fraction, bool, Grade | None]]] = {}
    for moment in moments:
        item, analysis = moment.item, moment.analysis
        if not isinstance(item, PlayStep) or analysis is None:
            continue
        estimated = not item.exact
        points.setdefault(tuple(analysis.side), []).append(
            (moment.number, item.before, item.after, estimated, grades.judge(item))
        )
    if not points:
        return "", geometry
    values = [value for series in points.values() for p in series for value in p[1:3]]
    low, high = min(values), max(values)
    if low == high:
        low, high = low - 1, high + 1
    top, bottom = 14.0, _GRAPH_HEIGHT - 24.0

    def y(value: Fraction) -> float:
        return bottom - float((value - low) / (high - low)) * (bottom - top)

    def x(moment: float) -> float:
        return _GRAPH_LEFT + moment * step

    body = [
        f'<rect x="{_GRAPH_LEFT}" y="{top}" width="{plot:.1f}" height="{bottom - top:.1f}" '
        'fill="#ffffff" stroke="#d5d8dc"/>',
        f'<text x="{_GRAPH_LEFT - 4}" y="{top + 4:.1f}" font-size="11" text-anchor="end">'
        f"{_esc(format_points(high))}</text>",
        f'<text x="{_GRAPH_LEFT - 4}" y="{bottom:.1f}" font-size="11" text-anchor="end">'
        f"{_esc(format_points(low))}</text>",
        f'<text x="{_GRAPH_LEFT}" y="{_GRAPH_HEIGHT - 6}" font-size="11">move 1</text>',
        f'<text x="{x(total):.1f}" y="{_GRAPH_HEIGHT - 6}" font-size="11" '
        f'text-anchor="end">move {total}</text>',
    ]
    legend = []
    ordered = sorted(points, key=lambda side: min(side))
    for index, side in enumerate(ordered):
        colour = _SIDE_COLOURS[index % len(_SIDE_COLOURS)]
        series = points[side]
        previous: tuple[float, float, bool] | None = None
        for number, before, after, estimated, grade in series:
            start, end = (x(number), y(before)), (x(number + 1), y(after))
            if previous is not None:
                body.append(_segment(previous[:2], start, colour, previous[2] or estimated, 1))
            body.append(_segment(start, end, colour, estimated, 2.5))
            if grade is not None:
                body.append(
                    f'<circle cx="{end[0]:.1f}" cy="{end[1]:.1f}" r="3.5" '
                    f'fill="{_GRADE_COLOURS[grade]}"><title>move {number + 1}: '
                    f"{grade.value}</title></circle>"
                )
            previous = (end[0], end[1], estimated)
        seat = min(side)
        words = review.sides[seat] if seat < len(review.sides) else f"seat {seat}"
        legend.append(
            f'<span><i class="swatch" style="border-color:{colour}"></i>{_esc(words)}</span>'
        )
    body.append(
        f'<line id="graph-cursor" x1="{x(review.first):.1f}" x2="{x(review.first):.1f}" '
        f'y1="{top}" y2="{bottom}" stroke="#d4ac0d" stroke-width="2"/>'
    )
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" id="graph-svg" width="{_GRAPH_WIDTH}" '
        f'height="{_GRAPH_HEIGHT}" viewBox="0 0 {_GRAPH_WIDTH} {_GRAPH_HEIGHT}" '
        'font-family="DejaVu Sans, Arial, Helvetica, sans-serif">' + "".join(body) + "</svg>"
    )
    legend.append('<span><i class="swatch dashed"></i>estimated</span>')
    return svg + f'<p class="legend note">{"".join(legend)}</p>', geometry


def _segment(
    start: tuple[float, float],
    end: tuple[float, float],
    colour: str,
    dashed: bool,
    width: float,
) -> str:
    dash = ' stroke-dasharray="5 4"' if dashed else ""
    return (
        f'<line x1="{start[0]:.1f}" y1="{start[1]:.1f}" x2="{end[0]:.1f}" y2="{end[1]:.1f}" '
        f'stroke="{colour}" stroke-width="{width}"{dash}/>'
    )


def _graph_section(review: Review, graph: str) -> str:
    if not graph:
        return ""
    return (
        '<h2>The value over the deal</h2><div class="graph">'
        f"{graph}</div>"
        "<p class=\"note\">Each line is one side's value, from that side's point of view, "
        "before and after each of its moves (a steep drop is a costly move); between its "
        "moves a thin line joins what the others' moves left it.</p>"
    )


# -- storing every moment's markup once ------------------------------------------------------


class _Pieces:
    # Every distinct piece of markup (a tag and the text after it) once, numbered in the order
    # first seen; a moment is then runs of consecutive numbers: (start, length) pairs.

    def __init__(self) -> None:
        self.parts: list[str] = []
        self._numbers: dict[str, int] = {}

    def add(self, markup: str) -> list[int]:
        runs: list[int] = []
        if markup and not markup.startswith("<"):
            markup = "<span>" + markup + "</span>"
        for piece in _pieces(markup):
            number = self._numbers.get(piece)
            if number is None:
                number = len(self.parts)
                self._numbers[piece] = number
                self.parts.append(piece)
            if runs and runs[-2] + runs[-1] == number:
                runs[-1] += 1
            else:
                runs.extend((number, 1))
        return runs


def _pieces(markup: str) -> list[str]:
    # The tags of ``markup`` with the text after each; the inside of a card (its face, the
    # same wherever the card lies) is one piece after the card's opening tag, so that a card
    # costs two pieces and an unchanged hand is one run.
    tokens = _TAG.findall(markup)
    pieces: list[str] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        pieces.append(token)
        index += 1
        if not token.startswith(('<g class="card', '<g class="badge')):
            continue
        depth, inside = 1, []
        while index < len(tokens) and depth:
            inner = tokens[index]
            depth += inner.startswith("<g") - inner.startswith("</g")
            inside.append(inner)
            index += 1
        pieces.append("".join(inside))
    return pieces
