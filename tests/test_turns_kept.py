"""Every turn kept once: a change to a game record (the page, in any number of server processes,
or `classroom game play|undo|...`) reads, checks and writes it under the lock of its folder, so
no acknowledged change is lost or doubled; and a form of the game page carries the state it was
made for (`at`, the record's number of lines), so a repeated or stale submit changes nothing.

Loopback only; every loop is bounded in count, every wait in time (a wait, never a measure)."""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from test_web_serve import START_UP, serving

from classroom.errors import ClassroomError
from classroom.record.deal import new_game, undo_turn
from classroom.record.grammar import Header, Record, read_record, read_turn, record_text
from classroom.record.replay import replay
from classroom.store.games import STALE, change_game, changing, record_state, save_game
from tests.browsers import token_of

HERE = Path(__file__).resolve().parent.parent  # the worktree: the code the subprocesses run


def environment() -> dict[str, str]:
    """Return the environment of a subprocess running this worktree's code."""
    return {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(HERE), os.environ.get("PYTHONPATH")]))}


def passed(record):
    """Return the record with a pass by the player to move (always legal while the pile lasts)."""
    player = replay(record).next_player
    return record.adding(read_turn(f"{player}: pass", record, "the pass"))


def turns_of(path: Path) -> list:
    """Return the turns of a record file, replayed (each checked against the rules)."""
    return replay(read_record(path.read_text("utf-8"))).turns


def new_record(library: Path, name: str) -> Path:
    """Deal a teams game into the library and return its file."""
    save_game(library, name, new_game("teams", ("Red", "Blue"), "original", 5))
    return library / "games" / f"{name}.txt"


# --- the lock itself ---------------------------------------------------------------------------

# A process that makes THREADS × CHANGES passes through the lock and prints how many were acknowledged.
WORKER = """
import sys, threading
from pathlib import Path
from classroom.record.grammar import read_turn
from classroom.record.replay import replay
from classroom.store.games import change_game

def passed(record):
    player = replay(record).next_player
    return record.adding(read_turn(f"{player}: pass", record, "the pass"))

library, name, threads, changes = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
done, start = [], threading.Barrier(threads)

def work():
    start.wait(60)
    for _ in range(changes):
        change_game(library, name, passed)
        done.append(1)

workers = [threading.Thread(target=work) for _ in range(threads)]
for worker in workers:
    worker.start()
for worker in workers:
    worker.join(120)
print(len(done))
"""


