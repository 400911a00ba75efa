"""A teams game played from the teams' own devices: each team's page (its own link, with its
key) shows its rack, the board and whose turn it is, and on its turn takes a play in the
projector's notation (a play, pass, trade 4 9) or as tiles placed (a square tapped, only the
new tiles typed, as on the projector: web/placing.py), shown with its score before it is sent. A play
sent either waits on the projector for the teacher's Confirm (`#team-plays confirm`, the
default) or is played at once (`#team-plays direct`). The projector and the team pages look
every few seconds at a small JSON answer and reload when the record or the proposal changed.

A team's page is a student's route: it answers only with the team's key, checked on every
request, and shows that team's rack and no other's.
"""

from __future__ import annotations

import hashlib
import urllib.parse
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, ContextManager

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from classroom.errors import ClassroomError, one_line
from classroom.game.board import COLUMNS, Square
from classroom.game.symbols import display_text
from classroom.machine import seconds_set
from classroom.record.deal import play_turn
from classroom.record.grammar import Record, Turn, line_text, read_turn
from classroom.record.replay import Replay, Replayed, replay
from classroom.record.report import turn_text
from classroom.store.games import game_path, load_game, right_key
from classroom.store.proposals import (
    REFUSED,
    WAITING,
    Proposal,
    current_proposal,
    drop_proposal,
    record_version,
    save_proposal,
)
from classroom.web.forms import MAX_LINE, choice, optional_text, read_form, text
from classroom.web.piles import drawn_by, operations_said, with_took
from classroom.web.placing import looked, placed_line
from classroom.web.roles import student
from classroom.web.shown import Shown, board_rows, plain_reason, shown_play

POLL_SECONDS = 3  # how often the projector and a team's page look for a change
TEACHERS_WORDS = ("undo", "reveal", "end", "stop")  # the projector's words a team's box does not take


def poll_seconds() -> float:
    """Return how often, in seconds, the projector and a team's page look for a change:
    POLL_SECONDS, or CLASSROOM_POLL_SECONDS when set (the tests use a short one, not to wait)."""
    return seconds_set("CLASSROOM_POLL_SECONDS", POLL_SECONDS)


class Refused(ClassroomError):
    """A team's link that is not right: the page says so and shows nothing of the game."""


@dataclass(frozen=True)
class Sent:
    """What a team's form sent, its key checked: the game, its record as read, the team."""

    name: str
    record: Record
    player: str
    key: str
    typed: str  # the line typed ('' on a form without one: the draw's)
    at: str  # the record version the page was shown on
    place: str  # the square tapped when tiles were placed ('J10 across'), or ''
    form: FormData


class NothingWaits(ClassroomError):
    """A Confirm of a proposal already played, sent back or made stale: nothing to do."""


def team_line(typed: str, player: str, record: Record) -> Turn:
    """Return the turn a team typed on its own device ('J10 across 24 ÷ 3 = 8', 'pass',
    'trade 4 9', or the same after 'Blue:'), as the player's, or raise one sentence."""
    typed = typed.strip()
    if not typed:
        raise ClassroomError("type a play, like J10 across 24 ÷ 3 = 8 (or pass, or trade 4 9)")
    if typed.lower().split()[0] in TEACHERS_WORDS:
        raise ClassroomError(f"only the teacher can {typed.lower().split()[0]}; send a play, a pass or a trade")
    name, colon, rest = typed.partition(":")
    if colon and name.strip().lower() in {p.lower() for p in record.header.players}:
        if name.strip().lower() != player.lower():
            raise ClassroomError(f"this is {player}'s page: send {player}'s own play")
        typed = rest.strip()
    line = read_turn(f"{player}: {typed}", record, "the play")
    if not isinstance(line, Turn):
        raise ClassroomError("send a play, a pass or a trade")
    return line


def check_turn(game: Replay, player: str) -> None:
    """Raise unless it is the player's turn in a game not ended."""
    if game.ended or game.next_player is None:
        raise ClassroomError("the game is over")
    if game.drawing is not None:  # two piles: no one plays before the last player's refill is drawn
        raise ClassroomError(f"{game.drawing[0]} draws first; wait for their tiles")
    if game.next_player != player:
        raise ClassroomError(f"it is {game.next_player}'s turn; wait for yours")


def previewed(record: Record, line: Turn, game: Replay | None = None) -> tuple[Replayed, Replay]:
    """Return the turn as it would be played (checked, scored) and the game after it; `game` is
    the record replayed, when the request has it already."""
    _, pending = play_turn(record, line, "the play", game)
    return pending.turns[-1], pending


