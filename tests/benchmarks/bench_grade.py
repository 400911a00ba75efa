"""Benchmark `classroom grade` against one-blank hands (issue 29, item 3): run
`python -m tests.benchmarks.bench_grade [--runs R] [--save DIR | --compare DIR]`.

Targets (issue 29's "done when", 2-core machine): a 30-line list against a one-blank hand
≤ 1 s; a class of 30 such lists ≤ 5 s; no command past 1 GB.

It builds, in a temporary folder, a roster run of 30 Boardless Activity sheets, each a
nine-tile hand with exactly one blank drawn from the Original bag with a fixed seed (the
manifest written as `classroom boardless --roster` writes it, its `best_score` and `count`
solved here, so no PDFs are drawn), and for each student a list of 30 lines: valid equations
of the hand (some written with the blank as `?5`), false or unmakeable ones, and repeats of
earlier lines, shuffled. Then it times the whole command in a process of its own, R runs each
(default 3), and gives the median and the peak memory (`/usr/bin/time -v`, the largest of
the runs):
- one list against the issue's hand `2 4 ÷ 3 8 + 7/4 ? 5` (`--hand`);
- one list against its student's sheet, found by the file's name;
- a class of 30 lists against that one hand (a folder, `--hand`);
- a class of 30 lists, each against its own student's sheet (a folder, matched by name).

`--save DIR` writes each command's screen output and `--json` output to DIR; `--compare DIR`
checks that this code writes the same, byte for byte (a change must not move the marks).
Not collected by pytest (no test_ prefix).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from classroom.game.tilesets import load_level
from classroom.solve.boardless import solve

HAND = "2 4 ÷ 3 8 + 7/4 ? 5"  # issue 29's hand: 4,578 equations
STUDENTS = ("Ana", "Bo", "Cy", "Di", "Ed", "Fay", "Gus", "Hal", "Ida", "Jo", "Kai", "Lu", "Max",
            "Ned", "Oli", "Pam", "Quin", "Ray", "Sue", "Tom", "Uma", "Val", "Wes", "Xia", "Yan",
            "Zoe", "Abe", "Bea", "Cal", "Dee")
LINES = 30  # lines a list
SEED = 20261124


def one_blank_hands(count: int) -> list[tuple[str, ...]]:
    """Return `count` nine-tile hands with exactly one blank, drawn in order from the Original bag."""
    bag = sorted(load_level("original").bag)
    rng = random.Random(f"{SEED}:hands")
    hands = []
    while len(hands) < count:
        hand = tuple(rng.sample(bag, 9))
        if hand.count("?") == 1:
            hands.append(hand)
    return hands


def student_list(answers: list[str], rng: random.Random) -> str:
    """Return a 30-line list as a student writes it: about 18 valid lines (a blank now and then
    written as '?5'), 7 false or unmakeable ones and 5 repeats, shuffled."""
    valid = rng.sample(answers, min(18, len(answers)))
    wrong = []
    for text in rng.sample(answers, min(7, len(answers))):
        left, right = text.split(" = ")
        wrong.append(rng.choice([f"{left} = {right}1", f"{left} + 1 = {right}", f"{left} = {right} × 9 9"]))
    lines = valid + wrong
    lines += [rng.choice(valid) for _ in range(LINES - len(lines))]
    rng.shuffle(lines)
    # a blank written as the symbol it stands for, as the key marks it
    return "".join(f"{n}. {line}\n" if n % 4 == 0 else f"{line}\n" for n, line in enumerate(lines, 1))


def marked_answers(hand: tuple[str, ...]) -> list[str]:
    """Return the answers of a hand as a student may write them: the key's text, or its marked
    form ('24 ?÷ 3 = 8') for an answer that needs the blank."""
    solution = solve(hand, load_level("original"))
    return [a.marked if i % 3 == 0 else a.text for i, a in enumerate(solution.answers)]


def build(folder: Path) -> dict[str, list[str]]:
    """Write the run, the lists and return each case's command arguments."""
    tileset = load_level("original")
    hands = one_blank_hands(len(STUDENTS))
    rng = random.Random(f"{SEED}:lists")
    run = folder / "output" / "boardless-bench"
    run.mkdir(parents=True)
    items, roster = [], {}
    own, same = folder / "own", folder / "same"
    own.mkdir()
    same.mkdir()
    issue_answers = marked_answers(tuple(tileset.read_hand(HAND)))
    for number, (student, hand) in enumerate(zip(STUDENTS, hands), start=1):
        id = f"B-{SEED}-bench-{number:02d}"
        solution = solve(hand, tileset)
        items.append({"id": id, "hand": list(hand), "best_score": solution.best_score, "count": solution.count})
        roster[student] = [id]
        (own / f"{student}.txt").write_text(student_list(marked_answers(hand), rng), "utf-8")
        (same / f"{student}.txt").write_text(student_list(issue_answers, rng), "utf-8")
    manifest = {"command": "boardless", "seed": SEED, "level": "original", "key": "full", "check": True,
                "files": [], "roster": roster, "items": items}
    (run / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False, indent=2) + "\n", "utf-8")
    where = ["--manifests", str(folder / "output")]
    return {
        "one list, --hand": ["grade", str(same / "Ana.txt"), "--hand", HAND],
        "one list, its sheet": ["grade", str(own / "Ana.txt"), *where],
        "class of 30, one hand": ["grade", str(same), "--hand", HAND],
        "class of 30, 30 sheets": ["grade", str(own), *where],
    }


