"""Simulated games: deterministic for a seed, legal boards, tiles conserved."""

from __future__ import annotations

import random
from collections import Counter

from classroom.game.bag import used_tiles
from classroom.game.board import check_board
from classroom.game.tilesets import load_level
from classroom.make.simulated import simulate
from classroom.record.grammar import read_record, record_text
from classroom.record.replay import replay

TILES = load_level("original")


def test_same_seed_same_game():
    """A seed gives the same game every time."""
    first = simulate(TILES, random.Random(7), plays=4, hand_size=5)
    again = simulate(TILES, random.Random(7), plays=4, hand_size=5)
    assert first == again


def test_board_is_legal_and_tiles_are_conserved():
    """The board passes the board check, board + pile + racks is the whole box, and the record
    read back from its text replays to the same board."""
    game = simulate(TILES, random.Random(3), plays=5, hand_size=5)
    assert check_board(game.board) is game.board
    assert sum(1 for t in game.turns if t.kind == "play") == 5
    placed = [tile for turn in game.turns if turn.play for tile in used_tiles(turn.play)]
    held = [tile for _, rack in game.racks for tile in rack]
    assert Counter(placed) + Counter(game.pile) + Counter(held) == Counter(TILES.bag)
    assert replay(read_record(record_text(game.record))).board == game.board
