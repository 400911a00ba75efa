"""The game pages and the board editor through the app (no browser; tests/test_web_games_browser.py
drives them in chromium): every change is a record file that `classroom game` replays to the same
totals, a refused play changes nothing, the reveal is the engine's best play, a team link shows
one team's rack, and the editor names a bad square."""

from __future__ import annotations

import html
import re
import time

import pytest

from classroom.game.board import parse_board, square_name
from classroom.game.tilesets import load_level
from classroom.record.deal import best_turn
from classroom.record.duplicate import replay_duplicate
from classroom.record.grammar import action_text, read_record
from classroom.record.replay import replay
from classroom.solve.board.position import Position, searchable
from classroom.store.games import record_state, team_key
from tests.browsers import teacher


def record_of(library, name):
    return read_record((library / "games" / f"{name}.txt").read_text("utf-8"))


def at(library, name) -> str:
    """Return the `at` the game's forms carry when shown now: the record's state."""
    return record_state(record_of(library, name))


def shown_totals(html: str) -> dict[str, int]:
    return {p: int(v) for p, v in re.findall(r'data-player="([^"]+)">(-?\d+)<', html)}


def engine_turn(library, name) -> str:
    """Return the engine's best turn for the player to move, as a person types it (no name)."""
    return action_text(best_turn(replay(record_of(library, name))).action)


