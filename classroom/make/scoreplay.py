"""Score this play worksheets: a board from simulated play with one more play marked on it; the
student writes the play's score, and the key breaks it down as a situation key does.

Each item practises one thing (its Focus): a plain play, a symbol premium (2S, 3S: on a tile
with a score, so the doubling shows), an equation premium (2E, 3E), a cross equation, or all at
once. The board comes from a game the class player of the level plays (classroom.make.simulated);
the play is chosen among the legal plays of a hand drawn from what the game left in the pile
(`solve.board.position.Position`) that show the focus and fit the level's taste, and its key is
re-scored by `game.plays.score` before it is printed (`make.keys.key_play`).

Pure: every random choice comes from the `random.Random` passed in.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from classroom.errors import ClassroomError
from classroom.game.bag import draw
from classroom.game.board import Board, board_text, premium
from classroom.game.plays import Play, cross_runs
from classroom.game.symbols import BLANK, EQUAL, MAX_HAND
from classroom.game.tilesets import TileSet
from classroom.make import crossbuild, crossplay
from classroom.make.focuses import FOCUSES
from classroom.make.hands import in_order
from classroom.make.keys import board_tiles, key_play
from classroom.make.simulated import boards_of, class_player, play_misfit, simulate
from classroom.make.worksheet import BoardTile, KeyPlay, premium_labels
from classroom.solve.board.position import Candidate, Position

PLAYS = (2, 8)  # equation plays on the board before the play to score (fewest, most)
CROSS_HANDS = 10  # hands aimed at one target for a cross play (a boardless solve each, cheap)
ALL_HANDS = 10  # the same for an 'all' play
ALL_BUILT = 24  # hands with a cross play an 'all' item looks at for one placing nine tiles...
ALL_MORE = 3  # ...or this many more past the first covering a premium (the bonus is rare: 7 of 30)
GAMES = 8  # simulated games tried for one item before its focus is declared out of reach
BOARDS = 4  # boards of one game tried (the board after each of its plays)
HAND = 7  # tiles of the drawn hand: plays a student adds up, found in a tenth of a second
FEW_TILES = (3, 6)  # tiles placed by a one-thing item's play, when the hand has such plays
ALL_HAND = MAX_HAND  # the hand of an 'all' item: nine tiles, so the 40 bonus can be practised
ALL_TOP = 4  # an 'all' item's play is one of the hand's good plays (they combine most)...
ALL_BUDGET = 40  # ...found best first within this many windows, as a simulated player's are


@dataclass(frozen=True)
class Features:
    """What a play's score is made of, beyond its tiles' plain scores."""

    s_premium: bool  # a new tile with a score on 2S or 3S (an = there doubles nothing)
    e_premium: bool  # a new tile on 2E or 3E
    cross: bool  # an equation formed across the play's direction
    bonus: bool  # all nine tiles of the hand placed

    @property
    def count(self) -> int:
        """Return how many of the four the play shows."""
        return self.s_premium + self.e_premium + self.cross + self.bonus

    @property
    def premium(self) -> bool:
        """Return whether a premium counts in the score (a symbol's or the equation's)."""
        return self.s_premium or self.e_premium


def features(board: Board, play: Play, tileset: TileSet) -> Features:
    """Return the features of a legal play: every new tile lies in the main equation, so a new
    tile on a premium square always counts (on 2S or 3S, when the tile has a score to multiply),
    and a cross string holding an = is an equation."""
    after = board.place(play.placements)
    cross = any(any(after.symbol(s) == EQUAL for s in run) for run in cross_runs(board, play))
    return Features(any(premium(p.square).symbol_factor > 1 and tileset.score_of(p.tile) > 0 for p in play.placements),
                    any(premium(p.square).equation_factor > 1 for p in play.placements),
                    cross, play.tiles_used == MAX_HAND)


def shows(focus: str, found: Features) -> bool:
    """Return whether a play's features practise the focus, and nothing else but it."""
    if focus == "plain":
        return found.count == 0
    if focus == "s-premium":
        return found.s_premium and found.count == 1
    if focus == "e-premium":
        return found.e_premium and found.count == 1
    if focus == "cross":
        return found.cross and not found.bonus
    if focus == "all":
        return found.count >= 2
    raise ClassroomError(f"unknown focus {focus!r}; choose from {', '.join(FOCUSES)}")


