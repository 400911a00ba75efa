"""Duplicate games (classroom.record.duplicate, `game new --mode duplicate`, `game play`,
`game round`): every participant plays the same rack on the same board, each play is scored as a
contest play (an illegal one scores 0 with its reason), the engine's top play goes on the board,
standings are points and percent of the top; the same seed gives the same game."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.errors import ClassroomError
from classroom.game.plays import record_notation
from classroom.record.duplicate import close_round, new_duplicate, replay_duplicate
from classroom.record.grammar import read_record, record_text
from classroom.solve.board.position import Position

runner = CliRunner()


def plays_for(path) -> str:
    """Return a plays file for the open round: Ana the engine's second-best play, Ben a play that
    breaks a rule, Cy the best play."""
    game = replay_duplicate(read_record(path.read_text("utf-8")))
    current = game.current
    top = Position(current.board, current.rack, game.tileset).top(2)
    second = top[-1]
    return (f"Ana: {record_notation(current.board, second.play)}\n"
            f"Ben: J10 across 1 + 1 = 3\n"
            f"Cy: {record_notation(current.board, top[0].play)}\n")


def play_game(tmp_path, name: str, rounds: int = 12, again: bool = False) -> str:
    """Deal a seeded Junior duplicate game for three and play `rounds` rounds from plays files
    (written for each round, or, `again`, the files an earlier game of the same seed wrote)."""
    path = tmp_path / name
    result = runner.invoke(app, ["game", "new", str(path), "--mode", "duplicate", "--players", "Ana, Ben, Cy",
                                 "--seed", "4", "--level", "junior"])
    assert result.exit_code == 0, result.output
    for number in range(rounds):
        plays = tmp_path / f"plays-{number}.txt"
        if not again:
            plays.write_text(plays_for(path), encoding="utf-8")
        assert runner.invoke(app, ["game", "play", str(path), "--file", str(plays)]).exit_code == 0
        result = runner.invoke(app, ["game", "round", str(path)])
        assert result.exit_code == 0, result.output
    return path.read_text("utf-8")


def test_twelve_rounds_standings_and_top_plays(tmp_path):
    """Twelve rounds for three participants: each round has a top play on the board, Cy (who
    plays the top) has 100%, Ana less, Ben's illegal plays score 0 with their reason; the same
    seed deals the same game."""
    text = play_game(tmp_path, "a.txt")
    game = replay_duplicate(read_record(text))
    closed = [r for r in game.rounds if r.closed]
    assert len(closed) == 12
    assert all("Cy" in r.found for r in closed)
    assert all(r.entry("Ben").score == 0 and "J10" not in (r.entry("Ben").notation or "") for r in closed)
    assert all(r.entry("Ben").reason for r in closed)
    standings = {s.player: s for s in game.standings}
    assert standings["Cy"].points == game.top_total and standings["Cy"].percent == 100.0
    assert standings["Cy"].rank == 1 and standings["Ben"].points == 0 and standings["Ben"].rank == 3
    assert 0 < standings["Ana"].percent <= 100.0
    # The same plays sent again: what is under test is that the seed deals the same racks and
    # each round the same top play (a rack dealt otherwise makes a sent play illegal, scored 0).
    assert text == play_game(tmp_path, "b.txt", again=True)
    data = runner.invoke(app, ["game", "score", str(tmp_path / "a.txt"), "--json"])
    assert data.exit_code == 0 and '"standings"' in data.output and '"top_total"' in data.output


def test_round_racks_keep_what_is_left_and_draw_from_the_pile():
    """Each round's rack holds the last rack's tiles that the top play did not use."""
    record = new_duplicate(("Ana", "Ben"), "junior", 9)
    for _ in range(3):
        record, game = close_round(record)
    rounds = game.rounds
    for before, after in zip(rounds, rounds[1:]):
        placed = Counter(t for t in after.board.tiles.values()) - Counter(before.board.tiles.values())
        placed = Counter({t: n for t, n in placed.items() if t != "="})
        assert not (Counter(before.rack) - placed) - Counter(after.rack)


@pytest.mark.parametrize("body, words", [
    ("Ana: pass\n", "comes inside a round"),
    ("round 1 [1 2 3]\nAna: withdrawn\n", "Ana has no play in round 1 to take back"),
    ("round 1 [1 2 3]\nAna: pass\nAna: withdrawn\nAna: withdrawn\n", "Ana has no play in round 1 to take back"),
    ("round 1 [1 2 3]\nDee: pass\n", "'Dee' is not a player"),
    ("round 2 [1 2 3]\n", "this is round 1, not round 2"),
    ("round 1 [1 2 3]\nround 2 [1 2 3]\n", "has no top play yet"),
    ("round 1 [1 2 3]\ntop: J10 across 1 + 2 = 4\n", "the top play"),
    ("round 1 [1 2 3]\nAna: trade 1\n", "no trades"),
    ("round 1 [? ? ? ?]\n", "more ? than the pile holds"),
])
def test_bad_duplicate_lines_are_refused(body, words):
    """A line that breaks the grammar of rounds is refused, naming its line."""
    text = "#equate game\n#mode duplicate\n#players Ana, Ben\n" + body
    with pytest.raises(ClassroomError, match=re.escape(words)):
        replay_duplicate(read_record(text))


def test_illegal_participant_play_scores_zero_with_its_reason():
    """A participant's illegal play is kept in the round with its reason and scores 0."""
    text = "#equate game\n#mode duplicate\n#players Ana, Ben\nround 1 [1 2 3 +]\nAna: J10 across 1 + 2 = 3\nBen: J10 across 1 + 1 = 3\n"
    game = replay_duplicate(read_record(text))
    ana, ben = game.current.entries
    assert ana.reason is None and ana.score > 0
    assert ben.score == 0 and "differ" in ben.reason


