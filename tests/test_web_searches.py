"""Searches that end (classroom/web/searches.py): a bounded pool of search processes, each killed
at its limit, the same request searched once, a big result read as it comes, nothing left after
close(); the analysis page cached per record state and shown turn by turn; and against a real
`classroom serve`, 20 concurrent reveals of two-blank racks on an empty board that answer within
their limit, leave no search behind, stay under 2 GB, and a server that Ctrl-C stops at once.

The work functions below run in the searches' own processes, which import this module by name."""

from __future__ import annotations

import os
import re
import signal
import threading
import time
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path

import pytest

from classroom.errors import ClassroomError
from classroom.game.tilesets import load_level
from classroom.record.grammar import read_record
from classroom.record.replay import replay
from classroom.solve.board.position import Position, searchable
from classroom.web.searches import STOPPED, Reveals, Searches

START_UP = 60  # seconds a busy machine may take to start something (a wait, not a measure)
# The page's and the server's test helpers (test_web_games, test_web_serve) are imported in the
# tests that use them: a search's process imports this module, and should not import those.

# --- work for the searches' processes -----------------------------------------------------------


def napping(report, seconds: float) -> int:
    """Sleep, then return this process's id."""
    time.sleep(seconds)
    return os.getpid()


def big(report, size: int) -> bytes:
    """Return `size` bytes: more than a pipe holds, so the process blocks until they are read."""
    return bytes(range(256)) * (size // 256)


LATE = 0.3  # seconds a slow stand-in's turn is held up: a few of the pages' looks long
FIRST_WAIT = 0.1  # seconds the analysis page waits for its turns before it shows them (1 by default): under LATE


def slowly_analysed(report, search) -> tuple:
    """Return a turn's best plays LATE seconds late, as a slow stand-in for a turn's search."""
    from classroom.record.analysis import best_plays

    time.sleep(LATE)
    return best_plays(search)


# --- /proc, read as the tests' own measure ------------------------------------------------------


def alive(pid: int) -> bool:
    """Return whether a process is running (not gone, not a zombie waiting to be reaped)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


def parents() -> dict[int, int]:
    """Return every process's parent, by process id."""
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            found[int(entry.name)] = int(stat.rpartition(")")[2].split()[1])
    return found


def descendants(root: int) -> set[int]:
    """Return the ids of every process below `root` (children, theirs, and so on)."""
    by_parent = parents()
    found, frontier = set(), {root}
    while frontier:
        frontier = {pid for pid, parent in by_parent.items() if parent in frontier} - found
        found |= frontier
    return found


def search_processes(root: int) -> set[int]:
    """Return the search processes below `root`: the children of its fork server (which stays,
    one process, until the server stops)."""
    servers = {pid for pid in descendants(root) if b"forkserver" in command_line(pid)}
    return {pid for pid, parent in parents().items() if parent in servers and alive(pid)}


def command_line(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def rss(pid: int) -> int:
    """Return a process's resident memory in bytes (0 once it is gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    found = re.search(r"^VmRSS:\s+(\d+) kB", status, re.M)
    return int(found[1]) * 1024 if found else 0


def gone_within(pids, seconds: float) -> bool:
    """Return whether every process of `pids` is gone within `seconds` (polled every 0.05 s)."""
    end = time.monotonic() + seconds
    while any(alive(pid) for pid in pids):
        if time.monotonic() > end:
            return False
        time.sleep(0.05)
    return True


@pytest.fixture(scope="module")
def forkserver():
    """Start the fork server the searches fork from (once for all), so that no limit below
    counts its start."""
    searches = Searches()
    searches.run("warm", napping, (0,), START_UP, "the fork server did not start")
    searches.close()


@pytest.fixture
def pool(forkserver):
    searches = Searches()
    yield searches
    searches.close()


# --- the pool -------------------------------------------------------------------------------------


def test_a_search_past_its_limit_is_killed(pool):
    """A search past its limit answers its sentence at the limit, and its process is gone."""
    search = pool.start("nap", napping, (60,), 0.5, "too long")
    with pytest.raises(ClassroomError, match="^too long$"):
        pool.result(search)
    assert search.pid is not None
    assert gone_within([search.pid], 3)


def test_two_identical_requests_make_one_search(pool):
    """The same key asked twice while the first is under way, and once after: one process."""
    answers = []
    asking = [threading.Thread(target=lambda: answers.append(pool.run("same", napping, (0.2,), 60, "late")))
              for _ in range(2)]
    for thread in asking:
        thread.start()
    for thread in asking:
        thread.join(60)
    answers.append(pool.run("same", napping, (0.2,), 60, "late"))  # found: kept
    assert pool.started == 1 and len(answers) == 3 and len(set(answers)) == 1


def test_more_requests_than_cores_never_run_more_processes_than_cores(pool):
    """Three times as many searches as cores: each gets a process of its own, never more than
    one per core at once (sampled every 0.02 s)."""
    searches = [pool.start(("nap", n), napping, (0.2,), 120, "late") for n in range(3 * pool.processes)]
    most = 0
    end = time.monotonic() + 120
    while not all(s.finished for s in searches) and time.monotonic() < end:
        most = max(most, sum(1 for s in searches if s.pid is not None and alive(s.pid)))
        time.sleep(0.02)
    pids = [pool.result(s) for s in searches]
    assert pool.processes == os.cpu_count()
    assert 1 <= most <= pool.processes and len(set(pids)) == len(searches) == pool.started


def test_a_reveal_goes_before_the_searches_waiting(forkserver):
    """With one process busy and searches waiting (a game's turns), a search started `first` (a
    reveal) runs next, and two such keep their order among themselves."""
    searches = Searches(1)
    try:
        busy = searches.start("busy", napping, (0.3,), 60, "late")
        turns = [searches.start(("turn", k), napping, (0.2,), 60, "late") for k in range(3)]
        reveals = [searches.start(("reveal", k), napping, (0.1,), 60, "late", first=True) for k in range(2)]
        searches.result(reveals[1])
        assert busy.finished and all(r.finished for r in reveals)
        assert not any(t.finished for t in turns[1:])
        assert reveals[0].pid < reveals[1].pid
    finally:
        searches.close()


def test_a_big_result_comes_back_without_blocking(pool):
    """8 MB from a search: read while it is written, well within the limit."""
    value = pool.run("big", big, (8 * 1024 * 1024,), 60, "blocked on its own output")
    assert len(value) == 8 * 1024 * 1024 and value[:3] == b"\x00\x01\x02"


def test_close_kills_every_search_and_answers_every_waiter(pool):
    """close() with searches running and more waiting: every process gone, every search
    answered with one sentence, and none starts after."""
    searches = [pool.start(("nap", n), napping, (60,), 60, "late") for n in range(pool.processes + 3)]
    end = time.monotonic() + START_UP
    while sum(1 for s in searches if s.pid is not None) < pool.processes and time.monotonic() < end:
        time.sleep(0.02)
    started = [s.pid for s in searches if s.pid is not None]
    pool.close()
    assert len(started) == pool.processes and gone_within(started, 2)
    assert all(s.finished and s.error == STOPPED for s in searches)
    time.sleep(0.3)
    assert pool.started == pool.processes
    assert pool.start("after", napping, (0,), 60, "late").error == STOPPED


def test_a_reveal_is_the_engines_best_play_searched_once(pool):
    """Reveals gives the engine's best play, the first of those tied; the same board and rack again
    searches nothing."""
    tileset = load_level("original")
    game = replay(read_record(two_blanks_record("1 2 3 + × 4 5 6")))
    reveals = Reveals(pool, 60)
    first = reveals.best(game.board, game.rack("Red"), tileset)
    again = reveals.best(game.board, tuple(reversed(game.rack("Red"))), tileset)
    expected = Position(game.board, searchable(game.rack("Red"), tileset), tileset).best()
    assert first == (expected[0],) and again == first and pool.started == 1


# --- the analysis page ---------------------------------------------------------------------------


def analysis_page(client, name: str) -> str:
    """Return the analysis page once it is done, followed as the browser follows its refresh."""
    for _ in range(1200):  # a wait, not a measure
        shown = client.get(f"/games/{name}/analysis").text
        if 'id="working"' not in shown:
            return shown
        time.sleep(0.05)
    raise AssertionError("the analysis page never finished")


def test_a_game_analysed_twice_in_the_same_state_is_computed_once(client, library):
    """The analysis page twice on the same record: one search; a turn later: one more."""
    from test_web_games import at, engine_turn, new

    name = new(client, mode="teams", players="Red, Blue", seed="42")
    client.post(f"/games/{name}/turn", data={"line": engine_turn(library, name), "at": at(library, name)})
    pool = client.app.state.searches
    first = analysis_page(client, name)
    assert 'id="analysis"' in first and pool.started == 1
    assert client.get(f"/games/{name}/analysis").text == first and pool.started == 1
    client.post(f"/games/{name}/turn", data={"line": engine_turn(library, name), "at": at(library, name)})
    assert analysis_page(client, name) != first and pool.started == 2


def test_the_analysis_page_shows_each_turn_as_it_comes(client, library, monkeypatch):
    """Each turn searched LATE seconds late (a slow stand-in for the real search): the page shows
    the turns done so far, numbered from 1 as the score sheet numbers them, and 'k of n turns
    analysed', refreshing itself, then the whole analysis."""
    from test_web_games import at, engine_turn, new

    import classroom.web.analysis as analysis_module
    import classroom.web.games as games_module

    monkeypatch.setattr(analysis_module, "turn_best", slowly_analysed)
    monkeypatch.setattr(games_module, "ANALYSIS_FIRST_WAIT", FIRST_WAIT)
    name = new(client, mode="teams", players="Red, Blue", seed="42")
    for _ in range(3):
        client.post(f"/games/{name}/turn", data={"line": engine_turn(library, name), "at": at(library, name)})
    pages = []
    for _ in range(1200):  # followed as the browser follows its refresh (a wait, not a measure)
        pages.append(client.get(f"/games/{name}/analysis").text)
        if 'id="working"' not in pages[-1]:
            break
        time.sleep(0.05)
    *working, done = pages
    assert working and all('<meta http-equiv="refresh"' in shown for shown in working)
    assert all(re.search(r'id="working">[012] of 3 turns analysed…', shown) for shown in working)
    assert any(re.search(r"\n   1  Red ", shown) and not re.search(r"\n   3  Red ", shown) for shown in working)
    assert re.search(r"\n   3  Red ", done) and "accuracy" in done and "refresh" not in done


# --- a real server -------------------------------------------------------------------------------

TWO_BLANK_RACKS = [  # 20 racks of eight tiles, two of them blank: a first move's slowest search
    "1 2 3 4 + × ? ?", "7 8 9 ÷ - 4 ? ?", "1 2 3 4 5 6 ? ?", "1 2 3 + × 4 ? ?", "2 4 6 8 + - ? ?",
    "1 3 5 7 × ÷ ? ?", "0 1 2 3 4 + ? ?", "5 6 7 8 - × ? ?", "2 3 5 7 + ÷ ? ?", "1 1 2 2 3 3 ? ?",
    "4 4 5 5 + - ? ?", "6 7 8 9 + × ? ?", "1 2 4 8 × - ? ?", "3 6 9 + - ÷ ? ?", "2 2 3 3 × × ? ?",
    "1 5 9 + + - ? ?", "0 2 4 6 8 × ? ?", "1 4 7 - ÷ + ? ?", "3 4 5 6 7 + ? ?", "2 5 8 × + - ? ?",
]


def two_blanks_record(rack: str) -> str:
    """Return a dealt teams game's record before its first turn: Red holds `rack` (two blanks
    in the reveals below)."""
    return ("#equate game\n#tiles original\n#mode teams\n#players Red, Blue\n"
            f"Red draws {rack}\nBlue draws 1 1 4 9 9 5/2 4/4 - ÷\n")


def opener(server):
    """Return a URL opener of the teacher's browser: it has opened the teacher's link."""
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
    browser.open(server.teacher, timeout=START_UP).read()
    return browser


def reveal_all(server, folder: Path, timeout: float) -> tuple[list, threading.Thread]:
    """Write 20 games, each Red's two-blank rack on an empty board, and start asking for the 20
    reveals at once; return the answers so far (name, seconds, status, page) and the thread."""
    games = folder / "output" / "games"
    games.mkdir(parents=True, exist_ok=True)
    for number, rack in enumerate(TWO_BLANK_RACKS):
        (games / f"blanks-{number}.txt").write_text(two_blanks_record(rack), "utf-8")
    browser, answers = opener(server), []

    def reveal(number: int) -> None:
        start = time.monotonic()
        try:
            with browser.open(f"{server.url}games/blanks-{number}?reveal=1", timeout=timeout) as answer:
                answers.append((number, time.monotonic() - start, answer.status, answer.read().decode("utf-8")))
        except OSError as error:
            answers.append((number, time.monotonic() - start, None, str(error)))

    asking = [threading.Thread(target=reveal, args=(n,)) for n in range(len(TWO_BLANK_RACKS))]

    def ask() -> None:
        for thread in asking:
            thread.start()
        for thread in asking:
            thread.join(timeout)

    everyone = threading.Thread(target=ask)
    everyone.start()
    return answers, everyone


class Sampler:
    """The server and its children sampled every 0.2 s: their RSS together, and the searches."""

    def __init__(self, pid: int) -> None:
        self.pid, self.peak, self.most_searches, self.samples = pid, 0, 0, 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.sample)
        self.thread.start()

    def sample(self) -> None:
        while not self.stop.wait(0.2):
            below = descendants(self.pid)
            self.peak = max(self.peak, rss(self.pid) + sum(rss(pid) for pid in below))
            self.most_searches = max(self.most_searches, len(search_processes(self.pid)))
            self.samples += 1

    def __enter__(self) -> Sampler:
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        self.thread.join()


LIMIT = 1  # seconds: the test's --reveal-seconds (the default is 30; 1 is the least it takes)


def test_twenty_two_blank_reveals_end_within_their_limit_and_ctrl_c_stops_the_server(tmp_path):
    """20 concurrent reveals of two-blank racks on an empty board against `classroom serve
    --reveal-seconds 1` (not the default 30, to keep the test short): each answers within the
    limit plus 5 seconds (a generous bound), with the best play or the sentence that it takes too
    long; no more search processes than cores at once; within 5 seconds after the limit no search
    process is left (once every reveal has answered, no search waits for a process, so none starts
    after); sampled every 0.2 s, the server and all its children never above 2 GB RSS
    together; then SIGINT (Ctrl-C) stops the server and every child within 2 seconds."""
    from test_web_serve import serving

    with serving(tmp_path, "--reveal-seconds", str(LIMIT)) as server:
        pid = server.process.pid
        with Sampler(pid) as sampler:
            start = time.monotonic()
            answers, everyone = reveal_all(server, tmp_path, LIMIT + START_UP)
            everyone.join(LIMIT + START_UP)
            left = search_processes(pid)
            while left and time.monotonic() < start + LIMIT + 5:
                time.sleep(0.05)
                left = search_processes(pid)
        below = descendants(pid)
        server.process.send_signal(signal.SIGINT)
        stopping = time.monotonic()
        server.process.wait(START_UP)
        stopped = gone_within(below, START_UP) and time.monotonic() - stopping
    assert len(answers) == 20 and all(status == 200 for _, _, status, _ in answers), answers
    for number, seconds, _, page in answers:
        said = re.search(r'id="revealed"( data-score="\d+")?>([^<]*)<', page)
        assert said, page[-800:]
        assert said[1] or f"taking more than {LIMIT} seconds to find on this board" in said[2], said[2]
        assert seconds <= LIMIT + 5, (number, seconds)
    assert 1 <= sampler.most_searches <= os.cpu_count() and left == set()
    assert sampler.samples >= LIMIT and sampler.peak < 2 * 1024 ** 3, sampler.peak
    assert stopped and stopped <= 2, stopped
    print(f"peak RSS {sampler.peak / 1024 ** 2:.0f} MB; stopped {stopped:.2f} s after SIGINT; "
          f"answers {min(a[1] for a in answers):.1f}-{max(a[1] for a in answers):.1f} s")


def test_ctrl_c_with_reveals_under_way_stops_the_server_within_2_seconds(tmp_path):
    """SIGINT (Ctrl-C) while 20 two-blank reveals search under the default limit of 30 seconds:
    the server and every child are gone within 2 seconds (the searches are killed at once, not
    at their limit), without a traceback."""
    from test_web_serve import serving

    with serving(tmp_path) as server:
        pid = server.process.pid
        answers, everyone = reveal_all(server, tmp_path, START_UP)
        end = time.monotonic() + START_UP
        while not search_processes(pid) and time.monotonic() < end:
            time.sleep(0.05)
        assert search_processes(pid), "no search started"
        below = descendants(pid)
        server.process.send_signal(signal.SIGINT)
        stopping = time.monotonic()
        server.process.wait(START_UP)
        stopped = gone_within(below, START_UP) and time.monotonic() - stopping
        everyone.join(START_UP)
    assert stopped and stopped <= 2, stopped
    assert "Traceback" not in server.err, server.err[-2000:]
    assert len(answers) == 20
