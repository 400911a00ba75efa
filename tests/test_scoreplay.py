"""Score this play sheets: every key's score is the independent scorer's, each play practises
its item's focus, the booklet's plays are keyed as printed, and the command writes the same
bytes for the same seed and refuses bad input in one sentence."""

from __future__ import annotations

import json
import re

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.game.board import Board, Direction, parse_board, parse_square, premium
from classroom.game.plays import make_play
from classroom.game.tilesets import load_level
from classroom.make.keys import key_play
from classroom.make.scoreplay import FOCUSES, Features, ScorePlayItem, features, focus_of, shows
from classroom.make.sets import PrintOptions, scoreplay_set
from classroom.solve.board.position import Candidate
from classroom.store.runs import write_worksheet
from tests.pdftext import outside
from tests.positions import play, position
from tests.reference_score import reference_score
from tests.test_plays import BOOKLET

ACROSS, DOWN = Direction.ACROSS, Direction.DOWN
ORIGINAL = load_level("original")
runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


# The seeds are chosen among the cheap to make (a cross or 'all' play is found in seconds for
# some seeds, in half a minute for others), so that between them the 'all' items show every
# feature, each leaving one out: seed 7's shows a symbol premium, an equation premium and a
# cross equation; seed 9's a symbol premium, a cross equation and the bonus.
SEED = 7  # the default set's
ALL_SEED = 9  # the one-item 'all' set's


@pytest.fixture(scope="module")
def default_set():
    """Return the default set of SEED: one item of each focus, a cross equation among them."""
    return scoreplay_set(ORIGINAL, "original", SEED, 5, None, PrintOptions())


@pytest.fixture(scope="module")
def focused():
    """Return one-item sets of other seeds, one for each focus but the (slow to find) cross."""
    return [scoreplay_set(ORIGINAL, "original", seed, 1, focus, PrintOptions())
            for seed, focus in ((2, "plain"), (3, "s-premium"), (4, "e-premium"), (ALL_SEED, "all"))]


def items_of(default_set, focused) -> list[ScorePlayItem]:
    """Return every item made by the fixtures."""
    return [*default_set.items, *(item for sheet in focused for item in sheet.items)]


def board_and_play(item: ScorePlayItem):
    """Return the item's board (read back from its grid) and its play."""
    direction = ACROSS if " across " in item.play.notation else DOWN
    placed = [(p.square, p.tile) for p in item.play.placements]
    return parse_board(item.grid, rules=ORIGINAL.rules), make_play(placed, direction)


@pytest.mark.parametrize("turn, expected", [
    (0, Features(s_premium=True, e_premium=True, cross=False, bonus=False)),  # 2E centre, 8 on 3S
    (1, Features(s_premium=True, e_premium=False, cross=False, bonus=False)),  # 7 on 2S at O14
    (3, Features(s_premium=False, e_premium=False, cross=False, bonus=False)),  # 7 + 9 × 4 = 43
    (4, Features(s_premium=True, e_premium=False, cross=False, bonus=False)),  # 7/4 on 3S, + on 2S
])
def test_features_of_the_booklet_plays(turn, expected):
    """What each booklet play's score is made of, beyond its tiles' plain scores."""
    board = Board()
    for move, _, _ in BOOKLET[:turn]:
        board = board.place(move.placements)
    assert features(board, BOOKLET[turn][0], ORIGINAL) == expected


def test_only_a_tile_with_a_score_on_2s_or_3s_is_a_symbol_premium():
    """The = scores 0, so an = on 2S doubles nothing: `9 = 9` down column I with its = on I9 (2S)
    practises no S premium (issue 40: `I8 down 9 = 9`); the same play with a 9 on I9 does."""
    assert [premium(parse_square(s)).label for s in ("I8", "I9", "I10", "I11")] == ["", "2S", "", "2S"]
    equals_on_2s = features(position("I10", "9 = 9"), play(DOWN, "I8=9", "I9=="), ORIGINAL)
    nine_on_2s = features(position("H10", "9 = 9"), play(DOWN, "I9=9", "I11=9"), ORIGINAL)
    assert (equals_on_2s.s_premium, nine_on_2s.s_premium) == (False, True)


