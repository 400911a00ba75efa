"""A replayed game analysed (classroom.record.analysis): each turn whose rack is known against the
best plays it had (checked against the brute-force reference), the points left on the table, the
share of the top, each player's accuracy and biggest misses; `classroom game analyse`."""

from __future__ import annotations

import json
from functools import cache

import pytest
from reference_board import reference_plays
from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.record.analysis import Analysed, NotAnalysed, analyse
from classroom.record.grammar import read_record
from classroom.record.replay import replay

# Small racks in brackets, so the brute-force reference can list every play of every turn.
GAME = """#equate game
#tiles original
#mode teams
#players Red, Blue
Red [1 2 3 +]: J10 across 1 + 2 = 3
Blue [4 2 ×]: pass
Red [6 - ?]: N10 down 3 = 6 - ?3
Blue [4 2 × 8]: trade [8]
Red: pass
Blue [9 1 + 3]: L10 down 2 + 1 = 3
"""


@pytest.fixture(scope="module")
def analysis():
    return analyse(replay(read_record(GAME)))


@pytest.mark.parametrize("index", [0, 1, 2, 3, 5])
def test_best_score_agrees_with_brute_force(analysis, index):
    """Each analysed turn's best score is the brute-force reference's best for its board and rack."""
    entry = analysis.turns[index]
    reference = reference_plays(entry.turn.board, entry.turn.rack, analysis.game.tileset)
    assert entry.top == max(reference.values())


@pytest.mark.parametrize("index, line, score, top, left, share", [
    (0, 5, 8, 8, 0, 100.0),
    (1, 6, 0, 6, 6, 0.0),  # a pass leaves all of the top
    (2, 7, 10, 18, 8, 1000 / 18),
    (3, 8, 0, 18, 18, 0.0),  # so does a trade
    (5, 10, 4, 8, 4, 50.0),
])
def test_points_left_and_share_of_the_top(analysis, index, line, score, top, left, share):
    """A turn leaves the best score less its own, and scores its share of the best."""
    entry = analysis.turns[index]
    assert isinstance(entry, Analysed)
    assert (entry.turn.line, entry.turn.score, entry.top, entry.left) == (line, score, top, left)
    assert entry.share == pytest.approx(share)


def test_turn_without_a_rack_is_not_analysed(analysis):
    """A turn whose rack the record does not know is listed, not analysed."""
    entry = analysis.turns[4]
    assert isinstance(entry, NotAnalysed)
    assert (entry.turn.line, entry.reason) == (9, "the rack is not known")


def test_best_play_is_written_as_a_record_writes_it(analysis):
    """The best play is written in the record's notation, a blank as ? plus its symbol, and replays
    to the best score when put in the record instead of the turn."""
    entry = analysis.turns[2]
    assert entry.written(entry.best[0]) == "N6 down 6 = ?9 - 3"
    better = GAME.replace("N10 down 3 = 6 - ?3", "N6 down 6 = ?9 - 3").split("Blue [4 2 × 8]")[0]
    assert replay(read_record(better)).turns[-1].score == 18


def test_summary_gives_accuracy_and_biggest_misses(analysis):
    """A player's accuracy is points scored over the top of the turns analysed; the misses are the
    turns that left most, most first."""
    red, blue = analysis.summaries
    assert (red.analysed, red.scored, red.top) == (2, 18, 26)
    assert red.accuracy == pytest.approx(100 * 18 / 26)
    assert [(m.turn.line, m.left) for m in red.misses] == [(7, 8)]
    assert (blue.analysed, blue.scored, blue.top) == (3, 4, 32)
    assert [(m.turn.line, m.left) for m in blue.misses] == [(8, 18), (6, 6), (10, 4)]


def test_top_gives_the_best_plays_in_order():
    """--top N lists the N best plays of a turn, best first."""
    analysis = analyse(replay(read_record(GAME)), top=3)
    assert [c.score for c in analysis.turns[5].best] == [8, 7, 7]


def write(tmp_path, text: str):
    path = tmp_path / "game.txt"
    path.write_text(text, encoding="utf-8")
    return path


