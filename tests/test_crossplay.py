"""Cross plays built through a target: the targets of a board are the squares where one tile
completes an equation, and every play the builder returns is legal by the game's own check, fits
the level's taste and forms two equations, its target's tile on the target's square."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from classroom.game.board import Board, Direction, Placement, on_board, parse_square
from classroom.game.plays import main_run, make_play, score, why_illegal
from classroom.game.tilesets import load_level
from classroom.make import crossbuild, crossplay, scoreplay
from classroom.make.crossplay import Target, built, cross_plays, targets
from classroom.make.notebook import BINDER, _make
from classroom.make.scoreplay import ALL_MORE, Features, built_play
from classroom.make.simulated import boards_of, class_player, play_misfit, simulate

ACROSS, DOWN = Direction.ACROSS, Direction.DOWN
ORIGINAL = load_level("original")


def board(*tiles: str) -> Board:
    """Return a board of 'J10=7' style tiles (not checked: a target needs a gap in a string)."""
    placed = [item.split("=", 1) if not item.endswith("==") else (item[:-2], "=") for item in tiles]
    return Board().place([Placement(parse_square(square), tile) for square, tile in placed])


# 7 = 7 across row 10; down column L from its 7: 7 - 2, a gap on L13, then a 5.
GAP = board("J10=7", "K10==", "L10=7", "L11=-", "L12=2", "L14=5")
L13 = parse_square("L13")


def test_a_target_is_a_gap_one_tile_makes_an_equation():
    """Only L13 takes a tile making a true equation (7 - 2 = 5, down); a square at the end of a
    string, or beside one tile, takes none."""
    assert targets(GAP, ORIGINAL) == [Target(L13, "=", DOWN)]


def test_targets_near_a_play_are_those_whose_equation_holds_it():
    """Asked about the squares of a play, targets lists only those whose equation holds one."""
    assert targets(GAP, ORIGINAL, (parse_square("L14"),)) == [Target(L13, "=", DOWN)]
    assert targets(GAP, ORIGINAL, (parse_square("J10"),)) == []


def test_a_cross_play_through_the_gap_is_legal_and_forms_two_equations():
    """The hand 1 4 5 + builds its four equations across row 13, each = on L13 (4 + 1 = 5,
    5 = 1 + 4, ...): each legal by the game's check, scoring two equations, 7 - 2 = 5 down."""
    found = cross_plays(GAP, ("1", "4", "5", "+"), Target(L13, "=", DOWN), ORIGINAL)
    assert sorted(len(c.play.placements) for c in found) == [5, 5, 5, 5]  # four tiles and the =
    for candidate in found:
        assert why_illegal(GAP, candidate.play, ORIGINAL) is None
        assert candidate.play.direction == ACROSS
        equations = score(GAP, candidate.play, ORIGINAL).equations
        assert [e.text for e in equations[1:]] == ["7 - 2 = 5"]
        assert candidate.score == score(GAP, candidate.play, ORIGINAL).total


# 3 + 4 = 7 across row 10, its + missing on K10.
OPEN = board("J10=3", "L10=4", "M10==", "N10=7")
PLUS_K10 = Target(parse_square("K10"), "+", ACROSS)


def test_an_all_item_stops_a_few_hands_past_its_first_premium_cross_play(monkeypatch):
    """An 'all' item looks ALL_MORE built hands past the first whose cross play covers a premium
    (for the bonus, rarely found), then keeps that play: a nine-tile play with a premium found
    later is not looked for."""
    bonus_only, premium, full = (Features(False, False, True, True), Features(False, True, True, False),
                                 Features(True, False, True, True))
    found = [bonus_only, bonus_only, premium] + [bonus_only] * ALL_MORE + [full] * 10
    pulled = []

    def from_games(*args):
        for number, _ in enumerate(found):
            pulled.append(number)
            yield OPEN, PLUS_K10, [scoreplay.Candidate(number, None)]

    monkeypatch.setattr(crossplay, "from_games", from_games)
    monkeypatch.setattr(scoreplay, "features", lambda board, play, tileset: found[pulled[-1]])
    board_found, candidate = built_play(ORIGINAL, random.Random(1), "all")
    assert len(pulled) == 3 + ALL_MORE
    assert board_found == OPEN and candidate.score == 2  # the premium's hand


