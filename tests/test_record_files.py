"""Records and runs on the disk (classroom.store.runs): a record that is a symbolic link is
written through to its target, the link kept; a file is synced to the disk before its rename and
the folder after; an interrupted write leaves no temporary file, and one left by a process
killed outright is removed by the next write into the folder."""

from __future__ import annotations

import os

import pytest
from typer.testing import CliRunner

from classroom.cli.commands import app
from classroom.store import runs
from classroom.store.runs import write_all, write_atomically

runner = CliRunner()


def new_game(path) -> None:
    result = runner.invoke(app, ["game", "new", str(path), "--players", "Red, Blue", "--seed", "4"])
    assert result.exit_code == 0, result.output


def test_a_symlinked_record_is_written_through(tmp_path):
    """`game play` on a link updates the file it points to; the link stays a link."""
    kept = tmp_path / "kept" / "game.txt"
    kept.parent.mkdir()
    new_game(kept)
    link = tmp_path / "games" / "game.txt"
    link.parent.mkdir()
    link.symlink_to(kept)
    result = runner.invoke(app, ["game", "play", str(link), "Red: pass"])
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and kept.read_text("utf-8").splitlines()[-1] == "Red: pass"
    assert not [p for p in (*link.parent.iterdir(), *kept.parent.iterdir()) if p.name.startswith(".classroom-")]


def test_the_file_is_synced_before_the_rename_and_the_folder_after(tmp_path, monkeypatch):
    """fsync on the new file, then the rename, then fsync on the folder (a power cut keeps the
    old text or the new, never an empty file); write_all (a run's files) syncs its folder too."""
    events = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(handle):
        events.append("fsync folder" if os.path.isdir(f"/proc/self/fd/{handle}") else "fsync file")
        real_fsync(handle)

    def replace(source, target):
        events.append("rename")
        real_replace(source, target)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    write_atomically(tmp_path / "game.txt", b"#equate game\n")
    assert events == ["fsync file", "rename", "fsync folder"]
    events.clear()
    write_all(tmp_path / "run", {"a.pdf": b"%PDF", "manifest.json": b"{}"})
    assert events == ["fsync file", "fsync file", "rename", "rename", "fsync folder"]


def test_an_interrupted_write_leaves_no_temporary_file(tmp_path, monkeypatch):
    """Ctrl-C (or SIGTERM, an Interrupted) during the write: the old record stays, nothing else."""
    path = tmp_path / "game.txt"
    path.write_bytes(b"old\n")

    def interrupted(source, target):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomically(path, b"new\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.txt"] and path.read_bytes() == b"old\n"


def test_a_temporary_left_by_a_killed_process_is_removed_by_the_next_write(tmp_path):
    """A '.classroom-*.tmp' file (or a run's staging folder) older than STALE_SECONDS is gone
    after the next write into its folder; a fresh one, maybe another write under way, stays."""
    old_file = tmp_path / ".classroom-abc123.tmp"
    old_file.write_bytes(b"")
    old_folder = tmp_path / ".classroom-run1"
    old_folder.mkdir()
    (old_folder / "a.pdf").write_bytes(b"%PDF")
    fresh = tmp_path / ".classroom-def456.tmp"
    fresh.write_bytes(b"")
    long_ago = 1_000_000_000  # 2001: older than any write takes (runs.STALE_SECONDS)
    for path in (old_file, old_folder):
        os.utime(path, (long_ago, long_ago))
    other = tmp_path / ".secret"
    other.write_bytes(b"kept")
    os.utime(other, (long_ago, long_ago))
    write_atomically(tmp_path / "game.txt", b"#equate game\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == [".classroom-def456.tmp", ".secret", "game.txt"]


def test_a_killed_game_play_leaves_nothing_behind_after_the_next_command(tmp_path):
    """A `game play` killed outright (SIGKILL) can leave its temporary file; the next command
    writing the record removes it, once it is older than any write takes."""
    path = tmp_path / "game.txt"
    new_game(path)
    left = tmp_path / f"{runs.TEMPORARY}x1y2z3.tmp"
    left.write_bytes(b"")  # what mkstemp made before the kill
    long_ago = 1_000_000_000  # 2001: older than any write takes (runs.STALE_SECONDS)
    os.utime(left, (long_ago, long_ago))
    assert runner.invoke(app, ["game", "play", str(path), "Red: pass"]).exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.txt"]
