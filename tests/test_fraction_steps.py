"""Fractions by steps (RULES §12): the `halves` and `halves-fourths` levels are the Original set
with some of its fractions and 3 + ⌊fraction tiles ÷ 4⌋ division tiles, usable for sheets and
games like any other level."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.game.symbols import FRACTIONS
from classroom.game.taste import Taste
from classroom.game.tilesets import load_level
from classroom.record.grammar import read_record
from classroom.record.replay import replay

HALVES = {"1/2": 3, "2/2": 1, "3/2": 1, "5/2": 1}
FOURTHS = {"1/4": 2, "2/4": 1, "3/4": 2, "4/4": 1, "7/4": 1}


@pytest.mark.parametrize("level, fractions, divisions", [
    ("halves", HALVES, 4),
    ("halves-fourths", HALVES | FOURTHS, 6),
])
def test_each_step_keeps_its_fractions_and_a_division_tile_per_four(level, fractions, divisions):
    """A step holds exactly its fractions, as many as the Original, and the ÷ tiles the booklet's
    rule gives; everything else is the Original's, counts and scores."""
    original, step = load_level("original"), load_level(level)
    assert {f: n for f, n in step.count.items() if f in FRACTIONS and n} == fractions
    assert step.count["÷"] == divisions == 3 + sum(fractions.values()) // 4
    kept = {s: n for s, n in original.count.items() if s not in FRACTIONS and s != "÷"}
    assert {s: n for s, n in step.count.items() if s not in FRACTIONS and s != "÷"} == kept
    assert all(step.score[s] == original.score[s] for s in step.score)
    assert step.taste == Taste(3, True, False)


def test_the_rule_gives_the_original_and_no_fractions_too():
    """The same rule, 3 + ⌊fractions ÷ 4⌋, gives the Original's 9 ÷ and No fractions' 3."""
    for level in ("original", "no-fractions"):
        tiles = load_level(level).count
        assert tiles["÷"] == 3 + sum(n for f, n in tiles.items() if f in FRACTIONS) // 4


def test_a_halves_sheet_is_made(tmp_path):
    """`classroom boardless --level halves` makes a sheet whose hands hold no fourth, third or
    sixth, and says its level in the manifest."""
    result = CliRunner().invoke(app, ["boardless", "--level", "halves", "--count", "2", "--seed", "4",
                                      "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text("utf-8"))
    assert manifest["level"] == "halves"
    tiles = {t for item in manifest["items"] for t in item["hand"]}
    assert not {f for f in FRACTIONS if f not in HALVES} & tiles


def test_a_halves_fourths_game_is_dealt_from_its_box(tmp_path):
    """`classroom game new --level halves-fourths` writes the level in the record, and every tile
    dealt is one of that box."""
    path = tmp_path / "game.txt"
    result = CliRunner().invoke(app, ["game", "new", str(path), "--players", "Red, Blue",
                                      "--level", "halves-fourths", "--seed", "11"])
    assert result.exit_code == 0, result.output
    record = read_record(path.read_text("utf-8"))
    assert record.header.level == "halves-fourths"
    box = load_level("halves-fourths").count
    game = replay(record)
    assert all(box.get(t, 0) for _, rack in game.racks for t in rack)
