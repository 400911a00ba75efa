"""The Activity Notebook: one binder for a level, its sections in a sequence from easy to hard.

A Notebook is plain data, like a Worksheet: the core makes every item with the makers the
single commands use (classroom.make.hands, situations, scoreplay, trueornot, keys), each item
from its own random.Random (`item_rng(seed, stream, number)`), so the same seed makes the same
binder on one core or many. The renderer (classroom.render.notebook_pdf) draws it.

Sections, in the order a class learns (PRODUCT.md): the tiles and what is legal, then scoring,
then equations from a hand, then plays on the board, then whole games:
- `trueornot`: True or not?, two sheets going through the level's mistakes;
- `scoreplay`: Score this play, one play of each focus in order, then all at once; its cross play
  is one the cross situation's search found on another board (cross_items: one search for both,
  the binder's dearest item made once rather than twice);
- `variety`: a variety of equations, the booklet's kinds (a sum, the answer first, a number equal
  to itself, a product, both sides, three or more) from one hand (`classroom variety`'s sheet);
- `boardless`: Boardless Activity strips, three hands from easy to hard (the --difficulty presets);
- `situations`: Board Situations, a first play on an empty board, then an extension, a cross
  equation, a premium square, a nine-tile play (the situations generator's features; the cross
  equation's position is built around a play that forms one, see cross_situation);
- `printplay`: the print-and-play set, the board on pages that tile into one and the level's
  whole tile set on pages of tiles to cut (no item: geometry and the set's counts);
- `overhead`: the transparencies (an empty board with a team score table, a large hand to fill)
  and the projector pages, the board with a position and a hand of large tiles (one situation
  and one boardless hand, keyed like the others).

Pure: every random choice comes from the rng of the item.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from classroom.errors import ClassroomError, excerpt
from classroom.game.bag import used_tiles
from classroom.game.board import Board
from classroom.game.symbols import ALL_SYMBOLS, BLANK, EQUAL, MAX_HAND
from classroom.game.tilesets import TileSet
from classroom.make import crossbuild, crossplay, scoreplay
from classroom.make.crossplay import Target
from classroom.make.hands import DIFFICULTIES, find_hand, in_order
from classroom.make.keys import boardless_item, situation_item
from classroom.make.pool import Progress, run_all
from classroom.make.scoreplay import FOCUSES, HAND, focus_of, scoreplay_item
from classroom.make.sets import item_rng, run_tag
from classroom.make.situation_rules import SituationRules
from classroom.make.situations import Situation, analysed, find_situation, is_good, winners_fit
from classroom.make.trueornot import LINES, trueornot_item
from classroom.make.variety import variety_item
from classroom.make.worksheet import PAGE_SIZES, TileFace, Worksheet, item_id
from classroom.solve.board.position import Candidate, Position

NOTEBOOK_LEVELS = ("junior", "original", "advanced")  # the publisher's three binders

# The Boardless Activity hands, easy to hard: a difficulty preset each.
BOARDLESS_STEPS = ("easy", "medium", "hard")
# The Board Situations, easy to hard: (what it practises, plays on the board, features, margin).
# The empty board allows no margin: a play across and the same play down score alike.
# Contest hands hold no blank: a notebook's situations are read by a class, not a club.
SITUATION_STEPS = (
    ("first-play", 0, (), 0),
    ("extension", 2, ("extension",), 3),
    ("cross", 6, ("two-equations",), 0),  # found by cross_situation (its plays: the fallback's)
    ("premium", 6, ("3E",), 0),
    ("nine-tile", 3, ("nine-tile",), 0),  # ties allowed: the same nine tiles in another order
)
SCOREPLAY_ITEMS = len(FOCUSES)  # one play of each focus, the last all at once
TRUEORNOT_ITEMS = 2
VARIETY_ITEMS = 1  # one hand showing every kind of equation the level's tiles allow
# A winning play that forms two equations is rare (none in 150 drawn nine-tile hands on boards
# that allow one): the cross situation starts from a cross play built through a target
# (make.crossplay), and its hand is that play's tiles and CROSS_EXTRA more; it is kept when every
# play tied best of that hand forms two equations and is one a class of the level writes.
CROSS_EXTRA = 2
CROSS_HANDS = 3  # hands of a play's tiles and CROSS_EXTRA more tried, then one of each fewer
CROSS_TRIES = 16  # built plays tried before the item falls back to a situation of the step's plays
OVERHEAD_PLAYS = 4  # plays on the projector board: a game under way, room left to play
OVERHEAD_DIFFICULTY = "medium"  # the hand a whole class works on the projector

# The items that take longest, started first (by their CPU on seeds 1-3 of the three levels), so
# that two processes finish together rather than one waiting on an item begun last; the others
# follow in the plan's order. Only the order of the work changes: the items come back in order.
DEAR_FIRST = (("cross", "cross"), ("scoreplay", "all"), ("situations", "cross"), ("scoreplay", "cross"),
              ("overhead-board", "overhead"), ("scoreplay", "plain"), ("situations", "nine-tile"),
              ("situations", "premium"), ("boardless", "hard"), ("variety", "kinds"))

SHARED = ("situations", "scoreplay")  # the makers whose cross items one job makes (cross_items)

SECTIONS = ("trueornot", "scoreplay", "variety", "boardless", "situations", "printplay", "overhead")


@dataclass(frozen=True)
class Plan:
    """What a binder's sections hold: the steps of the hands and the situations, how many plays
    to score and True or not? sheets (the projector's board and hand are always there). The
    default is the binder; a test makes a smaller one with the same makers."""

    boardless: tuple[str, ...] = BOARDLESS_STEPS  # keys of make.hands.DIFFICULTIES
    situations: tuple[str, ...] = tuple(step[0] for step in SITUATION_STEPS)
    scoreplay: int = SCOREPLAY_ITEMS
    trueornot: int = TRUEORNOT_ITEMS
    variety: int = VARIETY_ITEMS

    @property
    def items(self) -> int:
        """Return how many jobs the binder's makers run, one an item, the two cross items one
        (a progress bar counts them)."""
        return sum(len(named) for named in self.steps().values()) - self.shares_cross

    @property
    def shares_cross(self) -> bool:
        """Return whether the cross situation and the cross play to score are made by one search
        (`cross_items`): when the plan holds both."""
        return "cross" in self.situations and "cross" in self.steps()["scoreplay"]

    def steps(self) -> dict[str, tuple[str, ...]]:
        """Return every maker's steps, one an item, each in its section's order (the work is
        started dearest first, run_all_dear_first)."""
        return {
            "situations": self.situations,
            "overhead-board": ("overhead",),
            "scoreplay": tuple(focus_of(n, self.scoreplay) for n in range(1, self.scoreplay + 1)),
            "boardless": self.boardless,
            "overhead-hand": (OVERHEAD_DIFFICULTY,),
            "trueornot": ("lines",) * self.trueornot,
            "variety": ("kinds",) * self.variety,
        }


BINDER = Plan()


@dataclass(frozen=True)
class Section:
    """One section of the binder: its name (a key of SECTIONS) and the worksheets it prints,
    each with what every item practises (a step name), in the order they are printed."""

    name: str
    worksheets: tuple[Worksheet, ...] = ()
    steps: tuple[str, ...] = ()  # one for every item of the section's worksheets, in order

    @property
    def items(self) -> tuple:
        """Return every item of the section, in order."""
        return tuple(item for worksheet in self.worksheets for item in worksheet.items)


@dataclass(frozen=True)
class Notebook:
    """An Activity Notebook: its id, the run that made it, its sections, and the level's whole
    tile set to cut (every tile of the box, = included, in hand order)."""

    id: str  # like 'N-1-3f9a'
    seed: int
    level: str
    page_size: str
    sections: tuple[Section, ...]
    tiles: tuple[TileFace, ...]  # the print-and-play tiles, as many of each as the box holds
    counts: tuple[tuple[str, int, int], ...]  # (symbol, count, score) of the box, in hand order

    def section(self, name: str) -> Section:
        """Return the section of that name."""
        return next(s for s in self.sections if s.name == name)

    @property
    def worksheets(self) -> tuple[Worksheet, ...]:
        """Return every worksheet of the binder, in print order."""
        return tuple(w for s in self.sections for w in s.worksheets)


def box_counts(tileset: TileSet) -> tuple[tuple[str, int, int], ...]:
    """Return (symbol, count, score) for every tile of the box, = included, in hand order (the
    blank last): what the print-and-play pages print, exactly as many of each."""
    order = ALL_SYMBOLS + (BLANK,)
    counts = [(s, n) for s, n in tileset.counts if n > 0]
    counts.sort(key=lambda pair: order.index(pair[0]) if pair[0] in order else len(order))
    return tuple((s, n, tileset.score_of(s) if s != EQUAL else tileset.score.get(EQUAL, 0))
                 for s, n in counts)


def box_tiles(counts: tuple[tuple[str, int, int], ...]) -> tuple[TileFace, ...]:
    """Return every tile of the box as printed: ('0', 1) seven times, ('1', 1) nine times, ..."""
    return tuple(TileFace(symbol, score) for symbol, count, score in counts for _ in range(count))


def _stream(section: str) -> str:
    """Return the random stream of a notebook section's items (apart from the single commands')."""
    return f"notebook-{section}"


def _make(job: tuple) -> tuple[object, str]:
    """Return one item of the binder (run in a worker process), its maker chosen by the job,
    and what it practises: the job's step, or the step it fell back to."""
    what, tileset, seed, number, tag, step = job
    if what == "cross":  # the two cross items (numbers and tags a pair), the situation's stream
        return cross_items(tileset, seed, number, tag, item_rng(seed, _stream("situations"), number[0]))
    rng = item_rng(seed, _stream(what), number)
    if what in ("boardless", "overhead-hand"):
        kind = "boardless"
        # A binder's hand uses every tile somewhere: a tile no equation can use has a class
        # hunting in vain (a Junior medium hand's 5/2 did).
        rules = dataclasses.replace(DIFFICULTIES[step].rules(tileset=tileset), every_tile=True)
        hand, solution = find_hand(tileset, rng, rules)
        return boardless_item(item_id(kind, seed, number, tag), hand, tileset, solution), step
    if what in ("situations", "overhead-board"):
        if step == "cross":
            situation, step = with_fallback(tileset, rng, cross_situation(tileset, rng))
        else:
            situation = find_situation(tileset, rng, situation_rules(step))
        return situation_item(item_id("situations", seed, number, tag), situation, tileset), step
    if what == "scoreplay":
        # The single command's stream: `classroom scoreplay --seed S --count 5` prints these plays
        # (the binder's cross play, when the plan holds a cross situation, is cross_items').
        # A play whose focus did not turn up practises all at once: the item says which.
        item = scoreplay_item(item_id("scoreplay", seed, number, tag), tileset,
                              item_rng(seed, "scoreplay", number), step, True)
        return item, item.focus
    if what == "variety":  # the single command's stream: `classroom variety --seed S` prints this hand
        return variety_item(item_id("variety", seed, number, tag), tileset, item_rng(seed, "variety", number)), step
    if what == "trueornot":
        return trueornot_item(item_id("trueornot", seed, number, tag), tileset,
                              item_rng(seed, "trueornot", number), LINES, (number - 1) * (LINES // 2)), step
    raise ValueError(f"no maker for {what!r}")


def run_all_dear_first(jobs: list[tuple], workers: int, progress: Progress) -> list:
    """Return _make(job) for every job, in the jobs' order, the dear ones (DEAR_FIRST) started first."""
    def rank(index: int) -> tuple[int, int]:
        what, step = jobs[index][0], jobs[index][-1]
        return (DEAR_FIRST.index((what, step)) if (what, step) in DEAR_FIRST else len(DEAR_FIRST), index)
    order = sorted(range(len(jobs)), key=rank)
    results: list = [None] * len(jobs)
    for index, result in zip(order, run_all(_make, [jobs[i] for i in order], workers, progress)):
        results[index] = result
    return results


def cross_items(tileset: TileSet, seed: int, numbers: tuple[int, int], tags: tuple[str, str],
                rng: random.Random) -> tuple[tuple[object, str], tuple[object, str]]:
    """Return the binder's cross situation and its cross play to score, each with what it
    practises, from one search (the situation's, `cross_finds`): the play is one the search
    found on a board other than the situation's, the board sharing the fewest tiles with it (the
    first such), the play with the fewest other features and the best score of its board's; when
    the situation's search found none, the search goes on for one, and past its bound the play
    is looked for as `classroom scoreplay` looks for it."""
    (situation_number, play_number), (situation_tag, play_tag) = numbers, tags
    finds = cross_finds(tileset, rng)
    seen: list[tuple[Board, list[Candidate]]] = []
    situation, situation_step = with_fallback(tileset, rng, cross_situation(tileset, rng, finds, seen))

    def elsewhere(found: Iterable[tuple[Board, list[Candidate]]]) -> Iterator[tuple[Board, Candidate]]:
        # each board but the situation's, with its first play of the fewest other features
        for board, plays in found:
            if board != situation.board and (fewest := scoreplay.fewest_featured(board, plays, tileset)):
                yield board, fewest[0]

    # of those the search looked at, the board that shares the fewest tiles with the situation's
    # (another game's, where there is one: a class meets a board once); else the next one found
    shared = set(situation.board.tiles.items())
    play = min(elsewhere(seen), key=lambda pair: len(shared & set(pair[0].tiles.items())), default=None) \
        or next(elsewhere((board, plays) for board, _, plays in finds), None)
    play_id = item_id("scoreplay", seed, play_number, play_tag)
    if play is None:
        item = scoreplay_item(play_id, tileset, item_rng(seed, "scoreplay", play_number), "cross", True)
    else:
        item = scoreplay.item_of(play_id, tileset, *play, "cross")
    return ((situation_item(item_id("situations", seed, situation_number, situation_tag), situation, tileset),
             situation_step), (item, item.focus))


def with_fallback(tileset: TileSet, rng: random.Random, situation: Situation | None) -> tuple[Situation, str]:
    """Return the cross situation and 'cross', or when none turned up a situation of the cross
    step's plays without the feature, and 'any'."""
    if situation is not None:
        return situation, "cross"
    return find_situation(tileset, rng, dataclasses.replace(situation_rules("cross"), features=())), "any"


def cross_finds(tileset: TileSet, rng: random.Random) -> Iterator[tuple[Board, Target, list[Candidate]]]:
    """Yield the cross plays the cross situation is looked for among (`crossplay.from_games`):
    up to CROSS_TRIES of aimed hands, then, when no aimed hand's play holds, up to CROSS_TRIES
    of hands built from the equations through each target (make.crossbuild), drawn only then,
    so that the situations found before draw as before."""
    aimed = crossplay.from_games(tileset, rng, HAND, scoreplay.CROSS_HANDS)
    rebuilt = crossplay.from_games(tileset, rng, HAND, scoreplay.CROSS_HANDS, crossbuild.built)
    return itertools.chain(itertools.islice(aimed, CROSS_TRIES), itertools.islice(rebuilt, CROSS_TRIES))


def cross_situation(tileset: TileSet, rng: random.Random,
                    finds: Iterator[tuple[Board, Target, list[Candidate]]] | None = None,
                    seen: list[tuple[Board, list[Candidate]]] | None = None) -> Situation | None:
    """Return a situation whose every best play forms two equations (a cross equation), or None
    when none turned up within the bound: a board with a cross play built on it (make.crossplay),
    and a hand of that play's tiles and CROSS_EXTRA more from what is left (CROSS_HANDS such
    hands), then one fewer down to none, for each of up to CROSS_TRIES plays, the best scoring of
    a built hand's first; when none holds, the same for up to CROSS_TRIES plays of hands built
    from the equations through each target (make.crossbuild): the plays of `cross_finds`, or of
    `finds` when given, each put in `seen` (when given) as it is looked at."""
    rules = situation_rules("cross")  # every tied best play forms two equations (no margin)
    tried = set()  # (board, hand) found wanting: a hand drawn again is not searched again
    for board, _, plays in cross_finds(tileset, rng) if finds is None else finds:
        if seen is not None:
            seen.append((board, plays))
        used = used_tiles(plays[0].play)
        left = Counter(t for t in tileset.bag if t != BLANK) - Counter(board.tiles.values()) - Counter(used)
        pool = sorted(left.elements())
        # then fewer tiles, so fewer plays to beat the cross play
        for extra in (CROSS_EXTRA,) * CROSS_HANDS + tuple(range(CROSS_EXTRA - 1, -1, -1)):
            hand = in_order(list(used) + rng.sample(pool, min(extra, len(pool), MAX_HAND - len(used))))
            if (board, hand) in tried:
                continue
            tried.add((board, hand))
            position = Position(board, hand, tileset)
            trial = Situation(board, hand, tuple(position.best()))
            if is_good(trial, rules, tileset) and winners_fit(trial, tileset.taste):
                return analysed(position)
    return None


def situation_rules(step: str) -> SituationRules:
    """Return the rules of a situation step (a name of SITUATION_STEPS, or 'overhead')."""
    if step == "overhead":
        return SituationRules(plays=OVERHEAD_PLAYS, blanks=False)
    _, plays, features, margin = next(s for s in SITUATION_STEPS if s[0] == step)
    return SituationRules(plays=plays, features=features, margin=margin, blanks=False)


def binder_jobs(plan: Plan, tileset: TileSet, seed: int, tags: dict[str, str]) -> list[tuple]:
    """Return the jobs of a binder's items, one an item in the plan's order, but the cross
    situation and the cross play to score (when the plan holds both): one job, last, whose
    number and tag are pairs (the situation's, the play's; cross_items)."""
    steps = plan.steps()
    shared = SHARED if plan.shares_cross else ()
    jobs = [(what, tileset, seed, number, tags[what], step)
            for what, named in steps.items() for number, step in enumerate(named, 1)
            if not (what in shared and step == "cross")]
    if shared:
        jobs.append(("cross", tileset, seed, tuple(steps[what].index("cross") + 1 for what in shared),
                     tuple(tags[what] for what in shared), "cross"))
    return jobs


def checked_level(level: str) -> str:
    """Return the level if a notebook is made for it, or raise one sentence."""
    if level not in NOTEBOOK_LEVELS:
        raise ClassroomError(f"an Activity Notebook is made for the levels {', '.join(NOTEBOOK_LEVELS)}, "
                             f"not {excerpt(level)}")
    return level


def notebook(tileset: TileSet, level: str, seed: int, page_size: str = "letter", workers: int = 1,
             progress: Progress = lambda: None, plan: Plan = BINDER) -> Notebook:
    """Return the Activity Notebook of a tile set: every section's items made (on up to
    `workers` processes; the dearest first), each key re-checked by its maker."""
    if page_size not in PAGE_SIZES:
        raise ClassroomError(f"--page-size is one of {', '.join(PAGE_SIZES)}, not {excerpt(page_size)}")
    tags = {
        "boardless": run_tag("notebook-boardless", seed, tileset, {"steps": plan.boardless}),
        "situations": run_tag("notebook-situations", seed, tileset,
                              {"steps": [list(map(str, s)) for s in SITUATION_STEPS if s[0] in plan.situations]}),
        "overhead-board": run_tag("notebook-overhead-board", seed, tileset, {"plays": OVERHEAD_PLAYS}),
        "overhead-hand": run_tag("notebook-overhead-hand", seed, tileset, {"difficulty": OVERHEAD_DIFFICULTY}),
        # The binder's own Score this play: the plays of `classroom scoreplay` with this seed and
        # its defaults, but the cross play, which comes from the cross situation's search
        # (cross_items); under ids of its own, so that no id names two different plays.
        "scoreplay": run_tag("notebook-scoreplay", seed, tileset, {"focus": None}),
        # The single command's tag: the same lines as `classroom trueornot` with this seed and its
        # defaults, under the same ids.
        "trueornot": run_tag("trueornot", seed, tileset, {"lines": LINES}),
        "variety": run_tag("variety", seed, tileset, {}),
    }
    steps = plan.steps()
    jobs = binder_jobs(plan, tileset, seed, tags)
    made = {}
    for (what, _, _, number, _, _), result in zip(jobs, run_all_dear_first(jobs, workers, progress)):
        # the cross job's two items, each in its section (its numbers and results pairs)
        made.update(zip(zip(SHARED, number), result) if what == "cross" else [((what, number), result)])
    pairs = {what: [made[what, number] for number in range(1, len(named) + 1)] for what, named in steps.items()}
    items = {what: tuple(item for item, _ in found) for what, found in pairs.items()}
    steps = {what: tuple(step for _, step in found) for what, found in pairs.items()}

    def sheet(kind: str, found: tuple) -> Worksheet:
        # A hand's key by families, as the boardless command's default: a page a teacher reads.
        return Worksheet(kind, seed, level, found, page_size, key="families" if kind == "boardless" else "full")

    named = {
        "trueornot": Section("trueornot", (sheet("trueornot", items["trueornot"]),), steps["trueornot"]),
        "scoreplay": Section("scoreplay", (sheet("scoreplay", items["scoreplay"]),), steps["scoreplay"]),
        "variety": Section("variety", (sheet("variety", items["variety"]),), steps["variety"]),
        "boardless": Section("boardless", (sheet("boardless", items["boardless"]),), steps["boardless"]),
        "situations": Section("situations", (sheet("situations", items["situations"]),), steps["situations"]),
        "printplay": Section("printplay"),
        "overhead": Section("overhead", (sheet("situations", items["overhead-board"]),
                                         sheet("boardless", items["overhead-hand"])), ("board", "hand")),
    }
    sections = tuple(named[name] for name in SECTIONS)
    counts = box_counts(tileset)
    notebook_id = f"N-{seed}-{run_tag('notebook', seed, tileset, {'tags': tags})}"
    return Notebook(notebook_id, seed, level, page_size, sections, box_tiles(counts), counts)
