"""Simulated games: a game the tool deals as it deals every game, played by simulated players,
kept as its record.

A simulated game is a record (classroom.record): its `#seed` deals the first racks and every
refill exactly as `classroom game new` and `game play` do (classroom.record.deal), and each turn
is a record line the replay checks and scores. So a board made from one says how it came to be,
and `classroom game score`, `print` and `play` read it like any game.

Each play is chosen by a Player among the good plays of its rack:
- the **class** player of a level plays as a class of that level would: only plays whose every
  string fits the level's taste (classroom.game.taste: Numbers of at most 2 digits at Junior,
  no zero tricks, ...), chosen among the good ones with a better play more likely, not always
  the top;
- the **engine** player plays one of the few best plays the engine finds, whatever they hold.

Pure: every random choice comes from the `random.Random` passed in (the game's seed too).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from classroom.game.board import Board, Direction, Square
from classroom.game.plays import Play, cross_runs, main_run, record_notation
from classroom.game.symbols import BLANK, MAX_HAND, Hand, Tile
from classroom.game.taste import ANY, Taste, misfit
from classroom.game.tilesets import LEVELS, TileSet, load_level
from classroom.record.deal import after_turn, first_draws
from classroom.record.grammar import Header, Pass, Record, Trade, Turn, Written
from classroom.record.replay import Replay, replay
from classroom.solve.board.position import Candidate, Position, searchable

NAMES = ("Red", "Blue", "Green", "Yellow")  # the players of a simulated game, in its record
MAX_SEED = 10 ** 6  # a simulated game's seed, drawn from the rng: `game new --seed` takes it too
SEARCH_BUDGET = 40  # windows a simulated player searches once it has plays to choose among
# the work a class player's search of one rack does (Position.top's `work`, in sides its tables
# build): a class does not look for ever; a search costs a second or two at most, the same
# choices on every machine
CLASS_WORK = 200_000
STUCK = 10  # turns in a row without a play, a player, before a simulated game stops


@dataclass(frozen=True)
class Player:
    """How a simulated player chooses a play: among the `among` best plays it finds that fit its
    taste; with `weighted`, a play with a higher score is chosen more often, else each alike."""

    name: str
    taste: Taste = ANY
    among: int = 3
    weighted: bool = False


ENGINE = Player("engine")


def class_player(tileset: TileSet) -> Player:
    """Return the player a class of the tile set's level is: plays within its taste, among the
    six best of those it finds, a better one more often."""
    return Player("class", tileset.taste, among=6, weighted=True)


def player_of(name: str, tileset: TileSet) -> Player:
    """Return the player named by --player (classroom.make.situation_rules.PLAYERS)."""
    return ENGINE if name == "engine" else class_player(tileset)


def play_misfit(board: Board, play: Play, taste: Taste) -> str | None:
    """Return why a play leaves a string a class of this taste would not write (its main string
    or one across it, old tiles included), or None."""
    after = board.place(play.placements)
    lines = ([after.tile(s) for s in run] for run in (main_run(board, play), *cross_runs(board, play)))
    return next((reason for line in lines if (reason := misfit(line, taste))), None)


def line_filter(taste: Taste) -> Callable[[tuple[Tile, ...]], bool]:
    """Return whether a class of this taste writes a line of tiles (`misfit` is None), each
    line read once."""
    lines: dict[tuple[Tile, ...], bool] = {}

    def fits_line(line: tuple[Tile, ...]) -> bool:
        found = lines.get(line)
        if found is None:
            found = lines[line] = misfit(line, taste) is None
        return found
    return fits_line


def taste_filter(board: Board, taste: Taste,
                 fits_line: Callable[[tuple[Tile, ...]], bool] | None = None) -> Callable[[Candidate], bool]:
    """Return a filter of the plays on this board that leave only strings a class of this taste
    writes: `play_misfit(board, play, taste) is None`, the same answer for every play, but
    without building the board after each play, and each string read once (a search meets the
    same main string in many plays, and the same tile beside the same old tiles in more;
    `fits_line`, a line_filter of the taste, when one is shared)."""
    fits_line = line_filter(taste) if fits_line is None else fits_line

    def run(placed: dict[Square, Tile], square: Square, step: Square) -> tuple[Tile, ...]:
        # the tiles of the maximal string through the square, placed ones included, in order
        dr, dc = step
        row, col = square
        while placed.get((row - dr, col - dc)) or board.tile((row - dr, col - dc)):
            row, col = row - dr, col - dc
        tiles = []
        while (tile := placed.get((row, col)) or board.tile((row, col))):
            tiles.append(tile)
            row, col = row + dr, col + dc
        return tuple(tiles)

    def keep(candidate: Candidate) -> bool:
        play = candidate.play
        placed = {p.square: p.tile for p in play.placements}
        if not fits_line(run(placed, play.placements[0].square, play.direction.step)):
            return False
        # a cross string holds one new tile only, the one it crosses the play at
        across = play.direction.other.step
        return all(fits_line(line) for square in placed
                   if len(line := run({square: placed[square]}, square, across)) > 1)

    return keep


def board_strings(board: Board) -> list[list[str]]:
    """Return the tiles of every string on the board (two or more tiles across or down)."""
    found = []
    for square in sorted(board.tiles):
        for direction in Direction:
            run = board.run(square, direction)
            if len(run) > 1 and run[0] == square:
                found.append([board.tile(s) for s in run])
    return found


def choices(board: Board, hand: Hand, tileset: TileSet, player: Player = ENGINE) -> list[Candidate]:
    """Return the plays a simulated player chooses among, best first: good ones found best first
    within a budget (a strong, cheap player, not a proven-best one) that fit its taste, without
    the blanks, as a player saving blanks for later would; with them (as many as the search
    takes) only when nothing else plays."""
    plain = tuple(t for t in hand if t != BLANK)
    fitting = _fitting(board, plain, tileset, player) if plain else []
    if not fitting and len(plain) < len(hand):
        fitting = _fitting(board, searchable(hand, tileset), tileset, player)
    return fitting[:player.among]


def _fitting(board: Board, hand: Hand, tileset: TileSet, player: Player) -> list[Candidate]:
    if player.taste == ANY:
        return Position(board, hand, tileset).top(player.among, SEARCH_BUDGET)
    # The search keeps only plays within the taste, so its bounds prune against them; a budget
    # stops it before `among` plays are found, as a class does not look for ever.
    # A main string fits when both its sides do (a Number, a term and a padding lie on one side
    # of the =), so a side the taste refuses is dropped before its plays are built.
    # Nor are the Numbers longer than the taste allows written at all (Position's `digits`,
    # which its `top` keeps to as well).
    fits_line = line_filter(player.taste)
    position = Position(board, hand, tileset, player.taste.largest_digits)
    return position.top(player.among, SEARCH_BUDGET, keep=taste_filter(board, player.taste, fits_line),
                        sides=fits_line, work=CLASS_WORK)


def chosen(candidates: list[Candidate], rng: random.Random, player: Player) -> Candidate:
    """Return the play the player makes among its candidates."""
    if not player.weighted:
        return candidates[rng.randrange(len(candidates))]
    return rng.choices(candidates, weights=[c.score + 1 for c in candidates])[0]


def level_of(tileset: TileSet) -> str | None:
    """Return the shipped level a tile set is (a record names it), or None for a teacher's own."""
    return next((level for level in LEVELS if load_level(level) == tileset), None)


