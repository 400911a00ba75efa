"""Class sets: the Worksheets the `boardless`, `situations`, `scoreplay` and `trueornot`
commands print.

Each item draws from its own random.Random, seeded from the run's seed and the item's number,
so items can be made on several CPU cores and still come out the same for the same seed.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
import re
from dataclasses import dataclass

from classroom import __version__
from classroom.errors import ClassroomError, excerpt
from classroom.game.board import Board
from classroom.game.symbols import Hand
from classroom.game.tilesets import LEVELS, TileSet
from classroom.make.hands import HandRules, find_hand
from classroom.make.keys import boardless_item, situation_item
from classroom.make.pool import Progress, run_all
from classroom.make.scoreplay import FOCUSES, focus_of, scoreplay_item
from classroom.make.situation_rules import SituationRules
from classroom.make.situations import find_situation, own_situation
from classroom.make.trueornot import MAX_LINES, MIN_LINES, trueornot_item
from classroom.make.worksheet import Worksheet, item_id


def checked_url(value: str | None, what: str = "--check-url") -> str | None:
    """Return a checked check address (an http or https address where `classroom serve`
    answers), or None."""
    if value is None:
        return None
    if not re.fullmatch(r"https?://[A-Za-z0-9.\-\[\]:]+(/[\x21-\x7e]*)?", value) or len(value) > 120:
        raise ClassroomError(f"{what} is the address `classroom serve` answers on, like "
                             f"http://192.168.1.20:8000, not {excerpt(value)}")
    return value


@dataclass(frozen=True)
class PrintOptions:
    """How the sheets are printed."""

    page_size: str = "letter"
    large_print: bool = False
    title: str | None = None
    key: str = "full"  # full, summary (one page an item) or none (no key PDF)
    check_url: str | None = None  # a `classroom serve` address: each student sheet links its check page
    practice: bool = False  # students may check their plays on a situation's check page

    @property
    def situation_practice(self) -> bool:
        """Return whether situations are printed for practice (the Worksheet's `practice`, which
        its `check_page` reads): asked for, or implied by an address printed on the sheets (a QR
        code must never lead to a page that refuses)."""
        return self.practice or self.check_url is not None


MAX_TITLE = 120


def checked_title(title: str | None) -> str | None:
    """Return the --title if it is printable text of a sane length, or raise."""
    if title is None:
        return None
    try:
        title.encode("utf-8")
    except UnicodeEncodeError:
        raise ClassroomError("--title is not valid UTF-8 text; type it again") from None
    if len(title) > MAX_TITLE or not title.isprintable():
        raise ClassroomError(f"--title is printable text of at most {MAX_TITLE} characters")
    return title


def item_rng(seed: int, kind: str, number: int) -> random.Random:
    """Return the random source of one item: the same for the same seed, kind and number."""
    return random.Random(f"{seed}:{kind}:{number}")


# A roster's hands are matched in difficulty: every best score lies within BAND_SHARE (at least
# BAND_POINTS points) of one centre, the best score that most of the hands first drawn are near.
BAND_SHARE = 0.15
BAND_POINTS = 3


def run_tag(kind: str, seed: int | None, tileset: TileSet, options: dict) -> str:
    """Return four hex digits naming what made a run's items: a digest of the kind, the seed,
    the tile set's counts and scores, the options and the tool's version. The same tag means
    the same sheets; another level or option gives another tag, so ids never collide."""
    made_of = {"kind": kind, "seed": seed, "counts": tileset.counts, "scores": tileset.scores,
               "options": options, "version": __version__}
    text = json.dumps(made_of, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:4]


def own_tag(board: Board, hand: Hand, tileset: TileSet) -> str:
    """Return eight hex digits naming a teacher's own position: a digest of the board, the hand
    and the tile set's counts and scores. The same position keeps its id when printed again;
    two different ones share an id only by a chance of one in four billion."""
    made_of = {"board": board.cells, "hand": list(hand), "counts": tileset.counts,
               "scores": tileset.scores}
    text = json.dumps(made_of, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


def custom_tiles(tileset: TileSet, level: str) -> tuple[tuple[str, int, int], ...]:
    """Return a copy of a custom tile set, (symbol, count, score) each, or () for a shipped level."""
    if level in LEVELS:
        return ()
    return tuple((symbol, count, tileset.score[symbol]) for symbol, count in tileset.counts)


def _boardless_item(job: tuple) -> object:
    tileset, seed, number, rules, tag, stream = job
    hand, solution = find_hand(tileset, item_rng(seed, stream, number), rules)
    return boardless_item(item_id("boardless", seed, number, tag), hand, tileset, solution)


def _situation_item(job: tuple) -> object:
    tileset, seed, number, rules, tag = job
    situation = find_situation(tileset, item_rng(seed, "situations", number), rules)
    return situation_item(item_id("situations", seed, number, tag), situation, tileset)


def band(centre: int) -> tuple[int, int]:
    """Return the best scores matched in difficulty with `centre`: (low, high), both included."""
    spread = max(BAND_POINTS, round(centre * BAND_SHARE))
    return centre - spread, centre + spread


def band_centre(scores: list[int]) -> int:
    """Return the best score whose band holds the most of `scores` (the lowest such score)."""
    return min(sorted(scores), key=lambda c: -sum(1 for s in scores if band(c)[0] <= s <= band(c)[1]))


def matched(rules: HandRules, centre: int) -> HandRules:
    """Return the rules narrowed to hands whose best score lies in the centre's band."""
    low, high = band(centre)
    low = max(low, rules.min_best if rules.min_best is not None else 0)
    high = high if rules.max_best is None else min(high, rules.max_best)
    return dataclasses.replace(rules, min_best=low, max_best=high)


