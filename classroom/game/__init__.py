"""The rules of Equate, with no search: symbols and tile sets, the arithmetic of Numbers and
Expressions, the board (squares, premiums, the board file) and one play (legality, score, notation)."""
