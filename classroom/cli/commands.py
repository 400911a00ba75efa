"""The command line: each command parses, validates, calls one core function, and prints.

Bad input raises ClassroomError anywhere below; `main` turns it into one sentence on stderr
and exit status 2, never a traceback.

A Boardless set, a Board Situations set and a new game are asked for as the page asks for them:
the options are read into the same request objects (make.requests, record.requests), checked
there with one sentence and one limit for a field, whichever door it came through.

Start-up is part of every command: this module imports only what the help needs (typer, the
game's word lists); each command imports what it uses when it runs, so `classroom check` or
`tiles` loads no board engine, no PDF library and no web stack (tests/test_startup.py).
"""

from __future__ import annotations

import copy
import importlib
import inspect
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer
from typer.main import get_group

from classroom.choices import one_of
from classroom.cli.console import PeopleCommand, PeopleGroup, Within, fresh_random, registered
from classroom.cli.games import game_app
from classroom.cli.light import checked, solve_answer, tiles_answer
from classroom.cli.plain import guard_process, json_text, say
from classroom.data import LEVELS
from classroom.errors import ClassroomError, read_text
from classroom.make.focuses import FOCUSES
from classroom.make.presets import DIFFICULTIES, FEATURES, MAX_COUNT, MAX_MARGIN, MAX_PLAYS

if TYPE_CHECKING:  # the grading parts are imported by the commands that use them
    from classroom.game.tilesets import TileSet
    from classroom.store.matching import Matched, Targets

app = typer.Typer(
    cls=PeopleGroup,
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain help: switches shown as switches, no drawn boxes
    help="Equate Classroom: worksheets, contest board situations and answer keys for Equate. "
         "A hand or an equation may begin with '-' (classroom check \"- 5 = 0 - 5\").",
)


def command(function):
    """Register a command of `classroom` (see console.registered: errors as one sentence, exit 2)."""
    return registered(app, function, fixed_choices)


def fixed_choices(arguments: dict[str, object]) -> dict[str, object]:
    """Return a command's arguments with every option that takes a word of a fixed list read in
    any letter case, as the list spells it ('Original' -> 'original'), or raise naming the option."""
    options = {"level": ("--level", LEVELS), "focus": ("--focus", FOCUSES)}  # parameter -> (option, its words)
    if {"page", "key"} & set(arguments):  # the sheets' words, loaded by the commands that print sheets
        from classroom.make.worksheet import KEYS, PAGE_SIZES

        options.update(page=("--page-size", PAGE_SIZES), key=("--key", KEYS))
    read = dict(arguments)  # a set's difficulty, taste and features are read by make.requests
    for name, (option, words) in options.items():
        value = read.get(name)
        if isinstance(value, str):
            read[name] = one_of(value, words, option)
        elif isinstance(value, list):
            read[name] = [one_of(word, words, option) for word in value]
    return read

def load_tileset(level: str, tiles: Path | None) -> TileSet:
    """Return the tile set of a level, or of a tile-set file (game.tilesets, imported by the
    commands that use a tile set, not by the help)."""
    from classroom.game.tilesets import load_tileset as loaded

    return loaded(level, tiles)


LevelOption = typer.Option("original", "--level", help=f"Tile set: {', '.join(LEVELS)}.")
TilesOption = typer.Option(None, "--tiles", help="A custom tile-set file (TOML), instead of --level.")
JsonOption = typer.Option(False, "--json", help="Machine-readable output.")


@command
def tiles(level: str = LevelOption, tiles: Optional[Path] = TilesOption,
          json_out: bool = JsonOption) -> None:
    """Show the tile set in use: symbols, counts, scores."""
    say(tiles_answer(level, tiles, json_out))


@command
def solve(hand: str = typer.Argument(..., help="Tiles, like '2 4 ÷ 3 8 + 7/4 ? 5'."),
          level: str = LevelOption, tiles: Optional[Path] = TilesOption,
          top: Optional[int] = typer.Option(None, "--top", min=1, help="Show only the N best."),
          json_out: bool = JsonOption) -> None:
    """List every equation a hand allows, with scores, best first."""
    say(solve_answer(hand, level, tiles, top, json_out))


