"""A turn on the projector as plain functions of the record (web/turns.py), without a page: a
typed line tried is the turn `play_turn` would play, or one sentence saying why not; a table
game's holds line grows the game tried on, unless the record changed meanwhile."""

from __future__ import annotations

from dataclasses import replace

from classroom.record.deal import best_turn, play_turn
from classroom.record.grammar import read_record, read_turn, record_text
from classroom.record.replay import replay
from classroom.web.turns import confirmed, tried, with_holds
from tests.test_replay_grows import dealt
from tests.test_table_pile import TWO, text, turns_of

TABLE_END = ["Red: pass", "Blue: pass", "Red holds 4 ×", "Blue holds 7 ?"]  # ended by its holds lines


def test_a_typed_play_tried_is_the_turn_play_turn_plays_and_confirmed_writes():
    """A legal play tried gives the game after it (its score with it) and writes nothing; the
    same line confirmed is the record play_turn gives."""
    record = dealt("teams", ("Red", "Blue"), "original", 5, 6)
    typed = best_turn(replay(record)).action.text
    answer = tried(record, typed, "", "game grows")
    expected = play_turn(record, read_turn(f"{replay(record).next_player}: {typed}", record))[0]
    assert answer.error is None and not answer.holds and answer.written == typed
    assert answer.game.record == record and answer.pending.record == expected
    assert answer.pending.turns[-1].score > 0
    assert confirmed(record, typed) == expected


def test_a_refused_play_says_why_in_one_sentence_without_the_line_number():
    """A play that breaks a rule is refused with the rule, not the record's line number, and
    keeps the line as typed."""
    record = dealt("teams", ("Red", "Blue"), "original", 5, 6)
    answer = tried(record, "J10 across 1 + 1 = 3", "", "game grows")
    assert answer.pending is None and answer.written == "J10 across 1 + 1 = 3"
    assert answer.error.startswith("J10 across 1 + 1 = 3 is not a legal play: ") and "line" not in answer.error


def test_a_holds_line_grows_the_game_tried_on_unless_the_record_changed():
    """A table game's last holds line, tried then written, gives the whole record; when another
    window added a line meanwhile, the record as it is now is replayed, not the game tried on."""
    whole = read_record(text(TWO, turns_of(TWO)[:2] + TABLE_END))
    last = len(whole.lines)
    before = replace(whole, lines=whole.lines[:last - 1])
    answer = tried(before, "Blue holds 7 ?", "", "game table")
    assert answer.holds and answer.error is None
    assert record_text(with_holds(before, answer.game, "Blue holds 7 ?")) == record_text(whole)
    earlier = replace(whole, lines=whole.lines[:last - 2])  # the game tried on, one line behind
    assert record_text(with_holds(before, replay(earlier), "Blue holds 7 ?")) == record_text(whole)