def test_threads_and_processes_changing_one_record_lose_and_double_nothing(library):
    """4 threads here and 2 processes of 4 threads each, 5 passes a thread, all at once through
    change_game: every acknowledged pass is in the record once (60 turns, in turn order), and
    the lock leaves no file behind in the folder."""
    path = new_record(library, "crowd")
    others = [subprocess.Popen([sys.executable, "-c", WORKER, str(library), "crowd", "4", "5"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment())
              for _ in range(2)]
    done, start = [], threading.Barrier(4)

    def work():
        start.wait(60)
        for _ in range(5):
            change_game(library, "crowd", passed)
            done.append(1)

    workers = [threading.Thread(target=work) for _ in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(START_UP * 2)
    acknowledged = len(done)
    for other in others:
        out, err = other.communicate(timeout=START_UP * 2)
        assert other.returncode == 0, err
        acknowledged += int(out)
    turns = turns_of(path)
    assert acknowledged == 60 and len(turns) == 60
    assert [t.player for t in turns] == ["Red", "Blue"] * 30 and all(t.kind == "pass" for t in turns)
    assert sorted(p.name for p in path.parent.iterdir()) == ["crowd.txt"]


def test_a_change_waits_for_the_lock_and_says_so_when_it_is_held_too_long(library):
    """While one change holds a record's lock, another (a thread of the same process, whose
    opening of the folder is its own) cannot take it: after its wait it is refused in one
    sentence and the record is unchanged; once the lock is let go the change goes through."""
    path = new_record(library, "held")
    before = path.read_bytes()
    with changing(path):
        failed = []
        thread = threading.Thread(target=lambda: failed.append(_refused(path)))
        thread.start()
        thread.join(START_UP)
        assert failed == [f"{path} is being changed by another window or command; nothing was changed "
                          "— try again in a moment"]
    assert path.read_bytes() == before
    with changing(path, wait=0.2):
        save_game(library, "held", passed(read_record(before.decode("utf-8"))))
    assert len(turns_of(path)) == 1


def state_of(path: Path) -> str:
    """Return the record_state of a record file, as its page's forms carry it."""
    return record_state(read_record(path.read_text("utf-8")))


def _refused(path: Path) -> str:
    try:
        with changing(path, wait=0.2):
            return "taken"
    except ClassroomError as error:
        return str(error)


def test_a_stale_change_is_refused_and_writes_nothing(library):
    """change_game with `at` (the record_state the change was made for) applies the change only
    to that record; to any other it raises the one sentence and writes nothing."""
    path = new_record(library, "moved")
    state = record_state(read_record(path.read_text("utf-8")))
    change_game(library, "moved", passed, at=state)
    after = path.read_bytes()
    with pytest.raises(ClassroomError, match="^the game has moved on since this page was shown"):
        change_game(library, "moved", passed, at=state)
    assert path.read_bytes() == after and len(turns_of(path)) == 1


# --- the command line --------------------------------------------------------------------------

def waiting_in_the_lock(process: subprocess.Popen, folder: Path) -> bool:
    """Return whether a process has the folder itself open (Linux's /proc): what changing() opens
    to lock it, and nothing else a command opens."""
    try:
        return any(os.readlink(fd) == str(folder) for fd in Path(f"/proc/{process.pid}/fd").iterdir())
    except OSError:  # the process has ended, or an fd closed while read
        return False


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="reads which files a process holds open in /proc (Linux)")
def test_classroom_game_play_run_twice_at_once_keeps_each_success_once(tmp_path):
    """Three rounds of two `classroom game play g.txt "PLAYER: pass"` for the player to move,
    both started while the test holds the record's lock: neither changes the record while it is
    held (both wait in it); let go, both go at once, and exactly one succeeds (exit 0) while the
    other, reading the record after it, is refused in one sentence (exit 2). The record holds the
    three passes once each, and nothing else is left in the folder."""
    folder = tmp_path / "class"
    folder.mkdir()
    record = folder / "g.txt"
    made = subprocess.run([sys.executable, "-m", "classroom", "game", "new", str(record), "--players", "Red, Blue",
                           "--seed", "5"], capture_output=True, text=True, env=environment(), timeout=START_UP)
    assert made.returncode == 0, made.stderr
    for number in range(3):
        player = ("Red", "Blue")[number % 2]
        before = record.read_bytes()
        with changing(record):
            both = [subprocess.Popen([sys.executable, "-m", "classroom", "game", "play", str(record), f"{player}: pass"],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment())
                    for _ in range(2)]
            deadline = time.monotonic() + START_UP
            while not all(waiting_in_the_lock(p, folder) for p in both):
                assert all(p.poll() is None for p in both) and time.monotonic() < deadline, \
                    [p.communicate() for p in both]  # one ended while the lock was held: it took none
                time.sleep(0.02)
            assert record.read_bytes() == before
        ended = [(p.communicate(timeout=START_UP), p.returncode) for p in both]
        assert sorted(code for _, code in ended) == [0, 2], ended
        refused = next(err for (_, err), code in ended if code == 2)
        assert refused.startswith("error: ") and refused.count("\n") == 1 and "Traceback" not in refused
    turns = turns_of(record)
    assert [(t.player, t.kind) for t in turns] == [("Red", "pass"), ("Blue", "pass"), ("Red", "pass")]
    assert sorted(p.name for p in folder.iterdir()) == ["g.txt"]


# --- the page: a repeated or stale form ----------------------------------------------------------

def form_of(html: str, action: str) -> dict[str, str]:
    """Return the hidden fields of the page's form posted to `action`, as a browser sends them
    (the form token left to the test client, which adds its own)."""
    form = re.search(rf'<form method="post" action="{re.escape(action)}"[^>]*>(.*?)</form>', html, re.S)
    assert form, f"no form to {action}"
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form[1]))
    fields.pop("form_token", None)
    return fields


def refusal(html: str) -> str:
    return re.search(r'id="refused">([^<]*)<', html)[1]


def test_a_double_confirm_records_one_turn(client, library):
    """The Confirm form posted twice (a double Enter, a reload): the first plays the turn, the
    second is answered in the page's box with the sentence (409) and records nothing."""
    path = new_record(library, "twice")
    box = form_of(client.get("/games/twice").text, "/games/twice/try")
    shown = client.post("/games/twice/try", data={**box, "line": "pass"})  # the Pass button, or 'pass' typed
    assert shown.status_code == 200 and 'id="preview"' in shown.text
    confirm = form_of(shown.text, "/games/twice/turn")
    assert confirm == {"line": "pass", "at": state_of(path)}  # the two first racks dealt, no turn yet
    first = client.post("/games/twice/turn", data=confirm, follow_redirects=False)
    assert first.status_code == 303
    after = path.read_bytes()
    second = client.post("/games/twice/turn", data=confirm, follow_redirects=False)
    assert second.status_code == 409 and refusal(second.text) == STALE + "."
    assert 'id="board"' in second.text and 'id="line"' in second.text  # the game, not an error page
    assert path.read_bytes() == after and [t.kind for t in turns_of(path)] == ["pass"]