def boardless_set(tileset: TileSet, level: str, seed: int, count: int, rules: HandRules,
                  printing: PrintOptions, same_hand: bool = False, workers: int = 1,
                  progress: Progress = lambda: None, roster: tuple[str, ...] = ()) -> Worksheet:
    """Return a Boardless Activity class set: `count` hands (or one hand on `count` sheets).

    With a roster, every student gets a sheet with their name: the one hand (same_hand), or a
    hand each whose best score lies in one band, so the sheets are equally hard.
    """
    count = len(roster) or count
    options = {**rules.recorded(), "same_hand": same_hand, "roster": list(roster)}
    tag = run_tag("boardless", seed, tileset, options)
    jobs = [(tileset, seed, number, rules, tag, "boardless")
            for number in range(1, (1 if same_hand else count) + 1)]
    items = run_all(_boardless_item, jobs, workers, progress)
    if roster and len(items) > 1:
        # Hands drawn outside the band are drawn again, each from a random stream of its own.
        narrowed = matched(rules, band_centre([item.best_score for item in items]))
        again = [number for number, item in enumerate(items)
                 if not narrowed.min_best <= item.best_score <= narrowed.max_best]
        redrawn = run_all(_boardless_item, [(tileset, seed, n + 1, narrowed, tag, "boardless-matched")
                                         for n in again], workers, lambda: None)
        for n, item in zip(again, redrawn):
            items[n] = item
    return Worksheet("boardless", seed, level, tuple(items), printing.page_size, printing.large_print,
                     printing.title, copies=count if same_hand else 1, options=tuple(options.items()),
                     custom_tiles=custom_tiles(tileset, level),
                     roster=_named(roster, items, one_each=not same_hand), same_hand=same_hand,
                     key=printing.key, check_url=printing.check_url)


def situations_set(tileset: TileSet, level: str, seed: int, count: int, rules: SituationRules,
                   printing: PrintOptions, workers: int = 1, progress: Progress = lambda: None,
                   roster: tuple[str, ...] = ()) -> Worksheet:
    """Return a Board Situations class set of `count` simulated contest positions; with a
    roster, every student gets a named copy of every position (a contest is the same for all)."""
    rules.check()
    options = {**dataclasses.asdict(rules), "roster": list(roster)}
    tag = run_tag("situations", seed, tileset, options)
    jobs = [(tileset, seed, number, rules, tag) for number in range(1, count + 1)]
    items = run_all(_situation_item, jobs, workers, progress)
    return Worksheet("situations", seed, level, tuple(items), printing.page_size, printing.large_print,
                     printing.title, options=tuple(options.items()),
                     custom_tiles=custom_tiles(tileset, level), roster=_named(roster, items),
                     key=printing.key, check_url=printing.check_url, practice=printing.situation_practice)


