"""The Advanced Tile Set (RULES §11): negative tiles, exponent tiles and negative values, in the
data, the notation, the checker, the boardless solver and the board search."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.errors import ClassroomError
from classroom.game.arithmetic import Illegal, equation_value, evaluate, number_value
from classroom.game.bag import draw
from classroom.game.board import Board, Placement, check_board, parse_board
from classroom.game.symbols import display, parse_hand, parse_written, write
from classroom.game.tilesets import load_level
from classroom.make.simulated import simulate
from classroom.solve.board.position import Position, searchable
from classroom.solve.boardless import check, solve, symbols_of
from tests.reference_board import reference_plays
from tests.reference_boardless import brute_force
from tests.test_movegen import as_keys

ADVANCED = load_level("advanced")
ORIGINAL = load_level("original")
RULES = ADVANCED.rules
NEW_TILES = sorted(t for t in ADVANCED.bag if t[:1] == "-" and len(t) == 2 or "^" in t)
runner = CliRunner()


# --- the data -------------------------------------------------------------------------------

@pytest.mark.parametrize("symbols, count, score", [
    (("-1", "-2", "-3"), 2, 2),
    (("-4", "-5", "-6", "-7", "-8", "-9"), 1, 3),
    (("2^2", "3^2", "4^2", "5^2"), 1, 3),
    (("6^2", "7^2", "8^2", "9^2"), 1, 4),
    (("2^3", "3^3"), 1, 5),
])
def test_new_tiles_have_the_counts_and_scores_of_section_11(symbols, count, score):
    """Each negative and exponent tile: the count and score of RULES §11's table."""
    for symbol in symbols:
        assert (ADVANCED.count[symbol], ADVANCED.score[symbol]) == (count, score)


def test_the_box_holds_190_tiles_like_the_original():
    """190 tiles: 40 =, 103 number tiles (57 digits), 44 operations, 3 blanks; old scores kept."""
    count = ADVANCED.count
    digits = [count[d] for d in "0123456789"]
    assert digits == [6, 7, 7, 7, 6, 6, 5, 5, 4, 4]
    assert sum(count.values()) == 190 and count["="] == 40 and count["?"] == 3
    assert sum(count[s] for s in "+-×÷") == 44
    assert sum(n for s, n in count.items() if s not in "+-×÷=?") == 103
    for symbol, score in ORIGINAL.score.items():
        assert ADVANCED.score[symbol] == score
    fractions = [s for s in ORIGINAL.count if "/" in s]
    assert [ADVANCED.count[f] for f in fractions] == [ORIGINAL.count[f] for f in fractions]


def test_the_kinds_of_tile_switch_the_rules_on():
    """Negative tiles in a set allow negative values; the other shipped sets keep the Original's."""
    assert RULES.negatives and RULES.exponents
    for level in ("original", "junior", "no-fractions", "add-subtract"):
        rules = load_level(level).rules
        assert not rules.negatives and not rules.exponents
    assert set(ADVANCED.blank_symbols) >= {"-1", "-9", "2^2", "3^3"}


# --- notation -------------------------------------------------------------------------------

@pytest.mark.parametrize("text, negatives, tiles", [
    ("-2 4 = 3 × -8", True, ("-2", "4", "=", "3", "×", "-8")),
    ("-24=3×-8", True, ("-2", "4", "=", "3", "×", "-8")),
    ("1 5^2 = 225", True, ("1", "5^2", "=", "2", "2", "5")),
    ("15² = 225", True, ("1", "5^2", "=", "2", "2", "5")),
    ("−1 2³ = −1728", True, ("-1", "2^3", "=", "-1", "7", "2", "8")),
    ("5-2 = 3", True, ("5", "-", "2", "=", "3")),
    ("5 - 2 = 3", True, ("5", "-", "2", "=", "3")),
    ("5 - -2 = 7", True, ("5", "-", "-2", "=", "7")),
    ("4 -2 = 2", True, ("4", "-", "2", "=", "2")),  # after a number: subtraction (RULES §11)
    ("3 -2 = 1", True, ("3", "-", "2", "=", "1")),
    ("?-2 4 = -24", True, ("?-2", "4", "=", "-2", "4")),
    ("- 5 = 0 - 5", True, ("-", "5", "=", "0", "-", "5")),
    # With a set without negative tiles, '-' after a number is always the operation.
    ("4 -2 = 2", False, ("4", "-", "2", "=", "2")),
    ("-2 4 = 3 × -8", False, ("-2", "4", "=", "3", "×", "-8")),
])
def test_typed_equations(text, negatives, tiles):
    """A '-' glued to its digit at a side's start or after an operation is a negative tile."""
    assert parse_written(text, negatives=negatives) == tiles


