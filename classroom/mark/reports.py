"""Reports of grading and judging for the screen, JSON and CSV: each function turns a result of
the core into text or plain data, and holds no game logic."""

from __future__ import annotations

import csv
import io

from classroom.game.plurals import plural
from classroom.game.symbols import Hand, display_text
from classroom.mark.grading import ClassSummary, Grade, GradedLine, StudentGrade, Totals
from classroom.mark.judging import Judged, standings


def shown(text: str) -> str:
    """Return canonical text as a person reads it, with a typographic minus and raised exponents."""
    return display_text(text)


def csv_text(rows: list[list[object]]) -> str:
    """Return rows (the first one the header) as CSV text."""
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(rows)
    return buffer.getvalue()


# --- one student's list ---------------------------------------------------------------------

def grade_data(marked: Grade, possible: Totals, sheet: str | None) -> dict:
    """Return a marked list as the stable `grade --json` object, with what its hand allows;
    `worksheet` is the id of the sheet it was marked against (None for a hand never printed)."""
    return {
        "worksheet": sheet, "hand": list(marked.hand), "total": marked.total, "valid": marked.valid_count,
        "possible": possible.count, "best_score": possible.best_score,
        "ideas": marked.ideas,
        "lines": [{"line": m.line, "text": m.text, "valid": m.valid, "reason": m.reason,
                   "score": m.score, "duplicate_of": m.duplicate_of, "marked": m.marked,
                   "same_idea_as": m.same_idea_as}
                  for m in marked.lines],
    }


def grade_lines(marked: Grade, possible: Totals, sheet: str | None) -> list[str]:
    """Return a marked list as lines for the screen: hand, each line, the total and what the
    hand allows."""
    out = [f"Hand: {shown(' '.join(marked.hand))}" + (f"  (worksheet {sheet})" if sheet else "")]
    for m in marked.lines:
        out.append(f"{m.line:>4}  {shown(m.marked or m.text):<28} {m.score:>4}  {verdict(m)}")
    out.append(f"Total: {marked.total} points from "
               f"{plural(marked.valid_count, 'different valid equation')} "
               f"({plural(len(marked.lines), 'line')}), {plural(marked.ideas, 'idea')}. "
               f"The hand allows {possible.count}; best score {possible.best_score}.")
    return out


def verdict(m: GradedLine) -> str:
    """Return a marked line's verdict in words: 'valid', 'valid, the idea of line 2' (a family
    met before, game.families), 'the same as line 1' or 'not valid: ...'."""
    if m.duplicate_of is not None:
        return m.reason or ""
    if not m.valid:
        return f"not valid: {shown(m.reason or '')}"
    return "valid" if m.same_idea_as is None else f"valid, the idea of line {m.same_idea_as}"


# --- a whole class ---------------------------------------------------------------------------

CLASS_HEADER = ["student", "worksheet", "valid_lines", "total", "best_equation", "best_score", "repeats"]


def class_rows(students: list[StudentGrade]) -> list[list[object]]:
    """Return the class table, one row a student, under CLASS_HEADER."""
    rows: list[list[object]] = [list(CLASS_HEADER)]
    for s in students:
        best = s.grade.best
        rows.append([s.student, s.sheet, s.grade.valid_count, s.grade.total,
                     best.written if best else "", best.score if best else "", s.grade.repeats])
    return rows


def class_data(students: list[StudentGrade], summary: ClassSummary, run: str | None,
               skipped: tuple[tuple[str, str], ...]) -> dict:
    """Return the class table and summary as the `grade --json` object of several lists, with
    the run the sheets came from and the lists left out."""
    header, *rows = class_rows(students)
    return {
        "run": run, "skipped": skipped_data(skipped),
        "students": [dict(zip(header, row)) for row in rows],
        "summary": {
            "missed": [{"worksheet": sheet, "text": a.text if a else None, "score": a.score if a else None}
                       for sheet, a in summary.missed],
            "mistakes": [{"kind": kind, "count": count} for kind, count in summary.mistakes],
        },
    }


