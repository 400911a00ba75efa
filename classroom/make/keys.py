"""Keys: what the searches found, turned into the items a Worksheet prints, each answer
re-checked by the rules first (a key never prints what the checker has not confirmed); and a
boardless key's equations grouped by the tiles they use (combinations).

Every equation made of exactly the same tiles earns the same score, so a key that lists the
combinations best first, each with its equations in a fixed order, lets a teacher find a
student's line from its tiles (and its score) in seconds, and folds the many orderings of one
set of tiles onto a few lines without leaving any out. The families (game.families) fold
further: the equations that are one idea (sides swapped, terms and factors reordered, a Number
swallowed by a 0 in any arrangement) are one line, in the order of their combinations.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from classroom.errors import ClassroomError
from classroom.game.board import COLUMNS, Board, board_text
from classroom.game.families import family, zero_pattern
from classroom.game.plays import notation, score, why_illegal
from classroom.game.symbols import ALL_SYMBOLS, EQUAL, Hand, Tile, face, is_blank, write
from classroom.game.tilesets import TileSet
from classroom.make.situations import RUNNERS_UP, Situation, game_text
from classroom.make.worksheet import (
    BoardlessItem,
    BoardTile,
    KeyAnswer,
    KeyFamily,
    KeyGroup,
    KeyPlay,
    SituationItem,
    Square,
    TileFace,
)
from classroom.solve.board.position import Candidate
from classroom.solve.boardless import Solution, check


@dataclass(frozen=True)
class Combination:
    """One set of tiles and every answer that uses exactly those tiles."""

    tiles: tuple[Tile, ...]  # hand order, blanks last and marked: ('2', '4', '8', '÷', '?3')
    score: int
    answers: tuple  # the answers (anything with .tiles, .text, .score), in a fixed order


def tile_order(tile: Tile) -> tuple[bool, int]:
    """Return the sort key of a tile in a combination: real tiles in hand order, then blanks."""
    return is_blank(tile), ALL_SYMBOLS.index(face(tile))


def combination_of(tiles: tuple[Tile, ...]) -> tuple[Tile, ...]:
    """Return the tiles an equation uses, = left out, in combination order:
    ('2', '4', '?÷', '3', '=', '8') -> ('2', '3', '4', '8', '?÷')."""
    return tuple(sorted((t for t in tiles if t != EQUAL), key=tile_order))


def group(answers) -> tuple[Combination, ...]:
    """Return the answers grouped by combination: highest score first, then more tiles first,
    then by the tiles; inside a combination the answers are in the order of their text."""
    groups: dict[tuple[Tile, ...], list] = defaultdict(list)
    for answer in answers:
        groups[combination_of(answer.tiles)].append(answer)
    out = [Combination(tiles, found[0].score, tuple(sorted(found, key=lambda a: a.text)))
           for tiles, found in groups.items()]
    out.sort(key=lambda c: (-c.score, -len(c.tiles), [tile_order(t) for t in c.tiles]))
    return tuple(out)


def families(groups: tuple[Combination, ...], shown_first=None) -> tuple[KeyFamily, ...]:
    """Return the answers of the groups folded by family: in the groups' order (best first), and
    inside a combination by the text of each family's first member. A family shows its first
    member, or with `shown_first` (a sort key of answers) the member that sorts first by it; a
    zero trick always shows its first, whose letters it prints."""
    out = []
    for combination in groups:
        found: dict[tuple, list] = defaultdict(list)
        for answer in combination.answers:
            found[family(face(t) for t in answer.tiles)].append(answer)
        for members in sorted(found.values(), key=lambda m: m[0].text):
            shown, letters = zero_pattern(members[0].tiles)
            member = members[0] if letters or shown_first is None else min(members, key=shown_first)
            out.append(KeyFamily(member, len(members), combination.tiles,
                                 write(shown) if letters else "", letters))
    return tuple(out)


def hand_faces(hand: Hand, tileset: TileSet) -> tuple[TileFace, ...]:
    """Return the hand's tiles with the scores the tile set prints on them."""
    return tuple(TileFace(tile, tileset.score_of(tile)) for tile in hand)


