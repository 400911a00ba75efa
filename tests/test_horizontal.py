"""Horizontal play (RULES §12, issue 42 item 6): one equation across, anywhere, no tile of it next
to a tile already on the board; the rule against hand-worked examples, the record's '#play'
line, `game new --play` and its default with the add-subtract level, and a horizontal game dealt
to its end with the engine playing both sides."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.errors import ClassroomError
from classroom.game.board import Board, Direction, parse_square
from classroom.game.horizontal import CROSSWORD, HORIZONTAL, why_not_horizontal
from classroom.game.plays import make_play, score
from classroom.game.symbols import parse_written
from classroom.game.tilesets import load_level
from classroom.record.analysis import analyse
from classroom.record.deal import best_turn, new_game, play_turn
from classroom.record.grammar import read_record, record_text
from classroom.record.replay import replay
from classroom.record.requests import new_game_request
from tests.test_game_print import rows

ADD = load_level("add-subtract")
ORIGINAL = load_level("original")


def across(start: str, written: str, direction: Direction = Direction.ACROSS):
    """Return the play laying the written tiles from a square, across (or down)."""
    row, column = parse_square(start)
    step = direction.step
    tiles = parse_written(written, "the play")
    return make_play([((row + i * step[0], column + i * step[1]), t) for i, t in enumerate(tiles)], direction)


# '3 + 4 = 7' on C5-G5 of row 5, and a lone 9 on M12
SEVEN = Board().place(across("C5", "3 + 4 = 7").placements).place(across("M12", "9").placements)


@pytest.mark.parametrize("start, written, reason", [
    ("A1", "1 + 1 = 2", None),  # anywhere: no centre needed on an empty board either
    ("I5", "2 = 2", None),  # one empty square (H5) between the two equations
    ("H4", "2 = 2", None),  # H4 touches the 7 on G5 only at the corner: diagonals are allowed
    ("C7", "5 - 2 = 3", None),  # a row between
    ("G4", "2 = 2", "G4 is next to the 7 on G5"),  # above the 7
    ("H5", "2 = 2", "H5 is next to the 7 on G5"),  # would go on with the equation
    ("A6", "6 - 5 = 1", "C6 is next to the 3 on C5"),  # under it
    ("J12", "1 = 1", "L12 is next to the 9 on M12"),  # would make one number with the 9
    ("N11", "2 = 2", "N11 is next to the 9 on N12"),
])
def test_a_play_touches_no_tile_on_the_board(start, written, reason):
    """A play is legal anywhere its squares are empty and none is next to a tile across or down
    (diagonally is fine); a refusal names the square and the tile it touches."""
    board = SEVEN if start != "N11" else Board().place(across("N12", "9").placements)
    found = why_not_horizontal(board, across(start, written), ADD)
    if reason is None:
        assert found is None
    else:
        assert found == f"under horizontal play no tile goes next to a tile already on the board, and {reason}"


@pytest.mark.parametrize("play, reason", [
    (across("A1", "1 + 1 = 2", Direction.DOWN), "under horizontal play every equation reads across, not down"),
    (across("A1", "1 + 2"), "row 1 from A1: 1 + 2 is an expression, not an equation"),
    (across("A1", "1 + 1 = 3"), "row 1 from A1: the two sides differ: 1 + 1 is 2, 3 is 3"),
    (across("C5", "3"), "C5 already holds a tile"),
])
def test_a_play_is_one_true_equation_across(play, reason):
    """Down, an expression alone, a false equation and a taken square are refused as such."""
    assert why_not_horizontal(SEVEN, play, ADD) == reason


@pytest.mark.parametrize("start, written, expected, why", [
    # J10 is the centre (2E), K10-N10 plain: (1 + 1 + 1 + 0 + 1) × 2
    ("J10", "2 + 2 = 4", 8, "the centre's 2E"),
    # A1 is 3E, D1 3S (the = there scores 0): (1 + 1 + 1 + 0×3 + 1) × 3
    ("A1", "1 + 1 = 2", 12, "A1's 3E, an = on D1's 3S"),
    # A19 3E, D19 3S, G19 2S, J19 3E: (1 + 1 + 1 + 2×3 + 0 + 1 + 1×2 + 1 + 1 + 1) × 3 × 3 + 40
    ("A19", "1 + 46 = 22 + 25", 175, "two 3E, nine tiles"),
])
def test_a_play_scores_as_any_play_on_its_squares(start, written, expected, why):
    """Scoring is RULES §7 on the squares the play covers: premiums, E multipliers, the 40 bonus."""
    play = across(start, written)
    assert why_not_horizontal(Board(), play, ADD) is None
    assert score(Board(), play, ADD).total == expected, why


# --- the record -------------------------------------------------------------------------------

HEAD = "#equate game\n#tiles add-subtract\n#mode teams\n#players Red, Blue\n"


def test_the_play_line_is_read_and_written_back():
    """'#play horizontal' is a header line; a record without it is the crossword game."""
    record = read_record(HEAD + "#play Horizontal\nRed: A1 across 1 + 1 = 2\n")
    assert record.header.play == HORIZONTAL
    assert "#play horizontal\n" in record_text(record)
    assert read_record(record_text(record)) == record
    assert read_record(HEAD).header.play == CROSSWORD
    assert "#play " not in record_text(read_record(HEAD))


@pytest.mark.parametrize("text, refusal", [
    (HEAD + "#play sideways\n", "record, line 5: '#play' is crossword or horizontal, not 'sideways'"),
    (HEAD + "#play horizontal\n#play horizontal\n", "record, line 6: '#play' is given twice (first on line 5); a record gives it once"),
])
def test_a_bad_play_line_is_refused(text, refusal):
    """An unknown way of playing, or a second '#play'."""
    with pytest.raises(ClassroomError) as refused:
        read_record(text)
    assert str(refused.value) == refusal


def test_the_replay_checks_each_play_under_the_rule():
    """A horizontal game refuses a play that touches a tile, naming the square, and takes a first
    play off the centre; the crossword game is the other way round."""
    plays = "Red: C5 across 3 + 4 = 7\nBlue: I5 across 2 = 2\n"
    game = replay(read_record(HEAD + "#play horizontal\n" + plays))
    # 3 + 4 = 7 on C5-G5: the 4 on E5's 2E, the = on F5's 2S: (1 + 1 + 1 + 0 + 2) × 2;
    # 2 = 2 on I5-K5: the = on J5's 3S: 1 + 0 + 1
    assert [t.score for t in game.turns] == [10, 2]
    with pytest.raises(ClassroomError) as refused:
        replay(read_record(HEAD + "#play horizontal\n" + plays + "Red: A6 across 6 - 5 = 1\n"))
    assert str(refused.value) == ("record, line 8: A6 across 6 - 5 = 1 is not a legal play: under horizontal "
                                  "play no tile goes next to a tile already on the board, and C6 is next to "
                                  "the 3 on C5")
    with pytest.raises(ClassroomError) as refused:
        replay(read_record(HEAD + plays))
    assert str(refused.value).endswith("the first play must cover the centre square J10")


def test_an_expression_alone_is_no_horizontal_play():
    """RULES §6.6's number-or-expression play (0 points) is the crossword game's: a horizontal
    play is one equation; a trade or a pass remains."""
    with pytest.raises(ClassroomError) as refused:
        replay(read_record(HEAD + "#play horizontal\nRed: A1 across 1 + 2\n"))
    assert str(refused.value).endswith("1 + 2 is an expression, not an equation")
    game = replay(read_record(HEAD + "Red: J10 across 1 + 2\n"))
    assert game.turns[0].kind == "expression"


# --- a new game -------------------------------------------------------------------------------


@pytest.mark.parametrize("mode, level, play, expected", [
    ("teams", "add-subtract", None, HORIZONTAL),  # the youngest players' default
    ("teams", "add-subtract", "", HORIZONTAL),  # the page's "as the level plays"
    ("solo", "add-subtract", "crossword", CROSSWORD),
    ("teams", "original", None, CROSSWORD),
    ("teams", "original", "Horizontal", HORIZONTAL),
    ("duplicate", "add-subtract", None, CROSSWORD),  # a duplicate game is played crossword unless asked
    ("duplicate", "original", "horizontal", HORIZONTAL),
])
def test_the_play_of_a_new_game(mode, level, play, expected):
    """`game new --play` and the page's form read into one request; horizontal is the default
    with the add-subtract level, and the header says so only when the game is horizontal."""
    asked = new_game_request(mode, "Red" if mode == "solo" else "Red, Blue", level, 1, (), None, None, random.Random(0), play=play)
    assert asked.play == expected
    assert asked.settings.get("play") == (HORIZONTAL if expected == HORIZONTAL else None)


def test_an_unknown_play_is_refused():
    """How plays are made is one of the two words."""
    with pytest.raises(ClassroomError) as refused:
        new_game_request("teams", "Ana, Ben", "original", 1, (), None, None, random.Random(0), play="sideways")
    assert str(refused.value) == "how plays are made (--play) is crossword or horizontal, not 'sideways'"


def test_game_new_writes_the_play_line(tmp_path: Path):
    """`classroom game new --level add-subtract` deals a horizontal game; --play crossword not."""
    horizontal, crossword = tmp_path / "h.txt", tmp_path / "c.txt"
    done = CliRunner().invoke(app, ["game", "new", str(horizontal), "--players", "Red, Blue",
                                    "--level", "add-subtract", "--seed", "7"])
    assert done.exit_code == 0, done.output
    assert "#play horizontal\n" in horizontal.read_text("utf-8")
    done = CliRunner().invoke(app, ["game", "new", str(crossword), "--players", "Red, Blue",
                                    "--level", "add-subtract", "--seed", "7", "--play", "crossword"])
    assert done.exit_code == 0, done.output
    assert "#play " not in crossword.read_text("utf-8")
    done = CliRunner().invoke(app, ["game", "play", str(horizontal), "Red: J10 down 3 = 3"])
    assert done.exit_code == 2
    assert "under horizontal play every equation reads across, not down" in done.output


def test_the_pages_form_makes_a_horizontal_game(client, library):
    """The page's new-game form asks how plays are made, through the same request."""
    answer = client.post("/games", data={"mode": "teams", "players": "Red, Blue", "level": "original",
                                         "seed": "3", "play": "horizontal", "name": "hz"})
    assert answer.status_code == 200, answer.text
    assert "#play horizontal\n" in (library / "games" / "hz.txt").read_text("utf-8")


