"""A game record read and written: the text a person keeps (or the tool writes) while a game is
played, one line a turn (PRODUCT.md "Game records", docs/records.md).

    #equate game
    #tiles original
    #mode teams
    #players Red, Blue
    #seed 42
    Red draws 2 4 ÷ 3 8 + 7/4 ? 5
    Red [2 4 ÷ 3 8 + 7/4 ? 5]: J10 across 24 ÷ 3 = 8
    Blue: trade 4 ÷ 9
    Blue: pass
    Red holds 4 ×

A duplicate game groups its turns in rounds: `round 3 [rack]`, each participant's play, then
`top: PLAY`, the play put on the board. This module only reads and writes lines: whether a play
is legal, what it scores and who has won is the replay's business (classroom.record.replay).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from classroom.errors import ClassroomError, excerpt
from classroom.game.board import Board, parse_board
from classroom.game.horizontal import CROSSWORD, PLAYS
from classroom.game.symbols import Hand, parse_hand
from classroom.game.tilesets import LEVELS, load_level

MODES = ("teams", "duplicate", "solo")
RACKS = ("screen", "private")  # '#racks private': a team's rack only on its own device
TEAM_PLAYS = ("confirm", "direct")  # '#team-plays direct': a team's play from its device is played at once
PILES = ("one", "two")  # '#piles two': a numbers pile and an operations pile (RULES §12)
MAX_PLAYERS = {"teams": 4, "duplicate": 40, "solo": 1}
MIN_PLAYERS = {"teams": 2, "duplicate": 1, "solo": 1}
TOP = "top"  # the name of the line that puts a duplicate round's top play on the board
# The record's own words: a name holding one as a word could read as another line ('Red draws 4'
# as Red's draw, a team 'Blue holds nothing' never has a holds line of its own).
WORDS = (TOP, "round", "draws", "holds", "trade", "pass")
REPEATABLE = ("time", "note", "board", "handicap", "fraction-bonus", "allowance")  # header lines that may come more than once
MAX_NAME = 30
FIRST_LINE = "#equate game"
_TIME = re.compile(r"^(?P<minutes>\d{1,3})\s*m(?:in(?:utes?)?)?$", re.IGNORECASE)
_POINTS = re.compile(r"^(?P<name>.+?)\s+(?P<points>\d{1,3})$")  # 'Blue 20': a handicap of 20 points
_BONUS = re.compile(r"^(?P<name>.+?)\s+[×xX*]?\s*(?P<times>\d{1,2})$")  # 'Blue ×2': the fraction bonus
BONUSES = (2, 3)  # "twice or triple the score for each fraction used" (RULES §12)
_NAME = re.compile(r"^[^\s:\[\],#][^:\[\],#]*$")
# 'Red [2 4 ÷]: J10 across ...', 'Red: pass'; the rack in brackets is optional
_TURN = re.compile(r"^(?P<name>[^:\[\]]+?)\s*(?:\[(?P<rack>[^\]]*)\])?\s*:\s*(?P<action>.*)$")
# 'Red took 2:13': the time the turn before took (minutes:seconds), for the total-time clock
_TOOK = re.compile(r"^(?P<name>.+?)\s+took\s+(?P<minutes>\d{1,3}):(?P<seconds>[0-5]\d)$", re.IGNORECASE)
_DRAWS = re.compile(r"^(?P<name>.+?)\s+draws\s+(?P<tiles>.+)$", re.IGNORECASE)
_HOLDS = re.compile(r"^(?P<name>.+?)\s+holds\s+(?P<tiles>.+)$", re.IGNORECASE)
_ROUND = re.compile(r"^round\s+(?P<round>\d{1,4})\s*\[(?P<rack>[^\]]*)\]$", re.IGNORECASE)
_TRADE = re.compile(r"^trade(?:\s+(?P<tiles>.*))?$", re.IGNORECASE)


def read_handicap(value: str, names: tuple[str, ...], what: str = "--time",
                  unit: str = "minutes a play") -> tuple[str, int]:
    """Return (player, minutes) of a time handicap like 'Red 5m' (minutes a play; or a total-time
    allowance, `unit` 'minutes in all'), the player as the game names it, or raise one sentence
    naming `what` was given."""
    value = value.strip()
    match = re.fullmatch(r"(?P<name>.+?)\s+(?P<limit>\d{1,3}\s*m\w*)", value)
    limit = match and _TIME.match(match["limit"])
    if not limit or int(limit["minutes"]) == 0:
        raise ClassroomError(f"{what} {value!r}: write a player and {unit}, like 'Red 5m'")
    name = match["name"].strip()
    for player in names:
        if player.lower() == name.lower():
            return player, int(limit["minutes"])
    raise ClassroomError(f"{what} {value!r}: {name!r} is not one of the players ({', '.join(names)})")


def read_handicap_points(value: str, names: tuple[str, ...], what: str = "--handicap") -> tuple[str, int]:
    """Return (player, points) of a handicap like 'Blue 20' (points at the start), the player as
    the game names it, or raise one sentence naming `what` was given."""
    match = _POINTS.match(value.strip())
    if not match:
        raise ClassroomError(f"{what} {excerpt(value.strip())!r}: write a player and whole points "
                             "(0 to 999), like 'Blue 20'")
    return _named(match["name"], names, what, value), int(match["points"])


def read_fraction_bonus(value: str, names: tuple[str, ...], what: str = "--fraction-bonus") -> tuple[str, int]:
    """Return (player, 2 or 3) of a fraction bonus like 'Blue ×2', the player as the game names
    it, or raise one sentence naming `what` was given."""
    match = _BONUS.match(value.strip())
    if not match or int(match["times"]) not in BONUSES:
        raise ClassroomError(f"{what} {excerpt(value.strip())!r}: write a player and ×2 or ×3, like 'Blue ×2'")
    return _named(match["name"], names, what, value), int(match["times"])


def read_per_player(values: str | list[str] | None, names: tuple[str, ...], what: str,
                    reader: Callable[[str, tuple[str, ...], str], tuple[str, int]]) -> tuple[tuple[str, int], ...]:
    """Return the settings a form field or repeated option gives ('Blue 20, Red 5'), each read by
    `reader` (read_handicap_points, read_fraction_bonus); a player named twice is refused."""
    texts = [values] if isinstance(values, str) else list(values or [])
    read = tuple(reader(value, names, what) for text in texts for value in text.split(",") if value.strip())
    named = [name for name, _ in read]
    for name in named:
        if named.count(name) > 1:
            raise ClassroomError(f"{what}: {name} is named twice; give each player one")
    return read


def _named(name: str, names: tuple[str, ...], what: str, value: str) -> str:
    """Return the player a setting names (any letter case), or raise naming the setting."""
    name = name.strip()
    for player in names:
        if player.lower() == name.lower():
            return player
    raise ClassroomError(f"{what} {excerpt(value.strip())!r}: {excerpt(name)!r} is not one of the "
                         f"players ({', '.join(names)})")


@dataclass(frozen=True)
class Header:
    """What the `#` lines say: the tile set, the mode, the players or teams, the seed the tool
    dealt with (None for a game played on a real table), time handicaps in minutes, in a teams
    game where racks are shown and what a play sent from a team's device does, and for players of
    different abilities (RULES §12) handicap points, the fraction bonus and the total-time clock."""

    level: str = "original"
    mode: str = "teams"
    players: tuple[str, ...] = ()
    seed: int | None = None
    minutes: tuple[tuple[str, int], ...] = ()  # ('Red', 5): Red has 5 minutes a play
    notes: tuple[str, ...] = ()
    board: tuple[str, ...] = ()  # the 19 rows of a board file the game starts from (none: empty)
    racks: str = "screen"  # a teams game: "private" shows each team's rack on its own device only
    team_plays: str = "confirm"  # a teams game: a team's play from its device waits for the teacher, or "direct"
    handicaps: tuple[tuple[str, int], ...] = ()  # ('Blue', 20): Blue starts with 20 points
    allowances: tuple[tuple[str, int], ...] = ()  # ('Red', 30): Red's total-time allowance, minutes
    time_penalty: int = 0  # points lost per started minute over a player's allowance
    time_bonus: int = 0  # points for the least total time (shared on a tie, rounded down)
    fraction_bonus: tuple[tuple[str, int], ...] = ()  # ('Blue', 2): Blue's fraction tiles count twice
    piles: str = "one"  # "two": each draw says how many tiles come from the operations pile (RULES §12)
    play: str = CROSSWORD  # how plays are made (game.horizontal.PLAYS): '#play horizontal', RULES §12

    def minutes_of(self, player: str) -> int | None:
        """Return the minutes a play the player is given, or None without a time limit."""
        return dict(self.minutes).get(player)

    def handicap_of(self, player: str) -> int:
        """Return the points the player starts with (0 without a handicap)."""
        return dict(self.handicaps).get(player, 0)

    @property
    def clocked(self) -> bool:
        """Return whether the game keeps a total-time clock (an allowance or a least-time bonus)."""
        return bool(self.allowances or self.time_bonus)

    def bonus_of(self, player: str) -> int:
        """Return what the player's fraction tiles are multiplied by (1 without a bonus)."""
        return dict(self.fraction_bonus).get(player, 1)


