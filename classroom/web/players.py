"""The students' own devices in a class game: the join page (a code typed, or the projector's QR
code) and, in a duplicate game, each player's own page for the open round.

A student joins by the game's code and claims one of the roster's names; the name is then that
device's (a cookie per game holding the seat's key, classroom.store.games), until the teacher
frees it. The player's page shows the round's board and rack and a box taking the projector's
notation: Enter previews the play with its score and breakdown, Send enters it, sending again
replaces it, and it can be taken back until the round closes. After the close: the top play, the
player's own score and the standings. A play is typed whole, or placed: the square of its first
new tile tapped (again for down) and only the new tiles typed, as on the projector. Nothing of
another player's entry, and no top play before the close. Every entry is a line of the game's
record, written under the records' lock.
"""

from __future__ import annotations

import threading
import urllib.parse
from pathlib import Path

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from classroom.errors import ClassroomError, excerpt
from classroom.game.board import COLUMNS
from classroom.record.duplicate import WITHDRAWN, Duplicate, add_plays, replay_duplicate
from classroom.record.grammar import Record, Turn, read_turn
from classroom.store.games import (
    change_game,
    free_seat,
    game_of_code,
    game_path,
    load_game,
    plain_code,
    seat_of,
    seats,
    take_seat,
)
from classroom.web.forms import MAX_LINE, optional_text, read_form, text
from classroom.web.placing import looked_on, placed_line
from classroom.web.projector import projector_state
from classroom.web.roles import student
from classroom.web.shown import board_rows, plain_reason, shown_play

SEAT_HOURS = 12  # a seat's cookie outlives a school day, not a week
NO_CODE = "no game has that code; check the five letters on the projector"


class Replays:
    """The duplicate games the players' pages show, each replayed once per version of its record
    file: thirty devices looking every few seconds ask the same question between two entries."""

    def __init__(self, library: Path, size: int = 16):
        self.library, self.size = library, size
        self.kept: dict[str, tuple[tuple, Record, Duplicate]] = {}
        self.lock = threading.Lock()

    def of(self, name: str) -> tuple[Record, Duplicate]:
        """Return a game's record and its replay, read again only when the file has changed."""
        try:
            status = game_path(self.library, name).stat()
        except OSError:
            raise ClassroomError(f"no game {name!r} in this library") from None
        stamp = (status.st_ino, status.st_mtime_ns, status.st_size)  # a write replaces the file
        with self.lock:
            kept = self.kept.get(name)
        if kept is not None and kept[0] == stamp:
            return kept[1], kept[2]
        record = load_game(self.library, name)
        game = replay_duplicate(record, where=f"game {name}") if record.header.mode == "duplicate" else None
        with self.lock:
            if len(self.kept) >= self.size:
                self.kept.pop(next(iter(self.kept)))
            self.kept[name] = (stamp, record, game)
        return record, game


def seat_cookie(game: str) -> str:
    """Return the name of the cookie that holds a device's seat in a game."""
    return f"seat-{game}"


