"""The pile of a game kept at a table (a record without `draws` lines) follows from its tiles
(RULES §10, docs/records.md "A table game's pile"): the set's tiles less those on the board and
nine a player, until that reaches 0. The all-pass end applies only with that pile empty, going
out only when a known rack is used up with it empty, and a line after the end is refused naming
its line.

The three games are `classroom game new --seed 5|7|3` games played to their end with
`game play --best`, their `draws` lines left out: the tables' own records of them."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.errors import ClassroomError
from classroom.record.grammar import read_record
from classroom.record.replay import replay
from classroom.record.report import how_ended

TWO = ("Red, Blue", """Red: A10 across 4 + 758 = 76?1 ?2/2
Blue: F5 down 99 4/4 ÷ 5/2 = 41 - 1
Red: E5 across 39 2/2 - 1/4 × 156 = 1
Blue: J1 down 4 - 7 7/6 × 0 = 4
Red: A10 across 4 + 758 = 76?1 ?2/2 + 2 + 0 ÷ 58 - 2
Blue: I1 across 54 = 79 - 3 1/3 × 7 2/4
Red: O8 down 2 2/3 ÷ 2 2/3 = 4/3 × 3/4
Blue: A1 across 0 ÷ 2 ÷ 309 + 54 = 79 - 3 1/3 × 7 2/4
Red: A9 down 84 × 8 - 3 = 668 3/3
Blue: A19 across 3/3 × 1 ÷ 2 × 4 + 3 = 5
Red: A19 across 3/3 × 1 ÷ 2 × 4 + 3 = 51 - 7 ÷ 7/4 - 4?2
Blue: A17 across 60 - 1/4 × 9 6/6 = 57 1/2
Red: D14 across 4 + 1 = 1 × 6 1/3 + 0 - 4/3
Blue: C3 across 1 1/2 + 0 ÷ 2378 = 3/2
Red: Q3 down 1 1/6 - 6 ÷ 6 + 8 = 8 1/6
Blue: I16 across 645 ÷ 53 3/4 = 3 + 9
Red: F12 across 1 × 3 + 4 + 2 3/4 × 2/3 = 8 5/6
""")
THREE = ("Red, Green, Blue", """Red: F10 across 2 = 8 - 6
Green: F5 down 4/3 = 0 × 42 + 9 ÷ 6 3/4
Blue: A10 across 78 ÷ ?6 ÷ 2 = 8 - 6 ÷ 4
Red: F14 across 6 + 7/6 - 1/3 - 5/6 = 6
Green: J1 down 937 1/3 = 152 × 6 1/6
Blue: A10 across 78 ÷ ?6 ÷ 2 = 8 - 6 ÷ 4 - ?0 ÷ 2 × 25
Red: A1 across 94 + 3/3 - 0 ÷ 7/4 = 95
Green: C7 down 0 = 0 ÷ 107159 4/4
Blue: F1 down 0 × 1/4 + 4/3 = 0 × 42 + 9 ÷ 6 3/4
Red: S1 down 2 = 2 1/2 × 39 - 95 1/2
Green: O1 down 245 1/4 = 162 3/2 ÷ 2/3
Blue: C14 across 14 - 6 + 7/6 - 1/3 - 5/6 = 6 - 5 + 7
Red: A9 down 87 × 3 ÷ 57 6/6 = 2 5/2
Green: Q6 down 0 × 13 × 3 + 2/2 + 4 = 5
Blue: C3 down 344 × 0 = 0 ÷ 107159 4/4 ÷ 6
Red: A19 across 5/2 + 6 2/3 = 40 1/6 - 31
Green: O1 down 245 1/4 = 162 3/2 ÷ 2/3 × 1 - 78 + 78
Blue: C17 across 4/4 + 6 + 1/2 = 6 + 3 × 2/4
""")
FOUR = ("A, B, C, D", """A: A10 across 2 + 1/4 - 7/4 = 6 - 3 ?5/2
B: E5 down 81 - 10 7/4 = 69 1/4
C: E6 across 14 - 4 1/6 = 4/3 + 7 3/2
D: E14 across 1/4 + 84 3/4 = 90 - 4 2/2
A: J1 down 69 1/2 + 3/3 = 68 + ?5/2
B: I1 across 16 - 2 - 7/6 = 13 - 1/6
C: G4 across 124 + 766 = 890
D: E1 down 4 ÷ 4 × 81 - 10 7/4 = 69 1/4 × 1
A: O8 down 23 4/4 + 57 2/2 = 82
B: J12 down 82 = 90 6/6 - 9
C: L10 across 3 ÷ 5 4/4 + 5/2 = 3
D: A1 across 1/3 + 2/3 × 4 - 3 + 16 - 2 - 7/6 = 13 - 1/6
A: Q1 down 31 × 0 × 3 ÷ 4 + 5/2 = 2 1/2
B: A19 across 2/4 = 5 3/4 × 7 ÷ 7 ÷ 9 ?5/2
C: A19 across 2/4 = 5 3/4 × 7 ÷ 7 ÷ 9 ?5/2 - 0 × 0 ÷ 1 ÷ 7
D: F17 across 5 2/3 + 5 6/6 = 1/3 × 42 × 5/6
""")
# For each game: the turns after which the pile is empty (in the dealt game, the refill after
# that turn came short), what the pile held one turn before, what each player held then (the
# dealt game's racks) with its symbol scores, and the last player's rack before going out.
EMPTY = {
    TWO: (16, 4, {"Red": ("2 3 4 3/4 5/6 + + × ×", 24), "Blue": ("2 1/2 + -", 7)}),
    THREE: (17, 3, {"Red": ("1 6 8 8 + - - ÷ ?", 17), "Green": ("1 + 3 3/4 -", 11),
                    "Blue": ("+ + + 3 6 6 1/2 2/4 ×", 19)}),
    FOUR: (15, 2, {"A": ("1 2 3 6 8 + × ÷ ÷", 21), "B": ("0 2 3 5 6 7 1/2 - ?", 13), "C": ("+ 5 5", 3),
                   "D": ("5 × 4 5 1/3 2/3 5/6 + ×", 28)}),
}
GAMES = pytest.mark.parametrize("game", [TWO, THREE, FOUR], ids=["2 players", "3 players", "4 players"])
HEADER_LINES = 4


def text(game, turns: list[str]) -> str:
    players, _ = game
    return f"#equate game\n#tiles original\n#mode teams\n#players {players}\n" + "".join(t + "\n" for t in turns)


def turns_of(game) -> list[str]:
    return game[1].splitlines()


def names(game) -> list[str]:
    return [name.strip() for name in game[0].split(",")]


def passes(game, start: int, racks: dict | None = None) -> list[str]:
    """Every player passing once, in turn from the player of turn `start` (racks in brackets)."""
    order = names(game)
    players = [order[(start + i) % len(order)] for i in range(len(order))]
    return [f"{p} [{racks[p][0]}]: pass" if racks else f"{p}: pass" for p in players]


def refused(record_text: str) -> str:
    with pytest.raises(ClassroomError) as error:
        replay(read_record(record_text))
    return str(error.value)


def test_the_pile_is_counted_from_the_tiles():
    """150 Original tiles: 132 in the pile for two players, 123 for three, 114 for four; each
    tile played takes one more out (the first play 4 + 758 = 76?1 ?2/2 puts down 9)."""
    assert [replay(read_record(text(g, []))).table_pile for g in (TWO, THREE, FOUR)] == [132, 123, 114]
    assert replay(read_record(text(TWO, turns_of(TWO)[:1]))).table_pile == 132 - 9
    for game, (empty, before, _) in EMPTY.items():
        assert replay(read_record(text(game, turns_of(game)[:empty - 1]))).table_pile == before
        assert replay(read_record(text(game, turns_of(game)[:empty]))).table_pile == 0


@GAMES
def test_all_pass_mid_game_and_the_game_goes_on(game):
    """Everyone passing once with the pile full is no end (RULES §10: 'with the draw pile
    empty'): the game goes on, the next play is scored."""
    count = len(names(game))
    turns = turns_of(game)
    once = replay(read_record(text(game, turns[:count] + passes(game, count) + [turns[count]])))
    assert not once.ended and once.end is None
    assert [t.kind for t in once.turns[count:]] == ["pass"] * count + ["play"]
    assert once.turns[-1].score > 0 and once.next_player == names(game)[1 % count]


@GAMES
def test_all_pass_one_turn_before_the_pile_is_empty_goes_on(game):
    """With a few tiles left in the pile (4, 3, 2 by the counts) a round of passes is no end."""
    empty, _, _ = EMPTY[game]
    turns = turns_of(game)
    played = replay(read_record(text(game, turns[:empty - 1] + passes(game, empty - 1) + [turns[empty - 1]])))
    assert not played.ended and played.table_pile == 0


@GAMES
def test_all_pass_with_the_pile_empty_ends_the_game(game):
    """With the pile empty by the counts, a round of passes ends the game: each player loses
    what they hold (the holds lines), and a turn after it is refused naming its line."""
    empty, _, held = EMPTY[game]
    turns = turns_of(game)[:empty] + passes(game, empty)
    holds = [f"{p} holds {tiles}" for p, (tiles, _) in held.items()]
    game_over = replay(read_record(text(game, turns + holds)))
    assert game_over.ended and game_over.went_out is None and not game_over.stopped
    assert dict(game_over.end) == {p: -value for p, (_, value) in held.items()}
    assert how_ended(game_over) == "every player passed in turn"
    line = HEADER_LINES + len(turns) + 1
    message = refused(text(game, turns + passes(game, empty)[:1]))
    assert message == (f"record, line {line}: the game has already ended (every player passed in "
                       "turn with the pile empty)")


@GAMES
def test_racks_given_on_the_passes_are_what_they_lose(game):
    """Racks in brackets on the passes are known: the end takes them off without holds lines."""
    empty, _, held = EMPTY[game]
    game_over = replay(read_record(text(game, turns_of(game)[:empty] + passes(game, empty, held))))
    assert game_over.ended and dict(game_over.end) == {p: -value for p, (_, value) in held.items()}


@GAMES
def test_going_out_with_a_known_rack_ends_the_game(game):
    """The last play from a rack in brackets, with the pile empty, uses it up: that player went
    out, and a turn after it is refused naming its line; the holds lines after it are the others'."""
    empty, _, held = EMPTY[game]
    turns = turns_of(game)
    last = turns[-1]
    player, play = last.split(": ", 1)
    out = turns[:-1] + [f"{player} [{held[player][0]}]: {play}"] if len(turns) == empty + 1 else None
    assert out is not None  # each game ends one turn after its pile is empty
    ended = replay(read_record(text(game, out)))
    assert ended.ended and ended.went_out == player and ended.rack(player) == ()
    following = names(game)[len(turns) % len(names(game))]
    message = refused(text(game, out + [f"{following}: pass"]))
    assert message == (f"record, line {HEADER_LINES + len(out) + 1}: the game has already ended "
                       f"({player} used every tile with the pile empty)")
    others = {p: v for p, v in held.items() if p != player}
    holds = [f"{p} holds {tiles}" for p, (tiles, _) in others.items()] + [f"{player} holds nothing"]
    summed = replay(read_record(text(game, out + holds)))
    assert dict(summed.end) == {**{p: -v for p, (_, v) in others.items()},
                                player: sum(v for _, v in others.values())}


def test_a_rack_known_on_a_pass_is_kept_while_the_pile_is_empty():
    """With the pile empty a rack only loses tiles: one given on a pass is the rack of the
    player's next turn, and a holds line that says otherwise is refused."""
    empty, _, held = EMPTY[TWO]
    turns = turns_of(TWO)
    red = held["Red"][0]
    record = text(TWO, turns[:empty] + [f"Red [{red}]: pass", "Blue: pass", "Red holds 2 3 4"])
    assert "Red holds 2 3 4 3/4 5/6 + + × ×, not 2 3 4" in refused(record)
    known = replay(read_record(text(TWO, turns[:empty] + [f"Red [{red}]: pass"])))
    assert known.rack("Red") == tuple(red.split())


def test_a_trade_needs_the_tiles_in_the_pile():
    """A table game's trade is refused when the counted pile cannot refill it."""
    empty, before, _ = EMPTY[TWO]
    turns = turns_of(TWO)
    assert replay(read_record(text(TWO, turns[:empty - 1] + [f"Blue: trade {before}"]))).turns[-1].kind == "trade"
    assert "a trade of 5 needs 5 tiles in the pile" in refused(text(TWO, turns[:empty - 1] + ["Blue: trade 5"]))
    assert f"line {HEADER_LINES + empty + 1}" in refused(text(TWO, turns[:empty] + ["Red: trade 1"]))


def test_holds_lines_end_a_table_game_with_its_sums():
    """A table's holds lines before the rules' end end the game, with the sums as the table
    counted them; the score says so (not 'stopped for time', which has no sums)."""
    game = replay(read_record(text(TWO, turns_of(TWO)[:2] + ["Red: pass", "Blue: pass",
                                                               "Red holds 4 ×", "Blue holds 7 ?"])))
    assert game.ended and game.table_end and not game.stopped
    assert dict(game.end) == {"Red": -4, "Blue": -2}
    assert how_ended(game) == "ended at the table by its holds lines"


def test_score_command_keeps_a_table_game_going(tmp_path):
    """`classroom game score` on a record where all passed once mid-game: no end, Next: names
    who plays; after the pile is empty, a turn after the all-pass is refused naming its line."""
    path = tmp_path / "table.txt"
    turns = turns_of(THREE)
    path.write_text(text(THREE, turns[:3] + passes(THREE, 3) + [turns[3]]), encoding="utf-8")
    result = CliRunner().invoke(app, ["game", "score", str(path)])
    assert result.exit_code == 0 and "Next: Green" in result.output and "End of the game" not in result.output
    empty = EMPTY[THREE][0]
    path.write_text(text(THREE, turns[:empty] + passes(THREE, empty) + ["Blue: pass"]), encoding="utf-8")
    result = CliRunner().invoke(app, ["game", "score", str(path)])
    assert result.exit_code == 2 and f"line {HEADER_LINES + empty + 4}: the game has already ended" in result.output


def test_the_issue_record_a_trade_after_a_round_of_passes():
    """The issue's record: five plays, every team passes, then a trade is a turn like any other."""
    turns = turns_of(THREE)[:5] + passes(THREE, 5) + ["Blue: trade 4 0"]
    game = replay(read_record(text(THREE, turns)))
    assert not game.ended and game.turns[-1].kind == "trade" and game.turns[-1].traded == ("4", "0")
    assert game.table_pile == 87 and game.next_player == "Red"  # 123 less 36 tiles played
