"""Hands for Boardless Activities: drawn from a TileSet's bag with a seeded random.Random,
with the booklet's easier options and the filters a teacher asks for.

Pure: every random choice comes from the rng passed in; the bag is sorted before sampling so
the same seed gives the same hands in any process.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from dataclasses import dataclass
from typing import Callable

from classroom.errors import ClassroomError
from classroom.game.families import family
from classroom.game.plays import ALL_NINE_BONUS
from classroom.game.symbols import ALL_SYMBOLS, BLANK, MAX_HAND, Hand, is_fraction, is_operation
from classroom.game.taste import Taste, fits, is_zero_trick
from classroom.game.tilesets import TileSet, load_level
from classroom.make.presets import DIFFICULTIES, Difficulty  # noqa: F401 - the presets, read here by their users
from classroom.solve.boardless import Solution, solve

MAX_TRIES = 400  # hands drawn for one item before a filter is declared impossible
# A key lists every equation of its hand, about 260 to a page: 20,000 equations run to some 80
# pages, more than a class needs. The largest drawn hand (one blank at most) we measured allows
# some 15,000, so a larger minimum, like 1,000,000, is refused up front, not searched for in vain.
MAX_EQUATIONS = 20_000
# Two blanks in a nine-tile hand allow a hundred thousand equations and more: no printed key
# can hold them, so drawn hands keep at most one blank unless asked otherwise.
MAX_BLANKS = 1
# Blanks in generated contest hands: one, as the bag draws it (one nine-tile hand in seven from
# the Original bag holds one). A hand drawn with two or more (about one in a hundred) is drawn
# again: the best play of two blanks on an early board can take a minute and pass 1 GB. A count
# of a blank hand's plays that passes its limit (counting.count_limit) is kept as a lower bound ("at least N").
CONTEST_BLANKS = 1
# A hand for a class whose taste has no zero tricks (`0 = 0 × 2349`) keeps them to at most this
# share of its equations, and never lets them be the only way to its best score: a hand of 269
# equations, 96 of them 0 = 0 × N at the best score, teaches the trick and little else.
ZERO_SHARE = 0.1
# A class's hand has a key a teacher reads at a glance: at most this many families of equations
# (game.families), a page of the key; a hand of 648 equations in 188 families is a puzzle for
# the teacher, not a lesson.
MAX_FAMILIES = 50
TASTES = ("class", "any")  # --taste: the level's taste (few zero tricks), or every hand


@dataclass(frozen=True)
class HandRules:
    """How hands are drawn and which ones a teacher accepts."""

    size: int = MAX_HAND
    balanced: bool = False  # 2-3 operations drawn from their own pile, the rest numbers
    blanks: bool = True  # False: blanks are taken out of the bag
    max_blanks: int = MAX_BLANKS  # hands with more blanks are drawn again
    min_equations: int = 1
    min_best: int | None = None
    max_best: int | None = None
    nine_tile: bool = False  # an equation using all nine tiles must exist
    max_equations: int | None = None
    # Operation tiles in the hand, a blank aside: a hand with none only makes '8 = 8' equations.
    # Hands of fewer than four tiles are exempt, since no equation of theirs can use one.
    operations: tuple[int, int] = (1, MAX_HAND)
    fractions: tuple[int, int] = (0, MAX_HAND)  # fraction tiles in the hand
    zero_tricks: bool = True  # False: at most ZERO_SHARE of the equations, never the only best
    max_families: int | None = None  # families of equations the key may list
    # The class's taste (game.taste) that one best equation at least must fit: a Junior hand
    # whose best score needs '92 2/2' or a three-digit Number teaches what the class does not write.
    best_taste: Taste | None = None
    every_tile: bool = False  # every tile of the hand is in some equation (a notebook's hands)

    def recorded(self) -> dict:
        """Return the rules as a run records them (its manifest, the tag of its ids): every field,
        but the taste's only when set, so a --taste any run keeps the ids it had before the taste."""
        fields = dataclasses.asdict(self)
        for name, unset in (("zero_tricks", True), ("max_families", None), ("best_taste", None),
                             ("every_tile", False)):
            if fields[name] == unset:
                del fields[name]
        return fields

    def check(self, tileset: TileSet | None = None) -> None:
        """Raise if the rules contradict themselves, or ask for what no hand of the tile set
        can have: then the search is refused at once instead of drawing in vain."""
        if not 2 <= self.size <= MAX_HAND:
            raise ClassroomError(f"a hand holds 2 to {MAX_HAND} tiles, not {self.size}")
        if self.nine_tile and self.size != MAX_HAND:
            raise ClassroomError("a nine-tile equation needs hands of nine tiles")
        if self.min_best is not None and self.max_best is not None and self.min_best > self.max_best:
            raise ClassroomError(f"the best-score range {self.min_best}-{self.max_best} is empty")
        if self.max_best is not None and self.max_best < 0:
            raise ClassroomError(f"--max-best {self.max_best} is below 0, and no score is; "
                                 f"ask for 0 or more")
        if self.nine_tile and self.max_best is not None and self.max_best < ALL_NINE_BONUS:
            raise ClassroomError(f"a nine-tile equation scores at least {ALL_NINE_BONUS}, more "
                                 f"than --max-best {self.max_best}; raise --max-best or drop --nine-tile")
        if self.min_equations > MAX_EQUATIONS:
            raise ClassroomError(f"--min-equations {self.min_equations:,} is more than hands are "
                                 f"searched for; ask for at most {MAX_EQUATIONS:,} (a key of that "
                                 f"many equations runs to some 80 pages)")
        if tileset is not None and self.min_best is not None:
            most = highest_score(tileset, self.size)
            if self.min_best > most:
                raise ClassroomError(
                    f"--min-best {self.min_best:,} is more than any hand of {self.size} tiles from "
                    f"the {tileset.name} tile set can score (at most {most}); ask for {most} or less")

    def accepts(self, solution: Solution) -> bool:
        """Return whether a solved hand meets every filter."""
        return not self.unmet(solution)

    def unmet(self, solution: Solution, cheap_first: bool = False) -> list[str]:
        """Return the filters a solved hand misses, as the options that set them; with
        `cheap_first`, only those read off its counts and best score when one of them is
        missed (the taste and every-tile filters read every equation: a search drawing many
        hands need not read them for a hand already refused)."""
        best = solution.best_score
        missed = []
        if not self.suits(solution.hand):
            missed.append("--difficulty (operation and fraction tiles in the hand)")
        if solution.count < max(1, self.min_equations):
            missed.append(f"--min-equations {self.min_equations}")
        if self.max_equations is not None and solution.count > self.max_equations:
            missed.append(f"--difficulty (at most {self.max_equations} equations)")
        if self.min_best is not None and (best is None or best < self.min_best):
            missed.append(f"--min-best {self.min_best}")
        if self.max_best is not None and (best is None or best > self.max_best):
            missed.append(f"--max-best {self.max_best}")
        if self.nine_tile and not solution.nine_tile:
            missed.append("--nine-tile")
        if missed and cheap_first:
            return missed
        if not self.zero_tricks and too_tricky(solution):
            missed.append("--taste class (few zero tricks, none the only best)")
        if self.max_families is not None and len(family_counts(solution)) > self.max_families:
            missed.append(f"--taste class (at most {self.max_families} families of equations)")
        if self.best_taste is not None and solution.best and not any(fits(a.symbols, self.best_taste)
                                                                     for a in solution.best):
            missed.append("--taste class (a best equation the class would write)")
        if self.every_tile and unused_tiles(solution):
            missed.append("every tile in some equation")
        return missed

    def suits(self, hand: Hand) -> bool:
        """Return whether the hand holds the operation and fraction tiles the rules ask for."""
        operations = sum(1 for t in hand if is_operation(t))
        fractions = sum(1 for t in hand if is_fraction(t))
        low, high = self.operations
        return ((len(hand) < 4 or low <= operations <= high)
                and self.fractions[0] <= fractions <= self.fractions[1])

    def describe(self) -> str:
        """Return the filters in words, for the message when none can be met."""
        parts = [f"at least {self.min_equations} equation(s)"]
        if self.max_equations is not None:
            parts[0] = f"{self.min_equations} to {self.max_equations} equations"
        if self.operations != (1, MAX_HAND) and self.size >= 4:
            parts.append(f"{self.operations[0]}-{self.operations[1]} operations")
        if self.fractions != (0, MAX_HAND):
            parts.append(f"{self.fractions[0]}-{self.fractions[1]} fraction tiles")
        if self.min_best is not None or self.max_best is not None:
            parts.append(f"a best score from {self.min_best or 0} to {self.max_best or 'any'}")
        if self.nine_tile:
            parts.append("a nine-tile equation")
        if self.balanced:
            parts.append("2-3 operations")
        if not self.blanks:
            parts.append("no blanks")
        if not self.zero_tricks:
            parts.append("few zero tricks")
        if self.max_families is not None:
            parts.append(f"at most {self.max_families} families of equations")
        if self.best_taste is not None:
            parts.append("a best equation the class would write")
        return ", ".join(parts)


