"""A new game as a teacher asks for it, the same from either door: `classroom game new` and the
page's new-game form both read their words into a NewGameRequest through `new_game_request`, so
every field is checked once, with one sentence, and a limit is written once. A field is named in
the sentence as the page labels it, with the command line's option beside it: "the seed
(--seed) is a whole number from 0 to 999,999,999,999, not -1".

The seed of anything dealt or drawn (a game, a class set) is chosen here too, when none is
given: `run_seed`, the one place a fresh seed is drawn, from the random.SystemRandom the door
hands it (the core itself touches no global randomness)."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from classroom.choices import one_of
from classroom.errors import ClassroomError, excerpt
from classroom.game.bag import FIRST_OPERATIONS, MAX_OPERATIONS
from classroom.game.tilesets import LEVELS

MAX_SEED = 10 ** 12 - 1  # the seed is printed on every sheet and names the files
FRESH_SEEDS = 1_000_000  # a fresh seed is below this: short enough to read off a sheet and type again
SEED = "the seed (--seed)"


def whole(value: int | str | None, low: int, high: int, default: int | None, what: str) -> int | None:
    """Return a whole number from low to high (the default when None or empty), as the command
    line reads it (an int) or the page has it (its text), or raise one sentence naming `what`."""
    if isinstance(value, str):
        value = value.strip()
        if not value:
            return default
        if not re.fullmatch(r"[-+]?\d{1,40}", value):
            raise ClassroomError(f"{what} is a whole number from {low:,} to {high:,}, not {excerpt(value)}")
        value = int(value)
    if value is None:
        return default
    if not low <= value <= high:
        raise ClassroomError(f"{what} is a whole number from {low:,} to {high:,}, not {excerpt(value)}")
    return value


def run_seed(seed: int | str | None, draw: random.Random) -> int:
    """Return the seed given, checked, or a fresh one drawn from `draw` (the door's
    random.SystemRandom), to print so the run can be repeated."""
    seed = whole(seed, 0, MAX_SEED, None, SEED)
    return seed if seed is not None else draw.randrange(1, FRESH_SEEDS)


@dataclass(frozen=True)
class NewGameRequest:
    """A new game, checked: what `record.deal.new_game` (or `record.duplicate.new_duplicate`)
    deals from, and the teams game's settings."""

    mode: str  # one of MODES
    players: tuple[str, ...]  # in turn order, like ('Red', 'Blue')
    level: str  # one of LEVELS
    seed: int  # given, or a fresh one
    minutes: tuple[tuple[str, int], ...]  # time handicaps, like (('Red', 5),)
    racks: str  # a teams game: where racks are shown (one of record.grammar.RACKS)
    team_plays: str  # a teams game: what a team's play from its device does (one of TEAM_PLAYS)
    # Players of different abilities (RULES §12): none unless asked for.
    handicaps: tuple[tuple[str, int], ...] = ()  # points at the start, like (('Blue', 20),)
    fraction_bonus: tuple[tuple[str, int], ...] = ()  # like (('Blue', 2),)
    allowances: tuple[tuple[str, int], ...] = ()  # total-time allowances in minutes
    time_penalty: int = 0  # points a started minute over the allowance, at the end
    time_bonus: int = 0  # points for the least total time, at the end
    piles: str = "one"  # "two": a numbers pile and an operations pile (one of record.grammar.PILES)
    operations: int = FIRST_OPERATIONS  # two piles: operation tiles in each first rack
    play: str = "crossword"  # how plays are made, one of game.horizontal.PLAYS (its CROSSWORD: a record without '#play')

    @property
    def abilities(self) -> dict[str, object]:
        """Return the header's lines for players of different abilities, only those asked for."""
        lines = {"handicaps": self.handicaps, "fraction_bonus": self.fraction_bonus,
                 "allowances": self.allowances, "time_penalty": self.time_penalty, "time_bonus": self.time_bonus,
                 "piles": self.piles if self.piles != "one" else None}
        return {name: value for name, value in lines.items() if value}

    @property
    def settings(self) -> dict[str, object]:
        """Return the header's settings: a teams game's racks and team plays, and the abilities."""
        teams = {"racks": self.racks, "team_plays": self.team_plays} if self.mode == "teams" else {}
        return teams | self.abilities | ({"play": self.play} if self.play != NewGameRequest.play else {})