def test_analyse_command_prints_each_turn_and_the_summary(tmp_path):
    """`classroom game analyse` prints every turn, the turns not analysed and each player's accuracy."""
    result = CliRunner().invoke(app, ["game", "analyse", str(write(tmp_path, GAME))])
    assert result.exit_code == 0, result.output
    assert "not analysed: the rack is not known" in result.stdout
    assert "Red: accuracy 69% (18 of 26 points over 2 turns analysed):" in result.stdout
    assert "line 8: 18 points left; best O14 down 8 = 2 × 4 (18), scored 0" in result.stdout


def test_analyse_json(tmp_path):
    """`game analyse --json` gives every turn and each player's summary (docs/records.md)."""
    result = CliRunner().invoke(app, ["game", "analyse", str(write(tmp_path, GAME)), "--json", "--top", "2"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["players"] == ["Red", "Blue"]
    assert data["turns"][2] == {
        "line": 7, "player": "Red", "kind": "play", "play": "N10 down 3 = 6 - ?3", "rack": ["6", "-", "?"],
        "score": 10, "analysed": True, "best_score": 18, "left": 8, "share": 55.6, "reason": None,
        "best": [{"play": "N6 down 6 = ?9 - 3", "score": 18}, {"play": "N6 down ?3 = 6 - 3", "score": 18}]}
    assert data["turns"][4]["analysed"] is False and data["turns"][4]["reason"] == "the rack is not known"
    assert data["summary"]["Red"] == {"analysed": 2, "scored": 18, "top": 26, "accuracy": 69.2, "misses": [
        {"line": 7, "score": 10, "best": "N6 down 6 = ?9 - 3", "best_score": 18, "left": 8}]}


def test_duplicate_game_is_refused_with_one_sentence(tmp_path):
    """A duplicate game is not analysed (its rounds have their top plays): one sentence, exit 2."""
    path = write(tmp_path, "#equate game\n#tiles original\n#mode duplicate\n#players A, B\n")
    result = CliRunner().invoke(app, ["game", "analyse", str(path)])
    assert result.exit_code == 2
    assert "a duplicate game is not analysed" in result.output and "Traceback" not in result.output


@cache
def dealt_game():
    """Return a dealt teams game of 12 turns (simulated players, every rack known, blanks as the
    bag draws them), replayed, with its record: dealt once a process, as simulating it is a second
    of the two tests that analyse it (the record and the replay are frozen values)."""
    from tests.benchmarks.bench_analysis import dealt_game as dealt

    record = read_record(dealt(3, 12))
    return record, replay(record)


def test_turns_searched_on_two_processes_are_the_turns_searched_one_by_one():
    """A dealt game analysed on two worker processes (make.pool.run_all, as `game analyse`
    runs it) gives every turn the very same best plays, and the same lines, as one by one."""
    from classroom.make.pool import run_all
    from classroom.record.analysis import analysis_data, analysis_lines
    from classroom.record.report import turn_text

    _, game = dealt_game()
    alone = analyse(game, top=2)
    together = analyse(game, top=2, run=lambda work, searches: run_all(work, searches, 2, lambda: None))
    assert sum(isinstance(t, Analysed) and bool(t.best) for t in alone.turns) >= 10
    assert [getattr(t, "best", None) for t in together.turns] == [getattr(t, "best", None) for t in alone.turns]
    assert analysis_data(together) == analysis_data(alone)
    assert analysis_lines(together, turn_text) == analysis_lines(alone, turn_text)


def test_the_pages_turn_searches_give_the_analysis_one_by_one():
    """The analysis page's path (each turn searched on its own in the page's pool of search
    processes, classroom.web.analysis) gives the lines of the analysis one by one, the turns
    numbered from 1; asked again in the same record state, the same lines at once."""
    from classroom.record.analysis import analysis_lines
    from classroom.record.report import turn_text
    from classroom.web.analysis import Analyses
    from classroom.web.searches import Searches

    record, game = dealt_game()
    searches = Searches(2)
    try:
        analyses = Analyses(searches)
        lines, working = analyses.shown(record, game, wait=120)
        assert working is None
        assert list(lines) == analysis_lines(analyse(game), turn_text, numbered=True)
        assert lines[2].startswith("   1  ") and lines[13].startswith("  12  ")
        started = searches.started
        assert analyses.shown(record, game) == (lines, None) and searches.started == started
    finally:
        searches.close()