def family_counts(solution: Solution) -> Counter:
    """Return each family of a hand's equations (game.families) with how many it holds."""
    return Counter(family(a.symbols) for a in solution.answers)


def zero_share(solution: Solution) -> float:
    """Return the share of a hand's equations that are zero tricks (game.taste), 0 with none."""
    return sum(1 for a in solution.answers if is_zero_trick(a.symbols)) / max(1, solution.count)


def too_tricky(solution: Solution) -> bool:
    """Return whether zero tricks are more than ZERO_SHARE of a hand's equations, or every way
    to its best score."""
    if not solution.answers:
        return False
    return (zero_share(solution) > ZERO_SHARE
            or all(is_zero_trick(a.symbols) for a in solution.best))


def highest_score(tileset: TileSet, size: int) -> int:
    """Return the most any equation from a hand of `size` tiles of the set can score: its
    highest-scoring tiles, and the all-nine bonus for a nine-tile hand."""
    scores = sorted((tileset.score_of(t) for t in tileset.bag), reverse=True)[:size]
    return sum(scores) + (ALL_NINE_BONUS if size == MAX_HAND else 0)


def can_reach(hand: Hand, tileset: TileSet, rules: HandRules) -> bool:
    """Return False when the hand's tiles cannot add up to --min-best, so it need not be solved."""
    if rules.min_best is None:
        return True
    bonus = ALL_NINE_BONUS if len(hand) == MAX_HAND else 0
    return sum(tileset.score_of(t) for t in hand) + bonus >= rules.min_best