def turn_shown(turn: Replayed, private: bool = False) -> Shown:
    """Return a turn with its score as a page shows it; a trade's tiles are left unnamed when
    racks are private (the room would see tiles of the rack)."""
    shown = shown_play(turn.player, turn_text(turn), turn.breakdown if turn.kind == "play" else None)
    if private and turn.kind == "trade":
        return Shown(turn.player, f"a trade of {turn.traded_count} tiles", (), 0, 0)
    return shown


def last_marks(game: Replay) -> dict[Square, str]:
    """Return the squares of the last play on the board, marked 'last'."""
    last = next((t for t in reversed(game.turns) if t.play is not None), None)
    return {s: "last" for s in last.play.squares} if last is not None else {}


def waiting_proposal(library: Path, name: str, record: Record, game: Replay | None = None) -> dict | None:
    """Return the proposal waiting on the projector for the record as it is (the turn, as shown,
    the game after it, and its version), or None when none waits; `game` is the record replayed,
    when the caller has it."""
    proposal = current_proposal(library, name)
    if proposal is None or proposal.state != WAITING or record.header.mode != "teams":
        return None
    try:
        turn, pending = previewed(record, read_turn(proposal.line, record, "the play"), game)
    except ClassroomError:
        return None  # legal on this very record when sent; never shown half-checked
    return {"turn": turn, "shown": turn_shown(turn, record.header.racks == "private"),
            "pending": pending, "at": proposal.at}


def record_state(library: Path, name: str) -> dict:
    """Return what the pages poll: the record's line count, and which team's proposal waits or
    was sent back (a digest of it, so that another one sent is a change)."""
    path = game_path(library, name)
    try:
        lines = sum(1 for line in path.read_text("utf-8").splitlines() if line.strip())
    except (OSError, UnicodeDecodeError):
        raise ClassroomError(f"no game {name!r} in this library") from None
    proposal = current_proposal(library, name)
    # the play itself is left out: another team's device polls this too (a trade names tiles)
    said = f"{proposal.state} {proposal.player} {hashlib.sha256(proposal.line.encode()).hexdigest()[:12]}" if proposal else ""
    return {"lines": lines, "proposal": said}