def test_a_play_forming_two_equations_shows_a_cross_equation():
    """9 = 9 down column A, its 9 on A10 prefixing 2 × 4 ÷ 1 × 0 + 5 = 5: a cross equation on 3E."""
    board = position("A10", ". 2 × 4 ÷ 1 × 0 + 5 = 5")
    move = play(DOWN, "A8=9", "A9==", "A10=9")
    assert features(board, move, ORIGINAL) == Features(s_premium=False, e_premium=True, cross=True, bonus=False)


@pytest.mark.parametrize("found, focus", [
    (Features(False, False, False, False), "plain"),
    (Features(True, False, False, False), "s-premium"),
    (Features(False, True, False, False), "e-premium"),
    (Features(False, False, True, False), "cross"),
    (Features(True, True, False, False), "all"),
    (Features(False, False, True, True), "all"),
])
def test_a_play_practises_one_focus_or_all(found, focus):
    """A one-thing item shows that thing alone; two things or more at once are 'all'."""
    assert [f for f in FOCUSES if shows(f, found)] == ([focus, "all"] if focus == "cross" and found.count > 1
                                                       else [focus])


def test_a_sheet_goes_from_one_thing_at_a_time_to_all():
    """Five items: one of each focus in order; ten items: two of each."""
    assert [focus_of(n, 5) for n in range(1, 6)] == list(FOCUSES)
    assert [focus_of(n, 10) for n in range(1, 11)] == [f for f in FOCUSES for _ in range(2)]
    assert focus_of(1, 1) == "plain"


def test_every_key_score_is_the_reference_scorers(default_set, focused):
    """The key's total (and each item's score) equals the brute-force scorer's, for every item of
    several seeds, and the breakdown adds up to it."""
    scores = dict(ORIGINAL.scores)
    for item in items_of(default_set, focused):
        cells = {(t.row, t.col): t.tile for t in item.board}
        placed = {p.square: p.tile for p in item.play.placements}
        across = " across " in item.play.notation
        breakdown = item.play.breakdown
        assert item.score == breakdown.total == reference_score(cells, placed, across, scores), item.id
        assert sum(e.subtotal for e in breakdown.equations) + breakdown.bonus == breakdown.total


def test_every_play_practises_its_focus(default_set, focused):
    """Each play shows its item's focus; the default set goes through them in order, falling back
    to 'all' only where no cross equation turned up; SEED's has one."""
    for item in items_of(default_set, focused):
        board, move = board_and_play(item)
        assert shows(item.focus, features(board, move, ORIGINAL)), item.id
    assert [i.focus for i in default_set.items] == list(FOCUSES)
    assert len(default_set.items[3].play.breakdown.equations) == 2
    assert [sheet.items[0].focus for sheet in focused] == ["plain", "s-premium", "e-premium", "all"]


@pytest.mark.parametrize("turn", range(5))
def test_the_booklet_plays_are_keyed_as_printed(turn):
    """Held-out positions: the key of each booklet play, on the board before it, totals the
    booklet's printed score (28, 11, 3, 11, 30)."""
    board = Board()
    for move, _, _ in BOOKLET[:turn]:
        board = board.place(move.placements)
    move, expected, written = BOOKLET[turn]
    keyed = key_play(board, Candidate(expected, move), ORIGINAL)
    assert (keyed.notation, keyed.score, keyed.breakdown.total) == (written, expected, expected)


