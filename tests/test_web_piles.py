"""Two draw piles and the clock on the game page (web/piles.py; RULES §12): the new-game form
deals two piles and sets the clocks, the projector asks how many operation tiles a refill takes,
shows the running clock of the player to move, and a confirmed play's time is its 'took' line."""

from __future__ import annotations

import html
import os
import re

from classroom.game.bag import operations_drawn
from classroom.record.grammar import Draw, Took
from classroom.record.replay import replay
from tests.test_web_games import at, engine_turn, new, record_of
from tests.test_web_teams import team_link, team_post


def aged(library, name, seconds: int) -> None:
    """Make the game's turn begin `seconds` before its record was last written (the clock counts
    from that write, web.piles.turn_began)."""
    path = library / "games" / f"{name}.txt"
    then = path.stat().st_mtime - seconds
    os.utime(path, (then, then))


def test_the_new_game_form_deals_two_piles_with_the_clock(client, library):
    """The form's draw piles, first-rack operations, time a play, allowances, penalty and bonus
    are the record's header, as `game new` writes them."""
    name = new(client, mode="teams", players="Red, Blue", seed="8", piles="two", operations="2",
               time="Red 2m", allowance="Red 30m, Blue 45m", time_penalty="5", time_bonus="10", handicap="Blue 20")
    record = record_of(library, name)
    header = record.header
    assert (header.piles, header.minutes, header.allowances) == ("two", (("Red", 2),), (("Red", 30), ("Blue", 45)))
    assert (header.time_penalty, header.time_bonus, header.handicaps) == (5, 10, (("Blue", 20),))
    assert [operations_drawn(line.tiles) for line in record.lines] == [2, 2]
    refused = client.post("/games", data={"mode": "teams", "players": "Red, Blue", "operations": "2"})
    assert refused.status_code == 400 and "--piles two" in html.unescape(refused.text)


def test_the_page_asks_how_many_operations_and_times_the_play(client, library):
    """A confirmed play writes its 'took' line (the time since the turn began) and leaves the
    refill waiting; the page asks with two buttons; the answer deals the refill so; the clock
    then counts the next player's turn, with their limit."""
    name = new(client, mode="teams", players="Red, Blue", seed="8", piles="two", time="Blue 2m",
               allowance="Red 30m, Blue 30m")
    page = client.get(f"/games/{name}").text
    assert 'id="turn-clock"' in page and 'id="drawing"' not in page
    aged(library, name, 75)
    typed = engine_turn(library, name)
    client.post(f"/games/{name}/turn", data={"line": typed, "at": at(library, name)})
    record = record_of(library, name)
    took = record.lines[-1]
    assert isinstance(took, Took) and took.player == "Red" and 75 <= took.seconds <= 90
    waiting = html.unescape(client.get(f"/games/{name}").text)
    drawing = replay(record).drawing
    assert drawing[0] == "Red" and f"Red draws {drawing[1]} tile" in waiting
    assert 'id="draw-2"' in waiting and 'id="draw-3"' in waiting and 'id="turn-clock"' not in waiting
    answer = client.post(f"/games/{name}/draw", data={"operations": "3", "at": at(library, name)}, follow_redirects=False)
    assert answer.status_code == 303
    record = record_of(library, name)
    assert isinstance(record.lines[-1], Draw) and operations_drawn(record.lines[-1].tiles) == min(3, drawing[1])
    aged(library, name, 130)
    clock = client.get(f"/games/{name}").text
    elapsed = int(re.search(r'data-elapsed="(\d+)"', clock)[1])
    assert 130 <= elapsed <= 145 and 'data-limit="120"' in clock and "Blue</span>" in clock
    again = client.post(f"/games/{name}/draw", data={"operations": "3", "at": at(library, name)})
    assert again.status_code == 400 and "no one is waiting to draw" in html.unescape(again.text)


