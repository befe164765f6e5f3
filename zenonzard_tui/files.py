"""Reading a file a user names (a deck, a save, a scenario) without hanging or exhausting memory,
and writing one so that it is whole or untouched.

`read_limited(path, source, limit, what)` gives the file's bytes, or `FileReadError` with a reason a
user can act on. It refuses at once, before reading anything:
- what is not a regular file: a FIFO (whose open() would wait for a writer), `/dev/zero` or another
  device (which never ends), a socket; the file is opened non-blocking and checked with fstat(), so
  a FIFO swapped in after a first look cannot block either;
- a folder;
- a file over `limit` bytes (at most `limit + 1` bytes are ever read, even if it grows).

`write_atomic(path, text)` is the one way the program writes a file (saves, autosaves, settings,
decks): a temporary file beside the target, synced, then renamed over it. A link is written
through (its target is replaced; the link stays), and a file that is there keeps its mode. A
temporary file left by a writer that was killed (kill -9 between the create and the rename) is
removed by the next write into that folder (`clean_temps`): only names of this program's own
pattern, and only when the process that made it is gone or it is an hour old.

`hold(path)` marks a game's autosave as played by this process (`held_elsewhere`, `let_go`): two
copies of the client (two terminals, two browser tabs of `zenonzard serve`) must not both resume
one game, nor delete the one another is playing.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import stat
import time
from pathlib import Path
from typing import Literal

try:
    import fcntl
except ImportError:  # (Windows: no advisory locks there; two copies are not told apart)
    fcntl = None  # type: ignore[assignment]

APP_NAME = "zenonzard-tui"  # the name of the program's folders (config, data, cache)
DATA_ENV = "ZENONZARD_DATA_DIR"  # overrides the user-data folder (tests, portable installs)
MAX_FILE_BYTES = 16 * 1024 * 1024  # saves and scenarios; a real one is a few kilobytes


Why = Literal["missing", "unreadable", "folder", "not_regular", "too_large"]


def data_dir() -> Path:
    """The user's own files (saves, decks, card files): $ZENONZARD_DATA_DIR, else the platform's
    user-data folder (`~/.local/share/zenonzard-tui` on Linux)."""
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override).expanduser()
    import platformdirs

    return platformdirs.user_data_path(APP_NAME)


class FileReadError(ValueError):
    """A file that cannot be read; `reason` says why (the message is `source: reason`), `why`
    the kind of failure for a caller that treats them apart (a missing settings file is no
    problem; one that is a FIFO is moved aside)."""

    def __init__(self, source: str, reason: str, why: Why = "unreadable") -> None:
        self.source, self.reason, self.why = source, reason, why
        super().__init__(f"{source}: {reason}")


def read_limited(
    path: str | os.PathLike[str],
    source: str | None = None,
    limit: int = MAX_FILE_BYTES,
    what: str = "file",
) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; `FileReadError` otherwise. `what`
    names the kind of file in the reasons ("a deck file", "a save")."""
    source = source if source is not None else os.fspath(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise FileReadError(source, "no such file", "missing") from None
    except IsADirectoryError:
        raise FileReadError(source, f"is a folder, not {what}", "folder") from None
    except PermissionError:
        raise FileReadError(source, "permission denied") from None
    except OSError as exc:
        raise FileReadError(source, f"cannot be read: {exc.strerror or exc}") from None
    except ValueError:  # a NUL byte in the name
        raise FileReadError(source, "cannot be read: the name holds a NUL byte") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise FileReadError(source, f"is a folder, not {what}", "folder")
        if not stat.S_ISREG(info.st_mode):
            kind = "a FIFO (named pipe)" if stat.S_ISFIFO(info.st_mode) else "a device or socket"
            raise FileReadError(source, f"is not a regular file ({kind})", "not_regular")
        if info.st_size > limit:
            raise FileReadError(source, too_large(info.st_size, limit, what), "too_large")
        chunks = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise FileReadError(source, f"cannot be read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:  # it grew while being read
        raise FileReadError(source, too_large(len(data), limit, what), "too_large")
    return data


def exists(path: str | os.PathLike[str], source: str | None = None) -> bool:
    """Whether anything is at `path` (a link counts, even one that leads nowhere): False when
    nothing is, FileReadError when the system cannot even look the name up (a name too long, a
    NUL byte, a loop of links, a folder on the way that cannot be entered), where
    `Path.exists()` would raise OSError."""
    source = source if source is not None else os.fspath(path)
    try:
        os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return False
    except PermissionError:
        raise FileReadError(source, "permission denied") from None
    except OSError as exc:
        raise FileReadError(source, f"cannot be used: {exc.strerror or exc}") from None
    except ValueError:
        raise FileReadError(source, "cannot be used: the name holds a NUL byte") from None
    return True


def too_large(size: int, limit: int, what: str) -> str:
    return f"is too large for {what} ({size:,} bytes; the limit is {limit:,})"


# ----------------------------------------------------------------------------------------------
# Writing

TEMP_SUFFIX = ".zenonzard.tmp"
# `.<name>.<pid>.<random>.zenonzard.tmp`: the writer's process id tells whether it is still at work
_TEMP = re.compile(r"\.(?P<name>.+)\.(?P<pid>[0-9]+)\.[0-9a-f]{8}" + re.escape(TEMP_SUFFIX))
# what earlier versions left (tempfile.mkstemp's names, no process id): in our own folders only
_LEGACY_TEMP = re.compile(r"\.(?P<name>.+\.(json|toml|deck))\.[a-z0-9_]{8}\.tmp")
STALE_TEMP_SECONDS = 3600.0  # a write takes milliseconds: an hour-old temporary file is stale
_cleaned: set[str] = set()  # the folders cleaned by this process (once each)


def move_aside(path: Path) -> Path:
    """Rename a file that cannot be used to `NAME.bad-<date>-<time>` beside it (a second one in
    the same second gets `-2`, and so on: none is ever overwritten) and return the new path.
    OSError when it cannot be moved."""
    stamp = f"{path.name}.bad-{time.strftime('%Y%m%d-%H%M%S')}"
    aside = path.with_name(stamp)
    n = 1
    while os.path.lexists(aside):
        n += 1
        aside = path.with_name(f"{stamp}-{n}")
    path.replace(aside)
    return aside


def write_atomic(path: str | os.PathLike[str], data: str) -> None:
    """Write a text file so that it is either whole or untouched: a temporary file in the same
    folder, synced, then renamed over `path` (the folder is made if need be). A link is followed
    and its target replaced, with the target's mode; a new file gets the usual mode (0o666 less
    the umask). OSError when it cannot be written (nothing is left behind then)."""
    path = Path(path)
    if os.path.islink(path):
        path = Path(os.path.realpath(path))
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    if os.fspath(folder) not in _cleaned:
        _cleaned.add(os.fspath(folder))
        clean_temps(folder)
    try:
        mode: int | None = stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        mode = None
    while True:
        tmp = folder / f".{_short(path.name)}.{os.getpid()}.{secrets.token_hex(4)}{TEMP_SUFFIX}"
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)  # the umask applies
        except FileExistsError:
            continue
        break
    try:
        if mode is not None:
            os.fchmod(fd, mode)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _short(name: str, limit: int = 160) -> str:
    """`name` cut to at most `limit` bytes of UTF-8 (a whole character last), for a temporary
    file's name: with its process id, random part and suffix it stays within the 255 bytes a
    file name may have, so a target named with 250 does not fail for its temporary file."""
    return name.encode()[:limit].decode("utf-8", "ignore")


def clean_temps(
    folder: str | os.PathLike[str], legacy: bool = False, now: float | None = None
) -> list[Path]:
    """Remove the temporary files a killed writer left in `folder`; the paths removed. Only this
    program's own names (`write_atomic`'s; with `legacy`, also the names older versions left,
    for folders that are the program's own), and of those only the ones whose writer is gone
    (no process has its id) or that are STALE_TEMP_SECONDS old. Never raises."""
    now = time.time() if now is None else now
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    for entry in entries:
        ours = _TEMP.fullmatch(entry.name)
        old = legacy and _LEGACY_TEMP.fullmatch(entry.name)
        if not (ours or old):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode):
                continue
            stale = now - info.st_mtime >= STALE_TEMP_SECONDS
            if stale or (ours and not _alive(int(ours["pid"]))):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def _alive(pid: int) -> bool:
    """Whether a process of that id runs (this one counts; another user's too)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # someone else's, or not a number the system takes: leave it be
    return True


# ----------------------------------------------------------------------------------------------
# A game played by one process

_HOLDING: dict[str, int] = {}  # the files this process holds (`hold`): the lock file's descriptor


def lock_path(path: Path) -> Path:
    """The hidden file beside `path` whose lock says that a process plays the game in it."""
    return path.with_name(f".{path.name}.lock")


def hold(path: Path) -> bool:
    """Mark `path` (a game's autosave) as played by this process until `let_go`, or until the
    process ends however it ends (an advisory lock, `flock`, on `lock_path(path)`: the system
    drops it with the process, so a killed client leaves nothing held). False when another
    process holds it. A folder that takes no new file holds nothing and says True: the autosave
    itself fails there, and says so."""
    key = os.fspath(path)
    if key in _HOLDING or fcntl is None:
        return True
    try:
        fd = os.open(lock_path(path), os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return False
    _HOLDING[key] = fd
    return True


def let_go(path: Path) -> None:
    """`hold` undone: the lock file removed (while still held: no other process has it), then
    released. Nothing when this process does not hold `path`."""
    fd = _HOLDING.pop(os.fspath(path), None)
    if fd is None:
        return
    with contextlib.suppress(OSError):
        os.unlink(lock_path(path))
    os.close(fd)


def held_elsewhere(path: Path) -> bool:
    """Does another process play the game in `path` now (`hold`)? Never raises."""
    if os.fspath(path) in _HOLDING or fcntl is None:
        return False
    try:
        fd = os.open(lock_path(path), os.O_RDONLY)
    except OSError:  # no lock file: no process holds it
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)  # (which releases the lock taken to look)
    return False
