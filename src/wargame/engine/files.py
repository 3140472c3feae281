"""Reading and writing a file that a person names: bounded reads, all-or-nothing writes.

A read takes a regular file of at most a given size and nothing else (a device such as /dev/zero
or a named pipe would be read without end or wait for a writer).

A write replaces the file whole or not at all, as the person would expect of an editor: a symbolic
link is followed (the link stays, its target gets the new bytes), the file's permissions are kept
(a new file gets the usual 0666 less the umask), and a read-only file is refused rather than
replaced. The bytes go to a temporary file in the target's folder, which is flushed to the disk
and renamed over the target, so a crash or a full disk leaves the old file. The temporary file
never outlives the write: it is removed on any exception; Ctrl-C, ``kill`` (TERM) and a hang-up
are held back while it exists, so that they end the program right after the rename; and one that
``kill -9`` or a power cut left (named ``.NAME.*.wargame-tmp``) is removed by the next write of
NAME, which can tell it from one being written now by another process because a live writer holds
an ``flock`` on its temporary file until the rename.

Not O_TMPFILE (an unnamed file given a name by ``linkat`` once written): it is Linux-only, the
``linkat`` of ``/proc/self/fd/N`` fails with EXDEV on this project's machine (AT_EMPTY_PATH needs
a privilege), and ``linkat`` cannot replace a file, so a named step before the rename remains.
"""

from __future__ import annotations

import fcntl
import glob
import os
import secrets
import signal
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Final

from wargame.engine.errors import WargameError

TEMPORARY_SUFFIX: Final = ".wargame-tmp"
_HELD_SIGNALS: Final = frozenset({signal.SIGINT, signal.SIGTERM, signal.SIGHUP})


def read_limited(path: Path, limit: int) -> bytes:
    """The bytes of the regular file at ``path``, refused if there are more than ``limit``."""
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as error:
        raise WargameError(f"{path}: cannot read ({error.strerror})") from None
    try:
        kind = _kind_of(os.fstat(handle).st_mode)
        if kind != "file":
            raise WargameError(f"{path} is {kind}, not a file")
        with open(handle, "rb", closefd=False) as stream:
            data = stream.read(limit + 1)
    except OSError as error:
        raise WargameError(f"{path}: cannot read ({error.strerror})") from None
    finally:
        os.close(handle)
    if len(data) > limit:
        raise WargameError(f"{path} is too large (over {_size(limit)})")
    return data


def _size(count: int) -> str:
    return f"{count // 2**20} MB" if count >= 2**20 else f"{count // 2**10} KB"


def _kind_of(mode: int) -> str:
    if stat.S_ISREG(mode):
        return "file"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "a special file"


def writable_target(path: Path) -> Path:
    """The file a write to ``path`` replaces (a symbolic link followed), or why it cannot be."""
    try:
        return _writable_target(path)
    except OSError as error:
        raise WargameError(f"cannot write {path} ({error.strerror})") from None


def _writable_target(path: Path) -> Path:
    target = Path(os.path.realpath(path))
    if target.is_symlink():
        raise WargameError(f"cannot write {path}: a loop of symbolic links")
    if not target.parent.is_dir():
        raise WargameError(f"cannot write {path}: no folder {target.parent}")
    if target.is_dir():
        raise WargameError(f"cannot write {path}: it is a folder")
    if target.exists() and _read_only(target):
        raise WargameError(f"{path} is read-only; nothing was written to it")
    return target


def _read_only(target: Path) -> bool:
    # The superuser may write any file; a file nobody may write is still read-only to it.
    return not os.access(target, os.W_OK) or not target.stat().st_mode & 0o222


def write_atomically(path: Path, data: bytes) -> None:
    """Replace the file at ``path`` (or its symbolic link's target) with ``data``, or change
    nothing and raise ``WargameError`` naming why."""
    target = writable_target(path)
    try:
        mode = stat.S_IMODE(target.stat().st_mode) if target.exists() else None
        _remove_stale_temporaries(target)
        with _signals_held():
            _write_and_rename(target, data, mode)
    except OSError as error:
        raise WargameError(f"cannot write {path} ({error.strerror or error})") from None


def _write_and_rename(target: Path, data: bytes, mode: int | None) -> None:
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(8)}{TEMPORARY_SUFFIX}")
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
    try:
        with os.fdopen(handle, "wb") as stream:
            fcntl.flock(handle, fcntl.LOCK_EX)
            if mode is not None:
                os.fchmod(handle, mode)
            stream.write(data)
            stream.flush()
            os.fsync(handle)
            os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def _remove_stale_temporaries(target: Path) -> None:
    """Remove the temporary files of writes of ``target`` that were killed: no process holds
    their lock (a live writer does, until its rename)."""
    pattern = f".{glob.escape(target.name)}.*{TEMPORARY_SUFFIX}"
    for stale in target.parent.glob(pattern):
        try:
            handle = os.open(stale, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | os.O_NOFOLLOW)
        except OSError:
            continue
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            stale.unlink()
        except OSError:
            pass  # a live writer's, or gone already
        finally:
            os.close(handle)


@contextmanager
def _signals_held() -> Iterator[None]:
    """Deliver Ctrl-C, TERM and HUP only once the block is over (in this thread)."""
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
