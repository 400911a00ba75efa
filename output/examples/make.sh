#!/usr/bin/env bash
# Regenerate the example pages the README shows: a student sheet and a key page of each kind.
# Needs the package installed and pdftoppm (Debian: poppler-utils). Run from anywhere.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
classroom boardless --count 1 --seed 42 --out "$work/b" >/dev/null
classroom situations --count 1 --seed 7 --out "$work/s" >/dev/null
classroom notebook --level original --seed 1 --out "$work/n" >/dev/null 2>&1
pdftoppm -png -r 60 -f 1 -l 1 -singlefile "$work/b/boardless-42.pdf" "$here/boardless-sheet"
pdftoppm -png -r 60 -f 1 -l 1 -singlefile "$work/b/boardless-42-key.pdf" "$here/boardless-key"
pdftoppm -png -r 60 -f 1 -l 1 -singlefile "$work/s/situations-7.pdf" "$here/situation-sheet"
pdftoppm -png -r 60 -f 1 -l 1 -singlefile "$work/s/situations-7-key.pdf" "$here/situation-key"
# The notebook's binder: part 2 of the print-and-play board (the page after part 1's).
part="$(python3 -c "import sys; from pypdf import PdfReader; print(next(n for n, p in enumerate(PdfReader(sys.argv[1]).pages, 1) if 'part 2 of 4' in p.extract_text()))" "$work/n/notebook-original-1.pdf")"
pdftoppm -png -r 60 -f "$part" -l "$part" -singlefile "$work/n/notebook-original-1.pdf" "$here/notebook-board"
ls "$here"
