"""`classroom serve` as a teacher starts it: a real process on a free port, answering at once,
and, driven by a real headless browser, the whole round of making, downloading and checking."""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

from classroom.game.symbols import parse_hand
from classroom.game.tilesets import load_level
from classroom.solve.boardless import solve
from tests.ports import free_port

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")


START_UP = 60  # seconds a busy machine may take to start the server: a wait, not a measure
# serving(..., env=QUICK_POLL): the projector and the teams' pages look for a change every 0.2 s,
# not every 3 s (teams.POLL_SECONDS), for a test that waits for them to see one
QUICK_POLL = {"CLASSROOM_POLL_SECONDS": "0.2"}


class Server:
    """A running `classroom serve`: its address, the teacher's link it printed, its process, and
    what it printed (once stopped)."""

    def __init__(self, url: str, teacher: str, process: subprocess.Popen) -> None:
        self.url, self.teacher, self.process = url, teacher, process
        self.out = self.err = ""

    def signed_in(self) -> "Browser":
        """Return the teacher's browser on this server (urllib with its cookies)."""
        return Browser(self.url).opened(self.teacher)


class Browser:
    """A browser as urllib: its cookies kept, its forms sent with the token its pages carried."""

    def __init__(self, url: str) -> None:
        self.url, self.token = url, ""
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def opened(self, address: str) -> "Browser":
        """Return the browser after a GET of an address (a path or a whole URL)."""
        self.get(address)
        return self

    def get(self, address: str, timeout: float = START_UP) -> str:
        """Return a page's text (raise urllib's HTTPError on a refusal); keep its form token."""
        with self.opener.open(urllib.parse.urljoin(self.url, address), timeout=timeout) as answer:
            page = answer.read().decode("utf-8")
        found = re.search(r'name="form_token" value="([^"]*)"', page)
        self.token = found[1] if found else self.token
        return page

    def post(self, address: str, fields: dict, timeout: float = START_UP):
        """Return the answer to a form sent as the page sends it (its token added); the caller
        reads and closes it."""
        data = urllib.parse.urlencode({**fields, "form_token": self.token}).encode()
        return self.opener.open(urllib.parse.urljoin(self.url, address), data=data, timeout=timeout)


def stopped(process: subprocess.Popen) -> tuple[str, str]:
    """Return what a server that failed to start printed, stopping it first if it still runs."""
    if process.poll() is None:
        process.kill()
    return process.communicate(timeout=START_UP)


@contextmanager
def serving(folder: Path, *options: str, env: dict[str, str] | None = None):
    """Start `classroom serve` on a free port in folder (its library folder/output), with `env`
    added to its environment; yield the Server once it answers the teacher's link it printed, and
    stop it with SIGTERM."""
    port = free_port()
    deadline = time.monotonic() + START_UP
    process = subprocess.Popen([sys.executable, "-m", "classroom", "serve", "--port", str(port), *options],
                               cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, **(env or {})})
    url = f"http://127.0.0.1:{port}/"
    printed = []
    try:
        while not printed or not printed[-1].startswith("Teacher's link: "):
            line = process.stdout.readline()  # printed at once, before the server listens
            if not line:
                raise AssertionError(f"classroom serve printed no teacher's link: {stopped(process)}")
            printed.append(line)
        teacher = printed[-1].removeprefix("Teacher's link: ").strip()
        while True:
            try:
                with urllib.request.urlopen(teacher, timeout=2) as answer:
                    assert answer.status == 200
                    break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(f"classroom serve did not answer: {stopped(process)}")
                time.sleep(0.02)
        server = Server(url, teacher, process)
        yield server
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
        try:
            out, server.err = process.communicate(timeout=START_UP)
            server.out = "".join(printed) + out
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
            raise


def test_serve_answers_the_first_page(tmp_path):
    """Started as a teacher starts it, the server answers / with the Make page, on 127.0.0.1
    (how fast it starts is measured by tests/benchmarks/bench_serve.py, not tested)."""
    with serving(tmp_path) as server:
        assert "Boardless Activity" in server.signed_in().get(server.url)
        with pytest.raises(urllib.error.HTTPError) as refused:  # a browser without the link
            urllib.request.urlopen(server.url)
        assert refused.value.code == 403 and "teacher's link" in refused.value.read().decode("utf-8")
    assert server.url in server.out and "Traceback" not in server.err
    assert (tmp_path / "output").is_dir()  # the library the command line writes to


def test_serve_stops_on_sigterm_without_a_traceback(tmp_path):
    """SIGTERM ends the server with one line."""
    with serving(tmp_path) as server:
        pass
    assert server.process.returncode in (0, 143), server.err
    assert "Traceback" not in server.err and server.err.count("\n") <= 1


