"""Players of different abilities (RULES §12): handicap points a player starts with, and the
fraction bonus; header lines of a record (docs/records.md), options of `game new`, choices on the
page's new-game form, replayed by `game score`, `game analyse` and the score sheet. A record
without them reads, replays and prints as before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.errors import ClassroomError
from classroom.record.grammar import read_record, record_text
from classroom.record.replay import replay
from tests.test_game_print import TEAMS, rows

HEAD = "#equate game\n#tiles original\n#mode teams\n#players Red, Blue\n"
PLAYS = """Red: J10 across 24 ÷ 3 = 8
Blue: O9 down 28 = 4 × 7
Red: M12 across 4 = 4
Blue: I12 across 7 + 9 × 4 = 43
Red: F9 across 7/4 = 3/4 + 1
"""
BOOKLET = HEAD + PLAYS  # the booklet's five sample plays: 28, 11, 3, 11 and 30
# `game score` of BOOKLET as the code before handicaps and bonuses printed it (main at 9960bb0)
BOOKLET_SCORE = """Teams game, original tile set: Red, Blue
line        turn                       score     Red    Blue
   5  Red   J10 across 24 ÷ 3 = 8         28      28       0
   6  Blue  O9 down 28 = 4 × 7            11      28      11
   7  Red   M12 across 4 = 4               3      31      11
   8  Blue  I12 across 7 + 9 × 4 = 43     11      31      22
   9  Red   F9 across 7/4 = 3/4 + 1       30      61      22
Totals: Red 61, Blue 22.
Next: Blue.
"""


def run(*words: str):
    return CliRunner().invoke(app, list(words))


def written(tmp_path: Path, text: str) -> str:
    path = tmp_path / "game.txt"
    path.write_text(text, encoding="utf-8")
    return str(path)


# --- handicap points ---------------------------------------------------------------------------

def test_handicap_points_count_from_the_first_turn():
    """Blue's 20 handicap points are in Blue's total before any turn and in every running total
    after; the turns' own scores are unchanged."""
    game = replay(read_record(HEAD + "#handicap Blue 20\n" + PLAYS))
    assert [t.score for t in game.turns] == [28, 11, 3, 11, 30]
    assert [dict(t.totals)["Blue"] for t in game.turns] == [20, 31, 31, 42, 42]
    assert game.totals == {"Red": 61, "Blue": 42}
    assert replay(read_record(HEAD + "#handicap Blue 20\n")).totals == {"Red": 0, "Blue": 20}


def test_a_handicap_can_turn_the_result():
    """In an ended game the handicap is in the totals the winner is chosen by: Green Team's 8
    points and 20 at the start beat Red's 24."""
    plain = replay(read_record(TEAMS))
    assert (plain.totals, plain.winners) == ({"Red": 24, "Blue": 21, "Green Team": 8}, ["Red"])
    text = TEAMS.replace("#time Blue 2m\n", "#time Blue 2m\n#handicap Green Team 20\n")
    game = replay(read_record(text))
    assert (game.totals, game.winners) == ({"Red": 24, "Blue": 21, "Green Team": 28}, ["Green Team"])


def test_handicap_and_bonus_lines_read_back_the_same():
    """A name in any letter case is the player's; the record the tool writes reads back to the
    same record, its lines as the grammar gives."""
    text = HEAD + "#handicap blue 20\n#handicap Red 0\n#fraction-bonus Blue x3\n" + PLAYS
    record = read_record(text)
    assert (record.header.handicaps, record.header.fraction_bonus) == ((("Blue", 20), ("Red", 0)), (("Blue", 3),))
    written_text = record_text(record)
    assert "#fraction-bonus Blue ×3\n" in written_text
    assert read_record(written_text) == record


@pytest.mark.parametrize("line, words", [
    ("#handicap Blue", "'#handicap Blue 20'"),
    ("#handicap Blue -5", "'#handicap Blue 20'"),
    ("#handicap Blue 1000", "'#handicap Blue 20'"),
    ("#handicap Green 5", "'#handicap Green' names no player"),
    ("#handicap Blue 5\n#handicap blue 6", "'#handicap Blue' is given twice"),
    ("#fraction-bonus Blue ×4", "×2 or ×3"),
    ("#fraction-bonus Blue", "×2 or ×3"),
    ("#fraction-bonus Green ×2", "'#fraction-bonus Green' names no player"),
])
def test_bad_handicap_and_bonus_lines_are_refused(line, words):
    """A handicap or bonus line that breaks the grammar, or names no player, is one sentence."""
    with pytest.raises(ClassroomError, match=words):
        read_record(HEAD + line + "\n" + PLAYS)


