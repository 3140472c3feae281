"""Save files on disk: bounded reads, and writes that replace a file whole, as an editor would."""

import fcntl
import os
import signal
import subprocess
import sys
import textwrap

import pytest

from tests.conftest import ROOT
from tests.toy_game.game import GAME as TOY
from wargame.engine.errors import WargameError
from wargame.engine.session import MAX_SAVE_BYTES, Session, read_save


def save(path, seed=1):
    Session.new(TOY, "standard", seed).save(path)


def test_a_save_keeps_the_mode_of_the_file_it_replaces(tmp_path):
    path = tmp_path / "game.json"
    save(path)
    path.chmod(0o640)
    save(path, seed=2)
    assert path.stat().st_mode & 0o7777 == 0o640
    assert read_save(path).record.seed == 2


def test_a_new_save_gets_the_usual_mode_for_the_umask(tmp_path):
    previous = os.umask(0o027)
    try:
        save(tmp_path / "game.json")
    finally:
        os.umask(previous)
    assert (tmp_path / "game.json").stat().st_mode & 0o7777 == 0o640


def test_a_save_behind_a_symbolic_link_updates_the_target_and_keeps_the_link(tmp_path):
    target = tmp_path / "games" / "game.json"
    target.parent.mkdir()
    save(target)
    link = tmp_path / "link.json"
    link.symlink_to(target)
    save(link, seed=2)
    assert link.is_symlink() and link.resolve() == target
    assert read_save(target).record.seed == 2
    assert sorted(p.name for p in target.parent.iterdir()) == ["game.json"]


def test_a_read_only_save_is_refused_and_left_as_it_was(tmp_path):
    path = tmp_path / "game.json"
    save(path)
    path.chmod(0o444)
    before = path.read_bytes()
    with pytest.raises(WargameError, match=r"game.json is read-only; nothing was written to it"):
        save(path, seed=2)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_a_loop_of_symbolic_links_is_refused(tmp_path):
    (tmp_path / "a.json").symlink_to(tmp_path / "b.json")
    (tmp_path / "b.json").symlink_to(tmp_path / "a.json")
    with pytest.raises(WargameError, match="a loop of symbolic links"):
        save(tmp_path / "a.json")
    assert (tmp_path / "a.json").is_symlink()


def killed_during_fsync(path, how):
    """Run a save of ``path`` in another process that gets signal ``how`` while it flushes."""
    script = textwrap.dedent(
        f"""
        import os, signal
        from pathlib import Path
        from tests.toy_game.game import GAME
        from wargame.engine.session import Session

        flush = os.fsync

        def signalled_while_flushing(handle):
            os.kill(os.getpid(), signal.{how})
            flush(handle)

        os.fsync = signalled_while_flushing
        Session.new(GAME, "standard", 2).save(Path({str(path)!r}))
        print("went on after the signal")
        """
    )
    return subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120,
        preexec_fn=_default_signals,
    )  # fmt: skip


def _default_signals():
    """The child as a terminal starts it: under ``nohup`` (or a supervisor that ignores SIGHUP
    or SIGINT) it would inherit the ignored signals, and the kill would not come."""
    for number in (signal.SIGHUP, signal.SIGINT, signal.SIGTERM):
        signal.signal(number, signal.SIG_DFL)


@pytest.mark.parametrize("how", ["SIGTERM", "SIGINT", "SIGHUP"])
def test_a_kill_during_a_save_ends_the_program_once_the_save_is_whole(tmp_path, how):
    path = tmp_path / "game.json"
    save(path)
    ended = killed_during_fsync(path, how)
    assert "went on" not in ended.stdout
    assert ended.returncode != 0
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
    assert read_save(path).record.seed == 2


def test_the_next_save_removes_what_a_kill_9_left_and_spares_a_live_writers_file(tmp_path):
    path = tmp_path / "game.json"
    save(path)
    assert killed_during_fsync(path, "SIGKILL").returncode == -signal.SIGKILL
    left = [p for p in tmp_path.iterdir() if p != path]
    assert len(left) == 1 and left[0].name.startswith(".game.json.")
    live = tmp_path / ".game.json.0123456789abcdef.wargame-tmp"
    with live.open("wb") as writing:
        fcntl.flock(writing, fcntl.LOCK_EX)
        save(path, seed=3)
        assert sorted(tmp_path.iterdir()) == [live, path]
    assert read_save(path).record.seed == 3


def test_a_save_larger_than_the_limit_is_refused_unread(tmp_path):
    path = tmp_path / "game.json"
    with path.open("wb") as stream:
        stream.truncate(MAX_SAVE_BYTES + 1)
    with pytest.raises(WargameError, match=r"game.json is too large \(over 8 MB\)"):
        read_save(path)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (os.mkfifo, "is a named pipe, not a file"),
        (lambda path: path.symlink_to("/dev/zero"), "is a device, not a file"),
    ],
)
def test_only_a_regular_file_is_read(tmp_path, make, message):
    path = tmp_path / "game.json"
    make(path)
    with pytest.raises(WargameError, match=message):
        read_save(path)
