"""Boards a class would make (issues 39 and 40): a simulated game is a record dealt as `game new`
deals, that `classroom game` reads; the class player's boards and a contest's winning plays keep
to the level's taste (no Number longer than the level writes, no zero trick); the engine's own
player stays on request; a search that keeps only some plays finds the best of those."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.game.board import Board, Direction, Placement, parse_board, parse_square
from classroom.game.plays import main_run
from classroom.game.taste import digits, is_zero_padding, is_zero_trick, numbers_in
from classroom.game.tilesets import load_level
from classroom.make.sets import item_rng
from classroom.make.simulated import board_strings, boards_of, class_player, play_misfit, simulate, taste_filter
from classroom.make.situation_rules import SituationRules
from classroom.make.situations import find_situation
from classroom.record.deal import new_game, play_turn
from classroom.record.grammar import Turn, read_record, record_text
from classroom.record.replay import replay
from classroom.solve.board.position import Candidate, Position
from tests.positions import play, position

runner = CliRunner()


def longest(line: list[str]) -> int:
    """Return the most digits of a Number in a line of tiles."""
    return max((digits(n) for n in numbers_in(line)), default=0)


# Seeds whose situation is found in seconds (junior 1 took 13 s, original 1 9 s); junior 6's
# board and winning play hold a 2-digit Number and three lines with a 0, original 4's a 3-digit
# Number on the board and two lines with a 0: each reaches its level's largest Number.
@pytest.mark.parametrize("level, seed, largest", [("junior", 6, 2), ("junior", 2, 2), ("original", 4, 3)])
def test_situations_keep_to_the_level_taste(level, seed, largest):
    """The first situation of a seed, as `classroom situations --level L --seed S` makes it: no
    Number on the board longer than the level writes (2 digits at Junior, 3 at Original), no zero
    trick and no 0 added or taken away on it, and every winning play keeps to it too."""
    tileset = load_level(level)
    situation = find_situation(tileset, item_rng(seed, "situations", 1), SituationRules())
    board = situation.board
    assert all(longest(line) <= largest and not is_zero_trick(line) and not is_zero_padding(line)
               for line in board_strings(board))
    winners = [c for c in situation.plays if c.score == situation.plays[0].score]
    for candidate in winners:
        line = [board.place(candidate.play.placements).tile(s) for s in main_run(board, candidate.play)]
        assert longest(line) <= largest and not is_zero_trick(line), line


@pytest.mark.parametrize("line, padded", [
    ("4 = 0 + 8 3 - 7 9", True), ("6 - 0 = 6", True), ("3/2 = 0 + 6 4 ÷ 8 - 6 1/2", True),
    ("0 = 8 - 8", False), ("1 0 = 5 + 5", False), ("5 = 5 - 0 × 9", False), ("0 = 0", False),
])
def test_zero_padding_is_a_0_added_or_taken_away(line, padded):
    """A 0 standing alone beside other terms pads a side; a 0 in a Number, a side that is 0
    alone, or a zero trick (taste.is_zero_trick's business) is no padding."""
    assert is_zero_padding(line.split()) is padded


def test_a_simulated_game_is_dealt_as_game_new_deals_it():
    """The record of a simulated game is what `game new --seed S` and `game play` of its turns
    write, line for line: the same first racks, the same refills, the same board."""
    game = simulate(load_level("junior"), random.Random(5), 4, player=class_player(load_level("junior")))
    header = game.record.header
    record = new_game("teams", header.players, "junior", header.seed)
    for line in game.record.lines:
        if isinstance(line, Turn):
            record, again = play_turn(record, line)
    assert record_text(record) == record_text(game.record)
    assert again.board == game.board and sum(t.kind == "play" for t in game.turns) == 4


def test_a_situation_board_comes_with_the_record_game_commands_read(tmp_path):
    """A situations run writes each board's game record beside the sheets and names it in the
    manifest; it replays to the printed board, names the situation and its hand, and
    `classroom game score` and `game print` take it."""
    out = tmp_path / "run"
    # One play on the board: its record and what the game commands make of it are under test.
    made = runner.invoke(app, ["situations", "--count", "1", "--plays", "1", "--seed", "4", "--level", "junior",
                               "--key", "none", "--out", str(out)])
    assert made.exit_code == 0, made.output
    item = json.loads((out / "manifest.json").read_text("utf-8"))["items"][0]
    path = out / item["game"]
    text = path.read_text("utf-8")
    assert replay(read_record(text)).board == parse_board(item["grid"])
    assert f"#note Board Situation {item['id']}" in text and " ".join(item["hand"]) in text
    score = runner.invoke(app, ["game", "score", str(path)])
    printed = runner.invoke(app, ["game", "print", str(path), "--out", str(tmp_path / "sheet")])
    assert score.exit_code == 0 and "Red" in score.output, score.output
    assert printed.exit_code == 0 and list((tmp_path / "sheet").glob("*.pdf")), printed.output


def test_the_engine_player_is_kept_on_request():
    """`--player engine` is a rule a situation set takes; anything else is refused in one sentence."""
    SituationRules(player="engine").check()
    result = runner.invoke(app, ["situations", "--player", "robot", "--count", "1"])
    assert result.exit_code == 2 and "who plays the boards' games (--player) is class or engine, not 'robot'" in result.output


@pytest.mark.parametrize("hand", [("1", "2", "3", "4", "+", "="), ("0", "5", "5", "×", "-", "=")])
def test_a_search_keeping_some_plays_finds_the_best_of_those(hand):
    """Position.top with `keep` and no budget returns exactly the best plays kept, in order."""
    board = position("H10", "1 + 2 = 3")
    tileset = load_level("original")
    keep = lambda c: c.play.tiles_used <= 3  # noqa: E731
    everything = Position(board, hand, tileset).all()
    assert Position(board, hand, tileset).top(5, None, keep=keep) == [c for c in everything if keep(c)][:5]


@pytest.mark.parametrize("level, seed", [("junior", 3), ("original", 4)])
def test_the_taste_filter_answers_as_play_misfit_on_every_play(level, seed):
    """The class player's filter (`taste_filter`, strings read once) keeps exactly the plays
    `play_misfit` finds nothing wrong with: every play of a six-tile hand with a 0, on the
    boards of a class game (main strings through old tiles, cross strings beside them)."""
    tileset = load_level(level)
    rng = random.Random(seed)
    game = simulate(tileset, rng, 6, player=class_player(tileset))
    kept = refused = 0
    for board in boards_of(game)[3:5]:
        hand = ("0", "1", "2", "×", "-", "+")
        taste_fits = taste_filter(board, tileset.taste)
        for candidate in Position(board, hand, tileset).all():
            fits = play_misfit(board, candidate.play, tileset.taste) is None
            assert taste_fits(candidate) is fits, candidate
            kept, refused = kept + fits, refused + (not fits)
    assert kept > 20 and refused > 20  # both answers were asked for, many times


@pytest.mark.parametrize("direction, tiles, fits", [
    (Direction.ACROSS, ("A11=5", "B11==", "C11=5"), False),  # its 5 ends 0 = 0 × 5 down column A
    (Direction.ACROSS, ("A13=5", "B13==", "C13=5"), True),  # the same play clear of it
    (Direction.DOWN, ("F7=1", "F8==", "F9=1", "F11=2"), False),  # 1 = 122 through the old 2
    (Direction.DOWN, ("F8=1", "F9==", "F11=2"), True),  # 1 = 22 through it: two digits
])
def test_the_taste_filter_reads_cross_strings_and_old_tiles(direction, tiles, fits):
    """On a board holding `0 = 0 ×` down column A and a 2 at F10, the filter answers as
    play_misfit: a tile that ends a zero trick across it is refused, and so is a Number grown
    past Junior's two digits through an old tile; plays clear of both are kept."""
    board = Board().place([Placement(parse_square(s), t) for s, t in
                           (("A7", "0"), ("A8", "="), ("A9", "0"), ("A10", "×"), ("F10", "2"))])
    taste = load_level("junior").taste
    candidate = Candidate(0, play(direction, *tiles))
    assert (play_misfit(board, candidate.play, taste) is None) is fits
    assert taste_filter(board, taste)(candidate) is fits
