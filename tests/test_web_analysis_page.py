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
        time.sleep(0.05)
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


# --- the page against the command, its caches, and who may see it -----------------------------


def test_the_page_gives_each_turn_what_game_analyse_gives(client, library):
    """A dealt game of 8 turns (every rack known, blanks as the bag draws them): the page,
    its turns searched in its own pool, gives every turn the state, best play, best score and
    points left that `classroom game analyse --json` prints, and each player the same sums."""
    import html
    import json

    from typer.testing import CliRunner

    from classroom.cli.commands import app as cli
    from classroom.game.symbols import display_text
    from tests.benchmarks.bench_analysis import dealt_game

    (library / "games").mkdir(parents=True)
    path = library / "games" / "dealt.txt"
    path.write_text(dealt_game(3, 8), encoding="utf-8")
    said = CliRunner().invoke(cli, ["game", "analyse", str(path), "--json"])
    assert said.exit_code == 0, said.output
    command = json.loads(said.stdout)
    page = html.unescape(finished(client, "dealt"))
    assert len(command["turns"]) == 8 and sum(bool(t["best"]) for t in command["turns"]) >= 7
    for number, turn in enumerate(command["turns"], start=1):
        section = re.search(rf'<section class="turn" id="turn-{number}".*?</section>', page, re.S)[0]
        if not turn["analysed"]:
            assert 'data-state="not"' in section and turn["reason"] in section
            continue
        assert f'data-state="analysed" data-left="{turn["left"]}"' in section, (number, section[:200])
        best = turn["best"][0]
        shown = display_text(best["play"]).replace("-", "−")
        assert f"Best {shown}: <strong>{best['score']}</strong>" in section, (number, best)
    for player, sums in command["summary"].items():
        row = re.search(rf'<tr data-player="{player}">(.*?)</tr>', page, re.S)[1]
        assert f">{sums['analysed']}<" in row and f">{sums['scored']}<" in row and f">{sums['top']}<" in row


def test_a_finished_analysis_asked_again_is_neither_searched_nor_drawn_again(client, library, monkeypatch):
    """Once every turn is analysed, the page asked again for the same record starts no search,
    sets out no turn again and draws no card again: it gives the very same page."""
    import classroom.web.analysis as analysis_module

    name = played_game(client, library, turns=2)
    first = finished(client, name)
    pool = client.app.state.searches
    started = pool.started
    set_out, drawn = counted(monkeypatch, analysis_module)
    assert client.get(f"/games/{name}/analysis").text == first
    assert pool.started == started and set_out == [] and drawn == []


def test_a_refresh_draws_only_the_cards_that_changed(client, library, monkeypatch):
    """Each turn searched LATE seconds late: over the page's refreshes, each turn's card is drawn
    at most twice (searching, then analysed), not once a refresh."""
    import classroom.web.analysis as analysis_module
    import classroom.web.games as games_module
    from tests.test_web_searches import FIRST_WAIT, slowly_analysed

    monkeypatch.setattr(analysis_module, "turn_best", slowly_analysed)
    monkeypatch.setattr(games_module, "ANALYSIS_FIRST_WAIT", FIRST_WAIT)
    name = played_game(client, library, turns=3)
    set_out, drawn = counted(monkeypatch, analysis_module)
    pages = 0
    while True:
        page = client.get(f"/games/{name}/analysis").text
        pages += 1
        if 'id="working"' not in page:
            break
        assert pages < 2400, "the analysis page never finished"  # a wait, not a measure
        time.sleep(0.05)
    assert pages >= 3 and len(set_out) >= 3 * pages  # every turn set out on every refresh
    assert len(drawn) <= 2 * 3 and sorted(set(drawn)) == [1, 2, 3]


def counted(monkeypatch, analysis_module) -> tuple[list[int], list[int]]:
    """Return the numbers of the turns the analysis page sets out (turn_shown) and of the cards
    it draws, as they come, from now on."""
    set_out, drawn = [], []
    turn_shown, cards_drawn = analysis_module.turn_shown, analysis_module.Cards.drawn

    def counting_turn_shown(game, number, entry):
        set_out.append(number)
        return turn_shown(game, number, entry)

    def counting_drawn(self, shown, draw):
        def counting_draw(card):
            drawn.append(card.number)
            return draw(card)
        return cards_drawn(self, shown, counting_draw)

    monkeypatch.setattr(analysis_module, "turn_shown", counting_turn_shown)
    monkeypatch.setattr(analysis_module.Cards, "drawn", counting_drawn)
    return set_out, drawn


def test_a_students_device_gets_no_analysis_and_starts_no_search(client, student_client, library):
    """The analysis is the teacher's: a student's device (no teacher's session) asking for it
    gets the sign-in page, no best play, and no turn is searched."""
    name = played_game(client, library, turns=2)
    answer = student_client.get(f"/games/{name}/analysis")
    assert answer.status_code == 403
    assert "Best " not in answer.text and 'id="analysis"' not in answer.text and "accuracy" not in answer.text
    assert student_client.app.state.searches.started == 0 and client.app.state.searches.started == 0
