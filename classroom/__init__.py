"""Equate Classroom: worksheets, contest board situations and complete answer keys for Equate.

Vocabulary, one name per concept (used everywhere in the code):

- Symbol: what a tile shows: a digit '0'-'9', a fraction tile 'n/d', an operation + - × ÷, or =;
  with the Advanced set also a negative tile '-2' and an exponent tile '5^2' (docs/rules.md §11).
- Kind: digit, fraction, negative, exponent, operation or equal; the Rules a TileSet follows
  (negative values allowed or not) are switched on by the kinds of tile it holds.
- Tile: one piece; in a Hand a Symbol or '?' (a blank); placed on a Board, a blank shows '?5'.
- TileSet: the box: how many tiles of each symbol and their scores (data files, one per level).
- Bag: the tiles a TileSet leaves to draw from (all but =, which is always available).
- Hand: up to nine tiles a player holds, like ('2', '4', '÷', '3', '8').
- Number: adjacent number tiles read as one: 4 3 is 43, 2 7/4 is 2 + 7/4, -2 4 is -24, 1 5^2 is 225.
- Expression: Numbers joined by operations; × ÷ first, then + - left to right, never below 0
  (unless the set holds negative tiles).
- Equation: Expression = Expression, exactly one =, both sides equal.
- Combination: the tiles an Equation uses, = aside; a boardless Key groups its equations by it.
- Board: 19 × 19 Squares (A1-S19, centre J10); a Premium on a Square: 2S 3S (symbol), 2E 3E (equation).
- Play: the Placements (tile on square) a player makes in one turn; its score per docs/rules.md §7.
  A game's rule of play is crossword (a play joins the tiles on the board) or horizontal (one
  equation across, anywhere, touching no tile: RULES §12, the youngest players' level).
- Worksheet: the items a teacher prints (hands, board situations, plays to score, lines to
  judge true or not); Key: its answer key.
- Focus: what a play to score practises: plain, a symbol premium, an equation premium, a cross
  equation, or all at once. Mistake: the rule a false line of True or not? breaks, named by
  the checker's reason.
- Manifest: a run's record (manifest.json): every item's id, hand and board, the level or tile
  set, the options and the version, and the Roster (student name -> item ids) of named sheets.

The searches' own words: algorithm terms, not game terms (docs/engine.md defines each fully):

- Packed hand: the hand with its tile counts packed in bit fields of one int, so whether a
  side's tiles fit the hand is a test of two masks.
- Cell: one square of a stretch as the search sees it: a tile already there, the symbols its
  cross-check allows, or any symbol; a Stretch: the squares one side of an = covers.
- Side: one filling of a stretch that reads as an Expression, with the tiles it takes and its
  value. Group: a line and the square of its =, with every start and end its sides may have;
  Window: a group with one start and one end, so its score is fixed but for the tiles.
- Bound: a score no play of a group or window can beat, so the best-first search skips it.
- Target: a value a side must have for a play to exist (the other side's); aiming builds
  only the sides of those values.
- Skeleton: a side whose blank stands in a Number, kept as a function of that Number's value
  instead of 31 copies.
"""

__version__ = "0.1.0"
