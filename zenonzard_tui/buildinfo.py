"""Which build runs: the engine, the card model and the AI compiled with mypyc, or pure Python
(docs/build.md).

setup.py compiles the modules `compiled_sources` names and records the build in `_build.json`
beside this file (the mypyc version, or why the build is pure). At run time the extension modules
themselves say whether they are there: `describe()` is what `zenonzard --version` shows. This module
imports nothing of the package, so that setup.py can load it from its path.
"""

from __future__ import annotations

import json
from importlib.machinery import EXTENSION_SUFFIXES
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
    return json.dumps({"mypyc": mypyc, "pure_reason": reason, "editable": editable}) + "\n"


def _record(package: Path) -> dict:
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


def describe(package: Path = PACKAGE) -> str:
    """The build in a few words: "compiled with mypyc 2.4.1 (56 modules)", "pure Python", or
    "pure Python (no C compiler ...)" when a compiled build fell back."""
    record = _record(package)
    modules = compiled_modules(package)
    if modules:
        version = record.get("mypyc") or "?"
        text = f"compiled with mypyc {version} ({len(modules)} modules)"
        stale = stale_sources(package) if record.get("editable") else []  # (a wheel's mtimes: any)
        if stale:
            text += f"; changed since the build, reinstall to compile them: {', '.join(stale[:3])}"
            text += f" and {len(stale) - 3} more" if len(stale) > 3 else ""
        return text
    reason = record.get("pure_reason")
    return f"pure Python ({reason})" if reason else "pure Python"
