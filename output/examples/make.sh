#!/usr/bin/env bash
# Regenerate the example pages the README shows: a student sheet and a key page of each kind.
# Needs the package installed and pdftoppm (Debian: poppler-utils). Run from anywhere.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
classroom boardless --count 1 --seed 42 --out "$work/b" >/dev/null
classroom situations --count 1 --seed 7 --out "$work/s" >/dev/null
pdftoppm -png -r 60 -f 1 -l 1 -singlefile "$work/b/boardless-42.pdf" "$here/boardless-sheet"
pdftoppm -png -r 60 -f 1 -l 1 -singlefile "$work/b/boardless-42-key.pdf" "$here/boardless-key"
pdftoppm -png -r 60 -f 1 -l 1 -singlefile "$work/s/situations-7.pdf" "$here/situation-sheet"
pdftoppm -png -r 60 -f 1 -l 1 -singlefile "$work/s/situations-7-key.pdf" "$here/situation-key"
ls "$here"
