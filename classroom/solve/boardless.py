"""The boardless solver: every distinct written Equation a Hand allows, with its score (docs/rules.md §9).

An Equation is `left = right`, two Expressions using disjoint parts of the hand. The tables of
`classroom.solve.boardless_tables` give, for every multiset of the hand's tiles, its Expressions by
value (a blank as a wildcard, the big multisets aimed at the values they can meet); `solve`
joins each multiset's table with those of the multisets that fit beside it, by value.

Blanks: a blank standing for 5 and a real 5 write one equation, listed once; its score counts
real tiles wherever the hand has them, and its tiles mark the blanks that are left.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from classroom.errors import ClassroomError
from classroom.game.arithmetic import why_not
from classroom.game.plurals import tiles_of
from classroom.game.symbols import (
    ALL_NINE_BONUS,
    ALL_SYMBOLS,
    BLANK,
    EQUAL,
    MAX_HAND,
    Hand,
    Symbol,
    Tile,
    face,
    is_blank,
    write,
)
from classroom.game.tilesets import TileSet
from classroom.solve.boardless_tables import Tables

# The most equations a hand may list (some 350 MB of answers): past it the hand is refused in one
# sentence. Two blanks in nine tiles list up to some 280,000 in the benchmark's hands.
MAX_ANSWERS = 500_000


@dataclass(frozen=True)
class Answer:
    """One written Equation a hand allows: its symbols, its text, its score."""

    symbols: tuple[Symbol, ...]  # like ('2', '4', '÷', '3', '=', '8')
    text: str  # like '24 ÷ 3 = 8'
    score: int
    all_nine: bool
    tiles: tuple[Tile, ...] = ()  # the symbols as tiles, a blank marked: ('2', '4', '?÷', '3', '=', '8')

    @property
    def marked(self) -> str:
        """Return the text with every blank marked as ? plus its symbol: '24 ?÷ 3 = 8'."""
        return write(self.tiles) if self.tiles else self.text


@dataclass(frozen=True)
class Solution:
    """Every Answer of a hand, best first, and what an answer key summarises."""

    hand: Hand
    answers: tuple[Answer, ...]
    combinations: int  # how many different multisets of tiles make at least one answer

    @property
    def count(self) -> int:
        """Return the number of different equations."""
        return len(self.answers)

    @property
    def best_score(self) -> int | None:
        """Return the highest score, or None when the hand makes no equation."""
        return self.answers[0].score if self.answers else None

    @property
    def best(self) -> tuple[Answer, ...]:
        """Return every answer that reaches the best score."""
        return tuple(a for a in self.answers if a.score == self.best_score)

    @property
    def nine_tile(self) -> tuple[Answer, ...]:
        """Return the answers that use all nine tiles."""
        return tuple(a for a in self.answers if a.all_nine)


def answer_order(answer: Answer) -> tuple:
    """Return the sort key that lists answers best first, then by their text."""
    return (-answer.score, len(answer.symbols), answer.text)


def symbols_of(text: str) -> tuple[Symbol, ...]:
    """Return the symbols of a text the solver wrote: '24 ÷ 3 = 8' -> ('2','4','÷','3','=','8'),
    '-24 = 15^2 - 249' -> ('-2','4','=','1','5^2','-','2','4','9')."""
    out: list[Symbol] = []
    for word in text.split(" "):
        if word.isdigit():
            out.extend(word)
        elif "/" in word or len(word) == 1:
            out.append(word)
        else:
            out.extend(_signed_word(word))
    return tuple(out)


def _signed_word(word: str) -> list[Symbol]:
    """Return the symbols of one written word holding a negative or an exponent tile: '-24^2',
    or write()'s '(-24)^2'."""
    head, body, last = [], word.replace("(", "").replace(")", ""), []
    if body[:1] == "-":
        head, body = [body[:2]], body[2:]
    if "^" in body:
        last, body = [body[-3:]], body[:-3]
    return head + list(body) + last