@dataclass(frozen=True)
class Trade:
    """Tiles returned to the pile: the tiles when known, else only how many."""

    tiles: Hand | None
    count: int


@dataclass(frozen=True)
class Pass:
    """A turn passed."""


@dataclass(frozen=True)
class Written:
    """A play as written after the name: the judging notation, 'J10 across 24 ÷ 3 = 8'."""

    text: str


Action = Trade | Pass | Written


@dataclass(frozen=True)
class Turn:
    """One line `NAME [RACK]: ACTION`; `number` is the line's number in the file."""

    number: int
    player: str
    action: Action
    rack: Hand | None = None


@dataclass(frozen=True)
class Draw:
    """`NAME draws TILES`: tiles taken from the pile (the tool writes one after every deal)."""

    number: int
    player: str
    tiles: Hand


@dataclass(frozen=True)
class Holds:
    """`NAME holds TILES` (or `holds nothing`): the tiles left at the end of the game."""

    number: int
    player: str
    tiles: Hand


@dataclass(frozen=True)
class Took:
    """`NAME took M:SS`: the time the player's last turn took (the total-time clock)."""

    number: int
    player: str
    seconds: int


@dataclass(frozen=True)
class Round:
    """`round N [RACK]`: a duplicate round begins, everyone holding the rack."""

    number: int
    round: int
    rack: Hand


