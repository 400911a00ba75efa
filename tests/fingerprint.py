"""Fingerprint what the tool makes, to prove a restructuring changed no output byte.

    python -m tests.fingerprint > before.txt     # on the old code
    python -m tests.fingerprint > after.txt      # on the new code
    diff before.txt after.txt                    # nothing: the same PDFs, manifests and JSON

It runs the installed command line (`python -m classroom`) in a temporary folder: boardless
sets for seeds 1-5 of the original and advanced sets, situations for seeds 1-2, a teacher's own
position, and the JSON of solve, check, best and grade on a dozen inputs; it prints one line per
file or answer, its SHA-256 and its name. A script, not a test: it takes a few minutes.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

HANDS = ["2 4 ÷ 3 8", "7 9 4 3 + × =", "1 2 3 4 5 + - × ÷", "6 6 1/2 3/4 7/4 + ÷", "0 0 1 5 - ÷",
         "2 4 ÷ 3 8 ?", "9 8 7 6 5 4 3 2 1"]
EQUATIONS = ["7 + 9 × 4 = 43", "4 - 6 + 7 = 5", "2 2/4 = 5 ÷ 2", "8 ÷ 0 = 0", "05 = 5", "12 - 4 - 3 = 5"]
BEST_HANDS = ["2 4 ÷ 3 8 + 1/2 1 5", "6 × 9 - 1 2 3 4 5", "2 4 ÷ 3 8 + 7/4 1 5"]  # the last is refused


def run(folder: Path, *words: str) -> str:
    """Return what one command prints; a failing command is part of the fingerprint too."""
    done = subprocess.run([sys.executable, "-m", "classroom", *words], cwd=folder,
                          capture_output=True, text=True)
    return f"exit {done.returncode}\n{done.stdout}"


def digest(data: bytes) -> str:
    """Return the SHA-256 of some bytes, in hex."""
    return hashlib.sha256(data).hexdigest()


def main() -> None:
    """Print the fingerprint of every output, one line each."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        lines: list[str] = []
        made = []
        for level in ("original", "advanced"):
            for seed in range(1, 6):
                made.append((["boardless", "--seed", str(seed), "--level", level],
                             f"boardless-{level}-{seed}"))
        for seed in (1, 2):
            made.append((["situations", "--count", "2", "--seed", str(seed)], f"situations-{seed}"))
        for words, out in made:
            lines.append(f"{digest(run(folder, *words, '--out', out).replace(out, 'OUT').encode())}  "
                         f"stdout of {' '.join(words)}")
        first = json.loads((folder / "situations-1" / "manifest.json").read_text("utf-8"))["items"][0]
        (folder / "position.txt").write_text(first["grid"], "utf-8")
        hand = " ".join(first["hand"])
        lines.append(f"{digest(run(folder, 'situations', '--board', 'position.txt', '--hand', hand, '--out', 'own').encode())}  stdout of own position")
        for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix in (".pdf", ".json")):
            lines.append(f"{digest(path.read_bytes())}  {path.relative_to(folder).as_posix()}")
        for hand_text in HANDS:
            lines.append(f"{digest(run(folder, 'solve', hand_text, '--json').encode())}  solve {hand_text}")
        for equation in EQUATIONS:
            lines.append(f"{digest(run(folder, 'check', equation, '--json').encode())}  check {equation}")
        for hand_text in BEST_HANDS:
            for words in (["--json"], ["--json", "--top", "5"], []):
                lines.append(f"{digest(run(folder, 'best', 'position.txt', hand_text, *words).encode())}  "
                             f"best {hand_text} {' '.join(words)}")
        (folder / "alex.txt").write_text("24 ÷ 3 = 8\n8 = 24 ÷ 3\n3 + 5 = 8\n24 ÷ 3 = 8\n", "utf-8")
        lines.append(f"{digest(run(folder, 'grade', 'alex.txt', '--hand', '2 4 ÷ 3 8 + 5', '--json').encode())}  grade --hand")
        sheet = json.loads((folder / "boardless-original-1" / "manifest.json").read_text("utf-8"))["items"][0]["id"]
        lines.append(f"{digest(run(folder, 'grade', 'alex.txt', '--worksheet', sheet, '--manifests', '.', '--json').encode())}  grade --worksheet")
        print("\n".join(lines))


if __name__ == "__main__":
    main()
