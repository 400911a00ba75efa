"""The Make page's forms, Boardless, Board Situations, Score this play, True or not?, A variety of
equations and the Activity Notebook, turned into the same core calls as `classroom boardless`,
`situations`, `scoreplay`, `trueornot`, `variety` and `notebook`: checked at once (bad input is one sentence before any
work starts), then made and written by a job.

The difficulty (`--difficulty`) and the key's form (`--key`) are chosen as on the command line.
A Boardless or Board Situations set is read into the command line's own request object
(make.requests: one check, one sentence and one limit for a field at either door).
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from starlette.datastructures import FormData

from classroom.errors import ClassroomError
from classroom.game.board import check_tiles, parse_board
from classroom.game.tilesets import LEVELS, TileSet, load_tileset
from classroom.make import notebook as notebooks
from classroom.make.focuses import FOCUSES
from classroom.make.notebook import NOTEBOOK_LEVELS, Notebook
from classroom.make.requests import COUNT, DEFAULT_COUNT, MAX_COUNT, boardless_request, situations_request
from classroom.make.roster import parse_roster
from classroom.make.sets import (
    PrintOptions,
    boardless_set,
    checked_title,
    checked_url,
    own_situation_set,
    scoreplay_set,
    situations_set,
    trueornot_set,
)
from classroom.make.trueornot import LINES, MAX_LINES, MIN_LINES
from classroom.make.variety import variety_set
from classroom.make.worksheet import KEYS, PAGE_SIZES, Worksheet
from classroom.record.requests import run_seed
from classroom.record.requests import whole as whole_number
from classroom.store.runs import choose_folder, write_notebook, write_worksheet
from classroom.web.forms import Upload, choice, optional_text, text, ticked, whole, within_blank_limit
from classroom.web.jobs import Step


@dataclass(frozen=True)
class Order:
    """A checked request for a class set: how many items to make, and how to make them."""

    items: int  # items made (the progress counts them)
    make: Callable[[Callable[[], None]], object]  # make(step) returns the Worksheet (or Notebook), calling step() per item
    default: str  # the folder the run goes to in the library, unless an earlier run holds it
    seed: int | None = None  # the seed used, chosen here when the form leaves it empty
    stage: str = "making"  # the stage the Working page names while it is made (web.jobs.STAGES)


@dataclass(frozen=True)
class Attached:
    """The files uploaded with a Make form, read: a board file's text, a roster file."""

    board: str | None = None
    roster: Upload | None = None


def layout(form: FormData) -> PrintOptions:
    """Return the checked page size, large print, title, key, check address (a QR code of each
    sheet's check page) and practice switch of a form (the switch, on the situations form only,
    turns a situation's check page on, as a check address does)."""
    return PrintOptions(choice(form, "page_size", "the page size", PAGE_SIZES, "letter"),
                        ticked(form, "large_print"), checked_title(optional_text(form, "title", "the title", 500)),
                        choice(form, "key", "the answer key", KEYS, "full"),
                        checked_url(optional_text(form, "check_url", "the check address", 200), "the check address"),
                        practice=ticked(form, "practice"))


def roster(form: FormData, attached: Attached) -> tuple[str, ...]:
    """Return the names of a roster pasted (a name a line) or uploaded (names.txt, or names.csv
    read as a table, as --roster reads them), or () when there is none."""
    names = text(form, "roster", "the roster")
    if names.strip() and attached.roster is not None:
        raise ClassroomError("paste the roster or upload its file, not both")
    if attached.roster is not None:
        return parse_roster(attached.roster.text, attached.roster.name,
                            attached.roster.name.lower().endswith(".csv"))
    return parse_roster(names, "the roster") if names.strip() else ()


def level_and_layout(form: FormData) -> tuple[str, TileSet, PrintOptions]:
    """Return the checked level of a form, its tile set, and the form's layout (see layout)."""
    level = choice(form, "level", "the level", LEVELS, "original")
    return level, load_tileset(level, None), layout(form)


def number(form: FormData, name: str) -> str:
    """Return a number field's text as typed: make.requests and record.requests read and check
    it, with the sentence the command line gives for the same value."""
    return text(form, name, name)


def counted(form: FormData, kind: str,
            make: Callable[[int, int, Callable[[], None]], Worksheet]) -> Order:
    """Return the order of a set of the form's count of sheets (5 unless it says) from the
    form's seed or one chosen: make(seed, count, step) makes it, and it goes to the folder
    KIND-SEED."""
    count = whole_number(number(form, "count"), 1, MAX_COUNT, DEFAULT_COUNT, COUNT)
    seed = run_seed(number(form, "seed"), random.SystemRandom())
    return Order(count, lambda step: make(seed, count, step), f"{kind}-{seed}", seed)


def boardless_order(form: FormData, workers: int, attached: Attached) -> Order:
    """Return the Boardless Activity set a form asks for: `classroom boardless`'s request."""
    level = choice(form, "level", "the level", LEVELS, "original")
    tileset = load_tileset(level, None)
    names = roster(form, attached)
    asked = boardless_request(
        tileset, random.SystemRandom(), count=None if names else number(form, "count"),
        seed=number(form, "seed"), difficulty=text(form, "difficulty", "the difficulty", 40).strip() or "medium",
        balanced=ticked(form, "balanced"), blanks=not ticked(form, "no_blanks"),
        same_hand=ticked(form, "same_hand"), names=names)
    sheets = layout(form)
    return Order(asked.items, lambda step: boardless_set(
        tileset, level, asked.seed, asked.count, asked.rules, sheets, asked.same_hand, workers, step,
        asked.names), f"boardless-{asked.seed}", asked.seed)


