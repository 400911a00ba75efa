"""The Activity Notebook: the same seed gives the same bytes, every key answer in the binder holds
(re-checked by the checker and the independent scorer), the print-and-play board read back from
the PDF assembles into one 19 × 19 board, the tile pages hold each level's exact counts, every
page carries an id and the seed, sheets are graded by id from the notebook's manifest, and bad
input is one sentence and exit 2.

A binder of every section at full length takes half a minute or more to make (the situations'
searches); these tests make a smaller plan with the same makers and the same renderer."""

from __future__ import annotations

import functools
import json
import re
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.game.tilesets import load_level
from classroom.make import notebook as notebook_module
from classroom.make.hands import HandRules, unused_tiles
from classroom.make.notebook import (
    BINDER,
    NOTEBOOK_LEVELS,
    SECTIONS,
    Notebook,
    Plan,
    Section,
    box_counts,
    box_tiles,
    notebook,
)
from classroom.make.worksheet import Worksheet
from classroom.render.boardless_pdf import render_boardless
from classroom.render.printplay import CELL, GLUE, SIZE, arranged, bands, layers, parts
from classroom.render.wording import environment
from classroom.solve.boardless import check, solve
from classroom.store.runs import write_notebook
from tests.pdftext import Chunk, Shape, chunks, outside, shapes
from tests.reference_score import reference_score

ORIGINAL = load_level("original")
SMALL = Plan(boardless=("easy",), situations=("first-play",), scoreplay=1, trueornot=1)
SEED = 11  # a seed whose small notebook is made in 3 s (seed 7's took 9: its projector board)
runner = CliRunner()


@pytest.fixture(scope="module")
def small() -> Notebook:
    """Return a small notebook of the Original set, seed SEED: one item in every section."""
    return notebook(ORIGINAL, "original", SEED, plan=SMALL)


@pytest.fixture(scope="module")
def written(small, tmp_path_factory) -> list[Path]:
    """Return the files of the small notebook written to a folder: binder, teacher's book, manifest."""
    return write_notebook(small, tmp_path_factory.mktemp("notebook"))


@pytest.fixture(scope="module")
def read_back(written) -> tuple[tuple[tuple[Chunk, ...], ...], ...]:
    """Return the strings drawn on each page of the small notebook's binder and of its teacher's
    book (tests/pdftext.chunks), read once for the module: the tests only look at them, and
    reading both PDFs back takes some 0.3 s each time."""
    return tuple(tuple(tuple(found) for found in chunks(pdf)) for pdf in written[:2])


def print_and_play_only(level: str, page_size: str = "letter") -> Notebook:
    """Return a notebook of the level that holds the print-and-play set only (nothing to search)."""
    counts = box_counts(load_level(level))
    return Notebook(f"N-1-{level}", 1, level, page_size, (Section("printplay"),), box_tiles(counts), counts)


class PrintAndPlay:
    """The print-and-play-only notebook of a level and a page size, written to a folder, with the
    strings and the shapes drawn on its binder's pages and the strings of its teacher's book,
    each read back when first asked for."""

    def __init__(self, level: str, page_size: str, folder: Path):
        self.paths = write_notebook(print_and_play_only(level, page_size), folder)

    @functools.cached_property
    def binder(self) -> tuple[tuple[Chunk, ...], ...]:
        return tuple(tuple(found) for found in chunks(self.paths[0]))

    @functools.cached_property
    def drawn(self) -> tuple[tuple[Shape, ...], ...]:
        return tuple(tuple(page) for page in shapes(self.paths[0]))

    @functools.cached_property
    def book(self) -> tuple[tuple[Chunk, ...], ...]:
        return tuple(tuple(found) for found in chunks(self.paths[1]))


@pytest.fixture(scope="module")
def print_and_play(tmp_path_factory):
    """Return a function giving the PrintAndPlay of a level and a page size, made once for the
    module: the board's tests and the tile pages' tests read the same notebooks (the same
    notebook writes the same bytes), and only read them."""
    made: dict[tuple[str, str], PrintAndPlay] = {}

    def made_once(level: str, page_size: str = "letter") -> PrintAndPlay:
        if (level, page_size) not in made:
            made[level, page_size] = PrintAndPlay(level, page_size, tmp_path_factory.mktemp("printplay"))
        return made[level, page_size]

    return made_once


