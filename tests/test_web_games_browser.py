"""The game pages in a real browser (Debian's chromium, headless) against a real `classroom serve`,
at the projector's 1280 × 720: a team game played with the keyboard only, a duplicate round with
the timer, a solo practice, and a position entered in the board editor and printed as a Board
Situation. The record files they leave are replayed by `classroom game score --json`, and the
screenshots are kept (CLASSROOM_SCREENSHOTS names a folder to keep them in)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.game.board import SIZE, board_text, square_name
from classroom.game.plays import record_notation
from classroom.record.deal import best_turn
from classroom.record.duplicate import replay_duplicate
from classroom.record.grammar import action_text, read_record
from classroom.record.replay import replay
from classroom.solve.board.position import Position, searchable
from tests.test_web_serve import browser, serving, sign_in, submit, wait_for  # noqa: F401  (browser: a fixture)


def record_of(folder: Path, name: str):
    return read_record((folder / "output" / "games" / f"{name}.txt").read_text("utf-8"))


def scored(folder: Path, name: str) -> dict:
    """Return what `classroom game score --json` says of a game the page left (run in this
    process: the record is under test, not a process)."""
    result = CliRunner().invoke(app, ["game", "score", "--json", str(folder / "output" / "games" / f"{name}.txt")])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def screenshots(tmp_path: Path, browser) -> Path:
    """Return the folder the screenshots go to, with the browser set to a projector's 1280 x 720."""
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 1280, "height": 720, "deviceScaleFactor": 1, "mobile": False})
    shots = Path(os.environ.get("CLASSROOM_SCREENSHOTS", tmp_path / "screenshots"))
    shots.mkdir(parents=True, exist_ok=True)
    return shots


def dealt(browser, server, mode: str, players: str, seed: int) -> str:
    """Deal a new game on the Games page and return its name (the page it went to)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    browser.get(server.url + "games")
    Select(browser.find_element(By.ID, "mode")).select_by_value(mode)
    browser.find_element(By.ID, "players").send_keys(players)
    browser.find_element(By.CSS_SELECTOR, '#new-game input[name="seed"]').send_keys(str(seed))
    submit(browser, browser.find_element(By.CSS_SELECTOR, "#new-game button"))
    return browser.current_url.rsplit("/", 1)[1]


def typed(browser, text: str) -> None:
    """Type into the element that has the keyboard's focus (replacing what a box holds), then
    Enter, and wait for the next page."""
    from selenium.webdriver.common.keys import Keys

    browser.execute_script("window.classroomLeft = true")
    focused = browser.switch_to.active_element
    if focused.tag_name == "input":
        focused.send_keys(Keys.CONTROL, "a")  # what is typed replaces what the box holds
    focused.send_keys(text + Keys.ENTER)
    wait_for(lambda: browser.execute_script(
        "return window.classroomLeft !== true && document.readyState === 'complete'"))


def untouched(board) -> str:
    """Return `1 = 1` across at a corner of the board with no tile on its three squares or beside
    them: a play that touches no tile, refused for that reason whatever the game's first turns."""
    for row, col in ((1, 1), (SIZE, 1), (1, SIZE - 2), (SIZE, SIZE - 2)):
        near = [(r, c) for r in range(row - 1, row + 2) for c in range(col - 1, col + 4)
                if 1 <= r <= SIZE and 1 <= c <= SIZE]
        if all(board.is_empty(square) for square in near):
            return f"{square_name((row, col))} across 1 = 1"
    raise AssertionError("every corner of the board is taken: no play that touches nothing")


def shown_totals(browser) -> dict[str, int]:
    from selenium.webdriver.common.by import By

    return {cell.get_attribute("data-player"): int(cell.text)
            for cell in browser.find_elements(By.CSS_SELECTOR, "#scores td.points")}