def focus_of(number: int, count: int) -> str:
    """Return the focus of item `number` of `count`: the sheet goes through FOCUSES in order,
    each item of a block practising the same thing (5 items: one of each)."""
    return list(FOCUSES)[(number - 1) * len(FOCUSES) // count]


@dataclass(frozen=True)
class ScorePlayItem:
    """One Score this play item: the board before the play, the play, and its key."""

    id: str  # like 'P-42-3f9a-01'
    focus: str  # a key of FOCUSES
    board: tuple[BoardTile, ...]
    play: KeyPlay  # the play marked on the board; its breakdown is the key
    grid: str = ""  # the board file text before the play, for the manifest
    premiums: tuple[tuple[str, ...], ...] = field(default_factory=premium_labels)

    @property
    def score(self) -> int:
        """Return the play's score: the answer the student writes."""
        return self.play.score


def candidates(board: Board, hand: tuple[str, ...], tileset: TileSet, focus: str) -> list[Candidate]:
    """Return the hand's legal plays on the board that practise the focus and fit the level's
    taste, best first; an 'all' item keeps those with the most features (a cross item's play is
    built, make.crossplay, never looked for here)."""
    position = Position(board, hand, tileset)
    plays = position.top(ALL_TOP, ALL_BUDGET) if focus == "all" else position.all()
    plays = [c for c in plays if play_misfit(board, c.play, tileset.taste) is None]
    fitting = [(c, features(board, c.play, tileset)) for c in plays]
    fitting = [(c, f) for c, f in fitting if shows(focus, f)]
    if focus == "all" and fitting:
        most = max(f.count for _, f in fitting)
        fitting = [(c, f) for c, f in fitting if f.count == most]
    found = [c for c, _ in fitting]
    if focus in ("plain", "s-premium", "e-premium"):  # a few tiles to add up, when there are such plays
        found = [c for c in found if FEW_TILES[0] <= c.play.tiles_used <= FEW_TILES[1]] or found
    return found


def find_play(tileset: TileSet, rng: random.Random, focus: str) -> tuple[Board, Candidate]:
    """Return a board from simulated play and a play on it that practises the focus; raise after
    a bounded search naming the focus. A cross play, and an 'all' play first, are built through a
    square where one tile completes an equation (make.crossplay), from aimed hands and, when none
    keeps the item's promise, from hands built from the targets' equations (make.crossbuild)."""
    if focus in ("cross", "all"):
        found = built_play(tileset, rng, focus)
        if found is None and focus == "cross":
            # no seven-tile hand built one: nine tiles reach targets seven cannot (the 'all'
            # item's hands, which found cross plays on every pair where seven found none)
            found = built_play(tileset, rng, focus, ALL_HAND)
        if not keeps_promise(found, focus, tileset):
            # no aimed hand held what the item promises: hands built from the equations that fit
            # through each target (make.crossbuild); only then, so the other items draw as before
            again = built_play(tileset, rng, focus, build=crossbuild.built)
            if again is not None and (found is None or keeps_promise(again, focus, tileset)):
                found = again
        if found is not None:
            return found
        if focus == "cross":  # three searches ran: seven- and nine-tile hands aimed, then hands built
            raise ClassroomError(f"no play showing {FOCUSES[focus]} turned up in {3 * crossplay.GAMES} simulated "
                                 f"games of the {tileset.name} tile set; choose another --focus")
    size = ALL_HAND if focus == "all" else HAND
    for _ in range(GAMES):
        game = simulate(tileset, rng, rng.randint(*PLAYS), player=class_player(tileset))
        boards = boards_of(game)
        bag = tuple(t for t in game.pile if t != BLANK)
        if len(bag) < size:
            continue
        for board in rng.sample(boards, min(BOARDS, len(boards))):
            hand = in_order(list(draw(bag, size, rng)[0]))
            found = candidates(board, hand, tileset, focus)
            if found:
                return board, found[rng.randrange(len(found))]
    raise ClassroomError(f"no play showing {FOCUSES[focus]} turned up in {GAMES} simulated games of the "
                         f"{tileset.name} tile set; choose another --focus")


def keeps_promise(found: tuple[Board, Candidate] | None, focus: str, tileset: TileSet) -> bool:
    """Return whether a built play holds what its item promises: a cross equation, and for
    'all' a premium that counts too (`features`: an = or a blank on 2S multiplies nothing, so a
    class practises no premium there)."""
    if found is None:
        return False
    board, candidate = found
    shown = features(board, candidate.play, tileset)
    return shown.cross and (focus != "all" or shown.premium)


def built_play(tileset: TileSet, rng: random.Random, focus: str, size: int | None = None,
               build: Callable | None = None) -> tuple[Board, Candidate] | None:
    """Return a board and a cross play built on it (make.crossplay) that practises the focus, or
    None when none turned up within the bound: for 'cross', one of those with the fewest other
    features; for 'all', one placing all nine tiles and covering a premium, else the richest of
    ALL_BUILT hands with cross plays, or of ALL_MORE more once one covers a premium. The hands
    hold `size` tiles (by default HAND, ALL_HAND for 'all'), aimed or made by `build`
    (`crossplay.from_games`)."""
    richest: tuple[tuple, Board, Candidate] | None = None
    every = focus == "all"
    size = size or (ALL_HAND if every else HAND)
    built = crossplay.from_games(tileset, rng, size, ALL_HANDS if size == ALL_HAND else CROSS_HANDS, build)
    left = ALL_BUILT  # for 'all': built hands still to look at (never one pulled past the bound)
    for board, _, plays in built:
        left -= 1
        if focus == "cross":
            found = fewest_featured(board, plays, tileset)
            if found:
                return board, found[rng.randrange(len(found))]
            continue
        fitting = [(c, f) for c in plays if shows(focus, f := features(board, c.play, tileset))]
        if fitting:
            full = [c for c, f in fitting if f.bonus and f.premium]
            if full:
                return board, full[rng.randrange(len(full))]
            # else a premium first, then the bonus, then the most features, then the score
            ranked = [((f.premium, f.bonus, f.count, c.score), c) for c, f in fitting]
            rank, candidate = max(ranked, key=lambda pair: pair[0])
            if richest is None or rank > richest[0]:
                richest = (rank, board, candidate)
            if rank[0]:  # a premium and a cross equation: what the item promises; the bonus is a plus
                left = min(left, ALL_MORE)
        if every and left == 0:
            break
    return None if richest is None else richest[1:]


def fewest_featured(board: Board, plays: list[Candidate], tileset: TileSet) -> list[Candidate]:
    """Return the cross plays, of those given, that practise the cross equation with the fewest
    other features (premiums), in their order; none when no play shows the focus."""
    fitting = [(c, f) for c in plays if shows("cross", f := features(board, c.play, tileset))]
    fewest = min((f.count for _, f in fitting), default=0)
    return [c for c, f in fitting if f.count == fewest]


def item_of(id: str, tileset: TileSet, board: Board, candidate: Candidate, focus: str) -> ScorePlayItem:
    """Return the Score this play item of a play on a board, its key re-checked by the scorer."""
    return ScorePlayItem(id, focus, board_tiles(board.tiles, tileset), key_play(board, candidate, tileset),
                         board_text(board))


def scoreplay_item(id: str, tileset: TileSet, rng: random.Random, focus: str,
                   fallback: bool = False) -> ScorePlayItem:
    """Return a Score this play item practising the focus, its key re-checked by the scorer;
    with `fallback`, an item whose focus does not turn up practises 'all' instead (a cross
    equation is rare, and with some sets, like Add and subtract, rarer still)."""
    try:
        board, candidate = find_play(tileset, rng, focus)
    except ClassroomError:
        if not fallback or focus == "all":
            raise
        focus = "all"
        board, candidate = find_play(tileset, rng, focus)
    return item_of(id, tileset, board, candidate, focus)
