"""Issue 42's game on the page in a real chromium at the projector's 1280 × 720: two teams, a
handicap, a time a play and two draw piles, dealt from the new-game form, played with the
keyboard, each refill drawn with the page's buttons; the record it leaves is replayed by
`classroom game score --json`. Screenshots kept as in tests/test_web_games_browser.py."""

from __future__ import annotations

from classroom.game.bag import operations_drawn
from classroom.record.deal import best_turn
from classroom.record.grammar import Draw, Took, action_text
from classroom.record.replay import replay
from classroom.store.games import team_key
from classroom.web import create_app
from tests.browsers import teacher
from tests.test_web_games import at, engine_turn, new
from tests.test_web_games_browser import record_of, scored, screenshots, shown_totals, typed
from tests.test_web_piles import aged
from tests.test_web_serve import QUICK_POLL, browser, serving, sign_in, submit, wait_for  # noqa: F401  (browser: a fixture)
from tests.test_web_student_phones import HEIGHT, WIDTH, fits


def test_two_teams_with_a_handicap_a_clock_and_two_piles(tmp_path, browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    shots = screenshots(tmp_path, browser)
    with serving(tmp_path) as server:
        sign_in(browser, server)
        browser.get(server.url + "games")
        for field, value in (("players", "Red, Blue"), ("time", "Red 1m, Blue 1m"), ("handicap", "Blue 20"),
                             ("operations", "2")):
            browser.find_element(By.ID, field).send_keys(value)
        browser.find_element(By.CSS_SELECTOR, '#new-game input[name="seed"]').send_keys("8")
        Select(browser.find_element(By.ID, "piles")).select_by_value("two")
        browser.save_screenshot(str(shots / "piles-new-game.png"))
        submit(browser, browser.find_element(By.CSS_SELECTOR, "#new-game button"))
        name = browser.current_url.rsplit("/", 1)[1]
        record = record_of(tmp_path, name)
        assert record.header.piles == "two" and [operations_drawn(d.tiles) for d in record.lines] == [2, 2]
        clock = browser.find_element(By.ID, "turn-clock")
        assert "Red" in clock.text and "of 1 min" in clock.text
        first = browser.find_element(By.ID, "turn-clock-time").text
        wait_for(lambda: browser.find_element(By.ID, "turn-clock-time").text != first)  # it runs
        for player, answer in (("Red", "draw-3"), ("Blue", None)):
            aged(tmp_path / "output", name, 70)  # past the minute a play: the clock is red, the play still counts
            browser.refresh()
            wait_for(lambda: "over" in browser.find_element(By.ID, "turn-clock").get_attribute("class"))
            assert browser.find_element(By.ID, "turn-clock-over").is_displayed()
            if player == "Red":
                browser.save_screenshot(str(shots / "piles-clock-over.png"))
            game = replay(record_of(tmp_path, name))
            typed(browser, action_text(best_turn(game).action))
            typed(browser, "")  # Enter confirms
            game = replay(record_of(tmp_path, name))
            player_to_draw, count = game.drawing
            assert player_to_draw == player
            asking = browser.find_element(By.ID, "drawing")
            assert f"{player} draws {count} tile" in asking.text and "2 operations" in asking.text
            assert browser.switch_to.active_element.get_attribute("id") == "draw-2"
            if answer is not None:
                browser.save_screenshot(str(shots / "piles-drawing.png"))
                submit(browser, browser.find_element(By.ID, answer))
                wanted = 3
            else:  # another number, in the small field
                browser.find_element(By.ID, "draw-other").send_keys("0")
                submit(browser, browser.find_element(By.ID, "draw-other-button"))
                wanted = 0
            record = record_of(tmp_path, name)
            assert isinstance(record.lines[-1], Draw) and record.lines[-1].player == player
            assert operations_drawn(record.lines[-1].tiles) == min(wanted, count)
            took = [line for line in record.lines if isinstance(line, Took) and line.player == player]
            assert len(took) == 1 and 70 <= took[0].seconds <= 100
        browser.save_screenshot(str(shots / "piles-after.png"))
        totals = shown_totals(browser)
    final = scored(tmp_path, name)
    assert final["totals"] == totals and final["handicaps"] == {"Blue": 20}
    assert totals["Blue"] == 20 + final["turns"][1]["score"]
    assert all(turn["seconds"] is not None for turn in final["turns"])


def test_a_teams_refill_is_asked_on_its_phone_and_the_projector_waits(tmp_path, browser, phone_chromium):
    """While Red's refill waits, the projector at 1280 × 720 shows the draw question and no play
    box; Red's phone (360 × 740) asks it too, fitting the phone's width; Red's answer on the
    phone deals the refill, and the projector then shows Blue's play box."""
    from selenium.webdriver.common.by import By

    shots = screenshots(tmp_path, browser)
    phone = phone_chromium()
    phone.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                          {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 2, "mobile": True})
    with teacher(create_app(tmp_path / "output")) as desk:  # dealt and Red's play confirmed on the teacher's page
        client = desk.sign_in()
        name = new(client, mode="teams", players="Red, Blue", seed="8", piles="two")
        client.post(f"/games/{name}/turn", data={"line": engine_turn(tmp_path / "output", name),
                                                 "at": at(tmp_path / "output", name)})
    count = replay(record_of(tmp_path, name)).drawing[1]
    with serving(tmp_path, env=QUICK_POLL) as server:
        sign_in(browser, server)
        browser.get(server.url + f"games/{name}")
        asking = browser.find_element(By.ID, "drawing")
        assert asking.is_displayed() and f"Red draws {count} tiles" in asking.text
        assert not browser.find_elements(By.ID, "play-form") and not browser.find_elements(By.ID, "to-play")
        browser.save_screenshot(str(shots / "piles-projector-waits.png"))
        key = team_key(tmp_path / "output", name, "Red")
        phone.get(server.url + f"games/{name}/team/Red?key={key}")
        question = phone.find_element(By.ID, "drawing")
        assert question.is_displayed() and f"{count} new tiles" in question.text
        assert not phone.find_elements(By.ID, "play-form") and fits(phone)["scrollWidth"] <= WIDTH
        phone.save_screenshot(str(shots / "piles-phone-asks.png"))
        submit(phone, phone.find_element(By.ID, "draw-3"))
        drawn = record_of(tmp_path, name).lines[-1]
        assert isinstance(drawn, Draw) and drawn.player == "Red" and operations_drawn(drawn.tiles) == min(3, count)
        assert "Blue is playing" in phone.find_element(By.ID, "turn").text
        phone.save_screenshot(str(shots / "piles-phone-drawn.png"))
        wait_for(lambda: browser.find_elements(By.ID, "play-form"), 15)  # the projector's poll reloads it
        assert "Blue to play" in browser.find_element(By.ID, "to-play").text
        assert not browser.find_elements(By.ID, "drawing")
        browser.save_screenshot(str(shots / "piles-projector-after-draw.png"))
