"""Simulated games for the engine's tests, each played once per process: simulating the game is
most of those tests' setup, and several of them (in one file and across files) begin from the
same seeded game. The game is the one `simulate` plays, and the rng is left where it leaves it."""

from __future__ import annotations

import random
from functools import cache

from classroom.game.symbols import MAX_HAND
from classroom.game.tilesets import TileSet
from classroom.make.simulated import simulate
from classroom.record.replay import Replay


@cache
def _played(tileset: TileSet, state: tuple, plays: int, hand_size: int) -> tuple[Replay, tuple]:
    """Return the game simulated from an rng in `state`, and the rng's state after it."""
    rng = random.Random()
    rng.setstate(state)
    game = simulate(tileset, rng, plays=plays, hand_size=hand_size)
    return game, rng.getstate()


def simulate_once(tileset: TileSet, rng: random.Random, plays: int, hand_size: int = MAX_HAND) -> Replay:
    """Return `simulate(tileset, rng, plays, hand_size=hand_size)`'s game (a frozen Replay), and
    move the rng on as it does; played once for each rng state, tile set, plays and hand size."""
    game, after = _played(tileset, rng.getstate(), plays, hand_size)
    rng.setstate(after)
    return game