def page_text(found) -> str:
    """Return a page's strings joined by spaces."""
    return " ".join(c.text for c in found)


def test_the_binder_goes_through_every_section_in_order(small):
    """The binder's plan: three hands easy to hard, five situations, five plays to score (one
    of each focus), two True or not? sheets, a variety of equations, and the sections in the
    order a class learns (PRODUCT.md): what is legal, scoring, kinds of equation, hands, the
    board from empty to nine tiles, games."""
    assert SECTIONS == ("trueornot", "scoreplay", "variety", "boardless", "situations", "printplay", "overhead")
    assert tuple(section.name for section in small.sections) == SECTIONS
    assert BINDER.boardless == ("easy", "medium", "hard")
    assert BINDER.situations == ("first-play", "extension", "cross", "premium", "nine-tile")
    assert BINDER.steps()["scoreplay"] == ("plain", "s-premium", "e-premium", "cross", "all")
    assert BINDER.steps()["variety"] == ("kinds",)
    assert BINDER.items == 3 + 5 + 2 + 5 + 2 + 1 - 1  # the two cross items are one job


def test_the_dear_items_are_started_first_and_come_back_in_order(monkeypatch):
    """The binder's items are made dearest first (DEAR_FIRST), the others in the plan's order,
    and each comes back in its own place."""
    started = []
    monkeypatch.setattr(notebook_module, "_make", lambda job: started.append(job) or (job, job[-1]))
    jobs = notebook_module.binder_jobs(BINDER, ORIGINAL, SEED, dict.fromkeys(BINDER.steps(), "tag"))
    assert len(jobs) == BINDER.items
    assert notebook_module.run_all_dear_first(jobs, 1, lambda: None) == [(job, job[-1]) for job in jobs]
    held = {(job[0], job[-1]) for job in jobs}  # the binder's: the cross situation's job makes both cross items
    dear = [(job[0], job[-1]) for job in started[:len(held & set(notebook_module.DEAR_FIRST))]]
    assert dear == [pair for pair in notebook_module.DEAR_FIRST if pair in held] and dear[0] == ("cross", "cross")
    assert started[len(dear):] == [job for job in jobs if (job[0], job[-1]) not in notebook_module.DEAR_FIRST]


@pytest.mark.parametrize("level, hand, unused", [
    ("original", "5/2 + + - 1 3 4 6", ("5/2",)),  # 40 equations, none with the 5/2
    ("junior", "1 2 3 + 7/4", ("7/4",)),
    ("original", "2 4 ÷ 3 8", ()),
    ("original", "2 4 ÷ 3 8 ?", ()),  # the blank is in some equation too
])
def test_a_binder_hand_never_holds_a_tile_no_equation_uses(level, hand, unused):
    """A hand with a tile that no equation of it can use is refused by the binder's hand rules
    (every_tile), and accepted without them."""
    tileset = load_level(level)
    solution = solve(tuple(hand.split()), tileset)
    assert unused_tiles(solution) == unused
    assert ("every tile in some equation" in HandRules(every_tile=True).unmet(solution)) == bool(unused)
    assert "every tile in some equation" not in HandRules().unmet(solution)


def test_the_binder_s_hands_use_every_tile(small):
    """Every tile of every hand the small binder prints is in some equation of its key."""
    hands = [item for name in ("boardless", "overhead") for item in small.section(name).items
             if hasattr(item, "answers")]
    assert hands
    for item in hands:
        used = {"?" if t.startswith("?") else t for a in item.answers for t in a.tiles}  # a blank as '?'

        assert {face.tile for face in item.hand} <= used, item.id


def test_same_seed_same_bytes(small, written, tmp_path):
    """The same seed makes the same notebook again, and it is written byte for byte the same."""
    again = notebook(ORIGINAL, "original", SEED, plan=SMALL)
    assert again == small
    for first, second in zip(written, write_notebook(again, tmp_path)):
        assert first.name == second.name
        assert first.read_bytes() == second.read_bytes()