@command
def check(equation: str = typer.Argument(..., help="Like '7 + 9 × 4 = 43'; a blank as ?5."),
          hand: Optional[str] = typer.Option(None, "--hand", help="Also check it can be made from this hand."),
          level: str = LevelOption, tiles: Optional[Path] = TilesOption,
          json_out: bool = JsonOption) -> None:
    """Say whether an equation is legal (and makeable from a hand), why not, and its score."""
    raise typer.Exit(checked(equation, hand, level, tiles, json_out))


@command
def best(board: Path = typer.Argument(..., help="A board file: 19 lines of 19 cells, '.' for empty."),
         hand: str = typer.Argument(..., help="Tiles, like '2 4 ÷ 3 8 + 7/4 ? 5'."),
         top: Optional[int] = typer.Option(None, "--top", min=1, help="Show the N best plays."),
         every: bool = typer.Option(False, "--all", help="Show every legal play (up to 10,000)."),
         exact: bool = typer.Option(False, "--count", help="Count every play exactly (with a blank, some seconds); without it the count stops after a moment and may say 'at least N'."),
         level: str = LevelOption, tiles: Optional[Path] = TilesOption,
         play: str = typer.Option("crossword", "--play", help="crossword (a play joins the tiles on the board) or horizontal (one equation across, anywhere, touching no tile: RULES §12)."),
         json_out: bool = JsonOption) -> None:
    """Find the best play(s) for a hand on a board position (default: every play tied best)."""
    from classroom.game.board import check_tiles, read_board
    from classroom.game.horizontal import HORIZONTAL, PLAYS
    from classroom.game.plays import score
    from classroom.mark.answers import best_data, best_lines, count_line
    from classroom.solve.board import counting
    from classroom.solve.board.position import Position

    if top is not None and every:
        raise ClassroomError("choose --top N or --all, not both")
    play = one_of(play, PLAYS, "--play")
    tileset = load_tileset(level, tiles)
    held = tileset.read_hand(hand)
    position = check_tiles(read_board(board, tileset.rules), tileset, held)
    if play == HORIZONTAL:
        from classroom.solve.horizontal import Horizontal  # the crossword game's best does without it

        analysed = Horizontal(position, held, tileset)
    else:
        analysed = Position(position, held, tileset)
    if every:
        listed = counting.listable(analysed.count_at_least, held)
        if listed is not None:
            raise ClassroomError(listed)
    shown = analysed.all() if every else analysed.top(top) if top is not None else analysed.best()
    breakdowns = [score(position, c.play, tileset) for c in shown]

    def counted() -> tuple[int, bool]:
        if every:
            return len(shown), True
        # the best plays first: a count within a moment's work (exact with --count), a true
        # lower bound past it, never below the plays shown (never "at least 0")
        limit = counting.count_limit(held) if exact else counting.glance_limit(held)
        return analysed.count_at_least(limit, listed=len(shown))

    if json_out:
        say(best_data(shown, breakdowns, *counted()))
        return
    say(best_lines(position, held, tileset, shown, breakdowns))
    if shown:
        say(["", count_line(*counted(), glance=not exact)])


SeedOption = typer.Option(None, "--seed", help="Every random choice flows from it; printed on every sheet.")
CountOption = typer.Option(None, "--count", min=1, max=MAX_COUNT, help="How many items (default 5).")
# A set's count as make.requests checks it: the same range in --help, the sentence the page gives
SetCountOption = typer.Option(None, "--count", click_type=Within(1, MAX_COUNT), help="How many items (default 5).")
PageOption = typer.Option("letter", "--page-size", help="letter or a4.")
LargeOption = typer.Option(False, "--large-print", help="Bigger tiles and text.")
OutOption = typer.Option(None, "--out", help="Folder for the PDFs (default output/KIND-SEED, or KIND-SEED-2, -3, ... when that holds an earlier run).")
TemplatesOption = typer.Option(None, "--templates", help="A folder of your own wording templates.")
TitleOption = typer.Option(None, "--title", help="Your own title for the sheets.")
JobsOption = typer.Option(None, "--jobs", min=1, max=64, help="Processes to use (default: one per CPU core).")
KeyOption = typer.Option("full", "--key", help="The answer key: full (every equation), summary "
                         "(one page a hand; a situation's key is one page either way) or none (no key PDF).")