def test_a_duplicate_game_has_no_handicap():
    """A duplicate game's participants all play the same rack: a handicap line is refused."""
    with pytest.raises(ClassroomError, match="not of a duplicate game"):
        read_record("#equate game\n#mode duplicate\n#players Ana, Ben\n#handicap Ben 10\n")


def test_an_old_record_scores_as_before(tmp_path):
    """A record without the new lines prints exactly what the code before them printed, and its
    JSON has empty handicaps and bonuses."""
    path = written(tmp_path, BOOKLET)
    assert run("game", "score", path).output == BOOKLET_SCORE
    data = json.loads(run("game", "score", path, "--json").output)
    assert (data["handicaps"], data["fraction_bonus"], data["totals"]) == ({}, {}, {"Red": 61, "Blue": 22})


def test_game_score_and_analyse_show_the_handicap(tmp_path):
    """`game score` names the handicap and shows it as a row before the first turn; `--json`
    gives it and totals that include it; `game analyse` replays the record."""
    path = written(tmp_path, HEAD + "#handicap Blue 20\n" + PLAYS)
    lines = run("game", "score", path).output.splitlines()
    assert "Handicap: Blue starts with 20 points" in lines
    assert lines[3].split() == ["handicap", "at", "the", "start", "0", "20"]
    assert lines[4].split()[-2:] == ["28", "20"] and "Totals: Red 61, Blue 42." in lines
    data = json.loads(run("game", "score", path, "--json").output)
    assert (data["handicaps"], data["totals"]) == ({"Blue": 20}, {"Red": 61, "Blue": 42})
    assert [t["totals"]["Blue"] for t in data["turns"]] == [20, 31, 31, 42, 42]
    analysed = run("game", "analyse", path)
    assert analysed.exit_code == 0, analysed.output
    assert "F9 across 7/4 = 3/4 + 1" in analysed.output


def test_game_new_writes_the_handicap(tmp_path):
    """`game new --handicap` writes one line a player, as the game spells the name."""
    path = tmp_path / "game.txt"
    result = run("game", "new", str(path), "--players", "Red, Blue", "--seed", "5",
                 "--handicap", "blue 20", "--handicap", "Red 3")
    assert result.exit_code == 0, result.output
    record = read_record(path.read_text("utf-8"))
    assert record.header.handicaps == (("Blue", 20), ("Red", 3))
    assert replay(record).totals == {"Red": 3, "Blue": 20}


@pytest.mark.parametrize("args, message", [
    (["--handicap", "Green 20"], "the handicap points (--handicap) 'Green 20': 'Green' is not one of the players (Red, Blue)"),
    (["--handicap", "Blue twenty"], "the handicap points (--handicap) 'Blue twenty': write a player and whole points"),
    (["--handicap", "Blue 2", "--handicap", "Blue 3"], "the handicap points (--handicap): Blue is named twice"),
    (["--fraction-bonus", "Blue ×5"], "the fraction bonus (--fraction-bonus) 'Blue ×5': write a player and ×2 or ×3"),
    (["--mode", "duplicate", "--handicap", "Blue 2"], "not of a duplicate game"),
    (["--allowance", "Red 0m"], "the time allowance (--allowance) 'Red 0m': write a player and minutes in all"),
    (["--time-penalty", "-1"], "--time-penalty"),
    (["--mode", "duplicate", "--allowance", "Red 5m"], "not of a duplicate game"),
])
def test_game_new_refuses_a_bad_setting_in_one_sentence(tmp_path, args, message):
    """A bad --handicap, --fraction-bonus or clock setting is one sentence, exit 2, and no record
    is written."""
    path = tmp_path / "game.txt"
    result = run("game", "new", str(path), "--players", "Red, Blue", *args)
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output
    assert not path.exists()


