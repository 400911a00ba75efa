"""The variety of equations: the booklet's kinds of equation (game.variety) and `classroom variety`."""

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.errors import ClassroomError
from classroom.game.families import family
from classroom.game.tilesets import load_level, load_tileset
from classroom.game.variety import Kind, kinds
from classroom.make import keys
from classroom.make.hands import draw_hand
from classroom.make.variety import variety_item
from classroom.solve.boardless import Verdict, solve, symbols_of

runner = CliRunner()
OPERATIONS = {"+", "-", "×", "÷"}


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


@pytest.mark.parametrize("text, expected", [
    ("4 + 5 = 9", {"sum"}),
    ("9 = 5 + 4", {"sum", "answer first"}),
    ("8 = 8", {"itself"}),
    ("42 = 7 × 6", {"product", "answer first"}),
    ("2 + 4 = 2 × 3", {"both sides"}),
    ("7 - 2 + 3 = 8", {"three or more"}),
    ("9 - 4 = 5", {"sum"}),  # a difference counts with sums
    ("24 ÷ 3 = 8", {"product"}),  # a quotient with products
    ("7 × 6 = 42", {"product"}),
    ("8 = 2 × 3 + 2", {"answer first", "three or more"}),
    ("2 + 4 = 2 × 3 + 0", {"both sides", "three or more"}),
    ("2 1/2 = 5 ÷ 2", {"product", "answer first"}),  # a mixed number is one Number
])
def test_the_booklets_variety_each_gets_its_kinds(text, expected):
    """The booklet's six examples (RULES §12) and a few neighbours show exactly their kinds."""
    assert {kind.value for kind in kinds(symbols_of(text))} == expected


def reference_kinds(text: str) -> set[str]:
    """The kinds by the definitions, read off the solver's text: a side's words are operations
    or parts of Numbers (a mixed number's two words are one Number)."""
    def shape(side: str) -> tuple[int, tuple[str, ...]]:
        words = side.split(" ")
        numbers = sum(1 for i, w in enumerate(words) if w not in OPERATIONS and (i == 0 or words[i - 1] in OPERATIONS))
        return numbers, tuple(sorted({w for w in words if w in OPERATIONS}))

    left, right = (shape(side) for side in text.split(" = "))
    lone = (1, ())
    table = {  # (left is lone, right is lone) -> kinds from orientation alone
        (True, True): {"itself"}, (False, False): {"both sides"},
        (True, False): {"answer first"}, (False, True): set()}
    found = set(table[left == lone, right == lone])
    if max(left[0], right[0]) >= 3:
        found.add("three or more")
    for one, other in ((left, right), (right, left)):
        if one == lone and other in {(2, ("+",)), (2, ("-",))}:
            found.add("sum")
        if one == lone and other in {(2, ("×",)), (2, ("÷",))}:
            found.add("product")
    return found


@settings(max_examples=12, deadline=None)
@given(level=st.sampled_from(["add-subtract", "no-fractions", "junior"]), seed=st.integers(0, 10_000))
def test_every_equation_of_a_hand_gets_the_kinds_its_definition_says(level, seed):
    """Over the boardless solver's equations of drawn hands, kinds() agrees with a reference read
    off the solver's text."""
    tileset = load_tileset(level, None)
    solution = solve(draw_hand(tileset, random.Random(seed)), tileset)
    for answer in solution.answers[:3000]:
        assert {kind.value for kind in kinds(answer.symbols)} == reference_kinds(answer.text), answer.text


def test_a_line_without_one_equal_sign_shows_no_kind():
    """Two = signs, or none, is no equation: no kind."""
    assert kinds(symbols_of("4 = 4 = 4")) == frozenset() and kinds(("4", "+", "4")) == frozenset()


def test_variety_writes_sheets_key_and_a_manifest_whose_counts_are_the_solvers(tmp_path):
    """The add-subtract set asks every kind but the product and says so; every kind's count is
    the number of the hand's equations of that kind, and its examples are tasteful and of it."""
    result = run("variety", "--count", 2, "--seed", 7, "--out", tmp_path, "--jobs", 1)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["manifest.json", "variety-7-key.pdf", "variety-7.pdf"]
    manifest = json.loads((tmp_path / "manifest.json").read_text("utf-8"))
    tileset = load_tileset("add-subtract", None)
    for item in manifest["items"]:
        assert re.fullmatch(r"V-7-[0-9a-f]{4}-0[12]", item["id"])
        assert item["left_out"] == ["product"]
        assert [k["kind"] for k in item["kinds"]] == [k.value for k in Kind if k is not Kind.PRODUCT]
        solution = solve(tuple(item["hand"]), tileset)
        assert item["equations"] == solution.count
        for key in item["kinds"]:
            of_kind = [a.text for a in solution.answers if key["kind"] in reference_kinds(a.text)]
            assert key["equations"] == len(of_kind) and key["shown"]
            assert set(key["shown"]) <= set(of_kind)
            assert not any(re.search(r"(^|[-+=] )0 [-+=]|[-+] 0($| )", text) for text in key["shown"])


