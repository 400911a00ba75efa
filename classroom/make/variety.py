"""The variety of equations sheet (RULES §12, the booklet's lowest level): one hand from which the
class writes an equation of every kind (game.variety) the level's tiles allow.

A hand is drawn (seeded) and solved until every kind asked has an example a class of the level
would write (the level's taste: no zero trick, no 0 added to spend it). The key gives, per kind,
how many equations of the hand show it (exact, from the solver, each answer re-checked by
make.keys) and its first families (game.families), best first, each shown by a member of that
kind (a family holds `4 + 5 = 9` and `9 = 5 + 4`; only the second is answer first).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from classroom.errors import ClassroomError
from classroom.game.symbols import PLUS_MINUS, face, is_operation
from classroom.game.taste import fits, is_zero_trick
from classroom.game.tilesets import TileSet
from classroom.game.variety import EXAMPLES, KINDS, Kind, kind_allowed, kinds
from classroom.make.hands import MAX_EQUATIONS, MAX_TRIES, HandRules, draw_hand
from classroom.make.keys import families, group, hand_faces, key_answers
from classroom.make.pool import Progress, run_all
from classroom.make.sets import PrintOptions, custom_tiles, item_rng, run_tag
from classroom.make.worksheet import KeyFamily, TileFace, Worksheet, item_id
from classroom.solve.boardless import solve

EXAMPLES_SHOWN = 3  # families printed per kind in the key


@dataclass(frozen=True)
class KindKey:
    """One kind of the sheet: the booklet's example, and for the key how many equations of the
    hand show it, in how many families, and the first tasteful families, best first."""

    kind: str  # like 'answer first' (game.variety.Kind's value)
    example: str  # the booklet's, like '9 = 5 + 4'
    count: int
    families: int
    shown: tuple[KeyFamily, ...]


@dataclass(frozen=True)
class VarietyItem:
    """One variety sheet: the hand, the kinds it asks for, the kinds the level cannot make."""

    id: str  # like 'V-42-3f9a-01'
    hand: tuple[TileFace, ...]
    count: int  # every equation of the hand
    kinds: tuple[KindKey, ...]  # in the booklet's order
    left_out: tuple[str, ...]  # kinds the level's tiles cannot make, like ('product',)

    @property
    def tokens(self) -> tuple[str, ...]:
        """Return the hand as canonical tokens."""
        return tuple(t.tile for t in self.hand)


def asked_kinds(tileset: TileSet) -> tuple[Kind, ...]:
    """Return the kinds a hand of this tile set is asked for: every kind but those its
    operations cannot make (no × or ÷: no product)."""
    operations = frozenset(t for t in tileset.count if is_operation(t))
    return tuple(kind for kind in KINDS if kind_allowed(kind, operations))


def tasteful(family: KeyFamily, tileset: TileSet) -> bool:
    """Return whether a family's shown member is one a class of the level writes: no zero trick
    (0 = 0 × 7), nothing past the level's taste."""
    return not is_zero_trick(family.answer.tiles) and fits(family.answer.tiles, tileset.taste)


def kind_key(kind: Kind, answers, shows: dict, tileset: TileSet) -> KindKey:
    """Return the key of one kind from every (re-checked) answer of the hand and the kinds each
    shows, each family shown by its member of the fewest kinds (then by text): a sum as
    `12 + 24 = 36`, not answer first, when the family holds both."""
    of_kind = [a for a in answers if kind in shows[a]]
    found = families(group(of_kind), shown_first=lambda a: (len(shows[a]), a.text))
    shown = tuple(f for f in found if tasteful(f, tileset))[:EXAMPLES_SHOWN]
    return KindKey(kind.value, EXAMPLES[kind], sum(f.count for f in found), len(found), shown)


def variety_item(id: str, tileset: TileSet, rng: random.Random, tries: int = MAX_TRIES) -> VarietyItem:
    """Return the first drawn hand whose equations show every asked kind in a tasteful example,
    with its key; raise after `tries` hands."""
    asked = asked_kinds(tileset)
    if not set(PLUS_MINUS) & set(tileset.count):  # known at once: no draw can make a sum
        raise ClassroomError(f"the {tileset.name} tile set has no + or -, so no hand of it can show a sum: "
                             f"a variety of equations needs one")
    rules = HandRules()
    for _ in range(tries):
        hand = draw_hand(tileset, rng, rules)
        solution = solve(hand, tileset)
        if not solution.answers or solution.count > MAX_EQUATIONS:
            continue
        # the hand is chosen on the solver's answers; only the one kept is re-checked
        answers = key_answers(solution, tileset)
        shows = {a: kinds([face(t) for t in a.tiles]) for a in answers}  # read once, asked per kind
        keys = tuple(kind_key(kind, answers, shows, tileset) for kind in asked)
        if all(key.shown for key in keys):
            key_answers(solution, tileset, hand)  # the hand kept, re-checked: raises if the checker disagrees
            return VarietyItem(id, hand_faces(hand, tileset), solution.count, keys,
                               tuple(kind.value for kind in KINDS if kind not in asked))
    raise ClassroomError(f"no hand of the {tileset.name} tile set showed every kind of equation "
                         f"({', '.join(kind.value for kind in asked)}) in {tries} draws")


def _variety_item(job: tuple) -> VarietyItem:
    tileset, seed, number, tag = job
    return variety_item(item_id("variety", seed, number, tag), tileset, item_rng(seed, "variety", number))


def variety_set(tileset: TileSet, level: str, seed: int, count: int, choice: object,
                printing: PrintOptions, workers: int = 1, progress: Progress = lambda: None) -> Worksheet:
    """Return a variety of equations set of `count` sheets, one hand each (`choice` is unused:
    the sheet has no option of its own, and takes it to be made as the other practice sets are)."""
    tag = run_tag("variety", seed, tileset, {})
    jobs = [(tileset, seed, number, tag) for number in range(1, count + 1)]
    items = run_all(_variety_item, jobs, workers, progress)
    return Worksheet("variety", seed, level, tuple(items), printing.page_size, printing.large_print,
                     printing.title, custom_tiles=custom_tiles(tileset, level), key=printing.key)