def player_routes(library: Path, page, friendly) -> list[Route]:
    """Return the join page and the players' own pages (students' routes), and the teacher's
    route that frees a seat, over the library folder; `page` renders a template, `friendly`
    turns a ClassroomError into its sentence."""

    replays = Replays(library)

    def joining(status: int = 200, **values) -> Response:
        values = {"code": "", "error": None, "game": None, "players": (), "seated": (), "teams": False} | values
        return page("join.j2", status, here="join", **values)

    def seated(request: Request, name: str) -> str | None:
        """Return the player whose seat in the game this device holds, or None."""
        key = request.cookies.get(seat_cookie(name), "")
        return seat_of(library, name, key) if key else None

    # --- joining ----------------------------------------------------------------------------

    async def chosen_game(typed: str) -> tuple[str, Record]:
        code = plain_code(typed)
        name = await run_in_threadpool(game_of_code, library, code) if code else None
        if name is None:
            raise ClassroomError(NO_CODE if code else "type the game's code, five letters shown on the projector")
        return name, await run_in_threadpool(load_game, library, name)

    async def name_choice(request: Request, typed: str, error: str | None = None, status: int = 200) -> Response:
        """The join page once the code is known: a teams game says where its page is; a duplicate
        game lists its players to choose from (names already taken are shown as taken)."""
        name, record = await chosen_game(typed)
        if record.header.mode == "solo":
            raise ClassroomError("this game is played on the teacher's screen only; nobody joins it")
        if record.header.mode == "teams":
            return joining(status, code=plain_code(typed), game=name, teams=True, error=error)
        if error is None and await run_in_threadpool(seated, request, name):
            return RedirectResponse(f"/play/{name}", status_code=303)
        return joining(status, code=plain_code(typed), game=name, players=record.header.players,
                       seated=await run_in_threadpool(seats, library, name), error=error)

    @student
    @friendly
    async def join_page(request: Request) -> Response:
        typed = request.query_params.get("code", "")[:20]
        if not typed.strip():
            return joining()
        try:
            return await name_choice(request, typed)
        except ClassroomError as error:
            return joining(400, code=plain_code(typed), error=str(error))

    @student
    @friendly
    async def join_post(request: Request) -> Response:
        form = await read_form(request)
        typed = optional_text(form, "code", "the code", 20) or ""
        wanted = optional_text(form, "player", "your name", 60)
        try:
            if wanted is None:
                return await name_choice(request, typed)
            name, record = await chosen_game(typed)
            player = next((p for p in record.header.players if p.lower() == wanted.strip().lower()), None)
            if record.header.mode != "duplicate" or player is None:
                raise ClassroomError(f"{excerpt(wanted)!r} is not a player of this game; choose your name from the list")
            already = await run_in_threadpool(seated, request, name)
            if already is not None:  # one name a device: a second would leave the first held by nobody
                raise ClassroomError(f"this device already plays as {already} in this game")
            key = await run_in_threadpool(take_seat, library, name, player)
        except ClassroomError as error:
            try:
                return await name_choice(request, typed, str(error), 400)
            except ClassroomError:
                return joining(400, code=plain_code(typed), error=str(error))
        answer = RedirectResponse(f"/play/{name}", status_code=303)
        answer.set_cookie(seat_cookie(name), key, max_age=SEAT_HOURS * 3600, path="/", httponly=True,
                          samesite="strict")
        return answer

    # --- a player's own page ----------------------------------------------------------------

    def game_name(request: Request) -> str:
        return request.path_params["name"][:40]

    async def player_of(request: Request, name: str) -> tuple[str, Record, Duplicate] | None:
        """Return the player this device is in the game, the game's record and its replay, or None."""
        try:
            record, game = await run_in_threadpool(replays.of, name)
        except ClassroomError:
            return None
        player = await run_in_threadpool(seated, request, name)
        if player is None or game is None or player not in record.header.players:
            return None
        return player, record, game

    def state_of(game: Duplicate, player: str) -> str:
        """Return what the player's page shows, as a short text a poll compares: the round, the
        rounds closed, and the player's own entry."""
        current = game.current
        entry = current.entry(player) if current else None
        closed = sum(1 for r in game.rounds if r.closed)
        return f"{len(game.rounds)}:{closed}:{entry.line if entry else ''}"

    def player_view(name: str, player: str, game: Duplicate, typed: str = "", preview=None,
                    error: str | None = None, status: int = 200, place: str = "") -> Response:
        """The player's page: the last closed round's top play with their own score and the
        standings; the open round's board, rack and box with their own entry; nothing else."""
        current = game.current
        last = next((r for r in reversed(game.rounds) if r.closed), None)
        result = None
        if last is not None:
            mine = last.entry(player)
            result = {"round": last.round, "top": shown_play("top", last.top, last.top_breakdown),
                      "mine": mine, "shown": shown_play(player, mine.notation or mine.text, mine.breakdown) if mine else None,
                      "percent": round(100 * mine.score / last.top_score) if mine and last.top_score else None}
        entry = current.entry(player) if current else None
        board = current.board if current else game.board
        return page("player.j2", status, here="player", name=name, player=player,
                    round=current.round if current else None, rack=current.rack if current else (),
                    rows=board_rows(board, game.tileset, {}), columns=COLUMNS,
                    entry=entry, entry_shown=shown_play(player, entry.notation or entry.text, entry.breakdown) if entry else None,
                    result=result, standings=game.standings if last else [], typed=typed, preview=preview,
                    error=error, state=state_of(game, player), place=place)

    def line_of(player: str, typed: str) -> str:
        """Return what a player typed as their record line (a name typed before it is dropped:
        a device enters for its own player only)."""
        name, colon, rest = typed.partition(":")
        if colon and name.strip().lower() == player.lower():
            typed = rest.strip()
        return f"{player}: {typed}"

    def entered(record: Record, player: str, line: str, round_number: str) -> Record:
        """Return the record with the player's line added to the open round, or raise one
        sentence: the round it was made for has closed, or the line breaks the record."""
        game = replay_duplicate(record, where="the play")
        if game.current is None:
            raise ClassroomError("the game is over; no round is open")
        if round_number != str(game.current.round):
            raise ClassroomError(f"that was for round {excerpt(round_number)}, which has closed; "
                                 f"this is round {game.current.round}")
        turn = read_turn(line, record, "the play")
        if not isinstance(turn, Turn) or turn.player != player:
            raise ClassroomError("type a play, like J10 across 24 ÷ 3 = 8, or pass")
        return add_plays(record, [turn], "the play")[0]

    def tried_entry(record: Record, player: str, typed: str, round_number: str):
        """Return the player's entry as the round would take the line typed (scored, or with why
        it is not legal), nothing written; or raise one sentence."""
        tried = replay_duplicate(entered(record, player, line_of(player, typed), round_number))
        entry = tried.current.entry(player)
        if entry is None:  # 'withdrawn' typed: the button takes an entry back
            raise ClassroomError("type a play, like J10 across 24 ÷ 3 = 8, or pass")
        return entry

    def written(name: str, how) -> None:
        """Read, check and write a game's record under its lock (the teacher's page, the other
        devices and `classroom game` take the same)."""
        change_game(library, name, how)

    @student
    @friendly
    async def player_page(request: Request) -> Response:
        name = game_name(request)
        found = await player_of(request, name)
        if found is None:
            return RedirectResponse("/join", status_code=303)
        player, _, game = found
        return await run_in_threadpool(player_view, name, player, game)

    @student
    @friendly
    async def player_state(request: Request) -> Response:
        """A tiny answer the player's page polls: it reloads when this changes."""
        name = game_name(request)
        found = await player_of(request, name)
        if found is None:
            return JSONResponse({"state": "gone"})
        player, _, game = found
        return JSONResponse({"state": state_of(game, player)})

    async def posted(request: Request):
        name = game_name(request)
        found = await player_of(request, name)
        form = await read_form(request)
        return name, found, form

    @student
    @friendly
    async def preview_play(request: Request) -> Response:
        """A play shown with its score and breakdown (or why it is not legal), not yet sent."""
        name, found, form = await posted(request)
        if found is None:
            return RedirectResponse("/join", status_code=303)
        player, record, game = found
        typed = text(form, "line", "the play", MAX_LINE).strip()
        place = optional_text(form, "place", "the square tapped", 20) or ""  # placing tiles: 'J10 across'

        def shown() -> Response:
            written = typed
            try:
                if not typed:
                    raise ClassroomError("type a play, like J10 across 24 ÷ 3 = 8, or pass")
                if game.current is not None:
                    written = placed_line(game.current.board, place, typed)  # tiles placed: the play in full
                entry = tried_entry(record, player, written, optional_text(form, "round", "the round", 6) or "")
            except ClassroomError as error:
                return player_view(name, player, game, typed, error=plain_reason(error), status=400, place=place)
            preview = {"entry": entry, "shown": shown_play(player, entry.notation or entry.text, entry.breakdown)}
            return player_view(name, player, game, written, preview=preview)

        return await run_in_threadpool(shown)

    @student
    @friendly
    async def placed_page(request: Request) -> Response:
        """What the tiles a player typed after tapping a square would enter in the open round
        (JSON for the page's script, as the projector's /placed; nothing is written)."""
        name = game_name(request)
        found = await player_of(request, name)
        if found is None:
            return JSONResponse({"error": "this device has no seat in that game"}, status_code=400)
        player, record, game = found
        place = request.query_params.get("place", "")[:20]
        typed = request.query_params.get("line", "")[:MAX_LINE]
        current = game.current
        if current is None:
            return JSONResponse({"tiles": [], "reason": "the game is over"})

        def scored(written: str) -> tuple:
            entry = tried_entry(record, player, written, str(current.round))
            if entry.reason:  # a round takes an illegal play, for 0 points: the page says why now
                raise ClassroomError(entry.reason)
            return shown_play(player, entry.notation or entry.text, entry.breakdown), entry.score, "play"

        return JSONResponse(await run_in_threadpool(looked_on, current.board, game.tileset, place, typed, scored))

    async def enter(request: Request, line_of_player) -> Response:
        """Enter the line `line_of_player(player, typed)` as the player's entry of the open round
        (under the record's lock), and show the player's page again, or why it was refused."""
        name, found, form = await posted(request)
        if found is None:
            return RedirectResponse("/join", status_code=303)
        player = found[0]
        typed = text(form, "line", "the play", MAX_LINE).strip()
        number = optional_text(form, "round", "the round", 6) or ""
        try:
            await run_in_threadpool(written, name, lambda r: entered(r, player, line_of_player(player, typed), number))
        except ClassroomError as error:
            _, game = await run_in_threadpool(replays.of, name)
            return await run_in_threadpool(player_view, name, player, game, typed, None, plain_reason(error), 400)
        return RedirectResponse(f"/play/{name}", status_code=303)

    @student
    @friendly
    async def send_play(request: Request) -> Response:
        """The previewed play entered as the player's entry (replacing an earlier one)."""
        return await enter(request, line_of)

    @student
    @friendly
    async def withdraw_play(request: Request) -> Response:
        """The player's entry taken back (they may send another until the round closes)."""
        return await enter(request, lambda player, _: f"{player}: {WITHDRAWN}")

    # --- the teacher's: a seat freed ---------------------------------------------------------

    @friendly
    async def free_page(request: Request) -> Response:
        """A player's name freed for another device (the teacher's; a phone that died)."""
        name = game_name(request)
        form = await read_form(request)
        record = await run_in_threadpool(load_game, library, name)
        wanted = text(form, "player", "the player", 60).strip()
        player = next((p for p in record.header.players if p.lower() == wanted.lower()), None)
        if player is None:
            raise ClassroomError(f"{excerpt(wanted)!r} is not a player of game {name}")
        await run_in_threadpool(free_seat, library, name, player)
        return RedirectResponse(f"/games/{urllib.parse.quote(name, safe='')}", status_code=303)

    @friendly
    async def entered_state(request: Request) -> Response:
        """What the projector polls while a round is open (the teacher's): the round, who has
        entered and who has joined; it reloads when this changes."""
        name = game_name(request)
        _, game = await run_in_threadpool(replays.of, name)
        if game is None:
            raise ClassroomError(f"game {name} is not a duplicate game")
        return JSONResponse({"state": projector_state(game, await run_in_threadpool(seats, library, name))})

    return [
        Route("/join", join_page), Route("/join", join_post, methods=["POST"]),
        Route("/play/{name}", player_page), Route("/play/{name}/state", player_state),
        Route("/play/{name}/preview", preview_play, methods=["POST"]),
        Route("/play/{name}/placed", placed_page),
        Route("/play/{name}/send", send_play, methods=["POST"]),
        Route("/play/{name}/withdraw", withdraw_play, methods=["POST"]),
        Route("/games/{name}/seats/free", free_page, methods=["POST"]),
        Route("/games/{name}/entered", entered_state),
    ]