def test_every_key_answer_in_the_notebook_holds(small):
    """Every boardless answer is a true equation of its hand at its score; every situation play
    and the play to score are scored as the independent scorer scores them; every True or not?
    line is judged as the checker judges it."""
    tileset = ORIGINAL
    for item in small.section("boardless").items + small.section("overhead").items[1:]:
        assert item.answers
        for answer in item.answers:
            result = check(answer.tiles, tileset, item.tokens)
            assert result.valid and result.score == answer.score, answer.text
    scores = dict(tileset.scores)
    for item in small.section("situations").items + small.section("overhead").items[:1]:
        assert item.best
        for play in item.best + item.next_best:
            assert reference(item, play, scores) == play.score, play.notation
    for item in small.section("scoreplay").items:
        assert reference(item, item.play, scores) == item.score == item.play.breakdown.total
    for item in small.section("trueornot").items:
        assert any(not line.true for line in item.lines)
        for line in item.lines:
            verdict = check(line.symbols, tileset)
            assert verdict.valid == line.true
            assert line.true or verdict.reason == line.reason


def reference(item, play, scores: dict) -> int:
    """Return the independent scorer's score of a key play on its item's board."""
    cells = {(t.row, t.col): t.tile for t in item.board}
    placed = {p.square: p.tile for p in play.placements}
    return reference_score(cells, placed, " across " in play.notation, scores)


def test_every_page_carries_an_id_and_the_seed(written, read_back):
    """Every page of both PDFs names an item or a notebook page (B-11-, S-11-, ..., N-11-)
    and the seed, and its own page number (the teacher's book numbers its pages as its own);
    no text runs off a page."""
    for pdf, pages, folio in zip(written[:2], read_back, ("binder page", "teacher's book page")):
        for number, found in enumerate(pages, 1):
            text = page_text(found)
            assert re.search(rf"\b[BSPTVN]-{SEED}-[0-9a-f]{{4}}", text), (pdf.name, number)
            assert f"seed {SEED}" in text, (pdf.name, number)
            assert f"{folio} {number}" in text, (pdf.name, number)
        assert outside(pdf) == []


def test_the_contents_give_the_page_each_section_starts_on(small, read_back):
    """The contents' page numbers lead to each section's first page: the first sheet of the
    section, or the board's first part."""
    pages = read_back[0]
    contents = page_text(pages[0])
    for section in small.sections:
        title = {"boardless": "Boardless Activity strips", "situations": "Board Situations",
                 "printplay": "Print-and-play set", "overhead": "Transparencies and projector pages",
                 "scoreplay": "Score this play", "trueornot": "True or not?",
                 "variety": "A variety of equations"}[section.name]
        line = next(c for c in pages[0] if c.text.endswith(title) or title in c.text)
        number = next(int(c.text) for c in pages[0] if c.text.isdigit() and abs(c.y - line.y) < 1)
        first = page_text(pages[number - 1])
        opens = {"printplay": "part 1 of 4", "overhead": "empty-board"}.get(section.name)
        assert (opens or section.items[0].id) in first, section.name
    assert f"N-{SEED}-" in contents


def test_the_teacher_book_holds_notes_and_every_key(small, read_back):
    """The teacher's book has a notes page for each section (what it practises, how long, groups
    and teams) and a key page for every sheet, its id on it."""
    text = [page_text(found) for found in read_back[1]]
    for heading in ("Objective", "Grade band", "How long it takes", "Materials", "What it practises",
                    "Groups and teams", "Steps"):
        assert sum(heading in page for page in text) == len(SECTIONS), heading
    for section in small.sections:
        for item in section.items:
            assert any(item.id in page and ("Answer key" in page) for page in text), item.id


def test_a_hand_s_key_lists_its_families_as_the_boardless_command_does(small, written, read_back):
    """Read back from the teacher's book: every hand's key lists the hand's equations by family
    (the boardless command's default key), never every equation by tile combination, and the
    manifest says so for each hand."""
    text = [page_text(found) for found in read_back[1]]
    hands = [item for section in small.sections for worksheet in section.worksheets
             if worksheet.kind == "boardless" for item in worksheet.items]
    assert hands
    for item in hands:
        assert any(item.id in page and "Every family of equations" in page for page in text), item.id
    assert not any("Every equation, by tile combination" in page for page in text)
    manifest = json.loads(written[2].read_text("utf-8"))
    assert {e["key"] for e in manifest["items"] if e["kind"] == "boardless"} == {"families"}


COMMAND_LINE = re.compile(r"\bclassroom [a-z]+|--[a-z]")  # `classroom grade`, `--worksheet`