def test_a_double_undo_takes_back_one_turn(client, library):
    """The undo button's form posted twice takes back the last turn once; the second is refused."""
    path = new_record(library, "undone")
    for _ in range(2):
        change_game(library, "undone", passed)
    undo = form_of(client.get("/games/undone").text, "/games/undone/undo")
    assert client.post("/games/undone/undo", data=undo, follow_redirects=False).status_code == 303
    second = client.post("/games/undone/undo", data=undo, follow_redirects=False)
    assert second.status_code == 409 and refusal(second.text) == STALE + "."
    assert [t.player for t in turns_of(path)] == ["Red"]


def test_a_form_made_before_an_undo_and_another_turn_changes_nothing(client, library):
    """An undo form shown after Red's pass at a table game, kept while that pass is undone and Red
    trades four tiles instead (the record has as many lines again, not the same ones), would take
    back the trade: it is refused, and the trade stands."""
    table = read_record(record_text(Record(Header(level="original", mode="teams", players=("Red", "Blue")))))
    save_game(library, "again", table)
    path = library / "games" / "again.txt"
    change_game(library, "again", passed)
    old_undo = form_of(client.get("/games/again").text, "/games/again/undo")
    change_game(library, "again", undo_turn)
    change_game(library, "again", lambda r: r.adding(read_turn("Red: trade 4", r, "the trade")))
    assert len(read_record(path.read_text("utf-8")).lines) == 1  # as many lines as the form was made for
    answer = client.post("/games/again/undo", data=old_undo, follow_redirects=False)
    assert answer.status_code == 409 and refusal(answer.text) == STALE + "."
    assert [t.kind for t in turns_of(path)] == ["trade"]


def test_undo_typed_in_the_box_carries_its_state(client, library):
    """'undo' typed in the box asks, and its Take it back takes back the last turn, once: both
    forms carry `at`."""
    path = new_record(library, "typed")
    change_game(library, "typed", passed)
    box = form_of(client.get("/games/typed").text, "/games/typed/try")
    assert box == {"at": state_of(path)} and box["at"].startswith("3-")
    asked = client.post("/games/typed/try", data={**box, "line": "undo"}, follow_redirects=False)
    assert asked.status_code == 303 and turns_of(path)  # asked first (the page's Take it back), not done
    undo = form_of(client.get(asked.headers["location"]).text, "/games/typed/undo")
    assert undo == box and client.post("/games/typed/undo", data=undo, follow_redirects=False).status_code == 303
    again = client.post("/games/typed/undo", data=undo, follow_redirects=False)
    assert again.status_code == 409 and not turns_of(path)


@pytest.mark.parametrize("action, fields", [
    ("turn", {"line": "pass"}),
    ("undo", {}),
    ("end", {}),
])
@pytest.mark.parametrize("at", ["2", "2-000000000000", None, "two", ""])
def test_a_form_made_for_another_state_changes_nothing(client, library, action, fields, at):
    """A form made before the last turn (the state of 2 lines when the record has 3), or with no
    `at` (a page from before, a script) or a garbled one, is refused with the sentence and changes
    nothing."""
    path = new_record(library, "stale")
    two_lines = state_of(path)
    change_game(library, "stale", passed)
    before = path.read_bytes()
    at = two_lines if at == "2" else at
    sent = {**fields, **({"at": at} if at is not None else {})}
    answer = client.post(f"/games/stale/{action}", data=sent, follow_redirects=False)
    assert answer.status_code == 409 and refusal(answer.text) == STALE + "."
    assert path.read_bytes() == before


def test_the_form_of_the_state_shown_still_works(client, library):
    """The same forms, carrying the record's own count, do change the game (the check refuses
    only what is stale): the end form stops the game once both teams have passed."""
    path = new_record(library, "fresh")
    for _ in range(2):
        change_game(library, "fresh", passed)
    end = form_of(client.get("/games/fresh").text, "/games/fresh/end")
    assert end == {"at": state_of(path)} and end["at"].startswith("4-")
    assert client.post("/games/fresh/end", data=end, follow_redirects=False).status_code == 303
    assert replay(read_record(path.read_text("utf-8"))).stopped


# --- two server processes on one library -------------------------------------------------------

class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None  # a 303 is the answer itself: it says the turn was acknowledged


