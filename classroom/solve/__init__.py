"""The two searches: every Equation of a Hand (the boardless solver) and every Play of a Hand
on a Board (the move generator in solve.board). Pure hot paths: values in, values out."""