def test_the_binder_and_teacher_book_name_no_command_line(small, written, read_back, tmp_path):
    """The binder and the teacher's book speak to a teacher holding them: no command and no
    option (no `--key full`, no "as classroom check gives it", no `classroom grade FILE
    --worksheet ID` in the notes); the same key printed alone still points to its option."""
    for pdf, pages in zip(written[:2], read_back):
        text = " ".join(page_text(found) for found in pages)
        assert not COMMAND_LINE.search(text), (pdf.name, COMMAND_LINE.search(text))
    text = " ".join(page_text(found) for found in read_back[1])
    assert "Answer key" in text and "Steps" in text
    hand = next(item for section in small.sections for worksheet in section.worksheets
                if worksheet.kind == "boardless" for item in worksheet.items)
    alone = tmp_path / "alone-key.pdf"
    alone.write_bytes(render_boardless(Worksheet("boardless", SEED, "original", (hand,), "letter", key="families"),
                                       environment())[1])
    assert "--key full" in " ".join(page_text(found) for found in chunks(alone))


def test_every_key_cites_the_binder_page_of_its_sheet(small, read_back):
    """Read back from the two PDFs: the key of every sheet says which binder page its sheet is
    on, and that page of the binder is the sheet (its id in its header, not on the contents)."""
    binder = [page_text(found) for found in read_back[0]]
    book = [page_text(found) for found in read_back[1]]
    for item in (item for section in small.sections for item in section.items):
        key = next(page for page in book if item.id in page and ("Answer key" in page or "Key to" in page))
        cited = re.search(r"Key to the sheet on binder page (\d+)", key)
        assert cited, item.id
        sheet = binder[int(cited.group(1)) - 1]
        assert item.id in sheet and "Contents" not in sheet, (item.id, cited.group(1))


@pytest.mark.parametrize("section, line", [
    ("trueornot", "1. True or not? · sheet 1 of 1: equations to judge, true or not, and why"),
    ("scoreplay", "2. Score this play · sheet 1 of 1: one equation, no premium square"),
    ("variety", "3. A variety of equations · sheet 1 of 1: one equation of each kind, all from one hand"),
    ("boardless", "4. Boardless Activity strips · sheet 1 of 1: easy hand: two or three operations, no fractions"),
    ("situations", "5. Board Situations · sheet 1 of 1: a first play on an empty board (cover the centre)"),
])
def test_every_binder_sheet_says_what_it_practises(small, read_back, section, line):
    """Over its header, a student sheet of the binder names its section, its place in it and
    what it practises, as the contents does (a situation sheet said nothing of what it was for);
    its key in the teacher's book cites the sheet's page there instead."""
    item = small.section(section).items[0]
    binder = [page_text(found) for found in read_back[0]]
    assert any(item.id in page and line in page for page in binder), line
    book = [page_text(found) for found in read_back[1]]
    assert not any(line in page for page in book)


def test_the_notes_give_the_binder_page_of_every_sheet(small, read_back):
    """A section's notes page lists its sheets each with the binder page it is on (read back
    from the two PDFs), so a teacher finds the page to photocopy without the contents."""
    binder = [page_text(found) for found in read_back[0]]
    book = [page_text(found) for found in read_back[1]]
    for item in (item for section in small.sections for item in section.items):
        page = next(n for n, text in enumerate(binder, 1) if item.id in text and "Contents" not in text)
        notes = [text for text in book if "The sheets of this section" in text and f"{item.id}: " in text]
        assert len(notes) == 1, item.id
        assert re.search(rf"{item.id}: [^·]* · binder page {page}\b", notes[0]), (item.id, page)


def test_the_overhead_game_has_an_empty_board_and_a_large_hand(small, read_back):
    """The transparencies section opens with the overhead game: an empty board (no tile on it)
    with a score table for two to four teams, then nine large empty tiles for the class's hand."""
    pages = read_back[0]
    board = next(found for found in pages if "the teams' scores" in page_text(found))
    text = page_text(board)
    assert all(f"Team {n}" in text for n in (1, 2, 3, 4)) and "Total" in text
    assert [c.text for c in board if c.text.isdigit() and c.size > 9][:3] == ["1", "2", "3"]  # the turns
    hand = next(found for found in pages if "the class's hand" in page_text(found))
    assert len(hand) < 12  # the title, the id line, the line of how to use it, the footer: no tile face