def test_a_cross_item_no_seven_tile_hand_builds_is_built_from_nine_tiles(monkeypatch):
    """When no seven-tile hand builds a cross play within the bound, the cross item is built from
    nine-tile hands before it gives up (the binder then fell back to 'all', which practises no
    cross equation alone): the item keeps its focus and the fewest-featured cross play."""
    sizes = []
    crossing, crossing_premium = Features(False, False, True, False), Features(True, False, True, False)

    def from_games(tileset, rng, size, hands, build=None):
        sizes.append(size)
        if size == scoreplay.ALL_HAND:
            yield OPEN, PLUS_K10, [scoreplay.Candidate(30, "premium"), scoreplay.Candidate(12, "plain")]

    monkeypatch.setattr(crossplay, "from_games", from_games)
    monkeypatch.setattr(scoreplay, "features",
                        lambda board, play, tileset: crossing_premium if play == "premium" else crossing)
    board_found, candidate = scoreplay.find_play(ORIGINAL, random.Random(1), "cross")
    assert sizes == [scoreplay.HAND, scoreplay.ALL_HAND]
    assert board_found == OPEN and candidate.play == "plain"


@pytest.mark.parametrize("focus, aimed, expected", [
    ("cross", [], "built"),  # no aimed hand of seven or nine tiles built a cross play
    ("all", ["bonus"], "built"),  # the aimed hands' play crosses, places nine tiles, covers no premium
    ("all", ["premium"], "premium"),  # the aimed hands kept the promise: no hand is built
    ("all", ["nothing"], "built"),  # crosses, nine tiles, on a premium square that multiplies nothing (an = on 2S)
])
def test_hands_are_built_from_the_targets_only_when_the_aimed_ones_miss(monkeypatch, focus, aimed, expected):
    """A cross item, or an 'all' item without a premium, whose aimed hands built no play that
    keeps its promise searches again with hands built from the targets' equations
    (crossbuild.built), and keeps that play; an item whose aimed hands kept it searches no more,
    so it draws as before."""
    searches = []
    # a tile on B1 (no premium) or on A1 (a premium square); features told by the play
    plays = {"bonus": make_play([((1, 2), "1")], ACROSS), "premium": make_play([((1, 1), "1")], ACROSS),
             "built": make_play([((1, 1), "2")], ACROSS), "nothing": make_play([((1, 1), "=")], ACROSS)}
    shown = {plays["bonus"]: Features(False, False, True, True), plays["premium"]: Features(False, True, True, False),
             plays["built"]: Features(True, False, True, False), plays["nothing"]: Features(False, False, True, True)}

    def from_games(tileset, rng, size, hands, build=None):
        searches.append(build)
        found = ["built"] if build is crossbuild.built else aimed
        yield from ((OPEN, PLUS_K10, [scoreplay.Candidate(1, plays[name])]) for name in found)

    monkeypatch.setattr(crossplay, "from_games", from_games)
    monkeypatch.setattr(scoreplay, "features", lambda board, play, tileset: shown[play])
    _, candidate = scoreplay.find_play(ORIGINAL, random.Random(1), focus)
    assert candidate.play == plays[expected]
    assert searches[-1] is (crossbuild.built if expected == "built" else None)
    assert searches.count(crossbuild.built) == (expected == "built")


@pytest.fixture(scope="module")
def made():
    """Return the first cross plays built on the boards of an Original game (seeded)."""
    rng = random.Random("3:test-crossplay")
    game = simulate(ORIGINAL, rng, 6, player=class_player(ORIGINAL))
    bag = tuple(t for t in game.pile if t != "?")
    return list(itertools.islice(built(boards_of(game), bag, 7, ORIGINAL, rng, 10), 3))