BoardlessKeyOption = typer.Option("families", "--key", help="The answer key: families (each family of "
                                  "equations once: sides swapped, terms reordered, a Number times 0 in any "
                                  "order), full (every equation), summary (one page a hand) or none (no key PDF).")


def level_name(level: str, tiles: Optional[Path]) -> str:
    """Return what the manifest records as the level: its name, or the tile-set file."""
    return str(tiles) if tiles is not None else level


CheckUrlOption = typer.Option(None, "--check-url", help="Where `classroom serve` runs, like "
                              "http://192.168.1.20:8000: each student sheet gets a QR code of its check page.")


SituationsCheckUrlOption = typer.Option(None, "--check-url", help="Where `classroom serve` runs, like "
                                        "http://192.168.1.20:8000: each student sheet gets a QR code of its check "
                                        "page, and the check page is turned on for practice (without it the page "
                                        "is off: a contest's plays are judged by the teacher).")


RosterOption = typer.Option(None, "--roster", help="A class list (names.txt: a name a line, or names.csv): one named sheet per student.")
ForceOption = typer.Option(False, "--force", help="Replace the earlier run in --out (never done without it).")


def write_set(worksheet, out: Optional[Path], templates: Optional[Path], force: bool = False,
              default: Optional[Path] = None) -> None:
    """Write a class set to a folder no earlier run uses (or --out; replaced only with --force)
    and say where it went."""
    default = default or Path("output") / f"{worksheet.kind}-{worksheet.seed}"
    from classroom.game.plurals import plural
    from classroom.store.runs import choose_folder, write_worksheet

    folder, note = choose_folder(out, default, force)
    paths = write_worksheet(worksheet, folder, templates)
    if note:
        typer.echo(note)
    made = "your own position" if worksheet.seed is None else f"seed {worksheet.seed}"
    typer.echo(f"{made}: {plural(len(worksheet.items), 'item')} written to {folder}/")
    for path in paths:
        typer.echo(f"  {path.name}")
    for name, id in worksheet.roster:
        typer.echo(f"  {name}: {id}")
    if worksheet.kind == "situations":
        typer.echo("check pages on, for practice: students may check their plays" if worksheet.check_page
                   else "check pages off: a contest, its plays judged by you (--check-url turns them on for practice)")


def roster_names(roster: Optional[Path]) -> tuple[str, ...]:
    """Return the roster's names (none without --roster)."""
    if roster is None:
        return ()
    from classroom.make.roster import read_roster

    return read_roster(roster)


def with_progress(count: int, label: str, make):
    """Return make(progress) with progress on stderr (see classroom.cli.progress)."""
    from classroom.cli.progress import Progress

    with Progress(count, label) as progress:
        return make(progress)