def test_the_manifest_lists_every_sheet_and_grade_finds_them(small, written):
    """The manifest lists the sections and every sheet with its kind and step; grade --worksheet
    marks a boardless list and judges a situation's plays from the notebook's folder."""
    data = json.loads(written[2].read_text("utf-8"))
    assert data["command"] == "notebook" and data["seed"] == SEED and data["id"] == small.id
    assert [s["name"] for s in data["sections"]] == list(SECTIONS)
    assert [i["id"] for i in data["items"]] == [i.id for s in small.sections for i in s.items]
    assert data["files"] == [written[0].name, written[1].name]
    hand_item = small.section("boardless").items[0]
    answer = hand_item.best[0]
    listed = written[2].parent / "ana.txt"
    listed.write_text(answer.text + "\n", "utf-8")
    graded = runner.invoke(app, ["grade", str(listed), "--worksheet", hand_item.id, "--manifests",
                                 str(written[2].parent), "--json"])
    assert graded.exit_code == 0, graded.output
    assert json.loads(graded.stdout.splitlines()[0])["total"] == answer.score
    situation = small.section("situations").items[0]
    plays = written[2].parent / "plays.txt"
    plays.write_text(f"Red: {situation.best[0].notation}\n", "utf-8")
    judged = runner.invoke(app, ["grade", str(plays), "--worksheet", situation.id, "--manifests",
                                 str(written[2].parent)])
    assert judged.exit_code == 0, judged.output
    assert str(situation.best_score) in judged.output


@pytest.mark.parametrize("page_size", ["letter", "a4"])
def test_the_print_and_play_board_assembles(print_and_play, page_size):
    """Read back from the PDF, the board's parts, cut along their outlines and each glue edge
    slid under its neighbour until the tick marks meet the neighbour's grid lines, overlap by
    the glue edge exactly, make one board of 19 × 19 squares, every square CELL across, and
    nowhere lie more than two layers of card deep."""
    made = print_and_play("original", page_size)
    found = {}
    for page, texts in zip(made.drawn, made.binder):
        title = re.search(r"part (\d) of (\d)", page_text(texts))
        if title:
            found[int(title.group(1))] = measured(page)
    assert sorted(found) == [1, 2, 3, 4]
    assert all(len(p["glue"]) == 1 for p in found.values())  # one glue edge a part
    placed = {1: (0.0, 0.0)}
    # Part 2 to the right of part 1, part 3 under it, part 4 under 2 and right of 3.
    for number, left, above in ((2, 1, None), (3, None, 1), (4, 3, 2)):
        part = found[number]
        shifts = []
        if left is not None:
            shifts.append(glued_across(found[left], placed[left], part))
        if above is not None:
            shifts.append(glued_down(found[above], placed[above], part))
        assert all(near(s, shifts[0]) for s in shifts), shifts  # both neighbours agree
        placed[number] = shifts[0]
    columns = sorted({round(x + placed[n][0], 2) for n, p in found.items() for x in p["verticals"]})
    rows = sorted({round(y + placed[n][1], 2) for n, p in found.items() for y in p["horizontals"]})
    for lines in (columns, rows):
        assert len(lines) == SIZE + 1
        assert all(abs(b - a - CELL) < 0.01 for a, b in zip(lines, lines[1:]))
    assert len(parts(page_size)) == 4
    cut = [(round(p["outline"][0] + placed[n][0], 2), round(p["outline"][1] + placed[n][1], 2),
            round(p["outline"][2] + placed[n][0], 2), round(p["outline"][3] + placed[n][1], 2)) for n, p in found.items()]
    assert most_layers(cut) == 2


def most_layers(boxes: list[tuple[float, float, float, float]]) -> int:
    """Return how many of the boxes (left, bottom, right, top) lie over the spot most covered,
    trying one spot in every cell that the boxes' edges cut the plane into."""
    xs = sorted({x for b in boxes for x in (b[0], b[2])})
    ys = sorted({y for b in boxes for y in (b[1], b[3])})
    spots = [((x0 + x1) / 2, (y0 + y1) / 2) for x0, x1 in zip(xs, xs[1:]) for y0, y1 in zip(ys, ys[1:])]
    return max(sum(b[0] < x < b[2] and b[1] < y < b[3] for b in boxes) for x, y in spots)


