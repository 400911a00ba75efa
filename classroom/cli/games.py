"""The `classroom game` commands: a game record made, played turn by turn, scored, analysed and
printed (classroom.record). Each command reads the record, calls the core, and writes the record
back atomically only when the turn is legal: a refused turn changes nothing. A command that
changes a record (play, round, undo, stop) holds the record's lock from its reading to its
writing (store.games.changing), as the page does: two at once never both read the same record."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from classroom.cli.console import PeopleGroup, Within, fresh_random, registered
from classroom.cli.plain import json_text
from classroom.errors import ClassroomError, read_text

game_app = typer.Typer(
    cls=PeopleGroup,
    add_completion=False,
    no_args_is_help=True,
    rich_markup_mode=None,
    help="Play Equate together: a game record (teams, duplicate or solo) made, played, scored, "
         "analysed and printed.",
)
RecordArgument = typer.Argument(..., help="A game record: a text file, one turn a line (docs/records.md).")
JsonOption = typer.Option(False, "--json", help="Machine-readable output.")


def read_game(path: Path):
    """Return the record a file holds, read and checked line by line (ClassroomError otherwise)."""
    from classroom.record.grammar import read_record

    return read_record(read_text(path, "the game record"), str(path))


def game_command(function=None, *, name: str | None = None):
    """Register a command of `classroom game` (errors as one sentence, exit 2); `name` when the
    command's word is a builtin's ('print', 'round')."""
    if function is None:
        return lambda function: registered(game_app, function, name=name)
    return registered(game_app, function)


@game_command
def new(record: Path = typer.Argument(..., help="The record file to write, like game.txt."),
        mode: str = typer.Option("teams", "--mode", help="teams (2 to 4 players or teams), duplicate (everyone the same rack each round) or solo."),
        players: str = typer.Option(..., "--players", help="Names in turn order, comma-separated: 'Red, Blue'."),
        level: str = typer.Option("original", "--level", help="Tile set: original, junior, advanced, ..."),
        seed: Optional[int] = typer.Option(None, "--seed", click_type=Within(0), help="Deal the same game again (default: chosen and written in the record)."),
        time: list[str] = typer.Option([], "--time", help="A time handicap, like 'Red 5m' (repeat for each)."),
        handicap: list[str] = typer.Option([], "--handicap", help="Handicap points a player starts with, like 'Blue 20' (repeat for each)."),
        allowance: list[str] = typer.Option([], "--allowance", help="A player's total-time allowance, like 'Red 30m' (repeat for each); record each turn's time with game play --took."),
        time_penalty: int = typer.Option(0, "--time-penalty", min=0, max=999, help="Points lost per started minute over the allowance, at the end."),
        time_bonus: int = typer.Option(0, "--time-bonus", min=0, max=999, help="Points at the end for the least total time."),
        fraction_bonus: list[str] = typer.Option([], "--fraction-bonus", help="A player's fraction tiles score ×2 or ×3, like 'Blue ×2' or 'Blue 2' (repeat for each)."),
        board: Optional[Path] = typer.Option(None, "--board", help="A board file the game starts from (a real table's position); empty without it."),
        racks: str = typer.Option("screen", "--racks", help="A teams game: screen (racks on the projector) or private (each team's rack on its own device only)."),
        team_plays: str = typer.Option("confirm", "--team-plays", help="A teams game: a play a team sends from its device waits for the teacher's confirm, or is played at once (direct)."),
        piles: str = typer.Option("one", "--piles", help="one draw pile, or two: numbers (blanks in it) and operations; each draw says how many operation tiles it takes (game play --operations)."),
        operations: Optional[int] = typer.Option(None, "--operations", help="Two piles: operation tiles in each first rack, 0 to 9 (default 3)."),
        play: Optional[str] = typer.Option(None, "--play", help="crossword (plays join the tiles on the board) or horizontal (each play one equation across, anywhere, touching no other; the default with --level add-subtract)."),
        force: bool = typer.Option(False, "--force", help="Replace an existing record.")) -> None:
    """Deal a new game from the bag: a record with the header and every player's first rack."""
    from classroom.record.deal import new_game
    from classroom.record.grammar import record_text
    from classroom.record.replay import replay
    from classroom.record.report import score_lines
    from classroom.record.requests import new_game_request

    asked = new_game_request(mode, players, level, seed, tuple(time), racks, team_plays, fresh_random(),
                             points=tuple(handicap), fraction_bonus=tuple(fraction_bonus),
                             allowances=tuple(allowance), time_penalty=time_penalty, time_bonus=time_bonus,
                             piles=piles, operations=operations, play=play)
    if record.exists() and not force:
        raise ClassroomError(f"{record} already exists; choose another name, or add --force to replace it")
    start = ()
    if board is not None:
        from classroom.game.board import board_text, read_board
        from classroom.game.tilesets import load_level

        start = tuple(board_text(read_board(board, load_level(asked.level).rules)).splitlines())
    if asked.mode == "duplicate":
        from classroom.record.duplicate import new_duplicate, replay_duplicate, round_lines

        game = new_duplicate(asked.players, asked.level, asked.seed, asked.minutes, start, asked.play)
        save(record, record_text(game))
        typer.echo(f"wrote {record}: a duplicate game, seed {asked.seed}")
        rounds = replay_duplicate(game).rounds
        typer.echo("\n".join(round_lines(rounds[-1]) if rounds else ["No rack the pile can give has a play."]))
        return
    game = new_game(asked.mode, asked.players, asked.level, asked.seed, asked.minutes, start, asked.piles,
                    asked.operations)
    game = game.with_header(**asked.settings) if asked.settings else game
    save(record, record_text(game))
    typer.echo(f"wrote {record}: a {asked.mode} game, seed {asked.seed}")
    typer.echo("\n".join(line for line in score_lines(replay(game)) if line.startswith(("Next", "Time"))))


