"""`-` read as RULES §11 writes it, in every reader: glued to a digit at the start of a side or
right after an operation or `=` it is a negative tile; every other `-` is subtraction. And every
Advanced line the tool prints (the solver's answers, a key's answers, a play as a record writes
it, on screen or on paper) reads back to the same tiles."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.errors import ClassroomError
from classroom.game.board import Board
from classroom.game.notation import parse_play, placements
from classroom.game.plays import make_play, record_notation
from classroom.game.symbols import BLANK, display_text, parse_hand, parse_written, write
from classroom.game.tilesets import load_level
from classroom.make.keys import boardless_item
from classroom.make.trueornot import trueornot_item
from classroom.record.grammar import read_record, read_turn
from classroom.record.replay import replay
from classroom.solve.boardless import solve

ADVANCED = load_level("advanced")
runner = CliRunner()


@pytest.mark.parametrize("text, tiles", [
    ("3 -2 = 1", ("3", "-", "2", "=", "1")),  # the line: after a number, subtraction
    ("3-2 = 1", ("3", "-", "2", "=", "1")),
    ("-3 = 1 -4", ("-3", "=", "1", "-", "4")),
    ("1/2 -2 = -3 ÷ 2", ("1/2", "-", "2", "=", "-3", "÷", "2")),
    ("5^2 -5 = 20", ("5^2", "-", "5", "=", "2", "0")),
    ("?5 -2 = 3", ("?5", "-", "2", "=", "3")),
    ("5 - -2 = 7", ("5", "-", "-2", "=", "7")),
    ("5 --2 = 7", ("5", "-", "-2", "=", "7")),  # right after an operation, even glued to it
    ("3 × -2 = -6", ("3", "×", "-2", "=", "-6")),
    ("-6=3×-2", ("-6", "=", "3", "×", "-2")),
    ("−6 = 3 × −2", ("-6", "=", "3", "×", "-2")),  # typographic minus, as printed on paper
])
def test_a_minus_is_a_negative_tile_only_where_rules_say(text, tiles):
    """RULES §11 Text notation, with the Advanced set: the place decides, not the space."""
    assert parse_written(text, negatives=True) == tiles


@pytest.mark.parametrize("tiles, text", [
    (("1", "×", "3", "-6", "=", "6^2"), "1 × 3 (-6) = 6^2"),
    (("1", "8", "=", "1", "?-9", "3/3", "-", "2"), "18 = 1 (?-9) 3/3 - 2"),
    (("3", "-6", "5", "=", "1"), "3 (-6)5 = 1"),
])
def test_a_negative_tile_inside_a_number_is_written_in_brackets(tiles, text):
    """The one line §11's notation cannot write, a negative tile after a tile of its number (a
    True or not? sheet's mistake), is written '3 (-6)' and reads back the same; the checker
    then names the mistake. Every other bracket is still refused."""
    assert write(tiles) == text and parse_written(text, negatives=True) == tiles
    assert parse_written(display_text(text), negatives=True) == tiles
    result = runner.invoke(app, ["check", display_text(write(("3", "-6", "=", "3", "6"))), "--level", "advanced"])
    assert result.exit_code == 1 and "3 (-6): a negative tile starts a number" in result.stdout
    with pytest.raises(ClassroomError, match="no brackets"):
        parse_written("(4 + 2) × 3 = 18", negatives=True)


def test_hands_keep_the_tile_reading():
    """In a hand every tile stands alone: '-2' is the negative tile, a lone '-' the operation."""
    assert parse_hand("3 -2 - 4", negatives=True) == ("3", "-2", "-", "4")


@pytest.mark.parametrize("equation", ["3 -2 = 1", "10 -4 = 6", "2 - 5 = -3", "4 -6 = -2"])
def test_check_command_reads_subtraction(equation):
    """`classroom check "3 -2 = 1" --level advanced` is valid (it was read as 3 then the tile −2)."""
    result = runner.invoke(app, ["check", equation, "--level", "advanced"])
    assert result.exit_code == 0 and result.stdout.startswith("valid"), result.output


def test_record_play_reads_subtraction():
    """A record's play in Advanced notation reads the same way: '3 -2 = 1' is 3 − 2 = 1."""
    record = read_record("#equate game\n#tiles advanced\n#players Red, Blue\nRed: J10 across 3 -2 = 1\n")
    game = replay(record)
    assert game.turns[0].notation == "J10 across 3 - 2 = 1" and game.turns[0].kind == "play"
    typed = read_turn("Blue: N10 down 1 - -2 = 3", record)
    assert replay(record.adding(typed)).turns[-1].notation == "N10 down 1 - -2 = 3"


TILES = sorted(t for t in ADVANCED.bag if t != BLANK)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(TILES), min_size=3, max_size=7), st.booleans())
def test_every_printed_advanced_line_reads_back(hand, blank):
    """Every answer the solver finds for an Advanced hand, as the key prints it (its text, its
    blanks marked, with the typographic minus of paper) and as a record writes the play placed
    on the board, reads back to the same tiles."""
    hand = tuple(hand) + ((BLANK,) if blank else ())
    solution = solve(hand, ADVANCED)
    item = boardless_item("a1", hand, ADVANCED, solution)
    for answer, keyed in zip(solution.answers[:200], item.answers):
        symbols = answer.symbols
        for printed in (answer.text, display_text(answer.text), keyed.text, write(symbols)):
            assert parse_written(printed, negatives=True) == symbols, printed
        marked = answer.tiles or answer.symbols
        for printed in (answer.marked, display_text(answer.marked)):
            assert parse_written(printed, negatives=True) == marked, printed
        if len(marked) <= 10:  # from J10 across: fits the board and covers the centre square
            written = parse_play(f"J10 across {answer.marked}", negatives=True)
            new, reason = placements(Board(), written)
            assert reason is None
            notation = record_notation(Board(), make_play(new, written.direction))
            assert parse_play(notation, negatives=True).tiles == marked, notation
            assert parse_play(display_text(notation), negatives=True).tiles == marked, notation


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=10**6))
def test_every_true_or_not_line_reads_back(seed):
    """An Advanced True or not? sheet's lines, true and false (a negative tile inside a number
    among its mistakes), as printed and on paper, read back to the same tiles."""
    import random

    item = trueornot_item("t1", ADVANCED, random.Random(seed), 8, seed % 11)
    for line in item.lines:
        for printed in (write(line.symbols), display_text(write(line.symbols))):
            assert parse_written(printed, negatives=True) == line.symbols, printed