PEAK = re.compile(r"Maximum resident set size \(kbytes\): (\d+)")


def timed(args: list[str], env: dict[str, str]) -> tuple[float, int, str]:
    """Return the seconds of one whole command, its peak memory in MB and its screen output."""
    start = time.perf_counter()
    done = subprocess.run(["/usr/bin/time", "-v", sys.executable, "-m", "classroom", *args],
                          capture_output=True, text=True, env=env)
    seconds = time.perf_counter() - start
    if done.returncode:
        raise SystemExit(f"classroom {' '.join(args)} failed:\n{done.stderr}")
    return seconds, int(PEAK.search(done.stderr).group(1)) // 1024, done.stdout


def outputs(args: list[str], env: dict[str, str], folder: Path) -> dict[str, str]:
    """Return a command's screen output and its --json output, temporary paths made neutral."""
    texts = {}
    for suffix, extra in (("txt", []), ("json", ["--json"])):
        done = subprocess.run([sys.executable, "-m", "classroom", *args, *extra],
                              capture_output=True, text=True, env=env, check=True)
        texts[suffix] = done.stdout.replace(str(folder), "TMP")
    return texts


def main() -> None:
    parser = argparse.ArgumentParser(description="Time `classroom grade` against one-blank hands.")
    parser.add_argument("--runs", type=int, default=3, help="runs of each command (default 3)")
    parser.add_argument("--save", type=Path, help="write each command's outputs to this folder")
    parser.add_argument("--compare", type=Path, help="check the outputs against a folder --save wrote")
    options = parser.parse_args()
    # as on a user's machine, the package's compiled bytecode is kept from run to run
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    differ = []
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        cases = build(folder)
        for label, args in cases.items():
            runs = [timed(args, env) for _ in range(options.runs)]
            seconds = [s for s, _, _ in runs]
            print(f"{label}: median {statistics.median(seconds):.2f} s, max {max(seconds):.2f} s "
                  f"over {len(runs)} runs, peak {max(m for _, m, _ in runs)} MB", flush=True)
            if options.save or options.compare:
                stem = re.sub(r"\W+", "-", label).strip("-")
                for suffix, text in outputs(args, env, folder).items():
                    if options.save:
                        options.save.mkdir(parents=True, exist_ok=True)
                        (options.save / f"{stem}.{suffix}").write_text(text, "utf-8")
                    if options.compare and (options.compare / f"{stem}.{suffix}").read_text("utf-8") != text:
                        differ.append(f"{stem}.{suffix}")
    if options.compare:
        print("outputs: " + (f"DIFFER in {', '.join(differ)}" if differ else "the same as saved"))
        if differ:
            raise SystemExit(1)


if __name__ == "__main__":
    main()