@pytest.mark.parametrize("text, negatives, hand", [
    ("-2 4 5^2 - 3", True, ("-2", "4", "5^2", "-", "3")),
    ("-2,-", True, ("-2", "-")),
    ("-2 4 - 3", False, ("-", "2", "4", "-", "3")),
])
def test_typed_hands(text, negatives, hand):
    """In a hand '-2' is the negative tile only for a set that holds them; a lone '-' is the operation."""
    assert parse_hand(text, negatives) == hand


@pytest.mark.parametrize("tiles, text", [
    (("-2", "4", "=", "3", "×", "-8"), "-24 = 3 × -8"),
    (("1", "5^2", "=", "2", "2", "5"), "15^2 = 225"),
    (("-2", "1/2", "=", "5", "÷", "-2"), "-2 1/2 = 5 ÷ -2"),
    (("5", "-", "-2", "=", "7"), "5 - -2 = 7"),
    (("-2", "0", "3^3", "=", "-8", "3", "6", "5", "4", "2", "7"), "(-203)^3 = -8365427"),  # the sign inside the power, bracketed
])
def test_written_text_reads_back(tiles, text):
    """write() glues a negative tile to the digits after it and an exponent tile to those
    before it, and the text reads back as the same tiles (typed, or split by the solver)."""
    assert write(tiles) == text
    assert parse_written(text, negatives=True) == tiles
    assert symbols_of(text) == tiles


def test_sheets_print_a_minus_and_a_raised_exponent():
    """On paper: a typographic minus on the tile and the operation, a raised exponent."""
    assert [display(s) for s in ("-2", "-", "5^2", "2^3")] == ["−2", "−", "5²", "2³"]


# --- the checker ----------------------------------------------------------------------------

@pytest.mark.parametrize("text, value", [
    ("-2 4", -24), ("-2 1/2", "-5/2"), ("1 5^2", 225), ("5^2", 25), ("-2 3^2", 529),
    ("-1 2^3", -1728), ("-2 0", -20), ("-2 0 3^3", -8365427),
])
def test_numbers(text, value):
    """The sign belongs to the whole number; the exponent applies to all of it, sign included."""
    from fractions import Fraction
    assert number_value(parse_written(text, negatives=True)) == Fraction(value)


@pytest.mark.parametrize("text", [
    "-2 4 = 3 × -8", "1 5^2 = 225", "-2 3^2 = 529", "4 - 6 + 7 = 5", "2 - 5 = -3",
    "5 - -2 = 7", "3 × -2 = -6", "-6 = 3 × -2", "2 + 3^2 × 2 = 20", "8 ÷ -2 = -4",
    "2^3 - 3^2 = -1",
])
def test_true_advanced_equations(text):
    """RULES §11's examples (and exponents before × ÷ before + -) are true equations."""
    assert check(parse_written(text, negatives=True), ADVANCED).valid


@pytest.mark.parametrize("text, reason", [
    (("4", "-2", "=", "2"), "a negative tile starts a number"),  # tiles, as on a board
    (("1", "-2", "=", "1", "-", "2"), "a negative tile starts a number"),
    ("5^2 1 = 251", "an exponent tile ends a number"),
    ("3^2 1/2 = 1", "an exponent tile ends a number"),
    ("1/2 3^2 = 1", "a fraction tile can only be the last tile of a number"),
    ("- 5 = -5", "an expression cannot start with −"),
    ("0 5^2 = 25", "05 has an unnecessary zero"),
    ("8 ÷ 0 = -2 + 2", "divides by zero"),
])
def test_illegal_advanced_strings(text, reason):
    """Where a negative or an exponent tile may stand, and the old rules that still hold."""
    verdict = check(text if isinstance(text, tuple) else parse_written(text, negatives=True), ADVANCED)
    assert not verdict.valid and reason in verdict.reason


def test_the_original_set_keeps_its_rules():
    """With the Original set: never below zero, no negative tiles, '4 -2' is a subtraction."""
    assert "goes below zero" in check(parse_written("4 - 6 + 7 = 5"), ORIGINAL).reason
    assert check(parse_written("4 -2 = 2"), ORIGINAL).valid
    with pytest.raises(ClassroomError, match="negative tiles are not in the Original tile set"):
        check(parse_written("-2 4 = 3 × -8"), ORIGINAL)
    with pytest.raises(ClassroomError, match="exponent tiles are not in the Original tile set"):
        check(parse_written("1 5^2 = 225"), ORIGINAL)
    with pytest.raises(Illegal, match="goes below zero"):
        evaluate(("2", "-", "5"))
    assert evaluate(("2", "-", "5"), RULES) == -3
    assert equation_value(("-2", "=", "0", "-", "2"), RULES) == -2


