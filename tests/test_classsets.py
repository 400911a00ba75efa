"""Class sets: the same seed gives the same items and byte-identical PDFs; filters are honoured;
simulated contest boards are legal and connected; every key play re-checks."""

import json
import random
import re

import pytest
from pypdf import PdfReader

from classroom import __version__
from classroom.errors import ClassroomError
from classroom.game.board import check_board
from classroom.game.plays import score, why_illegal
from classroom.game.tilesets import load_level
from classroom.make.hands import HandRules
from classroom.make.sets import PrintOptions, boardless_set, situations_set
from classroom.make.situation_rules import SituationRules
from classroom.make.situations import Situation, find_situation, has_feature, is_good
from classroom.solve.board.position import Candidate, all_plays
from classroom.store.runs import write_worksheet

ORIGINAL = load_level("original")
SMALL = SituationRules(plays=2, margin=0, hand_size=5)


def test_same_seed_same_boardless_set_and_identical_files(tmp_path):
    """One seed: the same hands, keys, manifest and byte-identical PDFs, on one core or two."""
    rules = HandRules(min_equations=5)
    one = boardless_set(ORIGINAL, "original", 11, 3, rules, PrintOptions(), workers=1)
    two = boardless_set(ORIGINAL, "original", 11, 3, rules, PrintOptions(), workers=2)
    assert one == two
    first = [p.read_bytes() for p in write_worksheet(one, tmp_path / "a")]
    second = [p.read_bytes() for p in write_worksheet(two, tmp_path / "b")]
    assert first == second


def test_different_seeds_give_different_hands():
    """Another seed, other hands."""
    hands = {tuple(boardless_set(ORIGINAL, "original", seed, 2, HandRules(), PrintOptions()).items[0].tokens)
             for seed in (1, 2, 3)}
    assert len(hands) == 3


def test_boardless_filters_are_honoured():
    """Every hand of the set meets the teacher's filters, as the solver counts them."""
    worksheet = boardless_set(ORIGINAL, "original", 5, 3, HandRules(min_equations=60, max_best=40), PrintOptions())
    assert all(item.count >= 60 and item.best_score <= 40 for item in worksheet.items)


def test_same_hand_prints_one_hand_on_every_sheet_with_one_key(tmp_path):
    """--same-hand: one item (one key), as many student pages as sheets asked for."""
    worksheet = boardless_set(ORIGINAL, "original", 8, 4, HandRules(), PrintOptions(), same_hand=True)
    assert len(worksheet.items) == 1 and worksheet.copies == 4
    student, key, _ = write_worksheet(worksheet, tmp_path)
    assert len(PdfReader(student).pages) == 4
    assert PdfReader(key).pages[0].extract_text().count(worksheet.items[0].id) >= 1


def test_simulated_contest_boards_are_legal_connected_and_keys_recheck():
    """A generated situation: a legal connected board; the key's plays are legal and scored right."""
    worksheet = situations_set(ORIGINAL, "original", 4, 2, SMALL, PrintOptions(), workers=2)
    again = situations_set(ORIGINAL, "original", 4, 2, SMALL, PrintOptions(), workers=1)
    assert worksheet == again
    for item in worksheet.items:
        assert item.count > 0 and item.best
        assert item.grid.count("\n") == 19
    situation = find_situation(ORIGINAL, random.Random(4), SMALL)
    check_board(situation.board)
    assert situation.board.tiles
    for candidate in situation.plays[:20]:
        assert why_illegal(situation.board, candidate.play, ORIGINAL) is None
        assert score(situation.board, candidate.play, ORIGINAL).total == candidate.score
    every = all_plays(situation.board, situation.hand, ORIGINAL)
    assert list(situation.plays) == every[:len(situation.plays)] and situation.count == len(every)
    assert len(situation.plays) == sum(1 for c in every if c.score == every[0].score) + min(
        5, sum(1 for c in every if c.score < every[0].score))


@pytest.mark.parametrize("feature", ["fraction", "extension"])
def test_asked_features_are_honoured(feature):
    """A position asked for with a feature: its winning play shows it, and so does every play
    tied with it (with no margin, ties are kept)."""
    rules = SituationRules(plays=2, margin=0, hand_size=5, features=(feature,))
    situation = find_situation(ORIGINAL, random.Random(9), rules)
    best = [c for c in situation.plays if c.score == situation.plays[0].score]
    assert all(has_feature(situation.board, c, feature, ORIGINAL) for c in best)


def test_a_tie_with_a_play_not_showing_the_feature_is_no_good_position():
    """A best play showing the feature tied with one that does not: not a position that
    practises it (which of the two a student finds would be luck)."""
    situation = find_situation(ORIGINAL, random.Random(9), SituationRules(plays=2, margin=0, hand_size=5,
                                                                          features=("fraction",)))
    every = all_plays(situation.board, situation.hand, ORIGINAL)
    other = next(c for c in every if not has_feature(situation.board, c, "fraction", ORIGINAL))
    best = situation.plays[0]
    rules = SituationRules(plays=2, margin=0, hand_size=5, features=("fraction",))
    alone = Situation(situation.board, situation.hand, (best,))
    tied = Situation(situation.board, situation.hand, (best, Candidate(best.score, other.play)))
    assert is_good(alone, rules, ORIGINAL)
    assert not is_good(tied, rules, ORIGINAL)


def test_a_clear_winner_beats_the_runner_up_by_the_margin():
    """--margin M: the best play beats the next one by at least M points."""
    rules = SituationRules(plays=2, margin=4, hand_size=5)
    situation = find_situation(ORIGINAL, random.Random(2), rules)
    plays = situation.plays
    assert len(plays) == 1 or plays[0].score - plays[1].score >= 4


def test_unknown_feature_and_impossible_margin_say_so():
    """Unknown features are refused; an unmeetable margin ends after a bounded search."""
    with pytest.raises(ClassroomError, match="unknown feature 'spiral'"):
        find_situation(ORIGINAL, random.Random(1), SituationRules(features=("spiral",)))
    with pytest.raises(ClassroomError, match="no position where the winner beats the runner-up by 500 points"):
        find_situation(ORIGINAL, random.Random(1), SituationRules(plays=1, margin=500, hand_size=5), boards=1)


def test_manifest_records_each_situation(tmp_path):
    """manifest.json: command, seed, level, version, options, layout, files, and each item's id,
    hand, grid, best, count."""
    worksheet = situations_set(ORIGINAL, "original", 4, 1, SMALL, PrintOptions())
    write_worksheet(worksheet, tmp_path)
    manifest = json.loads((tmp_path / "manifest.json").read_text("utf-8"))
    assert manifest["command"] == "situations" and manifest["seed"] == 4 and manifest["level"] == "original"
    game = f"{worksheet.items[0].id}-game.txt"  # the record of the game the board comes from
    assert manifest["files"] == ["situations-4.pdf", "situations-4-key.pdf", game]
    assert (manifest["version"], manifest["options"]["plays"], manifest["layout"]["page_size"]) == (
        __version__, 2, "letter")
    item = manifest["items"][0]
    assert set(item) == {"id", "hand", "grid", "game", "best_score", "count", "count_exact"}
    assert item["game"] == game and (tmp_path / game).read_text("utf-8").startswith("#equate game")
    assert re.fullmatch(r"S-4-[0-9a-f]{4}-01", item["id"]) and len(item["hand"]) == 5
    assert item["best_score"] == worksheet.items[0].best_score