def test_stopping_the_server_stops_a_set_being_made_and_writes_nothing(tmp_path):
    """SIGTERM while a long set is being made ends the server and the set: no file of it is left."""
    with serving(tmp_path) as server:
        teacher = server.signed_in().opened("/")
        with teacher.post("make", {"kind": "situations", "count": "4", "plays": "6", "seed": "77"}) as answer:
            job = answer.url
            assert "Working…" in answer.read().decode("utf-8")
        time.sleep(1)  # the job's process is under way
        server.process.send_signal(signal.SIGTERM)
        server.process.wait(timeout=START_UP)  # a wait: making the set would write its files
    assert "/jobs/" in job and "Traceback" not in server.err
    assert list((tmp_path / "output").iterdir()) == []


def test_serve_on_a_taken_port_is_one_sentence(tmp_path):
    """A port another program holds is refused in one sentence with exit status 2."""
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        result = subprocess.run([sys.executable, "-m", "classroom", "serve", "--port", str(port)],
                                cwd=tmp_path, capture_output=True, text=True, timeout=START_UP)
    assert result.returncode == 2
    assert result.stderr.startswith(f"error: cannot listen on 127.0.0.1:{port} (")
    assert result.stderr.rstrip().endswith("choose another --port") and result.stderr.count("\n") == 1


def chromium(profile: Path, *flags: str, phone: bool = False):
    """Return a headless chromium driven by selenium, with a profile folder of its own (so its
    cookies are its own: another device); as a phone 390 px wide with touch, when asked."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--no-first-run", f"--user-data-dir={profile}", *flags):
        options.add_argument(flag)
    if phone:
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2, "touch": True}})
    driver = webdriver.Chrome(options=options, service=Service(executable_path=str(CHROMEDRIVER), port=free_port()))
    driver.set_page_load_timeout(START_UP)
    return driver


def forget(driver) -> None:
    """Leave a browser as a new one would be: one new tab on a blank page (no history, nothing in
    sessionStorage, no size emulated), no cookie (cookies go by host, not port: one test's
    sign-in would reach the next test's server) and nothing stored by the pages its tabs went to
    (localStorage and the rest, by origin); or raise WebDriverException."""
    from selenium.common.exceptions import WebDriverException

    old = driver.window_handles
    urls = []
    for handle in old:
        driver.switch_to.window(handle)
        urls += [entry["url"] for entry in driver.execute_cdp_cmd("Page.getNavigationHistory", {})["entries"]]
    driver.switch_to.new_window("tab")
    fresh = driver.current_window_handle
    for handle in old:
        driver.switch_to.window(handle)
        driver.close()
    driver.switch_to.window(fresh)
    for parts in sorted({urllib.parse.urlsplit(url)[:2] for url in urls}):
        if parts[0] in ("http", "https"):
            driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": "://".join(parts), "storageTypes": "all"})
    driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    if driver.execute_cdp_cmd("Network.getAllCookies", {})["cookies"]:
        raise WebDriverException("a cookie outlived Network.clearBrowserCookies")


def test_a_forgotten_browser_is_as_a_new_one(desktop_chromium, tmp_path):
    """The worker's browser is handed to the next test as a new one: a cookie, localStorage,
    sessionStorage, a second tab and a phone's size that one test left are gone."""
    import functools
    import http.server
    import threading

    (tmp_path / "page.html").write_text("<!doctype html><title>a page</title>", "utf-8")
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(tmp_path))
    with http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), handler) as site:
        threading.Thread(target=site.serve_forever, daemon=True).start()
        page = f"http://127.0.0.1:{site.server_address[1]}/page.html"
        state = "return [document.cookie, localStorage.length, sessionStorage.length, innerWidth]"
        driver = desktop_chromium()
        driver.get(page)
        new = driver.execute_script(state)
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        driver.execute_script("document.cookie = 'seat=Red; path=/'; localStorage.setItem('list', '1 = 1');"
                              "sessionStorage.setItem('turn', '3')")
        driver.switch_to.new_window("tab")
        driver.get(page)
        assert driver.execute_script(state)[:2] == ["seat=Red", 1] and len(driver.window_handles) == 2
        driver = desktop_chromium()
        assert driver.window_handles == [driver.current_window_handle] and driver.current_url == "about:blank"
        driver.get(page)
        assert driver.execute_script(state) == new == ["", 0, 0, 1280]
        site.shutdown()


