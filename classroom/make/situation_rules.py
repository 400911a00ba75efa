"""What makes a good contest position: the rules a generated situation must meet, the features
a teacher can ask the winning play to show among them (make.presets). Kept apart from the search
in classroom.make.situations, so that a request is checked without the engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from classroom.errors import ClassroomError, excerpt
from classroom.game.symbols import MAX_HAND
from classroom.make.presets import FEATURES, PLAYERS


@dataclass(frozen=True)
class SituationRules:
    """What makes a good contest position."""

    plays: int = 6  # equation plays already on the board
    margin: int = 3  # the best play beats the runner-up by at least this much (0: ties allowed)
    features: tuple[str, ...] = ()  # keys of FEATURES the winning play must show
    hand_size: int = MAX_HAND
    blanks: bool = True  # contest hands hold a blank when the bag draws one (--no-blanks: never)
    player: str = "class"  # who plays the board's game: a class of the level, or the engine (--player)

    def check(self) -> None:
        """Raise if the rules ask for something unknown or impossible."""
        if self.player not in PLAYERS:
            raise ClassroomError(f"--player is {' or '.join(PLAYERS)}, not {excerpt(self.player)}")
        unknown = [f for f in self.features if f not in FEATURES]
        if unknown:
            raise ClassroomError(f"unknown feature {unknown[0]!r}; choose from {', '.join(FEATURES)}")
        if not 0 <= self.plays <= 40:
            raise ClassroomError(f"--plays takes 0 to 40 plays on the board, not {self.plays}")
        if self.margin < 0:
            raise ClassroomError("the winning margin cannot be negative")
        if "nine-tile" in self.features and self.hand_size != MAX_HAND:
            raise ClassroomError("a nine-tile play needs nine-tile hands")
