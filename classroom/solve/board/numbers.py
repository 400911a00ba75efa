"""Numbers that a negative tile starts or an exponent tile ends (RULES §11), for the board search.

`sides.cell_numbers` hands the choices of each cell to `signed_numbers` when the tile set holds
these kinds: a negative tile only first, digits (no unnecessary zero), then at most one fraction
tile or one exponent tile last. The sign belongs to the whole Number and the power applies to
all of it, sign included: -2 3^2 is (-23)^2 = 529.
"""

from __future__ import annotations

from classroom.game.symbols import EXPONENTS, FRACTION_VALUES, NEGATIVES, Rules


def reads_signed(rules: Rules) -> bool:
    """Return whether Numbers under these rules may hold negative or exponent tiles: then they
    are read here, and a blank in a hand is tried as each of its symbols (no wildcard)."""
    return rules.negatives or rules.exponents


DIGIT_VALUES = {str(d): d for d in range(10)}
_NEGATIVE = {symbol: int(symbol[1]) for symbol in NEGATIVES}
_EXPONENT = {symbol: (int(symbol[0]), int(symbol[2])) for symbol in EXPONENTS}
FRACTION_PAIRS = {symbol: (value.numerator, value.denominator) for symbol, value in FRACTION_VALUES.items()}


def signed_numbers(options: list, offset: int, high: int) -> list[dict]:
    """Return, for every last cell k, packed tiles used -> [(numerator, denominator, tiles
    placed)] for every Number written from the first cell on; `options` holds each cell's
    (symbol, packed tile used, tiles placed) choices, `offset` and `high` the hand's packing."""
    by_end: list[dict] = [{} for _ in options]

    def record(k, used, value_n, value_d, fills):
        by_end[k].setdefault(used, []).append((value_n, value_d, fills))

    def extend(k, sign, whole, used, fills):
        # the Number so far: sign and its whole part (digits), none of them yet when k == 0
        if k == len(options) or (k and not whole):
            return  # the end of the cells, or a leading zero that nothing may follow
        for symbol, unit, fill in options[k]:
            now = used + unit
            if unit and (now + offset) & high:
                continue
            placed = fills + fill
            if symbol in DIGIT_VALUES:
                number = whole * 10 + DIGIT_VALUES[symbol]
                record(k, now, sign * number, 1, placed)
                extend(k + 1, sign, number, now, placed)
            elif symbol in _NEGATIVE:
                if k == 0:
                    number = _NEGATIVE[symbol]
                    record(k, now, -number, 1, placed)
                    extend(k + 1, -1, number, now, placed)
            elif symbol in _EXPONENT:
                base, power = _EXPONENT[symbol]
                record(k, now, (sign * (whole * 10 + base)) ** power, 1, placed)
            elif symbol in FRACTION_PAIRS:
                p, q = FRACTION_PAIRS[symbol]
                record(k, now, sign * (whole * q + p), q, placed)

    extend(0, 1, 0, 0, ())
    extend = None  # break the closure's cycle
    return by_end