def team_routes(library: Path, page, friendly, change, change_record: Callable[[str, Callable[[Record], Record]], object],
                locked: Callable[[str], ContextManager]) -> list[Route]:
    """Return the routes of the teams' own pages and of the projector's answer to a proposal.
    `change(name, how, then)` changes a record under its lock and shows the projector again;
    `change_record(name, how)` does the same and returns, or raises what `how` raised, writing
    nothing (a team's page says why, never the projector's); `locked(name)` is that lock."""

    def game_name(request: Request) -> str:
        return request.path_params["name"][:40]

    def team_of(name: str, wanted: str, key: str) -> tuple[Record, str]:
        """Return the game's record and the team a link names, or raise Refused."""
        try:
            record = load_game(library, name)
        except ClassroomError:
            raise Refused("this team link is not right; ask the teacher for your team's link") from None
        player = next((p for p in record.header.players if p.lower() == wanted.lower()), None)
        if record.header.mode != "teams" or player is None or not right_key(library, name, player, key):
            raise Refused("this team link is not right; ask the teacher for your team's link")
        return record, player

    def team_view(name: str, record: Record, player: str, key: str, typed: str = "",
                  pending: tuple[Replayed, Replay] | None = None, error: str | None = None,
                  status: int = 200, game: Replay | None = None, place: str = "") -> Response:
        game = game if game is not None else replay(record, where=f"game {name}")
        marks = last_marks(game)
        board = game.board
        preview = None
        if pending is not None:
            turn, after = pending
            board = after.board
            if turn.play is not None:
                marks.update({s: "new" for s in turn.play.squares})
            preview = (turn, turn_shown(turn))
        proposal = current_proposal(library, name)
        if proposal is not None and proposal.player != player:
            proposal = None  # another team's: not this page's business
        if pending is None and proposal is not None and proposal.state == WAITING:
            waiting = waiting_proposal(library, name, record, game)  # the play sent, drawn on the board
            if waiting is not None and waiting["turn"].play is not None:
                board = waiting["pending"].board
                marks.update({s: "new" for s in waiting["turn"].play.squares})
        rack = game.rack(player)
        tiles = [(display_text(t), game.tileset.score_of(t), t.startswith("?")) for t in rack or ()]
        return page("team.j2", status, here="check", name=name, player=player, key=key, tiles=tiles,
                    rack_known=rack is not None, rows=board_rows(board, game.tileset, marks), columns=COLUMNS,
                    game=game, turn=game.next_player, totals=game.totals, preview=preview, typed=typed,
                    error=error, at=record_version(library, name), direct=record.header.team_plays == "direct",
                    proposal=proposal, place=place, poll=poll_seconds(), drawing=game.drawing)

    def refused(error: ClassroomError) -> Response:
        return page("error.j2", 400, message=one_line(error), here="check")

    def team_link(name: str, player: str, key: str) -> str:
        return f"/games/{urllib.parse.quote(name, safe='')}/team/{urllib.parse.quote(player, safe='')}?key={key}"

    # --- a team's own page ----------------------------------------------------------------------

    @student
    @friendly
    async def team_page(request: Request) -> Response:
        name, key = game_name(request), request.query_params.get("key", "")[:40]
        try:
            record, player = await run_in_threadpool(team_of, name, request.path_params["player"], key)
        except Refused as error:
            return refused(error)
        return await run_in_threadpool(team_view, name, record, player, key)

    @student
    @friendly
    async def team_state(request: Request) -> Response:
        """What a team's page polls: the record's line count and the proposal's state."""
        name, key = game_name(request), request.query_params.get("key", "")[:40]
        try:
            await run_in_threadpool(team_of, name, request.path_params["player"], key)
        except Refused as error:
            return JSONResponse({"error": str(error)}, status_code=400)
        return JSONResponse(await run_in_threadpool(record_state, library, name))

    async def posted(request: Request, line: bool = True) -> Sent:
        """Return what a team's form sent (a line too, unless `line` is false), the key checked:
        raise Refused, as for a form that cannot be read (a team's device is shown no teacher's
        page)."""
        name = game_name(request)
        try:
            form = await read_form(request)
            key = text(form, "key", "the key", 40)
            typed = text(form, "line", "the play", MAX_LINE).strip() if line else ""
            at = text(form, "at", "the game's version", 100)
            place = optional_text(form, "place", "the square tapped", 20) or ""
        except ClassroomError as error:
            raise Refused(str(error)) from None
        record, player = await run_in_threadpool(team_of, name, request.path_params["player"], key)
        return Sent(name, record, player, key, typed, at, place, form)

    async def shown_again(sent: Sent, error: ClassroomError) -> Response:
        """Return the team's page as the record stands now, saying why its form was refused."""
        reason = plain_reason(error)
        current = await run_in_threadpool(load_game, library, sent.name)
        return await run_in_threadpool(lambda: team_view(sent.name, current, sent.player, sent.key, sent.typed,
                                                         error=reason, status=400))

    @student
    @friendly
    async def team_placed(request: Request) -> Response:
        """What the tiles a team typed after tapping a square would play, on its turn (JSON for
        its page's script, as the projector's /placed; nothing is written)."""
        name, key = game_name(request), request.query_params.get("key", "")[:40]
        place = request.query_params.get("place", "")[:20]
        typed = request.query_params.get("line", "")[:MAX_LINE]
        try:
            record, player = await run_in_threadpool(team_of, name, request.path_params["player"], key)
        except Refused as error:
            return JSONResponse({"error": str(error)}, status_code=400)

        def look() -> dict:
            game = replay(record, where=f"game {name}")
            try:
                check_turn(game, player)
            except ClassroomError as error:
                return {"tiles": [], "reason": plain_reason(error)}
            return looked(record, place, typed, f"game {name}", game)

        return JSONResponse(await run_in_threadpool(look))

    @student
    @friendly
    async def team_try(request: Request) -> Response:
        """A team's typed play shown with its score and breakdown, before it is sent."""
        try:
            sent = await posted(request)
        except Refused as error:
            return refused(error)
        name, record, player, key, typed, place = sent.name, sent.record, sent.player, sent.key, sent.typed, sent.place

        def shown() -> Response:
            game = None
            try:
                game = replay(record, where=f"game {name}")  # the one replay of the request
                check_turn(game, player)
                written = placed_line(game.board, place, typed)  # tiles placed: the play in full
                pending = previewed(record, team_line(written, player, record), game)
            except ClassroomError as error:
                return team_view(name, record, player, key, typed, error=plain_reason(error), status=400,
                                 game=game, place=place)
            return team_view(name, record, player, key, written, pending=pending, game=game)

        return await run_in_threadpool(shown)

    @student
    @friendly
    async def team_send(request: Request) -> Response:
        """A team's play sent: kept as a proposal for the teacher, or played at once."""
        try:
            sent = await posted(request)
        except Refused as error:
            return refused(error)
        name, player, typed, at = sent.name, sent.player, sent.typed, sent.at

        def checked(current: Record) -> tuple[Turn, Replay]:
            """Return the team's turn, checked on the record as it is now (under the lock), and
            the record replayed (once)."""
            if at != record_version(library, name):
                raise ClassroomError("the game has moved on since this play was shown; look at the board and send it again")
            game = replay(current, where=f"game {name}")
            check_turn(game, player)
            line = team_line(typed, player, current)
            previewed(current, line, game)
            return line, game

        try:
            if sent.record.header.team_plays == "direct":
                def played(current: Record) -> Record:
                    line, game = checked(current)
                    return with_took(library, name, play_turn(current, line, "the play", game)[1], line.player).record

                await run_in_threadpool(change_record, name, played)
                await run_in_threadpool(drop_proposal, library, name)
            else:
                def proposed() -> None:
                    with locked(name):
                        line, _ = checked(load_game(library, name))
                        save_proposal(library, name, Proposal(player, line_text(line), at, WAITING))

                await run_in_threadpool(proposed)
        except ClassroomError as error:
            return await shown_again(sent, error)
        return RedirectResponse(team_link(name, player, sent.key), status_code=303)

    @student
    @friendly
    async def team_draw(request: Request) -> Response:
        """A team's answer to its own refill's question (two piles): how many tiles come from
        the operations pile; another team's refill is never this page's to answer."""
        try:
            sent = await posted(request, line=False)
        except Refused as error:
            return refused(error)

        def drawn(current: Record) -> Record:
            if sent.at != record_version(library, sent.name):
                raise ClassroomError("the game has moved on since this page was shown; look again")
            return drawn_by(current, sent.player, operations_said(sent.form), f"game {sent.name}")

        try:
            await run_in_threadpool(change_record, sent.name, drawn)
        except ClassroomError as error:
            return await shown_again(sent, error)
        return RedirectResponse(team_link(sent.name, sent.player, sent.key), status_code=303)

    # --- the projector's side: a proposal answered, the settings, the poll -------------------------

    @friendly
    async def proposal_answer(request: Request) -> Response:
        """The teacher's Confirm (the proposal played, once) or Send back of a team's play."""
        name = game_name(request)
        form = await read_form(request)
        answer = choice(form, "answer", "the answer", ("confirm", "refuse"), "confirm")
        at = text(form, "at", "the game's version", 100)

        def waiting() -> Proposal:
            proposal = current_proposal(library, name)
            if proposal is None or proposal.state != WAITING or proposal.at != at:
                raise NothingWaits("no play from a team waits to be confirmed")
            return proposal

        if answer == "confirm":
            def played(record: Record) -> Record:
                proposal = waiting()  # checked under the lock: of two Confirms, the second finds none
                return with_took(library, name, play_turn(record, read_turn(proposal.line, record, "the play"), "the play")[1],
                                 proposal.player).record

            def confirmed() -> None:
                try:
                    change_record(name, played)
                except NothingWaits:  # a second Confirm, or one after the game moved on: nothing to do
                    return
                drop_proposal(library, name)

            await run_in_threadpool(confirmed)
            return RedirectResponse(f"/games/{name}", status_code=303)

        def sent_back() -> None:
            with locked(name):
                proposal = waiting()
                save_proposal(library, name, Proposal(proposal.player, proposal.line, proposal.at, REFUSED))

        try:
            await run_in_threadpool(sent_back)
        except NothingWaits:
            pass
        return RedirectResponse(f"/games/{name}", status_code=303)

    @friendly
    async def game_state(request: Request) -> Response:
        """What the projector polls: the record's line count and the proposal's state."""
        return JSONResponse(await run_in_threadpool(record_state, library, game_name(request)))

    return [
        Route("/games/{name}/team/{player}", team_page),
        Route("/games/{name}/team/{player}/state", team_state),
        Route("/games/{name}/team/{player}/placed", team_placed),
        Route("/games/{name}/team/{player}/try", team_try, methods=["POST"]),
        Route("/games/{name}/team/{player}/send", team_send, methods=["POST"]),
        Route("/games/{name}/team/{player}/draw", team_draw, methods=["POST"]),
        Route("/games/{name}/proposal", proposal_answer, methods=["POST"]),
        Route("/games/{name}/state", game_state),
    ]
