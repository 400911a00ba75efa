"""Board Situations for contests: a board from simulated play and a contest hand from what is
left, kept when it makes a good contest (a clear winner, the features asked for, and a winning
play a class of the level would write). The key's items are made from a Situation by
classroom.make.keys.

The board is a simulated game (classroom.make.simulated), played by the class player of the
level unless the teacher asks for the engine's; its record comes with the situation, so the
board can say how it came to be (`game_text`: the record `classroom game` reads).

Pure: every random choice comes from the `random.Random` passed in.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from classroom.errors import ClassroomError
from classroom.game.bag import draw
from classroom.game.board import Board, premium
from classroom.game.plays import score
from classroom.game.symbols import MAX_HAND, Hand, face, is_fraction
from classroom.game.taste import ANY, Taste
from classroom.game.tilesets import TileSet
from classroom.make.bounds import check_margin, past_every_best
from classroom.make.hands import CONTEST_BLANKS, few_blanks, in_order
from classroom.make.simulated import level_of, play_misfit, player_of, simulate
from classroom.make.situation_rules import FEATURES, SituationRules
from classroom.record.grammar import Record, record_text
from classroom.solve.board.counting import count_limit
from classroom.solve.board.position import Candidate, Position

BOARDS_TRIED = 12  # simulated boards tried for one situation before giving up
HANDS_PER_BOARD = 6  # contest hands tried on each simulated board
RUNNERS_UP = 5  # next-best plays shown in the key


@dataclass(frozen=True)
class Situation:
    """A contest position: the board, the hand, its best plays and how many plays it has."""

    board: Board
    hand: Hand
    plays: tuple[Candidate, ...]  # every play tied at the best score, then the runners-up
    count: int = 0  # every legal equation play; a lower bound when not count_exact
    count_exact: bool = True  # False: counting passed its limit (counting.count_limit), the position has at least `count`
    game: Record | None = None  # the simulated game the board comes from (None: a teacher's own board)


def ranked(position: Position) -> tuple[Candidate, ...]:
    """Return every play tied at the best score followed by the next RUNNERS_UP plays."""
    plays = position.top(1 + RUNNERS_UP)  # one search in the usual case
    ties = sum(1 for c in plays if c.score == plays[0].score)
    if ties == len(plays) == 1 + RUNNERS_UP:  # all tied: there may be more ties
        ties = len(position.best())
    if ties > 1:
        plays = position.top(ties + RUNNERS_UP)
    return tuple(plays)


def analysed(position: Position, game: Record | None = None) -> Situation:
    """Return the Situation of an analysed position: its ranked plays and how many there are
    (at least how many, when counting them would pass counting.count_limit)."""
    plays = ranked(position)
    # the plays ranked are distinct legal plays too: never "at least 0" beside a best play
    return Situation(position.board, position.hand, plays,
                     *position.count_at_least(count_limit(position.hand), listed=len(plays)), game=game)


def winners_fit(situation: Situation, taste: Taste) -> bool:
    """Return whether every play tied at the best score is one a class of this taste writes."""
    plays = situation.plays
    return taste == ANY or all(play_misfit(situation.board, c.play, taste) is None
                               for c in plays if c.score == plays[0].score)


def has_feature(board: Board, candidate: Candidate, feature: str, tileset: TileSet) -> bool:
    """Return whether a play shows the feature (a key of FEATURES)."""
    play = candidate.play
    if feature == "nine-tile":
        return play.tiles_used == MAX_HAND
    if feature == "two-equations":
        return len(score(board, play, tileset).equations) >= 2
    if feature == "extension":
        main = score(board, play, tileset).equations[0]
        return any(not board.is_empty(square) for square in main.squares)
    if feature == "fraction":
        return any(is_fraction(face(p.tile)) for p in play.placements)
    if feature == "3E":
        return any(premium(p.square).label == "3E" for p in play.placements)
    raise ClassroomError(f"unknown feature {feature!r}")


def is_good(situation: Situation, rules: SituationRules, tileset: TileSet) -> bool:
    """Return whether the position is a good contest: a play, a clear winner, the features
    shown by every play tied at the best score (a tie with a play that shows none would make
    the feature a matter of luck)."""
    plays = situation.plays
    if not plays:
        return False
    if len(plays) > 1 and plays[0].score - plays[1].score < rules.margin:
        return False
    return all(has_feature(situation.board, c, f, tileset) for c in plays if c.score == plays[0].score
               for f in rules.features)




def contest_hand(bag: tuple[str, ...], rng: random.Random, size: int, blanks: bool = True) -> Hand:
    """Return a contest hand drawn from what the game left in the bag (no more than
    CONTEST_BLANKS blanks; none without `blanks`)."""
    return in_order(list(few_blanks(lambda: draw(bag, size, rng)[0], CONTEST_BLANKS if blanks else 0)))


def find_situation(tileset: TileSet, rng: random.Random, rules: SituationRules = SituationRules(),
                   boards: int = BOARDS_TRIED) -> Situation:
    """Return the first simulated position that makes a good contest; raise after a bounded
    search naming what could not be met. The board's game is played by `rules.player`; with the
    class player, the winning play (every play tied at the best) fits the level's taste too."""
    rules.check()
    check_margin(rules.margin, tileset, rules.hand_size)
    player = player_of(rules.player, tileset)
    best_scores: list[int] = []  # of the positions tried: a margin above them all stops early
    for _ in range(boards):
        game = simulate(tileset, rng, rules.plays, player=player)
        for _ in range(HANDS_PER_BOARD):
            hand = contest_hand(game.pile, rng, rules.hand_size, rules.blanks)
            # The best two plays settle the margin and the features; ranking the runners-up and
            # counting every play cost more, so only the position kept pays for them (on the
            # same analysis, so its side tables are built once).
            position = Position(game.board, hand, tileset)
            trial = Situation(game.board, hand, tuple(position.top(2)))
            if is_good(trial, rules, tileset) and winners_fit(trial, player.taste):
                situation = analysed(position, game.record)
                if is_good(situation, rules, tileset) and winners_fit(situation, player.taste):  # ties past the first two
                    return situation
            best_scores.append(trial.plays[0].score if trial.plays else 0)
            beyond = past_every_best(rules.margin, best_scores)
            if beyond is not None:
                raise ClassroomError(beyond)
    wanted = [f"the winner beats the runner-up by {rules.margin} points or more"] if rules.margin else []
    wanted += ["the winning play is one a class of the level writes"] if player.taste != ANY else []
    wanted += [FEATURES[f] for f in rules.features] or ["the hand has a play"]
    raise ClassroomError(
        f"no position where {' and '.join(wanted)} turned up in {boards * HANDS_PER_BOARD} tries; "
        f"loosen the filters (--margin, --feature)"
    )


def game_text(situation: Situation, id: str, tileset: TileSet) -> str:
    """Return the record of the game a situation's board comes from, as `classroom game` reads
    it, with notes naming the situation and its contest hand; '' for a teacher's own board or a
    teacher's own tile set (a record names a shipped level)."""
    game = situation.game
    if game is None or level_of(tileset) is None:
        return ""
    notes = (f"Board Situation {id}: the board after the last turn of this game",
             f"the contest hand: {' '.join(situation.hand)}")
    return record_text(game.with_header(notes=game.header.notes + notes))


def own_situation(board: Board, hand: Hand, tileset: TileSet) -> Situation:
    """Return a teacher's own position with its best plays and the number of plays."""
    return analysed(Position(board, hand, tileset))
