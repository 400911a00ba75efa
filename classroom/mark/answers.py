"""The answers of the query commands (`tiles`, `solve`, `check`, `best`) for the screen and as
JSON (PRODUCT.md fixes the JSON): each function turns a result of the core into lines of text
or plain data, and holds no game logic. The command line only prints them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from classroom.game.symbols import BLANK, Hand, display, write
from classroom.game.tilesets import TileSet

if TYPE_CHECKING:  # the board's parts are imported by `best`'s answers: `tiles` starts without them
    from classroom.game.board import Board
    from classroom.game.plays import Breakdown
    from classroom.solve.boardless import Solution, Verdict


def shown_tiles(tiles) -> str:
    """Return tiles as a person reads them, with a typographic minus."""
    return " ".join(display(t) for t in tiles)


def tiles_data(tileset: TileSet) -> dict:
    """Return a tile set as `tiles --json` gives it."""
    return {"name": tileset.name, "tiles": [
        {"symbol": s, "count": n, "score": tileset.score[s]} for s, n in tileset.counts]}


def tiles_lines(tileset: TileSet) -> list[str]:
    """Return a tile set as a table for the screen."""
    lines = [f"{tileset.name} tile set: {sum(tileset.count.values())} tiles. {tileset.description}",
             f"{'symbol':>8} {'count':>6} {'score':>6}"]
    for symbol, count in tileset.counts:
        name = "? blank" if symbol == "?" else display(symbol)
        lines.append(f"{name:>8} {count:>6} {tileset.score[symbol]:>6}")
    return lines


def solve_data(held: Hand, solution: Solution, top: int | None) -> dict:
    """Return a hand's equations as `solve --json` gives them (the `top` best, or all)."""
    return {
        "hand": list(held),
        "count": solution.count,
        "best_score": solution.best_score,
        "equations": [{"tiles": list(a.tiles), "text": a.marked, "score": a.score,
                       "all_nine": a.all_nine} for a in solution.answers[:top]],
    }


def solve_lines(held: Hand, tileset: TileSet, solution: Solution, top: int | None) -> list[str]:
    """Return a hand's equations for the screen, best first, the blank marked."""
    lines = [f"Hand: {shown_tiles(held)}  ({tileset.name} tile set)"]
    if not solution.count:
        return lines + ["This hand makes no equation."]
    lines.append(f"{solution.count} equations from {solution.combinations} tile combinations; "
                 f"best score {solution.best_score}")
    if BLANK in held:
        lines.append("?5 is the blank standing for 5 (it scores 0); a real tile is used wherever the hand has one.")
    lines.append(f"{'score':>5}  equation")
    for answer in solution.answers[:top]:
        mark = "  (all nine tiles)" if answer.all_nine else ""
        lines.append(f"{answer.score:>5}  {shown_tiles([answer.marked])}{mark}")
    if top is not None and top < solution.count:
        lines.append(f"... and {solution.count - top} more (leave out --top to see all)")
    return lines


def check_data(verdict: Verdict) -> dict:
    """Return a checked equation as `check --json` gives it."""
    return {"valid": verdict.valid, "reason": verdict.reason, "score": verdict.score}


def check_line(verdict: Verdict) -> str:
    """Return a checked equation for the screen: as read (so a student sees how '9 / 3' or '½'
    was taken; with a hand, the blank marked) and its score, or why it is not valid."""
    if verdict.valid:
        return f"valid: {shown_tiles([write(verdict.tiles)])} scores {verdict.score}"
    return f"not valid: {verdict.reason}"


def best_data(shown: list, breakdowns: list[Breakdown], count: int, exact: bool = True) -> dict:
    """Return a position's plays as `best --json` gives them; `count` is a lower bound when not
    `exact` (the count passed its limit of work)."""
    from classroom.game.board import square_name

    return {
        "count": count,
        "count_exact": exact,
        "best_score": shown[0].score if shown else None,
        "plays": [{
            "placements": [{"square": square_name(p.square), "row": p.square[0],
                            "col": p.square[1], "tile": p.tile} for p in c.play.placements],
            "direction": c.play.direction.value,
            "score": c.score,
            "equations": [e.text for e in b.equations],
        } for c, b in zip(shown, breakdowns)],
    }


def best_lines(position: Board, held: Hand, tileset: TileSet, shown: list,
               breakdowns: list[Breakdown]) -> list[str]:
    """Return a position's plays for the screen: each drawn on the board, new tiles marked, with
    its score broken down (how many plays there are is `count_line`, said after them: a count
    with a blank can take some seconds, the best play none)."""
    from classroom.game.board import board_text
    from classroom.game.plays import notation

    lines = [f"Hand: {shown_tiles(held)}  ({tileset.name} tile set)"]
    if not shown:
        return lines + ["This hand has no equation play on this board."]
    lines.append(f"Best score {shown[0].score}")
    for number, (candidate, breakdown) in enumerate(zip(shown, breakdowns), start=1):
        after = position.place(candidate.play.placements)
        lines.append("")
        lines.append(f"{number}. {shown_tiles([notation(position, candidate.play)])}  "
                     f"scores {candidate.score}  (new tiles marked *)")
        lines.append(board_text(after, set(candidate.play.squares)).rstrip("\n"))
        for equation in breakdown.equations:
            lines.append(f"   {shown_tiles([equation.text])}: {equation.explain()}")
        if breakdown.bonus:
            lines.append(f"   all nine tiles: +{breakdown.bonus}")
        lines.append(f"   total {breakdown.total}")
    return lines


def count_line(count: int, exact: bool, glance: bool = False) -> str:
    """Return the line saying how many legal plays a position has: N, or at least N (never 0,
    the plays shown among them) when counting them all passed the work limit (with `glance`,
    the moment's work `best` gives its count without --count)."""
    if exact:
        return f"{count:,} legal equation play{'s' if count != 1 else ''} in all."
    if glance:
        return f"At least {count:,} legal equation plays in all (counted for a moment; --count counts them all)."
    return f"At least {count:,} legal equation plays in all (too many to count exactly in a few seconds)."