def test_a_team_game_with_the_keyboard_only(tmp_path, browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    shots = screenshots(tmp_path, browser)
    with serving(tmp_path) as server:
        sign_in(browser, server)
        browser.get(server.url + "games")
        browser.find_element(By.ID, "players").click()  # the one click: into the first field
        browser.switch_to.active_element.send_keys("Red, Blue")
        for _ in range(4):  # Tab past the level, the rule of play and the name to the seed
            browser.switch_to.active_element.send_keys(Keys.TAB)
        assert browser.switch_to.active_element.get_attribute("name") == "seed"
        typed(browser, "42")  # the seed (its first three best turns are plays); Enter deals
        name = browser.current_url.rsplit("/", 1)[1]
        assert record_of(tmp_path, name).header.seed == 42  # not a random deal, whose first turn may be a trade
        assert browser.switch_to.active_element.get_attribute("id") == "line"
        for number in range(3):
            game = replay(record_of(tmp_path, name))
            play = action_text(best_turn(game).action)
            typed(browser, play)  # shown with its score ...
            preview = browser.find_element(By.ID, "preview")
            assert int(preview.get_attribute("data-score")) > 0
            if number == 0:
                browser.save_screenshot(str(shots / "game-preview.png"))
            assert browser.switch_to.active_element.get_attribute("id") == "confirm"
            typed(browser, "")  # ... and Enter confirms it
            assert len(replay(record_of(tmp_path, name)).turns) == number + 1
        game = replay(record_of(tmp_path, name))
        rack = game.rack(game.next_player)
        typed(browser, f"trade {rack[0]} {rack[1]}")
        assert "a trade" in browser.find_element(By.ID, "preview").text
        typed(browser, "")
        assert replay(record_of(tmp_path, name)).turns[-1].kind == "trade"
        typed(browser, untouched(replay(record_of(tmp_path, name)).board))  # illegal: refused with its reason, nothing written
        refused = browser.find_element(By.ID, "refused").text
        assert refused.startswith("Not legal:") and "does not touch" in refused
        browser.save_screenshot(str(shots / "game-refused.png"))
        assert len(replay(record_of(tmp_path, name)).turns) == 4
        typed(browser, "undo")  # asked first, naming the turn; Enter takes the trade back
        assert "Take back Blue's trade of 2 tiles?" in browser.find_element(By.ID, "asking").text
        typed(browser, "")
        assert "Took back Blue's trade of 2 tiles." in browser.find_element(By.ID, "took").text
        game = replay(record_of(tmp_path, name))
        assert [t.kind for t in game.turns] == ["play"] * 3
        typed(browser, "reveal")
        rack = game.rack(game.next_player)
        best = Position(game.board, searchable(rack, game.tileset), game.tileset).best()
        revealed = browser.find_element(By.ID, "revealed")
        assert int(revealed.get_attribute("data-score")) == best[0].score
        browser.save_screenshot(str(shots / "game-reveal.png"))
        totals = shown_totals(browser)
        browser.get(server.url + f"games/{name}/links")  # each team's link, off the projector
        browser.save_screenshot(str(shots / "team-links.png"))
        shown_links = [a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, ".slip a")]
        assert len(shown_links) == 2
        if shutil.which("zbarimg"):  # the codes a phone reads are the links shown beside them
            read = subprocess.run(["zbarimg", "--quiet", "--raw", str(shots / "team-links.png")],
                                  capture_output=True, text=True).stdout.split()
            assert sorted(read) == sorted(shown_links)
        browser.get(shown_links[0])
        assert len(browser.find_elements(By.CSS_SELECTOR, "#rack span")) == 9
    final = scored(tmp_path, name)
    assert final["totals"] == totals == game.totals
    assert [t["kind"] for t in final["turns"]] == ["play"] * 3


def test_a_duplicate_round_with_the_timer(tmp_path, browser):
    from selenium.webdriver.common.by import By

    shots = screenshots(tmp_path, browser)
    with serving(tmp_path) as server:
        sign_in(browser, server)
        name = dealt(browser, server, "duplicate", "Ana, Ben, Cy", 3)
        minutes = browser.find_element(By.ID, "minutes")
        minutes.clear()
        minutes.send_keys("2")
        browser.find_element(By.CSS_SELECTOR, "#timer-form button").click()
        # running, and a second gone: a timer started again by each reload below would say 2:00
        wait_for(lambda: re.fullmatch(r"1:5\d", browser.find_element(By.ID, "timer").text))
        game = replay_duplicate(record_of(tmp_path, name))
        current = game.current
        best = Position(current.board, searchable(current.rack, game.tileset), game.tileset).best()[0]
        typed(browser, f"Ana: {record_notation(current.board, best.play)}")
        typed(browser, "Ben: A1 across 1 = 1")
        typed(browser, "Cy: pass")
        timer = browser.find_element(By.ID, "timer").text  # kept across the three reloads
        assert re.fullmatch(r"1:[0-5]\d", timer), timer
        assert "Entered: Ana, Ben, Cy" in browser.find_element(By.ID, "entered").text
        browser.save_screenshot(str(shots / "duplicate-round.png"))
        typed(browser, "close")
        top = browser.find_element(By.ID, "top")
        assert int(top.get_attribute("data-score")) == best.score and "Found by Ana." in top.text
        browser.save_screenshot(str(shots / "duplicate-closed.png"))
        typed(browser, "")  # Enter: the next round, its rack and the box for plays
        assert browser.switch_to.active_element.get_attribute("id") == "line"
    final = scored(tmp_path, name)
    standings = {s["player"]: s for s in final["standings"]}
    assert standings["Ana"]["points"] == best.score and standings["Ana"]["percent"] == 100.0
    assert standings["Ben"]["points"] == standings["Cy"]["points"] == 0