def test_the_score_sheet_shows_the_handicap(tmp_path):
    """The score sheet names the handicap points and prints them as the first row's totals."""
    text = TEAMS.replace("#time Blue 2m\n", "#time Blue 2m\n#handicap Green Team 20\n")
    result = run("game", "print", written(tmp_path, text), "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    lines = rows(tmp_path / "out" / "score-sheet.pdf")
    assert "Handicap points at the start: Green Team 20" in lines
    assert "Handicap at the start 0 0 20" in lines
    assert "1 Red J10 across 24 ÷ 3 = 8 28 28 0 20" in lines
    assert "Totals 24 21 28" in lines and "Green Team wins." in lines


def test_the_new_game_form_writes_the_handicap(client, library):
    """The page's new-game form takes handicap points and a fraction bonus ('Blue 20'), writes
    them as header lines, and the projector shows them beside the totals."""
    answer = client.post("/games", data={"mode": "teams", "players": "Red, Blue", "seed": "5",
                                         "handicap": "Blue 20", "fraction_bonus": "red ×2"},
                         follow_redirects=False)
    assert answer.status_code == 303, answer.text
    name = answer.headers["location"].removeprefix("/games/")
    record = read_record((library / "games" / f"{name}.txt").read_text("utf-8"))
    assert (record.header.handicaps, record.header.fraction_bonus) == ((("Blue", 20),), (("Red", 2),))
    page = client.get(f"/games/{name}").text
    assert "(20 handicap points)" in page and "(fractions ×2)" in page
    assert 'data-player="Blue">20<' in page


@pytest.mark.parametrize("fields, said", [
    ({"handicap": "Green 20"}, "the handicap points (--handicap) &#39;Green 20&#39;: &#39;Green&#39; is not one of the players"),
    ({"fraction_bonus": "Blue ×9"}, "write a player and ×2 or ×3"),
    ({"mode": "duplicate", "handicap": "Blue 5"}, "not of a duplicate game"),
])
def test_a_bad_handicap_on_the_form_is_one_sentence(client, library, fields, said):
    """A bad handicap or bonus on the form is refused in one sentence and writes no game."""
    answer = client.post("/games", data={"mode": "teams", "players": "Red, Blue", **fields})
    assert answer.status_code == 400 and said in answer.text, answer.text[-600:]
    assert not (library / "games").exists() or not list((library / "games").glob("*.txt"))


# --- the fraction bonus ------------------------------------------------------------------------

BEFORE_F9 = HEAD + PLAYS.replace("Red: F9 across 7/4 = 3/4 + 1\n", "")


def last_turn(text: str):
    return replay(read_record(text)).turns[-1]


@pytest.mark.parametrize("bonus, total, explained", [
    # F9 is 3S, H9 plain, I9 2S, J9 plain (RULES §5): 7×3 + 0 + 6 + 1×2 + 1 = 30 (RULES §8)
    ("", 30, "7×3 + 0 + 6 + 1×2 + 1 = 30"),
    # ×2 on the two fraction tiles, before F9's 3S: 7×2×3 + 0 + 6×2 + 1×2 + 1 = 42 + 12 + 3 = 57
    ("#fraction-bonus Red ×2\n", 57, "[7×2]×3 + 0 + [6×2] + 1×2 + 1 = 57"),
    # ×3: 7×3×3 + 0 + 6×3 + 1×2 + 1 = 63 + 18 + 3 = 84
    ("#fraction-bonus Red ×3\n", 84, "[7×3]×3 + 0 + [6×3] + 1×2 + 1 = 84"),
])
def test_the_booklets_f9_play_with_the_fraction_bonus(bonus, total, explained):
    """The booklet's F9 play 7/4 = 3/4 + 1 scores 30 plain; with the bonus each fraction tile's
    symbol score is multiplied before the square's premium, and the breakdown shows it."""
    turn = last_turn(BEFORE_F9.replace("#players Red, Blue\n", "#players Red, Blue\n" + bonus)
                     + "Red: F9 across 7/4 = 3/4 + 1\n")
    assert turn.score == total
    assert turn.breakdown.equations[0].explain() == explained


def test_the_bonus_is_the_players_and_fractions_on_the_board_count_plain():
    """Blue's ×3 leaves Red's F9 play at 30; Blue's F9 down 7/4 = 1 3/4 counts the 7/4 already
    on F9 plain and the 3/4 Blue places ×3: 7 + 0 + 1×3 (F11 3S) + 6×3 (F12 plain) = 28, not 16."""
    text = (BEFORE_F9.replace("#players Red, Blue\n", "#players Red, Blue\n#fraction-bonus Blue ×3\n")
            + "Red: F9 across 7/4 = 3/4 + 1\nBlue: F9 down 7/4 = 1 3/4\n")
    game = replay(read_record(text))
    assert [t.score for t in game.turns[-2:]] == [30, 28]
    assert game.turns[-1].breakdown.equations[0].explain() == "7 + 0 + 1×3 + [6×3] = 28"
    plain = replay(read_record(text.replace("#fraction-bonus Blue ×3\n", "")))
    assert [t.score for t in plain.turns[-2:]] == [30, 16]


def test_the_bonus_comes_before_the_equation_multiplier():
    """A first play on the 2E centre: J10 across 1/2 + 1/2 = 1 is (3 + 1 + 3 + 0 + 1) × 2 = 16
    plain, ([3×2] + 1 + [3×2] + 0 + 1) × 2 = 28 with ×2."""
    play = "Red: J10 across 1/2 + 1/2 = 1\n"
    assert last_turn(HEAD + play).score == 16
    turn = last_turn(HEAD + "#fraction-bonus Red ×2\n" + play)
    assert (turn.score, turn.breakdown.fraction_bonus) == (28, 2)
    assert turn.breakdown.equations[0].explain() == "([3×2] + 1 + [3×2] + 0 + 1) × 2 = 28"


def test_a_blank_standing_for_a_fraction_still_scores_nothing():
    """A blank standing for 1/2 scores 0 and is no fraction tile for the bonus: J10 across
    ?1/2 + 1/2 = 1 with ×2 is (0 + 1 + [3×2] + 0 + 1) × 2 = 16."""
    turn = last_turn(HEAD + "#fraction-bonus Red ×2\nRed: J10 across ?1/2 + 1/2 = 1\n")
    assert turn.score == 16
    assert turn.breakdown.equations[0].explain() == "(0 + 1 + [3×2] + 0 + 1) × 2 = 16"


def test_game_play_shows_the_bonus_and_score_replays_it(tmp_path):
    """`game play` names the bonus above the breakdown; `game score` and `game analyse` replay
    the record to the same totals; the score sheet names the bonus."""
    text = BEFORE_F9.replace("#players Red, Blue\n", "#players Red, Blue\n#fraction-bonus Red ×2\n#handicap Blue 5\n")
    path = written(tmp_path, text)
    result = run("game", "play", path, "Red: F9 across 7/4 = 3/4 + 1")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1:4] == [
        "  fraction bonus: each fraction tile placed scores ×2 [in brackets]",
        "  7/4 = 3/4 + 1: [7×2]×3 + 0 + [6×2] + 1×2 + 1 = 57", "  scores 57"]
    scored = run("game", "score", path)
    assert "Fraction bonus: Red's fraction tiles score ×2" in scored.output
    assert "Totals: Red 88, Blue 27." in scored.output
    data = json.loads(run("game", "score", path, "--json").output)
    assert (data["fraction_bonus"], data["totals"]) == ({"Red": 2}, {"Red": 88, "Blue": 27})
    analysed = run("game", "analyse", path)
    assert analysed.exit_code == 0, analysed.output
    assert analysed.output.split("F9 across 7/4 = 3/4 + 1")[1].split()[0] == "57"
    printed = run("game", "print", path, "--out", str(tmp_path / "out"))
    assert printed.exit_code == 0, printed.output
    lines = rows(tmp_path / "out" / "score-sheet.pdf")
    assert "Fraction bonus (each fraction tile placed scores more): Red ×2" in lines
    assert "5 Red F9 across 7/4 = 3/4 + 1 57 88 27" in lines