# --- the boardless solver against the brute force --------------------------------------------

def advanced_hands(count: int, seed: int, blanks: bool = False) -> list[tuple[str, ...]]:
    """Return seeded hands of 3-6 tiles holding at least one negative or exponent tile and one
    operation, a blank in each when asked; every other hand holds the tiles of some true
    equation 'a op b = c' plus one more tile, so that many hands make equations."""
    rng = random.Random(seed)
    bag = sorted(t for t in ADVANCED.bag if t != "?")
    operations = [t for t in bag if t in "+-×÷"]
    hands = []
    while len(hands) < count:
        if len(hands) % 2 and not blanks:
            hand = _equation_tiles(rng, bag) + [rng.choice(bag)]
        else:
            size = rng.randint(3, 4 if blanks else 5)
            hand = [rng.choice(NEW_TILES), rng.choice(operations)]
            hand += rng.sample(bag, size - 2 - blanks) + (["?"] if blanks else [])
        if len(hand) <= 6 and all(hand.count(t) <= ADVANCED.count[t] for t in hand):
            hands.append(tuple(hand))
    return hands


def _equation_tiles(rng: random.Random, bag: list[str]) -> list[str]:
    """Return the tiles of 'a op b' (a a new tile) and of its value, a whole number of one or
    two tiles (a negative tile for its first digit when it is below zero)."""
    while True:
        a, op, b = rng.choice(NEW_TILES), rng.choice("+-×÷"), rng.choice(bag[:10] + NEW_TILES)
        try:
            value = evaluate((a, op, b), RULES)
        except Illegal:
            continue
        if value.denominator == 1 and -99 <= value <= 99:
            tiles = list(str(abs(value)))
            if value < 0:
                tiles[0] = "-" + tiles[0]
            return [a, op, b] + tiles


@pytest.mark.parametrize("chunk", range(4))
def test_solver_agrees_with_brute_force_on_advanced_hands(chunk):
    """Same equations, same scores as the brute force, on 240 random advanced hands."""
    made = 0
    for hand in advanced_hands(60, seed=1300 + chunk):
        expected = brute_force(hand, ADVANCED)
        assert {a.text: a.score for a in solve(hand, ADVANCED).answers} == expected, hand
        made += bool(expected)
    assert made >= 30  # half the hands hold an equation: the agreement is not only on empty lists


def test_solver_agrees_with_brute_force_on_advanced_hands_with_a_blank():
    """A blank stands for any symbol of the set, negative and exponent tiles included."""
    for hand in advanced_hands(6, seed=1313, blanks=True):
        expected = brute_force(hand, ADVANCED)
        assert {a.text: a.score for a in solve(hand, ADVANCED).answers} == expected, hand
    found = {a.text: a.tiles for a in solve(("?", "4"), ADVANCED).answers}
    assert found["2^2 = 4"] == ("?2^2", "=", "4") and found["4 = 2^2"] == ("4", "=", "?2^2")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(NEW_TILES + list("0123456789+-×÷") + ["1/2", "3/4"]),
                min_size=2, max_size=5))
def test_every_answer_is_checked_valid_and_reads_back(hand):
    """Every answer of a random advanced hand is a true equation by the checker, its text reads
    back as its tiles, and the solver finds exactly what the brute force finds."""
    hand = tuple(hand)
    if any(hand.count(t) > ADVANCED.count[t] for t in hand):
        return
    answers = solve(hand, ADVANCED).answers
    for answer in answers:
        assert parse_written(answer.text, negatives=True) == answer.symbols
        assert check(answer.symbols, ADVANCED, hand).score == answer.score
    assert {a.text: a.score for a in answers} == brute_force(hand, ADVANCED)


# --- the board search against the brute force ------------------------------------------------

EQUATION = check_board(Board().place(
    [Placement((10, 8 + i), t) for i, t in enumerate(("-2", "4", "=", "3", "×", "-8"))]), RULES)


def advanced_situation(seed: int) -> tuple[Board, tuple]:
    """Return a board from simulated advanced play (or the -24 = 3 × -8 board) and a small hand
    holding a new tile, with a blank in every eighth (a blank costs the brute force 50 times)."""
    rng = random.Random(seed)
    if seed % 3 == 0:
        board, bag = EQUATION, tuple(sorted(t for t in ADVANCED.bag if t != "?"))
    else:
        game = simulate(ADVANCED, rng, plays=seed % 4 + 1, hand_size=4)
        board, bag = game.board, tuple(t for t in game.pile if t != "?")
    hand, _ = draw(bag, 1 if seed % 8 == 0 else 3, rng)
    hand = (rng.choice(NEW_TILES),) + hand
    return board, hand + (("?",) if seed % 8 == 0 else ())


