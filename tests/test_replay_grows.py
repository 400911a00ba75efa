"""A replay grows by one line (`Replay.then`, Macondo's `game.PlayMove`): a record replayed to
any line and then grown line by line is the record replayed whole, on every field the views
read (board, racks, pile, totals, turns, next player, the end); a broken line is refused with
the same sentence; and a typed play on the page, its confirmation, and `classroom game play`
replay the record once each."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

import pytest
from typer.testing import CliRunner

import classroom.record.replay as replay_module
from classroom.cli.commands import app
from classroom.errors import ClassroomError
from classroom.game.board import board_text
from classroom.record.deal import best_turn, new_game, play_turn, stop_game, undo_turn
from classroom.record.grammar import Record, Trade, Turn, read_record, read_turn, record_text
from classroom.record.replay import Replay, replay
from classroom.store.games import add_game, load_game
from tests.test_table_pile import EMPTY, FOUR, THREE, TWO, passes, text, turns_of
from tests.test_web_games import at
from tests.test_web_teams import form_fields, team_link, team_post

DEALS: dict[tuple, tuple[list[Record], random.Random]] = {}  # a deal -> its record after 0, 1, 2, ... turns


def dealt(mode: str, players: tuple[str, ...], level: str, seed: int, turns: int, board: tuple[str, ...] = ()) -> Record:
    """Return a dealt game played `turns` turns (or to its end): mostly the engine's best play,
    now and then a trade of one to three tiles or a pass, chosen by a seeded rng. Each deal is
    played once and grown (a game of fewer turns of the same deal is the start of a longer one,
    its rng drawn turn by turn), so the tests asking for 6 and for 14 turns of one deal share its
    searches."""
    played, rng = DEALS.setdefault((mode, players, level, seed, board),
                                   ([new_game(mode, players, level, seed, board=board)], random.Random(seed)))
    while len(played) <= turns:
        record = played[-1]
        game = replay(record)
        if game.ended:
            break
        player, rack, roll = game.next_player, game.rack(game.next_player), rng.random()
        if roll < 0.15 and rack and game.pile_size >= 3:
            count = rng.randint(1, 3)
            turn = Turn(0, player, Trade(tuple(rng.sample(rack, count)), count))
        elif roll < 0.25:
            turn = read_turn(f"{player}: pass", record)
        else:
            turn = best_turn(game)
        played.append(play_turn(record, turn)[0])
    return played[min(turns, len(played) - 1)]


@cache
def best_of(record: Record) -> Turn:
    """Return the engine's best turn on a record: the reference several tests ask of the same
    record, searched once."""
    return best_turn(replay(record))


KINDS = ("table, the pile counted empty, all pass, holds", "table, racks given on the passes",
         "table, going out from a known rack, holds", "table, ended by its holds lines", "table, a trade",
         "dealt teams, trades and passes", "dealt solo, played to its end", "dealt teams of three, advanced",
         "dealt solo from a board", "dealt, stopped for time")


def table(game, lines: list[str]) -> Record:
    return read_record(text(game, lines))


@cache
def records() -> dict[str, Record]:
    """Return records of every kind the replay knows, each written out and read back (so its
    lines are numbered one after the other, as lines added to it are)."""
    empty_two, _, held_two = EMPTY[TWO]
    empty_four, _, held_four = EMPTY[FOUR]
    out = turns_of(THREE)[:-1] + [turns_of(THREE)[-1].replace("Blue: ", f"Blue [{EMPTY[THREE][2]['Blue'][0]}]: ")]
    start = tuple(board_text(replay(table(TWO, turns_of(TWO)[:3])).board).splitlines())
    found = {
        "table, the pile counted empty, all pass, holds": table(
            TWO, turns_of(TWO)[:empty_two] + passes(TWO, empty_two)
            + [f"{p} holds {tiles}" for p, (tiles, _) in held_two.items()]),
        "table, racks given on the passes": table(
            FOUR, turns_of(FOUR)[:empty_four] + passes(FOUR, empty_four, held_four)),
        "table, going out from a known rack, holds": table(
            THREE, out + [f"{p} holds {tiles}" for p, (tiles, _) in EMPTY[THREE][2].items() if p != "Blue"]
            + ["Blue holds nothing"]),
        "table, ended by its holds lines": table(
            TWO, turns_of(TWO)[:2] + ["Red: pass", "Blue: pass", "Red holds 4 ×", "Blue holds 7 ?"]),
        "table, a trade": table(TWO, turns_of(TWO)[:4] + ["Red: trade 3", "Blue: pass"] + turns_of(TWO)[4:8]),
        "dealt teams, trades and passes": dealt("teams", ("Red", "Blue"), "original", 5, 14),
        "dealt solo, played to its end": dealt("solo", ("Ana",), "junior", 3, 200),
        "dealt teams of three, advanced": dealt("teams", ("Red", "Green", "Blue"), "advanced", 8, 8),
        "dealt solo from a board": dealt("solo", ("Ana",), "original", 7, 5, start),
    }
    stopped = dealt("teams", ("Red", "Blue"), "original", 11, 6)
    found["dealt, stopped for time"] = stop_game(stopped)[0]
    assert tuple(found) == KINDS
    return {name: read_record(record_text(record)) for name, record in found.items()}


def views(game: Replay) -> tuple:
    """Return what the pages and the commands read of a replayed game."""
    return (game.board, game.racks, game.pile, game.returning, game.totals, game.turns, game.next_player,
            game.ended, game.end, game.went_out, game.stopped, game.table_pile, game.table_end, game.record)


def prefix(record: Record, count: int) -> Record:
    return replace(record, lines=record.lines[:count])


@pytest.mark.parametrize("name", KINDS)
def test_a_replay_grown_line_by_line_is_the_whole_replay(name):
    """For every line k of the record, replaying the first k lines and then adding the rest one
    `then` at a time gives the replay of the whole record, field for field."""
    record = records()[name]
    whole = replay(record)
    assert len(record.lines) > 5
    for count in range(len(record.lines) + 1):
        grown = replay(prefix(record, count))
        for line in record.lines[count:]:
            grown = grown.then(line)
        assert views(grown) == views(whole), f"{name}: grown from line {count}"
        assert grown == whole


def test_a_replay_is_not_changed_by_growing_it():
    """Two lines added to one replay each grow their own game; the replay they grew from stays."""
    record = records()["dealt teams, trades and passes"]
    base = replay(prefix(record, 6))
    pass_line = read_turn(f"{base.next_player}: pass", record)
    play_line = best_turn(base)
    passed, played = base.then(pass_line), base.then(play_line)
    assert views(base) == views(replay(prefix(record, 6)))
    assert views(passed) == views(replay(prefix(record, 6).adding(pass_line)))
    assert views(played) == views(replay(prefix(record, 6).adding(play_line)))
    assert passed.turns[-1].kind == "pass" and played.turns[-1].kind == "play"


def doubtful_lines(game: Replay) -> list[str]:
    """Return lines that most often break a rule at this point of the game (out of turn, an
    equation that is false, a play that touches nothing, a trade of tiles not held)."""
    player = game.next_player or game.players[0]
    other = next((p for p in game.players if p != player), player)
    return [f"{other}: pass", f"{player}: J10 across 1 + 1 = 3", f"{player}: S19 across 1 = 1",
            f"{player}: trade 9 9 9 9 9 9 9 9 9", f"{player}: pass"]


def outcome(how) -> tuple | str:
    """Return the views of the game `how` returns, or the sentence it raises."""
    try:
        return views(how())
    except ClassroomError as error:
        return str(error)


@pytest.mark.parametrize("name", ["table, the pile counted empty, all pass, holds", "dealt teams, trades and passes",
                                  "dealt solo, played to its end"])
def test_a_line_is_refused_or_taken_as_the_whole_replay_does(name):
    """A line added with `then` is refused with the sentence replaying the record with it gives
    (its line number and where included), or taken with the same game."""
    record = records()[name]
    refused = 0
    for count in range(0, len(record.lines) + 1, 3):
        game = replay(prefix(record, count), where="game x")
        for typed in doubtful_lines(game):
            line = read_turn(typed, record, "the play")
            whole = outcome(lambda: replay(prefix(record, count).adding(line), where="the play"))
            assert outcome(lambda: game.then(line, "the play")) == whole, typed
            refused += isinstance(whole, str)
    assert refused > 10


# --- one replay a request ---------------------------------------------------------------------


@pytest.fixture
def replays(monkeypatch):
    """Return a list that grows by one each time a record is replayed from its first line (each
    replay starts its board once, with replay.start)."""
    counted = []
    start = replay_module.start

    def counting(*args, **kwargs):
        counted.append(args[0])
        return start(*args, **kwargs)

    monkeypatch.setattr(replay_module, "start", counting)
    return counted


def test_a_typed_play_and_its_confirmation_replay_the_record_once(client, library, replays):
    """The page shows a typed play with its score (/try) replaying the record once, and the
    confirmation (/turn) writes it, with the refill, replaying once again: not once per question."""
    record = dealt("teams", ("Red", "Blue"), "original", 5, 6)
    name = add_game(library, "grows", record)
    typed = best_of(record).action.text
    replays.clear()
    shown = client.post(f"/games/{name}/try", data={"line": typed, "at": at(library, name)})
    assert shown.status_code == 200 and 'id="preview"' in shown.text
    assert len(replays) == 1
    replays.clear()
    confirmed = client.post(f"/games/{name}/turn", data={"line": typed, "at": at(library, name)},
                            follow_redirects=False)
    assert confirmed.status_code == 303
    assert len(replays) == 1
    expected = play_turn(record, read_turn(f"{replay(record).next_player}: {typed}", record))[0]
    assert record_text(load_game(library, name)) == record_text(expected)


def test_a_team_page_and_the_projector_with_its_proposal_replay_the_record_once(client, student_client, library,
                                                                               replays):
    """A team's typed play shown on its own page (/team/Red/try), its sending, and the projector
    drawing the proposal that waits each replay the record once."""
    record = dealt("teams", ("Red", "Blue"), "original", 5, 6)
    name = add_game(library, "teams-grow", record)
    player = replay(record).next_player
    page = student_client.get(team_link(library, name, player)).text
    typed = best_of(record).action.text
    replays.clear()
    preview = team_post(student_client, f"/games/{name}/team/{player}/try", page, "play-form", line=typed)
    assert preview.status_code == 200 and 'id="preview"' in preview.text
    assert len(replays) == 1
    replays.clear()
    sent = team_post(student_client, f"/games/{name}/team/{player}/send", preview.text, "send-form")
    assert sent.status_code == 303 and len(replays) == 1
    replays.clear()
    projector = client.get(f"/games/{name}")
    assert 'id="proposal"' in projector.text and len(replays) == 1


def test_game_play_replays_the_record_once(tmp_path, replays):
    """`classroom game play` (a turn typed, or --best) replays the record once and writes the
    same record as play_turn does."""
    path = tmp_path / "game.txt"
    record = dealt("teams", ("Red", "Blue"), "original", 5, 6)
    path.write_text(record_text(record), encoding="utf-8")
    for words in (["--best"], ["pass"]):
        before = read_record(path.read_text("utf-8"))
        if words == ["pass"]:
            words = [f"{replay(before).next_player}: pass"]
        replays.clear()
        result = CliRunner().invoke(app, ["game", "play", str(path), *words])
        assert result.exit_code == 0, result.output
        assert len(replays) == 1, words
        turn = best_of(before) if words == ["--best"] else read_turn(words[0], before)
        assert path.read_text("utf-8") == record_text(play_turn(before, turn)[0])


def test_the_pages_undo_replays_the_record_once(client, library, replays):
    """The projector's Undo (/undo) takes back the last turn and says which, replaying the record
    once; the record written is the record without that turn and its refill."""
    record = dealt("teams", ("Red", "Blue"), "original", 5, 6)
    name = add_game(library, "undone", record)
    replays.clear()
    undone = client.post(f"/games/{name}/undo", data={"at": at(library, name)}, follow_redirects=False)
    assert undone.status_code == 303 and "took=" in undone.headers["location"]
    assert len(replays) == 1
    assert record_text(load_game(library, name)) == record_text(undo_turn(record))


def test_a_team_proposals_confirm_replays_the_record_once(client, student_client, library, replays):
    """The teacher's Confirm of a team's play that waits (/proposal) plays it, with the refill,
    replaying the record once."""
    record = dealt("teams", ("Red", "Blue"), "original", 5, 6)
    name = add_game(library, "confirmed", record)
    player = replay(record).next_player
    typed = best_of(record).action.text
    page = student_client.get(team_link(library, name, player)).text
    preview = team_post(student_client, f"/games/{name}/team/{player}/try", page, "play-form", line=typed)
    assert team_post(student_client, f"/games/{name}/team/{player}/send", preview.text, "send-form").status_code == 303
    confirm = form_fields(client.get(f"/games/{name}").text, "proposal-form")
    replays.clear()
    answer = client.post(f"/games/{name}/proposal", data={**confirm, "answer": "confirm"}, follow_redirects=False)
    assert answer.status_code == 303
    assert len(replays) == 1
    expected = play_turn(record, read_turn(f"{player}: {typed}", record))[0]
    assert record_text(load_game(library, name)) == record_text(expected)


def test_game_undo_replays_the_record_once(tmp_path, replays):
    """`classroom game undo` takes back the last turn and prints the totals after it, replaying
    the record once."""
    path = tmp_path / "game.txt"
    record = dealt("teams", ("Red", "Blue"), "original", 5, 6)
    path.write_text(record_text(record), encoding="utf-8")
    replays.clear()
    result = CliRunner().invoke(app, ["game", "undo", str(path)])
    assert result.exit_code == 0, result.output
    assert len(replays) == 1
    assert path.read_text("utf-8") == record_text(undo_turn(record))
    assert "Totals" in result.output
