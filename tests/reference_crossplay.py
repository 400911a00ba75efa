"""The cross items' search as it was before it was made cheaper (main 6b0e4b2), kept as the
reference the fast functions of classroom.make.crossplay must agree with: `targets` places an =
on every square beside a run and reads the string with every symbol, `cross_plays` runs the
game's whole check (`why_illegal`, `play_misfit`) on every placement of every answer; and the
binder's cross situation as it was before it skipped hands drawn again (main d9b9060)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from classroom.game.bag import used_tiles
from classroom.game.board import Board, Direction, Placement, Square, on_board
from classroom.game.plays import make_play, score, why_illegal
from classroom.game.symbols import BLANK, EQUAL, MAX_HAND, Hand
from classroom.game.tilesets import TileSet
from classroom.make import crossbuild, crossplay, notebook, scoreplay
from classroom.make.crossplay import Target, makes_equation
from classroom.make.hands import in_order
from classroom.make.notebook import CROSS_EXTRA, CROSS_HANDS, CROSS_TRIES, HAND, situation_rules
from classroom.make.simulated import play_misfit
from classroom.make.situations import Situation, analysed, is_good, winners_fit
from classroom.solve.board.position import Candidate, candidate_order
from classroom.solve.boardless import solve


def reference_targets(board: Board, tileset: TileSet, near: tuple[Square, ...] | None = None) -> list[Target]:
    """Return every target of the board, in board order, as crossplay.targets did."""
    spots = set()
    if near is None:
        for row, col in board.tiles:
            for square in ((row, col + 1), (row, col - 1), (row + 1, col), (row - 1, col)):
                spots.add((square, Direction.ACROSS if square[0] == row else Direction.DOWN))
    else:
        for square in near:
            for direction in Direction:
                run = board.run(square, direction)
                (dr, dc), (first_row, first_col), (last_row, last_col) = direction.step, run[0], run[-1]
                spots.update((((first_row - dr, first_col - dc), direction), ((last_row + dr, last_col + dc), direction)))
    symbols = [s for s in tileset.rules.symbols if s == EQUAL or tileset.count.get(s, 0) > 0]
    found = set()
    for square, direction in spots:
        if not on_board(square) or not board.is_empty(square):
            continue
        squares = board.place([Placement(square, EQUAL)]).run(square, direction)
        if square in (squares[0], squares[-1]):
            continue
        beside = [board.symbol(s) for s in squares if s != square]
        for symbol in symbols if EQUAL in beside else (EQUAL,):
            run = [symbol if s == square else board.symbol(s) for s in squares]
            if makes_equation(run, tileset.rules):
                found.add(Target(square, symbol, direction))
    return sorted(found, key=lambda t: (t.square, t.symbol, t.direction.value))


def reference_cross_plays(board: Board, hand: Hand, target: Target, tileset: TileSet) -> list[Candidate]:
    """Return the cross plays of the hand through the target, best first, as crossplay.cross_plays did."""
    direction = target.direction.other
    dr, dc = direction.step
    row, col = target.square
    found = []
    for answer in solve(hand, tileset).answers:
        symbols = answer.symbols
        for at, symbol in enumerate(symbols):
            if symbol != target.symbol:
                continue
            squares = [(row + (k - at) * dr, col + (k - at) * dc) for k in range(len(symbols))]
            if not all(on_board(s) for s in squares):
                continue
            placed = [(s, t) for s, t in zip(squares, symbols) if board.is_empty(s)]
            if len(placed) < len(squares) and any(board.symbol(s) != t for s, t in zip(squares, symbols)
                                                  if not board.is_empty(s)):
                continue
            play = make_play(placed, direction)
            if why_illegal(board, play, tileset) is None and play_misfit(board, play, tileset.taste) is None:
                found.append(Candidate(score(board, play, tileset).total, play))
    return sorted(found, key=candidate_order)


def reference_cross_situation(tileset: TileSet, rng: random.Random) -> Situation | None:
    """Return the binder's cross situation as notebook.cross_situation did (main d9b9060): every
    hand drawn searched, one drawn again for the same board too."""
    rules = situation_rules("cross")
    aimed = crossplay.from_games(tileset, rng, HAND, scoreplay.CROSS_HANDS)
    rebuilt = crossplay.from_games(tileset, rng, HAND, scoreplay.CROSS_HANDS, crossbuild.built)
    for board, _, plays in itertools.chain(itertools.islice(aimed, CROSS_TRIES), itertools.islice(rebuilt, CROSS_TRIES)):
        used = used_tiles(plays[0].play)
        left = Counter(t for t in tileset.bag if t != BLANK) - Counter(board.tiles.values()) - Counter(used)
        pool = sorted(left.elements())
        for extra in (CROSS_EXTRA,) * CROSS_HANDS + tuple(range(CROSS_EXTRA - 1, -1, -1)):
            hand = in_order(list(used) + rng.sample(pool, min(extra, len(pool), MAX_HAND - len(used))))
            position = notebook.Position(board, hand, tileset)
            trial = Situation(board, hand, tuple(position.best()))
            if is_good(trial, rules, tileset) and winners_fit(trial, tileset.taste):
                return analysed(position)
    return None