@pytest.fixture
def browser(desktop_chromium, tmp_path):
    """The worker's headless chromium (tests/conftest.py: one a worker, as starting one costs
    some 1.5 s of CPU), forgotten to a new one's state before the test, downloading into
    tmp_path/downloads."""
    driver = desktop_chromium()
    (tmp_path / "downloads").mkdir()
    driver.execute_cdp_cmd("Browser.setDownloadBehavior",
                           {"behavior": "allow", "downloadPath": str(tmp_path / "downloads")})
    return driver


def wait_for(condition, seconds: float = START_UP):
    """Return condition()'s first true value, trying every 0.05 s for up to `seconds`; a page
    caught between two documents (the browser says so with an error) is tried again."""
    from selenium.common.exceptions import WebDriverException

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            value = condition()
        except WebDriverException:
            value = None
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("timed out")


def sign_in(browser, server: Server) -> None:
    """Open the teacher's link in the browser and wait for the page it goes on to."""
    browser.get(server.teacher)
    wait_for(lambda: browser.execute_script("return location.pathname === '/' && document.readyState === 'complete'"))


def submit(browser, button) -> None:
    """Click a form's button (or a link) and wait until the browser has left the page, so no
    element of the old page is taken for one of the new."""
    browser.execute_script("window.classroomLeft = true")  # only this document has the mark
    button.click()
    wait_for(lambda: browser.execute_script(
        "return window.classroomLeft !== true && document.readyState === 'complete'"))


def test_a_teacher_makes_a_set_downloads_the_key_and_a_student_checks_a_line(tmp_path, browser):
    """In a real browser: make a boardless set, download its key, check a line twice (the
    second time it is already on the list), grade a list; a screenshot of every page."""
    from selenium.webdriver.common.by import By

    shots = Path(os.environ.get("CLASSROOM_SCREENSHOTS", tmp_path / "screenshots"))
    shots.mkdir(parents=True, exist_ok=True)
    with serving(tmp_path) as server:
        url = server.url
        sign_in(browser, server)
        browser.get(url)
        form = browser.find_element(By.ID, "boardless-form")
        form.find_element(By.NAME, "count").clear()
        form.find_element(By.NAME, "count").send_keys("1")
        form.find_element(By.NAME, "seed").send_keys("5")
        form.find_element(By.NAME, "title").send_keys("Tuesday warm-up")
        browser.save_screenshot(str(shots / "make.png"))
        submit(browser, form.find_element(By.TAG_NAME, "button"))
        wait_for(lambda: browser.find_elements(By.ID, "downloads"))
        wait_for(lambda: browser.execute_script(
            "return Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)"))
        browser.save_screenshot(str(shots / "made.png"))

        folder = tmp_path / "output" / "boardless-5"
        browser.find_element(By.PARTIAL_LINK_TEXT, "-key.pdf").click()
        key = tmp_path / "downloads" / "boardless-5-key.pdf"
        wait_for(lambda: key.is_file() and key.stat().st_size == (folder / key.name).stat().st_size)
        assert key.read_bytes() == (folder / key.name).read_bytes()

        browser.get(url + "library")
        browser.save_screenshot(str(shots / "library.png"))
        item = json.loads((folder / "manifest.json").read_text("utf-8"))["items"][0]
        submit(browser, browser.find_element(By.CSS_SELECTOR, f'a[href="/check/{item["id"]}"]'))
        answer = solve(parse_hand(item["hand"]), load_level("original")).answers[0]
        for _ in range(2):
            field = browser.find_element(By.NAME, "line")
            field.clear()
            field.send_keys(answer.text)
            submit(browser, browser.find_element(By.CSS_SELECTOR, "#check-form button"))
            assert f"scores {answer.score}" in browser.find_element(By.ID, "verdict").text
        assert browser.find_element(By.ID, "already").is_displayed()
        assert not browser.find_element(By.ID, "added").is_displayed()
        assert len(browser.find_elements(By.CSS_SELECTOR, "#list li")) == 1
        browser.save_screenshot(str(shots / "check.png"))
        browser.find_element(By.NAME, "line").clear()
        submit(browser, browser.find_element(By.CSS_SELECTOR, "#check-form button"))
        assert browser.find_element(By.ID, "message").text == "type an equation (or a play) to check"
        browser.save_screenshot(str(shots / "error.png"))

        browser.get(url + f"grade?sheet={item['id']}")
        browser.find_element(By.NAME, "list").send_keys(f"{answer.text}\n1 + 1 = 3\n")
        browser.save_screenshot(str(shots / "grade.png"))
        submit(browser, browser.find_element(By.CSS_SELECTOR, "#grade-form button"))
        assert "the two sides differ" in browser.page_source
        browser.save_screenshot(str(shots / "graded.png"))