def test_each_family_is_shown_by_its_member_of_the_fewest_kinds(tmp_path):
    """Seed 4's hand holds sums whose first member by text is written answer first (1 = 25 − 24):
    the key shows each family by a member of the fewest kinds, so its sums read 25 − 24 = 1."""
    result = run("variety", "--count", 1, "--seed", 4, "--out", tmp_path, "--jobs", 1)
    assert result.exit_code == 0, result.output
    item = json.loads((tmp_path / "manifest.json").read_text("utf-8"))["items"][0]
    answers = [a.text for a in solve(tuple(item["hand"]), load_tileset("add-subtract", None)).answers]
    for key in item["kinds"]:
        of_kind = [t for t in answers if key["kind"] in reference_kinds(t)]
        for text in key["shown"]:
            kin = [t for t in of_kind if family(symbols_of(t)) == family(symbols_of(text))]
            assert len(reference_kinds(text)) == min(len(reference_kinds(t)) for t in kin), text
    assert not any(text[0].isdigit() and " = " in text and text.index(" = ") < 3
                   for text in next(k for k in item["kinds"] if k["kind"] == "sum")["shown"])


def test_variety_same_seed_is_byte_identical(tmp_path):
    """Running the same command twice gives the same bytes, on one core or two."""
    for folder, jobs in (("a", 1), ("b", 2)):
        result = run("variety", "--count", 2, "--seed", 5, "--level", "junior", "--out", tmp_path / folder, "--jobs", jobs)
        assert result.exit_code == 0, result.output
    for name in ("variety-5.pdf", "variety-5-key.pdf", "manifest.json"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    kinds_asked = [k["kind"] for k in json.loads((tmp_path / "a" / "manifest.json").read_text("utf-8"))["items"][0]["kinds"]]
    assert "product" in kinds_asked  # Junior has × and ÷


@pytest.mark.parametrize("args, words", [
    (("--level", "fractions"), "--level"),
    (("--count", 0), "--count"),
])
def test_variety_bad_input_is_one_sentence(tmp_path, args, words):
    """A wrong option is one sentence naming it, exit 2, no traceback."""
    result = run("variety", *args, "--out", tmp_path)
    assert result.exit_code == 2 and words in result.output and "Traceback" not in result.output


def test_a_tile_set_that_cannot_make_every_kind_is_refused_in_one_sentence(tmp_path):
    """Tiles with no + or - make no sum: the command says so at once instead of drawing hands,
    and prints no sheet."""
    lines = ['name = "Digits and times"', "[tiles]"]
    lines += [f'"{d}" = {{ count = 4, score = 1 }}' for d in "0123456789"]
    lines += ['"×" = { count = 6, score = 3 }', '"=" = { count = 20, score = 0 }']
    (tmp_path / "times.toml").write_text("\n".join(lines) + "\n", "utf-8")
    result = run("variety", "--tiles", tmp_path / "times.toml", "--count", 1, "--seed", 1, "--out", tmp_path / "out")
    assert result.exit_code == 2, result.output
    assert "has no + or -, so no hand of it can show a sum" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


def test_a_hand_search_that_runs_out_says_how_many_draws_it_made():
    """When no drawn hand shows every kind within its draws (none allowed here), one sentence
    names the kinds asked and the draws made."""
    with pytest.raises(ClassroomError, match=r"showed every kind of equation \(sum, answer first, .*\) in 0 draws"):
        variety_item("V-1-0000-01", load_level("add-subtract"), random.Random(1), tries=0)


def test_the_kept_hand_is_rechecked_and_a_disagreement_is_raised(monkeypatch):
    """Hands are chosen on the solver's answers, but the hand kept goes through the checker
    (make.keys.key_answers with the hand) before its key is printed: a checker that disagrees stops it."""
    tileset = load_tileset("original")
    kept = variety_item("V-1", tileset, random.Random(3))
    assert kept.count > 0
    monkeypatch.setattr(keys, "check", lambda tiles, tileset, hand=None: Verdict(False, "broken on purpose", None))
    with pytest.raises(ClassroomError, match="internal check failed .*broken on purpose"):
        variety_item("V-1", tileset, random.Random(3))