# --- a whole game -----------------------------------------------------------------------------


def apart(board: Board, plays: list) -> bool:
    """Return whether every string of the board is exactly one play's squares, across."""
    squares = {tuple(play.squares) for play in plays}
    return all(direction is Direction.ACROSS and run in squares for direction, run in board.strings())


def test_a_horizontal_game_dealt_to_its_end():
    """The engine plays both sides of a dealt add-subtract game until the rules end it: every
    play is one equation across touching no other, scored as the replay scores it, and each was
    the best the rack had (its analysis leaves nothing on the table)."""
    record = new_game("teams", ("Red", "Blue"), "add-subtract", 11).with_header(play=HORIZONTAL)
    game = replay(record)
    for _ in range(200):
        if game.ended:
            break
        record, game = play_turn(record, best_turn(game), game=game)
    assert game.ended
    plays = [t for t in game.turns if t.kind == "play"]
    assert len(plays) >= 10 and {t.kind for t in game.turns} <= {"play", "trade", "pass"}
    assert apart(game.board, [t.play for t in plays])
    for turn in plays:
        assert why_not_horizontal(turn.board, turn.play, ADD) is None
        assert turn.score == score(turn.board, turn.play, ADD).total
    again = replay(read_record(record_text(record)))
    assert again.totals == game.totals and again.ended
    analysed = analyse(again)
    assert all(t.left == 0 for t in analysed.turns if hasattr(t, "left") and t.turn.kind == "play")