def new(client, **fields) -> str:
    answer = client.post("/games", data=fields, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    return answer.headers["location"].removeprefix("/games/")


def test_a_team_game_played_on_the_page_is_the_record_the_command_line_scores(client, library):
    name = new(client, mode="teams", players="Red, Blue", seed="42")
    assert re.fullmatch(r"teams-[a-z]+-[a-z]+", name)  # two words, never the seed
    assert record_of(library, name).header.seed == 42
    for _ in range(3):
        typed = engine_turn(library, name)
        before = (library / "games" / f"{name}.txt").read_text("utf-8")
        shown = client.post(f"/games/{name}/try", data={"line": typed})
        assert shown.status_code == 200 and 'id="preview"' in shown.text
        assert (library / "games" / f"{name}.txt").read_text("utf-8") == before  # shown, not played
        confirmed = client.post(f"/games/{name}/turn", data={"line": typed, "at": at(library, name)}, follow_redirects=False)
        assert confirmed.status_code == 303
    game = replay(record_of(library, name))
    assert len(game.turns) == 3 and all(t.kind == "play" for t in game.turns)
    page = client.get(f"/games/{name}").text
    assert shown_totals(page) == game.totals
    assert game.turns[-1].score > 0 and f">{game.turns[-1].score}<" in page


def test_the_preview_shows_the_score_the_record_will_give(client, library):
    name = new(client, mode="teams", players="Red, Blue", seed="7")
    typed = engine_turn(library, name)
    shown = client.post(f"/games/{name}/try", data={"line": typed}).text
    client.post(f"/games/{name}/turn", data={"line": typed, "at": at(library, name)})
    scored = replay(record_of(library, name)).turns[-1].score
    assert re.search(r'id="preview" data-score="(\d+)"', shown)[1] == str(scored)
    assert shown.count('class="tile') > 0 and " new" in shown  # the play drawn on the board, marked


def test_an_illegal_play_is_refused_with_its_reason_and_changes_nothing(client, library):
    name = new(client, mode="teams", players="Red, Blue", seed="42")
    before = (library / "games" / f"{name}.txt").read_text("utf-8")
    answer = client.post(f"/games/{name}/try", data={"line": "A1 across 1 = 1"})
    assert answer.status_code == 400
    reason = re.search(r'id="refused">Not legal: ([^<]*)<', answer.text)[1]
    assert "centre square" in reason or "J10" in reason, reason
    assert "line " not in reason  # the page has no record lines to point at
    answer = client.post(f"/games/{name}/turn", data={"line": "A1 across 1 = 1", "at": at(library, name)})
    assert answer.status_code == 400
    assert (library / "games" / f"{name}.txt").read_text("utf-8") == before


def test_trade_pass_undo_and_end(client, library):
    name = new(client, mode="teams", players="Red, Blue", seed="5")
    rack = replay(record_of(library, name)).rack("Red")
    client.post(f"/games/{name}/turn", data={"line": f"trade {rack[0]} {rack[1]}", "at": at(library, name)})
    projector = html.unescape(re.sub(r"<[^>]+>", " ", client.get(f"/games/{name}").text))
    assert "trade of 2 tiles" in projector and not re.search(r"trade (?!of )", projector)  # the tiles unsaid
    client.post(f"/games/{name}/turn", data={"line": "pass", "at": at(library, name)})
    game = replay(record_of(library, name))
    assert [t.kind for t in game.turns] == ["trade", "pass"] and game.turns[0].traded == rack[:2]
    asked = client.post(f"/games/{name}/try", data={"line": "undo", "at": at(library, name)}, follow_redirects=False)
    assert asked.status_code == 303 and asked.headers["location"].endswith("?undo=1")  # asked, not done
    assert [t.kind for t in replay(record_of(library, name)).turns] == ["trade", "pass"]
    assert "Take back Blue's pass?" in html.unescape(client.get(asked.headers["location"]).text)
    client.post(f"/games/{name}/undo", data={"at": at(library, name)})
    assert [t.kind for t in replay(record_of(library, name)).turns] == ["trade"]
    told = html.unescape(client.post(f"/games/{name}/undo", data={"at": at(library, name)}).text)
    assert "Took back Red's trade of 2 tiles." in told and rack[0] not in re.sub(r"<[^>]+>", " ", told.split('id="took"')[1][:80])
    assert not replay(record_of(library, name)).turns
    again = replay(record_of(library, name)).rack("Red")
    assert again == rack  # the deal is the same once the trade is taken back
    client.post(f"/games/{name}/end", data={"at": at(library, name)})
    game = replay(record_of(library, name))
    # stopped for time with every team at the same number of turns: no end sums (RULES §10)
    assert game.ended and game.stopped and dict(game.end) == {"Red": 0, "Blue": 0}
    assert "stopped before its end (time was up; no end sums)" in client.get(f"/games/{name}").text


def test_the_reveal_is_the_engines_best_play_and_is_shown_only_when_asked(client, library):
    name = new(client, mode="teams", players="Red, Blue", seed="11")
    client.post(f"/games/{name}/turn", data={"line": engine_turn(library, name), "at": at(library, name)})
    game = replay(record_of(library, name))
    plain = client.get(f"/games/{name}").text
    assert 'id="revealed"' not in plain and not re.findall(r'<td[^>]*class="[^"]* reveal"', plain)
    shown = client.get(f"/games/{name}?reveal=1").text
    rack = game.rack(game.next_player)
    best = Position(game.board, searchable(rack, game.tileset), game.tileset).best()
    assert re.search(r'id="revealed" data-score="(\d+)"', shown)[1] == str(best[0].score)
    revealed = re.findall(r'<td data-square="(\w+)"[^>]*class="[^"]* reveal"', shown)
    assert sorted(revealed) == sorted(square_name(s) for s in best[0].play.squares)
    assert record_of(library, name) == record_of(library, name)  # nothing written


def test_a_solo_practice_shows_the_best_play_after_each_turn(client, library):
    name = new(client, mode="solo", players="Sam", seed="3")
    client.post(f"/games/{name}/turn", data={"line": "pass", "at": at(library, name)})
    page = client.get(f"/games/{name}").text
    game = replay(record_of(library, name))
    turn = game.turns[0]
    best = Position(turn.board, searchable(turn.rack, game.tileset), game.tileset).best()
    assert "the best was" in page and f"{best[0].score} points left on the table" in page
    assert "a very good single player" in page.lower()


def test_a_team_link_shows_that_teams_rack_and_no_other(client, library):
    name = new(client, mode="teams", players="Red, Blue", seed="42")
    game = replay(record_of(library, name))
    key = team_key(library, name, "Blue")
    mine = client.get(f"/games/{name}/team/Blue?key={key}")
    assert mine.status_code == 200
    racks = re.search(r'id="rack">(.*?)</div>', mine.text)[1]
    assert len(re.findall(r"<span", racks)) == 9 and "Red's rack" not in mine.text
    assert client.get(f"/games/{name}/team/Red?key={key}").status_code == 400  # Blue's key, Red's rack
    assert client.get(f"/games/{name}/team/Blue?key=0000").status_code == 400
    assert game.rack("Blue") is not None
    client.post(f"/games/{name}/racks", data={"racks": "private"})
    assert 'id="rack-private"' in client.get(f"/games/{name}").text


def test_a_duplicate_round_on_the_page(client, library):
    name = new(client, mode="duplicate", players="Ana, Ben", seed="3")
    game = replay_duplicate(record_of(library, name))
    current = game.current
    best = Position(current.board, searchable(current.rack, game.tileset), game.tileset).best()[0]
    from classroom.game.plays import record_notation

    top = record_notation(current.board, best.play)
    assert client.post(f"/games/{name}/plays", data={"line": f"Ana: {top}", "round": "1"}, follow_redirects=False).status_code == 303
    refused = client.post(f"/games/{name}/plays", data={"line": "Zed: pass", "round": "1"})
    assert refused.status_code == 400 and "Zed" in refused.text
    client.post(f"/games/{name}/plays", data={"line": "Ben: pass", "round": "1"})
    page = client.get(f"/games/{name}").text
    assert "Entered: Ana, Ben" in re.sub(r"<[^>]+>", "", page) and 'id="top"' not in page  # no score before the round closes
    closed = client.post(f"/games/{name}/plays", data={"line": "close", "round": "1"}, follow_redirects=True).text
    assert re.search(r'id="top" data-score="(\d+)"', closed)[1] == str(best.score)
    assert "Found by Ana." in closed
    game = replay_duplicate(record_of(library, name))
    ana = next(s for s in game.standings if s.player == "Ana")
    assert ana.points == best.score and ana.percent == 100.0


def test_games_are_listed_and_moved_aside_never_deleted(client, library):
    name = new(client, mode="teams", players="Red, Blue", seed="42", name="Friday's game!")
    assert name == "friday-s-game"
    assert name in client.get("/games").text
    again = client.post("/games", data={"mode": "teams", "players": "Red, Blue", "name": "Friday's game!"})
    assert again.status_code == 400  # the name is taken: refused, not made friday-s-game-2 silently
    client.post(f"/games/{name}/remove")
    assert not (library / "games" / f"{name}.txt").exists()
    assert (library / "games" / "removed" / f"{name}.txt").exists()
    assert f">{name}<" not in client.get("/games").text


@pytest.mark.parametrize("path", ["/games/..%2Fsecret", "/games/a.b", "/games/%2e%2e", "/games/UPPER"])
def test_a_game_name_never_reaches_outside_the_library(client, path):
    answer = client.get(path)
    assert answer.status_code in (400, 404)


@pytest.mark.parametrize("fields, said", [
    ({"mode": "teams", "players": ""}, "name the players"),
    ({"mode": "teams", "players": "A, B, C, D, E"}, "at most 4"),
    ({"mode": "solo", "players": "A, B"}, "at most 1"),
    ({"mode": "chess", "players": "A, B"}, "mode"),
    ({"mode": "teams", "players": "A, B", "seed": "x1"}, "whole number"),
])
def test_a_bad_new_game_is_one_sentence(client, library, fields, said):
    answer = client.post("/games", data=fields)
    assert answer.status_code == 400 and said in answer.text
    assert not (library / "games").exists() or not list((library / "games").glob("*.txt"))


def grid(cells: dict[str, str]) -> str:
    rows = [["."] * 19 for _ in range(19)]
    for name, tile in cells.items():
        rows[int(name[1:]) - 1]["ABCDEFGHIJKLMNOPQRS".index(name[0])] = tile
    return "\n".join(" ".join(r) for r in rows) + "\n"


def test_the_editor_checks_and_saves_a_position_as_a_board_file(client, library):
    cells = {"J10": "7", "K10": "=", "L10": "?7"}
    answer = client.post("/editor", data={"board": grid(cells), "action": "save", "name": "Table 3"})
    assert answer.status_code == 200 and 'id="checked"' in answer.text
    saved = (library / "boards" / "table-3.txt").read_text("utf-8")
    board = parse_board(saved, "saved", load_level("original").rules)
    assert board.tile((10, 10)) == "7" and board.tile((10, 12)) == "?7"
    assert client.get("/boards/table-3").text == saved


@pytest.mark.parametrize("cells, said", [
    ({"J10": "7", "K10": "=", "L10": "x7"}, "L10: 'x7' is not a tile"),
    ({"J10": "7", "K10": "=", "L10": "8"}, "row 10 from J10: the two sides differ"),
    ({"A1": "7"}, "J10"),
    ({"J10": "?", "K10": "=", "L10": "1"}, "J10: a blank on the board must say what it stands for"),
])
def test_the_editor_names_the_bad_square(client, library, cells, said):
    answer = client.post("/editor", data={"board": grid(cells), "action": "save"})
    assert answer.status_code == 400 and said in answer.text.replace("&#39;", "'"), answer.text[-2000:]
    assert not (library / "boards").exists()


def test_the_editor_counts_the_tiles_against_the_set(client):
    cells = {"J10": "7", "K10": "=", "L10": "7"}
    answer = client.post("/editor", data={"board": grid(cells), "action": "check", "hand": "7 7 7 7 7 7 1 2 3"})
    said = re.search(r'id="error">([^<]*)<', answer.text)[1]
    assert answer.status_code == 400 and "7" in said and "tile set holds" in said, said


def test_a_reveal_past_its_time_says_so_on_the_game_page(client, library, monkeypatch):
    """The reveal searches in a process of its own and gives up after REVEAL_SECONDS (a first
    move with two blanks can take minutes): the game page says so in a sentence, and goes on."""
    from classroom.web import searches

    monkeypatch.setattr(searches, "REVEAL_SECONDS", 0.001)
    name = new(client, mode="teams", players="Red, Blue", seed="42")
    shown = client.get(f"/games/{name}?reveal=1")
    assert shown.status_code == 200
    said = re.search(r'id="revealed">([^<]*)<', shown.text)[1]
    assert "taking more than 0 seconds to find on this board" in said
    assert 'id="line"' in shown.text  # the game goes on


def test_a_game_kept_at_a_real_table(client, library):
    """Tiles drawn from a real bag: the page deals nothing, checks and scores each play, reveals
    the best play for a rack typed after 'reveal', and ends with what each player holds."""
    name = new(client, mode="teams", players="Red, Blue", table="on")
    record = record_of(library, name)
    assert record.header.seed is None and not record.lines
    page = client.get(f"/games/{name}?reveal=1").text
    assert "type reveal and the tiles on Red" in page
    answer = client.post(f"/games/{name}/try", data={"line": "reveal 2 4 ÷ 3 8 + 7/4 5 6"}, follow_redirects=True)
    board, tileset = replay(record).board, load_level("original")
    best = Position(board, searchable(tuple(tileset.read_hand("2 4 ÷ 3 8 + 7/4 5 6")), tileset), tileset).best()
    assert re.search(r'id="revealed" data-score="(\d+)"', answer.text)[1] == str(best[0].score)
    client.post(f"/games/{name}/turn", data={"line": "J10 across 24 ÷ 3 = 8", "at": at(library, name)})
    client.post(f"/games/{name}/turn", data={"line": "Blue: pass", "at": at(library, name)})
    assert client.post(f"/games/{name}/try", data={"line": "Red holds nothing", "at": at(library, name)}, follow_redirects=False).status_code == 303
    client.post(f"/games/{name}/try", data={"line": "Blue holds 4 ×", "at": at(library, name)})
    game = replay(record_of(library, name))
    assert game.ended and game.went_out == "Red"  # the last to play, holding nothing
    assert dict(game.end) == {"Red": 4, "Blue": -4} and game.totals == scored_totals(game)
    refused = client.post(f"/games/{name}/try", data={"line": "Red holds 99"})
    assert refused.status_code == 400


def scored_totals(game) -> dict[str, int]:
    """Return the totals as the rules make them, from the turns and the end (a second reading)."""
    totals = {p: sum(t.score for t in game.turns if t.player == p) for p in game.players}
    for player, points in game.end:
        totals[player] += points
    return totals


def test_a_game_printed_analysed_and_turned_into_a_situation_from_the_page(client, library):
    """The game page gives what `classroom game print|analyse` and `situations --game` give: the
    score sheet PDF, the analysis, and the board before a turn with its rack on a Make form."""
    from classroom.record.analysis import analyse, analysis_lines
    from classroom.record.report import turn_text
    from classroom.render.overhead_pdf import render_game_board
    from classroom.render.record_pdf import render_score_sheet

    name = new(client, mode="teams", players="Red, Blue", seed="42")
    for _ in range(2):
        client.post(f"/games/{name}/turn", data={"line": engine_turn(library, name), "at": at(library, name)})
    game = replay(record_of(library, name))
    sheet = client.get(f"/games/{name}/printed")
    assert sheet.headers["content-type"] == "application/pdf"
    assert sheet.content == render_score_sheet(game, "letter")
    # The board as it stands and the score table, to project: the page the binder's overhead notes promise.
    assert 'href="/games/%s/printed?what=board"' % name in client.get(f"/games/{name}").text
    board = client.get(f"/games/{name}/printed?what=board&size=a4")
    assert board.headers["content-disposition"] == f'inline; filename="{name}-board.pdf"'
    assert board.content == render_game_board(game, "a4")
    shown = client.get(f"/games/{name}/analysis").text
    for _ in range(60):  # the page refreshes itself until the analysis is done (a wait, not a measure)
        if 'id="working"' not in shown:
            break
        time.sleep(0.5)
        shown = client.get(f"/games/{name}/analysis").text
    import html

    expected = analysis_lines(analyse(game), turn_text, numbered=True)
    assert all(html.escape(line.replace("-", "−"), quote=False) in shown for line in expected if line.strip())
    form = client.get(f"/games/{name}/situation?turn=2").text
    turn = game.turns[1]
    assert f'name="hand" id="hand" value="{" ".join(turn.rack)}"' in form.replace("&#43;", "+")
    grid = re.search(r'<textarea name="board" hidden>(.*?)</textarea>', form, re.S)[1]
    assert parse_board(html.unescape(grid), "grid").cells == turn.board.cells
    assert client.get(f"/games/{name}/situation?turn=9").status_code == 400


def test_a_duplicate_game_prints_its_round_sheets_and_results(client, library):
    from classroom.render.duplicate_pdf import render_duplicate_results, render_round_sheets

    name = new(client, mode="duplicate", players="Ana, Ben", seed="3")
    client.post(f"/games/{name}/plays", data={"line": "close", "round": "1"})
    game = replay_duplicate(record_of(library, name))
    assert client.get(f"/games/{name}/printed?what=rounds").content == render_round_sheets(game, "letter")
    assert client.get(f"/games/{name}/printed?what=results&size=a4").content == render_duplicate_results(game, "a4")
    refused = client.get(f"/games/{name}/printed?what=board")
    assert refused.status_code == 400 and "round sheets" in refused.text


def test_a_game_starts_from_a_position_made_in_the_editor(client, library):
    """'Start a game from this position': the record carries the board ('#board' lines), the
    racks are dealt from what the board leaves in the bag, and plays go on from it."""
    cells = {"J10": "7", "K10": "=", "L10": "?7"}
    name = new(client, mode="teams", players="Red, Blue", seed="42", board=grid(cells))
    record = record_of(library, name)
    assert len(record.header.board) == 19
    game = replay(record)
    assert game.board.tile((10, 10)) == "7" and game.board.tile((10, 12)) == "?7"
    assert game.pile_size == len(load_level("original").bag) - 2 - 18  # 7 and a blank on the board, two racks
    client.post(f"/games/{name}/turn", data={"line": engine_turn(library, name), "at": at(library, name)})
    played = replay(record_of(library, name))
    assert played.turns[0].kind == "play" and played.turns[0].score > 0
    assert scored_totals(replace_end(played)) == played.totals
    bad = client.post("/games", data={"mode": "teams", "players": "A, B", "board": grid({"J10": "7", "K10": "%"})})
    assert bad.status_code == 400 and "K10" in bad.text


def replace_end(game):
    """Return the game as scored_totals reads it (an unfinished game has no end sums)."""
    from dataclasses import replace

    return replace(game, end=game.end or ())


def test_team_links_are_on_a_page_of_their_own_never_on_the_projector(client, library):
    """The projector view holds no team's key; the links page gives each team's link, which
    opens that team's rack, and its QR code; served on this computer only, it says the teams'
    devices cannot reach it."""
    name = new(client, mode="teams", players="Red, Blue, Green", seed="42")
    keys = {p: team_key(library, name, p) for p in ("Red", "Blue", "Green")}
    projector = client.get(f"/games/{name}").text
    assert not any(key in projector for key in keys.values())
    assert f'href="/games/{name}/links"' in projector
    links = client.get(f"/games/{name}/links")
    assert links.status_code == 200 and 'id="not-reachable"' in links.text  # the test client's host is local
    slips = re.findall(r'<div class="slip" data-team="(\w+)">.*?<svg[^>]*>.*?</svg>.*?<a href="([^"]+)"',
                       links.text, re.S)
    assert [team for team, _ in slips] == ["Red", "Blue", "Green"]
    for team, link in slips:
        assert link.endswith(f"/games/{name}/team/{team}?key={keys[team]}")
        assert client.get(link.removeprefix("http://testserver")).status_code == 200
    assert client.get("/games/nothing-like-it/links").status_code in (400, 404)


def test_team_links_use_the_address_students_reach(library):
    """Served on the network, the links (and so their codes) use the page's own address."""

    from classroom.web import create_app

    with teacher(create_app(library), base_url="http://192.168.1.20:8000") as remote:
        name = new(remote.sign_in(), mode="teams", players="Red, Blue", seed="5")
        page = remote.get(f"/games/{name}/links").text
    assert 'id="not-reachable"' not in page
    assert f'href="http://192.168.1.20:8000/games/{name}/team/Red?key={team_key(library, name, "Red")}"' in page


def test_a_solo_game_has_no_team_links(client, library):
    name = new(client, mode="solo", players="Sam", seed="3")
    assert "team-links" not in client.get(f"/games/{name}").text
    answer = client.get(f"/games/{name}/links")
    assert answer.status_code == 400 and "only a teams game has a link for each team" in answer.text


def test_a_new_game_takes_time_handicaps(client, library):
    """The booklet's time handicaps: typed on the new-game form as on the command line's --time,
    written in the record's header and shown beside each team on the projector."""
    name = new(client, mode="teams", players="Red, Blue", seed="9", time="blue 3m, Red 5 min")
    header = record_of(library, name).header
    assert header.minutes == (("Blue", 3), ("Red", 5))
    page = client.get(f"/games/{name}").text
    # named for what it is (a bare '(3 min)' read as a clock that was not there)
    assert 'Blue <span class="clock">(time handicap 3 min)</span>' in page
    assert 'Red <span class="clock">(time handicap 5 min)</span>' in page
    refused = client.post("/games", data={"mode": "teams", "players": "Red, Blue", "time": "Green 2m"})
    assert refused.status_code == 400 and "'Green' is not one of the players (Red, Blue)" in html.unescape(refused.text)
    assert [p.stem for p in (library / "games").glob("*.txt")] == [name]


def test_undo_says_what_it_took_back_and_puts_the_play_in_the_box(client, library):
    """Undo asks first, naming the turn; done, it says what it took back and the play is in the
    box again, to be corrected."""
    name = new(client, mode="teams", players="Red, Blue", table="on")
    client.post(f"/games/{name}/turn", data={"line": "J10 across 24 ÷ 3 = 8", "at": at(library, name)})
    asked = html.unescape(client.get(f"/games/{name}?undo=1").text)
    assert "Take back Red's J10 across 24 ÷ 3 = 8 (28 points)?" in asked and 'id="undo-form"' in asked
    assert len(replay(record_of(library, name)).turns) == 1  # asking changes nothing
    done = html.unescape(client.post(f"/games/{name}/undo", data={"at": at(library, name)}).text)
    assert "Took back Red's J10 across 24 ÷ 3 = 8 (28 points)." in done
    assert 'id="line" value="J10 across 24 ÷ 3 = 8"' in done
    assert not replay(record_of(library, name)).turns


@pytest.mark.parametrize("cells, marked", [
    ({"J10": "7", "K10": "=", "L10": "8"}, {"J10", "K10", "L10"}),  # 'row 10 from J10': the whole string
    ({"J10": "7", "K10": "=", "L10": "x7"}, {"L10"}),
])
def test_the_editor_marks_the_squares_its_error_names(client, cells, marked):
    answer = client.post("/editor", data={"board": grid(cells), "action": "check"})
    assert answer.status_code == 400
    assert set(re.findall(r'<td class="[^"]*bad"><input[^>]*data-square="([A-S]\d+)"', answer.text)) == marked


def test_a_saved_board_opens_again_in_the_editor(client, library):
    cells = {"J10": "7", "K10": "=", "L10": "?7"}
    client.post("/editor", data={"board": grid(cells), "action": "save", "name": "Table 3"})
    assert 'href="/editor?board=table-3"' in client.get("/editor").text
    opened = client.get("/editor?board=table-3").text
    assert re.findall(r'data-square="([A-S]\d+)"[^>]*value="([^"]+)"', opened) == list(cells.items())
    assert 'name="name" value="table-3"' in opened
    assert "no board 'nothing' in this library" in html.unescape(client.get("/editor?board=nothing").text)


def test_a_second_game_named_like_the_first_is_refused(client, library):
    """A name typed for a new game that a game has already is refused in a sentence, not made
    NAME-2 silently; a name the page chose goes on being made free."""
    assert new(client, mode="teams", players="Red, Blue", name="Friday") == "friday"
    again = client.post("/games", data={"mode": "teams", "players": "Red, Blue", "name": "friday"})
    assert again.status_code == 400
    assert "a game named friday already exists" in html.unescape(again.text)
    assert sorted(p.stem for p in (library / "games").glob("*.txt")) == ["friday"]


def test_a_blank_is_shown_as_the_symbol_it_stands_for_and_named_in_the_breakdown(client, library):
    """A play with a blank is written with the blank's symbol (no ?), and the breakdown says
    which tiles were blanks; the record keeps the ?."""
    name = new(client, mode="solo", players="Sam", table="on")
    shown = html.unescape(client.post(f"/games/{name}/try", data={"line": "J10 across 2 ?+ 2 = 4"}).text)
    preview = shown.split('id="preview"')[1].split("</form>")[0]
    assert "J10 across 2 + 2 = 4" in preview and "?" not in preview.split("<form")[0]
    assert "a blank (0 points): the +" in preview
    looked = client.get(f"/games/{name}/placed", params={"place": "J10 across", "line": "2?+2=4"}).json()
    assert looked["text"] == "J10 across 2 + 2 = 4" and looked["blanks"] == ["+"]
    client.post(f"/games/{name}/turn", data={"line": "J10 across 2 ?+ 2 = 4", "at": at(library, name)})
    assert "J10 across 2 ?+ 2 = 4" in (library / "games" / f"{name}.txt").read_text("utf-8")
    page = client.get(f"/games/{name}").text
    assert "1 turn," in page or "1 turn<" in page  # not '1 turns'


def test_the_reveal_for_a_bonus_player_is_scored_with_the_bonus(client, library):
    """A reveal for Red, given the fraction bonus ×2, shows Red's best play as Red scores it (the
    rack's plain best is another play)."""
    from classroom.game.plays import score
    from tests.test_abilities import BEFORE_F9, BONUS_RACK

    text = BEFORE_F9.replace("#players Red, Blue\n", "#players Red, Blue\n#fraction-bonus Red ×2\n")
    (library / "games").mkdir(parents=True, exist_ok=True)
    (library / "games" / "bonus.txt").write_text(text, "utf-8")
    shown = client.get("/games/bonus?reveal=1&rack=" + "%20".join(BONUS_RACK).replace("/", "%2F")).text
    game = replay(read_record(text))
    every = [score(game.board, c.play, game.tileset, 2).total
             for c in Position(game.board, BONUS_RACK, game.tileset).all()]
    assert re.search(r'id="revealed" data-score="(\d+)"', shown)[1] == str(max(every))
