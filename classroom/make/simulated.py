"""Simulated games: real hands drawn from the Bag, plays chosen among the good ones.

Pure: every random choice comes from the `random.Random` passed in, and the bag is kept sorted
so a seed gives the same game in every process. Used for test positions and, later, for the
contest situations (a board from simulated play, then a contest hand from what is left).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from classroom.game.bag import Bag, draw, take, used_tiles
from classroom.game.board import Board
from classroom.solve.board.position import Position, searchable
from classroom.game.plays import Play
from classroom.game.symbols import BLANK, MAX_HAND, Hand
from classroom.game.tilesets import TileSet


@dataclass(frozen=True)
class Turn:
    """One turn of a simulated game: the hand held, the play made (None for a trade), its score."""

    player: int
    hand: Hand
    play: Play | None
    score: int


@dataclass(frozen=True)
class Game:
    """Where a simulated game stopped: the board, the bag left, each player's hand, the turns."""

    board: Board
    bag: Bag
    hands: tuple[Hand, ...]
    history: tuple[Turn, ...]


SEARCH_BUDGET = 40  # windows a simulated player searches once it has plays to choose among


def choices(board: Board, hand: Hand, tileset: TileSet, among: int) -> list:
    """Return the plays a simulated player chooses among: good ones found best first within a
    budget (a strong, cheap player, not a proven-best one), without the blanks, as a player
    saving blanks for later would; with them (as many as the search takes) only when nothing
    else plays."""
    plain = tuple(t for t in hand if t != BLANK)
    candidates = Position(board, plain, tileset).top(among, SEARCH_BUDGET) if plain else []
    if not candidates and len(plain) < len(hand):
        candidates = Position(board, searchable(hand, tileset), tileset).top(among, SEARCH_BUDGET)
    return candidates


def simulate(tileset: TileSet, rng: random.Random, plays: int, players: int = 2,
             hand_size: int = MAX_HAND, choose_among: int = 3, board: Board | None = None) -> Game:
    """Return the game after `plays` equation plays (or fewer, when every player is stuck) from an
    empty board: each player draws `hand_size` tiles, plays one of the `choose_among` best plays
    (chosen with the rng; blanks saved while other plays exist), trades the whole hand when it
    has none, and refills from the bag."""
    bag: Bag = tuple(sorted(tileset.bag))
    board = board or Board()
    hands = []
    for _ in range(players):
        hand, bag = draw(bag, hand_size, rng)
        hands.append(hand)
    history: list[Turn] = []
    made = 0
    stuck = 0
    player = 0
    while made < plays and stuck < 10 * players:
        hand = hands[player]
        candidates = choices(board, hand, tileset, choose_among)
        if candidates:
            chosen = candidates[rng.randrange(len(candidates))]
            history.append(Turn(player, hand, chosen.play, chosen.score))
            board = board.place(chosen.play.placements)
            rest = take(hand, used_tiles(chosen.play))
            new, bag = draw(bag, hand_size - len(rest), rng)
            hands[player] = tuple(sorted(rest + new))
            made += 1
            stuck = 0
        else:
            history.append(Turn(player, hand, None, 0))
            new, rest_bag = draw(bag, len(hand), rng)
            bag = tuple(sorted(rest_bag + hand))
            hands[player] = new
            stuck += 1
        player = (player + 1) % players
    return Game(board, bag, tuple(hands), tuple(history))
