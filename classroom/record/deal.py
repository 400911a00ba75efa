"""Dealing a game from the bag (RULES §10): the first racks, the refill after every play or
trade, and the tiles each player holds when the game ends, all as record lines.

Every draw is seeded by the game's seed and how many draws came before it, from the pile in the
tile set's order, so a game is a pure function of its record: replaying it gives the same pile,
and the same seed deals the same game on any computer. The engine's own best play is here too,
for a single player's practice and for a game played by the computer.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from classroom.errors import ClassroomError
from classroom.game.bag import draw, take
from classroom.game.plays import record_notation
from classroom.game.symbols import MAX_HAND, Hand, Tile
from classroom.game.tilesets import TileSet
from classroom.record.grammar import (
    Draw,
    Header,
    Holds,
    Line,
    Pass,
    Record,
    Trade,
    Turn,
    Written,
    read_record,
    record_text,
)
from classroom.record.replay import Replay, replay, start, tileset_of
from classroom.solve.horizontal import position_for


def seeded_draw(pile: tuple[Tile, ...], count: int, seed: int, number: int) -> Hand:
    """Return the tiles draw number `number` of a game takes from the pile (in bag order)."""
    hand, _ = draw(pile, count, random.Random(f"{seed}:draw:{number}"))
    return hand


def draws_so_far(record: Record) -> int:
    """Return how many draws the record holds: the next draw's number."""
    return sum(1 for line in record.lines if isinstance(line, Draw))


def new_game(mode: str, players: tuple[str, ...], level: str, seed: int,
             minutes: tuple[tuple[str, int], ...] = (), board: tuple[str, ...] = ()) -> Record:
    """Return a new teams or solo game (from an empty board, or the board file rows `board`):
    its header and every player's first nine tiles, drawn from the pile the board leaves."""
    if mode not in ("teams", "solo"):
        raise ClassroomError(f"a {mode} game is dealt by rounds, not with racks for each player")
    header = Header(level=level, mode=mode, players=players, seed=seed, minutes=minutes, board=board)
    record = read_record(record_text(Record(header)), "the new game")  # checked as if read
    return record.adding(*first_draws(record, tileset_of(record)))


def first_draws(record: Record, tileset: TileSet, hand_size: int = MAX_HAND) -> tuple[Draw, ...]:
    """Return the draws that deal a new game (a record of its header alone) to its players in
    turn: `hand_size` tiles each (nine at a table), draw k seeded by the record's seed and k,
    from the pile its board leaves."""
    _, on_board = start(record, tileset, "the new game")
    pile = tuple(sorted((Counter(tileset.bag) - on_board).elements(), key=tileset.bag.index))
    draws = []
    for number, player in enumerate(record.header.players):
        hand = seeded_draw(pile, hand_size, record.header.seed, number)
        draws.append(Draw(0, player, hand))
        pile = take(pile, list(hand))
    return tuple(draws)


def after_turn(game: Replay, hand_size: int = MAX_HAND) -> Replay:
    """Return the game with what follows its last turn written into its record: the player's
    refill from the pile (to `hand_size` tiles; nine at a table), and, once the game has ended,
    what each player holds."""
    record = game.record
    seed = record.header.seed
    last = game.turns[-1] if game.turns else None
    if last is not None and not game.ended and game.pile and seed is not None:
        rack = game.rack(last.player) or ()
        want = min(hand_size - len(rack), len(game.pile))
        if want > 0:
            game = game.then(Draw(0, last.player, seeded_draw(game.pile, want, seed, draws_so_far(record))))
    if game.ended and not any(isinstance(line, Holds) for line in record.lines) and game.dealt:
        for holds in [Holds(0, p, game.rack(p) or ()) for p in game.players]:
            game = game.then(holds)
    return game


def play_turn(record: Record, line: Line, where: str = "record", game: Replay | None = None) -> tuple[Record, Replay]:
    """Return the record with a turn added (checked on the game as it stands; a broken turn raises
    naming it and changes nothing) and the refill dealt, and the game replayed to the new end;
    `game` is the record replayed already, when the caller has it, so it is not replayed again."""
    if not isinstance(line, Turn):
        raise ClassroomError(f"{where}: give a turn ('Red: J10 across 24 ÷ 3 = 8', 'Red: trade 4 ÷ 9', "
                             "'Red: pass'); the tool writes draws and holds itself")
    if game is None or game.record != record:
        game = replay(record, where=where)
    game = game.then(line, where)
    if record.header.seed is not None:
        game = after_turn(game)
    return game.record, game


def best_turn(game: Replay) -> Turn:
    """Return the turn the engine makes for the player to move: its best play under the game's
    rule of play (the first of the best, in the engine's order), else a trade of the whole rack
    when the pile allows, else a pass."""
    player = game.next_player
    if player is None:
        raise ClassroomError("the game has ended")
    rack = game.rack(player)
    if rack is None:
        raise ClassroomError(f"the record does not know {player}'s rack; the engine cannot play for them")
    best = position_for(game.record.header.play, game.board, rack, game.tileset).best() if rack else []
    if best:
        return Turn(0, player, Written(record_notation(game.board, best[0].play)))
    if rack and game.pile is not None and len(game.pile) >= len(rack):
        return Turn(0, player, Trade(rack, len(rack)))
    return Turn(0, player, Pass())


def undo_turn(record: Record) -> Record:
    """Return the record without its last turn and what the tool wrote after it (the refill, the
    holds lines): the game as it was before that turn. Draws are numbered by how many came
    before, so playing the turn again deals the same refill."""
    last = max((i for i, line in enumerate(record.lines) if isinstance(line, Turn)), default=None)
    if last is None:
        raise ClassroomError("the game has no turn to take back")
    return replace(record, lines=record.lines[:last])


def stop_game(record: Record, where: str = "record") -> tuple[Record, Replay]:
    """Return the game stopped where it stands because time is up (RULES §10: once every player
    has had the same number of turns, with no end sums): every player's 'holds' line, for the
    record, and the totals as they are."""
    game = replay(record, where=where)
    if game.ended:
        raise ClassroomError("the game has already ended")
    if not game.dealt:
        raise ClassroomError("a game kept at a table ends with what each player holds: "
                             "add a 'holds' line for each ('Red holds 4 ×')")
    turns = {p: sum(t.player == p for t in game.turns) for p in game.players}
    most = max(turns.values())
    behind = [p for p in game.players if turns[p] < most]
    if behind:
        raise ClassroomError(f"a game stopped for time ends once every player has had the same number of "
                             f"turns: {' and '.join(behind)} {'has' if len(behind) == 1 else 'have'} had "
                             f"{min(turns.values())}, the others {most}; let {behind[0]} play first")
    for holds in [Holds(0, p, game.rack(p) or ()) for p in game.players]:
        game = game.then(holds, where)
    return game.record, game