@game_command
def play(record: Path = RecordArgument,
         turn: Optional[str] = typer.Argument(None, help="The turn: 'Red: J10 across 24 ÷ 3 = 8', 'Red: trade 4 ÷ 9' or 'Red: pass'."),
         best: bool = typer.Option(False, "--best", help="Play the engine's best play for the player to move."),
         took: Optional[str] = typer.Option(None, "--took", help="The time the turn took, like '2:13' (minutes:seconds), kept for the total-time clock."),
         operations: Optional[int] = typer.Option(None, "--operations", help="Two draw piles: how many of the refill's tiles come from the operations pile (0 to 9); alone, deals a refill the page left waiting."),
         plays_file: Optional[Path] = typer.Option(None, "--file", help="Duplicate: the round's plays, one 'NAME: PLAY' a line."),
         json_out: bool = JsonOption) -> None:
    """Add a turn: check it on the board of the moment, score it, deal the refill, and write the
    record; an illegal turn is refused with its reason and the record is left as it was. In a
    duplicate game, add participants' plays to the open round (each scored; an illegal one scores 0)."""
    from classroom.record.deal import best_turn, draw_refill, play_turn
    from classroom.record.grammar import PILES, Pass, Took, read_clock, read_turn, record_text
    from classroom.record.replay import replay
    from classroom.record.report import score_data, score_lines, turn_lines
    from classroom.store.games import changing

    with changing(record):
        game_record = read_game(record)
        if game_record.header.mode == "duplicate":
            if took is not None:
                raise ClassroomError("--took times a turn of a teams or solo game; a duplicate game keeps no clock")
            play_duplicate(record, game_record, turn, plays_file, best, json_out)
            return
        if plays_file is not None:
            raise ClassroomError("--file gives a duplicate round's plays; in a teams or solo game give one turn")
        if turn is None and not best and operations is not None and took is None:  # a refill left waiting
            updated, game = draw_refill(game_record, operations, str(record))
            save(record, record_text(updated))
            typer.echo("\n".join(line for line in score_lines(game) if line.startswith("Next")))
            return
        if (turn is None) == (not best):
            raise ClassroomError("give the turn ('Red: J10 across 24 ÷ 3 = 8') or --best, one of the two")
        where = f"{record}, the new turn"
        before = replay(game_record, where=str(record))  # the one replay: the turn grows it by a step
        line = best_turn(before) if best else read_turn(turn, game_record, where)
        if game_record.header.piles == PILES[1] and operations is None and before.pile and not isinstance(line.action, Pass):
            raise ClassroomError("two draw piles: say how many of the refill's tiles come from the operations "
                                 "pile (--operations 2, or 3; 0 to 9)")
        updated, game = play_turn(game_record, line, where, before, operations)
        if took is not None:  # the turn's time, after its refill: 'Red took 2:13'
            game = game.then(Took(0, line.player, read_clock(took)), where)
            updated = game.record
        save(record, record_text(updated))
    played = game.turns[len(before.turns)]
    if json_out:
        typer.echo(json_text(score_data(game)))
    else:
        typer.echo("\n".join(turn_lines(game, played)))


