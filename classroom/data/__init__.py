"""The game's data, shipped with the package as files: the premium layout (board.txt), the tile
sets (tilesets/*.toml) and the words of game names (words.txt)."""

from pathlib import Path

# Read by path, loaded once by their loaders: importlib.resources would load zipfile, bz2 and
# lzma at every command's start (docs/performance.md, "Start-up"), for a package installed as files.
FOLDER = Path(__file__).resolve().parent