def answer_score(symbols: tuple[Symbol, ...] | list[Symbol], hand: Hand,
                 tileset: TileSet) -> int | None:
    """Return the best score of written symbols made from the hand, or None if it cannot pay.

    Real tiles are used wherever the hand has them (a blank scores 0), and all nine tiles of a
    nine-tile hand earn the bonus.
    """
    needed = Counter(s for s in symbols if s != "=")
    held = Counter(t for t in hand if t != BLANK)
    blanks = sum(1 for t in hand if t == BLANK)
    allowed = set(tileset.blank_symbols)
    short = 0
    score = 0
    for symbol, count in needed.items():
        real = min(count, held[symbol])
        if count > real and symbol not in allowed:
            return None
        short += count - real
        score += real * tileset.score_of(symbol)
    if short > blanks:
        return None
    if len(hand) == MAX_HAND and sum(needed.values()) == MAX_HAND:
        score += ALL_NINE_BONUS
    return score


@dataclass(frozen=True)
class Verdict:
    """The checker's answer on one written equation: valid or why not, and its score."""

    valid: bool
    reason: str | None
    score: int | None
    tiles: tuple[Tile, ...] | None = None  # the tiles made, blanks marked ('?5'); None if not valid


def check(tiles: tuple[Tile, ...], tileset: TileSet, hand: Hand | None = None) -> Verdict:
    """Return whether written tiles ('?5' for a blank shown as 5) are a true equation, makeable
    from the hand when one is given, and the score it earns.

    A blank written as '?5' and a real 5 write the same equation (docs/rules.md §9): the hand's real
    tiles are used wherever it has them, so the score is the higher one, and the verdict's
    tiles mark the blanks that are left.
    """
    symbols = tuple(face(t) for t in tiles)
    for symbol in symbols:
        tileset.check_symbol(symbol, "equation")
    reason = why_not(symbols, tileset.rules)
    if reason is not None:
        return Verdict(False, reason, None)
    explicit = sum(1 for t in tiles if is_blank(t))
    plain = [s for s in symbols if s != EQUAL]
    if hand is None:
        return Verdict(True, None, sum(tileset.score_of(t) for t in tiles if t != EQUAL), tuple(tiles))
    held = Counter(t for t in hand if t != BLANK)
    blanks = sum(1 for t in hand if t == BLANK)
    if explicit > blanks:
        return Verdict(False, f"the equation uses {tiles_of(explicit, BLANK)} but the hand has "
                              f"{tiles_of(blanks, BLANK)}", None)
    spare = blanks
    score = 0
    for symbol, count in sorted(Counter(plain).items(), key=lambda item: _symbol_order(item[0])):
        real = min(count, held[symbol])
        spare -= count - real
        if spare < 0:
            if not held[symbol]:
                return Verdict(False, f"the hand has no {symbol} (and no blank left for it)", None)
            return Verdict(False, f"the equation uses {tiles_of(count, symbol)} but the hand has "
                                  f"{tiles_of(held[symbol], symbol)} (and no blank left)", None)
        score += real * tileset.score_of(symbol)
    if len(hand) == MAX_HAND and len(plain) == MAX_HAND:
        score += ALL_NINE_BONUS
    return Verdict(True, None, score, mark_blanks(symbols, held))


def mark_blanks(symbols: tuple[Symbol, ...] | list[Symbol], held: Counter) -> tuple[Tile, ...]:
    """Return the symbols as tiles made from `held` real tiles and blanks: real tiles go first,
    in reading order, and each later use of a symbol the hand has run out of is a blank,
    like ('5', '+', '?5', '=', '1', '0') from a hand holding one 5."""
    left = Counter(held)
    tiles = []
    for symbol in symbols:
        if symbol == EQUAL or left[symbol] > 0:
            left[symbol] -= 1
            tiles.append(symbol)
        else:
            tiles.append(BLANK + symbol)
    return tuple(tiles)


