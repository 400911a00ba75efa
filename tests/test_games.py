"""Simulated games: deterministic for a seed, legal boards, tiles conserved."""

from __future__ import annotations

import random
from collections import Counter

from classroom.game.board import check_board
from classroom.game.bag import used_tiles
from classroom.make.simulated import simulate
from classroom.game.tilesets import load_level

TILES = load_level("original")


def test_same_seed_same_game():
    """A seed gives the same game every time."""
    first = simulate(TILES, random.Random(7), plays=4, hand_size=5)
    again = simulate(TILES, random.Random(7), plays=4, hand_size=5)
    assert first == again


def test_board_is_legal_and_tiles_are_conserved():
    """The board passes the board check, and board + bag + hands is the whole box."""
    game = simulate(TILES, random.Random(3), plays=5, hand_size=5)
    assert check_board(game.board) is game.board
    assert sum(1 for t in game.history if t.play) == 5
    placed = [tile for turn in game.history if turn.play for tile in used_tiles(turn.play)]
    held = [tile for hand in game.hands for tile in hand]
    assert Counter(placed) + Counter(game.bag) + Counter(held) == Counter(TILES.bag)
    assert list(game.bag) == sorted(game.bag)
