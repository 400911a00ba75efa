"""A duplicate round on the projector, as changes to its record: an entry typed in the box
(`Ana: …`, again to replace it, `Ana: withdraw` to take it back), and the round closed; each
checked first against the round the form was made for."""

from __future__ import annotations

from typing import Callable

from classroom.errors import ClassroomError, excerpt
from classroom.record.duplicate import WITHDRAWN, add_plays, close_round, replay_duplicate
from classroom.record.grammar import Record, Turn, read_turn

Change = Callable[[Record], Record]


def in_round(form, how: Change) -> Change:
    """Return `how` checked first against the round the form was made for (its hidden field
    `round`): a line or a close sent for a round that has closed since is refused, so a
    second Close never closes the next round too, and a late entry never lands in it."""
    wanted = form.get("round")

    def checked(record: Record) -> Record:
        current = replay_duplicate(record, where="the play").current
        if current is None:
            raise ClassroomError("the game is over; no round is open")
        if wanted != str(current.round):
            raise ClassroomError(f"round {excerpt(wanted or '?')} has closed since this page was shown (or the "
                                 f"form was sent twice); nothing was changed — this is round {current.round}")
        return how(record)

    return checked


def closed_round(record: Record) -> Record:
    """Return the record with the open round closed."""
    return close_round(record, "the play")[0]


def entered(typed: str) -> Change:
    """Return the change a line typed in the duplicate box makes: a participant's entry added
    (replacing an earlier one), or taken back with `Ana: withdraw`."""

    def added(current: Record) -> Record:
        if not typed:
            raise ClassroomError("type a participant's play, like 'Ana: J10 across 24 ÷ 3 = 8', or close")
        if typed.lower() in ("undo", "withdraw", "take back"):
            raise ClassroomError("name whose entry to take back, like 'Ana: withdraw'")
        who, colon, rest = typed.partition(":")
        line = f"{who}: {WITHDRAWN}" if colon and rest.strip().lower() in ("withdraw", WITHDRAWN, "take back") else typed
        turn = read_turn(line, current, "the play")
        if not isinstance(turn, Turn):
            raise ClassroomError("give a participant's play, like 'Ana: J10 across 24 ÷ 3 = 8'")
        return add_plays(current, [turn], "the play")[0]

    return added
