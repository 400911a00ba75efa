"""The board engine: everything about plays on the 19 × 19 board, in parts whose imports point
one way (like Macondo's board / movegen / equity packages):

- `board`: geometry (Squares, Directions), the premium layout (data/board.txt) and the board file.
- `plays`: the rules of one Play: legality (RULES §6), scoring with its Breakdown (§7), notation.
- `sides`: cross-checks, the packed hand and every Expression that fills one side of an =.
- `lines`: the lines of a board with their cross-checks, and the groups and windows of a line.
- `signed`: Numbers that a negative tile starts or an exponent tile ends (the Advanced set).
- `wildcard`: the blank as a wildcard: sides holding a blank, never 31 copies of the hand.
- `wild_count`: how many sides hold a blank, by a dynamic programme over merged states.
- `aimed`: the sides of a long stretch whose value is one of a few targets (the short side's),
  found by prefix, last + or −, last term, never listing every side.
- `aimed_wild`: the same for the sides holding a blank (the blank in the prefix, as the last
  + or −, or in the last term).
- `tables`: a position's side tables (cached, bounded) and their joins by value.
- `counting`: how many plays a position holds, without building one, within a limit of work.
- `position`: one Position (board + hand + tile set) analysed once and asked for its best
  play, its top N, all plays, or how many there are.

Pure: nothing here reads files but the shipped layout, prints, or touches global randomness.
"""
