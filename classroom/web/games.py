"""The game pages: a class game on the projector (teams, duplicate, solo practice), each a view
of a record file in the library's games/ folder, read and written with classroom.record exactly
as `classroom game` does; and the board editor, which turns a real table's position into a
board file by clicking squares and typing.

Keyboard first: one box takes a play in the usual notation, or a word (pass, trade 4 9, undo,
reveal, end); a play is shown on the board with its score before it is confirmed (Enter again).
A refused play changes nothing and says why in one sentence.
"""

from __future__ import annotations

import re
import urllib.parse
from dataclasses import dataclass
from pathlib import Path

from markupsafe import Markup
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from classroom.errors import ClassroomError, excerpt
from classroom.game.board import COLUMNS, SIZE, Board, Square, board_text, check_tiles, parse_board, square_name
from classroom.game.plays import Breakdown, record_notation, score as score_of
from classroom.game.symbols import BLANK, display_text, face
from classroom.game.tilesets import LEVELS, TileSet, load_level
from classroom.make.worksheet import premium_labels
from classroom.record.deal import new_game, play_turn, stop_game, undo_turn
from classroom.record.duplicate import WITHDRAWN, Duplicate, add_plays, close_round, new_duplicate, replay_duplicate
from classroom.record.grammar import (
    MODES, RACKS, TEAM_PLAYS, Header, Holds, Record, Turn, check_names, read_handicap, read_record, read_turn,
    record_text,
)
from classroom.record.positions import game_position
from classroom.record.replay import Replay, replay
from classroom.record.report import STRONG_SOLO_AVERAGE, STRONG_SOLO_TOTAL, how_ended, turn_text
from classroom.render.duplicate_pdf import render_duplicate_results, render_round_sheets
from classroom.render.qr_svg import qr_svg
from classroom.render.record_pdf import render_score_sheet
from classroom.solve.board.position import searchable
from classroom.store.games import (
    Stale, add_game, board_path, change_game, changing, default_name, game_path, games, join_code, load_game,
    record_state, save_board, seats, set_aside, team_key,
)
from classroom.web.forms import MAX_LINE, choice, optional_text, read_form, text, ticked, within_blank_limit
from classroom.web.searches import Reveals, Searches, Stopped, analysis

MAX_PLAYERS = {"teams": 4, "solo": 1, "duplicate": 40}
WORDS = ("pass", "undo", "reveal", "end")
ANALYSIS_FIRST_WAIT = 1.0  # seconds an analysis page waits before it shows the turns so far


def students_address(request: Request) -> str:
    """Return the page's own address when students' devices can reach it (it is not served on
    this computer only), else ''."""
    host = request.url.hostname or ""
    reachable = host not in ("127.0.0.1", "localhost", "::1", "testserver") and not host.startswith("127.")
    return str(request.base_url).rstrip("/") if reachable else ""


def join_values(library: Path, name: str, request: Request) -> dict:
    """Return what the projector shows to let students join a game: its code, the join page's
    address, and the address with the code as a QR code (no address nor QR code when the page is
    served on this computer only: students' devices cannot reach it)."""
    code = join_code(library, name)
    address = students_address(request)
    link = f"{address}/join?code={code}" if address else ""
    return {"code": code, "link": link, "address": f"{address}/join" if address else "",
            "qr": Markup(qr_svg(link)) if link else None}


@dataclass(frozen=True)
class Cell:
    """One square as the page draws it: its name, premium label, tile (if any) and marks."""

    name: str
    label: str
    symbol: str = ""
    points: int | None = None
    blank: bool = False
    mark: str = ""  # "last" (the last play), "new" (a play shown before it is confirmed), "reveal"


@dataclass(frozen=True)
class Shown:
    """A play shown with its score: the text, each equation's arithmetic, the bonus, the total."""

    player: str
    text: str
    lines: tuple[tuple[str, str], ...]
    bonus: int
    total: int