def play_duplicate(path: Path, game_record, turn: Optional[str], plays_file: Optional[Path],
                   best: bool, json_out: bool) -> None:
    """Add participants' plays to a duplicate game's open round and show the round."""
    from classroom.record.duplicate import add_plays, duplicate_data, round_lines
    from classroom.record.grammar import read_turn, record_text

    if best:
        raise ClassroomError("in a duplicate game the engine's play is the round's top play: 'classroom game round RECORD'")
    if (turn is None) == (plays_file is None):
        raise ClassroomError("give one play ('Ana: J10 across 24 ÷ 3 = 8') or --file PLAYS, one of the two")
    texts = [turn] if turn is not None else read_text(plays_file, "the plays file").splitlines()
    lines, growing = [], game_record
    for number, text in enumerate(texts, start=1):
        if not text.strip() or text.strip().startswith("#"):
            continue
        where = f"{plays_file}, line {number}" if plays_file is not None else f"{path}, the new turn"
        line = read_turn(text, growing, where)
        lines.append(line)
        growing = growing.adding(line)
    updated, game = add_plays(game_record, lines, str(path))
    save(path, record_text(updated))
    if json_out:
        typer.echo(json_text(duplicate_data(game)))
    else:
        typer.echo("\n".join(round_lines(game.current)))


@game_command(name="round")
def close_round_command(record: Path = RecordArgument, json_out: bool = JsonOption) -> None:
    """Close a duplicate round: the engine's top play goes on the board, the round's plays are
    scored against it, and the next rack is dealt (none when no rack plays: the game ends)."""
    from classroom.record.duplicate import close_round, duplicate_data, round_lines, standings_lines
    from classroom.record.grammar import record_text
    from classroom.store.games import changing

    with changing(record):
        game_record = read_game(record)
        if game_record.header.mode != "duplicate":
            raise ClassroomError(f"{record}: rounds belong to a duplicate game; this is a {game_record.header.mode} game")
        updated, game = close_round(game_record, str(record))
        save(record, record_text(updated))
    if json_out:
        typer.echo(json_text(duplicate_data(game)))
        return
    closed = [r for r in game.rounds if r.closed][-1]
    following = round_lines(game.current) if game.current is not None else ["The game is over."]
    typer.echo("\n".join(round_lines(closed) + standings_lines(game) + following))


@game_command
def undo(record: Path = RecordArgument) -> None:
    """Take back the last turn of a teams or solo game (and the refill dealt after it)."""
    from classroom.record.deal import undo_turn
    from classroom.record.grammar import record_text
    from classroom.record.replay import replay
    from classroom.record.report import score_lines
    from classroom.store.games import changing

    with changing(record):
        game_record = read_game(record)
        if game_record.header.mode == "duplicate":
            raise ClassroomError(f"{record}: a duplicate game's plays are entered by round; take an entry back with 'game play RECORD \"Ana: withdrawn\"'")
        updated = undo_turn(game_record)
        game = replay(updated, where=str(record))
        save(record, record_text(updated))
    typer.echo(f"took back line {game_record.lines[len(updated.lines)].number} of {record}")
    typer.echo("\n".join(line for line in score_lines(game) if line.startswith(("Totals", "Next"))))


@game_command
def stop(record: Path = RecordArgument) -> None:
    """End a dealt game where it stands because time is up, once every player has had the same
    number of turns: the totals stand, with no end sums."""
    from classroom.record.deal import stop_game
    from classroom.record.grammar import record_text
    from classroom.record.report import score_lines
    from classroom.store.games import changing

    with changing(record):
        game_record = read_game(record)
        if game_record.header.mode == "duplicate":
            raise ClassroomError(f"{record}: a duplicate game ends after any round; its standings are final as they are")
        updated, game = stop_game(game_record, str(record))
        save(record, record_text(updated))
    typer.echo("\n".join(score_lines(game)[-4:]))


def save(path: Path, text: str) -> None:
    """Write a record atomically: the whole new text, or the old file untouched."""
    from classroom.store.runs import prepare_folder, write_atomically

    write_atomically(prepare_folder(path.parent) / path.name, text.encode("utf-8"))


