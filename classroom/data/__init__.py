"""The game's data, shipped with the package as files: the premium layout (board.txt), the tile
sets (tilesets/*.toml) and the words of game names (words.txt)."""

from pathlib import Path

# Read by path, loaded once by their loaders: importlib.resources would load zipfile, bz2 and
# lzma at every command's start (docs/performance.md, "Start-up"), for a package installed as files.
FOLDER = Path(__file__).resolve().parent

# The tile sets shipped, by the level name a teacher gives (--level): the file of each in tilesets/.
# Here rather than in game.tilesets, which reads them, so that the help lists them without it.
LEVELS = {
    "original": "original.toml",
    "junior": "junior.toml",
    "no-fractions": "no-fractions.toml",
    "halves": "halves.toml",  # fractions by steps: halves, then halves and fourths, then all
    "halves-fourths": "halves-fourths.toml",
    "add-subtract": "add-subtract.toml",
    "advanced": "advanced.toml",
}