@pytest.mark.parametrize("page_size", ["letter", "a4"])
def test_the_glued_board_is_never_more_than_two_layers_thick(page_size):
    """The parts laid where their squares go on the board: some spot is under two parts (they
    overlap), none under three; the same with more parts than a page size gives (3 × 3, 2 × 3,
    5 × 4 bands), the glue edges turning like a pinwheel round every point where four meet."""
    assert layers(parts(page_size)) == 2
    for down, across in ((7, 7), (10, 7), (4, 5)):
        assert layers(arranged(bands(SIZE, down), bands(SIZE, across), 2000.0, 2000.0)) == 2


def near(one: tuple[float, float], other: tuple[float, float]) -> bool:
    """Return whether two shifts are the same to a hundredth of a point."""
    return abs(one[0] - other[0]) < 0.01 and abs(one[1] - other[1]) < 0.01


def measured(page) -> dict:
    """Return what a part's page draws: its cut outline (the stroke's centre), its glue edges
    (the shaded strips) by side, its grid lines and the tick marks on each glue edge, in page
    space."""
    outline = max((s for s in page if s.rect and s.fill is None), key=lambda s: (s.x1 - s.x0) * (s.y1 - s.y0))
    box = (outline.x0 + outline.pad, outline.y0 + outline.pad, outline.x1 - outline.pad, outline.y1 - outline.pad)
    strips = [s for s in page if s.rect and s.fill == (0.85,)]
    lines = [s for s in page if not s.rect and s.fill is None]
    verticals = sorted(round((s.x0 + s.x1) / 2, 2) for s in lines if s.x1 - s.x0 < 1 and s.y1 - s.y0 > 4 * CELL)
    horizontals = sorted(round((s.y0 + s.y1) / 2, 2) for s in lines if s.y1 - s.y0 < 1 and s.x1 - s.x0 > 4 * CELL)

    def side(g) -> str:
        if g.x1 <= verticals[0] + 0.5:
            return "left"
        if g.x0 >= verticals[-1] - 0.5:
            return "right"
        return "bottom" if g.y1 <= horizontals[0] + 0.5 else "top"

    def inside(s, g):
        return g.x0 - 1 <= s.x0 and s.x1 <= g.x1 + 1 and g.y0 - 1 <= s.y0 and s.y1 <= g.y1 + 1

    glue, ticks = {}, {}
    for g in strips:
        glue[side(g)] = g
        if side(g) in ("left", "right"):  # ticks continue the row lines
            ticks[side(g)] = sorted(round((s.y0 + s.y1) / 2, 2) for s in lines if s.y1 - s.y0 < 1 and inside(s, g))
        else:
            ticks[side(g)] = sorted(round((s.x0 + s.x1) / 2, 2) for s in lines if s.x1 - s.x0 < 1 and inside(s, g))
    return {"outline": box, "glue": glue, "ticks": ticks, "verticals": verticals, "horizontals": horizontals}


def glued_across(neighbour: dict, at: tuple[float, float], part: dict) -> tuple[float, float]:
    """Return the shift that lays `part` to the right of `neighbour` (itself shifted by `at`):
    whichever of the two carries the glue edge between them slides it under the other until its
    inner side meets the other's cut edge and its ticks meet the other's row lines; check the
    overlap is the glue edge's width, the cut edge stands on a grid line, and every row line
    continues across."""
    assert ("left" in part["glue"]) != ("right" in neighbour["glue"])  # one glue edge between them
    if "left" in part["glue"]:
        glue = part["glue"]["left"]
        assert abs(glue.x1 - part["verticals"][0]) < 0.01  # the cut edge will stand on this line
        dx = neighbour["outline"][2] + at[0] - glue.x1
        dy = neighbour["horizontals"][0] + at[1] - part["ticks"]["left"][0]
        assert [round(t + dy, 2) for t in part["ticks"]["left"]] == [round(h + at[1], 2) for h in neighbour["horizontals"]]
    else:
        glue = neighbour["glue"]["right"]
        assert abs(glue.x0 - neighbour["verticals"][-1]) < 0.01
        dx = glue.x0 + at[0] - part["outline"][0]
        dy = neighbour["ticks"]["right"][0] + at[1] - part["horizontals"][0]
        assert [round(t + at[1], 2) for t in neighbour["ticks"]["right"]] == [round(h + dy, 2) for h in part["horizontals"]]
    assert abs(glue.x1 - glue.x0 - GLUE) < 0.01
    assert [round(h + dy, 2) for h in part["horizontals"]] == [round(h + at[1], 2) for h in neighbour["horizontals"]]
    overlap = neighbour["outline"][2] + at[0] - (part["outline"][0] + dx)
    assert abs(overlap - GLUE) < 0.01
    assert abs(part["verticals"][0] + dx - (neighbour["verticals"][-1] + at[0])) < 0.01  # no gap, no step
    return dx, dy