def new_game_request(mode: str, players: str, level: str, seed: int | str | None,
                     handicaps: tuple[str, ...], racks: str | None, team_plays: str | None,
                     draw: random.Random, *, points: tuple[str, ...] = (), fraction_bonus: tuple[str, ...] = (),
                     allowances: tuple[str, ...] = (), time_penalty: int | str | None = 0,
                     time_bonus: int | str | None = 0, piles: str | None = None,
                     operations: int | str | None = None, play: str | None = None) -> NewGameRequest:
    """Return the new game the words ask for, every field checked with one sentence: the mode,
    the players ('Red, Blue': comma-separated, as many as the mode allows), the level, the seed
    (a fresh one from `draw` when None or empty), each time handicap ('Red 5m'), a teams game's
    settings (None: the default; given for another mode, refused), and the settings for players
    of different abilities (RULES §12: handicap points 'Blue 20', a fraction bonus 'Blue ×2', a
    total-time allowance 'Red 30m' with its penalty and bonus; two draw piles, with the operation
    tiles of each first rack), which a duplicate game refuses, and how plays are made (None or
    empty: horizontal for the add-subtract level, else crossword; a duplicate game crossword unless asked)."""
    # The record's grammar is read here, not with the module: the command line's help and its
    # light commands read this module's seed rule (through make.requests) and need no grammar.
    from classroom.game.horizontal import CROSSWORD, PLAYS, default_play
    from classroom.record.grammar import (
        MAX_PLAYERS,
        MIN_PLAYERS,
        MODES,
        PILES,
        RACKS,
        TEAM_PLAYS,
        check_names,
        read_fraction_bonus,
        read_handicap,
        read_handicap_points,
        read_per_player,
    )

    mode = one_of(mode, MODES, "the mode (--mode)")
    names = tuple(name.strip() for name in players.split(",") if name.strip())
    if not names:
        raise ClassroomError("name the players or teams (--players), comma-separated: 'Red, Blue'")
    check_names(names, "the players (--players)")  # the record could not read back a name of its own words
    fewest, most = MIN_PLAYERS[mode], MAX_PLAYERS[mode]
    if not fewest <= len(names) <= most:
        bound = f"at most {most}" if len(names) > most else f"at least {fewest}"
        raise ClassroomError(f"a {mode} game has {bound} {'player' if mode == 'solo' else 'players or teams'}, "
                             f"not {len(names)} (--players)")
    level = one_of(level, tuple(LEVELS), "the level (--level)")
    minutes = tuple(read_handicap(value, names, "the time handicap (--time)")
                    for value in handicaps if value.strip())
    settings = (one_of(racks or RACKS[0], RACKS, "where racks are shown (--racks)"),
                one_of(team_plays or TEAM_PLAYS[0], TEAM_PLAYS, "what a team's play does (--team-plays)"))
    if mode != "teams" and settings != (RACKS[0], TEAM_PLAYS[0]):
        raise ClassroomError(f"--racks and --team-plays are settings of a teams game, not of a {mode} game")
    abilities = dict(
        handicaps=read_per_player(list(points), names, "the handicap points (--handicap)", read_handicap_points),
        fraction_bonus=read_per_player(list(fraction_bonus), names, "the fraction bonus (--fraction-bonus)",
                                       read_fraction_bonus),
        allowances=tuple(read_handicap(value, names, "the time allowance (--allowance)", "minutes in all")
                         for text in allowances for value in text.split(",") if value.strip()),
        time_penalty=whole(time_penalty, 0, 999, 0, "the time penalty (--time-penalty)"),
        time_bonus=whole(time_bonus, 0, 999, 0, "the time bonus (--time-bonus)"),
        piles=one_of((piles or "").strip() or PILES[0], PILES, "the draw piles (--piles)"))
    first = whole(operations, 0, MAX_OPERATIONS, None, "the operation tiles of each first rack (--operations)")
    if first is not None and abilities["piles"] != PILES[1]:
        raise ClassroomError("the operation tiles of each first rack (--operations) are asked with two draw piles "
                             "(--piles two)")
    two_piles = abilities["piles"] == PILES[1]
    if mode == "duplicate" and (two_piles or any(value for name, value in abilities.items() if name != "piles")):
        raise ClassroomError("--handicap, --fraction-bonus, the clock and two draw piles are settings of a teams or "
                             "solo game, not of a duplicate game")
    if (play or "").strip():
        play = one_of(play, PLAYS, "how plays are made (--play)")
    else:
        play = default_play(level) if mode != "duplicate" else CROSSWORD
    return NewGameRequest(mode, names, level, run_seed(seed, draw), minutes, *settings, **abilities,
                          operations=FIRST_OPERATIONS if first is None else first, play=play)
