"""The command line: each command parses, validates, calls one core function, and prints.

Bad input raises ClassroomError anywhere below; `main` turns it into one sentence on stderr
and exit status 2, never a traceback.
"""

from __future__ import annotations

import functools
import json
import random
import sys
from pathlib import Path
from typing import Optional

import typer

from classroom.engine.board import check_tiles, read_board
from classroom.boardless import check as check_written, solve as solve_hand
from classroom.classsets import Layout, boardless_set, default_workers, own_situation_set, situations_set
from classroom.errors import ClassroomError, read_text
from classroom.grading import grade as grade_list
from classroom.hands import DIFFICULTIES
from classroom.output import write_worksheet
from classroom.situations import FEATURES, SituationRules
from classroom.symbols import BLANK, display, parse_hand, parse_written, write
from classroom.tilesets import LEVELS, load_tileset
from classroom.worksheet import KEYS

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


def show_tiles(tiles) -> str:
    """Return tiles as a person reads them, with a typographic minus."""
    return " ".join(display(t) for t in tiles)


@command
def tiles(level: str = LevelOption, tiles: Optional[Path] = TilesOption,
          json_out: bool = JsonOption) -> None:
    """Show the tile set in use: symbols, counts, scores."""
    tileset = load_tileset(level, tiles)
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
    tileset = load_tileset(level, tiles)
    held = tileset.check_hand(parse_hand(hand))
    solution = solve_hand(held, tileset)
    if json_out:
        typer.echo(json.dumps({
            "hand": list(held),
            "count": solution.count,
            "best_score": solution.best_score,
            "equations": [{"tiles": list(a.tiles), "text": a.marked, "score": a.score,
                           "all_nine": a.all_nine} for a in solution.answers[:top]],
        }, ensure_ascii=False))
        return
    typer.echo(f"Hand: {show_tiles(held)}  ({tileset.name} tile set)")
    if not solution.count:
        typer.echo("This hand makes no equation.")
        return
    typer.echo(f"{solution.count} equations from {solution.combinations} tile combinations; "
               f"best score {solution.best_score}")
    if BLANK in held:
        typer.echo("?5 is the blank standing for 5 (it scores 0); a real tile is used wherever the hand has one.")
    typer.echo(f"{'score':>5}  equation")
    for answer in solution.answers[:top]:
        mark = "  (all nine tiles)" if answer.all_nine else ""
        typer.echo(f"{answer.score:>5}  {show_tiles([answer.marked])}{mark}")
    if top is not None and top < solution.count:
        typer.echo(f"... and {solution.count - top} more (leave out --top to see all)")