@pytest.mark.parametrize("seed", range(16))
def test_board_search_agrees_with_brute_force_on_advanced_positions(seed):
    """All plays, their count and the best score match the reference's, new tiles and blanks."""
    board, hand = advanced_situation(seed)
    expected = reference_plays(board, hand, ADVANCED)
    found = Position(board, hand, ADVANCED)
    assert as_keys(found.all()) == expected
    assert found.count() == len(expected)
    best = found.best()
    assert (best[0].score if best else None) == (max(expected.values()) if expected else None)


def test_blanks_the_board_search_takes_with_the_advanced_set():
    """A blank is tried as each of its symbols: one is searched exactly (counted only without a
    limit), two are refused in one sentence, and a simulated player sets the extra ones aside."""
    hand = ("5^2", "1", "?")
    found = Position(EQUATION, hand, ADVANCED)
    assert found.count() == len(reference_plays(EQUATION, hand, ADVANCED)) > 0
    assert found.count(limit=10 ** 9) is None
    with pytest.raises(ClassroomError, match="at most 1 blank in a hand; this one has 2"):
        Position(EQUATION, ("1", "?", "?"), ADVANCED)
    assert searchable(("1", "?", "?", "?"), ADVANCED) == ("1", "?")
    assert searchable(("1", "?", "?"), ORIGINAL) == ("1", "?", "?")


def test_a_board_with_negative_values_reads_only_with_the_advanced_rules():
    """'4 - 6 + 7 = 5' on a board file is legal with the Advanced set, refused with the Original."""
    rows = [["."] * 19 for _ in range(19)]
    for i, tile in enumerate("4 - 6 + 7 = 5".split()):
        rows[9][6 + i] = tile
    text = "\n".join(" ".join(row) for row in rows)
    assert parse_board(text, "b", RULES).tile((10, 7)) == "4"
    with pytest.raises(ClassroomError, match="goes below zero"):
        parse_board(text, "b")


# --- the command line -----------------------------------------------------------------------

def test_cli_tiles_lists_the_advanced_set():
    """tiles --level advanced: 190 tiles, the new ones in canonical JSON tokens."""
    data = json.loads(runner.invoke(app, ["tiles", "--level", "advanced", "--json"]).stdout)
    tiles = {t["symbol"]: (t["count"], t["score"]) for t in data["tiles"]}
    assert sum(n for n, _ in tiles.values()) == 190
    assert tiles["-2"] == (2, 2) and tiles["9^2"] == (1, 4) and tiles["3^3"] == (1, 5)
    assert "5²" in runner.invoke(app, ["tiles", "--level", "advanced"]).stdout


@pytest.mark.parametrize("equation, code, says", [
    ("-2 4 = 3 × -8", 0, "valid"),
    ("1 5^2 = 225", 0, "valid"),
    ("-2 3^2 = 529", 0, "valid"),
    ("4 - 6 + 7 = 5", 0, "valid"),
    ("3 -2 = 1", 0, "valid"),  # RULES §11: a '-' after a number is subtraction
    ("5 - -2 = 7", 0, "valid"),
    ("4 - 6 = -2 0 ÷ 10", 0, "valid"),
])
def test_cli_check_with_the_advanced_set(equation, code, says):
    """The issue's examples, as a teacher types them."""
    result = runner.invoke(app, ["check", equation, "--level", "advanced"])
    assert result.exit_code == code and says in result.stdout


@pytest.mark.parametrize("args, message", [
    (("check", "-2 4 = 3 × -8"), "negative tiles are not in the Original tile set"),
    (("solve", "5^2 1 +"), "exponent tiles are not in the Original tile set"),
    (("solve", "-2 -2 -2 4", "--level", "advanced"), "3 × -2 is more than the Advanced tile set holds (2)"),
    (("solve", "5^4 1", "--level", "advanced"), "5^4 is not an exponent tile"),
])
def test_cli_refuses_with_one_sentence(args, message):
    """Tiles a set lacks, or holds too few of: one sentence, exit 2, no traceback."""
    result = runner.invoke(app, list(args))
    assert result.exit_code == 2 and message in result.output
    assert "Traceback" not in result.output


def test_cli_solve_json_uses_canonical_tokens():
    """solve --json writes a negative tile '-2' and an exponent tile '5^2'."""
    data = json.loads(runner.invoke(app, ["solve", "-2 5^2 + 2 3 1 ×", "--level", "advanced",
                                          "--json"]).stdout)
    texts = {e["text"]: e["tiles"] for e in data["equations"]}
    assert texts["-2 + 5^2 = 23"] == ["-2", "+", "5^2", "=", "2", "3"]
    assert data["hand"] == ["-2", "5^2", "+", "2", "3", "1", "×"]