@command
def boardless(count: Optional[int] = SetCountOption, seed: Optional[int] = SeedOption,
              level: str = LevelOption, tiles: Optional[Path] = TilesOption,
              same_hand: bool = typer.Option(False, "--same-hand", help="One hand on every sheet (a class set)."),
              balanced: bool = typer.Option(False, "--balanced", help="2-3 operations, the rest numbers."),
              no_blanks: bool = typer.Option(False, "--no-blanks", help="No blank tiles in the hands."),
              difficulty: str = typer.Option("medium", "--difficulty", help="Hands that suit the class, every hand "
                                             "of a set in one band. " + "; ".join(d.describe() for d in DIFFICULTIES.values())
                                             + ". The options below override the preset."),
              min_equations: Optional[int] = typer.Option(None, "--min-equations", click_type=Within(1), help="Hands allow at least N equations."),
              min_best: Optional[int] = typer.Option(None, "--min-best", help="Best score at least S."),
              max_best: Optional[int] = typer.Option(None, "--max-best", help="Best score at most S."),
              nine_tile: bool = typer.Option(False, "--nine-tile", help="An equation using all nine tiles exists."),
              size: int = typer.Option(9, "--tiles-per-hand", click_type=Within(2, 9), help="Tiles in a hand."),
              taste: str = typer.Option("class", "--taste", help="class: hands a class of the level "
                                        "would be given (a key of at most 50 families of equations; zero tricks "
                                        "like 0 = 0 × 2349 at most a tenth of a hand's equations, never its only "
                                        "best); any: every hand the other options allow."),
              page: str = PageOption, large_print: bool = LargeOption, out: Optional[Path] = OutOption,
              templates: Optional[Path] = TemplatesOption, title: Optional[str] = TitleOption,
              key: str = BoardlessKeyOption, jobs: Optional[int] = JobsOption, check_url: Optional[str] = CheckUrlOption,
              roster: Optional[Path] = RosterOption, force: bool = ForceOption) -> None:
    """Print Boardless Activity worksheets and their answer key (PDF)."""
    from classroom.machine import default_workers
    from classroom.make.requests import boardless_request
    from classroom.make.sets import PrintOptions, boardless_set, checked_title, checked_url

    tileset = load_tileset(level, tiles)
    asked = boardless_request(
        tileset, fresh_random(), count=count, seed=seed, difficulty=difficulty, size=size,
        balanced=balanced, blanks=not no_blanks, min_equations=min_equations, min_best=min_best,
        max_best=max_best, nine_tile=nine_tile, same_hand=same_hand, names=roster_names(roster),
        taste=taste)
    layout = PrintOptions(page, large_print, checked_title(title), key, checked_url(check_url))
    worksheet = with_progress(asked.items, "Solving hands", lambda progress: boardless_set(
        tileset, level_name(level, tiles), asked.seed, asked.count, asked.rules, layout, asked.same_hand,
        jobs or default_workers(), progress, asked.names))
    write_set(worksheet, out, templates, force)


@command
def situations(count: Optional[int] = SetCountOption, seed: Optional[int] = SeedOption,
               level: str = LevelOption, tiles: Optional[Path] = TilesOption,
               plays: int = typer.Option(6, "--plays", click_type=Within(0, MAX_PLAYS), help="Plays already on the board."),
               margin: int = typer.Option(3, "--margin", click_type=Within(0, MAX_MARGIN), help="The winner beats the runner-up by this much."),
               feature: list[str] = typer.Option([], "--feature", help=f"Ask for: {', '.join(FEATURES)} (repeatable)."),
               no_blanks: bool = typer.Option(False, "--no-blanks", help="Contest hands never hold a blank (by default a hand holds one when the bag draws it)."),
               player: str = typer.Option("class", "--player", help="Who plays the games the boards come from: class (as a class of the level writes) or engine (its top plays)."),
               board: Optional[Path] = typer.Option(None, "--board", help="Your own board file (with --hand)."),
               hand: Optional[str] = typer.Option(None, "--hand", help="The contest hand for --board or --game."),
               game: Optional[Path] = typer.Option(None, "--game", help="A game record: the board of one of its turns (with --turn)."),
               turn: Optional[int] = typer.Option(None, "--turn", help="With --game: the board before turn N (counted from 1)."),
               after: bool = typer.Option(False, "--after", help="With --game: the board after turn N instead."),
               page: str = PageOption, large_print: bool = LargeOption, out: Optional[Path] = OutOption,
               templates: Optional[Path] = TemplatesOption, title: Optional[str] = TitleOption,
               key: str = KeyOption, jobs: Optional[int] = JobsOption,
               check_url: Optional[str] = SituationsCheckUrlOption,
               roster: Optional[Path] = RosterOption, force: bool = ForceOption) -> None:
    """Print Board Situations contest sheets and their answer key (PDF); with --roster, every
    student gets a named copy of every situation."""
    from classroom.game.board import check_tiles, read_board
    from classroom.machine import default_workers
    from classroom.make.requests import situations_request
    from classroom.make.sets import PrintOptions, checked_title, checked_url, own_situation_set, situations_set

    tileset = load_tileset(level, tiles)
    layout = PrintOptions(page, large_print, checked_title(title), key, checked_url(check_url))
    if game is not None:
        if board is not None or tiles is not None:
            raise ClassroomError("--game takes its board and tile set from the record; leave out --board and --tiles")
        tileset, level, grid, held = game_situation(game, turn, after, hand)
    elif turn is not None or after:
        raise ClassroomError("--turn and --after choose a turn of a game record; give it with --game RECORD")
    elif (board is None) != (hand is None):
        raise ClassroomError("a position of your own needs both --board FILE and --hand HAND")
    elif board is not None:
        held = tileset.read_hand(hand)
        grid = read_board(board, tileset.rules)
    names = roster_names(roster)
    if board is not None or game is not None:
        position = check_tiles(grid, tileset, held)
        worksheet = own_situation_set(tileset, level_name(level, tiles), position, held, layout, names)
        write_set(worksheet, out, templates, force, Path("output") / "situations-own")
        return
    asked = situations_request(fresh_random(), count=count, seed=seed, plays=plays, margin=margin,
                               features=tuple(feature), blanks=not no_blanks, names=names,
                               player=player)
    worksheet = with_progress(asked.count, "Setting up boards", lambda progress: situations_set(
        tileset, level_name(level, tiles), asked.seed, asked.count, asked.rules, layout,
        jobs or default_workers(), progress, asked.names))
    write_set(worksheet, out, templates, force)