def simulate(tileset: TileSet, rng: random.Random, plays: int, players: int = 2,
             hand_size: int = MAX_HAND, player: Player = ENGINE) -> Replay:
    """Return the game, replayed from its record, after `plays` equation plays (or fewer, when it
    ends or every player is stuck) from an empty board: dealt with a seed drawn from the rng,
    `hand_size` tiles a rack; each player makes the play `player` chooses, trades the whole rack
    when it has none (passes when the pile cannot take it), and draws its refill."""
    header = Header(level=level_of(tileset) or tileset.name, mode="teams", players=NAMES[:players],
                    seed=rng.randrange(1, MAX_SEED))
    record = Record(header)
    game = replay(record.adding(*first_draws(record, tileset, hand_size)), tileset)
    made = stuck = 0
    while made < plays and stuck < STUCK * players and not game.ended:
        name = game.next_player
        rack = game.rack(name) or ()
        candidates = choices(game.board, rack, tileset, player)
        if candidates:
            play = chosen(candidates, rng, player).play
            line = Turn(0, name, Written(record_notation(game.board, play)))
            made, stuck = made + 1, 0
        else:
            trade = rack and game.pile is not None and len(game.pile) >= len(rack)
            line = Turn(0, name, Trade(rack, len(rack)) if trade else Pass())
            stuck += 1
        game = after_turn(game.then(line), hand_size)
    return game


def boards_of(game: Replay) -> list[Board]:
    """Return the board after each equation play of a game, in order."""
    return [turn.board.place(turn.play.placements) for turn in game.turns if turn.kind == "play"]