def test_game_new_writes_the_fraction_bonus(tmp_path):
    """`game new --fraction-bonus 'blue 3'` writes '#fraction-bonus Blue ×3'."""
    path = tmp_path / "game.txt"
    result = run("game", "new", str(path), "--players", "Red, Blue", "--seed", "5", "--fraction-bonus", "blue 3")
    assert result.exit_code == 0, result.output
    assert "#fraction-bonus Blue ×3\n" in path.read_text("utf-8")


@pytest.mark.parametrize("bonus, top", [
    # P14 down 2 + 3/4 = 1 7/4: P16 2E, P18 2S, P19 3S, so (1 + 1 + 6 + 0 + 1×2 + 7×3) × 2 = 62
    ("", 62),
    # with ×2: (1 + 1 + [6×2] + 0 + 1×2 + [7×2]×3) × 2 = 58 × 2 = 116
    ("#fraction-bonus Red ×2\n", 116),
])
def test_analysis_ranks_a_bonus_players_plays_with_the_bonus(bonus, top):
    """`game analyse` sets a turn against the best play scored as the player scores: the rack
    7/4 3/4 1 + 2 on the booklet's board had P14 down 2 + 3/4 = 1 7/4, worth 62 plain and 116
    with ×2; the F9 play made scores 30 plain and 57 with ×2, never more than the top."""
    from classroom.record.analysis import analyse

    text = (BEFORE_F9.replace("#players Red, Blue\n", "#players Red, Blue\n" + bonus)
            + "Red [7/4 3/4 1 + 2]: F9 across 7/4 = 3/4 + 1\n")
    entry = analyse(replay(read_record(text))).turns[-1]
    assert (entry.top, entry.written(entry.best[0])) == (top, "P14 down 2 + 3/4 = 1 7/4")
    assert entry.left == top - (57 if bonus else 30)