Line = Turn | Draw | Holds | Round | Took


@dataclass(frozen=True)
class Record:
    """A whole record: its header and its lines in file order."""

    header: Header
    lines: tuple[Line, ...] = field(default=())

    def with_header(self, **changes) -> "Record":
        """Return the record with header fields changed, read again so that its lines are
        numbered after the new header (and the header checked as if read from a file)."""
        return read_record(record_text(replace(self, header=replace(self.header, **changes))), "the game's settings")

    def adding(self, *lines: Line) -> "Record":
        """Return the record with lines added at the end (numbered after the last)."""
        start = self.last_number + 1
        renumbered = tuple(replace(line, number=start + i) for i, line in enumerate(lines))
        return replace(self, lines=self.lines + renumbered)

    @property
    def last_number(self) -> int:
        """Return the file line number of the last line (the header's when there is none)."""
        return self.lines[-1].number if self.lines else header_length(self.header)


def header_length(header: Header) -> int:
    """Return how many lines the header takes when written."""
    return len(header_lines(header))


def read_record(text: str, where: str = "record") -> Record:
    """Return the record a text holds, or raise naming the line and what is wrong with it.

    Nothing is repaired: an unknown header, a name that is not a player, a rack that is not
    tiles, all are refused on their line."""
    lines = text.splitlines()
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None or lines[first].strip().lower() != FIRST_LINE:
        raise ClassroomError(f"{where}: the first line of a game record is {FIRST_LINE!r}")
    fields: dict[str, object] = {"notes": [], "minutes": [], "handicaps": [], "fraction_bonus": [],
                                 "allowances": []}
    body: list[Line] = []
    given: dict[str, int] = {}  # each header line's keyword and the line it was first given on
    for number, raw in enumerate(lines[first + 1:], start=first + 2):
        line = raw.strip()
        if not line:
            continue
        at = f"{where}, line {number}"
        if line.startswith("#"):
            if body:
                raise ClassroomError(f"{at}: a header line ({excerpt(line)!r}) comes before the first turn")
            keyword = line[1:].strip().partition(" ")[0].lower()
            if keyword in given and keyword not in REPEATABLE:
                raise ClassroomError(f"{at}: '#{excerpt(keyword)}' is given twice (first on line "
                                     f"{given[keyword]}); a record gives it once")
            given.setdefault(keyword, number)
            _read_header(line, at, fields)
            continue
        if "players" not in fields:
            raise ClassroomError(f"{at}: the header names no players; write '#players Red, Blue' first")
        negatives = load_level(fields.get("level", "original")).rules.negatives
        body.append(_read_line(line, at, number, fields["players"], negatives))
    if "players" not in fields:
        raise ClassroomError(f"{where}: the header names no players; write '#players Red, Blue'")
    header = Header(level=fields.get("level", "original"), mode=fields.get("mode", "teams"),
                    players=fields["players"], seed=fields.get("seed"),
                    minutes=tuple(fields["minutes"]), notes=tuple(fields["notes"]),
                    board=tuple(fields.get("board", ())), racks=fields.get("racks", "screen"),
                    team_plays=fields.get("team_plays", "confirm"), handicaps=_spelled(fields["handicaps"], fields["players"]),
                    fraction_bonus=_spelled(fields["fraction_bonus"], fields["players"]),
                    allowances=_spelled(fields["allowances"], fields["players"]),
                    time_penalty=fields.get("time_penalty", 0), time_bonus=fields.get("time_bonus", 0),
                    piles=fields.get("piles", PILES[0]), play=fields.get("play", CROSSWORD))
    if header.board:
        starting_board(header, where)  # checked as a board file, each bad square named
    _check_players(header, where)
    if header.mode != "teams" and (header.racks, header.team_plays) != (RACKS[0], TEAM_PLAYS[0]):
        raise ClassroomError(f"{where}: '#racks' and '#team-plays' are settings of a teams game, "
                             f"not of a {header.mode} game")
    for name, _ in header.minutes:
        if name not in header.players:
            raise ClassroomError(f"{where}: '#time {name}' names no player of '#players'")
    _check_per_player(header, where)
    if header.piles != PILES[0] and header.mode == "duplicate":
        raise ClassroomError(f"{where}: '#piles two' is a setting of a teams or solo game; a duplicate "
                             "round's rack is dealt for everyone")
    took = next((line for line in body if isinstance(line, Took)), None)
    if took is not None and header.mode == "duplicate":
        raise ClassroomError(f"{where}, line {took.number}: a duplicate game keeps no clock; "
                             "'took' lines belong to a teams or solo game")
    return Record(header, tuple(body))