@command
def check(equation: str = typer.Argument(..., help="Like '7 + 9 × 4 = 43'; a blank as ?5."),
          hand: Optional[str] = typer.Option(None, "--hand", help="Also check it can be made from this hand."),
          level: str = LevelOption, tiles: Optional[Path] = TilesOption,
          json_out: bool = JsonOption) -> None:
    """Say whether an equation is legal (and makeable from a hand), why not, and its score."""
    tileset = load_tileset(level, tiles)
    held = tileset.check_hand(parse_hand(hand)) if hand is not None else None
    verdict = check_written(parse_written(equation), tileset, held)
    if json_out:
        typer.echo(json.dumps({"valid": verdict.valid, "reason": verdict.reason,
                               "score": verdict.score}, ensure_ascii=False))
    elif verdict.valid:
        shown = write(verdict.tiles) if held is not None else equation.strip()  # the blank marked
        typer.echo(f"valid: {show_tiles([shown])} scores {verdict.score}")
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
    from classroom.engine.board import board_text, read_board, square_name
    from classroom.engine.movegen import all_plays, best_plays, count_plays, top_plays
    from classroom.engine.plays import notation, score

    if top is not None and every:
        raise ClassroomError("choose --top N or --all, not both")
    tileset = load_tileset(level, tiles)
    held = tileset.check_hand(parse_hand(hand))
    position = check_tiles(read_board(board), tileset, held)
    if every:
        shown = all_plays(position, held, tileset)
        count = len(shown)
    else:
        # Finding the best plays is fast; counting every play is a separate, slower pass.
        shown = top_plays(position, held, tileset, top) if top is not None else best_plays(position, held, tileset)
        count = count_plays(position, held, tileset)
    breakdowns = [score(position, c.play, tileset) for c in shown]
    if json_out:
        typer.echo(json.dumps({
            "count": count,
            "best_score": shown[0].score if shown else None,
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
    if not shown:
        typer.echo("This hand has no equation play on this board.")
        return
    typer.echo(f"{count} legal equation plays; best score {shown[0].score}")
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


SeedOption = typer.Option(None, "--seed", help="Every random choice flows from it; printed on every sheet.")
CountOption = typer.Option(None, "--count", min=1, max=200, help="How many items (default 5).")
PageOption = typer.Option("letter", "--page-size", help="letter or a4.")
LargeOption = typer.Option(False, "--large-print", help="Bigger tiles and text.")
OutOption = typer.Option(None, "--out", help="Folder for the PDFs (default output/KIND-SEED).")
TemplatesOption = typer.Option(None, "--templates", help="A folder of your own wording templates.")
TitleOption = typer.Option(None, "--title", help="Your own title for the sheets.")
JobsOption = typer.Option(None, "--jobs", min=1, help="Processes to use (default: one per CPU core).")
KeyOption = typer.Option("full", "--key", help="The answer key: full (every equation), summary "
                         "(one page a hand; a situation's key is one page either way) or none (no key PDF).")


def run_seed(seed: Optional[int]) -> int:
    """Return the seed given, or a fresh one to print so the run can be repeated."""
    return seed if seed is not None else random.SystemRandom().randrange(1, 1_000_000)


def level_name(level: str, tiles: Optional[Path]) -> str:
    """Return what the manifest records as the level: its name, or the tile-set file."""
    return str(tiles) if tiles is not None else level


def page_size(value: str) -> str:
    """Return a checked page size."""
    if value.lower() not in ("letter", "a4"):
        raise ClassroomError(f"--page-size is letter or a4, not {value!r}")
    return value.lower()


def key_kind(value: str) -> str:
    """Return a checked --key value."""
    if value.lower() not in KEYS:
        raise ClassroomError(f"--key is full, summary or none, not {value!r}")
    return value.lower()


def write_set(worksheet, out: Optional[Path], templates: Optional[Path]) -> None:
    """Write a class set and say where it went."""
    folder = out if out is not None else Path("output") / f"{worksheet.kind}-{worksheet.seed}"
    paths = write_worksheet(worksheet, folder, templates)
    typer.echo(f"seed {worksheet.seed}: {len(worksheet.items)} item(s) written to {folder}/")
    for path in paths:
        typer.echo(f"  {path.name}")


def with_progress(count: int, label: str, make):
    """Return make(progress) with a progress bar on stderr for batches of more than one item."""
    if count <= 1:
        return make(lambda: None)
    with typer.progressbar(length=count, label=label, file=sys.stderr) as bar:
        return make(lambda: bar.update(1))


@command
def boardless(count: Optional[int] = CountOption, seed: Optional[int] = SeedOption,
              level: str = LevelOption, tiles: Optional[Path] = TilesOption,
              same_hand: bool = typer.Option(False, "--same-hand", help="One hand on every sheet (a class set)."),
              balanced: bool = typer.Option(False, "--balanced", help="2-3 operations, the rest numbers."),
              no_blanks: bool = typer.Option(False, "--no-blanks", help="No blank tiles in the hands."),
              difficulty: str = typer.Option("medium", "--difficulty", help="Hands that suit the class, every hand "
                                             "of a set in one band. " + "; ".join(d.describe() for d in DIFFICULTIES.values())
                                             + ". The options below override the preset."),
              min_equations: Optional[int] = typer.Option(None, "--min-equations", min=1, help="Hands allow at least N equations."),
              min_best: Optional[int] = typer.Option(None, "--min-best", help="Best score at least S."),
              max_best: Optional[int] = typer.Option(None, "--max-best", help="Best score at most S."),
              nine_tile: bool = typer.Option(False, "--nine-tile", help="An equation using all nine tiles exists."),
              size: int = typer.Option(9, "--tiles-per-hand", min=2, max=9, help="Tiles in a hand."),
              page: str = PageOption, large_print: bool = LargeOption, out: Optional[Path] = OutOption,
              templates: Optional[Path] = TemplatesOption, title: Optional[str] = TitleOption,
              key: str = KeyOption, jobs: Optional[int] = JobsOption) -> None:
    """Print Boardless Activity worksheets and their answer key (PDF)."""
    tileset = load_tileset(level, tiles)
    if difficulty.lower() not in DIFFICULTIES:
        raise ClassroomError(f"--difficulty is easy, medium or hard, not {difficulty!r}")
    rules = DIFFICULTIES[difficulty.lower()].rules(
        size, tileset, balanced=balanced or None, blanks=False if no_blanks else None,
        min_equations=min_equations, min_best=min_best, max_best=max_best, nine_tile=nine_tile or None)
    rules.check()
    count = count or 5
    seed = run_seed(seed)
    layout = Layout(page_size(page), large_print, title, key_kind(key))
    items = 1 if same_hand else count
    worksheet = with_progress(items, "Solving hands", lambda progress: boardless_set(
        tileset, level_name(level, tiles), seed, count, rules, layout, same_hand,
        jobs or default_workers(), progress))
    write_set(worksheet, out, templates)


@command
def situations(count: Optional[int] = CountOption, seed: Optional[int] = SeedOption,
               level: str = LevelOption, tiles: Optional[Path] = TilesOption,
               plays: int = typer.Option(6, "--plays", min=0, max=40, help="Plays already on the board."),
               margin: int = typer.Option(3, "--margin", min=0, help="The winner beats the runner-up by this much."),
               feature: list[str] = typer.Option([], "--feature", help=f"Ask for: {', '.join(FEATURES)} (repeatable)."),
               board: Optional[Path] = typer.Option(None, "--board", help="Your own board file (with --hand)."),
               hand: Optional[str] = typer.Option(None, "--hand", help="The contest hand for --board."),
               page: str = PageOption, large_print: bool = LargeOption, out: Optional[Path] = OutOption,
               templates: Optional[Path] = TemplatesOption, title: Optional[str] = TitleOption,
               key: str = KeyOption, jobs: Optional[int] = JobsOption) -> None:
    """Print Board Situations contest sheets and their answer key (PDF)."""
    tileset = load_tileset(level, tiles)
    layout = Layout(page_size(page), large_print, title, key_kind(key))
    if (board is None) != (hand is None):
        raise ClassroomError("a position of your own needs both --board FILE and --hand HAND")
    if board is not None:
        held = tileset.check_hand(parse_hand(hand))
        position = check_tiles(read_board(board), tileset, held)
        worksheet = own_situation_set(tileset, level_name(level, tiles), position, held, layout)
        write_set(worksheet, out if out is not None else Path("output") / "situations-own", templates)
        return
    rules = SituationRules(plays=plays, margin=margin, features=tuple(feature))
    rules.check()
    count = count or 5
    seed = run_seed(seed)
    worksheet = with_progress(count, "Setting up boards", lambda progress: situations_set(
        tileset, level_name(level, tiles), seed, count, rules, layout, jobs or default_workers(),
        progress))
    write_set(worksheet, out, templates)


@command
def grade(file: Path = typer.Argument(..., help="The student's list: one equation a line."),
          hand: Optional[str] = typer.Option(None, "--hand", help="The hand the student had."),
          worksheet: Optional[str] = typer.Option(None, "--worksheet", help="A worksheet id, like B-42-01."),
          manifests: Path = typer.Option(Path("output"), "--manifests", help="Where to look for the worksheet's manifest.json."),
          level: str = LevelOption, tiles: Optional[Path] = TilesOption,
          json_out: bool = JsonOption) -> None:
    """Mark a student's list: each line valid or not and why, repeats, scores, total."""
    if (hand is None) == (worksheet is None):
        raise ClassroomError("say which hand the list is for: --hand HAND or --worksheet ID")
    if worksheet is not None:
        tokens, level = find_worksheet(worksheet, manifests, level)
        hand = " ".join(tokens)
    tileset = load_tileset(level, tiles)
    held = tileset.check_hand(parse_hand(hand))
    marked = grade_list(read_text(file, "the list"), held, tileset)
    possible = solve_hand(held, tileset)
    if json_out:
        typer.echo(json.dumps({
            "hand": list(held), "total": marked.total, "valid": marked.valid_count,
            "possible": possible.count, "best_score": possible.best_score,
            "lines": [{"line": m.line, "text": m.text, "valid": m.valid, "reason": m.reason,
                       "score": m.score, "duplicate_of": m.duplicate_of, "marked": m.marked}
                      for m in marked.lines],
        }, ensure_ascii=False))
        return
    typer.echo(f"Hand: {show_tiles(held)}" + (f"  (worksheet {worksheet})" if worksheet else ""))
    for m in marked.lines:
        verdict = "valid" if m.valid and m.duplicate_of is None else (
            m.reason if m.duplicate_of is not None else f"not valid: {m.reason}")
        typer.echo(f"{m.line:>4}  {show_tiles([m.marked or m.text]):<28} {m.score:>4}  {verdict}")
    typer.echo(f"Total: {marked.total} points from {marked.valid_count} different valid equations "
               f"({len(marked.lines)} lines). The hand allows {possible.count}; best score "
               f"{possible.best_score}.")


def find_worksheet(item: str, folder: Path, level: str) -> tuple[list[str], str]:
    """Return the hand and level of a boardless worksheet item found in a manifest.json under folder."""
    for path in sorted(folder.glob("**/manifest.json")):
        try:
            data = json.loads(path.read_text("utf-8"))
        except (OSError, ValueError):
            continue
        for entry in data.get("items", []):
            if entry.get("id") == item:
                if data.get("command") != "boardless":
                    raise ClassroomError(f"{item} is a board situation, not a boardless worksheet")
                recorded = data.get("level")
                return entry["hand"], recorded if recorded in LEVELS else level
    raise ClassroomError(f"no worksheet {item} in any manifest.json under {folder}/")


def main() -> None:
    """Run the command line."""
    app(prog_name="classroom")