def board_tiles(tiles: dict[Square, Tile] | dict[str, Tile], tileset: TileSet) -> tuple[BoardTile, ...]:
    """Return the tiles of a board given as square -> tile ((9, 6) or 'F9'), in reading order."""
    out = []
    for square, tile in tiles.items():
        if isinstance(square, str):
            square = (int(square[1:]), COLUMNS.index(square[0].upper()) + 1)
        out.append(BoardTile(square[0], square[1], tile, tileset.score_of(tile)))
    return tuple(sorted(out, key=lambda t: (t.row, t.col)))


def key_answers(solution: Solution, tileset: TileSet, hand: Hand | None = None) -> list[KeyAnswer]:
    """Return the solver's answers as a key prints them; with the hand, each re-checked by the
    checker first (PRODUCT: a key never prints an answer the checker has not confirmed, with the
    same score; a disagreement is raised, never printed). Without it, unchecked: for choosing
    among hands, the hand kept then re-checked by a call with it (boardless_item, variety_item)."""
    answers = []
    for answer in solution.answers:
        tiles = tuple(answer.tiles or answer.symbols)
        if hand is not None:
            verdict = check(tiles, tileset, hand)
            if not verdict.valid or verdict.score != answer.score or verdict.tiles != tiles:
                raise ClassroomError(
                    f"internal check failed for {answer.marked} (scored {answer.score}): "
                    f"{verdict.reason or f'the checker scores it {verdict.score} as {write(verdict.tiles)}'}")
        answers.append(KeyAnswer(answer.text, answer.score, answer.all_nine, tiles))
    return answers


def boardless_item(id: str, hand: Hand, tileset: TileSet, solution: Solution) -> BoardlessItem:
    """Return the Boardless Activity item of a hand, its key taken from the solver's Solution.

    Every answer is re-checked by the checker first (PRODUCT: a key never prints an answer the
    checker has not confirmed, with the same score); a disagreement is raised, never printed.
    """
    answers = key_answers(solution, tileset, hand)
    combinations = group(answers)
    groups = tuple(KeyGroup(c.tiles, c.score, c.answers) for c in combinations)
    return BoardlessItem(
        id=id,
        hand=hand_faces(hand, tileset),
        count=solution.count,
        combinations=solution.combinations,
        best_score=solution.best_score,
        answers=tuple(answers),
        groups=groups,
        families=families(combinations),
    )


def key_play(board: Board, candidate: Candidate, tileset: TileSet) -> KeyPlay:
    """Return a play as the key prints it, after re-checking it with the rules and the scorer."""
    play = candidate.play
    reason = why_illegal(board, play, tileset)
    breakdown = score(board, play, tileset)
    if reason is not None or breakdown.total != candidate.score:
        raise ClassroomError(
            f"internal check failed for {notation(board, play)}: "
            f"{reason or f'the scorer gives {breakdown.total}, not {candidate.score}'}")
    return KeyPlay(notation(board, play), play.placements, breakdown)


def situation_item(id: str, situation: Situation, tileset: TileSet) -> SituationItem:
    """Return the worksheet item of a position: board, hand, best plays, runners-up, count."""
    plays = situation.plays
    best = [c for c in plays if c.score == plays[0].score] if plays else []
    following = plays[len(best):len(best) + RUNNERS_UP]
    board = situation.board
    return SituationItem(
        id=id,
        board=board_tiles(board.tiles, tileset),
        hand=hand_faces(situation.hand, tileset),
        best=tuple(key_play(board, c, tileset) for c in best),
        next_best=tuple(key_play(board, c, tileset) for c in following),
        count=situation.count,
        count_exact=situation.count_exact,
        grid=board_text(board),
        game=game_text(situation, id, tileset),
    )