def print_set(label: str, make_set, choice: object, level: str, tiles: Optional[Path],
              count: Optional[int], seed: Optional[int], sheets: tuple[str, bool, Optional[str], str],
              jobs: Optional[int], out: Optional[Path], templates: Optional[Path], force: bool) -> None:
    """Make a Score this play or True or not? set and write it (see write_set): make_set(tileset,
    level, seed, count, choice, layout, workers, progress), `choice` the one option of its own (the
    focus, the lines on a sheet), `sheets` the page size, large print, title and key; 5 items
    unless --count says, progress shown under `label`."""
    from classroom.machine import default_workers
    from classroom.make.sets import PrintOptions, checked_title
    from classroom.record.requests import run_seed

    tileset = load_tileset(level, tiles)
    page, large_print, title, key = sheets
    layout = PrintOptions(page, large_print, checked_title(title), key)
    count = count or 5
    seed = run_seed(seed, fresh_random())
    worksheet = with_progress(count, label, lambda progress: make_set(
        tileset, level_name(level, tiles), seed, count, choice, layout, jobs or default_workers(), progress))
    write_set(worksheet, out, templates, force)


@command
def scoreplay(count: Optional[int] = CountOption, seed: Optional[int] = SeedOption,
              level: str = LevelOption, tiles: Optional[Path] = TilesOption,
              focus: Optional[str] = typer.Option(None, "--focus", help="Every play practises one thing: "
                                                  + "; ".join(f"{name} ({what})" for name, what in FOCUSES.items())
                                                  + ". Without it the sheet goes through them in this order."),
              page: str = PageOption, large_print: bool = LargeOption, out: Optional[Path] = OutOption,
              templates: Optional[Path] = TemplatesOption, title: Optional[str] = TitleOption,
              key: str = KeyOption, jobs: Optional[int] = JobsOption, force: bool = ForceOption) -> None:
    """Print Score this play worksheets: a board with a play marked, the student writes its score;
    the key breaks the score down (PDF)."""
    from classroom.make.sets import scoreplay_set

    print_set("Finding plays", scoreplay_set, focus, level, tiles, count, seed,
              (page, large_print, title, key), jobs, out, templates, force)


@command
def trueornot(count: Optional[int] = CountOption, seed: Optional[int] = SeedOption,
              level: str = LevelOption, tiles: Optional[Path] = TilesOption,
              lines: int = typer.Option(12, "--lines", min=4, max=16, help="Equations on a sheet (4 to 16)."),
              page: str = PageOption, large_print: bool = LargeOption, out: Optional[Path] = OutOption,
              templates: Optional[Path] = TemplatesOption, title: Optional[str] = TitleOption,
              key: str = KeyOption, jobs: Optional[int] = JobsOption, force: bool = ForceOption) -> None:
    """Print True or not? worksheets: equations to mark true or not, and why; the key gives the
    checker's reason for every false one (PDF)."""
    from classroom.make.sets import trueornot_set

    print_set("Making sheets", trueornot_set, lines, level, tiles, count, seed,
              (page, large_print, title, key), jobs, out, templates, force)


