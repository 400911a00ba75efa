"""Plays entered by placing tiles (classroom.web.placing): the square clicked and only the new
tiles typed, the old ones taken from the board; the play in full goes through the record's own
reader, so it scores what the typed play scores. The booklet's five plays (RULES §8) at a table
game, each entered by its new tiles alone."""

from __future__ import annotations

import html
import re

import pytest
from starlette.testclient import TestClient

from classroom.errors import ClassroomError
from classroom.game.board import Board, Direction, Placement
from classroom.record.replay import replay
from classroom.web import create_app
from classroom.web.placing import laid, placed_line
from tests.team_plays import placing_of
from tests.test_web_games import at, new, record_of

# The booklet's five plays (RULES §8): clicked square, the tiles typed, the play written in full, its score.
BOOKLET = [
    ("J10 across", "24:3=8", "J10 across 24 ÷ 3 = 8", 28),
    ("O9 down", "2=4x7", "O9 down 28 = 4 × 7", 11),
    ("M12 across", "4=", "M12 across 4 = 4", 3),
    ("I12 across", "7+9x3", "I12 across 7 + 9 × 4 = 43", 11),
    ("F9 across", "7/4=3/4+1", "F9 across 7/4 = 3/4 + 1", 30),
]


def test_the_booklet_plays_entered_by_their_new_tiles_score_as_printed(client, library):
    """Each booklet play, entered as a click and its new tiles, is previewed and written in full
    (old tiles from the board) and scores what RULES §8 prints."""
    name = new(client, mode="teams", players="Red, Blue", table="on")
    for place, tiles, written, points in BOOKLET:
        looked = client.get(f"/games/{name}/placed", params={"place": place, "line": tiles}).json()
        assert looked["text"] == written and looked["score"] == points, looked
        shown = client.post(f"/games/{name}/try", data={"line": tiles, "place": place})
        assert shown.status_code == 200 and f'data-score="{points}"' in shown.text
        assert f'name="line" value="{written}"' in shown.text  # Confirm sends the play in full
        confirmed = client.post(f"/games/{name}/turn", data={"line": written, "at": at(library, name)},
                                follow_redirects=False)
        assert confirmed.status_code == 303
    game = replay(record_of(library, name))
    assert [t.score for t in game.turns] == [points for *_, points in BOOKLET]


def test_tiles_laid_pass_over_the_squares_that_hold_tiles():
    """The typed tiles go on the empty squares from the clicked one on; a held square is passed."""
    board = Board().place([Placement((12, 15), "4")])
    placements = laid(board, (12, 13), Direction.ACROSS, "4=3")
    assert [(p.square, p.tile) for p in placements] == [((12, 13), "4"), ((12, 14), "="), ((12, 16), "3")]
    assert placed_line(board, "M12 across", "4=3") == "M12 across 4 = 43"


@pytest.mark.parametrize("place, typed, expected", [
    ("", "J10 across 24 ÷ 3 = 8", "J10 across 24 ÷ 3 = 8"),  # no square clicked: as typed
    ("A1 across", "J10 across 2 = 2", "J10 across 2 = 2"),  # a whole play typed after a click
    ("A1 across", "pass", "pass"),  # a word
    ("A1 across", "trade 4 9", "trade 4 9"),
    ("A1 down", "2x3=6", "A1 down 2 × 3 = 6"),  # x is a tile (times), not a letter of a word
])
def test_a_box_is_read_as_typed_unless_it_holds_tiles_after_a_click(place, typed, expected):
    assert placed_line(Board(), place, typed) == expected


def test_tiles_that_run_off_the_board_are_one_sentence():
    empty = Board()
    with pytest.raises(ClassroomError, match="run off the board: 3 new tiles do not fit from S1 across"):
        placed_line(empty, "S1 across", "1=1")


def test_a_refused_placed_play_keeps_the_tiles_and_the_square(client, library):
    """A placed play the rules refuse says why, writes nothing, and keeps the box and the click."""
    name = new(client, mode="teams", players="Red, Blue", table="on")
    before = (library / "games" / f"{name}.txt").read_text("utf-8")
    refused = client.post(f"/games/{name}/try", data={"line": "1=2", "place": "J10 across"})
    assert refused.status_code == 400 and "Not legal" in refused.text
    assert 'value="1=2"' in refused.text and 'value="J10 across"' in refused.text
    assert (library / "games" / f"{name}.txt").read_text("utf-8") == before
    looked = client.get(f"/games/{name}/placed", params={"place": "J10 across", "line": "1="}).json()
    assert [t["square"] for t in looked["tiles"]] == ["J10", "K10"] and looked["reason"]


