"""Cross plays built through a target: the targets of a board are the squares where one tile
completes an equation, and every play the builder returns is legal by the game's own check, fits
the level's taste and forms two equations, its target's tile on the target's square."""

from __future__ import annotations

import itertools
import random

import pytest

from classroom.game.board import Board, Direction, Placement, parse_square
from classroom.game.plays import make_play, score, why_illegal
from classroom.game.tilesets import load_level
from classroom.make import crossplay, scoreplay
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

    def from_games(tileset, rng, size, hands):
        sizes.append(size)
        if size == scoreplay.ALL_HAND:
            yield OPEN, PLUS_K10, [scoreplay.Candidate(30, "premium"), scoreplay.Candidate(12, "plain")]

    monkeypatch.setattr(crossplay, "from_games", from_games)
    monkeypatch.setattr(scoreplay, "features",
                        lambda board, play, tileset: crossing_premium if play == "premium" else crossing)
    board_found, candidate = scoreplay.find_play(ORIGINAL, random.Random(1), "cross")
    assert sizes == [scoreplay.HAND, scoreplay.ALL_HAND]
    assert board_found == OPEN and candidate.play == "plain"


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
