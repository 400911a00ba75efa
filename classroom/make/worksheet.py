"""Worksheet models: what a printed Worksheet and its Key hold, as plain frozen data.

The core builds these values; the renderers (classroom.render) and the templates only draw
them. Nothing here imports a search: a Board Situation arrives as plain data (squares, tiles,
scores, each key play with the game's own breakdown of it); classroom.make.keys converts the
searches' results into these values, re-checking each answer.

Texts are canonical, as the solver and the JSON write them (ASCII '-' for minus); the
renderers print a typographic minus.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from classroom.game.board import SIZE, Placement, Square, premium
from classroom.game.plays import Breakdown
from classroom.game.symbols import Symbol, Tile, face, write

SHEET_KINDS = ("boardless", "situations", "scoreplay", "trueornot", "variety")
GRADED = ("boardless", "situations")  # the kinds `classroom grade` marks and the library lists
PREFIXES = {"boardless": "B", "situations": "S", "scoreplay": "P", "trueornot": "T", "variety": "V"}  # of item ids
PAGE_SIZES = ("letter", "a4")
# The key by families of equations (boardless; the other kinds print their whole key), every
# equation, its summary page only, or no key PDF.
KEYS = ("families", "full", "summary", "none")


@dataclass(frozen=True)
class TileFace:
    """One tile as printed: its token and the score in its corner."""

    tile: Tile  # like '7/4', '-', '?' (a blank in a hand) or '?5' (a blank placed as 5)
    score: int

    @property
    def symbol(self) -> Symbol:
        """Return what the tile shows: '?5' shows '5', a blank in a hand shows '?'."""
        return face(self.tile)


@dataclass(frozen=True)
class KeyAnswer:
    """One equation of a boardless key: its text and score, and its tiles with blanks marked."""

    text: str  # like '24 ÷ 3 = 8'
    score: int
    all_nine: bool
    tiles: tuple[Tile, ...] = ()  # like ('2', '4', '?÷', '3', '=', '8'); () for text alone

    @property
    def marked(self) -> str:
        """Return the text with each blank written as ? plus its symbol: '24 ?÷ 3 = 8'."""
        return write(self.tiles) if self.tiles else self.text


@dataclass(frozen=True)
class KeyGroup:
    """One tile combination of a boardless key: its tiles, its score, and every equation that
    uses exactly those tiles, in a fixed order."""

    tiles: tuple[Tile, ...]  # like ('2', '3', '4', '8', '?÷'), = left out
    score: int
    answers: tuple[KeyAnswer, ...]

    @property
    def all_nine(self) -> bool:
        """Return whether the combination uses all nine tiles."""
        return self.answers[0].all_nine


@dataclass(frozen=True)
class KeyFamily:
    """One family of a boardless key (game.families): the member printed, how many equations
    the family holds, and for a zero trick the member with its swallowed Numbers as letters."""

    answer: KeyAnswer  # the first member in the key's order
    count: int
    tiles: tuple[Tile, ...]  # the combination every member uses, like ('0', '0', '2', '3', '4', '9', '×')
    pattern: str = ""  # like '0 = 0 × N'; '' when no Number is swallowed by a 0
    letters: tuple[tuple[str, tuple[Symbol, ...]], ...] = ()  # like (('N', ('2', '3', '4', '9')),)

    @property
    def score(self) -> int:
        """Return the score every member earns."""
        return self.answer.score


@dataclass(frozen=True)
class BoardlessItem:
    """One Boardless Activity hand and, for the key, every equation it allows."""

    id: str  # like 'B-42-01'
    hand: tuple[TileFace, ...]
    count: int  # number of different equations
    combinations: int  # number of different tile multisets that make an equation
    best_score: int | None
    answers: tuple[KeyAnswer, ...]  # every equation, best first
    groups: tuple[KeyGroup, ...] = ()  # the same equations by tile combination, best first
    families: tuple[KeyFamily, ...] = ()  # the same equations by family, in the groups' order

    @property
    def tokens(self) -> tuple[Tile, ...]:
        """Return the hand as canonical tokens, like ('2', '4', '÷')."""
        return tuple(t.tile for t in self.hand)

    @property
    def best(self) -> tuple[KeyAnswer, ...]:
        """Return the answers that reach the best score."""
        return tuple(a for a in self.answers if a.score == self.best_score)

    @property
    def nine_tile(self) -> tuple[KeyAnswer, ...]:
        """Return the answers that use all nine tiles."""
        return tuple(a for a in self.answers if a.all_nine)


@dataclass(frozen=True)
class KeyPlay:
    """One play of a key (a situation's, a play to score): as a judge writes it, and the game's
    own Placements and Breakdown of it (game.board, game.plays: the main equation first, each
    tile's part in it), re-checked by the rules and the scorer before it is printed."""

    notation: str  # like 'F9 across 7/4 = 3/4 + 1'
    placements: tuple[Placement, ...]  # the tiles the play puts down, in reading order
    breakdown: Breakdown

    @property
    def score(self) -> int:
        """Return the play's score."""
        return self.breakdown.total


@dataclass(frozen=True)
class BoardTile:
    """A tile already on the board of a situation, with its score."""

    row: int
    col: int
    tile: Tile  # like '7' or '?5'
    score: int

    @property
    def symbol(self) -> Symbol:
        """Return what the tile shows."""
        return face(self.tile)


@dataclass(frozen=True)
class SituationItem:
    """One Board Situation: the board, the hand, and for the key the best and next plays."""

    id: str  # like 'S-42-01'
    board: tuple[BoardTile, ...]
    hand: tuple[TileFace, ...]
    best: tuple[KeyPlay, ...]  # every play reaching the best score (the first is drawn)
    next_best: tuple[KeyPlay, ...] = ()  # the runners-up, best first
    count: int = 0  # number of distinct legal equation plays; a lower bound when not count_exact
    count_exact: bool = True  # False: too many to count exactly in a few seconds (at least `count`)
    grid: str = ""  # the board file text, for the manifest
    premiums: tuple[tuple[str, ...], ...] = field(default_factory=lambda: premium_labels())
    game: str = ""  # the record of the simulated game the board comes from ('': a teacher's own board)

    @property
    def tokens(self) -> tuple[Tile, ...]:
        """Return the hand as canonical tokens."""
        return tuple(t.tile for t in self.hand)

    @property
    def best_score(self) -> int | None:
        """Return the best play's score, or None when the hand has no play."""
        return self.best[0].score if self.best else None

    @property
    def squares(self) -> dict[Square, BoardTile]:
        """Return (row, col) -> the tile already there."""
        return {(t.row, t.col): t for t in self.board}


@dataclass(frozen=True)
class Worksheet:
    """A class set: its kind, the options that made it, and its items (one per page or more)."""

    kind: str  # one of SHEET_KINDS
    seed: int | None
    level: str  # the tile set's name, like 'original'
    items: tuple  # BoardlessItem, SituationItem, ScorePlayItem or TrueOrNotItem, one kind
    page_size: str = "letter"  # 'letter' or 'a4'
    large_print: bool = False
    title: str | None = None  # a teacher's own title; None means the template's
    copies: int = 1  # student sheets printed of each item (--same-hand: one hand, a class set)
    options: tuple[tuple[str, object], ...] = ()  # the options that made the items, for the manifest
    custom_tiles: tuple[tuple[str, int, int], ...] = ()  # a --tiles set: (symbol, count, score)
    roster: tuple[tuple[str, str], ...] = ()  # (student name, item id), one named sheet each
    same_hand: bool = False  # every student has the same hand
    key: str = "full"  # one of KEYS
    check_url: str | None = None  # where `classroom serve` runs, printed on student sheets
    practice: bool = False  # a situation's check page is on: practice, not a contest

    @property
    def check_page(self) -> bool:
        """Return whether students may check their lines on the items' check pages: always for a
        boardless sheet; for a situation only in practice (a contest's plays are judged by the
        teacher, and a page that scores any play would let a student search for the winner)."""
        return self.kind == "boardless" or self.practice

    def check_address(self, id: str) -> str | None:
        """Return the address of an item's student check page, or None without a check_url."""
        return None if self.check_url is None else f"{self.check_url.rstrip('/')}/check/{id}"

    def __post_init__(self) -> None:
        if self.kind not in SHEET_KINDS:
            raise ValueError(f"kind must be one of {SHEET_KINDS}, not {self.kind!r}")
        if self.page_size not in PAGE_SIZES:
            raise ValueError(f"page size must be one of {PAGE_SIZES}, not {self.page_size!r}")
        if self.key not in KEYS:
            raise ValueError(f"key must be one of {KEYS}, not {self.key!r}")
        if self.check_url is not None and not self.check_page:
            raise ValueError("a check address is printed only on sheets whose check page is on")

    @property
    def student_pages(self) -> list[tuple[BoardlessItem | SituationItem, str | None]]:
        """Return every student sheet in print order as (item, student name or None)."""
        if self.roster:
            items = {item.id: item for item in self.items}
            return [(items[id], name) for name, id in self.roster]
        return [(item, None) for item in self.items for _ in range(self.copies)]


def item_id(kind: str, seed: int | None, number: int, tag: str = "") -> str:
    """Return an item id: ('boardless', 42, 1, '3f9a') -> 'B-42-3f9a-01' (S- a situation, P- a
    play to score, T- a True or not? sheet, V- a variety of equations sheet); the tag tells apart runs with one seed but other
    levels or options. A teacher's own position has no seed: ('situations', None, 1, '0c1d2e3f')
    -> 'S-own-0c1d2e3f-01', its tag naming the position."""
    middle = f"{tag}-" if tag else ""
    return f"{PREFIXES[kind]}-{'own' if seed is None else seed}-{middle}{number:02d}"


def premium_labels() -> tuple[tuple[str, ...], ...]:
    """Return the label of every square, row by row: '2S', '3S', '2E', '3E' or ''."""
    return tuple(tuple(premium((row, col)).label for col in range(1, SIZE + 1))
                 for row in range(1, SIZE + 1))
