"""Fixed choices: an option or a form field that takes one word of a fixed list (a level, a
difficulty, a page size, a key, a feature). One rule everywhere: any letter case is accepted and
the word is returned as the list spells it; any other word is one sentence naming the choices."""

from __future__ import annotations

from collections.abc import Iterable

from classroom.errors import ClassroomError, excerpt


def one_of(value: str, choices: Iterable[str], what: str) -> str:
    """Return the choice `value` names in any letter case ('Original' -> 'original', '3e' ->
    '3E'), or raise one sentence: '--level is original, junior or advanced, not 'expert''."""
    options = tuple(choices)
    wanted = value.strip().casefold()
    for option in options:
        if option.casefold() == wanted:
            return option
    listed = ", ".join(options[:-1]) + f" or {options[-1]}" if len(options) > 1 else options[0]
    raise ClassroomError(f"{what} is {listed}, not {excerpt(value)!r}")