def read_turn(text: str, record: Record, where: str = "the turn") -> Line:
    """Return one line typed to be added to a record ('Red: J10 across 24 ÷ 3 = 8'), read as the
    record's next line, or raise naming it."""
    if "\n" in text.strip():
        raise ClassroomError(f"{where}: give one turn at a time, on one line")
    number = record.last_number + 1
    negatives = load_level(record.header.level).rules.negatives
    return _read_line(text.strip(), where, number, record.header.players, negatives)


def _read_header(line: str, at: str, fields: dict) -> None:
    """Read one `#` line into the fields, or raise naming it."""
    key, _, value = line[1:].strip().partition(" ")
    key, value = key.lower(), value.strip()
    if key == "tiles":
        if value.lower() not in LEVELS:
            raise ClassroomError(f"{at}: '#tiles' names a level, one of {', '.join(LEVELS)}, "
                                 f"not {excerpt(value)!r}")
        fields["level"] = value.lower()
    elif key == "mode":
        if value.lower() not in MODES:
            raise ClassroomError(f"{at}: the mode is one of {', '.join(MODES)}, not {excerpt(value)!r}")
        fields["mode"] = value.lower()
    elif key == "players":
        names = tuple(name.strip() for name in value.split(","))
        check_names(names, at, "'#players'")
        fields["players"] = names
    elif key == "seed":
        if not re.fullmatch(r"\d{1,18}", value):
            raise ClassroomError(f"{at}: the seed is a whole number, like '#seed 42'")
        fields["seed"] = int(value)
    elif key == "time":
        fields["minutes"].append(_minutes(value, f"{at}: write a time limit as '#time Red 5m' (minutes a play)"))
    elif key == "handicap":
        match = _POINTS.match(value)
        if match is None:
            raise ClassroomError(f"{at}: write a handicap as '#handicap Blue 20' (points at the start, 0 to 999)")
        fields["handicaps"].append((match["name"].strip(), int(match["points"])))
    elif key == "fraction-bonus":
        match = _BONUS.match(value)
        if match is None or int(match["times"]) not in BONUSES:
            raise ClassroomError(f"{at}: write a fraction bonus as '#fraction-bonus Blue ×2' (×2 or ×3)")
        fields["fraction_bonus"].append((match["name"].strip(), int(match["times"])))
    elif key == "allowance":
        fields["allowances"].append(
            _minutes(value, f"{at}: write a total-time allowance as '#allowance Red 30m' (minutes in all)"))
    elif key in ("time-penalty", "time-bonus"):
        if not re.fullmatch(r"\d{1,3}", value):
            raise ClassroomError(f"{at}: '#{key}' is whole points (0 to 999), like '#{key} 10'")
        fields[key.replace("-", "_")] = int(value)
    elif key == "note":
        fields["notes"].append(value)
    elif key == "board":
        fields.setdefault("board", []).append(" ".join(value.split()))
    elif key in ("racks", "team-plays", "piles", "play"):
        allowed = {"racks": RACKS, "team-plays": TEAM_PLAYS, "piles": PILES, "play": PLAYS}[key]
        if value.lower() not in allowed:
            raise ClassroomError(f"{at}: '#{key}' is {' or '.join(allowed)}, not {excerpt(value)!r}")
        fields[key.replace("-", "_")] = value.lower()
    else:
        raise ClassroomError(f"{at}: unknown header {excerpt(line)!r}; a record's headers are "
                             "#tiles, #mode, #players, #seed, #time, #handicap, #fraction-bonus, #allowance, "
                             "#time-penalty, #time-bonus, #note, #board, #racks, #team-plays, #piles and #play")


