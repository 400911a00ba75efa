"""The class player's search prunes windows that cannot give a play it keeps (issue 41 item 8):
a window whose shapes cannot place the hand's fractions, exponents or negatives (each ends or
starts a Number of its own), and one whose every shape writes a Number longer than the taste
allows. Each is sound (no play of a pruned window is lost) and the choices are the unpruned
search's, on seeded positions of hands rich in such tiles."""

from __future__ import annotations

import random

import pytest

from classroom.game.bag import draw
from classroom.game.board import Board
from classroom.game.plays import main_run
from classroom.game.symbols import BLANK, OPERATIONS, is_exponent, is_fraction, is_negative
from classroom.game.taste import digits, numbers_in
from classroom.game.tilesets import TileSet, load_level
from classroom.make.simulated import SEARCH_BUDGET, class_player, line_filter, taste_filter
from classroom.solve.board import position
from classroom.solve.board.lines import Shaped
from classroom.solve.board.position import Position, searchable, unkept
from tests.simulated_games import simulate_once

LEVELS = {level: load_level(level) for level in ("junior", "original", "advanced")}


def ends_or_starts(tile: str) -> bool:
    """Return whether a tile must end (fraction, exponent) or start (negative) its Number."""
    return is_fraction(tile) or is_exponent(tile) or is_negative(tile)


def positions(level: str, count: int, rich: str = "", blanks: int = 0):
    """Yield `count` seeded (board, hand) pairs: a board of a few simulated plays and a nine-tile
    hand from the bag left: `rich` "ends", with four to seven fractions, exponents and negatives
    (the hands the shapes prune), "digits" with digits and one operation (the hands the taste
    prunes), else drawn as the bag gives; `blanks` blanks among them."""
    tileset = LEVELS[level]
    for seed in range(count):
        rng = random.Random(f"pruned:{level}:{seed}:{rich}")
        game = simulate_once(tileset, rng, plays=rng.randint(1, 5), hand_size=5)
        pile = tuple(t for t in game.pile if t != BLANK)
        size = 9 - blanks
        if rich == "digits":
            sign, _ = draw(tuple(t for t in pile if t in OPERATIONS), 1, rng)
            numbers, _ = draw(tuple(t for t in pile if t.isdigit()), size - 1, rng)
            hand = tuple(numbers) + tuple(sign)
        elif rich == "ends":
            special = [t for t in pile if ends_or_starts(t)]
            first, _ = draw(tuple(special), min(len(special), rng.randint(4, 7)), rng)
            rest = list(pile)
            for tile in first:
                rest.remove(tile)
            more, _ = draw(tuple(rest), size - len(first), rng)
            hand = tuple(first) + tuple(more)
        else:
            hand, _ = draw(pile, size, rng)
        yield game.board, searchable(tuple(hand) + (BLANK,) * blanks, tileset), tileset


# the choices test's positions (level, rich, blanks): the window tests walk some of them too
CHOICES = [("junior", "digits", 0), ("original", "ends", 2), ("advanced", "ends", 1)]


class Walked:
    """The Positions the references walk (every window's plays, the unpruned search): one
    position is walked by a window test and again by the choices test (Junior's and Advanced's),
    and the side tables the first walk built serve the second (what a Position answers does not
    depend on what it was asked before). A Position is kept only until it is walked again (tens
    of MB each). The pruned searches, the code under test, each get a Position of their own."""

    def __init__(self):
        self.kept: dict = {}

    def __call__(self, board: Board, hand: tuple, tileset: TileSet, again: bool = False) -> Position:
        """Return the Position of the board and hand, kept for a walk `again`."""
        key = (board, hand, tileset.name)
        found = self.kept.pop(key, None) or Position(board, hand, tileset)
        if again:
            self.kept[key] = found
        return found


@pytest.fixture(scope="module")
def walked() -> Walked:
    """Return the module's Walked."""
    return Walked()


def longest(board: Board, candidate) -> int:
    """Return the most digits a Number of the play's main string has."""
    after = board.place(candidate.play.placements)
    line = [after.tile(s) for s in main_run(board, candidate.play)]
    return max(digits(n) for n in numbers_in(line))


@pytest.mark.parametrize("level", ["original", "advanced"])
def test_a_window_no_shape_can_place_is_empty(level, walked):
    """Every window whose shapes cannot place the hand's fractions, exponents and negatives
    (Shaped's bound None) has no play when searched whole; and such windows turn up."""
    pruned = 0
    for board, hand, tileset in positions(level, 3, "ends", blanks=1):
        found = walked(board, hand, tileset, again=(level, "ends", 1) in CHOICES)
        for group in found.groups:
            for window in found.windows(group):
                if Shaped(window, found.windows.mixes).bound is None:
                    pruned += 1
                    assert not list(found._window_plays(window)), (board, hand, window)
    assert pruned > 0


@pytest.mark.parametrize("level", ["junior", "original"])
def test_a_window_too_long_has_only_plays_the_taste_refuses(level, walked):
    """Every window Shaped calls too long for the taste's digits has only plays whose main
    string holds a Number of more digits (none at all when it has no shape); such windows
    turn up, and some of them have plays."""
    tileset = LEVELS[level]
    most = tileset.taste.largest_digits
    pruned = with_plays = 0
    for board, hand, _ in positions(level, 4, "digits"):
        found = walked(board, hand, tileset, again=(level, "digits", 0) in CHOICES)
        for group in found.groups:
            for window in found.windows(group):
                if Shaped(window, found.windows.mixes).too_long(most):
                    pruned += 1
                    plays = list(found._window_plays(window))
                    with_plays += bool(plays)
                    assert all(longest(board, c) > most for c in plays), (board, hand, window)
    assert pruned > 0 and with_plays > 0


@pytest.mark.parametrize("level, rich, blanks", CHOICES)
def test_the_pruned_search_chooses_as_the_unpruned(level, rich, blanks, walked, monkeypatch):
    """The class player's search (six plays within a budget of SEARCH_BUDGET windows, kept by
    the taste) finds the same plays with the pruning (windows skipped, sides the taste refuses
    dropped before their plays are built) as without it (every window walked, every play built
    and then kept or not)."""
    player = class_player(LEVELS[level])
    cases = list(positions(level, 4, rich, blanks))

    def search(board, hand, tileset, pruned=True):
        keep = taste_filter(board, player.taste)
        if not pruned:
            return walked(board, hand, tileset).top(player.among, SEARCH_BUDGET, keep=keep)
        fits_line = line_filter(player.taste)
        return Position(board, hand, tileset).top(player.among, SEARCH_BUDGET, keep=keep,
                                                  digits=player.taste.largest_digits, sides=fits_line)

    skipped = []  # whether each window asked about was skipped, in the pruned searches
    monkeypatch.setattr(position, "unkept", lambda *args: skipped.append(unkept(*args)) or skipped[-1])
    pruned = [search(*case) for case in cases]
    monkeypatch.setattr(position, "unkept", lambda *args: False)
    assert [search(*case, pruned=False) for case in cases] == pruned
    assert any(pruned) and any(skipped)