def teacher_browser(server) -> urllib.request.OpenerDirector:
    """Return a browser of the teacher's own on a server (its cookies kept, redirects not
    followed), signed in with the teacher's link the server printed."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), NoRedirect())
    try:
        opener.open(server.teacher, timeout=START_UP).close()
    except urllib.error.HTTPError as answer:
        assert answer.code in (302, 303, 307), answer.code  # signed in, and sent on to a page
    return opener


def test_two_servers_fifty_posts_every_acknowledged_turn_once(tmp_path):
    """Two `classroom serve` processes on one library, 50 teacher's browsers (25 on each) that
    each read the game page and post its pass Confirm, all at once, then read the page again and
    post again: every acknowledged pass (303) stands in the record exactly once, at the place its
    form was made for; every other post is refused as stale (409), and is not in the record;
    `classroom game score --json` replays the record to the same turns."""
    library = tmp_path / "output"
    path = new_record(library, "duel")
    with serving(tmp_path) as first, serving(tmp_path) as second:
        servers = [(first, teacher_browser(first)), (second, teacher_browser(second))]
        answers: list[tuple[int, int]] = []  # (the at posted, the status)
        failures: list[str] = []
        start = threading.Barrier(50)

        def post(server, opener) -> None:
            try:
                start.wait(START_UP)
                for _ in range(2):  # the board looked at again after an answer, and the pass tried again
                    with opener.open(server.url + "games/duel", timeout=START_UP) as page:
                        html = page.read().decode("utf-8")
                    at = re.search(r'id="play-form">.*?name="at" value="(\d+-[0-9a-f]+)"', html, re.S)[1]
                    fields = {"line": "pass", "at": at, "form_token": token_of(html)}
                    request = urllib.request.Request(server.url + "games/duel/turn", urllib.parse.urlencode(fields).encode(),
                                                     headers={"Origin": server.url.rstrip("/")})
                    try:
                        opener.open(request, timeout=START_UP).close()
                        status = 200
                    except urllib.error.HTTPError as answer:
                        status = answer.code
                    answers.append((int(at.split("-")[0]), status))
            except Exception as error:  # said below, with every other failure
                failures.append(repr(error))

        workers = [threading.Thread(target=post, args=servers[i % 2]) for i in range(50)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join(START_UP * 3)
    assert failures == [] and len(answers) == 100
    assert {status for _, status in answers} <= {303, 409}, answers
    acknowledged = sorted(at for at, status in answers if status == 303)
    turns = turns_of(path)
    # a pass posted with at=k is the line after the k-th: each place taken by one post only
    assert acknowledged == list(range(2, 2 + len(turns))) and len(turns) >= 1
    assert [t.player for t in turns] == ["Red", "Blue"] * (len(turns) // 2) + ["Red"] * (len(turns) % 2)
    scored = subprocess.run([sys.executable, "-m", "classroom", "game", "score", str(path), "--json"],
                            capture_output=True, text=True, env=environment(), timeout=START_UP)
    assert scored.returncode == 0, scored.stderr
    assert [(t["player"], t["kind"]) for t in json.loads(scored.stdout)["turns"]] == [(t.player, "pass") for t in turns]
    assert "Traceback" not in first.err + second.err


def test_a_refused_form_keeps_the_racks_off_the_projector(client, library):
    """With racks kept on each team's own link, the page that refuses a stale form (409) or a
    change the rules refuse (400) shows the rack of the team to move no more than the game's page."""
    new_record(library, "hidden")
    assert client.post("/games/hidden/racks", data={"racks": "private"}, follow_redirects=False).status_code == 303
    stale = client.post("/games/hidden/turn", data={"line": "pass", "at": "0"})
    refused = client.post("/games/hidden/undo", data={"at": state_of(library / "games" / "hidden.txt")})  # no turn to take back
    assert (stale.status_code, refused.status_code) == (409, 400)
    assert refusal(refused.text) == "Not legal: the game has no turn to take back."
    for page in (stale.text, refused.text):
        assert 'id="rack-private"' in page and 'id="rack"' not in page


def test_a_folder_that_cannot_be_locked_still_takes_changes_one_at_a_time(library, monkeypatch):
    """Where flock is refused (some network file systems answer ENOLCK), a change still goes
    through, and the threads of one process still take turns (the comment in store/games.py
    says what is then not guarded: another process)."""
    import errno

    import classroom.store.games as store

    class Refusing:
        LOCK_EX, LOCK_NB = store.fcntl.LOCK_EX, store.fcntl.LOCK_NB

        @staticmethod
        def flock(handle, how):
            raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(store, "fcntl", Refusing)
    path = new_record(library, "nfs")
    workers = [threading.Thread(target=lambda: [change_game(library, "nfs", passed) for _ in range(5)]) for _ in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(START_UP)
    assert len(turns_of(path)) == 20
    with changing(path):
        failed = []
        thread = threading.Thread(target=lambda: failed.append(_refused(path)))
        thread.start()
        thread.join(START_UP)
    assert failed and failed[0].endswith("is being changed by another window or command; nothing was changed "
                                         "— try again in a moment")