def _minutes(value: str, refusal: str) -> tuple[str, int]:
    """Return (name, minutes) of a header's 'Red 5m', or raise the refusal."""
    name, _, limit = value.rpartition(" ")
    match = _TIME.match(limit)
    if not name or match is None or int(match["minutes"]) == 0:
        raise ClassroomError(refusal)
    return name.strip(), int(match["minutes"])


def _spelled(given: list[tuple[str, int]], players: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """Return per-player settings with each name as '#players' spells it (names are read in any
    letter case); a name that is no player's stays as written, for the check to refuse."""
    spelling = {p.lower(): p for p in players}
    return tuple((spelling.get(name.lower(), name), value) for name, value in given)


def _check_per_player(header: Header, where: str) -> None:
    """Raise unless each '#handicap' and '#fraction-bonus' line names a player of the game once,
    in a teams or solo game (a duplicate game's rounds give everyone the same rack)."""
    for keyword, given in (("handicap", header.handicaps), ("fraction-bonus", header.fraction_bonus),
                           ("allowance", header.allowances)):
        if given and header.mode == "duplicate":
            raise ClassroomError(f"{where}: '#{keyword}' is a setting of a teams or solo game, "
                                 "not of a duplicate game")
        names = [name for name, _ in given]
        for name in names:
            if name not in header.players:
                raise ClassroomError(f"{where}: '#{keyword} {name}' names no player of '#players'")
            if names.count(name) > 1:
                raise ClassroomError(f"{where}: '#{keyword} {name}' is given twice; a player has one")


def check_names(names: tuple[str, ...], at: str, what: str = "the players") -> None:
    """Raise one sentence unless every name can be a player's and no two are the same: what a
    record's '#players' line is checked with, and a game being made (`game new --players`, the
    page's new-game form) before anything is written."""
    for name in names:
        _check_name(name, at)
    if len({n.lower() for n in names}) != len(names):
        raise ClassroomError(f"{at}: a name appears twice in {what}")


def _check_name(name: str, at: str) -> None:
    """Raise unless the name can be a player's: not empty, short, no ':', '[', ']', ',' or '#',
    and none of the record's words (draws, holds, trade, pass, round, top) among its words."""
    if not name or not _NAME.match(name) or len(name) > MAX_NAME:
        raise ClassroomError(f"{at}: {excerpt(name)!r} cannot be a player's name (1 to {MAX_NAME} "
                             "characters, no : [ ] , or #)")
    word = next((w for w in name.lower().split() if w in WORDS), None)
    if word is not None:
        raise ClassroomError(f"{at}: {name!r} cannot be a player's name: {word!r} is a word of the "
                             f"record ({', '.join(WORDS)}); choose another name")


def _check_players(header: Header, where: str) -> None:
    """Raise unless the mode has a number of players it allows."""
    low, high = MIN_PLAYERS[header.mode], MAX_PLAYERS[header.mode]
    if not low <= len(header.players) <= high:
        allowed = f"{low}" if low == high else f"{low} to {high}"
        raise ClassroomError(f"{where}: a {header.mode} game has {allowed} players, "
                             f"not {len(header.players)}")


def _player(name: str, players: tuple[str, ...], at: str) -> str:
    """Return the player a line names (any letter case), or raise saying who plays."""
    for player in players:
        if player.lower() == name.strip().lower():
            return player
    raise ClassroomError(f"{at}: {excerpt(name.strip())!r} is not a player of this game "
                         f"({', '.join(players)})")


def _tiles(text: str, at: str, what: str, negatives: bool, empty_ok: bool = False) -> Hand:
    """Return the tiles a part of a line lists, or raise naming the line."""
    if empty_ok and text.strip().lower() in ("", "nothing"):
        return ()
    try:
        return parse_hand(text, negatives)
    except ClassroomError as error:
        raise ClassroomError(f"{at}: {what}: {str(error).removeprefix('hand: ')}") from None


def _read_line(line: str, at: str, number: int, players: tuple[str, ...], negatives: bool) -> Line:
    """Return the record line a text is, or raise naming it."""
    match = _ROUND.match(line)
    if match:
        return Round(number, int(match["round"]), _tiles(match["rack"], at, "the round's rack", negatives))
    match = _TOOK.match(line)  # before turns: 'Red took 2:13' holds a colon
    if match and any(p.lower() == match["name"].strip().lower() for p in players):
        return Took(number, _player(match["name"], players, at), int(match["minutes"]) * 60 + int(match["seconds"]))
    for pattern, kind in ((_DRAWS, Draw), (_HOLDS, Holds)):  # before turns: '÷' is typed ':' too
        match = pattern.match(line)
        if match and any(p.lower() == match["name"].strip().lower() for p in players):
            tiles = _tiles(match["tiles"], at, "the tiles", negatives, empty_ok=kind is Holds)
            return kind(number, _player(match["name"], players, at), tiles)
    match = _TURN.match(line)
    if match and match["name"].strip().lower() == TOP:
        return Turn(number, TOP, _action(match["action"], at, negatives))
    if match:
        player = _player(match["name"], players, at)
        rack = _tiles(match["rack"], at, "the rack", negatives) if match["rack"] is not None else None
        return Turn(number, player, _action(match["action"], at, negatives), rack)
    for pattern in (_DRAWS, _HOLDS):
        match = pattern.match(line)
        if match:
            _player(match["name"], players, at)  # raises: the name is no player's
    raise ClassroomError(f"{at}: {excerpt(line)!r} is not a turn; write 'NAME: PLAY', 'NAME: trade "
                         "TILES', 'NAME: pass', 'NAME draws TILES' or 'NAME holds TILES'")


def _action(text: str, at: str, negatives: bool) -> Action:
    """Return what a turn does: a pass, a trade, or a written play (read by the replay)."""
    text = text.strip()
    if text.lower() == "pass":
        return Pass()
    match = _TRADE.match(text)
    if match:
        given = (match["tiles"] or "").strip()
        if re.fullmatch(r"\[[^\]]*\]", given):  # 'trade [4]': the one tile 4, not four tiles
            given = given[1:-1].strip() or "nothing"
        elif re.fullmatch(r"\d{1,2}", given):
            count = int(given)
            if not 1 <= count <= 9:
                raise ClassroomError(f"{at}: a trade returns 1 to 9 tiles, not {count}")
            return Trade(None, count)
        if not given:
            raise ClassroomError(f"{at}: say what is traded: 'trade 4 ÷ 9', or 'trade 3' when the tiles "
                                 "are not known")
        tiles = _tiles(given, at, "the traded tiles", negatives)
        return Trade(tiles, len(tiles))
    if not text:
        raise ClassroomError(f"{at}: the turn says nothing after the colon; write a play, "
                             "'trade TILES' or 'pass'")
    return Written(text)


def header_lines(header: Header) -> list[str]:
    """Return the header as the record writes it."""
    lines = [FIRST_LINE, f"#tiles {header.level}", f"#mode {header.mode}",
             f"#players {', '.join(header.players)}"]
    if header.seed is not None:
        lines.append(f"#seed {header.seed}")
    lines += [f"#time {name} {minutes}m" for name, minutes in header.minutes]
    lines += [f"#handicap {name} {points}" for name, points in header.handicaps]
    lines += [f"#fraction-bonus {name} ×{times}" for name, times in header.fraction_bonus]
    lines += [f"#allowance {name} {minutes}m" for name, minutes in header.allowances]
    if header.time_penalty:
        lines.append(f"#time-penalty {header.time_penalty}")
    if header.time_bonus:
        lines.append(f"#time-bonus {header.time_bonus}")
    lines += [f"#note {note}" for note in header.notes]
    lines += [f"#board {row}" for row in header.board]
    if header.racks != RACKS[0]:  # written only when not the default, so older records read the same
        lines.append(f"#racks {header.racks}")
    if header.team_plays != TEAM_PLAYS[0]:
        lines.append(f"#team-plays {header.team_plays}")
    if header.piles != PILES[0]:
        lines.append(f"#piles {header.piles}")
    if header.play != CROSSWORD:
        lines.append(f"#play {header.play}")
    return lines


def starting_board(header: Header, where: str = "record") -> Board:
    """Return the board the game starts from: empty, or the one its '#board' lines give (19 rows
    of a board file, checked as a board file is); raise naming the square that is wrong."""
    if not header.board:
        return Board()
    return parse_board("\n".join(header.board), f"{where}, the '#board' lines", load_level(header.level).rules)


def clock_text(seconds: int) -> str:
    """Return a time as a record and the results write it: 133 -> '2:13'."""
    return f"{seconds // 60}:{seconds % 60:02d}"


def read_clock(text: str, what: str = "--took") -> int:
    """Return the seconds a time like '2:13' (minutes:seconds) gives, or raise naming `what`."""
    match = re.fullmatch(r"(?P<minutes>\d{1,3}):(?P<seconds>[0-5]\d)", text.strip())
    if match is None:
        raise ClassroomError(f"{what} {excerpt(text.strip())!r}: write minutes and seconds, like '2:13'")
    return int(match["minutes"]) * 60 + int(match["seconds"])


def tiles_text(tiles: Hand) -> str:
    """Return tiles as a record writes them: '2 4 ÷ 3', or 'nothing'."""
    return " ".join(tiles) if tiles else "nothing"


def line_text(line: Line) -> str:
    """Return one record line as the record writes it."""
    if isinstance(line, Round):
        return f"round {line.round} [{tiles_text(line.rack)}]"
    if isinstance(line, Draw):
        return f"{line.player} draws {tiles_text(line.tiles)}"
    if isinstance(line, Holds):
        return f"{line.player} holds {tiles_text(line.tiles)}"
    if isinstance(line, Took):
        return f"{line.player} took {clock_text(line.seconds)}"
    rack = f" [{tiles_text(line.rack)}]" if line.rack is not None else ""
    return f"{line.player}{rack}: {action_text(line.action)}"


def action_text(action: Action) -> str:
    """Return a turn's action as written after the colon."""
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Trade):
        if action.tiles is None:
            return f"trade {action.count}"
        if re.fullmatch(r"\d", " ".join(action.tiles)):
            return f"trade [{action.tiles[0]}]"  # 'trade 4' would be four tiles not known
        return f"trade {tiles_text(action.tiles)}"
    return action.text


def record_text(record: Record) -> str:
    """Return the whole record as text, ending with a newline: what `read_record` reads back."""
    return "\n".join(header_lines(record.header) + [line_text(line) for line in record.lines]) + "\n"