def board_rows(board: Board, tileset: TileSet, marks: dict[Square, str]) -> list[list[Cell]]:
    """Return the board as rows of Cells, with the marked squares' marks."""
    labels = premium_labels()
    rows = []
    for row in range(1, SIZE + 1):
        cells = []
        for column in range(1, SIZE + 1):
            square = (row, column)
            tile = board.tile(square)
            cells.append(Cell(square_name(square), labels[row - 1][column - 1],
                              display_text(face(tile)) if tile else "",
                              tileset.score_of(tile) if tile else None,
                              tile.startswith(BLANK), marks.get(square, "")))
        rows.append(cells)
    return rows


def shown_play(player: str, written: str, breakdown: Breakdown | None) -> Shown:
    """Return a play and its breakdown as the page shows it."""
    if breakdown is None:
        return Shown(player, display_text(written), (), 0, 0)
    lines = tuple((display_text(e.text), e.explain()) for e in breakdown.equations)
    return Shown(player, display_text(written), lines, breakdown.bonus, breakdown.total)


def typed_turn(line: str, game: Replay) -> str:
    """Return a typed play as a record line: 'J10 across 24 ÷ 3 = 8' is the turn of the player
    to move in the game (its record replayed); 'Red: …' names the player itself."""
    players = {p.lower() for p in game.players}
    name, colon, rest = line.partition(":")
    if colon and name.strip().lower() in players:
        return line
    holder = re.match(r"(.+?)\s+holds\s", line, re.IGNORECASE)
    if holder and holder[1].strip().lower() in players:  # 'Red holds 4 ×': a table game's end
        return line
    player = game.next_player
    if player is None:
        raise ClassroomError("the game has ended; start a new one from the list of games")
    return f"{player}: {line}"