def test_the_score_the_sheet_and_the_page_say_the_game_is_horizontal(tmp_path: Path, client, library):
    """`game score`, the score sheet and the game's page name horizontal play; a crossword game's
    say nothing new."""
    path = tmp_path / "game.txt"
    path.write_text(HEAD + "#play horizontal\nRed: C5 across 3 + 4 = 7\n", "utf-8")
    done = CliRunner().invoke(app, ["game", "score", str(path)])
    assert done.exit_code == 0, done.output
    assert done.output.splitlines()[1] == ("Horizontal play: each play one equation across, anywhere, "
                                          "touching no tile on the board")
    done = CliRunner().invoke(app, ["game", "print", str(path), "--out", str(tmp_path / "sheet")])
    assert done.exit_code == 0, done.output
    assert any("horizontal play" in row for row in rows(tmp_path / "sheet" / "score-sheet.pdf"))
    answer = client.post("/games", data={"mode": "teams", "players": "Red, Blue", "level": "add-subtract",
                                         "seed": "3", "name": "young"})
    assert "· horizontal play" in answer.text
    path.with_name("plain.txt").write_text(HEAD + "Red: J10 across 3 + 4 = 7\n", "utf-8")
    plain = CliRunner().invoke(app, ["game", "score", str(path.with_name("plain.txt"))])
    assert "orizontal" not in plain.output


def test_a_horizontal_games_board_is_no_board_situation(tmp_path: Path, client, library):
    """`situations --game` and the page's 'as a Board Situation' refuse a horizontal game in one
    sentence (the situation's key and judging are the crossword game's), and write nothing; the
    game's page does not offer it; a crossword game's board still becomes one."""
    path = tmp_path / "game.txt"
    path.write_text(HEAD + "#play horizontal\nRed: C5 across 3 + 4 = 7\nBlue: I5 across 2 = 2\n", "utf-8")
    done = CliRunner().invoke(app, ["situations", "--game", str(path), "--turn", "2", "--out", str(tmp_path / "out")])
    assert done.exit_code == 2 and "Traceback" not in done.output
    assert f"{path} is played horizontally, and a Board Situation's key" in " ".join(done.output.split())
    assert not (tmp_path / "out").exists()
    (library / "games").mkdir(parents=True, exist_ok=True)
    (library / "games" / "young.txt").write_text(path.read_text("utf-8"), "utf-8")
    assert 'action="/games/young/situation"' not in client.get("/games/young").text
    refused = client.get("/games/young/situation?turn=2")
    assert refused.status_code == 400 and "is played horizontally" in refused.text
    (library / "games" / "plain.txt").write_text(HEAD + "Red: J10 across 3 + 4 = 7\nBlue: pass\n", "utf-8")
    assert 'action="/games/plain/situation"' in client.get("/games/plain").text
    assert client.get("/games/plain/situation?turn=2").status_code == 200