def test_a_solo_practice_and_the_board_editor(tmp_path, browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    shots = screenshots(tmp_path, browser)
    with serving(tmp_path) as server:
        sign_in(browser, server)
        name = dealt(browser, server, "solo", "Sam", 42)  # two plays to begin with
        for _ in range(2):
            typed(browser, action_text(best_turn(replay(record_of(tmp_path, name))).action))
            typed(browser, "")
        assert "you found it" in browser.find_element(By.ID, "practice").text
        browser.save_screenshot(str(shots / "solo.png"))
        browser.get(server.url + f"games/{name}/situation?turn=2")  # the board before Sam's second play
        submit(browser, browser.find_element(By.CSS_SELECTOR, "#situation-form button"))
        wait_for(lambda: browser.find_elements(By.PARTIAL_LINK_TEXT, ".pdf"))
        from_game = json.loads(next((tmp_path / "output").glob("situations-own*/manifest.json")).read_text("utf-8"))
        turn = replay(record_of(tmp_path, name)).turns[1]
        assert from_game["items"][0]["grid"] == board_text(turn.board)

        browser.get(server.url + "editor")
        # the whole grid, its coordinates too, fits the projector's 720 px without scrolling
        assert browser.execute_script("return document.getElementById('grid').getBoundingClientRect().bottom"
                                      " <= window.innerHeight")
        browser.find_element(By.CSS_SELECTOR, 'input[data-square="J10"]').click()
        for key in "7=?7":  # each tile moves on to the next square by itself
            browser.switch_to.active_element.send_keys(key)
        browser.find_element(By.CSS_SELECTOR, 'input[data-square="J12"]').click()
        browser.switch_to.active_element.send_keys(Keys.ARROW_DOWN, Keys.ARROW_UP)  # down from J11 now
        for key in "3/4x2:2=":  # x and : shown as × and ÷; 3 then / makes the one tile 3/4
            browser.switch_to.active_element.send_keys(key)
        tiles = [browser.find_element(By.CSS_SELECTOR, f'input[data-square="J{row}"]').get_attribute("value")
                 for row in range(10, 18)]
        assert tiles == ["7", "", "3/4", "×", "2", "÷", "2", "="], tiles
        browser.execute_script(  # the column cleared: the position checked below is the row's
            "for (let row = 12; row <= 17; row++) document.querySelector(`input[data-square=\"J${row}\"]`).value = ''")
        browser.find_element(By.ID, "hand").send_keys("1 2 3 + 4 5 6 × 8")
        browser.save_screenshot(str(shots / "editor.png"))
        submit(browser, browser.find_element(By.ID, "save"))
        assert "The position is legal" in browser.find_element(By.ID, "checked").text
        saved = (tmp_path / "output" / "boards" / "position.txt").read_text("utf-8").split("\n")
        assert saved[9].split()[9:12] == ["7", "=", "?7"]
        submit(browser, browser.find_element(By.ID, "print"))  # the Make job, as the Make page runs it
        wait_for(lambda: "situations" in browser.find_element(By.TAG_NAME, "body").text
                 and browser.find_elements(By.PARTIAL_LINK_TEXT, ".pdf"))
        browser.save_screenshot(str(shots / "editor-printed.png"))
    made = sorted((tmp_path / "output").glob("situations-own*/manifest.json"))
    assert len(made) == 2  # the game's turn, then the editor's position
    assert any("?7" in json.dumps(json.loads(m.read_text("utf-8")), ensure_ascii=False) for m in made)
