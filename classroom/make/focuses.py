"""What a play to score practises (its Focus), by name: kept apart from the search in
classroom.make.scoreplay, so the command line's help and the page's form need no engine."""

# What an item practises, in the order a sheet goes through them: one thing at a time, then all.
FOCUSES = {
    "plain": "one equation, no premium square",
    "s-premium": "a new tile on 2S or 3S, its score doubled or tripled",
    "e-premium": "a new tile on 2E or 3E, the whole equation doubled or tripled",
    "cross": "a second equation formed across the play",
    "all": "two or more of these at once, or one with the 40 bonus",
}