def game_routes(library: Path, page, friendly, searches: Searches, reveal_seconds: float | None = None) -> list[Route]:
    """Return the routes of the game pages and the board editor, over the library folder; `page`
    renders a template, `friendly` turns a ClassroomError into its sentence; reveals and
    analyses are searched in `searches`, a reveal for up to `reveal_seconds`."""
    from classroom.web.teams import POLL_SECONDS, team_routes, waiting_proposal  # it uses this module's board_rows

    reveals = Reveals(searches, reveal_seconds)

    def game_name(request: Request) -> str:
        return request.path_params["name"][:40]

    # --- the list of games and a new game -------------------------------------------------------

    @friendly
    async def games_page(request: Request) -> Response:
        return page("games.j2", here="games", games=await run_in_threadpool(games, library),
                    levels=LEVELS, modes=MODES)

    @friendly
    async def start_game(request: Request) -> Response:
        form = await read_form(request)
        mode = choice(form, "mode", "the mode", MODES, "teams")
        level = choice(form, "level", "the level", tuple(LEVELS), "original")
        names = tuple(n.strip() for n in text(form, "players", "the players", 400).split(",") if n.strip())
        if not names:
            raise ClassroomError("name the players or teams, comma-separated: 'Red, Blue'")
        check_names(names, "the players")  # the record could not read back a name of its own words
        if len(names) > MAX_PLAYERS[mode]:
            raise ClassroomError(f"a {mode} game has at most {MAX_PLAYERS[mode]} "
                                 f"{'player' if mode == 'solo' else 'players or teams'}")
        seed_text = optional_text(form, "seed", "the seed", 9)
        if seed_text is not None and not seed_text.isdigit():
            raise ClassroomError(f"the seed is a whole number, not {excerpt(seed_text)!r}")
        import random

        seed = int(seed_text) if seed_text else random.SystemRandom().randrange(1, 10**6)
        # A default name never holds the seed: it is shown on the projector, and the seed deals the racks.
        wanted = optional_text(form, "name", "the game's name", 60) or (f"{mode}-table" if ticked(form, "table") and mode != "duplicate" else default_name(mode))

        handicaps = optional_text(form, "time", "the time handicaps", 400)  # 'Blue 3m, Red 5m'
        minutes = tuple(read_handicap(value, names, "the time handicap")
                        for value in (handicaps or "").split(",") if value.strip())
        # Players of different abilities (issue 42): header lines the new record is given.
        from classroom.record.grammar import read_fraction_bonus, read_handicap_points, read_per_player
        points = read_per_player(optional_text(form, "handicap", "the handicap points", 400), names,
                                 "the handicap points", read_handicap_points)
        bonus = read_per_player(optional_text(form, "fraction_bonus", "the fraction bonus", 400), names,
                                "the fraction bonus", read_fraction_bonus)
        table = ticked(form, "table") and mode != "duplicate"  # tiles drawn from a real bag
        grid = optional_text(form, "board", "the board", 20_000)  # a position from the board editor
        start = tuple(editor_board(grid, load_level(level)).splitlines()) if grid else ()
        # A teams game's settings (header lines); the form's other modes have no team devices.
        settings = {"racks": choice(form, "racks", "where racks are shown", RACKS, RACKS[0]),
                    "team_plays": choice(form, "team_plays", "what a team's play does", TEAM_PLAYS,
                                         TEAM_PLAYS[0])} if mode == "teams" else {}

        def create() -> str:
            if table:
                header = Header(level=level, mode=mode, players=names, minutes=minutes, board=start, **settings)
                record = read_record(record_text(Record(header)), "the new game")
            elif mode == "duplicate":
                record = new_duplicate(names, level, seed, minutes, board=start)
            else:
                record = new_game(mode, names, level, seed, minutes, board=start)
                record = record.with_header(**settings) if settings else record
            record = record.with_header(handicaps=points, fraction_bonus=bonus) if points or bonus else record
            return add_game(library, wanted, record)

        name = await run_in_threadpool(create)
        return RedirectResponse(f"/games/{name}", status_code=303)

    # --- one game ---------------------------------------------------------------------------------

    def view(name: str, record: Record, reveal: bool = False, typed: str = "", pending: Replay | None = None,
             error: str | None = None, status: int = 200, closed: bool = False, reveal_rack: str | None = None,
             stale: bool = False, join: dict | None = None, game: Replay | None = None):
        """The game's page; `game` is the record replayed, when the request has it already."""
        if record.header.mode == "duplicate":
            return duplicate_view(name, record, typed, error, status, closed, join)
        game = game if game is not None else replay(record, where=f"game {name}")
        tileset = game.tileset
        marks: dict[Square, str] = {}
        last = next((t for t in reversed(game.turns) if t.play is not None), None)
        if last is not None:
            marks.update({s: "last" for s in last.play.squares})
        board, preview = game.board, None
        # A team's play sent from its device waits here for the teacher (classroom.web.teams).
        proposal = waiting_proposal(library, name, record, game) if pending is None and not game.ended else None
        if proposal is not None:
            board = proposal["pending"].board
            if proposal["turn"].play is not None:
                marks.update({s: "new" for s in proposal["turn"].play.squares})
        if pending is not None:
            turn = pending.turns[-1]
            board = pending.board
            if turn.play is not None:
                marks.update({s: "new" for s in turn.play.squares})
            preview = (turn, shown_play(turn.player, turn_text(turn), turn.breakdown if turn.kind == "play" else None))
        revealed, reveal_note = None, None
        player = game.next_player
        if reveal and player is not None:
            try:
                rack = within_blank_limit(tileset.read_hand(reveal_rack)) if reveal_rack else game.rack(player)
            except ClassroomError as failure:
                rack, reveal_note = None, str(failure)
            if rack is None:
                reveal_note = reveal_note or (f"the record does not know {player}'s rack: type reveal and the "
                                              f"tiles on {player}'s rack, like reveal 1 2 3 + × 4 5 6 ?")
            else:
                try:
                    best = reveals.best(game.board, rack, tileset)
                    if not best:
                        reveal_note = f"{player}'s rack has no equation play on this board"
                except Stopped:
                    raise  # the server is stopping: one sentence, not the whole game page
                except ClassroomError as failure:
                    best, reveal_note = (), str(failure)
                if best:
                    play = best[0].play
                    board = game.board.place(play.placements)
                    marks.update({s: "reveal" for s in play.squares})
                    revealed = shown_play(player, record_notation(game.board, play), score_of(game.board, play, tileset))
        practice = solo_comparison(game) if record.header.mode == "solo" else None
        links = record.header.mode == "teams" and game.dealt  # on a page of their own (links_page)
        return page("game.j2", status, here="games", name=name, game=game, header=record.header,
                    rows=board_rows(board, tileset, marks), columns=COLUMNS, preview=preview,
                    revealed=revealed, reveal_note=reveal_note, typed=typed, error=error, stale=stale,
                    at=record_state(record),
                    turns=[(t, turn_text(t)) for t in game.turns], ended_how=how_ended(game) if game.end else None,
                    private=record.header.racks == "private", proposal=proposal, poll=POLL_SECONDS,
                    practice=practice, links=links, words=WORDS, join=join,
                    strong=(STRONG_SOLO_TOTAL, STRONG_SOLO_AVERAGE))

    def solo_comparison(game: Replay):
        """Return the solo player's last play set against the best the rack had, or None."""
        last = game.turns[-1] if game.turns else None
        if last is None or last.rack is None or searchable(last.rack, game.tileset) != last.rack:
            return None
        try:
            best = reveals.best(last.board, last.rack, game.tileset)
        except Stopped:
            raise
        except ClassroomError:
            return None  # the comparison is left out; the reveal says why when asked
        top = best[0] if best else None
        if top is None:
            return {"turn": last, "best": None, "left": 0}
        shown = shown_play(last.player, record_notation(last.board, top.play), score_of(last.board, top.play, game.tileset))
        return {"turn": last, "best": shown, "left": top.score - last.score}

    def duplicate_view(name: str, record: Record, typed: str = "", error: str | None = None, status: int = 200,
                       closed: bool = False, join: dict | None = None):
        """A duplicate game on the projector: while a round is open, who has entered (names
        only: no points, no legality); the last closed round's top play, entries and scores
        once it closes; standings of closed rounds only."""
        game = replay_duplicate(record, where=f"game {name}")
        last = next((r for r in reversed(game.rounds) if r.closed), None)
        marks: dict[Square, str] = {}
        top = None
        if last is not None:
            main = last.top_breakdown.equations[0]
            marks.update({t.square: "last" for t in main.tiles if last.board.is_empty(t.square)})
            top = shown_play("top", last.top, last.top_breakdown)
        entries = [(e, shown_play(e.player, e.notation or e.text, e.breakdown)) for e in last.entries] if last else []
        current = game.current
        seated = seats(library, name)
        return page("duplicate_game.j2", status, here="games", name=name, header=record.header,
                    rows=board_rows(game.board, game.tileset, marks), columns=COLUMNS,
                    round=current.round if current else None, rack=current.rack if current else (),
                    entered=[e.player for e in current.entries] if current else [], players=game.players,
                    last=last, top=top, entries=entries, typed=typed, error=error, has_rounds=bool(game.rounds),
                    closed=closed or current is None, ended=current is None, standings=game.standings,
                    join=join, seated=seated,
                    state=projector_state(game, seated))

    @friendly
    async def game_page(request: Request) -> Response:
        name = game_name(request)
        record = await run_in_threadpool(load_game, library, name)
        reveal = request.query_params.get("reveal") == "1"
        closed = request.query_params.get("closed") == "1"
        rack = request.query_params.get("rack", "")[:200] or None
        join = await run_in_threadpool(join_values, library, name, request)
        return await run_in_threadpool(lambda: view(name, record, reveal=reveal, closed=closed,
                                                    reveal_rack=rack, join=join))

    @friendly
    async def try_line(request: Request) -> Response:
        """A line typed in the box: a word, or a turn shown with its score before it is confirmed."""
        name = game_name(request)
        form = await read_form(request)
        typed = text(form, "line", "the play", MAX_LINE).strip()
        at = made_at(form)
        record = await run_in_threadpool(load_game, library, name)
        word = typed.lower()
        if word == "reveal":
            return RedirectResponse(f"/games/{name}?reveal=1", status_code=303)
        if word.startswith("reveal "):  # a rack the record does not know, read from the table
            return RedirectResponse(f"/games/{name}?reveal=1&rack={urllib.parse.quote(typed[7:].strip(), safe='')}", status_code=303)
        if word == "undo":
            return await change(name, undo_turn, at=at)
        if word in ("end", "stop"):
            return await change(name, lambda r: stop_game(r, f"game {name}")[0], at=at)
        if not typed:
            return view(name, record, error="type a play, like J10 across 24 ÷ 3 = 8 (or pass, trade 4 9, undo, reveal, end)",
                        status=400)

        def shown() -> Response | Replay:
            """The turn shown with its score; a table game's holds line, written at once, gives
            the game replayed instead (each replays the record once)."""
            game = None
            try:
                game = replay(record, where=f"game {name}")
                line = read_turn(typed_turn(typed, game), record, "the play")
                if isinstance(line, Holds):  # what a player holds at a table game's end: written now
                    return game
                _, pending = play_turn(record, line, "the play", game)
            except ClassroomError as error:
                return view(name, record, typed=typed, error=plain_reason(error), status=400, game=game)
            return view(name, record, typed=typed, pending=pending, game=game)

        answer = await run_in_threadpool(shown)
        if not isinstance(answer, Replay):
            return answer

        def ended(current: Record) -> Record:
            game = answer if current == record else replay(current, where="the play")  # changed meanwhile
            return game.then(read_turn(typed, current, "the play"), "the play").record

        return await change(name, ended, at=at, typed=typed)

    async def change(name: str, how, then: str = "", at: str | None = None, typed: str = "") -> Response:
        """Change a game's record with `how` (record -> record) under the record's lock, write it,
        and show the game again. With `at` (made_at: the record_state the form was made for) a form made for another state of the record is refused in the page's box (409) and
        changes nothing; without it the change is made on whatever the record holds. A change
        refused by the rules is said in the box too (400), with the typed line kept (the racks kept
        off it as the game's `#racks` says, as on the game's own page)."""

        def changed() -> Response:
            try:
                change_game(library, name, how, at)
            except Stale as stale:
                return view(name, load_game(library, name), typed=typed, error=str(stale), status=409, stale=True)
            except ClassroomError as error:
                return view(name, load_game(library, name), typed=typed, error=plain_reason(error), status=400)
            return RedirectResponse(f"/games/{name}{then}", status_code=303)

        return await run_in_threadpool(changed)

    def change_record(name: str, how) -> None:
        """Change a game's record under its lock, or raise what `how` raised and write nothing."""
        change_game(library, name, how)

    @friendly
    async def confirm_turn(request: Request) -> Response:
        name = game_name(request)
        form = await read_form(request)
        typed = text(form, "line", "the play", MAX_LINE).strip()

        def added(record: Record) -> Record:
            game = replay(record, where="the play")  # the one replay of the request
            line = read_turn(typed_turn(typed, game), record, "the play")
            return play_turn(record, line, "the play", game)[0]

        return await change(name, added, at=made_at(form), typed=typed)

    @friendly
    async def undo_page(request: Request) -> Response:
        form = await read_form(request)
        return await change(game_name(request), undo_turn, at=made_at(form))

    @friendly
    async def stop_page(request: Request) -> Response:
        name = game_name(request)
        form = await read_form(request)
        return await change(name, lambda r: stop_game(r, f"game {name}")[0], at=made_at(form))

    @friendly
    async def remove_page(request: Request) -> Response:
        name = game_name(request)
        await run_in_threadpool(set_aside, library, name)
        return RedirectResponse("/games", status_code=303)

    def setting(field: str, what: str, choices: tuple[str, ...]):
        """Return the handler of a game's setting kept as a header line of its record, so every
        browser and every day sees the same: where racks are shown (`#racks private`: each on its
        team's own link), what a team's play does (`#team-plays direct`: played at once)."""

        @friendly
        async def chosen(request: Request) -> Response:
            form = await read_form(request)
            wanted = choice(form, field, what, choices, choices[0])
            return await change(game_name(request), lambda record: record.with_header(**{field: wanted}))

        return chosen

    @friendly
    async def links_page(request: Request) -> Response:
        """Each team's own link, as text and a QR code: for the teacher's own screen or to print
        and cut, never the projector (a link shows that team's rack, and the team plays from it:
        classroom.web.teams)."""
        name = game_name(request)
        record = await run_in_threadpool(load_game, library, name)
        if record.header.mode != "teams":
            raise ClassroomError(f"game {name} is not a teams game: only a teams game has a link for each team")
        address = students_address(request)
        game = f"{address or str(request.base_url).rstrip('/')}/games/{urllib.parse.quote(name, safe='')}"
        teams = []
        for player in record.header.players:
            key = await run_in_threadpool(team_key, library, name, player)
            link = f"{game}/team/{urllib.parse.quote(player, safe='')}?key={key}"
            teams.append((player, link, Markup(qr_svg(link))))
        return page("team_links.j2", here="games", name=name, teams=teams, reachable=bool(address))

    # --- duplicate rounds -------------------------------------------------------------------------

    async def in_the_box(name: str, request: Request, typed: str, how, then: str = "") -> Response:
        """Change a duplicate game's record under its lock, or show why not in the box with the
        text kept: the projector (with its join code) is never replaced by an error page."""

        def changed() -> Response:
            try:
                change_game(library, name, how)
            except ClassroomError as error:
                return duplicate_view(name, load_game(library, name), typed, plain_reason(error), 400, False,
                                      join_values(library, name, request))
            return RedirectResponse(f"/games/{name}{then}", status_code=303)

        return await run_in_threadpool(changed)

    def in_round(form, how):
        """Return `how` checked first against the round the form was made for (its hidden field
        `round`): a line or a close sent for a round that has closed since is refused, so a
        second Close never closes the next round too, and a late entry never lands in it."""
        wanted = form.get("round")

        def checked(record: Record) -> Record:
            current = replay_duplicate(record, where="the play").current
            if current is None:
                raise ClassroomError("the game is over; no round is open")
            if wanted != str(current.round):
                raise ClassroomError(f"round {excerpt(wanted or '?')} has closed since this page was shown (or the "
                                     f"form was sent twice); nothing was changed — this is round {current.round}")
            return how(record)

        return checked

    def closed_round(record: Record) -> Record:
        return close_round(record, "the play")[0]

    @friendly
    async def round_plays(request: Request) -> Response:
        """A line typed in the duplicate box: an entry (`Ana: …` again replaces Ana's; `Ana:
        withdraw` takes it back), or `close`; entered at once, shown by name only."""
        name = game_name(request)
        form = await read_form(request)
        typed = text(form, "line", "the play", MAX_LINE).strip()
        word = typed.lower()
        if word in ("close", "round", "reveal"):
            return await in_the_box(name, request, typed, in_round(form, closed_round), "?closed=1")

        def added(current: Record) -> Record:
            if not typed:
                raise ClassroomError("type a participant's play, like 'Ana: J10 across 24 ÷ 3 = 8', or close")
            if word in ("undo", "withdraw", "take back"):
                raise ClassroomError("name whose entry to take back, like 'Ana: withdraw'")
            who, colon, rest = typed.partition(":")
            line = f"{who}: {WITHDRAWN}" if colon and rest.strip().lower() in ("withdraw", WITHDRAWN, "take back") else typed
            turn = read_turn(line, current, "the play")
            if not isinstance(turn, Turn):
                raise ClassroomError("give a participant's play, like 'Ana: J10 across 24 ÷ 3 = 8'")
            return add_plays(current, [turn], "the play")[0]

        return await in_the_box(name, request, typed, in_round(form, added))

    @friendly
    async def close_page(request: Request) -> Response:
        name = game_name(request)
        form = await read_form(request)
        return await in_the_box(name, request, "", in_round(form, closed_round), "?closed=1")

    @friendly
    async def record_file(request: Request) -> Response:
        name = game_name(request)
        record = await run_in_threadpool(load_game, library, name)
        from classroom.record.grammar import record_text

        return PlainTextResponse(record_text(record), headers={
            "Content-Disposition": f'attachment; filename="{name}.txt"'})

    # --- a game printed, analysed, or turned into a Board Situation -------------------------------

    @friendly
    async def printed(request: Request) -> Response:
        """The game's score sheet (a duplicate game's round sheets and results) as one PDF."""
        name = game_name(request)
        record = await run_in_threadpool(load_game, library, name)
        size = choice(request.query_params, "size", "the page size", ("letter", "a4"), "letter")
        kind = request.query_params.get("what", "sheet")

        def pdf() -> bytes:
            if record.header.mode != "duplicate":
                return render_score_sheet(replay(record, where=f"game {name}"), size)
            game = replay_duplicate(record, where=f"game {name}")
            if not game.rounds:
                raise ClassroomError("the game has no round to print yet")
            return render_round_sheets(game, size) if kind == "rounds" else render_duplicate_results(game, size)

        data = await run_in_threadpool(pdf)
        file = f"{name}-{'rounds' if kind == 'rounds' and record.header.mode == 'duplicate' else 'score'}.pdf"
        return Response(data, media_type="application/pdf",
                        headers={"Content-Disposition": f'inline; filename="{file}"'})

    @friendly
    async def analysis_page(request: Request) -> Response:
        """Every turn whose rack is known set against its best play; each player's accuracy."""
        name = game_name(request)
        record = await run_in_threadpool(load_game, library, name)
        if record.header.mode == "duplicate":
            raise ClassroomError("a duplicate game is not analysed: each round's top play is already on its page")
        game = replay(record, where=f"game {name}")
        search = analysis(searches, record)  # the same record state is analysed once
        if await run_in_threadpool(search.wait, ANALYSIS_FIRST_WAIT):
            return page("analysis.j2", here="games", name=name, lines=search.result(), working=None)
        lines, done = search.progress or ((), 0)
        return page("analysis.j2", here="games", name=name, lines=lines,
                    working=(min(done + 1, len(game.turns)), len(game.turns)))

    @friendly
    async def situation_page(request: Request) -> Response:
        """The board before (or after) a turn, with its rack, ready to print as a Board Situation
        through the Make page's own job."""
        name = game_name(request)
        record = await run_in_threadpool(load_game, library, name)
        if record.header.mode == "duplicate":
            raise ClassroomError("a duplicate game's rounds are printed as round sheets; choose a teams or solo game")
        game = replay(record, where=f"game {name}")
        number = request.query_params.get("turn", "")
        if not number.isdigit():
            raise ClassroomError(f"the turn is a number from 1 to {len(game.turns)}, not {excerpt(number)!r}")
        after = request.query_params.get("after") == "1"
        board, rack = game_position(game, int(number), after, f"game {name}")
        return page("game_situation.j2", here="games", name=name, turn=int(number), after=after,
                    grid=board_text(board), hand=" ".join(rack or ()), level=record.header.level,
                    rows=board_rows(board, game.tileset, {}), columns=COLUMNS)

    # --- the board editor -------------------------------------------------------------------------

    def editor(cells: dict[str, str], level: str = "original", hand: str = "", name: str = "",
               error: str | None = None, saved: str | None = None, status: int = 200) -> Response:
        return page("editor.j2", status, here="editor", cells=cells, columns=COLUMNS, labels=premium_labels(),
                    levels=LEVELS, error=error, saved=saved, hand=hand, level=level, name=name)

    @friendly
    async def editor_page(request: Request) -> Response:
        return editor({})

    @friendly
    async def editor_post(request: Request) -> Response:
        """Check the position typed in the editor (sent as one board-file text), and save it."""
        form = await read_form(request)
        level = choice(form, "level", "the level", tuple(LEVELS), "original")
        grid = text(form, "board", "the board", 20_000)
        hand = optional_text(form, "hand", "the hand", 200) or ""
        wanted = optional_text(form, "name", "the board's name", 40) or ""
        action = choice(form, "action", "what to do", ("check", "save"), "check")
        cells = grid_cells(grid)
        try:
            checked = editor_board(grid, load_level(level), hand)
        except ClassroomError as error:
            return editor(cells, level, hand, wanted, str(error), status=400)
        if action == "save":
            saved = await run_in_threadpool(save_board, library, wanted or "position", checked)
            return editor(cells, level, hand, wanted, saved=saved)
        return editor(cells, level, hand, wanted, saved="")

    @friendly
    async def board_file(request: Request) -> Response:
        path = board_path(library, request.path_params["name"][:40])
        return PlainTextResponse(path.read_text("utf-8"), headers={
            "Content-Disposition": f'attachment; filename="{path.name}"'})

    return [
        Route("/games", games_page), Route("/games", start_game, methods=["POST"]),
        Route("/games/{name}", game_page), Route("/games/{name}/try", try_line, methods=["POST"]),
        Route("/games/{name}/turn", confirm_turn, methods=["POST"]),
        Route("/games/{name}/undo", undo_page, methods=["POST"]),
        Route("/games/{name}/end", stop_page, methods=["POST"]),
        Route("/games/{name}/remove", remove_page, methods=["POST"]),
        Route("/games/{name}/racks", setting("racks", "where racks are shown", RACKS), methods=["POST"]),
        Route("/games/{name}/team-plays", setting("team_plays", "what a team's play does", TEAM_PLAYS),
              methods=["POST"]),
        Route("/games/{name}/links", links_page),
        Route("/games/{name}/plays", round_plays, methods=["POST"]),
        Route("/games/{name}/round", close_page, methods=["POST"]),
        Route("/games/{name}/record", record_file),
        Route("/games/{name}/printed", printed), Route("/games/{name}/analysis", analysis_page),
        Route("/games/{name}/situation", situation_page),
        Route("/editor", editor_page), Route("/editor", editor_post, methods=["POST"]),
        Route("/boards/{name}", board_file),
    ] + team_routes(library, page, friendly, change, change_record, lambda name: changing(game_path(library, name)))