def glued_down(neighbour: dict, at: tuple[float, float], part: dict) -> tuple[float, float]:
    """Return the shift that lays `part` under `neighbour`, as glued_across does across."""
    assert ("top" in part["glue"]) != ("bottom" in neighbour["glue"])
    if "top" in part["glue"]:
        glue = part["glue"]["top"]
        assert abs(glue.y0 - part["horizontals"][-1]) < 0.01
        dy = neighbour["outline"][1] + at[1] - glue.y0
        dx = neighbour["verticals"][0] + at[0] - part["ticks"]["top"][0]
        assert [round(t + dx, 2) for t in part["ticks"]["top"]] == [round(v + at[0], 2) for v in neighbour["verticals"]]
    else:
        glue = neighbour["glue"]["bottom"]
        assert abs(glue.y1 - neighbour["horizontals"][0]) < 0.01
        dy = glue.y1 + at[1] - part["outline"][3]
        dx = neighbour["ticks"]["bottom"][0] + at[0] - part["verticals"][0]
        assert [round(t + at[0], 2) for t in neighbour["ticks"]["bottom"]] == [round(v + dx, 2) for v in part["verticals"]]
    assert abs(glue.y1 - glue.y0 - GLUE) < 0.01
    assert [round(v + dx, 2) for v in part["verticals"]] == [round(v + at[0], 2) for v in neighbour["verticals"]]
    overlap = part["outline"][3] + dy - (neighbour["outline"][1] + at[1])
    assert abs(overlap - GLUE) < 0.01
    assert abs(part["horizontals"][-1] + dy - (neighbour["horizontals"][0] + at[1])) < 0.01
    return dx, dy


@pytest.mark.parametrize("page_size", ["letter", "a4"])
def test_every_part_keeps_its_coordinates_and_every_page_has_a_5_cm_ruler(print_and_play, page_size):
    """Read back from the PDF: every column letter and row number a part prints stands inside
    its cut outline, the parts together print A-S and 1-19 on every edge of the board, and each
    print-and-play page carries a ruler exactly 5 cm long."""
    made = print_and_play("original", page_size)
    letters, numbers = Counter(), Counter()
    printplay = 0
    for texts, page in zip(made.binder, made.drawn):
        title = page_text(texts)
        if not title.startswith(("Print-and-play board", "Print-and-play tiles")):
            continue
        printplay += 1
        rulers = [s for s in page if s.fill is None and s.y1 - s.y0 < 1 and abs(s.x1 - s.x0 - 2 * s.pad - 5 * 72 / 2.54) < 0.01]
        assert len(rulers) == 1, title[:40]
        if "part" not in title:
            continue
        left, bottom, right, top = measured(page)["outline"]
        coordinates = [c for c in texts if c.bold and abs(c.size - 9) < 0.01
                       and (c.text in COLUMN_NAMES or c.text.isdigit() and 1 <= int(c.text) <= SIZE)]
        assert coordinates
        for c in coordinates:
            assert left <= c.x and c.right <= right and bottom <= c.y <= top, (c.text, title[:40])
        letters.update(c.text for c in coordinates if c.text in COLUMN_NAMES)
        numbers.update(c.text for c in coordinates if c.text.isdigit())
    assert printplay == len(parts(page_size)) + 2
    assert letters == Counter({name: 2 for name in COLUMN_NAMES})  # top and bottom edges
    assert numbers == Counter({str(n): 2 for n in range(1, SIZE + 1)})  # left and right edges


COLUMN_NAMES = "ABCDEFGHIJKLMNOPQRS"


@pytest.mark.parametrize("level", NOTEBOOK_LEVELS)
def test_the_tile_pages_hold_the_level_s_exact_counts(print_and_play, level):
    """Read back from the PDF, the tile pages hold every tile of the level's box (= included),
    exactly as many of each as its tile-set file says, each with its score in the corner."""
    tiles: Counter = Counter()
    scores = {}
    for found in print_and_play(level).binder:
        if "Print-and-play tiles" not in page_text(found):
            continue
        for symbol, score in read_tiles(found):
            tiles[symbol] += 1
            scores[symbol] = score
    tileset = load_level(level)
    assert tiles == Counter({s: n for s, n in tileset.counts if n})
    assert all(scores[s] == tileset.score.get(s, 0) for s in tiles)