@game_command
def score(record: Path = RecordArgument, json_out: bool = JsonOption) -> None:
    """Replay a record: every turn checked and scored, running totals, the end of the game, the winner."""
    from classroom.record.replay import replay
    from classroom.record.report import score_data, score_lines

    game_record = read_game(record)
    if game_record.header.mode == "duplicate":
        from classroom.record.duplicate import duplicate_data, duplicate_lines, replay_duplicate

        game = replay_duplicate(game_record, where=str(record))
        typer.echo(json_text(duplicate_data(game)) if json_out else "\n".join(duplicate_lines(game)))
        return
    game = replay(game_record, where=str(record))
    typer.echo(json_text(score_data(game)) if json_out else "\n".join(score_lines(game)))


# --- analysis and the score sheet (h-analysis) -------------------------------------------------


@game_command
def analyse(record: Path = RecordArgument, json_out: bool = JsonOption,
            top: int = typer.Option(1, "--top", min=1, max=20, help="Best plays shown for each turn.")) -> None:
    """Set every turn whose rack is known against the best plays it had: points left on the table,
    share of the top, and each player's accuracy and biggest misses."""
    from classroom.cli.progress import Progress
    from classroom.machine import default_workers
    from classroom.make.pool import run_all
    from classroom.record.analysis import analyse as analysed
    from classroom.record.analysis import analysis_data, analysis_lines, turn_searches
    from classroom.record.replay import replay
    from classroom.record.report import turn_text

    game_record = read_game(record)
    if game_record.header.mode == "duplicate":
        raise ClassroomError(f"{record}: a duplicate game is not analysed: each round's top play is "
                             "already in its record ('game score' gives the standings)")
    game = replay(game_record, where=str(record))
    with Progress(len(turn_searches(game, top)), "Analysing turns") as progress:
        # the turns searched on every core, each on its own (make.pool), in the game's order
        analysis = analysed(game, top, run=lambda work, searches: run_all(work, searches, default_workers(), progress))
    typer.echo(json_text(analysis_data(analysis)) if json_out
               else "\n".join(analysis_lines(analysis, turn_text)))


@game_command(name="print")
def print_command(record: Path = RecordArgument,
          out: Optional[Path] = typer.Option(None, "--out", help="Folder for the PDF (default output/game-NAME, or "
                                             "-2, -3, ... when that holds an earlier run)."),
          page: str = typer.Option("letter", "--page-size", help="letter or a4."),
          templates: Optional[Path] = typer.Option(None, "--templates", help="A folder of your own wording templates."),
          force: bool = typer.Option(False, "--force", help="Replace the earlier run in --out (never done without it)."),
          board: bool = typer.Option(False, "--board", help="Also print the game so far for the projector: the "
                                     "board and every turn's score, a column a team.")) -> None:
    """Print a game's score sheet (PDF): every turn with its score and the running totals, the end
    of the game, the totals and the winner (for a single player, the average a turn); for a
    duplicate game, the round sheets (one page a round) and the results. --board adds board.pdf,
    the game in progress as a landscape page to project."""
    from classroom.choices import one_of
    from classroom.record.replay import replay
    from classroom.render.record_pdf import render_score_sheet
    from classroom.store.runs import choose_folder, write_all

    game_record = read_game(record)
    page = one_of(page, ("letter", "a4"), "--page-size")
    if game_record.header.mode == "duplicate":
        if board:
            raise ClassroomError("--board prints a teams or solo game; a duplicate game's round sheets show each round's rack")
        from classroom.record.duplicate import replay_duplicate
        from classroom.render.duplicate_pdf import render_duplicate_results, render_round_sheets

        game = replay_duplicate(game_record, where=str(record))
        if not game.rounds:
            raise ClassroomError(f"{record}: the game has no round to print yet")
        files = {"rounds.pdf": render_round_sheets(game, page, templates),
                 "results.pdf": render_duplicate_results(game, page, templates)}
    else:
        game = replay(game_record, where=str(record))
        files = {"score-sheet.pdf": render_score_sheet(game, page, templates)}
        if board:
            from classroom.render.overhead_pdf import render_game_board

            files["board.pdf"] = render_game_board(game, page, templates)
    folder, note = choose_folder(out, Path("output") / f"game-{record.stem}", force)
    paths = write_all(folder, files)
    if note:
        typer.echo(note)
    typer.echo(f"written to {folder}/")
    for path in paths:
        typer.echo(f"  {path.name}")