def draw_hand(tileset: TileSet, rng: random.Random, rules: HandRules = HandRules()) -> Hand:
    """Return one hand drawn from a full bag of the tile set, with no more blanks than allowed
    and, when a bounded number of draws finds one, the operations and fractions asked for."""
    return few_blanks(lambda: _draw(tileset, rng, rules), rules.max_blanks, rules.suits)


def few_blanks(draw_once: Callable[[], Hand], limit: int = MAX_BLANKS,
               suits: Callable[[Hand], bool] = lambda hand: True) -> Hand:
    """Return the first drawn hand holding at most `limit` blanks (that also `suits`); the
    draws are bounded, so a custom bag of little but blanks ends with its last draw instead of
    drawing for ever."""
    for _ in range(100):
        hand = draw_once()
        if hand.count(BLANK) <= limit and suits(hand):
            break
    return hand


def _draw(tileset: TileSet, rng: random.Random, rules: HandRules) -> Hand:
    bag = sorted(t for t in tileset.bag if rules.blanks or t != BLANK)
    if not rules.balanced:
        if len(bag) < rules.size:
            raise ClassroomError(f"the {tileset.name} bag holds only {len(bag)} tiles")
        return in_order(rng.sample(bag, rules.size))
    operations = [t for t in bag if is_operation(t)]
    numbers = [t for t in bag if not is_operation(t)]
    wanted = rng.choice((2, 3))
    if len(operations) < 2 or len(numbers) < rules.size - 2:
        raise ClassroomError(f"the {tileset.name} tile set cannot make balanced hands")
    wanted = min(wanted, len(operations))
    return in_order(rng.sample(operations, wanted) + rng.sample(numbers, rules.size - wanted))


def in_order(tiles: list[str]) -> Hand:
    """Return tiles as a hand is shown: digits, fractions, operations, then blanks."""
    order = ALL_SYMBOLS + (BLANK,)
    return tuple(sorted(tiles, key=order.index))