def written_equations(hand: Hand, tileset: TileSet) -> set[str]:
    """Return the text of every distinct written equation the hand allows, unscored."""
    if len(hand) < 2:
        return set()
    kinds = tuple(sorted(set(hand), key=_tile_order))
    tables = Tables(kinds, tuple(hand.count(t) for t in kinds), tileset.blank_symbols,
                     tileset.rules.negatives)
    expressions = tables.expressions
    texts: set[str] = set()  # a blank beside a real tile can write one text two ways
    for left_key, left in expressions.items():
        for right_key in tables.beside(left_key):
            right = expressions.get(right_key) if right_key >= left_key else None
            if right is None:
                continue  # each pair of multisets is met once, and written both ways round
            for value in left.keys() & right.keys():
                texts.update(f"{lt} = {rt}" for lt in left[value] for rt in right[value])
                if right_key != left_key:
                    texts.update(f"{rt} = {lt}" for lt in left[value] for rt in right[value])
            if len(texts) > MAX_ANSWERS:
                raise ClassroomError(f"hand: this hand allows too many equations to list (more than "
                                     f"{MAX_ANSWERS:,}); use fewer blanks")
    return texts


Scored = tuple[int, tuple[Symbol, ...], tuple[Symbol, ...], str]  # (score, symbols, tiles used, text)


def _scored(texts: set[str], hand: Hand, tileset: TileSet) -> list[Scored]:
    """Return each text with its score, its symbols and the tiles it uses (sorted, '=' left out)."""
    scored = []
    scores: dict[tuple[Symbol, ...], int] = {}
    for text in texts:
        written = symbols_of(text)
        used = tuple(sorted(s for s in written if s != EQUAL))
        score = scores.get(used)
        if score is None:
            score = scores[used] = answer_score(written, hand, tileset)
        scored.append((score, written, used, text))
    return scored


def _answer(scored: Scored, hand: Hand, held: Counter) -> Answer:
    """Return a scored text as an Answer, its blanks marked."""
    score, written, used, text = scored
    tiles = mark_blanks(written, held) if BLANK in hand else written
    return Answer(written, text, score, len(hand) == MAX_HAND and len(used) == MAX_HAND, tiles)


def solve(hand: Hand, tileset: TileSet) -> Solution:
    """Return every distinct written equation the hand allows, scored, best first."""
    scored = _scored(written_equations(hand, tileset), hand, tileset)
    held = Counter(t for t in hand if t != BLANK)
    answers = [_answer(one, hand, held) for one in scored]
    answers.sort(key=answer_order)
    return Solution(hand, tuple(answers), len({used for _, _, used, _ in scored}))


@dataclass(frozen=True)
class Ranking:
    """A hand's answers, best first, as a report reads the top of a key: how many there are and
    the best score at once, each Answer made only when it is reached."""

    hand: Hand
    order: tuple[Scored, ...]  # best first, as `answer_order` sorts the Answers
    held: Counter

    @property
    def count(self) -> int:
        """Return the number of different equations."""
        return len(self.order)

    @property
    def best_score(self) -> int | None:
        """Return the highest score, or None when the hand makes no equation."""
        return self.order[0][0] if self.order else None

    def answers(self) -> Iterator[Answer]:
        """Yield every Answer, best first, the order of `solve`'s answers."""
        return (_answer(one, self.hand, self.held) for one in self.order)


def rank(hand: Hand, tileset: TileSet) -> Ranking:
    """Return the hand's answers ranked best first, without making every Answer."""
    scored = _scored(written_equations(hand, tileset), hand, tileset)
    scored.sort(key=lambda one: (-one[0], len(one[1]), one[3]))
    return Ranking(hand, tuple(scored), Counter(t for t in hand if t != BLANK))


def _tile_order(tile: Tile) -> int:
    return len(ALL_SYMBOLS) if tile == BLANK else ALL_SYMBOLS.index(tile)


def _symbol_order(symbol: Symbol) -> int:
    return ALL_SYMBOLS.index(symbol)