def own_situation_set(tileset: TileSet, level: str, board: Board, hand: Hand,
                      printing: PrintOptions, roster: tuple[str, ...] = ()) -> Worksheet:
    """Return a one-situation worksheet of a teacher's own board and hand."""
    situation = own_situation(board, hand, tileset)
    item = situation_item(item_id("situations", None, 1, own_tag(board, hand, tileset)), situation, tileset)
    return Worksheet("situations", None, level, (item,), printing.page_size, printing.large_print,
                     printing.title, options=(("hand", list(hand)), ("roster", list(roster))),
                     custom_tiles=custom_tiles(tileset, level), roster=_named(roster, [item]),
                     key=printing.key, check_url=printing.check_url, practice=printing.situation_practice)


def _scoreplay_item(job: tuple) -> object:
    tileset, seed, number, focus, fallback, tag = job
    return scoreplay_item(item_id("scoreplay", seed, number, tag), tileset,
                          item_rng(seed, "scoreplay", number), focus, fallback)


def scoreplay_set(tileset: TileSet, level: str, seed: int, count: int, focus: str | None,
                  printing: PrintOptions, workers: int = 1, progress: Progress = lambda: None) -> Worksheet:
    """Return a Score this play set of `count` plays to score: all practising `focus`, or, without
    one, going through the FOCUSES in order (a plain play first, all at once last; an item whose
    focus does not turn up practises all at once)."""
    if focus is not None and focus not in FOCUSES:
        raise ClassroomError(f"unknown focus {excerpt(focus)}; choose from {', '.join(FOCUSES)}")
    options = {"focus": focus}
    tag = run_tag("scoreplay", seed, tileset, options)
    jobs = [(tileset, seed, number, focus or focus_of(number, count), focus is None, tag)
            for number in range(1, count + 1)]
    items = run_all(_scoreplay_item, jobs, workers, progress)
    return Worksheet("scoreplay", seed, level, tuple(items), printing.page_size, printing.large_print,
                     printing.title, options=tuple(options.items()),
                     custom_tiles=custom_tiles(tileset, level), key=printing.key)


def _trueornot_item(job: tuple) -> object:
    tileset, seed, number, lines, tag = job
    return trueornot_item(item_id("trueornot", seed, number, tag), tileset,
                          item_rng(seed, "trueornot", number), lines, (number - 1) * (lines // 2))


def trueornot_set(tileset: TileSet, level: str, seed: int, count: int, lines: int,
                  printing: PrintOptions, workers: int = 1, progress: Progress = lambda: None) -> Worksheet:
    """Return a True or not? set of `count` sheets of `lines` equations each; the false lines go
    through the level's mistakes in turn, from sheet to sheet."""
    if not MIN_LINES <= lines <= MAX_LINES:
        raise ClassroomError(f"--lines takes {MIN_LINES} to {MAX_LINES} equations a sheet, not {excerpt(lines)}")
    options = {"lines": lines}
    tag = run_tag("trueornot", seed, tileset, options)
    jobs = [(tileset, seed, number, lines, tag) for number in range(1, count + 1)]
    items = run_all(_trueornot_item, jobs, workers, progress)
    return Worksheet("trueornot", seed, level, tuple(items), printing.page_size, printing.large_print,
                     printing.title, options=tuple(options.items()),
                     custom_tiles=custom_tiles(tileset, level), key=printing.key)


def _named(roster: tuple[str, ...], items: list, one_each: bool = False) -> tuple[tuple[str, str], ...]:
    """Return (name, item id) for every named sheet: item i for student i, or every item each."""
    if one_each:
        return tuple((name, item.id) for name, item in zip(roster, items))
    return tuple((name, item.id) for name in roster for item in items)