@command
def variety(count: Optional[int] = CountOption, seed: Optional[int] = SeedOption,
            level: str = typer.Option("add-subtract", "--level", help=f"Tile set: {', '.join(LEVELS)} "
                                      "(add-subtract, horizontal play's level, unless told)."),
            tiles: Optional[Path] = TilesOption,
            page: str = PageOption, large_print: bool = LargeOption, out: Optional[Path] = OutOption,
            templates: Optional[Path] = TemplatesOption, title: Optional[str] = TitleOption,
            jobs: Optional[int] = JobsOption, force: bool = ForceOption) -> None:
    """Print A variety of equations sheets: one hand, and one equation of every kind the level's
    tiles allow (a sum, the answer first, a number equal to itself, a product, working on both
    sides, three or more numbers); the key counts each kind's equations (PDF)."""
    from classroom.make.variety import variety_set

    print_set("Drawing hands", variety_set, None, level, tiles, count, seed,
              (page, large_print, title, "full"), jobs, out, templates, force)


@command
def notebook(level: str = typer.Option("original", "--level", help="junior, original or advanced."),
             seed: Optional[int] = SeedOption, page: str = PageOption, out: Optional[Path] = OutOption,
             templates: Optional[Path] = TemplatesOption, jobs: Optional[int] = JobsOption,
             force: bool = ForceOption) -> None:
    """Print an Activity Notebook for a level: one student PDF (True or not?, Score this play, A
    variety of equations, Boardless Activity strips, Board Situations, a print-and-play board and
    tile set, the overhead and projector pages, in the order a class learns) and one teacher's
    PDF (notes for every section, every key)."""
    from classroom.game.plurals import plural
    from classroom.machine import default_workers
    from classroom.make.notebook import BINDER, checked_level
    from classroom.make.notebook import notebook as make_notebook
    from classroom.record.requests import run_seed
    from classroom.store.runs import choose_folder, write_notebook

    tileset = load_tileset(checked_level(level), None)
    seed = run_seed(seed, fresh_random())
    folder, note = choose_folder(out, Path("output") / f"notebook-{level}-{seed}", force)
    made = with_progress(BINDER.items, "Making the notebook", lambda progress: make_notebook(
        tileset, level, seed, page, jobs or default_workers(), progress, BINDER))
    paths = write_notebook(made, folder, templates)
    if note:
        typer.echo(note)
    sheets = sum(len(section.items) for section in made.sections)
    typer.echo(f"notebook {made.id}, seed {seed}: {plural(sheets, 'sheet')} with their keys, and the "
               f"print-and-play set, written to {folder}/")
    for path in paths:
        typer.echo(f"  {path.name}")


def game_situation(path: Path, turn: Optional[int], after: bool, hand: Optional[str]):
    """Return the tile set, level, board and hand of a game record's position for `situations --game`."""
    from classroom.cli.games import read_game
    from classroom.record.positions import game_position
    from classroom.record.replay import replay

    if turn is None:
        raise ClassroomError("--game needs --turn N: the turn whose board becomes the situation")
    played = replay(read_game(path), where=str(path))
    board, rack = game_position(played, turn, after, str(path))
    if hand is None and not rack:
        raise ClassroomError(f"{path} does not know the rack of the turn played on that board; "
                             "give the contest hand with --hand HAND")
    held = played.tileset.read_hand(hand) if hand is not None else rack
    return played.tileset, played.record.header.level, board, held


