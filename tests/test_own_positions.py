"""A teacher's own position (`classroom situations --board FILE --hand HAND`): it says "your own
position" wherever a seed would be, and its id, made from the position, names no seed."""

from __future__ import annotations

import json
import re

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.game.board import parse_board
from classroom.game.tilesets import load_level
from classroom.make.sets import PrintOptions, own_situation_set
from classroom.make.worksheet import item_id

ROWS = [["."] * 19 for _ in range(19)]
ROWS[9][9:15] = ["2", "4", "÷", "3", "=", "8"]  # the booklet's first play, J10 to O10
BOOKLET = "\n".join(" ".join(row) for row in ROWS) + "\n"
OTHER = BOOKLET.replace("2 4 ÷ 3 = 8", "2 4 ÷ 8 = 3")  # another play on the same squares


def test_item_ids_of_seeds_and_of_own_positions():
    """A seeded id keeps its form; an own position's names no seed and holds no x."""
    assert item_id("situations", 3, 1, "d831") == "S-3-d831-01"
    assert item_id("boardless", 42, 1, "3d12") == "B-42-3d12-01"
    assert item_id("situations", None, 1, "0c1d2e3f") == "S-own-0c1d2e3f-01"


def test_an_own_position_says_so_where_a_seed_would_be(tmp_path):
    """On the screen, in the manifest, on the sheet and on the key: "your own position", never
    "seed None" or "seed none"; the id is S-own-<eight hex digits>-01."""
    (tmp_path / "board.txt").write_text(BOOKLET, "utf-8")
    result = CliRunner().invoke(app, ["situations", "--board", str(tmp_path / "board.txt"),
                                      "--hand", "4 × 7 2", "--out", str(tmp_path / "own")])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"your own position: 1 item written to {tmp_path / 'own'}/\n")
    manifest = json.loads((tmp_path / "own" / "manifest.json").read_text("utf-8"))
    id = manifest["items"][0]["id"]
    assert re.fullmatch(r"S-own-[0-9a-f]{8}-01", id) and manifest["seed"] is None
    for name, header in (("situations.pdf", f"Situation {id} · your own position"),
                         ("situations-key.pdf", f"Situation {id} · your own position · not for students")):
        text = "\n".join(page.extract_text() for page in PdfReader(tmp_path / "own" / name).pages)
        assert header in text.splitlines()
        assert f"worksheet {id} · your own position · original tiles · page 1" in text
        assert "seed" not in text.lower() and "None" not in text
    assert "seed" not in result.stdout.lower()


def own_id(board: str, hand: str, level: str = "original", roster: tuple[str, ...] = ()) -> str:
    """Return the id an own position gets."""
    tileset = load_level(level)
    position = parse_board(board, "the board", tileset.rules)
    return own_situation_set(tileset, level, position, tileset.read_hand(hand), PrintOptions(), roster).items[0].id


@pytest.mark.parametrize("other", [
    (BOOKLET, "4 × 7 1"),  # another hand
    (OTHER, "4 × 7 2"),  # another board
    (BOOKLET, "4 × 7 2", "junior"),  # another tile set scores it otherwise
])
def test_two_different_own_positions_never_share_an_id(other):
    """The id's digest covers the board, the hand and the tile set."""
    assert own_id(BOOKLET, "4 × 7 2") != own_id(*other)


def test_the_same_own_position_printed_again_keeps_its_id():
    """Printed again, for another class, the position is the same sheet with the same id."""
    assert own_id(BOOKLET, "4 × 7 2") == own_id(BOOKLET, "4 × 7 2", roster=("Ana", "Bo"))


def test_an_own_position_is_graded_by_its_id(tmp_path):
    """`classroom grade --worksheet S-own-…` finds the sheet in the manifest and judges the play."""
    (tmp_path / "board.txt").write_text(BOOKLET, "utf-8")
    runner = CliRunner()
    assert runner.invoke(app, ["situations", "--board", str(tmp_path / "board.txt"), "--hand", "4 × 7 2",
                               "--out", str(tmp_path / "own")]).exit_code == 0
    id = json.loads((tmp_path / "own" / "manifest.json").read_text("utf-8"))["items"][0]["id"]
    (tmp_path / "ana.txt").write_text("O5 down 4 × 7 = 28\n", "utf-8")
    result = runner.invoke(app, ["grade", str(tmp_path / "ana.txt"), "--worksheet", id.lower(),
                                 "--manifests", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    judged = json.loads(result.stdout)
    assert (judged["worksheet"], judged["plays"][0]["score"]) == (id, 24)
