"""Names and headers a record can read back: a player or team name holding one of the record's
own words (draws, holds, trade, pass, round, top) or its marks (: [ ] , #) is refused where the
game is made, on the command line and on the page, before anything is written; a header line
given twice is refused naming its line. And a table game on the page keeps going after a round
of passes with the pile full (the replay's rule, tests/test_table_pile.py)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.errors import ClassroomError
from classroom.record.grammar import check_names, read_record
from classroom.record.replay import replay
from classroom.store.games import record_state

runner = CliRunner()
BAD_NAMES = ["Red draws 4", "Blue holds nothing", "trade", "Pass", "Round 2", "top", "Red: Blue",
             "Red [4]", "#1"]


@pytest.mark.parametrize("name", BAD_NAMES)
def test_a_name_the_grammar_would_misread_is_refused(name):
    """One sentence naming the name; the record's words are whole words in any case."""
    with pytest.raises(ClassroomError) as error:
        check_names((name, "Green"), "--players")
    message = str(error.value)
    assert message.startswith("--players: ") and "cannot be a player's name" in message
    assert "\n" not in message


@pytest.mark.parametrize("name", ["Red", "Holdsworth", "Passport Team", "Top-Cats", "Roundabout", "Ana B."])
def test_other_names_are_kept(name):
    """A record word inside a longer word is no word of the record."""
    check_names((name, "Green"), "--players")
    assert replay(read_record(f"#equate game\n#players {name}, Green\n{name}: pass\n")).turns[0].player == name


@pytest.mark.parametrize("players", ["Red draws 4, Blue", "Red, Blue holds nothing", "Red, red"])
def test_game_new_refuses_before_writing(tmp_path, players):
    """`classroom game new --players` says why in one line, exit 2, and writes no record."""
    path = tmp_path / "game.txt"
    result = runner.invoke(app, ["game", "new", str(path), "--players", players, "--seed", "1"])
    assert result.exit_code == 2 and "error: the players (--players): " in result.output and "Traceback" not in result.output
    assert not path.exists()


@pytest.mark.parametrize("table", ["on", ""])
def test_the_page_refuses_the_same_names(client, library, table):
    """The page's new-game form goes through the same check: 400, the sentence, no record."""
    answer = client.post("/games", data={"mode": "teams", "players": "Red draws 4, Blue", "table": table},
                         follow_redirects=False)
    assert answer.status_code == 400 and "cannot be a player&#39;s name" in answer.text
    assert not any((library / "games").glob("*.txt"))


@pytest.mark.parametrize("header, repeated", [
    ("#seed 4\n#seed 5\n", "#seed"), ("#tiles original\n#tiles junior\n", "#tiles"),
    ("#mode teams\n#mode solo\n", "#mode"), ("#players Ana, Ben\n", "#players"),
])
def test_a_header_given_twice_is_refused_naming_its_line(header, repeated):
    """The last one no longer wins silently: the second is named, with where the first was."""
    text = "#equate game\n#players Red, Blue\n" + header
    with pytest.raises(ClassroomError) as error:
        read_record(text)
    first = 2 if repeated == "#players" else 3
    second = 3 if repeated == "#players" else 4
    assert str(error.value) == (f"record, line {second}: '{repeated}' is given twice (first on line "
                                f"{first}); a record gives it once")


def test_lines_that_may_repeat_still_do():
    """#time (one a player), #note and #board lines come as many times as needed."""
    record = read_record("#equate game\n#players Red, Blue\n#time Red 5m\n#time Blue 3m\n#note a\n#note b\n")
    assert record.header.minutes == (("Red", 5), ("Blue", 3)) and record.header.notes == ("a", "b")


def test_a_table_game_on_the_page_goes_on_after_a_round_of_passes(client, library):
    """On the page, as in `game score`: both pass with the pile full, and the next play is taken."""
    answer = client.post("/games", data={"mode": "teams", "players": "Red, Blue", "table": "on"},
                         follow_redirects=False)
    name = answer.headers["location"].removeprefix("/games/")
    for line in ("J10 across 24 ÷ 3 = 8", "Blue: pass", "Red: pass", "Blue: O9 down 28 = 4 × 7"):
        at = record_state(read_record((library / "games" / f"{name}.txt").read_text("utf-8")))  # as the page's form carries it
        assert client.post(f"/games/{name}/turn", data={"line": line, "at": at}, follow_redirects=False).status_code == 303
    game = replay(read_record((library / "games" / f"{name}.txt").read_text("utf-8")))
    assert not game.ended and [t.kind for t in game.turns] == ["play", "pass", "pass", "play"]
    page = client.get(f"/games/{name}").text
    assert 'id="ended"' not in page and 'value="pass"' in page