@command
def grade(files: list[Path] = typer.Argument(..., help="Students' lists (one equation a line) or a contest's plays; files or folders of .txt files."),
          hand: Optional[str] = typer.Option(None, "--hand", help="The hand the students had."),
          worksheet: Optional[str] = typer.Option(None, "--worksheet", help="A worksheet id (any case, like B-42-3f9a-01) or a student's name."),
          manifests: Optional[Path] = typer.Option(None, "--manifests", help="Where to look for manifest.json files (default: the nearest output/ folder)."),
          level: Optional[str] = typer.Option(None, "--level", help=f"Tile set for --hand: {', '.join(LEVELS)}."),
          tiles: Optional[Path] = TilesOption, json_out: bool = JsonOption,
          csv_out: Optional[Path] = typer.Option(None, "--csv", help="Also write the table as CSV to FILE ('-' for the screen)."),
          pdf: Optional[Path] = typer.Option(None, "--pdf", help="Contest results as a one-page PDF to pin up."),
          page: str = PageOption, templates: Optional[Path] = TemplatesOption) -> None:
    """Mark students' lists (each line valid or not and why, repeats, scores, total; several give a
    class table), or judge a contest: each line a play on the situation, scored and ranked.

    Without --hand or --worksheet, each list is graded against the sheet of the student its file
    is named after ('bea.txt', 'Bea_Jones.txt'), in the newest run of the roster (or against the
    worksheet id it is named after); a list that names no one is left out and said. With the id
    of one sheet of a roster run, each list is matched to its student in that run."""
    if json_out and csv_out == Path("-"):
        raise ClassroomError("choose --json or --csv - for the screen, not both")
    from classroom.store.matching import grading_targets, student_files

    listed = student_files(files)
    targets = grading_targets([f.name for f in listed], hand, worksheet, manifests, level, tiles,
                              single=len(files) == 1 and not files[0].is_dir())
    if pdf is not None and not targets.contest:
        raise ClassroomError("--pdf prints a contest's results; give a situation's id with --worksheet")
    texts = [(m, read_text(listed[m.index], "the list")) for m in targets.lists]
    if targets.contest:
        report_contest(targets, texts, json_out, csv_out, pdf, page, templates)
    else:
        report_grades(targets, texts, json_out, csv_out)


def report_matching(targets: Targets, json_out: bool, csv_out: Optional[Path]) -> list[str]:
    """Return the lines that say which run the sheets came from and which lists were left out,
    for the end of the screen's report; on the error stream when the screen shows CSV or JSON."""
    from classroom.mark.reports import matching_lines

    lines = matching_lines(str(targets.run.folder) if targets.run else None, targets.skipped)
    if json_out or csv_out == Path("-"):
        for line in lines:
            typer.echo(line, err=True)
    return lines


def report_grades(targets: Targets, texts: list[tuple[Matched, str]], json_out: bool, csv_out: Optional[Path]) -> None:
    """Grade every list and print one list's marks, or the class table and summary."""
    from classroom.mark.grading import grade_class, summarize
    from classroom.mark.reports import class_data, class_lines, class_rows, grade_data, grade_lines

    students, keys = grade_class([(m.student, m.sheet, text) for m, text in texts], targets.sheets,
                                 targets.stored_totals)
    if csv_out is not None:
        write_csv(csv_out, class_rows(students))
    notes = report_matching(targets, json_out, csv_out)
    run = str(targets.run.folder) if targets.run else None
    if targets.single:
        student = students[0]
        shown_sheet = student.sheet if targets.by_sheet else None
        if json_out:
            typer.echo(json_text(grade_data(student.grade, keys.totals(student.sheet), shown_sheet)))
        elif csv_out != Path("-"):
            typer.echo("\n".join(grade_lines(student.grade, keys.totals(student.sheet), shown_sheet) + notes))
        return
    summary = summarize(students, keys)
    if json_out:
        typer.echo(json_text(class_data(students, summary, run, targets.skipped)))
    elif csv_out != Path("-"):
        typer.echo("\n".join(class_lines(students, summary, targets.by_sheet) + notes))


def report_contest(targets: Targets, texts: list[tuple[Matched, str]], json_out: bool, csv_out: Optional[Path],
                   pdf: Optional[Path], size: str, templates: Optional[Path]) -> None:
    """Judge every play of a contest and print the ranked results (text, JSON, CSV, PDF)."""
    from classroom.mark.judging import judge_contest
    from classroom.mark.reports import contest_data, contest_lines, contest_rows, skipped_data

    (sheet, record), = targets.records.items()
    held, tileset = targets.sheets[sheet]
    judged = judge_contest([(None if targets.single else m.student, text) for m, text in texts],
                           record.grid, f"{record.manifest} ({sheet})", held, tileset)
    from classroom.render.results_pdf import render_results

    page = render_results(sheet, held, judged, size, templates) if pdf is not None else None
    if csv_out is not None:
        write_csv(csv_out, contest_rows(judged))
    if pdf is not None:
        write_file(pdf, page)
    notes = report_matching(targets, json_out, csv_out)
    if json_out:
        data = contest_data(sheet, held, judged)
        data["skipped"] = skipped_data(targets.skipped)
        typer.echo(json_text(data))
    elif csv_out != Path("-"):
        typer.echo("\n".join(contest_lines(sheet, held, judged) + notes))