def test_a_later_line_replaces_an_entry_and_withdrawn_takes_it_back(tmp_path):
    """A participant's second line in the open round replaces their entry, `NAME: withdrawn`
    takes it back; `game score --json` replays the record the same way; one batch naming a
    participant twice is refused and the record keeps its bytes."""
    import json

    path = tmp_path / "d.txt"
    path.write_text(record_text(new_duplicate(("Ana", "Ben"), "junior", 2)), encoding="utf-8")
    game = replay_duplicate(read_record(path.read_text("utf-8")))
    best = Position(game.current.board, game.current.rack, game.tileset).best()[0]
    top = record_notation(game.current.board, best.play)
    for turn in ("Ana: pass", f"Ana: {top}", "Ben: pass", "Ben: withdrawn"):
        result = runner.invoke(app, ["game", "play", str(path), turn])
        assert result.exit_code == 0, result.output
    game = replay_duplicate(read_record(path.read_text("utf-8")))
    (ana,) = game.current.entries
    assert ana.player == "Ana" and ana.score == best.score
    assert [s.points for s in game.standings] == [0, 0]  # an open round counts for nobody yet
    assert runner.invoke(app, ["game", "round", str(path)]).exit_code == 0
    data = json.loads(runner.invoke(app, ["game", "score", str(path), "--json"]).output)
    assert [(p["player"], p["score"]) for p in data["rounds"][0]["plays"]] == [("Ana", best.score)]
    assert {s["player"]: (s["points"], s["percent"]) for s in data["standings"]} == {
        "Ana": (best.score, 100.0), "Ben": (0, 0.0)}
    before = path.read_bytes()
    plays = tmp_path / "plays.txt"
    plays.write_text("Ana: pass\nAna: pass\n", encoding="utf-8")
    result = runner.invoke(app, ["game", "play", str(path), "--file", str(plays)])
    assert result.exit_code == 2 and "two plays at once" in result.output
    assert path.read_bytes() == before


def test_standings_count_closed_rounds_only():
    """While a round is open its entries add nothing to the standings, so no percent of the top
    can pass 100 (an open round's points over the closed rounds' top total)."""
    record = new_duplicate(("Ana", "Ben"), "junior", 5)
    game = replay_duplicate(record)
    best = Position(game.current.board, game.current.rack, game.tileset).best()[0]
    top = record_notation(game.current.board, best.play)
    record, game = close_round(record.adding(read_record(record_text(record) + f"Ana: {top}\n").lines[-1]))
    assert {s.player: s.points for s in game.standings} == {"Ana": best.score, "Ben": 0}
    current = game.current
    second = Position(current.board, current.rack, game.tileset).best()[0]
    text = record_text(record) + f"Ben: {record_notation(current.board, second.play)}\n"
    game = replay_duplicate(read_record(text))
    assert {s.player: s.points for s in game.standings} == {"Ana": best.score, "Ben": 0}
    assert all(s.percent is None or s.percent <= 100.0 for s in game.standings)


def test_docs_examples_replay():
    """Every record docs/records.md shows in full replays as written."""
    from pathlib import Path

    from classroom.record.replay import replay

    docs = (Path(__file__).resolve().parent.parent / "docs" / "records.md").read_text("utf-8")
    shown = [block for block in docs.split("```")[1::2] if block.lstrip().startswith("#equate game")]
    assert len(shown) >= 2
    for block in shown:
        record = read_record(block.strip() + "\n")
        game = replay_duplicate(record) if record.header.mode == "duplicate" else replay(record)
        assert game.rounds if record.header.mode == "duplicate" else game.turns


def test_print_round_sheets_and_results(tmp_path):
    """`game print` of a duplicate game writes one round sheet a round (its rack on it) and the
    results with the standings; the same record gives byte-identical PDFs; nothing runs off the page."""
    from pdftext import chunks, outside

    record = new_duplicate(("Ana", "Ben"), "junior", 9)
    record, game = close_round(record)
    path = tmp_path / "d.txt"
    path.write_text(record_text(record), encoding="utf-8")
    for out in ("one", "two"):
        result = runner.invoke(app, ["game", "print", str(path), "--out", str(tmp_path / out)])
        assert result.exit_code == 0, result.output
    for name in ("rounds.pdf", "results.pdf"):
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes()
        assert outside(tmp_path / "one" / name) == []
    pages = chunks(tmp_path / "one" / "rounds.pdf")
    assert len(pages) == len(game.rounds) == 2
    assert "Duplicate round 2" in " ".join(c.text for c in pages[1])
    results = " ".join(c.text for page in chunks(tmp_path / "one" / "results.pdf") for c in page)
    assert "Standings after 1 round" in results and game.rounds[0].top.split()[0] in results
