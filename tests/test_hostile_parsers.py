"""Property tests: whatever string a person types or a file holds, the parsers answer with a
value or a ClassroomError, never another exception."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from classroom.errors import ClassroomError
from classroom.game.board import parse_board
from classroom.game.symbols import MAX_HAND, parse_hand, parse_written, tokenize
from classroom.game.tilesets import parse_tileset

FAST = settings(max_examples=75, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Text close to the notation finds more paths than random unicode alone.
PIECES = ["1", "2", "0", "7/4", "3/8", "12/34", "?", "?5", "?=", "+", "-", "−", "×", "x", "*", ":",
          "÷", "/", "=", " ", ",", "\t", "\n", ".", "#", "a", "é", "\udcff", "\x00", "\ufeff", "٣"]
typed = st.one_of(st.text(max_size=60), st.lists(st.sampled_from(PIECES), max_size=40).map("".join))


def answers(parse, text):
    """Return parse(text), or None when it raised a ClassroomError (anything else fails)."""
    try:
        return parse(text)
    except ClassroomError:
        return None


@FAST
@given(typed)
def test_parse_hand_answers_or_refuses(text):
    """parse_hand: at most nine tiles, or a ClassroomError."""
    hand = answers(parse_hand, text)
    assert hand is None or 1 <= len(hand) <= MAX_HAND


@FAST
@given(typed)
def test_parse_written_answers_or_refuses(text):
    """parse_written: a tuple of tiles, or a ClassroomError."""
    tiles = answers(parse_written, text)
    assert tiles is None or isinstance(tiles, tuple)


@FAST
@given(typed)
def test_tokenize_answers_or_refuses(text):
    """tokenize: tokens, none of them blank space, or a ClassroomError."""
    tokens = answers(tokenize, text)
    assert tokens is None or all(t.strip() == t and t for t in tokens)


ROW = " ".join(["."] * 19)
cells = st.one_of(st.sampled_from([".", "1", "2", "=", "+", "?5", "?", "7/4", "a", "12", "?=", "-"]),
                  st.text(min_size=1, max_size=4).filter(lambda t: not any(c.isspace() for c in t)))
boards = st.one_of(
    st.text(max_size=400),
    st.lists(st.lists(cells, min_size=17, max_size=20).map(" ".join), min_size=17, max_size=21)
    .map("\n".join),
    st.lists(st.sampled_from([ROW, ROW, ROW, "# note", "", ". " * 19, "\ufeff" + ROW]), max_size=22)
    .map("\n".join),
)


@FAST
@given(boards)
def test_parse_board_answers_or_refuses(text):
    """parse_board: a board, or a ClassroomError naming the line and cell."""
    answers(lambda t: parse_board(t, "board.txt"), text)


entries = st.one_of(
    st.fixed_dictionaries({"count": st.integers(-5, 10 ** 8), "score": st.integers(-5, 10 ** 8)}),
    st.fixed_dictionaries({"count": st.booleans() | st.floats() | st.text(max_size=3),
                           "score": st.integers(0, 9)}),
    st.dictionaries(st.sampled_from(["count", "score", "x"]), st.integers(0, 9), max_size=3),
    st.integers() | st.text(max_size=5),
)


def toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value) if value == value and abs(value) != float("inf") else "nan"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + "}"
    return str(value)


tile_sets = st.one_of(
    st.text(max_size=200),
    st.dictionaries(st.sampled_from(["1", "2", "+", "?", "=", "7/4", "A", "0", "-", "×"]), entries,
                    max_size=6).map(lambda tiles: "[tiles]\n" + "".join(
                        f'"{s}" = {toml_value(e)}\n' for s, e in tiles.items())),
)


@FAST
@given(tile_sets, st.text(max_size=30))
def test_parse_tileset_answers_or_refuses(text, name):
    """parse_tileset: a tile set with sane counts, or a ClassroomError."""
    tileset = answers(lambda t: parse_tileset(t, name or "x.toml"), text)
    assert tileset is None or all(0 <= n <= 1000 for _, n in tileset.counts)


@pytest.mark.parametrize("text", ["\ufeff1 2", "1\x002", "\udcff", "?" * 10, "7/4" * 200])
def test_known_awkward_strings(text):
    """A few strings found awkward by hand: each answers or is refused."""
    for parse in (parse_hand, parse_written, tokenize):
        answers(parse, text)