def test_the_key_breaks_the_score_down_and_the_sheet_does_not_tell_it(default_set, tmp_path):
    """The key shows every equation's table and the total; the student sheet shows the play but
    no score; the id and the seed are on every page of both."""
    student, key, manifest = write_worksheet(default_set, tmp_path)
    sheets = [page.extract_text() for page in PdfReader(student).pages]
    keys = [page.extract_text() for page in PdfReader(key).pages]
    assert len(sheets) == len(keys) == 5
    assert outside(student) == outside(key) == []  # no text runs off the page
    for item, sheet, answer in zip(default_set.items, sheets, keys):
        for page in (sheet, answer):
            assert item.id in page and f"seed {SEED}" in page
        assert f"{item.play.breakdown.total} points" in answer and "Total" not in sheet
        assert answer.count("Equation:") == 1
        assert answer.count("Cross equation:") == len(item.play.breakdown.equations) - 1
    data = json.loads(manifest.read_text("utf-8"))
    assert data["command"] == "scoreplay" and data["seed"] == SEED
    assert [(e["id"], e["focus"], e["score"]) for e in data["items"]] == \
        [(i.id, i.focus, i.score) for i in default_set.items]


def test_the_same_seed_gives_the_same_bytes(tmp_path):
    """Two runs of one seed write byte-identical PDFs and manifests, with ids P-<seed>-<tag>-NN."""
    written = []
    for folder in ("one", "two"):
        result = run("scoreplay", "--seed", 9, "--count", 2, "--focus", "plain", "--jobs", 1,
                     "--out", tmp_path / folder)
        assert result.exit_code == 0, result.output
        written.append({p.name: p.read_bytes() for p in (tmp_path / folder).iterdir()})
    assert written[0] == written[1]
    assert sorted(written[0]) == ["manifest.json", "scoreplay-9-key.pdf", "scoreplay-9.pdf"]
    ids = [e["id"] for e in json.loads(written[0]["manifest.json"])["items"]]
    assert re.fullmatch(r"P-9-[0-9a-f]{4}-01", ids[0]) and ids[1] == ids[0][:-2] + "02"


@pytest.mark.parametrize("args, message", [
    (("--focus", "spiral"), "error: --focus is plain, s-premium, e-premium, cross or all"),
    (("--count", 0), "error: Invalid value for '--count'"),
    (("--level", "expert"), "error: --level is"),
    (("--seed", -1), "error: the seed (--seed) is a whole number"),
    (("--key", "some"), "error: --key is families, full, summary or none"),
])
def test_bad_input_is_one_sentence_and_exit_2(args, message, tmp_path):
    """Bad options: one line on stderr, exit 2, nothing written."""
    result = run("scoreplay", *args, "--out", tmp_path / "out")
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(message) and len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "out").exists()


def test_a_several_at_once_key_names_what_its_play_holds(default_set, focused, tmp_path):
    """An 'all' item's key says which features its own play shows (read by `features`, not by
    the template's reading of the breakdown), never a list of every feature there is."""
    said = {"s_premium": "a symbol premium", "e_premium": "an equation premium",
            "cross": "a cross equation", "bonus": "the 40 bonus"}
    sheets = [default_set, focused[-1]]
    shown = []  # the features of every 'all' item
    for number, sheet in enumerate(sheets):
        _, key, _ = write_worksheet(sheet, tmp_path / str(number))
        for item, page in zip(sheet.items, PdfReader(key).pages):
            if item.focus != "all":
                continue
            line = next(t for t in page.extract_text().splitlines() if t.startswith("Practises:"))
            found = features(*board_and_play(item), ORIGINAL)
            shown.append(found)
            named = [words for name, words in said.items() if getattr(found, name)]
            assert len(named) >= 2 and line.startswith("Practises: several at once ("), line
            assert all(words in line for words in named) and not any(
                words in line for name, words in said.items() if not getattr(found, name)), line
    # every feature is named by some 'all' key, and every such key leaves one out
    assert all(any(getattr(found, name) for found in shown) for name in said), shown
    assert all(found.count < len(said) for found in shown), shown