def test_a_team_places_tiles_on_its_own_page_on_its_turn_only(client, library):
    """A team's page takes a tapped square and the new tiles as the projector does: drawn with
    the score as typed (its key checked, on its turn only), shown with the play written in full
    for Send, and a refused one keeps the tiles and the square."""
    from classroom.store.games import team_key
    from tests.team_plays import next_play

    name = new(client, mode="teams", players="Red, Blue", seed="42")
    game = replay(record_of(library, name))
    play, points, _ = next_play(game, ("new",))
    place, tiles = placing_of(play)
    team, other = game.next_player, next(p for p in game.players if p != game.next_player)
    address = f"/games/{name}/team/{team}"
    looked = client.get(address + "/placed", params={"key": team_key(library, name, team), "place": place,
                                                      "line": tiles}).json()
    assert looked["score"] == points and len(looked["tiles"]) == len(play.placements), looked
    wrong = client.get(address + "/placed", params={"key": "wrong", "place": place, "line": tiles})
    assert wrong.status_code == 400 and "score" not in wrong.json()
    waiting = client.get(f"/games/{name}/team/{other}/placed",
                         params={"key": team_key(library, name, other), "place": place, "line": tiles}).json()
    assert "score" not in waiting and "turn" in waiting["reason"], waiting
    page = client.get(address, params={"key": team_key(library, name, team)}).text
    fields = {"key": team_key(library, name, team), "line": tiles, "place": place, "at": "",
              "form_token": re.search(r'name="form_token" value="([^"]*)"', page)[1]}
    shown = client.post(address + "/try", data=fields)
    assert shown.status_code == 200 and f'data-score="{points}"' in shown.text
    written = re.search(r'id="send-form">.*?name="line" value="([^"]*)"', shown.text, re.S)[1]
    assert html.unescape(written) == placed_line(game.board, place, tiles) and html.unescape(written).startswith(place)
    refused = client.post(address + "/try", data={**fields, "line": "1=2", "place": "A1 across"})
    assert refused.status_code == 400 and 'value="1=2"' in refused.text and 'value="A1 across"' in refused.text


def test_a_duplicate_player_places_tiles_on_their_own_page(client, student_client, library):
    """A duplicate player's page takes a tapped square and the new tiles: drawn with the score
    as typed (a device with no seat gets nothing), previewed with the play written in full for
    Send, and entered as that play."""
    from classroom.record.duplicate import replay_duplicate
    from classroom.solve.board.position import searchable, top_plays
    from tests.test_web_players import code_on, join, token

    name = new(client, mode="duplicate", players="Ana, Ben", seed="3")
    join(student_client, code_on(client.get(f"/games/{name}").text), "Ana")
    game = replay_duplicate(record_of(library, name))
    current = game.current
    top = top_plays(current.board, searchable(current.rack, game.tileset), game.tileset, 1)[0]
    place, tiles = placing_of(top.play)
    looked = student_client.get(f"/play/{name}/placed", params={"place": place, "line": tiles}).json()
    assert looked["score"] == top.score and len(looked["tiles"]) == len(top.play.placements), looked
    illegal = student_client.get(f"/play/{name}/placed", params={"place": "A1 across", "line": "1=1"}).json()
    assert "score" not in illegal and illegal["reason"], illegal
    with TestClient(create_app(library)) as stranger:
        assert "score" not in stranger.get(f"/play/{name}/placed", params={"place": place, "line": tiles}).json()
    page = student_client.get(f"/play/{name}").text
    shown = student_client.post(f"/play/{name}/preview", data={"line": tiles, "place": place, "round": "1", **token(page)})
    assert shown.status_code == 200 and f'data-score="{top.score}"' in shown.text
    written = html.unescape(re.search(r'id="send-form">.*?name="line" value="([^"]*)"', shown.text, re.S)[1])
    assert written == placed_line(current.board, place, tiles)
    sent = student_client.post(f"/play/{name}/send", data={"line": written, "round": "1", **token(shown.text)},
                               follow_redirects=False)
    assert sent.status_code == 303
    assert replay_duplicate(record_of(library, name)).current.entry("Ana").score == top.score