def projector_state(game: Duplicate, seated: tuple[str, ...]) -> str:
    """Return what a duplicate game's projector shows that students change, as a short text its
    poll compares (/games/NAME/entered): the rounds dealt, who has entered, who has joined."""
    current = game.current
    entered = ",".join(e.player for e in current.entries) if current else ""
    return f"{len(game.rounds)}:{entered}:{','.join(seated)}"


def made_at(form) -> str:
    """Return the record_state a form was made for (its hidden field `at`), or "none" when it has
    none (a page from before, a script): no record is in that state, so such a form is refused
    as made for another state of the game."""
    value = form.get("at")
    return value if isinstance(value, str) and re.fullmatch(r"[0-9]{1,9}-[0-9a-f]{12}", value) else "none"


def plain_reason(error: ClassroomError) -> str:
    """Return why a typed play is refused, without the record's line number (the page has none)."""
    return re.sub(r"^the play(, line \d+)?: ", "", str(error))


def grid_cells(grid: str) -> dict[str, str]:
    """Return the squares a board-file text fills, by name ('F9': '7'), however malformed."""
    cells = {}
    rows = [line.split() for line in grid.splitlines() if line.strip()][:SIZE]
    for row, tokens in enumerate(rows, start=1):
        for column, token in enumerate(tokens[:SIZE], start=1):
            if token != ".":
                cells[square_name((row, column))] = token[:8]
    return cells


def editor_board(grid: str, tileset: TileSet, hand: str = "") -> str:
    """Return the board file of the position typed in the editor, checked as a board file is
    and against the tile set's counts (with the hand, when given); each bad entry is named by
    its square alone, the editor having no lines."""
    try:
        board = parse_board(grid, "the board", tileset.rules)
        check_tiles(board, tileset, within_blank_limit(tileset.read_hand(hand)) if hand else ())
    except ClassroomError as error:
        raise ClassroomError(re.sub(r"^the board: (line \d+, )?", "", str(error))) from None
    return board_text(board)
