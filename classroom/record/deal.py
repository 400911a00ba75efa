"""Dealing a game from the bag (RULES §10): the first racks, the refill after every play or
trade, and the tiles each player holds when the game ends, all as record lines.

Every draw is seeded by the game's seed and how many draws came before it, from the pile in the
tile set's order, so a game is a pure function of its record: replaying it gives the same pile,
and the same seed deals the same game on any computer. With two draw piles (RULES §12) a draw also
takes the number of operation tiles the player asked for; that number is the count of operation
tiles on its draws line, so the record says it and a replay deals the same tiles. The engine's own
best play is here too, for a single player's practice and for a game played by the computer.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from classroom.errors import ClassroomError
from classroom.game.bag import FIRST_OPERATIONS, MAX_OPERATIONS, draw, pile_draw, take
from classroom.game.plays import record_notation
from classroom.game.symbols import MAX_HAND, Hand, Tile
from classroom.game.tilesets import TileSet
from classroom.record.analysis import best_plays
from classroom.record.grammar import (
    PILES,
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


def seeded_draw(pile: tuple[Tile, ...], count: int, seed: int, number: int, operations: int | None = None) -> Hand:
    """Return the tiles draw number `number` of a game takes from the pile (in bag order); with
    `operations`, from two piles, that many from the operations pile (RULES §12)."""
    rng = random.Random(f"{seed}:draw:{number}")
    hand, _ = draw(pile, count, rng) if operations is None else pile_draw(pile, count, operations, rng)
    return hand


def draws_so_far(record: Record) -> int:
    """Return how many draws the record holds: the next draw's number."""
    return sum(1 for line in record.lines if isinstance(line, Draw))


def new_game(mode: str, players: tuple[str, ...], level: str, seed: int,
             minutes: tuple[tuple[str, int], ...] = (), board: tuple[str, ...] = (),
             piles: str = PILES[0], operations: int = FIRST_OPERATIONS) -> Record:
    """Return a new teams or solo game (from an empty board, or the board file rows `board`):
    its header and every player's first nine tiles, drawn from the pile the board leaves (with
    two piles, `operations` of them from the operations pile)."""
    if mode not in ("teams", "solo"):
        raise ClassroomError(f"a {mode} game is dealt by rounds, not with racks for each player")
    header = Header(level=level, mode=mode, players=players, seed=seed, minutes=minutes, board=board, piles=piles)
    record = read_record(record_text(Record(header)), "the new game")  # checked as if read
    two = piles == PILES[1]
    return record.adding(*first_draws(record, tileset_of(record), operations=operations if two else None))


def first_draws(record: Record, tileset: TileSet, hand_size: int = MAX_HAND,
                operations: int | None = None) -> tuple[Draw, ...]:
    """Return the draws that deal a new game (a record of its header alone) to its players in
    turn: `hand_size` tiles each (nine at a table), draw k seeded by the record's seed and k,
    from the pile its board leaves (with `operations`: from two piles, as seeded_draw)."""
    _, on_board = start(record, tileset, "the new game")
    pile = tuple(sorted((Counter(tileset.bag) - on_board).elements(), key=tileset.bag.index))
    draws = []
    for number, player in enumerate(record.header.players):
        hand = seeded_draw(pile, hand_size, record.header.seed, number, operations)
        draws.append(Draw(0, player, hand))
        pile = take(pile, list(hand))
    return tuple(draws)


def after_turn(game: Replay, hand_size: int = MAX_HAND, operations: int | None = None) -> Replay:
    """Return the game with what follows its last turn written into its record: the player's
    refill from the pile (to `hand_size` tiles; nine at a table), and, once the game has ended,
    what each player holds. With two piles the refill takes `operations` operation tiles, and
    waits (`Replay.drawing`) while that is None: the player has not said yet."""
    record = game.record
    seed = record.header.seed
    last = game.turns[-1] if game.turns else None
    two = record.header.piles == PILES[1]
    if last is not None and not game.ended and game.pile and seed is not None and not (two and operations is None):
        rack = game.rack(last.player) or ()
        want = min(hand_size - len(rack), len(game.pile))
        if want > 0:
            tiles = seeded_draw(game.pile, want, seed, draws_so_far(record), operations if two else None)
            game = game.then(Draw(0, last.player, tiles))
    if game.ended and not any(isinstance(line, Holds) for line in record.lines) and game.dealt:
        for holds in [Holds(0, p, game.rack(p) or ()) for p in game.players]:
            game = game.then(holds)
    return game


def play_turn(record: Record, line: Line, where: str = "record", game: Replay | None = None,
              operations: int | None = None) -> tuple[Record, Replay]:
    """Return the record with a turn added (checked on the game as it stands; a broken turn raises
    naming it and changes nothing) and the refill dealt, and the game replayed to the new end;
    `game` is the record replayed already, when the caller has it, so it is not replayed again.
    With two piles, `operations` is how many operation tiles the refill takes (None: the refill
    waits for draw_refill)."""
    if not isinstance(line, Turn):
        raise ClassroomError(f"{where}: give a turn ('Red: J10 across 24 ÷ 3 = 8', 'Red: trade 4 ÷ 9', "
                             "'Red: pass'); the tool writes draws and holds itself")
    if game is None or game.record != record:
        game = replay(record, where=where)
    check_operations(record, operations)
    game = game.then(line, where)
    if record.header.seed is not None:
        game = after_turn(game, operations=operations)
    return game.record, game


def check_operations(record: Record, operations: int | None) -> None:
    """Raise unless `operations` is None, or a number of operation tiles a two-pile game can ask for."""
    if operations is None:
        return
    if record.header.piles != PILES[1]:
        raise ClassroomError("the number of operation tiles (--operations) is asked in a game with two draw "
                             "piles ('#piles two', game new --piles two)")
    if not 0 <= operations <= MAX_OPERATIONS:
        raise ClassroomError(f"the number of operation tiles (--operations) is a whole number from 0 to "
                             f"{MAX_OPERATIONS}, not {operations}")


def draw_refill(record: Record, operations: int, where: str = "record",
                game: Replay | None = None) -> tuple[Record, Replay]:
    """Return the record with the refill a two-pile game waits for dealt (`operations` of its
    tiles from the operations pile, as many as the piles allow), and the game replayed."""
    check_operations(record, operations)
    if game is None or game.record != record:
        game = replay(record, where=where)
    if game.drawing is None:
        raise ClassroomError(f"{where}: no one is waiting to draw; the next turn is "
                             f"{game.next_player or 'no one'}'s")
    game = after_turn(game, operations=operations)
    return game.record, game


def best_turn(game: Replay) -> Turn:
    """Return the turn the engine makes for the player to move: its best play under the game's
    rule of play, scored with the player's fraction bonus (the first of the best, in the engine's
    order), else a trade of the whole rack when the pile allows, else a pass."""
    player = game.next_player
    if player is None:
        raise ClassroomError("the game has ended")
    rack = game.rack(player)
    if rack is None:
        raise ClassroomError(f"the record does not know {player}'s rack; the engine cannot play for them")
    header = game.record.header
    best = best_plays((game.board, rack, game.tileset, 1, header.bonus_of(player), header.play)) if rack else ()
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
