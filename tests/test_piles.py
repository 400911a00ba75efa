"""Two draw piles (RULES §12, `#piles two`): a numbers pile (the blanks in it) and an operations
pile; each draw says how many tiles come from the operations pile, a pile that runs short gives
what it has and the other the rest, the refill waits for the player's word, and a record dealt
to the end deals the same tiles again from its own draws lines (docs/records.md)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.errors import ClassroomError
from classroom.game.bag import operations_drawn, pile_draw
from classroom.game.plays import record_notation
from classroom.game.symbols import OPERATIONS
from classroom.make.simulated import choices
from classroom.record.deal import draw_refill, new_game, play_turn
from classroom.record.grammar import Draw, Pass, Record, Trade, Turn, Written, read_record, record_text
from classroom.record.replay import replay
from tests.test_deal import everything

BAG = ("0", "1", "1", "2", "5", "9", "1/2", "?", "+", "+", "-", "×", "÷")  # 8 numbers, 5 operations


@pytest.mark.parametrize("count, asked, operations", [
    (5, 2, 2),   # as asked
    (5, 0, 0),   # no operation at all
    (3, 9, 3),   # never more than the draw
    (9, 7, 5),   # the operations pile runs out: the numbers pile gives the rest
    (9, 0, 1),   # the numbers pile holds 8: the ninth tile is an operation
    (20, 1, 5),  # more than the bag: the whole bag
])
def test_a_draw_takes_its_operations_from_their_own_pile(count, asked, operations):
    """The draw holds min(asked, what the piles allow) operation tiles, the rest numbers (a blank is a number)."""
    hand, rest = pile_draw(BAG, count, asked, random.Random(4))
    assert operations_drawn(hand) == operations
    assert len(hand) == min(count, len(BAG))
    assert Counter(hand) + Counter(rest) == Counter(BAG)


@pytest.mark.parametrize("seed", range(30))
def test_asking_for_the_operations_a_draw_holds_draws_it_again(seed):
    """Whatever was asked, asking for the count of operation tiles the draw holds deals the same
    tiles: the draws line itself says how many were taken."""
    rng = random.Random(seed)
    bag = tuple(sorted(rng.sample(BAG, rng.randint(1, len(BAG))), key=BAG.index))
    count, asked = rng.randint(1, 9), rng.randint(0, 9)
    hand, _ = pile_draw(bag, count, asked, random.Random(f"{seed}:draw"))
    assert pile_draw(bag, count, operations_drawn(hand), random.Random(f"{seed}:draw"))[0] == hand


def two_pile_game(seed: int, level: str = "junior", players=("Red", "Blue")):
    """Return a two-pile game played to its end (the budgeted engine of simulated games), each draw asking for a count of
    operation tiles drawn from 0 to 9, and the counts asked."""
    chooser = random.Random(f"{seed}:asked")
    first = chooser.randint(0, 9)
    record = new_game("teams", players, level, seed, piles="two", operations=first)
    asked = [first] * len(players)
    game = replay(record)
    while not game.ended:
        rack = game.rack(game.next_player)
        found = choices(game.board, rack, game.tileset)  # the simulated games' budgeted search: quicker than the best
        trade = Trade(rack, len(rack)) if rack and len(game.pile) >= len(rack) else Pass()  # no play found
        turn = Turn(0, game.next_player, Written(record_notation(game.board, found[0].play)) if found else trade)
        wanted = chooser.randint(0, 9)
        record, game = play_turn(record, turn, "test", game, wanted)
        if isinstance(record.lines[-1], Draw):
            asked.append(wanted)
    return record, game, asked


@pytest.mark.parametrize("seed", [1])  # one game: the search makes it some 30 s under load
def test_a_two_pile_game_dealt_to_the_end(seed):
    """Every tile is dealt once (the pile empty at the end, every tile on the board or held), each
    draw holds the operation tiles asked for as far as the piles of its moment allowed, and the
    game dealt again from the count of operation tiles on each draws line is the same record, byte
    for byte."""
    record, game, asked = two_pile_game(seed)
    assert game.ended and game.pile == ()
    assert everything(game) == Counter(t for t in game.tileset.bag if t != "=")
    draws = [line for line in record.lines if isinstance(line, Draw)]
    assert len(draws) == len(asked) and len(draws) > 2
    growing = replay(Record(record.header))  # the piles as each draw finds them
    for line in record.lines:
        if isinstance(line, Draw):
            wanted = asked.pop(0)
            pile = growing.pile if growing.dealt else [t for t in growing.tileset.bag if t != "="]
            ops = sum(1 for t in pile if t in OPERATIONS)
            count, numbers = len(line.tiles), len(pile) - ops
            assert operations_drawn(line.tiles) == max(min(wanted, count, ops), count - numbers)
        growing = growing.then(line)
    again = new_game("teams", record.header.players, record.header.level, seed, piles="two",
                     operations=operations_drawn(draws[0].tiles))
    regame = replay(again)
    for index, line in enumerate(record.lines):
        if isinstance(line, Turn):
            refill = record.lines[index + 1] if index + 1 < len(record.lines) else None
            taken = operations_drawn(refill.tiles) if isinstance(refill, Draw) else None
            again, regame = play_turn(again, line, "again", regame, taken)
    assert record_text(again) == record_text(record)


def test_the_refill_waits_for_the_players_word():
    """A play without the count of operations leaves the refill waiting: the next turn is refused
    in one sentence until the player draws; the draw then deals what the count asks for."""
    record = new_game("teams", ("Red", "Blue"), "original", 5, piles="two", operations=2)
    game = replay(record)
    assert [operations_drawn(line.tiles) for line in record.lines] == [2, 2]
    rack = game.rack("Red")
    record, game = play_turn(record, Turn(0, "Red", Trade(rack[:4], 4)), "test", game)
    assert game.drawing == ("Red", 4) and not isinstance(record.lines[-1], Draw)
    with pytest.raises(ClassroomError, match="Red draws first"):
        play_turn(record, Turn(0, "Blue", Pass()), "test", game)
    record, game = draw_refill(record, 3, "test", game)
    assert operations_drawn(record.lines[-1].tiles) == 3 and len(game.rack("Red")) == 9
    assert game.drawing is None and game.next_player == "Blue"
    with pytest.raises(ClassroomError, match="no one is waiting to draw"):
        draw_refill(record, 3, "test", game)
    with pytest.raises(ClassroomError, match="from 0 to 9, not 10"):
        play_turn(record, Turn(0, "Blue", Pass()), "test", game, 10)


def test_one_pile_games_take_no_count_of_operations():
    """A game of one pile refuses --operations; its record has no '#piles' line, as before."""
    record = new_game("teams", ("Red", "Blue"), "original", 5)
    assert "#piles" not in record_text(record)
    with pytest.raises(ClassroomError, match="two draw piles"):
        play_turn(record, Turn(0, "Red", Pass()), "test", None, 2)


@pytest.mark.parametrize("text, refusal", [
    ("#piles three\n", "'#piles' is one or two, not 'three'"),
    ("#mode duplicate\n#piles two\n", "a setting of a teams or solo game"),
])
def test_the_piles_header_is_read_and_refused(text, refusal):
    """'#piles two' reads back as written; another value or a duplicate game is refused."""
    head = "#equate game\n#players Red, Blue\n"
    assert read_record(head + "#piles two\n").header.piles == "two"
    assert "#piles two" in record_text(read_record(head + "#piles two\n"))
    with pytest.raises(ClassroomError, match=refusal):
        read_record(head + text)


def run(*words: str):
    return CliRunner().invoke(app, list(words))


def test_the_command_line_deals_two_piles(tmp_path):
    """game new --piles two --operations N deals the first racks so; game play needs --operations
    for a turn that draws (refused, the record untouched, without it), and alone deals a refill
    left waiting by the page."""
    path = tmp_path / "game.txt"
    made = run("game", "new", str(path), "--players", "Red, Blue", "--seed", "9", "--piles", "two", "--operations", "1")
    assert made.exit_code == 0, made.output
    record = read_record(path.read_text("utf-8"))
    assert record.header.piles == "two" and [operations_drawn(d.tiles) for d in record.lines] == [1, 1]
    rack = replay(record).rack("Red")
    before = path.read_text("utf-8")
    refused = run("game", "play", str(path), f"Red: trade {rack[0]} {rack[1]}")
    assert refused.exit_code == 2 and "--operations" in refused.output and path.read_text("utf-8") == before
    played = run("game", "play", str(path), f"Red: trade {rack[0]} {rack[1]}", "--operations", "0")
    assert played.exit_code == 0, played.output
    assert operations_drawn(read_record(path.read_text("utf-8")).lines[-1].tiles) == 0
    # a refill left waiting (as the page leaves it) is dealt by --operations alone
    record = read_record(path.read_text("utf-8"))
    blue = replay(record).rack("Blue")
    waiting = play_turn(record, Turn(0, "Blue", Trade(blue[:2], 2)), "test")[0]
    path.write_text(record_text(waiting), encoding="utf-8")
    assert "First Blue draws 2 tiles" in run("game", "score", str(path)).output
    drawn = run("game", "play", str(path), "--operations", "2")
    assert drawn.exit_code == 0, drawn.output
    assert operations_drawn(read_record(path.read_text("utf-8")).lines[-1].tiles) == 2
    one = run("game", "new", str(tmp_path / "one.txt"), "--players", "Red, Blue", "--operations", "2")
    assert one.exit_code == 2 and "--piles two" in one.output
    duplicate = run("game", "new", str(tmp_path / "dup.txt"), "--players", "Ana, Ben", "--mode", "duplicate",
                    "--piles", "two")
    assert duplicate.exit_code == 2 and "two draw piles are settings of a teams or solo game" in duplicate.output
