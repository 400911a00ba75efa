"""The web app: its routes, each a thin page over the core, and the mapping of a
ClassroomError to its one sentence on the page with status 400."""

from __future__ import annotations

import base64
import contextlib
import datetime
import functools
import urllib.parse
from pathlib import Path

import jinja2
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from classroom.errors import ClassroomError, excerpt, one_line
from classroom.game.board import COLUMNS, Board, parse_board
from classroom.game.symbols import Hand
from classroom.game.tilesets import LEVELS, TileSet, load_tileset
from classroom.make.keys import board_tiles
from classroom.make.notebook import NOTEBOOK_LEVELS
from classroom.make.requests import MAX_COUNT, MAX_MARGIN, MAX_PLAYS  # a set's limits, the command line's too
from classroom.make.scoreplay import FOCUSES
from classroom.make.situation_rules import FEATURES
from classroom.make.worksheet import premium_labels
from classroom.mark.grading import grade, grade_class, summarize
from classroom.mark.judging import judge, judge_contest, standings
from classroom.mark.reports import class_rows, contest_rows, csv_text, shown
from classroom.render.results_pdf import render_results
from classroom.render.wording import shipped_templates
from classroom.store.library import PrintedSheet, find_sheet, run_file, runs, same_id, set_aside_run, sheet_hand
from classroom.store.matching import Matched, Targets, grading_targets, hand_targets
from classroom.web import preview
from classroom.web.forms import MAX_LINE, choice, optional_text, read_form, text, uploads, within_blank_limit
from classroom.web.games import game_routes, students_address
from classroom.web.jobs import Jobs
from classroom.web.making import Attached, make_set, order
from classroom.web.players import player_routes
from classroom.web.roles import SIGN_IN, Access, HostCheck, Hosts, form_field, guarded, signed_in, student, teacher_here
from classroom.web.searches import Searches

PAGES = {"make": "/", "library": "/library", "grade": "/grade", "games": "/games", "editor": "/editor"}


