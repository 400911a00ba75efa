"""The rules of Equate, with no search: symbols and tile sets, the bag, the arithmetic of Numbers
and Expressions, the board (squares, premiums, the board file), one play (legality, score,
notation) and a play as people write it (read, laid on the board, paid for from a rack)."""