def unused_tiles(solution: Solution) -> tuple[str, ...]:
    """Return the tiles of the hand that no equation of it uses, once each: ('5/2',) for a hand
    whose 5/2 can never be used (a class hunts for it in vain)."""
    used = {BLANK if t.startswith(BLANK) else t for answer in solution.answers for t in (answer.tiles or answer.symbols)}
    return tuple(t for t in dict.fromkeys(solution.hand) if t not in used)


def find_hand(tileset: TileSet, rng: random.Random, rules: HandRules = HandRules(),
              tries: int = MAX_TRIES) -> tuple[Hand, Solution]:
    """Return the first drawn hand that meets the rules, with its solution; raise after a
    bounded search saying which filter could not be met."""
    rules.check(tileset)
    missed: Counter[str] = Counter()
    for _ in range(tries):
        hand = draw_hand(tileset, rng, rules)
        if not can_reach(hand, tileset, rules):
            missed[f"--min-best {rules.min_best}"] += 1
            continue
        solution = solve(hand, tileset)
        unmet = rules.unmet(solution, cheap_first=True)
        if not unmet:
            return hand, solution
        missed.update(unmet)
    hardest = missed.most_common(1)[0][0] if missed else "the filters"
    raise ClassroomError(
        f"no hand with {rules.describe()} turned up in {tries} draws from the "
        f"{tileset.name} tile set ({hardest} failed most often); loosen {hardest}"
    )


def preset_rules(preset: Difficulty, size: int | None = None, tileset: TileSet | None = None, taste: str = "class",
                 **given) -> HandRules:
    """Return the preset's HandRules (Difficulty.rules) for hands of `size` tiles (None:
    MAX_HAND) from the tile set (the Original when None); options the teacher gave (not None)
    win over the preset's, and a best score or nine-tile equation asked for replaces the whole
    band.

    The bands of equations and best score are those of nine-tile hands: a smaller hand,
    with far fewer equations and no 40 bonus, keeps the operation, fraction and blank
    rules. The best-score band is in the Original set's points; a set whose tiles score
    less on average (Add and subtract) has its band scaled down, the 40 bonus aside, and
    a set without fraction tiles asks for none. With the class's taste (taste='class', the
    default) the key lists at most MAX_FAMILIES families, zero tricks are kept few unless the
    set's taste counts them as good play, and one best equation at least fits the taste
    (game.taste); taste='any' drops all three."""
    size = MAX_HAND if size is None else size
    has_fractions = tileset is None or any(is_fraction(t) for t in tileset.bag)
    chosen = dict(operations=preset.operations, fractions=preset.fractions if has_fractions else (0, 0),
                  blanks=preset.blanks)
    if taste == "class":
        level_taste = (tileset or load_level("original")).taste
        chosen.update(zero_tricks=level_taste.zero_tricks, max_families=MAX_FAMILIES,
                      best_taste=level_taste)
    if size == MAX_HAND:
        chosen.update(min_equations=preset.equations[0], max_equations=preset.equations[1])
    asked = any(given.get(name) for name in ("min_best", "max_best", "nine_tile"))
    if size == MAX_HAND and not asked:
        ratio = 1.0 if tileset is None else min(1.0, mean_score(tileset) / mean_score(load_level("original")))
        chosen.update(min_best=scaled(preset.best[0], ratio), max_best=scaled(preset.best[1], ratio))
    chosen.update({name: value for name, value in given.items() if value is not None})
    if chosen.get("min_equations", 1) > preset.equations[1]:
        chosen["max_equations"] = None  # the teacher asked for more answers than the preset's most
    return HandRules(size=size, **chosen)


def mean_score(tileset: TileSet) -> float:
    """Return the average score of the tiles in the set's bag, blanks left out."""
    scores = [tileset.score_of(t) for t in tileset.bag if t != BLANK]
    return sum(scores) / max(1, len(scores))


def scaled(points: int, ratio: float) -> int:
    """Return a best score scaled by `ratio`, the 40 bonus of a nine-tile equation unscaled:
    (45, 0.6) -> 43, (15, 0.6) -> 9."""
    bonus = ALL_NINE_BONUS if points > ALL_NINE_BONUS else 0
    return bonus + round((points - bonus) * ratio)