def class_lines(students: list[StudentGrade], summary: ClassSummary, by_sheet: bool) -> list[str]:
    """Return the class table and its summary as lines for the screen; by_sheet when the sheets
    are worksheet ids (printed as they are, to be copied), not hands."""
    width = max([len(s.student) for s in students] + [7])
    named = {s.sheet: s.sheet if by_sheet else shown(s.sheet) for s in students}
    across = max([len(n) for n in named.values()] + [9])
    out = [f"{'student':<{width}}  {'worksheet':<{across}}  {'valid':>5}  {'total':>5}  {'repeats':>7}  "
           f"best equation found"]
    for s in students:
        best = s.grade.best
        found = f"{shown(best.written)} ({best.score})" if best else "-"
        out.append(f"{s.student:<{width}}  {named[s.sheet]:<{across}}  {s.grade.valid_count:>5}  "
                   f"{s.grade.total:>5}  {s.grade.repeats:>7}  {found}")
    out.append("")
    for sheet, answer in summary.missed:
        if answer is None:
            out.append(f"For {named[sheet]}: the class found every equation.")
        else:
            out.append(f"For {named[sheet]}: the best equation nobody found is {shown(answer.text)} "
                       f"({plural(answer.score, 'point')}).")
    if summary.mistakes:
        common = "; ".join(f"{kind} ({plural(count, 'line')})" for kind, count in summary.mistakes[:3])
        out.append(f"Most common mistakes: {common}.")
    else:
        out.append("No mistakes.")
    return out


def skipped_data(skipped: tuple[tuple[str, str], ...]) -> list[dict]:
    """Return the lists left out as JSON: [{"list": "notes.txt", "reason": "names no student of boardless-3"}]."""
    return [{"list": name, "reason": why} for name, why in skipped]


def matching_lines(run: str | None, skipped: tuple[tuple[str, str], ...]) -> list[str]:
    """Return, for the screen, the run whose sheets were used and each list left out and why."""
    out = [f"Sheets from the run {run}."] if run else []
    return out + [f"Not graded: {name} {why}." for name, why in skipped]


# --- a contest -------------------------------------------------------------------------------

CONTEST_HEADER = ["rank", "name", "line", "play", "legal", "score", "reason"]


def contest_rows(judged: tuple[Judged, ...]) -> list[list[object]]:
    """Return the contest results, ranked, under CONTEST_HEADER."""
    rows: list[list[object]] = [list(CONTEST_HEADER)]
    for j in standings(judged):
        rows.append([j.rank or "", j.name or "", j.line, j.notation or j.text, "yes" if j.legal else "no",
                     j.score, j.reason or ""])
    return rows


def contest_data(sheet: str, hand: Hand, judged: tuple[Judged, ...]) -> dict:
    """Return the contest results as the `grade --json` object of a situation."""
    return {"worksheet": sheet, "hand": list(hand), "plays": [{
        "line": j.line, "name": j.name, "text": j.text, "legal": j.legal, "reason": j.reason,
        "play": j.notation, "score": j.score, "rank": j.rank,
        "equations": [{"text": e.text, "explain": e.explain(), "score": e.subtotal}
                      for e in (j.breakdown.equations if j.breakdown else ())],
        "bonus": j.breakdown.bonus if j.breakdown else 0,
    } for j in standings(judged)]}


def contest_lines(sheet: str, hand: Hand, judged: tuple[Judged, ...]) -> list[str]:
    """Return the contest results for the screen: ranked plays with their breakdowns, then the
    plays that are not legal and why."""
    out = [f"Situation {sheet}  Hand: {shown(' '.join(hand))}"]
    for j in standings(judged):
        who = j.name or f"line {j.line}"
        if not j.legal:  # the line's number too, to find it in the file
            out.append(f"   -  {who if j.name is None else f'{who} (line {j.line})'}: {shown(j.text)}")
            out.append(f"      not legal: {shown(j.reason or '')}")
            continue
        out.append(f"{j.rank:>4}  {who}: {shown(j.notation)}  scores {j.score}")
        for equation in j.breakdown.equations:
            out.append(f"      {shown(equation.text)}: {equation.explain()}")
        if j.breakdown.bonus:
            out.append(f"      all nine tiles: +{j.breakdown.bonus}")
    legal = sum(1 for j in judged if j.legal)
    out.append(f"{plural(legal, 'legal play')}, {plural(len(judged) - legal, 'play')} not legal.")
    return out
