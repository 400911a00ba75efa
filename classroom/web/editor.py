"""The board editor: a real table's position copied square by square into a board file (RULES
§5's 19 rows), checked as a board file is, saved in the library's boards/ folder and opened
again from there; a bad entry is named by its squares, which the page marks."""

from __future__ import annotations

import re
from pathlib import Path

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from classroom.errors import ClassroomError
from classroom.game.board import (
    COLUMNS,
    SIZE,
    Direction,
    board_text,
    check_tiles,
    on_board,
    parse_board,
    parse_square,
    square_name,
)
from classroom.game.tilesets import LEVELS, TileSet, load_level
from classroom.make.worksheet import premium_labels
from classroom.store.games import BOARDS, board_path, save_board
from classroom.web.forms import choice, optional_text, read_form, text, within_blank_limit

# How a board's error names a string: 'row 10 from J10', 'column F from F9'.
_STRING = re.compile(r"\b(row|column) \w+ from ([A-S]\d{1,2})\b")
_SQUARE = re.compile(r"\b([A-S](?:1[0-9]|[1-9]))\b")


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


def named_squares(error: str, cells: dict[str, str]) -> set[str]:
    """Return the squares an editor's error names, a string's named by its first square and
    line ('row 10 from J10: the two sides differ' marks every filled square of that string)."""
    named = set()
    for line, first in _STRING.findall(error):
        step = Direction.ACROSS.step if line == "row" else Direction.DOWN.step
        square = parse_square(first)
        while on_board(square) and square_name(square) in cells:
            named.add(square_name(square))
            square = (square[0] + step[0], square[1] + step[1])
    named.update(_SQUARE.findall(_STRING.sub("", error)))
    return named


def saved_boards(library: Path) -> list[str]:
    """Return the names of the board files in the library's boards/ folder, in order."""
    folder = Path(library) / BOARDS
    return sorted(path.stem for path in folder.glob("*.txt")) if folder.is_dir() else []


def editor_routes(library: Path, page, friendly) -> list[Route]:
    """Return the editor's routes over the library folder; `page` renders a template, `friendly`
    turns a ClassroomError into its sentence."""

    def editor(cells: dict[str, str], level: str = "original", hand: str = "", name: str = "",
               error: str | None = None, saved: str | None = None, status: int = 200) -> Response:
        return page("editor.j2", status, here="editor", cells=cells, columns=COLUMNS, labels=premium_labels(),
                    levels=LEVELS, error=error, saved=saved, hand=hand, level=level, name=name,
                    bad=named_squares(error, cells) if error else set(), boards=saved_boards(library))

    @friendly
    async def editor_page(request: Request) -> Response:
        """The editor, empty or with a saved board opened again (?board=NAME)."""
        wanted = request.query_params.get("board", "")[:40]
        if not wanted:
            return editor({})
        path = await run_in_threadpool(board_path, library, wanted)
        return editor(grid_cells(await run_in_threadpool(path.read_text, "utf-8")), name=path.stem)

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

    return [Route("/editor", editor_page), Route("/editor", editor_post, methods=["POST"]),
            Route("/boards/{name}", board_file)]
