"""The game pages' routes: a class game on the projector (teams, duplicate, solo practice), each
a view of a record file in the library's games/ folder, read and written with classroom.record
exactly as `classroom game` does. The routes are thin: each reads its request, calls one
function, and answers. A turn tried, confirmed or taken back is web/turns.py; a game shown, or
changed under its lock and shown again, web/gamepages.py; what a page shows web/projector.py; a
play placed tile by tile web/placing.py; a duplicate round's changes web/rounds.py; the board
editor web/editor.py; the teams' own pages web/teams.py.

Keyboard first: a square clicked (again for down) and only the new tiles typed, or one box that
takes a play in the usual notation, or a word (pass, trade 4 9, undo, reveal, end); a play is
shown on the board with its score before it is confirmed (Enter again); undo asks first and says
what it took back. A refused play changes nothing and says why in one sentence.
"""

from __future__ import annotations

import functools
import random
import re
import urllib.parse
from pathlib import Path

from markupsafe import Markup
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from classroom.errors import ClassroomError, excerpt
from classroom.game.board import COLUMNS, board_text
from classroom.game.tilesets import LEVELS, load_level
from classroom.record.deal import new_game, undo_turn
from classroom.record.duplicate import new_duplicate, replay_duplicate
from classroom.record.grammar import MODES, RACKS, TEAM_PLAYS, Header, Record, read_record, record_text
from classroom.record.positions import game_position
from classroom.record.replay import replay
from classroom.record.requests import NewGameRequest, new_game_request
from classroom.render.duplicate_pdf import render_duplicate_results, render_round_sheets
from classroom.render.overhead_pdf import render_game_board
from classroom.render.qr_svg import qr_svg
from classroom.render.record_pdf import render_score_sheet
from classroom.store.games import (
    add_game,
    change_game,
    changing,
    default_name,
    free_name,
    game_path,
    games,
    join_code,
    load_game,
    plain_name,
    set_aside,
    team_key,
)
from classroom.web.analysis import Analyses
from classroom.web.editor import editor_board, editor_routes
from classroom.web.forms import MAX_LINE, choice, optional_text, read_form, text, ticked
from classroom.web.gamepages import Change, GamePages
from classroom.web.piles import new_game_words, piles_routes, with_took
from classroom.web.placing import looked
from classroom.web.rounds import closed_round, entered, in_round
from classroom.web.searches import Reveals, Searches
from classroom.web.shown import board_rows
from classroom.web.teams import team_routes
from classroom.web.turns import confirmed, stopped, tried, undo_query, with_holds

ANALYSIS_FIRST_WAIT = 1.0  # seconds an analysis page waits for its turns before it shows those done
# (the page asks again at once: the analysis done is shown when its last turn is, not a second later)


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


