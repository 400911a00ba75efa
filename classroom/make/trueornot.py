"""True or not? worksheets: equations made from a level's tiles, some true, some false; the
student marks each and says why, and the key gives the checker's reason for every false one.

A false line is a true equation (from `solve.boardless.solve` of a drawn hand) with one Mistake
made in it, and is kept only when the checker rejects it for the very rule the Mistake breaks:
a line meant to show "a number cannot start with 0" that the checker rejects for another reason
is thrown away, never printed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from classroom.game.tilesets import TileSet


@dataclass(frozen=True)
class Mistake:
    """One rule a false line breaks: its name, the checker's reason for it, the tiles it needs."""

    name: str  # like 'below-zero'
    reason: str  # a regular expression the checker's reason matches, like 'goes below zero$'
    needs: str = ""  # a kind of tile the level must hold ('fraction', '÷', ...), '' for none
    negatives: bool | None = None  # True: only with negative values allowed; False: only without

    def fits(self, tileset: TileSet) -> bool:
        """Return whether the level has this rule: its tiles, and its rule on negative values."""
        if self.negatives is not None and self.negatives != tileset.rules.negatives:
            return False
        if not self.needs:
            return True
        return self.needs in tileset.kinds or tileset.count.get(self.needs, 0) > 0

    def explains(self, reason: str | None) -> bool:
        """Return whether the checker's reason is this rule's."""
        return reason is not None and re.search(self.reason, reason) is not None


# The rules a false line may break, in the order a sheet goes through them.
MISTAKES = (
    Mistake("wrong-value", r"^the two sides differ"),
    Mistake("below-zero", r"goes below zero$", negatives=False),
    Mistake("two-equals", r"^an equation has only one =$"),
    Mistake("leading-zero", r"has an unnecessary zero$"),
    Mistake("fraction-first", r"a fraction tile can only be the last tile of a number$", needs="fraction"),
    Mistake("divide-by-zero", r"divides by zero$", needs="÷"),
    Mistake("two-operations", r"^two operations side by side"),
    Mistake("sign-in-front", r"^an expression cannot start with"),
    Mistake("zero-whole-part", r"a mixed number needs a whole part that is not zero$", needs="fraction"),
    Mistake("negative-inside", r"a negative tile starts a number", needs="negative"),
    Mistake("exponent-inside", r"an exponent tile ends a number", needs="exponent"),
)


def level_mistakes(tileset: TileSet) -> tuple[Mistake, ...]:
    """Return the mistakes a sheet of this level covers: the rules its tiles can break."""
    return tuple(m for m in MISTAKES if m.fits(tileset))