def test_a_game_without_a_clock_writes_no_took_line(client, library):
    """Without a time a play or a total-time clock the page keeps no time: no clock, no 'took' line."""
    name = new(client, mode="teams", players="Red, Blue", seed="8")
    assert 'id="turn-clock"' not in client.get(f"/games/{name}").text
    client.post(f"/games/{name}/turn", data={"line": engine_turn(library, name), "at": at(library, name)})
    assert not any(isinstance(line, Took) for line in record_of(library, name).lines)


def test_a_play_sent_from_a_teams_link_is_timed_and_waits_for_its_draw(client, student_client, library):
    """With '#team-plays direct' a team's play is written with its 'took' line, and its refill
    waits for the teacher's answer on the projector, as a play confirmed there."""
    name = new(client, mode="teams", players="Red, Blue", seed="7", team_plays="direct", piles="two",
               time="Red 3m")
    aged(library, name, 40)
    page = student_client.get(team_link(library, name, "Red")).text
    preview = team_post(student_client, f"/games/{name}/team/Red/try", page, "play-form",
                        line=engine_turn(library, name))
    team_post(student_client, f"/games/{name}/team/Red/send", preview.text, "send-form")
    record = record_of(library, name)
    took = record.lines[-1]
    assert isinstance(took, Took) and took.player == "Red" and 40 <= took.seconds <= 55
    assert replay(record).drawing[0] == "Red" and 'id="drawing"' in client.get(f"/games/{name}").text


def test_a_waiting_refill_is_asked_on_the_drawing_teams_page_only(client, student_client, library):
    """While Red's refill waits, the projector shows the draw question and no play box; Red's
    own page asks it and its answer deals the refill; Blue's page shows no play box and Blue's
    key can never answer Red's draw, nor can a wrong key."""
    name = new(client, mode="teams", players="Red, Blue", seed="8", piles="two")
    client.post(f"/games/{name}/turn", data={"line": engine_turn(library, name), "at": at(library, name)})
    waiting = record_of(library, name)
    count = replay(waiting).drawing[1]
    projector = client.get(f"/games/{name}").text
    assert 'id="drawing"' in projector and 'id="play-form"' not in projector and 'id="to-play"' not in projector
    red, blue = (student_client.get(team_link(library, name, team)).text for team in ("Red", "Blue"))
    assert 'id="draw-form"' in red and f"Your team draws {count} tiles" in red and 'id="play-form"' not in red
    assert 'id="draw-form"' not in blue and "Red is drawing" in blue and 'id="play-form"' not in blue
    as_blue = team_post(student_client, f"/games/{name}/team/Blue/draw", red, "draw-form", operations="2",
                        key=team_link(library, name, "Blue").rsplit("=", 1)[1])
    assert as_blue.status_code == 400 and "Blue has no tiles to draw now" in html.unescape(as_blue.text)
    wrong_key = team_post(student_client, f"/games/{name}/team/Red/draw", red, "draw-form", operations="2",
                          key="0" * 32)
    assert wrong_key.status_code == 400 and "not right" in wrong_key.text
    blue_plays = team_post(student_client, f"/games/{name}/team/Blue/try", red, "draw-form",
                           key=team_link(library, name, "Blue").rsplit("=", 1)[1], line="pass")
    assert blue_plays.status_code == 400 and "Red draws first" in html.unescape(blue_plays.text)
    assert record_of(library, name) == waiting
    answer = team_post(student_client, f"/games/{name}/team/Red/draw", red, "draw-form", operations="3")
    assert answer.status_code == 303
    drawn = record_of(library, name).lines[-1]
    assert isinstance(drawn, Draw) and drawn.player == "Red" and operations_drawn(drawn.tiles) == min(3, count)
    assert 'id="play-form"' in student_client.get(team_link(library, name, "Blue")).text
    again = team_post(student_client, f"/games/{name}/team/Red/draw", red, "draw-form", operations="2")
    assert again.status_code == 400 and record_of(library, name).lines[-1] == drawn