def test_every_built_play_is_legal_fits_the_taste_and_crosses(made):
    """Every play built on simulated boards is legal (the game's own check), leaves only strings
    a class of the level writes, puts the target's tile on its square and forms two equations."""
    assert made
    for after, target, plays in made:
        assert plays
        for candidate in plays:
            play = candidate.play
            assert why_illegal(after, play, ORIGINAL) is None
            assert play_misfit(after, play, ORIGINAL.taste) is None
            assert (target.square, target.symbol) in {(p.square, p.tile) for p in play.placements}
            assert play.direction == target.direction.other
            assert len(score(after, play, ORIGINAL).equations) >= 2


def test_the_binders_cross_situation_crosses_in_every_tied_best_play():
    """The Original binder's cross Board Situation of seed 1 is built (not the fallback), and
    every play tied best in its key forms two equations, re-scored by the game."""
    number = BINDER.steps()["situations"].index("cross") + 1
    item, step = _make(("situations", ORIGINAL, 1, number, "test", "cross"))
    assert step == "cross"
    assert item.best and all(len(p.breakdown.equations) >= 2 for p in item.best)
    board = Board().place([Placement((t.row, t.col), t.tile) for t in item.board])
    for key in item.best:
        direction = ACROSS if " across " in key.notation else DOWN
        play = make_play([(p.square, p.tile) for p in key.placements], direction)
        assert why_illegal(board, play, ORIGINAL) is None
        assert len(score(board, play, ORIGINAL).equations) >= 2


# The builder against a brute force: a bag of a few tiles, so every string of a window can be tried.
SMALL_BAG = ("1", "1", "2", "2", "3", "4", "+", "+", "-", "×")
SMALL = ("1", "2", "3", "4", "+", "-", "×", "=")


def brute_force(board: Board, target: Target, bag: tuple[str, ...], longest: int) -> set:
    """Return every (first square, symbols) of at most `longest` symbols laid the other way
    through the target's square, its symbol there, that the game accepts (`why_illegal`) and the
    level's class writes (`play_misfit`), the hand holding its tiles (the = aside, those it meets
    on the board too): every string of the small set tried on every window of the board."""
    direction = target.direction.other
    dr, dc = direction.step
    held = Counter(bag)
    found = set()
    for length in range(2, longest + 1):
        for at in range(length):
            start = (target.square[0] - at * dr, target.square[1] - at * dc)
            squares = [(start[0] + k * dr, start[1] + k * dc) for k in range(length)]
            for symbols in itertools.product(SMALL, repeat=length):
                if symbols[at] != target.symbol or symbols.count("=") != 1 or Counter(s for s in symbols if s != "=") - held:
                    continue
                if not all(on_board(s) for s in squares) or any(not board.is_empty(s) and board.symbol(s) != t
                                                                for s, t in zip(squares, symbols)):
                    continue
                play = make_play([(s, t) for s, t in zip(squares, symbols) if board.is_empty(s)], direction)
                # a play whose run reaches past the window is the longer window's, tried there
                if len(main_run(board, play)) == length and why_illegal(board, play, ORIGINAL) is None \
                        and play_misfit(board, play, ORIGINAL.taste) is None:
                    found.add((start, symbols))
    return found


def built_through(board: Board, target: Target, bag: tuple[str, ...], longest: int) -> set:
    """Return the builder's every equation through the target of at most `longest` symbols."""
    crossing = crossplay.crossing_filter(board, target.direction, ORIGINAL)
    found = crossbuild.through(board, target.square, target.symbol, target.direction.other, ORIGINAL, bag,
                               crossing, 9, random.Random(1), every=True)
    return {(start, symbols) for start, symbols in found if len(symbols) <= longest}


