"""The Make page's forms, Boardless, Board Situations, Score this play, True or not? and the
Activity Notebook, turned into the same core calls as `classroom boardless`, `situations`,
`scoreplay`, `trueornot` and `notebook`: checked at once (bad input is one sentence before any
work starts), then made and written by a job.

The difficulty (`--difficulty`) and the key's form (`--key`) are chosen as on the command line.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from starlette.datastructures import FormData

from classroom.make import notebook as notebooks
from classroom.make.notebook import NOTEBOOK_LEVELS, Notebook
from classroom.make.scoreplay import FOCUSES
from classroom.make.sets import (
    MAX_SEED, PrintOptions, boardless_set, checked_title, checked_url, own_situation_set, run_seed,
    scoreplay_set, situations_set, trueornot_set,
)
from classroom.make.trueornot import LINES, MAX_LINES, MIN_LINES
from classroom.game.board import check_tiles, parse_board
from classroom.errors import ClassroomError
from classroom.make.hands import DIFFICULTIES
from classroom.store.runs import choose_folder, write_notebook, write_worksheet
from classroom.make.roster import parse_roster
from classroom.make.situation_rules import FEATURES, SituationRules
from classroom.game.symbols import MAX_HAND
from classroom.game.tilesets import LEVELS, TileSet, load_tileset
from classroom.make.worksheet import KEYS, PAGE_SIZES, Worksheet
from classroom.web.forms import MAX_COUNT, MAX_ROSTER, Upload, choice, within_blank_limit, optional_text, text, ticked, whole


@dataclass(frozen=True)
class Order:
    """A checked request for a class set: how many items to make, and how to make them."""

    items: int  # items made (the progress counts them)
    make: Callable[[Callable[[], None]], object]  # make(step) returns the Worksheet (or Notebook), calling step() per item
    default: str  # the folder the run goes to in the library, unless an earlier run holds it
    seed: int | None = None  # the seed used, chosen here when the form leaves it empty


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


def counted(form: FormData, kind: str, items: str,
            make: Callable[[int, int, Callable[[], None]], Worksheet]) -> Order:
    """Return the order of a set of the form's count of items (5 unless it says; `items` names
    them in a message) from the form's seed or one chosen: make(seed, count, step) makes it, and
    it goes to the folder KIND-SEED."""
    count = whole(form, "count", items, 1, MAX_COUNT, 5)
    seed = run_seed(whole(form, "seed", "the seed", 0, MAX_SEED, None), random.SystemRandom())
    return Order(count, lambda step: make(seed, count, step), f"{kind}-{seed}", seed)


def boardless_order(form: FormData, workers: int, attached: Attached) -> Order:
    """Return the Boardless Activity set a form asks for, checked as `classroom boardless` checks it."""
    level = choice(form, "level", "the level", LEVELS, "original")
    tileset = load_tileset(level, None)
    difficulty = choice(form, "difficulty", "the difficulty", tuple(DIFFICULTIES), "medium")
    rules = DIFFICULTIES[difficulty].rules(  # as `classroom boardless` draws them
        MAX_HAND, tileset, balanced=ticked(form, "balanced") or None,
        blanks=False if ticked(form, "no_blanks") else None)
    rules.check(tileset)
    names = roster(form, attached)
    count = len(names) or whole(form, "count", "the number of sheets", 1, MAX_COUNT, 5)
    if len(names) > MAX_ROSTER:
        raise ClassroomError(f"the roster has {len(names)} names; the page makes at most {MAX_ROSTER} named sheets at once")
    seed = run_seed(whole(form, "seed", "the seed", 0, MAX_SEED, None), random.SystemRandom())
    same_hand = ticked(form, "same_hand")
    sheets = layout(form)
    return Order(1 if same_hand else count, lambda step: boardless_set(
        tileset, level, seed, count, rules, sheets, same_hand, workers, step, names),
        f"boardless-{seed}", seed)


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

        return Order(1, own, "situations-own")
    features = tuple(f for f in form.getlist("feature") if isinstance(f, str) and f)
    rules = SituationRules(plays=whole(form, "plays", "the plays on the board", 0, 40, 6),
                           margin=whole(form, "margin", "the winning margin", 0, 50, 3),
                           features=features[:len(FEATURES)], blanks=not ticked(form, "no_blanks"),
                           player="engine" if ticked(form, "engine_player") else "class")
    rules.check()
    return counted(form, "situations", "the number of situations", lambda seed, count, step: situations_set(
        tileset, level, seed, count, rules, sheets, workers, step, names))


def scoreplay_order(form: FormData, workers: int, attached: Attached) -> Order:
    """Return the Score this play set a form asks for, checked as `classroom scoreplay` checks it."""
    level, tileset, sheets = level_and_layout(form)
    focus = optional_text(form, "focus", "the focus", 40)
    focus = None if focus is None else choice(form, "focus", "the focus", tuple(FOCUSES), "plain")
    return counted(form, "scoreplay", "the number of sheets", lambda seed, count, step: scoreplay_set(
        tileset, level, seed, count, focus, sheets, workers, step))


def trueornot_order(form: FormData, workers: int, attached: Attached) -> Order:
    """Return the True or not? set a form asks for, checked as `classroom trueornot` checks it."""
    level, tileset, sheets = level_and_layout(form)
    lines = whole(form, "lines", "the lines on a sheet", MIN_LINES, MAX_LINES, LINES)
    return counted(form, "trueornot", "the number of sheets", lambda seed, count, step: trueornot_set(
        tileset, level, seed, count, lines, sheets, workers, step))


def notebook_order(form: FormData, workers: int, attached: Attached) -> Order:
    """Return the Activity Notebook a form asks for, checked as `classroom notebook` checks it."""
    level = choice(form, "level", "the level", NOTEBOOK_LEVELS, "original")
    tileset = load_tileset(level, None)
    page_size = choice(form, "page_size", "the page size", PAGE_SIZES, "letter")
    seed = run_seed(whole(form, "seed", "the seed", 0, MAX_SEED, None), random.SystemRandom())
    plan = notebooks.BINDER
    return Order(plan.items, lambda step: notebooks.notebook(tileset, level, seed, page_size, workers, step, plan),
                 f"notebook-{level}-{seed}", seed)


ORDERS = {"boardless": boardless_order, "situations": situations_order, "scoreplay": scoreplay_order,
          "trueornot": trueornot_order, "notebook": notebook_order}  # by the form's kind


def order(form: FormData, workers: int, attached: Attached = Attached()) -> Order:
    """Return the set a Make form (with its uploaded files) asks for, by its kind."""
    kind = choice(form, "kind", "the kind of worksheet", tuple(ORDERS), "boardless")
    return ORDERS[kind](form, workers, attached)


def make_set(step: Callable[[], None], fields: list[tuple[str, str]], attached: Attached,
             library: Path, workers: int) -> tuple[str, str | None]:
    """Return (the run's folder in the library, a note or None) after making the set the form
    fields ask for (a job's work: the fields were checked already, and hold the seed chosen)
    and writing it into a folder of the library no earlier run uses, as the command line does."""
    wanted = order(FormData(fields), workers, attached)
    made = wanted.make(step)
    folder, note = choose_folder(None, library / wanted.default)
    if isinstance(made, Notebook):
        write_notebook(made, folder)
    else:
        write_worksheet(made, folder)
    return folder.relative_to(library).as_posix(), note