# --- the total-time clock ----------------------------------------------------------------------

CLOCKED = HEAD + """#allowance Red 1m
#allowance Blue 10m
#time-penalty 5
#time-bonus 7
Red: J10 across 24 ÷ 3 = 8
Red took 1:30
Blue: O9 down 28 = 4 × 7
Blue took 0:45
Red: M12 across 4 = 4
Red took RED
Blue: pass
Blue took 0:10
Red holds 4 ×
Blue holds 2
"""


@pytest.mark.parametrize("red, red_sum", [
    # Red's allowance is 1 minute; 1:30 + 0:29 = 1:59, 59 s over: 1 started minute, −5
    ("0:29", -5),
    # 1:30 + 1:31 = 3:01, 2:01 over: 3 started minutes, −15
    ("1:31", -15),
    # 1:30 + 0:00 = 1:30: 30 s over, 1 started minute
    ("0:00", -5),
])
def test_the_clock_at_the_end_penalises_each_started_minute_over(red, red_sum):
    """The clock's points come at the end with the end sums: minus the penalty for each started
    minute over the allowance; Blue, 0:55 of 10 minutes and the least time, gains the 7."""
    game = replay(read_record(CLOCKED.replace("RED", red)))
    assert game.times == (("Red", 90 + int(red[0]) * 60 + int(red[2:])), ("Blue", 55))
    assert game.time_sums == (("Red", red_sum), ("Blue", 7))
    assert game.end == (("Red", -4), ("Blue", -1))  # 4 and × are 1 + 3; 2 is 1
    assert game.totals == {"Red": 31 - 4 + red_sum, "Blue": 11 - 1 + 7}


def test_within_the_allowance_and_a_tie_for_the_least_time():
    """No penalty within the allowance: Red's 0:30 + 0:30 is exactly 1 minute, and Blue's 0:55
    is the least; at 0:30 + 0:25 Red ties Blue's 0:55 and they share the bonus of 7 (RULES §12:
    "shared on a tie"), 3 each in whole points.""" 
    within = CLOCKED.replace("Red took 1:30", "Red took 0:30").replace("RED", "0:30")
    assert replay(read_record(within)).time_sums == (("Red", 0), ("Blue", 7))
    tied = CLOCKED.replace("Red took 1:30", "Red took 0:30").replace("RED", "0:25")
    assert replay(read_record(tied)).time_sums == (("Red", 3), ("Blue", 3))


def test_no_least_time_bonus_while_a_turn_is_untimed():
    """A player with a turn that has no 'took' line would count as quick: no one gains the
    bonus then; the penalty still counts the times kept."""
    text = CLOCKED.replace("RED", "1:31").replace("Blue took 0:10\n", "")
    assert replay(read_record(text)).time_sums == (("Red", -15), ("Blue", 0))


@pytest.mark.parametrize("body, words", [
    ("Red took 1:00\nRed: J10 across 24 ÷ 3 = 8\n", "Red has taken 0 turns"),
    ("Red: J10 across 24 ÷ 3 = 8\nRed took 1:00\nRed took 0:30\n", "a 'took' line follows the turn it times"),
])
def test_a_took_line_times_one_turn(body, words):
    """A 'took' line follows the player's turn, one a turn; another is refused naming its line."""
    with pytest.raises(ClassroomError, match=words):
        replay(read_record(HEAD + "#allowance Red 5m\n" + body))