def situations_order(form: FormData, workers: int, attached: Attached) -> Order:
    """Return the Board Situations set a form asks for (simulated positions, or the teacher's
    own board, pasted or uploaded, and hand), checked as `classroom situations` checks it."""
    level, tileset, sheets = level_and_layout(form)
    names = roster(form, attached)
    board_text = optional_text(form, "board", "the board")
    if board_text is not None and attached.board is not None:
        raise ClassroomError("paste the board or upload its file, not both")
    board_text = board_text or attached.board
    hand = optional_text(form, "hand", "the hand", 200)
    if (board_text is None) != (hand is None):
        raise ClassroomError("a position of your own needs both a board and a hand")
    if board_text is not None:
        held = within_blank_limit(tileset.read_hand(hand))
        position = check_tiles(parse_board(board_text, "the board", tileset.rules), tileset, held)

        def own(step: Callable[[], None]):
            worksheet = own_situation_set(tileset, level, position, held, sheets, names)
            step()
            return worksheet

        return Order(1, own, "situations-own", stage="solving")
    features = tuple(f for f in form.getlist("feature") if isinstance(f, str) and f)
    asked = situations_request(random.SystemRandom(), count=number(form, "count"), seed=number(form, "seed"),
                               plays=number(form, "plays"), margin=number(form, "margin"),
                               features=features, blanks=not ticked(form, "no_blanks"), names=names,
                               player="engine" if ticked(form, "engine_player") else "class")
    return Order(asked.count, lambda step: situations_set(
        tileset, level, asked.seed, asked.count, asked.rules, sheets, workers, step, asked.names),
        f"situations-{asked.seed}", asked.seed, stage="searching")


def scoreplay_order(form: FormData, workers: int, attached: Attached) -> Order:
    """Return the Score this play set a form asks for, checked as `classroom scoreplay` checks it."""
    level, tileset, sheets = level_and_layout(form)
    focus = optional_text(form, "focus", "the focus", 40)
    focus = None if focus is None else choice(form, "focus", "the focus", tuple(FOCUSES), "plain")
    return counted(form, "scoreplay", lambda seed, count, step: scoreplay_set(
        tileset, level, seed, count, focus, sheets, workers, step))


def trueornot_order(form: FormData, workers: int, attached: Attached) -> Order:
    """Return the True or not? set a form asks for, checked as `classroom trueornot` checks it."""
    level, tileset, sheets = level_and_layout(form)
    lines = whole(form, "lines", "the lines on a sheet", MIN_LINES, MAX_LINES, LINES)
    return counted(form, "trueornot", lambda seed, count, step: trueornot_set(
        tileset, level, seed, count, lines, sheets, workers, step))


def variety_order(form: FormData, workers: int, attached: Attached) -> Order:
    """Return the A variety of equations set a form asks for, as `classroom variety` makes it
    (add-subtract unless the form says; the key counts every kind in full)."""
    level = choice(form, "level", "the level", LEVELS, "add-subtract")
    sheets = dataclasses.replace(layout(form), key="full")
    return counted(form, "variety", lambda seed, count, step: variety_set(
        load_tileset(level, None), level, seed, count, None, sheets, workers, step))


def notebook_order(form: FormData, workers: int, attached: Attached) -> Order:
    """Return the Activity Notebook a form asks for, checked as `classroom notebook` checks it."""
    level = choice(form, "level", "the level", NOTEBOOK_LEVELS, "original")
    tileset = load_tileset(level, None)
    page_size = choice(form, "page_size", "the page size", PAGE_SIZES, "letter")
    seed = run_seed(number(form, "seed"), random.SystemRandom())
    plan = notebooks.BINDER
    return Order(plan.items, lambda step: notebooks.notebook(tileset, level, seed, page_size, workers, step, plan),
                 f"notebook-{level}-{seed}", seed)


ORDERS = {"boardless": boardless_order, "situations": situations_order, "scoreplay": scoreplay_order,
          "trueornot": trueornot_order, "variety": variety_order, "notebook": notebook_order}  # by the form's kind


def order(form: FormData, workers: int, attached: Attached = Attached()) -> Order:
    """Return the set a Make form (with its uploaded files) asks for, by its kind."""
    kind = choice(form, "kind", "the kind of worksheet", tuple(ORDERS), "boardless")
    return ORDERS[kind](form, workers, attached)


def make_set(step: Step, fields: list[tuple[str, str]], attached: Attached,
             library: Path, workers: int) -> tuple[str, str | None]:
    """Return (the run's folder in the library, a note or None) after making the set the form
    fields ask for (a job's work: the fields were checked already, and hold the seed chosen)
    and writing it into a folder of the library no earlier run uses, as the command line does;
    `step` hears each item made and each stage begun, for the Working page."""
    wanted = order(FormData(fields), workers, attached)
    step.stage(wanted.stage)
    made = wanted.make(step)
    step.stage("drawing")
    folder, note = choose_folder(None, library / wanted.default)
    if isinstance(made, Notebook):
        write_notebook(made, folder)
    else:
        write_worksheet(made, folder)
    return folder.relative_to(library).as_posix(), note