@functools.cache
def page_templates() -> jinja2.Environment:
    """Return the pages' templates: one environment for the process, shared by every app (its
    filters and globals are the same for all), so each page is compiled once."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(shipped_templates() / "web"),
                             autoescape=True, undefined=jinja2.StrictUndefined)
    env.filters["shown"] = lambda value: shown(str(value))  # a typographic minus: tiles and equations, never ids
    env.filters["date"] = lambda seconds: datetime.datetime.fromtimestamp(seconds).strftime("%Y-%m-%d %H:%M")
    env.filters["quoted"] = lambda value: urllib.parse.quote(str(value), safe="")
    env.globals["form_field"] = form_field  # every POST form's hidden token (web/roles.py)
    return env


def create_app(library: Path, workers: int = 1, hosts: Hosts | None = None,
               access: Access | None = None, reveal_seconds: float | None = None) -> Starlette:
    """Return the web app over a library folder (the output/ folder the command line writes to);
    a set's items are made on up to `workers` processes; a reveal searches for up to
    `reveal_seconds` (default searches.REVEAL_SECONDS). The teacher's routes need the session
    that `access`'s link sets (web/roles.py; a new secret when none is given, on app.state.access).
    With `hosts`, a request naming another host is refused (a web site that points its own name
    at this computer cannot read the keys through a visitor's browser)."""
    library = Path(library)
    access = access or Access()
    env = page_templates()
    jobs = Jobs()
    searches = Searches()  # reveals and analyses: bounded, and stopped with the server

    def page(template: str, status: int = 200, **values) -> HTMLResponse:
        values.setdefault("pages", PAGES)
        values.setdefault("teacher", teacher_here())  # a student's page shows no teacher's menu
        values.setdefault("here", template.removesuffix(".j2"))  # the page the menu marks
        return HTMLResponse(env.get_template(template).render(**values), status_code=status)

    def friendly(handler):
        """Return the handler with a ClassroomError shown as its sentence on an error page (400)."""

        @functools.wraps(handler)
        async def answer(request: Request) -> Response:
            try:
                return await handler(request)
            except ClassroomError as error:
                # A student's mistake leads to no teacher's page either (base.j2 hides the menu).
                return page("error.j2", 400, message=one_line(error), here="error")
            finally:
                form = getattr(request.state, "form", None)
                if form is not None:
                    await form.close()  # the uploads' temporary files

        return answer

    @friendly
    async def make_page(request: Request) -> Response:
        # The check address printed as a QR code: the page's own, when students can reach it.
        return page("make.j2", levels=LEVELS, library=library, features=FEATURES, check_address=students_address(request),
                    focuses=FOCUSES, notebook_levels=NOTEBOOK_LEVELS, max_count=MAX_COUNT, max_plays=MAX_PLAYS,
                    max_margin=MAX_MARGIN)

    @friendly
    async def make(request: Request) -> Response:
        form = await read_form(request)
        board = await uploads(form, "board_file", "the board file")
        names = await uploads(form, "roster_file", "the roster")
        attached = Attached(board[0].text if board else None, names[0] if names else None)
        # Everything is checked here (a board too), before any work starts.
        wanted = await run_in_threadpool(order, form, workers, attached)
        fields = [(k, v) for k, v in form.multi_items() if isinstance(v, str) and k != "seed"]
        if wanted.seed is not None:  # the job makes the set with the seed chosen here
            fields.append(("seed", str(wanted.seed)))
        job = jobs.start(wanted.items, make_set, (fields, attached, library, workers))
        return RedirectResponse(f"/jobs/{job.id}", status_code=303)

    @friendly
    async def job_page(request: Request) -> Response:
        job = jobs.get(request.path_params["id"])
        if job is None:
            raise ClassroomError("no such job: the server was restarted, or the job is long "
                                 "finished; find the set in the library")
        if not job.finished:
            return page("working.j2", job=job)
        if job.error is not None:
            return page("error.j2", 400, message=job.error)
        made = next((r for r in runs(library) if r.name == job.run), None)
        if made is None:
            raise ClassroomError(f"the set was written to {job.run}, but its manifest is gone from the library")
        return page("made.j2", run=made, note=job.note, previews=preview.available())

    @friendly
    async def cancel_job(request: Request) -> Response:
        job = jobs.get(request.path_params["id"])
        if job is None:
            raise ClassroomError("no such job: the server was restarted, or the job is long finished")
        await run_in_threadpool(jobs.cancel, job.id)
        return RedirectResponse(f"/jobs/{job.id}", status_code=303)

    @friendly
    async def library_page(request: Request) -> Response:
        return page("library.j2", runs=await run_in_threadpool(runs, library), library=library)

    @friendly
    async def remove_run(request: Request) -> Response:
        form = await read_form(request)
        await run_in_threadpool(set_aside_run, library, text(form, "run", "the run", 300))
        return RedirectResponse("/library", status_code=303)

    @friendly
    async def download(request: Request) -> Response:
        path = run_file(library, request.query_params.get("run", ""), request.query_params.get("file", ""))
        kind = {".pdf": "application/pdf", ".json": "application/json"}[path.suffix]
        # ?view=1 shows the file in the page (the preview without pdftoppm); else it is saved.
        shown = "inline" if request.query_params.get("view") == "1" else "attachment"
        return FileResponse(path, media_type=kind, filename=path.name, content_disposition_type=shown)

    @friendly
    async def preview_png(request: Request) -> Response:
        path = run_file(library, request.query_params.get("run", ""), request.query_params.get("file", ""))
        if path.suffix != ".pdf":
            raise ClassroomError(f"{excerpt(path.name)} is not a PDF; only a PDF has a preview")
        return Response(await run_in_threadpool(preview.first_page, path), media_type="image/png")

    @friendly
    async def grade_page(request: Request) -> Response:
        return page("grade.j2", sheet=request.query_params.get("sheet", "")[:60], levels=LEVELS)

    @friendly
    async def grade_lists(request: Request) -> Response:
        form = await read_form(request)
        sheet = optional_text(form, "sheet", "the worksheet id", 60)
        hand = optional_text(form, "hand", "the hand", 200)
        pasted = text(form, "list", "the list")
        student = optional_text(form, "student", "the student's name", 60)
        files = await uploads(form, "files", "the list")
        by_name = sheet is None and hand is None and (files or student is not None)
        if (sheet is None) == (hand is None) and not by_name:
            raise ClassroomError("give the worksheet's id or the hand, one of the two")
        lists = [(student or "pasted", pasted)] if pasted.strip() else []
        lists += [(u.name, u.text) for u in files]
        if not lists:
            raise ClassroomError("paste a list, or choose the students' files to upload")
        names = [name for name, _ in lists]
        if hand is not None:
            tileset = load_tileset(choice(form, "level", "the level", LEVELS, "original"), None)
            targets = hand_targets(names, within_blank_limit(tileset.read_hand(hand)), tileset, len(lists) == 1)
        else:
            targets = await run_in_threadpool(grading_targets, names, None, sheet, library, None, None,
                                              len(lists) == 1, "the worksheet's id or the hand",
                                              "in the library")
        texts = [(m, lists[m.index][1]) for m in targets.lists]
        run = targets.run.name if targets.run else None
        if targets.contest:
            (id, record), = targets.records.items()
            held, tileset = targets.sheets[id]
            judged = await run_in_threadpool(
                judge_contest, [(None if len(lists) == 1 else m.student, plays) for m, plays in texts],
                record.grid, f"{record.manifest} ({record.id})", held, tileset)
            rows = contest_rows(judged)
            size = choice(form, "page_size", "the page size", ("letter", "a4"), "letter")
            pdf = await run_in_threadpool(render_results, record.id, held, judged, size, None)
            return page("judged.j2", here="grade", sheet=record.id, hand=held, judged=standings(judged),
                        rows=rows, csv=csv_text(rows), name=f"{record.id}-results.csv", run=run,
                        skipped=targets.skipped, pdf=base64.b64encode(pdf).decode("ascii"))
        return await run_in_threadpool(graded_page, targets, texts)

    def graded_page(targets: Targets, texts: list[tuple[Matched, str]]) -> Response:
        students, keys = grade_class([(m.student, m.sheet, listed) for m, listed in texts], targets.sheets,
                                     targets.stored_totals)
        rows = class_rows(students)
        one = next(iter(targets.sheets)) if len(targets.sheets) == 1 and targets.by_sheet else None
        totals = {sheet: keys.totals(sheet) for sheet in targets.sheets}
        return page("graded.j2", here="grade", sheet=one, by_sheet=targets.by_sheet, hands=targets.sheets,
                    students=students, totals=totals, summary=summarize(students, keys), rows=rows,
                    csv=csv_text(rows), name=f"{one or 'grades'}.csv",
                    run=targets.run.name if targets.run else None, skipped=targets.skipped)

    async def sheet_of(request: Request) -> tuple[PrintedSheet, Hand, TileSet, Board | None]:
        """Return the sheet a check page names: its record, hand, tile set and (a situation's)
        board. A student reads what goes wrong here, so no sentence names a folder of this
        computer; the teacher's pages say what is wrong in the library."""
        wanted = request.path_params["id"]
        try:
            record = await run_in_threadpool(find_sheet, wanted[:60], library)
        except ClassroomError:
            record = None
        if record is None or not same_id(record.id, wanted):  # not a student's name
            raise ClassroomError(f"no worksheet {excerpt(wanted)} in this library; check the id "
                                 f"printed on your sheet")
        try:
            held, tileset = sheet_hand(record, None)
            board = parse_board(record.grid, record.id, tileset.rules) if record.kind == "situations" else None
        except ClassroomError:
            raise ClassroomError(f"worksheet {record.id} cannot be checked: its record in this "
                                 f"library is damaged; tell your teacher") from None
        return record, held, tileset, board

    def check_view(record: PrintedSheet, held: Hand, tileset: TileSet, board: Board | None,
                   verdict: dict | None = None, line: str = "") -> HTMLResponse:
        """Return a student's check page: a boardless sheet's (a line, and a list kept in the
        browser), a practice situation's (the board, one play), or a contest's, which checks
        nothing (403)."""
        if not record.check:
            return page("check_closed.j2", 403, record=record, here="check")
        if board is None:
            return page("check.j2", record=record, hand=held, verdict=verdict, line=line, here="check")
        return page("check_play.j2", record=record, hand=held, verdict=verdict, line=line, here="check",
                    tiles={(t.row, t.col): t for t in board_tiles(board.tiles, tileset)},
                    premiums=premium_labels(), columns=COLUMNS)

    @student
    @friendly
    async def check_page(request: Request) -> Response:
        return check_view(*await sheet_of(request))

    @student
    @friendly
    async def check_line(request: Request) -> Response:
        record, held, tileset, board = await sheet_of(request)
        if not record.check:  # refused before the line is even read
            return check_view(record, held, tileset, board)
        form = await read_form(request)
        line = text(form, "line", "the line", MAX_LINE).strip()
        if not line:
            raise ClassroomError("type an equation (or a play) to check")
        if "\n" in line or "\r" in line:
            raise ClassroomError("type one line to check")
        if board is not None:
            judged = await run_in_threadpool(judge, line, board, held, tileset)
            if not judged:  # a comment or a bare number
                raise ClassroomError("type a play to check, like F9 across 7/4 = 3/4 + 1")
            verdict = {"valid": judged[0].legal, "reason": judged[0].reason, "score": judged[0].score,
                       "entry": judged[0].notation or ""}
        else:
            marked = (await run_in_threadpool(grade, line, held, tileset)).lines
            if not marked:
                raise ClassroomError("type an equation to check, like 7 + 9 × 4 = 43")
            verdict = {"valid": marked[0].valid, "reason": marked[0].reason, "score": marked[0].score,
                       "entry": marked[0].written or ""}
        return check_view(record, held, tileset, board, verdict, line)

    def refuse(sentence: str, status: int, teacher: bool) -> Response:
        """Return the page that says no: the sign-in page without a sentence, else the sentence."""
        if not sentence:
            return page("sign_in.j2", status, here="sign-in", teacher=False)
        return page("error.j2", status, message=sentence, here="error", teacher=teacher)

    async def sign_in(request: Request) -> Response:
        return signed_in(access, request, lambda: page("signed_in.j2", here="sign-in", teacher=False), refuse)

    routes = [
        Route("/", make_page), Route("/make", make, methods=["POST"]),
        Route("/jobs/{id}", job_page), Route("/jobs/{id}/cancel", cancel_job, methods=["POST"]),
        Route("/library", library_page), Route("/library/remove", remove_run, methods=["POST"]),
        Route("/download", download), Route("/preview", preview_png),
        Route("/grade", grade_page), Route("/grade", grade_lists, methods=["POST"]),
        Route("/check/{id}", check_page), Route("/check/{id}", check_line, methods=["POST"]),
        *game_routes(library, page, friendly, searches, reveal_seconds),
        *player_routes(library, page, friendly),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        with searches.closed_on_signals():
            yield
        searches.close()
        jobs.close()

    # Every route is the teacher's unless marked @student (web/roles.py); the sign-in is neither.
    routes = [Route(r.path, guarded(r.endpoint, access, refuse), methods=r.methods, name=r.name) for r in routes]
    routes.append(Route(SIGN_IN, sign_in))
    middleware = [Middleware(HostCheck, hosts=hosts)] if hosts is not None else []
    app = Starlette(routes=routes, lifespan=lifespan, middleware=middleware)
    app.state.access = access
    app.state.searches = searches  # the tests count its searches
    return app