def test_the_clock_on_the_command_line(tmp_path):
    """`game new` writes the clock's header lines, `game play --took` the turn's time after its
    refill, `game undo` takes the time back with the turn, `game stop` applies the clock, and
    `game score`, `game analyse` and the score sheet replay it to the same totals."""
    path = tmp_path / "game.txt"
    assert run("game", "new", str(path), "--players", "Red, Blue", "--seed", "3", "--allowance", "Red 2m",
               "--allowance", "blue 5m", "--time-penalty", "4", "--time-bonus", "10").exit_code == 0
    assert run("game", "play", str(path), "Red: pass", "--took", "1:00").exit_code == 0
    assert run("game", "undo", str(path)).exit_code == 0
    assert "took" not in path.read_text("utf-8")
    assert run("game", "play", str(path), "Red: pass", "--took", "2:30").exit_code == 0
    assert run("game", "play", str(path), "Blue: pass", "--took", "0:40").exit_code == 0
    text = path.read_text("utf-8")
    assert "#allowance Red 2m\n#allowance Blue 5m\n#time-penalty 4\n#time-bonus 10\n" in text
    assert "Red: pass\nRed took 2:30\nBlue: pass\nBlue took 0:40\n" in text
    stopped = run("game", "stop", str(path))
    assert stopped.exit_code == 0, stopped.output
    assert "The clock at the end: Red -4, Blue +10" in stopped.output
    scored = run("game", "score", str(path), "--json")
    data = json.loads(scored.output)
    assert data["clock"] == {"allowances": {"Red": 2, "Blue": 5}, "penalty": 4, "bonus": 10,
                             "seconds": {"Red": 150, "Blue": 40}, "sums": {"Red": -4, "Blue": 10}}
    assert data["totals"] == {"Red": -4, "Blue": 10}
    assert run("game", "analyse", str(path)).exit_code == 0
    assert run("game", "print", str(path), "--out", str(tmp_path / "out")).exit_code == 0
    lines = rows(tmp_path / "out" / "score-sheet.pdf")
    assert "The clock at the end −4 +10" in lines and "Totals -4 10" in lines


def test_each_turns_time_is_shown_beside_it(tmp_path):
    """With 'took' lines, `game score` gives each turn's time, flags a turn over the player's
    time a play (it still counts), and `--json` gives the seconds; a turn without one has none."""
    text = CLOCKED.replace("RED", "0:20").replace("#time-bonus 7\n", "#time-bonus 7\n#time Red 1m\n")
    path = written(tmp_path, text.replace("Blue took 0:10\n", ""))
    lines = run("game", "score", path).output.splitlines()
    assert lines[3].split()[-1] == "time"
    assert lines[4].endswith("  1:30 (over the 1-minute limit)") and lines[5].endswith("  0:45")
    assert lines[6].endswith("  0:20") and lines[7].endswith("11")
    data = json.loads(run("game", "score", path, "--json").output)
    assert [t["seconds"] for t in data["turns"]] == [90, 45, 20, None]


BONUS_RACK = ("-", "6/6", "4", "7", "×", "1/6", "0")  # its best play is another with the fraction bonus


def test_the_reveal_ranks_a_bonus_players_plays_with_the_bonus():
    """The page's reveal (web.searches.turn_best, as Reveals.best asks it) for a player given ×2: the rack's plain best
    play scores 111 (165 with ×2), while another play scores more with ×2; the reveal shows the
    bonus player's best, scored as the player scores it, and every other play scores no more."""
    from classroom.game.plays import score
    from classroom.solve.board.position import Position
    from classroom.web.searches import turn_best

    game = replay(read_record(BEFORE_F9))
    board, tileset = game.board, game.tileset
    plain = turn_best(None, (board, BONUS_RACK, tileset, 1, 1, "crossword"))[0]
    boosted = turn_best(None, (board, BONUS_RACK, tileset, 1, 2, "crossword"))[0]
    every = [score(board, c.play, tileset, 2).total for c in Position(board, BONUS_RACK, tileset).all()]
    assert (plain.score, score(board, plain.play, tileset, 2).total) == (111, 165)
    assert boosted.score == score(board, boosted.play, tileset, 2).total == max(every) > 165
