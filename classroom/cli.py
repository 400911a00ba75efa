"""The command line: each command parses, validates, calls one core function, and prints.

Bad input raises ClassroomError anywhere below; `main` turns it into one sentence on stderr
and exit status 2, never a traceback.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Optional

import typer

from classroom.boardless import check as check_written, solve as solve_hand
from classroom.errors import ClassroomError
from classroom.symbols import display, parse_hand, parse_written
from classroom.tilesets import LEVELS, TileSet, load_tileset

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Equate Classroom: worksheets, contest board situations and answer keys for Equate.",
)


def command(function):
    """Register a command whose ClassroomError becomes one sentence on stderr and exit 2."""

    @functools.wraps(function)
    def friendly(*args, **kwargs):
        try:
            return function(*args, **kwargs)
        except ClassroomError as error:
            typer.echo(f"error: {error}", err=True)
            raise typer.Exit(2) from None

    return app.command()(friendly)

LevelOption = typer.Option("original", "--level", help=f"Tile set: {', '.join(LEVELS)}.")
TilesOption = typer.Option(None, "--tiles", help="A custom tile-set file (TOML), instead of --level.")
JsonOption = typer.Option(False, "--json", help="Machine-readable output.")


def tileset_from(level: str, tiles: Optional[Path]) -> TileSet:
    """Return the tile set the options name."""
    return load_tileset(level, tiles)


def show_tiles(tiles) -> str:
    """Return tiles as a person reads them, with a typographic minus."""
    return " ".join(display(t) for t in tiles)


@command
def tiles(level: str = LevelOption, tiles: Optional[Path] = TilesOption,
          json_out: bool = JsonOption) -> None:
    """Show the tile set in use: symbols, counts, scores."""
    tileset = tileset_from(level, tiles)
    if json_out:
        typer.echo(json.dumps({"name": tileset.name, "tiles": [
            {"symbol": s, "count": n, "score": tileset.score[s]} for s, n in tileset.counts]},
            ensure_ascii=False))
        return
    typer.echo(f"{tileset.name} tile set: {sum(tileset.count.values())} tiles. {tileset.description}")
    typer.echo(f"{'symbol':>8} {'count':>6} {'score':>6}")
    for symbol, count in tileset.counts:
        name = "? blank" if symbol == "?" else display(symbol)
        typer.echo(f"{name:>8} {count:>6} {tileset.score[symbol]:>6}")


@command
def solve(hand: str = typer.Argument(..., help="Tiles, like '2 4 ÷ 3 8 + 7/4 ? 5'."),
          level: str = LevelOption, tiles: Optional[Path] = TilesOption,
          top: Optional[int] = typer.Option(None, "--top", min=1, help="Show only the N best."),
          json_out: bool = JsonOption) -> None:
    """List every equation a hand allows, with scores, best first."""
    tileset = tileset_from(level, tiles)
    held = tileset.check_hand(parse_hand(hand))
    solution = solve_hand(held, tileset)
    if json_out:
        typer.echo(json.dumps({
            "hand": list(held),
            "count": solution.count,
            "best_score": solution.best_score,
            "equations": [{"tiles": list(a.symbols), "text": a.text, "score": a.score,
                           "all_nine": a.all_nine} for a in solution.answers[:top]],
        }, ensure_ascii=False))
        return
    typer.echo(f"Hand: {show_tiles(held)}  ({tileset.name} tile set)")
    if not solution.count:
        typer.echo("This hand makes no equation.")
        return
    typer.echo(f"{solution.count} equations from {solution.combinations} tile combinations; "
               f"best score {solution.best_score}")
    typer.echo(f"{'score':>5}  equation")
    for answer in solution.answers[:top]:
        mark = "  (all nine tiles)" if answer.all_nine else ""
        typer.echo(f"{answer.score:>5}  {show_tiles([answer.text])}{mark}")
    if top is not None and top < solution.count:
        typer.echo(f"... and {solution.count - top} more (leave out --top to see all)")


@command
def check(equation: str = typer.Argument(..., help="Like '7 + 9 × 4 = 43'; a blank as ?5."),
          hand: Optional[str] = typer.Option(None, "--hand", help="Also check it can be made from this hand."),
          level: str = LevelOption, tiles: Optional[Path] = TilesOption,
          json_out: bool = JsonOption) -> None:
    """Say whether an equation is legal (and makeable from a hand), why not, and its score."""
    tileset = tileset_from(level, tiles)
    held = tileset.check_hand(parse_hand(hand)) if hand is not None else None
    verdict = check_written(parse_written(equation), tileset, held)
    if json_out:
        typer.echo(json.dumps({"valid": verdict.valid, "reason": verdict.reason,
                               "score": verdict.score}, ensure_ascii=False))
    elif verdict.valid:
        typer.echo(f"valid: {show_tiles([equation.strip()])} scores {verdict.score}")
    else:
        typer.echo(f"not valid: {verdict.reason}")
    raise typer.Exit(0 if verdict.valid else 1)


@command
def best(board: Path = typer.Argument(..., help="A board file: 19 lines of 19 cells, '.' for empty."),
         hand: str = typer.Argument(..., help="Tiles, like '2 4 ÷ 3 8 + 7/4 ? 5'."),
         top: Optional[int] = typer.Option(None, "--top", min=1, help="Show the N best plays."),
         every: bool = typer.Option(False, "--all", help="Show every legal play."),
         level: str = LevelOption, tiles: Optional[Path] = TilesOption,
         json_out: bool = JsonOption) -> None:
    """Find the best play(s) for a hand on a board position (default: every play tied best)."""
    from classroom.board import board_text, read_board, square_name
    from classroom.movegen import all_plays
    from classroom.plays import notation, score

    if top is not None and every:
        raise ClassroomError("choose --top N or --all, not both")
    tileset = tileset_from(level, tiles)
    held = tileset.check_hand(parse_hand(hand))
    position = read_board(board)
    candidates = all_plays(position, held, tileset)  # every play: `count` is part of the answer
    if every:
        shown = candidates
    elif top is not None:
        shown = candidates[:top]
    else:
        shown = [c for c in candidates if c.score == candidates[0].score]
    breakdowns = [score(position, c.play, tileset) for c in shown]
    if json_out:
        typer.echo(json.dumps({
            "count": len(candidates),
            "best_score": candidates[0].score if candidates else None,
            "plays": [{
                "placements": [{"square": square_name(p.square), "row": p.square[0],
                                "col": p.square[1], "tile": p.tile} for p in c.play.placements],
                "direction": c.play.direction.value,
                "score": c.score,
                "equations": [e.text for e in b.equations],
            } for c, b in zip(shown, breakdowns)],
        }, ensure_ascii=False))
        return
    typer.echo(f"Hand: {show_tiles(held)}  ({tileset.name} tile set)")
    if not candidates:
        typer.echo("This hand has no equation play on this board.")
        return
    typer.echo(f"{len(candidates)} legal equation plays; best score {candidates[0].score}")
    for number, (candidate, breakdown) in enumerate(zip(shown, breakdowns), start=1):
        after = position.place(candidate.play.placements)
        typer.echo("")
        typer.echo(f"{number}. {show_tiles([notation(position, candidate.play)])}  "
                   f"scores {candidate.score}  (new tiles marked *)")
        typer.echo(board_text(after, set(candidate.play.squares)).rstrip("\n"))
        for equation in breakdown.equations:
            typer.echo(f"   {show_tiles([equation.text])}: {equation.explain()}")
        if breakdown.bonus:
            typer.echo(f"   all nine tiles: +{breakdown.bonus}")
        typer.echo(f"   total {breakdown.total}")


def main() -> None:
    """Run the command line."""
    app(prog_name="classroom")
