"""A class set as a teacher asks for it, the same from either door: `classroom boardless` and
`classroom situations` read their options, the page's Make form its fields, into a
BoardlessRequest or a SituationsRequest through `boardless_request` or `situations_request`, so
every field is checked once, with one sentence naming it (as the page labels it, with the
command line's option beside it), and every limit is written once, here.

A number comes as the command line reads it (an int) or as the page has it (its text); either
way the same value gets the same sentence (record.requests.whole)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from classroom.choices import one_of
from classroom.errors import ClassroomError
from classroom.game.symbols import MAX_HAND
from classroom.game.tilesets import TileSet
from classroom.make.hands import TASTES, HandRules
from classroom.make.presets import DEFAULT_COUNT, DIFFICULTIES, FEATURES, MAX_COUNT, MAX_MARGIN, MAX_PLAYS, PLAYERS
from classroom.make.situation_rules import SituationRules
from classroom.record.requests import run_seed, whole

COUNT = "the number of sheets (--count)"
SITUATIONS = "the number of situations (--count)"


@dataclass(frozen=True)
class BoardlessRequest:
    """A Boardless Activity set, checked: what `make.sets.boardless_set` makes."""

    count: int  # sheets
    seed: int  # given, or a fresh one
    rules: HandRules  # the difficulty's preset, with the options given over it
    same_hand: bool = False  # one hand on every sheet
    names: tuple[str, ...] = ()  # a roster: one named sheet each

    @property
    def items(self) -> int:
        """Return how many hands are drawn and solved (the progress counts them)."""
        return 1 if self.same_hand else self.count


@dataclass(frozen=True)
class SituationsRequest:
    """A Board Situations set of simulated positions, checked: what `make.sets.situations_set` makes."""

    count: int  # situations
    seed: int  # given, or a fresh one
    rules: SituationRules
    names: tuple[str, ...] = ()  # a roster: a named copy of every situation for each


def roster_checked(names: tuple[str, ...]) -> tuple[str, ...]:
    """Return a roster's names if a set can hold one sheet for each, or raise."""
    if len(names) > MAX_COUNT:
        raise ClassroomError(f"the roster (--roster) has {len(names):,} names; a set holds at most {MAX_COUNT}")
    return names


def boardless_request(tileset: TileSet, draw: random.Random, *, count: int | str | None = None,
                      seed: int | str | None = None, difficulty: str = "medium",
                      size: int | str | None = MAX_HAND, balanced: bool = False, blanks: bool = True,
                      min_equations: int | str | None = None, min_best: int | str | None = None,
                      max_best: int | str | None = None, nine_tile: bool = False,
                      same_hand: bool = False, names: tuple[str, ...] = (),
                      taste: str = "class") -> BoardlessRequest:
    """Return the Boardless Activity set asked for, every field checked with one sentence: the
    count (the roster's names when there is one), the seed (a fresh one from `draw` when None),
    the difficulty's preset for hands of `size` tiles of the tile set, with the filters given
    (None: the preset's) over it, and the class's taste or any hand (`taste`); a filter no hand
    of the set can meet is refused here."""
    difficulty = one_of(difficulty, tuple(DIFFICULTIES), "the difficulty (--difficulty)")
    taste = one_of(taste, TASTES, "the taste (--taste)")
    size = whole(size, 2, MAX_HAND, MAX_HAND, "the tiles in a hand (--tiles-per-hand)")
    rules = DIFFICULTIES[difficulty].rules(
        size, tileset, balanced=balanced or None, blanks=None if blanks else False,
        min_equations=whole(min_equations, 1, 10 ** 9, None, "the fewest equations (--min-equations)"),
        min_best=whole(min_best, -10 ** 9, 10 ** 9, None, "the lowest best score (--min-best)"),
        max_best=whole(max_best, -10 ** 9, 10 ** 9, None, "the highest best score (--max-best)"),
        nine_tile=nine_tile or None, taste=taste)
    rules.check(tileset)
    count = whole(count, 1, MAX_COUNT, None, COUNT)
    names = roster_checked(names)
    if names and count is not None and count != len(names):
        raise ClassroomError(f"--count {count} but the roster has {len(names)} names; leave out --count")
    return BoardlessRequest(len(names) or count or DEFAULT_COUNT, run_seed(seed, draw), rules, same_hand, names)


def situations_request(draw: random.Random, *, count: int | str | None = None,
                       seed: int | str | None = None, plays: int | str | None = None,
                       margin: int | str | None = None, features: tuple[str, ...] = (),
                       blanks: bool = True, names: tuple[str, ...] = (), player: str = "class") -> SituationsRequest:
    """Return the Board Situations set asked for, every field checked with one sentence: the
    count, the seed (a fresh one from `draw` when None), the plays on the board, the winning
    margin, each feature asked for (any letter case, each once), the roster, and who plays the
    games the boards come from (a class of the level, or the engine)."""
    defaults = SituationRules()
    features = tuple(dict.fromkeys(one_of(f, FEATURES, "the feature (--feature)") for f in features))
    rules = SituationRules(plays=whole(plays, 0, MAX_PLAYS, defaults.plays, "the plays on the board (--plays)"),
                           margin=whole(margin, 0, MAX_MARGIN, defaults.margin, "the winning margin (--margin)"),
                           features=features, blanks=blanks,
                           player=one_of(player, PLAYERS, "who plays the boards' games (--player)"))
    rules.check()
    return SituationsRequest(whole(count, 1, MAX_COUNT, DEFAULT_COUNT, SITUATIONS), run_seed(seed, draw),
                             rules, roster_checked(names))
