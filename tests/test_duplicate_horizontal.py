"""Duplicate games played horizontally (`#play horizontal`, RULES §10 and §12): each entry is
judged under horizontal play, the round's top play is horizontal play's best (checked against
the brute force of tests/test_horizontal_engine.py on small racks), a game dealt by rounds to its
end keeps every equation apart, and `game new --mode duplicate --play horizontal` makes one."""

from __future__ import annotations

from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.game.board import Board, Direction, Placement
from classroom.game.horizontal import HORIZONTAL, why_not_horizontal
from classroom.game.plays import Play, make_play, score
from classroom.game.tilesets import load_level
from classroom.record.duplicate import close_round, replay_duplicate
from classroom.record.grammar import read_record, record_text
from tests.test_game_print import rows
from tests.test_horizontal import across, apart
from tests.test_horizontal_engine import brute_force

ADD = load_level("add-subtract")
HEAD = "#equate game\n#tiles add-subtract\n#mode duplicate\n#players Ana, Ben\n#play horizontal\n"


def closed(text: str) -> str:
    """Return the record's text with its open round closed by the engine (its top line), and
    the next round the tool deals left off, so the test writes its own small rack."""
    record, _ = close_round(read_record(text))
    kept = record_text(record).splitlines()
    last_top = max(i for i, line in enumerate(kept) if line.startswith("top:"))
    return "\n".join(kept[:last_top + 1]) + "\n"


def placed(before: Board, after: Board) -> Play:
    """Return the play that took the board from `before` to `after` (a top play, across)."""
    new = sorted(after.tiles.keys() - before.tiles.keys())
    return make_play(tuple(Placement(square, after.tiles[square]) for square in new), Direction.ACROSS)


def test_the_top_play_is_the_brute_forces_best_under_horizontal_play():
    """Round by round on small racks the top play the engine puts down scores the most any
    horizontal play of the rack scores by the brute force, and touches no tile of the board."""
    text = closed(HEAD + "round 1 [1 2 3 + 5]\n")
    text = closed(text + "round 2 [" + " ".join(left(text)) + " 4 − 3 1]\n")
    text = closed(text + "round 3 [" + " ".join(left(text)) + " 2 + 4 6]\n")
    game = replay_duplicate(read_record(text))
    assert len(game.rounds) == 3 and all(r.closed for r in game.rounds)
    boards = [r.board for r in game.rounds] + [game.board]
    for number, played in enumerate(game.rounds):
        expected = brute_force(played.board, played.rack, ADD)
        assert played.top_score == max(expected.values()), number + 1
        top = placed(played.board, boards[number + 1])
        assert expected[top] == played.top_score and why_not_horizontal(played.board, top, ADD) is None
    assert apart(game.board, [placed(b, a) for b, a in zip(boards, boards[1:])])


def left(text: str) -> list[str]:
    """Return the open record's last rack without the tiles its top play put down."""
    game = replay_duplicate(read_record(text))
    last = game.rounds[-1]
    rest = list(last.rack)
    for tile in placed(last.board, game.board).placements:
        if tile.tile != "=":
            rest.remove(tile.tile)
    return rest


def test_entries_are_judged_under_horizontal_play():
    """A participant's play anywhere that touches no tile scores as any play on its squares; one
    next to a tile, or reading down, scores 0 with horizontal play's reason."""
    text = HEAD + "round 1 [1 2 3 + 5 4]\ntop: C5 across 3 + 1 = 4\nround 2 [2 5 + 3 1 2]\n"
    game = replay_duplicate(read_record(text + "Ana: K15 across 2 + 3 = 5\nBen: C6 across 2 + 3 = 5\n"))
    ana, ben = game.current.entries
    assert ana.reason is None and ana.score == score(game.board, across("K15", "2 + 3 = 5"), ADD).total > 0
    assert ben.score == 0 and ben.reason == ("under horizontal play no tile goes next to a tile already on the board, "
                                             "and C6 is next to the 3 on C5")
    down = replay_duplicate(read_record(text + "Ana: K15 down 2 + 3 = 5\n")).current.entries[0]
    assert down.score == 0 and down.reason == "under horizontal play every equation reads across, not down"
    assert "not legal" in str(_refused(text + "top: C6 across 2 + 3 = 5\n"))


def _refused(text: str) -> Exception:
    try:
        replay_duplicate(read_record(text))
    except Exception as error:  # noqa: BLE001  (the test reads its sentence)
        return error
    raise AssertionError("the record replayed")


def test_a_horizontal_duplicate_game_dealt_to_its_end(tmp_path):
    """`game new --mode duplicate --play horizontal` writes '#play horizontal' and round 1;
    `game round` closes rounds until no rack plays: every top play one equation across touching
    no other, and the record replays to the same standings."""
    path = tmp_path / "d.txt"
    made = CliRunner().invoke(app, ["game", "new", str(path), "--mode", "duplicate", "--players", "Ana, Ben",
                                    "--level", "add-subtract", "--seed", "3", "--play", "horizontal"])
    assert made.exit_code == 0, made.output
    assert "#play horizontal\n" in path.read_text("utf-8")
    for _ in range(60):
        game = replay_duplicate(read_record(path.read_text("utf-8")))
        if game.ended:
            break
        done = CliRunner().invoke(app, ["game", "round", str(path)])
        assert done.exit_code == 0, done.output
    game = replay_duplicate(read_record(path.read_text("utf-8")))
    assert game.ended and game.record.header.play == HORIZONTAL and len(game.rounds) >= 8
    boards = [r.board for r in game.rounds] + [game.board]
    tops = [placed(b, a) for b, a in zip(boards, boards[1:])]
    assert all(why_not_horizontal(r.board, top, ADD) is None for r, top in zip(game.rounds, tops))
    assert apart(game.board, tops)


def test_the_round_sheets_and_results_say_the_play_is_horizontal(tmp_path):
    """A horizontal duplicate game's round sheets tell the players its rule (across only, apart
    from every tile on the board) and its results name it; a crossword game's say neither."""
    for play, said in (("horizontal", True), ("crossword", False)):
        path = tmp_path / f"{play}.txt"
        made = CliRunner().invoke(app, ["game", "new", str(path), "--mode", "duplicate", "--players", "Ana, Ben",
                                        "--level", "add-subtract", "--seed", "3", "--play", play])
        assert made.exit_code == 0, made.output
        assert CliRunner().invoke(app, ["game", "round", str(path)]).exit_code == 0
        printed = CliRunner().invoke(app, ["game", "print", str(path), "--out", str(tmp_path / play)])
        assert printed.exit_code == 0, printed.output
        rounds = " ".join(rows(tmp_path / play / "rounds.pdf"))
        results = " ".join(rows(tmp_path / play / "results.pdf"))
        assert ("horizontal play" in rounds and "horizontal play" in results) == said
        assert ("no tile of it next to a tile already on the board" in rounds) == said
        assert ("across or down" in rounds) != said


def test_the_pages_form_makes_a_horizontal_duplicate_game(client, library):
    """The new-game form's Plays makes a duplicate game horizontal; its projector says so."""
    answer = client.post("/games", data={"mode": "duplicate", "players": "Ana, Ben", "level": "add-subtract",
                                         "seed": "3", "play": "horizontal", "name": "dh"})
    assert answer.status_code == 200, answer.text
    assert "#play horizontal\n" in (library / "games" / "dh.txt").read_text("utf-8")
    assert "· duplicate · add-subtract · horizontal play" in answer.text