def game_routes(library: Path, page, friendly, searches: Searches, reveal_seconds: float | None = None) -> list[Route]:
    """Return the routes of the game pages and the board editor, over the library folder; `page`
    renders a template, `friendly` turns a ClassroomError into its sentence; reveals and
    analyses are searched in `searches`, a reveal for up to `reveal_seconds`. Each route reads
    its request, calls one function (web/turns.py for a turn, `pages` to show or change a game)
    in a worker thread, and answers."""
    pages = GamePages(library, page, Reveals(searches, reveal_seconds))
    analyses = Analyses(searches)

    def game_name(request: Request) -> str:
        return request.path_params["name"][:40]

    async def view(name: str, record: Record, **shown) -> Response:
        """The game's page (GamePages.view), drawn in a worker thread."""
        return await run_in_threadpool(pages.view, name, record, **shown)

    async def change(name: str, how: Change, then: str = "", at: str | None = None, typed: str = "") -> Response:
        """A game's record changed, then the game again (GamePages.changed)."""
        return await run_in_threadpool(pages.changed, name, how, then, at, typed)

    # --- the list of games and a new game -------------------------------------------------------

    @friendly
    async def games_page(request: Request) -> Response:
        return page("games.j2", here="games", games=await run_in_threadpool(games, library),
                    levels=LEVELS, modes=MODES)

    @friendly
    async def start_game(request: Request) -> Response:
        form = await read_form(request)
        wanted_mode = text(form, "mode", "the mode", 40).strip() or "teams"
        teams = wanted_mode.casefold() == "teams"  # the form's settings count for a teams game only
        asked = new_game_request(  # `classroom game new`'s own request: one check, one sentence
            wanted_mode, text(form, "players", "the players", 400),
            text(form, "level", "the level", 40).strip() or "original", text(form, "seed", "the seed"),
            tuple(text(form, "time", "the time handicaps", 400).split(",")),  # 'Blue 3m, Red 5m'
            text(form, "racks", "where racks are shown", 40).strip() if teams else None,
            text(form, "team_plays", "what a team's play does", 40).strip() if teams else None,
            random.SystemRandom(), points=(text(form, "handicap", "the handicap points", 400),),
            fraction_bonus=(text(form, "fraction_bonus", "the fraction bonus", 400),),
            play=text(form, "play", "how plays are made", 40), **new_game_words(form))
        named = optional_text(form, "name", "the game's name", 60)  # a name typed is the teacher's
        table = ticked(form, "table") and asked.mode != "duplicate"  # tiles drawn from a real bag
        # A default name never holds the seed: it is shown on the projector, and the seed deals the racks.
        wanted = named or (f"{asked.mode}-table" if table else default_name(asked.mode))
        grid = optional_text(form, "board", "the board", 20_000)  # a position from the board editor
        start = tuple(editor_board(grid, load_level(asked.level)).splitlines()) if grid else ()
        name = await run_in_threadpool(created, library, asked, wanted, bool(named), table, start)
        return RedirectResponse(f"/games/{name}", status_code=303)

    # --- one game ---------------------------------------------------------------------------------

    @friendly
    async def game_page(request: Request) -> Response:
        name = game_name(request)
        record = await run_in_threadpool(load_game, library, name)
        reveal = request.query_params.get("reveal") == "1"
        closed = request.query_params.get("closed") == "1"
        rack = request.query_params.get("rack", "")[:200] or None
        asking = request.query_params.get("undo") == "1"  # Undo asks first: the page says what it takes back
        took = request.query_params.get("took", "")[:MAX_LINE]
        typed = request.query_params.get("line", "")[:MAX_LINE]  # a play taken back, in the box again
        join = await run_in_threadpool(join_values, library, name, request)
        return await view(name, record, reveal=reveal, closed=closed, typed=typed, reveal_rack=rack, join=join,
                          asking=asking, took=took)

    @friendly
    async def placed_page(request: Request) -> Response:
        """What the tiles typed after a clicked square would play (JSON for the page's script, which
        draws it as they are typed; nothing is written)."""
        name = game_name(request)
        place = request.query_params.get("place", "")[:20]
        typed = request.query_params.get("line", "")[:MAX_LINE]
        record = await run_in_threadpool(load_game, library, name)
        return JSONResponse(await run_in_threadpool(looked, record, place, typed, f"game {name}"))

    @friendly
    async def try_line(request: Request) -> Response:
        """A line typed in the box: a word, or a turn shown with its score before it is confirmed."""
        name = game_name(request)
        form = await read_form(request)
        typed = text(form, "line", "the play", MAX_LINE).strip()
        place = optional_text(form, "place", "the square clicked", 20) or ""  # placing tiles: 'J10 across'
        at = made_at(form)
        record = await run_in_threadpool(load_game, library, name)
        word = typed.lower()
        if word == "reveal":
            return RedirectResponse(f"/games/{name}?reveal=1", status_code=303)
        if word.startswith("reveal "):  # a rack the record does not know, read from the table
            return RedirectResponse(f"/games/{name}?reveal=1&rack={urllib.parse.quote(typed[7:].strip(), safe='')}", status_code=303)
        if word == "undo":  # asked first, never done from the box at once
            return RedirectResponse(f"/games/{name}?undo=1", status_code=303)
        if word in ("end", "stop"):
            return await change(name, lambda current: stopped(current, f"game {name}"), at=at)
        if not typed:
            return await view(name, record, error="type a play, like J10 across 24 ÷ 3 = 8 (or pass, trade 4 9, undo, reveal, end)",
                              status=400)
        answer = await run_in_threadpool(tried, record, typed, place, f"game {name}")
        if answer.holds:  # a table game's holds line: written at once
            return await change(name, lambda current: with_holds(current, answer.game, typed), at=at, typed=typed)
        if answer.error is not None:
            return await view(name, record, typed=typed, place=place, error=answer.error, status=400, game=answer.game)
        return await view(name, record, typed=answer.written, pending=answer.pending, game=answer.game)

    @friendly
    async def confirm_turn(request: Request) -> Response:
        name = game_name(request)
        form = await read_form(request)
        typed = text(form, "line", "the play", MAX_LINE).strip()
        timed = functools.partial(with_took, library, name)  # the turn's 'took' line, when the game keeps time
        return await change(name, lambda record: confirmed(record, typed, timed), at=made_at(form), typed=typed)

    @friendly
    async def undo_page(request: Request) -> Response:
        """Take back the last turn, and say which on the page, its play in the box again."""
        name = game_name(request)
        form = await read_form(request)
        record = await run_in_threadpool(load_game, library, name)
        then = await run_in_threadpool(undo_query, record, f"game {name}")
        return await change(name, undo_turn, then=then, at=made_at(form))

    @friendly
    async def stop_page(request: Request) -> Response:
        name = game_name(request)
        form = await read_form(request)
        return await change(name, lambda record: stopped(record, f"game {name}"), at=made_at(form))

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
        address = students_address(request)
        game = f"{address or str(request.base_url).rstrip('/')}/games/{urllib.parse.quote(name, safe='')}"
        teams = await run_in_threadpool(team_links, library, name, record, game)
        return page("team_links.j2", here="games", name=name, teams=teams, reachable=bool(address))

    # --- duplicate rounds -------------------------------------------------------------------------

    async def in_the_box(name: str, request: Request, typed: str, how: Change, then: str = "") -> Response:
        """A duplicate game's record changed, or why not in the box (GamePages.changed_in_the_box)."""
        return await run_in_threadpool(pages.changed_in_the_box, name, how,
                                       lambda: join_values(library, name, request), typed, then)

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

        return await in_the_box(name, request, typed, in_round(form, entered(typed)))

    @friendly
    async def close_page(request: Request) -> Response:
        name = game_name(request)
        form = await read_form(request)
        return await in_the_box(name, request, "", in_round(form, closed_round), "?closed=1")

    @friendly
    async def record_file(request: Request) -> Response:
        name = game_name(request)
        record = await run_in_threadpool(load_game, library, name)
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
        data = await run_in_threadpool(game_pdf, record, name, size, kind)
        other = "rounds" if record.header.mode == "duplicate" else "board"  # the other PDF a game prints
        file = f"{name}-{kind if kind == other else 'score'}.pdf"
        return Response(data, media_type="application/pdf",
                        headers={"Content-Disposition": f'inline; filename="{file}"'})

    @friendly
    async def analysis_page(request: Request) -> Response:
        """Every turn whose rack is known set against its best play; each player's accuracy."""
        name = game_name(request)
        record = await run_in_threadpool(load_game, library, name)
        if record.header.mode == "duplicate":
            raise ClassroomError("a duplicate game is not analysed: each round's top play is already on its page")
        game = await run_in_threadpool(replay, record, None, f"game {name}")
        # each turn searched on its own, on every core; the turns done shown, the rest to come
        shown = await run_in_threadpool(analyses.page_values, record, game, ANALYSIS_FIRST_WAIT)
        return page("analysis.j2", here="games", name=name, **shown)

    @friendly
    async def situation_page(request: Request) -> Response:
        """The board before (or after) a turn, with its rack, ready to print as a Board Situation
        through the Make page's own job."""
        name = game_name(request)
        record = await run_in_threadpool(load_game, library, name)
        number, after = request.query_params.get("turn", ""), request.query_params.get("after") == "1"
        values = await run_in_threadpool(situation_values, record, name, number, after)
        return page("game_situation.j2", here="games", name=name, after=after, **values)

    return [
        Route("/games", games_page), Route("/games", start_game, methods=["POST"]),
        Route("/games/{name}", game_page), Route("/games/{name}/try", try_line, methods=["POST"]),
        Route("/games/{name}/placed", placed_page),
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
    ] + piles_routes(library, friendly, change, made_at) + editor_routes(library, page, friendly) + team_routes(library, page, friendly, change,
                                                              functools.partial(change_game, library),
                                                              lambda name: changing(game_path(library, name)))


