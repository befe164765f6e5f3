"""The card files as TOML made them, kept in the user's cache folder: the pool's load without
TOML's parser (pure Python, two thirds of the load: about 25 of 40 ms CPU on the machine the
client's budgets are measured on; reading the kept JSON back takes 2).

One file, `cards-<version>.json`, holds what `tomllib` made of every card file, in the loader's
order. `<version>` is the pool's version (a digest of the files' names and bytes, computed from
the files at every load), so a changed, added or removed card file misses the cache and is read
again; nothing stale is ever read. The loader parses and checks the cards from the kept data
exactly as from the files. The file is written atomically (files.write_atomic) once the pool has
loaded without an error, and replaces the older versions' files. A cache that cannot be read
(missing, damaged, another format) or written (a read-only home) is passed over without a word:
the card files are the source, and this is only a copy.

The folder: $ZENONZARD_CACHE_DIR, else the platform's user cache folder
(`~/.cache/zenonzard-tui` on Linux).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from zenonzard_tui.files import APP_NAME, write_atomic

CACHE_ENV = "ZENONZARD_CACHE_DIR"
FORMAT = 1  # what a cache file holds; another number is another format, not read
PREFIX = "cards-"


def cache_dir() -> Path:
    """$ZENONZARD_CACHE_DIR, else the platform's user cache folder."""
    override = os.environ.get(CACHE_ENV)
    if override:
        return Path(override).expanduser()
    import platformdirs

    return platformdirs.user_cache_path(APP_NAME)


def cache_path(folder: Path, version: str) -> Path:
    return folder / f"{PREFIX}{version}.json"


def read(folder: Path, version: str, names: list[str]) -> list[dict[str, Any]] | None:
    """The kept TOML documents of the card files `names` (in that order) of pool `version`, or
    None when there are none that fit."""
    try:
        data = json.loads(cache_path(folder, version).read_bytes())
    except (OSError, ValueError):
        return None
    if not (
        isinstance(data, dict)
        and data.get("format") == FORMAT
        and data.get("version") == version
        and data.get("files") == names
        and isinstance(data.get("docs"), list)
        and len(data["docs"]) == len(names)
        and all(isinstance(doc, dict) for doc in data["docs"])
    ):
        return None
    return data["docs"]


def write(folder: Path, version: str, names: list[str], docs: list[dict[str, Any]]) -> None:
    """Keep `docs` (the TOML documents of the card files `names`) for pool `version`, and remove
    the files of other versions. Never raises: a cache that cannot be written is no cache."""
    try:
        text = json.dumps(
            {"format": FORMAT, "version": version, "files": names, "docs": docs},
            ensure_ascii=False,
            separators=(",", ":"),
            allow_nan=False,
        )
    except (TypeError, ValueError):  # a TOML date or an infinity: not kept (not in the pool)
        return
    path = cache_path(folder, version)
    try:
        write_atomic(path, text)
        for old in folder.glob(f"{PREFIX}*.json"):
            if old.name != path.name:
                old.unlink(missing_ok=True)
    except OSError:
        return
