"""The analysis page to look at (classroom.web.analysis): each turn numbered as the score sheet
numbers it, its board with the play played and the best play drawn in their own marks, the
points left as `game analyse` counts them, and a summary per player."""

from __future__ import annotations

import re
import time

from classroom.game.board import square_name
from classroom.record.analysis import Analysed, analyse
from classroom.record.deal import play_turn
from classroom.record.grammar import read_turn
from classroom.record.replay import replay
from classroom.solve.board.position import searchable, top_plays
from classroom.store.games import load_game, save_game
from classroom.web.placing import placed_line
from classroom.web.shown import typed_turn
from tests.team_plays import next_play, placing_of, still_wanted
from tests.test_web_games import new


def played_game(client, library, turns: int = 3) -> str:
    """Return a dealt team game's name after `turns` plays chosen for their kind (an extension,
    a cross play), not always the best, so that some turns leave points on the table."""
    name = new(client, mode="teams", players="Red, Blue", seed="42")
    record, kinds = load_game(library, name), []
    game = replay(record)
    for number in range(1, turns + 1):
        play, _, kind = next_play(game, still_wanted(kinds))
        kinds.append(kind)
        if number == turns:  # the last turn a weak play: the 20th best
            play = top_plays(game.board, searchable(game.rack(game.next_player), game.tileset), game.tileset, 20)[-1].play
        line = placed_line(game.board, *placing_of(play))
        record, game = play_turn(record, read_turn(typed_turn(line, game), record, "the play"), "the play", game)
    save_game(library, name, record)
    return name


def finished(client, name: str) -> str:
    page = client.get(f"/games/{name}/analysis").text
    deadline = time.monotonic() + 120
    while 'id="working"' in page and time.monotonic() < deadline:  # it looks again until done
        time.sleep(0.5)
        page = client.get(f"/games/{name}/analysis").text
    return page


def marked(page: str, number: int) -> dict[str, set[str]]:
    """Return the squares of a turn's board by their mark (played, best, both)."""
    section = re.search(rf'<section class="turn" id="turn-{number}".*?</section>', page, re.S)[0]
    found: dict[str, set[str]] = {"played": set(), "best": set(), "both": set()}
    for square, classes in re.findall(r'data-square="(\w+)"[^>]*class="([^"]*)"', section):
        for mark in found:
            if mark in classes.split():
                found[mark].add(square)
    return found


def test_each_turn_is_drawn_with_its_play_and_the_best_and_each_player_summed_up(client, library):
    name = played_game(client, library)
    page = finished(client, name)
    analysis = analyse(replay(load_game(library, name)))
    assert re.findall(r'<section class="turn" id="turn-(\d+)"', page) == ["1", "2", "3"]
    for number, entry in enumerate(analysis.turns, start=1):
        assert isinstance(entry, Analysed)
        assert f'id="turn-{number}" data-state="analysed" data-left="{entry.left}"' in page
        marks = marked(page, number)
        played = {square_name(s) for s in entry.turn.play.squares}
        best = {square_name(s) for s in entry.best[0].play.squares}
        assert marks["played"] | marks["both"] == played and marks["best"] | marks["both"] == best, (number, marks)
        assert marks["both"] == played & best
    assert any(entry.left > 0 for entry in analysis.turns)  # a turn that left points, drawn apart
    for summary in analysis.summaries:
        row = re.search(rf'<tr data-player="{summary.player}">(.*?)</tr>', page, re.S)[1]
        assert f">{summary.scored}<" in row and f">{summary.top}<" in row and f"{summary.accuracy:.0f}%" in row
    assert 'id="legend"' in page and 'id="analysis"' in page  # the text as the command prints it
