"""What `pip install .` ships: every data file of the package is named in pyproject's package-data
(an installed copy without its stylesheet or starter decks would fail only on a user's machine)."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

from zenonzard_tui import buildinfo

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "zenonzard_tui"


def _patterns() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    data = config["tool"]["setuptools"]["package-data"]
    return [
        f"{package.replace('.', '/')}/{pattern}"
        for package, patterns in data.items()
        for pattern in patterns
    ]


def test_every_data_file_of_the_package_is_shipped():
    patterns = _patterns()
    missing = []
    for path in PACKAGE.rglob("*"):
        if path.is_dir() or path.suffix in (".py", ".pyc") or "__pycache__" in path.parts:
            continue
        if path.name == buildinfo.RECORD or path.suffix == ".so":
            continue  # what the build itself writes into the package (setup.py, docs/build.md)
        relative = path.relative_to(ROOT).as_posix()
        if not any(fnmatch.fnmatchcase(relative, p) for p in patterns):
            missing.append(relative)
    assert not missing, f"add to [tool.setuptools.package-data] in pyproject.toml: {missing}"


def test_the_patterns_name_files_that_exist():
    for pattern in _patterns():
        assert list(ROOT.glob(pattern)), f"package-data pattern {pattern!r} matches no file"


def test_the_sdist_carries_what_its_tests_need():
    """The sdist (python -m build --sdist) holds tests/, docs/, examples/, bench/ and decks/, so
    its tests run where it is unpacked: MANIFEST.in grafts each folder the tests read."""
    grafted = {
        line.split()[1]
        for line in (ROOT / "MANIFEST.in").read_text("utf-8").splitlines()
        if line.startswith("graft ")
    }
    assert {"tests", "docs", "examples", "bench", "decks"} <= grafted
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    classifiers = config["project"]["classifiers"]
    for version in ("3.11", "3.12", "3.13"):
        assert f"Programming Language :: Python :: {version}" in classifiers