# --- what the routes call ---------------------------------------------------------------------------


def created(library: Path, asked: NewGameRequest, wanted: str, named: bool, table: bool,
            start: tuple[str, ...]) -> str:
    """Return the name of a new game written to the library as asked: kept at a table (tiles drawn
    from a real bag: no racks dealt), a duplicate game, or a dealt teams or solo game, from the
    board file rows `start` (empty: an empty board); `named`: the teacher typed `wanted`, so a
    game of that name already there is refused, never made NAME-2 silently."""
    if named:
        refuse_taken(library, wanted)
    if table:
        header = Header(level=asked.level, mode=asked.mode, players=asked.players, minutes=asked.minutes,
                        board=start, **asked.settings)
        record = read_record(record_text(Record(header)), "the new game")
    elif asked.mode == "duplicate":
        record = new_duplicate(asked.players, asked.level, asked.seed, asked.minutes, board=start, play=asked.play)
    else:
        record = new_game(asked.mode, asked.players, asked.level, asked.seed, asked.minutes, board=start,
                          piles=asked.piles, operations=asked.operations)
        record = record.with_header(**asked.settings) if asked.settings else record
    return add_game(library, wanted, record)


def team_links(library: Path, name: str, record: Record, game: str) -> list[tuple[str, str, Markup]]:
    """Return each team of a teams game with its own link (under the game's address `game`) and
    the link as a QR code; raise for a game of another mode."""
    if record.header.mode != "teams":
        raise ClassroomError(f"game {name} is not a teams game: only a teams game has a link for each team")
    teams = []
    for player in record.header.players:
        link = f"{game}/team/{urllib.parse.quote(player, safe='')}?key={team_key(library, name, player)}"
        teams.append((player, link, Markup(qr_svg(link))))
    return teams