# 4 - 1 = 3 down column K, its - missing on K9; `- 3` below J9, so that only a 3 or more reads
# there (a string below 0 does not read).
BESIDE = board("K8=4", "K10=1", "K11==", "K12=3", "J10=-", "J11=3")


@pytest.mark.parametrize("where, target", [
    ("GAP", Target(L13, "=", DOWN)),
    ("OPEN", PLUS_K10),
    ("BESIDE", Target(parse_square("K9"), "-", DOWN)),
])
def test_the_builder_finds_every_equation_the_game_accepts_through_a_target(where, target):
    """Every equation of up to five symbols through the target that the game's own check accepts
    (tried string by string from a small bag) is built, and no other."""
    on = {"GAP": GAP, "OPEN": OPEN, "BESIDE": BESIDE}[where]
    assert target in targets(on, ORIGINAL)
    expected = brute_force(on, target, SMALL_BAG, 5)
    assert expected  # a test of the builder, not of an empty search
    assert built_through(on, target, SMALL_BAG, 5) == expected


@pytest.mark.parametrize("dead, target", [
    # a × on each side of the gap across
    (board("K8=4", "K10=1", "K11==", "K12=3", "J9=×", "L9=×"), Target(parse_square("K9"), "-", DOWN)),
    # the equation the target completes, 4 + 0 = 4, pads with a 0: not one an Original class writes
    (board("J10=4", "L10=0", "M10==", "N10=4"), PLUS_K10),
])
def test_a_target_no_equation_fits_through_is_dead(dead, target):
    """A target no equation fits through (the squares across it, or the target's own equation
    not to the level's taste): the builder finds none, bounded or not, nor does the brute force."""
    assert target in targets(dead, ORIGINAL)
    crossing = crossplay.crossing_filter(dead, target.direction, ORIGINAL)
    bag = tuple(t for t in ORIGINAL.bag if t != "?")
    assert crossbuild.through(dead, target.square, target.symbol, target.direction.other, ORIGINAL, bag, crossing,
                              9, random.Random(1)) == []
    assert brute_force(dead, target, SMALL_BAG, 5) == built_through(dead, target, SMALL_BAG, 5) == set()


def test_a_hand_built_from_an_equation_holds_its_cross_play():
    """The hand built for each equation through the gap holds that very play among its cross
    plays (the same check as an aimed hand's), and draws the rest from the bag."""
    target = Target(L13, "=", DOWN)
    bag = tuple(t for t in ORIGINAL.bag if t != "?")
    crossing = crossplay.crossing_filter(GAP, DOWN, ORIGINAL)
    rng = random.Random(5)
    equations = crossbuild.through(GAP, L13, "=", ACROSS, ORIGINAL, bag, crossing, 7, rng)
    assert equations
    for start, symbols in equations[:10]:
        hand = crossbuild.hand_for(symbols, bag, 7, rng)
        assert len(hand) == 7 and not Counter(hand) - Counter(bag)
        squares = [(start[0], start[1] + k) for k in range(len(symbols))]
        wanted = {(s, t) for s, t in zip(squares, symbols) if GAP.is_empty(s)}
        plays = cross_plays(GAP, hand, target, ORIGINAL)
        assert wanted in [{(p.square, p.tile) for p in c.play.placements} for c in plays]


def test_a_teacher_is_given_an_equation_without_padding_first():
    """Equations with an operation and no `× 1`, `÷ 6/6` or lone 0 come first."""
    lines = [("7", "=", "7"), ("0", "=", "0", "×", "3"), ("7", "×", "1", "=", "7"), ("4", "+", "1", "=", "5"),
             ("6/6", "×", "7", "=", "7")]
    assert [crossbuild.dullness(line) for line in lines] == [2, 2, 1, 0, 1]
    found = crossbuild.ordered([((1, 1), line) for line in lines], random.Random(2))
    assert found[0][1] == ("4", "+", "1", "=", "5")
    assert {found[-1][1], found[-2][1]} == {("7", "=", "7"), ("0", "=", "0", "×", "3")}
