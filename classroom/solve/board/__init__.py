"""The move generator: every Play of a Hand on a Board, in parts whose imports point one way
(like Macondo's movegen apart from its board). The rules of one play (legality, score,
notation) are the game's (classroom.game.board, classroom.game.plays); this package only
searches. Its parts form a grid, {no blank, blank} × {list, count, aim by value}:

| | without a blank | holding a blank (the wildcard) |
| --- | --- | --- |
| list the sides of an = | `sides.walk` | `blank_sides.blank_walk` |
| count them | `sides.count_walk` | `blank_count.blank_count_walk` |
| aim a long side at the other side's values | `aim` | `blank_aim` |

and around it:
- `sides`: cross-checks, the packed hand and the cells' choices that every walk shares.
- `numbers`: Numbers that a negative tile starts or an exponent tile ends (the Advanced set).
- `meet`: the join by value (meet-in-the-middle) that the aiming and the counting share: two
  tables' entries paired by looking values up, and the side table primitives they write into.
- `lines`: the lines of a board with their cross-checks, and the groups and windows of a line.
- `side_tables`: a position's side tables (cached, bounded) and their joins by value.
- `counting`: how many plays a position holds, without building one, within a limit of work.
- `position`: one Position (board + hand + tile set) analysed once and asked for its best
  play, its top N, all plays, or how many there are.

docs/engine.md explains each technique and names the test that checks it against which
reference. Pure: nothing here reads files, prints, or touches global randomness.
"""
