"""Whole games played together (RULES §10): a game record read and written (`grammar`), replayed
and scored turn by turn (`replay`), dealt from the bag (`deal`), duplicate rounds (`duplicate`)
and analysed against the engine's best plays (`analysis`). Pure: records are text in and out,
every random choice comes from the record's seed."""