def write_csv(path: Path, rows: list[list[object]]) -> None:
    """Write a table as CSV to a file (atomically), or to the screen for '-'."""
    from classroom.mark.reports import csv_text

    text = csv_text(rows)
    if path == Path("-"):
        typer.echo(text, nl=False)
    else:
        write_file(path, text.encode("utf-8"))


def write_file(path: Path, data: bytes) -> None:
    """Write one report file atomically into its (existing) folder and say where it went."""
    from classroom.store.runs import prepare_folder, write_atomically

    write_atomically(prepare_folder(path.parent) / path.name, data)
    typer.echo(f"wrote {path}", err=True)


@command
def serve(host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (127.0.0.1: this computer only)."),
          port: int = typer.Option(8000, "--port", min=1, max=65535, help="Port to listen on."),
          open_page: bool = typer.Option(False, "--open", help="Open the page in the web browser."),
          out: Optional[Path] = typer.Option(None, "--out", help="The library folder (default: the nearest output/ folder)."),
          allow_host: list[str] = typer.Option([], "--allow-host", help="A name of this computer on the school network the page answers to, besides its addresses (repeat for each)."),
          reveal_seconds: Optional[int] = typer.Option(None, "--reveal-seconds", min=1, max=3600,
                                                       help="Seconds a reveal may search before the page says it takes too long (default 30).")) -> None:
    """Start the local web page: make sheets, find them again, grade, games on the projector, and
    students' pages. Prints the teacher's link: the teacher's pages open only with it."""
    from classroom.machine import default_workers
    from classroom.store.library import default_folder
    from classroom.web.server import serve as run_server

    run_server(host, port, open_page, out if out is not None else default_folder(), default_workers(),
               tuple(allow_host), reveal_seconds)


app.add_typer(game_app, name="game")

# Commands that only print: they start without the PDF, class-set and output parts, which take
# a third of a second to import. Every other command imports them before the memory cap is set
# (a late import under a tight cap would fail inside a C extension, not as a MemoryError); help
# makes nothing, so `classroom --help` and `classroom boardless --help` import none of them.
PRINTING_ONLY = frozenset({"tiles", "solve", "check", "best"})
HELP = frozenset({"--help"})


def main() -> None:
    """Run the command line, with the memory cap and signal handling of a real process."""
    words = [word for word in sys.argv[1:] if not word.startswith("-")]
    if words and words[0] not in PRINTING_ONLY and not HELP & set(sys.argv[1:]):
        for module in ("classroom.make.sets", "classroom.store.runs", "classroom.render.results_pdf"):
            importlib.import_module(module)
    guard_process(server=words[:1] == ["serve"])
    if not words or HELP & set(sys.argv[1:2]):
        run_app = listing()
    else:
        run_app = get_group(only(words[0]))
    run_app(prog_name="classroom")


def listing() -> PeopleGroup:
    """Return `classroom` for its own help: every command and group by name and description,
    none of their options read (typer reads them from each signature, which the list needs not)."""
    group = get_group(narrowed_app([], []))
    for info in app.registered_commands:
        group.add_command(PeopleCommand(name=info.callback.__name__, help=inspect.getdoc(info.callback)))
    for info in app.registered_groups:
        group.add_command(PeopleGroup(name=info.name, help=info.typer_instance.info.help))
    return group


def only(name: str) -> typer.Typer:
    """Return `classroom` with only the command or group `name` (the whole of it when no command
    has that name): typer reads every command's options from its signature when it starts, some
    milliseconds a command, and one command runs."""
    commands = [c for c in app.registered_commands if c.callback.__name__ == name]
    groups = [g for g in app.registered_groups if g.name == name]
    return narrowed_app(commands, groups) if commands or groups else app


def narrowed_app(commands: list, groups: list) -> typer.Typer:
    """Return `classroom` holding only these of its registered commands and groups."""
    narrowed = copy.copy(app)
    narrowed.registered_commands, narrowed.registered_groups = commands, groups
    return narrowed