def game_pdf(record: Record, name: str, size: str, kind: str) -> bytes:
    """Return a game's score sheet as a PDF, or its board and score table to project (`kind`
    'board'); a duplicate game's round sheets (`kind` 'rounds') or results; raise for a duplicate
    game with no round yet, or asked for its board."""
    if record.header.mode != "duplicate":
        game = replay(record, where=f"game {name}")
        # The board page: the game as it stands and every turn's score, to project (RULES' team play on the overhead).
        return render_game_board(game, size) if kind == "board" else render_score_sheet(game, size)
    if kind == "board":
        raise ClassroomError("a duplicate game's rounds are printed as round sheets; choose a teams or solo game")
    game = replay_duplicate(record, where=f"game {name}")
    if not game.rounds:
        raise ClassroomError("the game has no round to print yet")
    return render_round_sheets(game, size) if kind == "rounds" else render_duplicate_results(game, size)


def situation_values(record: Record, name: str, number: str, after: bool) -> dict:
    """Return what the page of a game's position shows: the board before turn `number` (after
    it, with `after`) and the rack, as the board file and as squares; raise for a duplicate game
    or a turn that is not one of the game's."""
    if record.header.mode == "duplicate":
        raise ClassroomError("a duplicate game's rounds are printed as round sheets; choose a teams or solo game")
    game = replay(record, where=f"game {name}")
    if not number.isdigit():
        raise ClassroomError(f"the turn is a number from 1 to {len(game.turns)}, not {excerpt(number)!r}")
    board, rack = game_position(game, int(number), after, f"game {name}")
    return {"turn": int(number), "grid": board_text(board), "hand": " ".join(rack or ()), "level": record.header.level,
            "rows": board_rows(board, game.tileset, {}), "columns": COLUMNS}


def refuse_taken(library: Path, wanted: str) -> None:
    """Raise when a game already has the name typed for a new game (made plain as a file's)."""
    name = plain_name(wanted)
    if free_name(library, wanted) != name:
        raise ClassroomError(f"a game named {name} already exists: open it from the list of games, "
                             f"or give the new game another name")


def made_at(form) -> str:
    """Return the record_state a form was made for (its hidden field `at`), or "none" when it has
    none (a page from before, a script): no record is in that state, so such a form is refused
    as made for another state of the game."""
    value = form.get("at")
    return value if isinstance(value, str) and re.fullmatch(r"[0-9]{1,9}-[0-9a-f]{12}", value) else "none"