@pytest.mark.parametrize("level", NOTEBOOK_LEVELS)
def test_the_tile_count_table_starts_on_the_page_of_its_heading(print_and_play, level):
    """The print-and-play notes' table of every tile and how many is never parted from its
    heading (Advanced's heading once ended a page and its table began the next)."""
    pages = [page_text(found) for found in print_and_play(level).book]
    heading = [page for page in pages if "every tile and how many" in page]
    assert len(heading) == 1 and "How many" in heading[0] and "tiles in all" in heading[0]


def read_tiles(found) -> list[tuple[str, int]]:
    """Return (symbol, score) of every tile drawn on a tile page: the strings in each cell of
    the grid, the bold ones its symbol (a fraction's numerator above its denominator, an
    exponent smaller beside its digit), the regular one its score."""
    from classroom.render.notebook_pdf import TILE_TOP
    from classroom.render.printplay import tile_grid

    grid = tile_grid("letter", TILE_TOP)
    cells: dict[tuple[int, int], list] = {}
    for chunk in found:
        col, row = int((chunk.x - grid.left) // CELL), int((grid.top - chunk.y) // CELL)
        if chunk.y < grid.top and 0 <= col < grid.columns and 0 <= row < grid.rows:
            cells.setdefault((row, col), []).append(chunk)
    read = []
    for _, inside in sorted(cells.items()):
        faces = sorted((c for c in inside if c.bold), key=lambda c: -c.y)
        score = next(int(c.text) for c in inside if not c.bold)
        texts = [c.text.replace("−", "-") for c in faces]
        if len(faces) == 2 and abs(faces[0].size - faces[1].size) < 0.01:
            read.append((f"{texts[0]}/{texts[1]}", score))
        elif len(faces) == 2:
            digit, power = sorted(faces, key=lambda c: -c.size)
            read.append((f"{digit.text}^{power.text}", score))
        else:
            read.append((texts[0], score))
    return read


def test_a_teacher_rewords_the_notes_with_templates(tmp_path, small):
    """--templates: a notes file of the teacher's own replaces the shipped one in the teacher's book."""
    own = tmp_path / "mine" / "notes"
    own.mkdir(parents=True)
    shipped = (Path(__file__).resolve().parent.parent / "templates" / "notes" / "boardless.j2").read_text("utf-8")
    own.joinpath("boardless.j2").write_text(
        shipped.replace("15 to 25 minutes a hand", "Half an hour in Ms Rossi's class"), "utf-8")
    paths = write_notebook(small, tmp_path / "out", tmp_path / "mine")
    text = " ".join(page_text(found) for found in chunks(paths[1]))
    assert "Half an hour in Ms Rossi's class" in text


def test_the_command_writes_the_binder(tmp_path, monkeypatch):
    """classroom notebook writes the binder, the teacher's book and the manifest into --out (a
    small plan here, the binder's own makers), and says where."""
    monkeypatch.setattr(notebook_module, "BINDER", SMALL)
    # seed 6: made in 3 s (seed 3's small notebook took 6)
    result = runner.invoke(app, ["notebook", "--level", "junior", "--seed", "6", "--jobs", "1",
                                 "--out", str(tmp_path / "nb"), "--page-size", "A4"])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "nb").iterdir()) == [
        "manifest.json", "notebook-junior-6-key.pdf", "notebook-junior-6.pdf"]
    data = json.loads((tmp_path / "nb" / "manifest.json").read_text("utf-8"))
    assert data["level"] == "junior" and data["layout"]["page_size"] == "a4"


@pytest.mark.parametrize("args, words", [
    (["--level", "no-fractions"], "junior, original, advanced"),
    (["--level", "chess"], "--level"),
    (["--page-size", "legal"], "--page-size"),
    (["--seed", "-4"], "--seed"),
])
def test_bad_input_is_one_sentence_and_exit_2(tmp_path, args, words):
    """A level without a binder, an unknown level or page size, a negative seed: exit 2, one
    sentence naming what is wrong, nothing written."""
    result = runner.invoke(app, ["notebook", *args, "--out", str(tmp_path / "nb")])
    assert result.exit_code == 2
    assert words in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert "Traceback" not in result.output
    assert not (tmp_path / "nb").exists()
