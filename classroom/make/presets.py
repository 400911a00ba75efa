"""What a teacher picks by name or number for a set, and the sets' limits: the difficulties'
presets, the features a contest position may be asked to show, the most items and plays. Kept
apart from the hands' search (make.hands) and the requests (make.requests), so that the command
line's help, which shows them, needs no solver (docs/performance.md, "Start-up").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from classroom.game.tilesets import TileSet
    from classroom.make.hands import HandRules

# Items of one set, and names of one roster. The page's limit was 30 and the command line's 200:
# one limit now, the command line's, since the page makes a set in a job process of its own (the
# server answers meanwhile, as a terminal does while a set is made) and a teacher printing for
# several classes at once meets the same limit at either door.
MAX_COUNT = 200
DEFAULT_COUNT = 5
# The winning margin, in points. The page's limit was 50 and the command line had none: one limit
# now, the page's. A margin past 50 is more than the best play of almost any position beats its
# runner-up by, so a search for it drew positions for half a minute before giving up
# (`situations --margin 1000`: 34 s); refused at once instead.
MAX_MARGIN = 50
MAX_PLAYS = 40  # plays already on a situation's board: past 40 the bag runs dry in most games

# Who plays the games a board comes from (classroom.make.simulated.player_of): the class player
# of the level (plays within its taste) or the engine (one of its few best plays, whatever they hold).
PLAYERS = ("class", "engine")

# What a teacher can ask the winning play to show (classroom.make.situations.has_feature tells).
FEATURES = {
    "nine-tile": "the winning play uses all nine tiles",
    "two-equations": "the winning play forms two equations or more",
    "extension": "the winning play extends tiles already on the board",
    "fraction": "the winning play places a fraction tile",
    "3E": "the winning play covers a 3E square",
}


@dataclass(frozen=True)
class Difficulty:
    """A preset of hand rules a teacher picks by name (--difficulty): how many answers a hand
    allows, its best score, and the operation and fraction tiles it holds."""

    name: str
    equations: tuple[int, int]  # fewest and most different equations
    best: tuple[int, int]  # the best-score band of a nine-tile hand
    operations: tuple[int, int]  # operation tiles in the hand, a blank aside
    fractions: tuple[int, int]  # fraction tiles in the hand
    blanks: bool  # whether a hand may hold a blank

    def rules(self, size: int | None = None, tileset: TileSet | None = None, taste: str = "class",
              **given) -> HandRules:
        """Return the preset's HandRules for hands of `size` tiles (None: nine) from the tile set
        (the Original when None), the teacher's options over it (make.hands.preset_rules)."""
        from classroom.make.hands import preset_rules

        return preset_rules(self, size, tileset, taste, **given)

    def describe(self) -> str:
        """Return the preset in words, for --help and the README."""
        low, high = self.fractions
        fractions = "no fraction tiles" if high == 0 else (
            f"at most {high} fraction tile{'s' if high != 1 else ''}" if low == 0 else
            f"{low} to {high} fraction tiles")
        return (f"{self.name}: {self.equations[0]}-{self.equations[1]} equations, best score "
                f"{self.best[0]}-{self.best[1]}, {self.operations[0]}-{self.operations[1]} "
                f"operations, {fractions}, {'a blank at most' if self.blanks else 'no blanks'}")


DIFFICULTIES = {
    d.name: d for d in (
        Difficulty("easy", equations=(30, 400), best=(10, 30), operations=(2, 3), fractions=(0, 0),
                   blanks=False),
        Difficulty("medium", equations=(20, 800), best=(15, 45), operations=(1, 4), fractions=(0, 1),
                   blanks=False),
        Difficulty("hard", equations=(10, 2000), best=(45, 80), operations=(2, 4), fractions=(1, 3),
                   blanks=True),
    )
}
