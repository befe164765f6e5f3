"""Which build runs: the engine, the card model and the AI compiled with mypyc, or pure Python
(docs/build.md).

setup.py compiles the modules `compiled_sources` names and records the build in `_build.json`
beside this file (the mypyc version, or why the build is pure). At run time the extension modules
themselves say whether they are there: `describe()` is what `zenonzard --version` shows. This module
imports nothing of the package, so that setup.py can load it from its path.

The package's `__init__` calls `choose()` first: where a compiled build is installed, the .py files
run instead of its extension modules when ZENONZARD_PURE=1 is set at run time, or in an editable
install whose compiled sources changed since the build (the extension modules would run the old
code). All or none: the compiled modules call each other directly, so none of them can be left out
alone.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from importlib.machinery import (
    BYTECODE_SUFFIXES,
    EXTENSION_SUFFIXES,
    SOURCE_SUFFIXES,
    FileFinder,
    SourceFileLoader,
    SourcelessFileLoader,
)
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
RECORD = "_build.json"
# mypyc's shared library, a top-level module beside the package (zenonzard_tui_compiled__mypyc.*.so)
# as mypy's and black's are: inside the package, mypyc 2.4.1 gives compiled packages a wrong
# __path__ (the package's folder twice)
GROUP = "zenonzard_tui_compiled"

# What mypyc compiles, as globs under the package; NOT_COMPILED are left out, each for its reason.
COMPILED = ("engine/*.py", "engine/terms/*.py", "cards/model.py", "cards/terms/*.py", "ai/*.py")
NOT_COMPILED = {
    # Its event classes take their fields from their annotations, which compiled classes do not
    # keep; the log is off in search, so the module is not where the time goes.
    "engine/events.py": "event fields read from annotations",
    # It reads the state classes by their attributes' names (the network's snapshots, once a
    # message: not where the time goes), and runs the same in both builds.
    "engine/snapshot.py": "reads objects generically, once a network message",
    # Its module __getattr__ (the AI's modules imported at their first use): compiled by mypyc
    # 2.4.1, importing the package crashed the process. It holds no code that runs in a game.
    "ai/__init__.py": "its module __getattr__ crashed the compiled import",
}


def compiled_sources(package_root: Path) -> list[Path]:
    """The .py files compiled, sorted (mypyc's output then does not depend on the file system's
    order). `package_root` is the folder that holds zenonzard_tui/."""
    package = package_root / "zenonzard_tui"
    found = {path for pattern in COMPILED for path in package.glob(pattern)}
    skipped = {package / name for name in NOT_COMPILED}
    return sorted(found - skipped)


def extension_files(source: Path) -> list[Path]:
    """The extension modules built from one .py file (one, in a compiled build)."""
    return [
        path
        for suffix in EXTENSION_SUFFIXES
        if (path := source.with_name(source.stem + suffix)).exists()
    ]


def remove_extensions(package_root: Path) -> None:
    """Removes the extension modules a compiled build left in a source tree (an editable install
    made pure again), so that the .py files are what runs."""
    for source in compiled_sources(package_root):
        for path in extension_files(source):
            path.unlink()
    for suffix in EXTENSION_SUFFIXES:
        package_root.joinpath(GROUP + "__mypyc" + suffix).unlink(missing_ok=True)


def record_text(mypyc: str | None, reason: str | None, editable: bool = False) -> str:
    """The build's record: the mypyc version it was compiled with, or why it is pure Python, and
    whether it is an editable install (the sources may change after it)."""
    import json

    return json.dumps({"mypyc": mypyc, "pure_reason": reason, "editable": editable}) + "\n"


def _record(package: Path) -> dict:
    import json  # (not at the package's import: choose() reads no record of a pure build)

    try:
        data = json.loads(package.joinpath(RECORD).read_text())
    except (OSError, ValueError):
        return {}  # run from a source tree that was never built: pure Python
    return data if isinstance(data, dict) else {}


def compiled_modules(package: Path = PACKAGE) -> list[str]:
    """The modules that run compiled (an extension module beside the .py file), as dotted names."""
    names = []
    for source in compiled_sources(package.parent):
        if extension_files(source):
            parts = source.relative_to(package.parent).with_suffix("").parts
            names.append(".".join(parts))
    return names


def stale_sources(package: Path = PACKAGE) -> list[str]:
    """The compiled modules whose .py file changed after its extension was built (an editable
    install edited since: the extension still runs until the package is installed again)."""
    out = []
    for source in compiled_sources(package.parent):
        built = extension_files(source)
        if built and source.stat().st_mtime > max(path.stat().st_mtime for path in built):
            out.append(source.relative_to(package).as_posix())
    return out


def _stale_reason(package: Path) -> str:
    """Why an editable compiled install runs its .py files: the sources changed since the build
    ("" when none did, or the install is not editable: a wheel's file times say nothing)."""
    if not _record(package).get("editable"):
        return ""
    stale = stale_sources(package)
    if not stale:
        return ""
    names = ", ".join(stale[:3]) + (f" and {len(stale) - 3} more" if len(stale) > 3 else "")
    return f"changed since the compiled build, reinstall to compile them: {names}"


def _pure_asked() -> bool:
    return os.environ.get("ZENONZARD_PURE", "") not in ("", "0")


# Why this process runs the .py files though the installed build has extension modules ("": it
# runs what is installed); set by choose().
pure_at_run = ""


def choose(package_paths: Iterable[str]) -> None:
    """Called by the package's `__init__` before it imports anything: where the package holds
    extension modules that should not run (ZENONZARD_PURE=1 at run time, sources changed since an
    editable compiled build), a path hook makes its folders import their .py files only."""
    global pure_at_run
    if pure_at_run or not compiled_modules():
        return
    reason = "ZENONZARD_PURE=1 at run time" if _pure_asked() else _stale_reason(PACKAGE)
    if not reason:
        return
    folders = [os.path.normcase(os.path.abspath(path)) for path in package_paths]

    def source_only(path: str) -> FileFinder:
        full = os.path.normcase(os.path.abspath(path))
        if not any(full == f or full.startswith(f + os.sep) for f in folders):
            raise ImportError  # (another folder: the next hook's)
        return FileFinder(
            path, (SourceFileLoader, SOURCE_SUFFIXES), (SourcelessFileLoader, BYTECODE_SUFFIXES)
        )

    sys.path_hooks.insert(0, source_only)
    for key in list(sys.path_importer_cache):  # (the package's folder: found when this loaded)
        full = os.path.normcase(os.path.abspath(key))
        if any(full == f or full.startswith(f + os.sep) for f in folders):
            del sys.path_importer_cache[key]
    pure_at_run = reason


def running_compiled() -> bool:
    """Does this process run the compiled modules (a compiled build, not made pure at run time)?"""
    return not pure_at_run and bool(compiled_modules())


def describe(package: Path = PACKAGE) -> str:
    """The build in a few words: "compiled with mypyc 2.4.1 (56 modules)", "pure Python", or
    "pure Python (no C compiler ...)" when a compiled build fell back, "pure Python (ZENONZARD_PURE=1
    at run time ...)" when the installed extension modules are not loaded."""
    record = _record(package)
    modules = compiled_modules(package)
    if modules:
        why = pure_at_run if package == PACKAGE else ""
        why = why or _stale_reason(package)
        if why:
            return f"pure Python ({why}; {len(modules)} compiled modules not loaded)"
        version = record.get("mypyc") or "?"
        return f"compiled with mypyc {version} ({len(modules)} modules)"
    reason = record.get("pure_reason")
    return f"pure Python ({reason})" if reason else "pure Python"
