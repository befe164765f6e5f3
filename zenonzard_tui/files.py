"""Reading a file a user names (a deck, a save, a scenario) without hanging or exhausting memory.

`read_limited(path, source, limit, what)` gives the file's bytes, or `FileReadError` with a reason a
user can act on. It refuses at once, before reading anything:
- what is not a regular file: a FIFO (whose open() would wait for a writer), `/dev/zero` or another
  device (which never ends), a socket; the file is opened non-blocking and checked with fstat(), so
  a FIFO swapped in after a first look cannot block either;
- a folder;
- a file over `limit` bytes (at most `limit + 1` bytes are ever read, even if it grows).
"""

from __future__ import annotations

import os
import stat

MAX_FILE_BYTES = 16 * 1024 * 1024  # saves and scenarios; a real one is a few kilobytes


class FileReadError(ValueError):
    """A file that cannot be read; `reason` says why (the message is `source: reason`)."""

    def __init__(self, source: str, reason: str) -> None:
        self.source, self.reason = source, reason
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
        raise FileReadError(source, "no such file") from None
    except IsADirectoryError:
        raise FileReadError(source, f"is a folder, not {what}") from None
    except PermissionError:
        raise FileReadError(source, "permission denied") from None
    except OSError as exc:
        raise FileReadError(source, f"cannot be read: {exc.strerror or exc}") from None
    except ValueError:  # a NUL byte in the name
        raise FileReadError(source, "cannot be read: the name holds a NUL byte") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise FileReadError(source, f"is a folder, not {what}")
        if not stat.S_ISREG(info.st_mode):
            kind = "a FIFO (named pipe)" if stat.S_ISFIFO(info.st_mode) else "a device or socket"
            raise FileReadError(source, f"is not a regular file ({kind})")
        if info.st_size > limit:
            raise FileReadError(source, too_large(info.st_size, limit, what))
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
        raise FileReadError(source, too_large(len(data), limit, what))
    return data


def too_large(size: int, limit: int, what: str) -> str:
    return f"is too large for {what} ({size:,} bytes; the limit is {limit:,})"
