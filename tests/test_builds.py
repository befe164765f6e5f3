"""The two builds (docs/build.md): the engine, the card model and the AI compiled with mypyc, and
pure Python. What `zenonzard --version` says of each, how setup.py chooses (and falls back), and
that both play the same games."""

from __future__ import annotations

import copy
import copyreg
import dataclasses
import importlib
import importlib.util
import json
import os
import pickle
import random
import shutil
import subprocess
import sys
import sysconfig
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from zenonzard_tui import __version__, buildinfo
from zenonzard_tui.cli import main

ROOT = Path(__file__).resolve().parents[1]
SO = EXTENSION_SUFFIXES[0]


def _package(tmp_path: Path, compiled: tuple[str, ...] = (), record: dict | None = None) -> Path:
    """A package folder with the compiled modules' .py files, extension modules for `compiled`
    and the build's record."""
    package = tmp_path / "zenonzard_tui"
    for source in buildinfo.compiled_sources(ROOT):
        target = package / source.relative_to(ROOT / "zenonzard_tui")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("")
    for name in compiled:
        path = package / name
        os.utime(path, (1_000, 1_000))
        path.with_name(path.stem + SO).write_bytes(b"")
    if record is not None:
        (package / buildinfo.RECORD).write_text(json.dumps(record))
    return package


def test_version_names_the_build(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert out == f"zenonzard-tui {__version__} ({buildinfo.describe()})\n"
    if buildinfo.running_compiled():  # (not an edited editable install, nor ZENONZARD_PURE=1)
        assert "compiled with mypyc" in out
    else:
        assert "pure Python" in out


def test_mypyc_compiled_the_installed_build():
    """The fallback to pure Python is for a machine without a working C compiler. mypyc is pinned
    (pyproject.toml), so its failing on the sources is a bug of the sources (a construct it does
    not compile, docs/build.md), which the fallback would hide: the install succeeds, pure.
    `ZENONZARD_COMPILE=1 pip install -v -e .` shows mypyc's error."""
    assert "mypyc could not compile" not in buildinfo.describe()


def test_describe_a_compiled_build(tmp_path):
    package = _package(tmp_path, ("engine/game.py", "ai/mcts.py"), {"mypyc": "2.4.1"})
    assert buildinfo.compiled_modules(package) == [
        "zenonzard_tui.ai.mcts",
        "zenonzard_tui.engine.game",
    ]
    assert buildinfo.describe(package) == "compiled with mypyc 2.4.1 (2 modules)"


def test_describe_says_which_sources_changed_after_the_build(tmp_path):
    """An editable compiled install whose sources changed runs its .py files (buildinfo.choose):
    the extension modules would run the code as it was."""
    package = _package(tmp_path, ("engine/game.py",), {"mypyc": "2.4.1", "editable": True})
    (package / "engine/game.py").write_text("# edited\n")  # newer than its extension module
    assert buildinfo.stale_sources(package) == ["engine/game.py"]
    assert buildinfo.describe(package) == (
        "pure Python (changed since the compiled build, reinstall to compile them: "
        "engine/game.py; 1 compiled modules not loaded)"
    )
    # installed from a wheel: the files' times say nothing of the build
    (package / buildinfo.RECORD).write_text(json.dumps({"mypyc": "2.4.1", "editable": False}))
    assert buildinfo.describe(package) == "compiled with mypyc 2.4.1 (1 modules)"


def test_describe_a_pure_build_and_why(tmp_path):
    reason = "no C compiler (cc not found)"
    assert buildinfo.describe(
        _package(tmp_path / "a", record={"mypyc": None, "pure_reason": reason})
    ) == (f"pure Python ({reason})")
    assert buildinfo.describe(_package(tmp_path / "b")) == "pure Python"  # never built
    (tmp_path / "c").mkdir()
    broken = _package(tmp_path / "c")
    (broken / buildinfo.RECORD).write_text("{not json")
    assert buildinfo.describe(broken) == "pure Python"


def test_events_are_the_one_module_left_out():
    sources = {
        p.relative_to(ROOT / "zenonzard_tui").as_posix() for p in buildinfo.compiled_sources(ROOT)
    }
    assert "engine/events.py" not in sources
    assert {"engine/game.py", "engine/state.py", "cards/model.py", "ai/mcts.py"} <= sources
    assert all(not s.startswith(("client/", "net/", "cli/")) for s in sources)


def _compiled_module_names() -> list[str]:
    """Every module setup.py compiles, as dotted names (whichever build is installed)."""
    return [
        ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for path in buildinfo.compiled_sources(ROOT)
    ]


def test_every_frozen_record_of_a_compiled_module_pickles_by_its_constructor():
    """mypyc's own unpickling of a frozen dataclass assigns its fields through the `__setattr__`
    that refuses them (zenonzard_tui/frozen.py): each one is registered to be rebuilt by its
    constructor instead, in both builds."""
    missing = []
    for name in _compiled_module_names():
        module = importlib.import_module(name)
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and value.__module__ == name
                and dataclasses.is_dataclass(value)
                and value.__dataclass_params__.frozen  # type: ignore[attr-defined]
                and value not in copyreg.dispatch_table
            ):
                missing.append(f"{name}.{value.__qualname__}")
    assert not missing, f"not given to frozen.picklable(): {missing}"


def test_records_survive_pickle_and_copy():
    """The card pool, observations, lasting effects and outcomes of a game played at random come
    back equal through pickle (a sim worker's results, a Ray task's decks), copy and deepcopy."""
    from tests.engine.gamekit import random_deck
    from zenonzard_tui.cards import load_pool
    from zenonzard_tui.engine.game import new_game
    from zenonzard_tui.engine.observe import observe, spectate

    pool = load_pool()
    records: list = [*pool.cards.values(), *pool.forces.values()]
    rng = random.Random(11)
    game = new_game(random_deck(rng), random_deck(rng), seed=11)
    records.append(game.options)
    while not game.over:
        if rng.random() < 0.05:
            records += [observe(game, 0), observe(game, 1), spectate(game), *game.lasting]
            records += game.this_turn
        game.apply(rng.choice(game.legal_actions()))
    records.append(game.outcome)
    kinds = {type(r).__name__ for r in records}
    assert {"CardDef", "ForceDef", "Observation", "Outcome", "Options"} <= kinds
    for record in records:
        assert pickle.loads(pickle.dumps(record)) == record
        assert copy.copy(record) == record
        assert copy.deepcopy(record) == record
    back = pickle.loads(pickle.dumps(pool.cards))
    card = next(c for c in back.values() if c.effects)
    assert card.whens == pool.cards[card.id].whens  # derived again by __post_init__


def test_remove_extensions_leaves_the_sources(tmp_path):
    package = _package(tmp_path, ("engine/game.py",))
    group = tmp_path / (buildinfo.GROUP + "__mypyc" + SO)
    group.write_bytes(b"")
    buildinfo.remove_extensions(tmp_path)
    assert buildinfo.compiled_modules(package) == []
    assert not group.exists()
    assert (package / "engine/game.py").exists()


@pytest.fixture
def setup_py(monkeypatch):
    """setup.py's functions (it builds only when run as a script)."""
    for name in ("ZENONZARD_PURE", "ZENONZARD_COMPILE", "CC"):
        monkeypatch.delenv(name, raising=False)
    spec = importlib.util.spec_from_file_location("zenonzard_setup", ROOT / "setup.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_setup_builds_pure_when_asked(setup_py, monkeypatch):
    monkeypatch.setenv("ZENONZARD_PURE", "1")
    monkeypatch.setenv("ZENONZARD_COMPILE", "1")  # PURE wins
    assert setup_py._extensions() == ([], "ZENONZARD_PURE=1 at install")


def test_setup_default_build(setup_py):
    # (mypyc's run itself takes minutes: _extensions() runs it when this says go)
    if not setup_py.COMPILED_BY_DEFAULT:
        assert setup_py._pure_reason() == (
            "the default build; ZENONZARD_COMPILE=1 at install compiles it"
        )
        return
    assert setup_py._pure_reason() == setup_py._compiler_missing()
    if shutil.which("cc") and Path(sysconfig.get_paths()["include"], "Python.h").exists():
        assert setup_py._pure_reason() is None


def test_setup_falls_back_without_a_compiler(setup_py, monkeypatch):
    monkeypatch.setenv("ZENONZARD_COMPILE", "1")
    monkeypatch.setenv("CC", "/nonexistent/cc")
    assert setup_py._extensions() == ([], "no C compiler (/nonexistent/cc not found)")


def test_setup_falls_back_when_the_compiler_fails(setup_py, monkeypatch):
    """A compiler that cannot build an extension module (here one that always fails; in life,
    the Python headers missing) is found before mypyc's minutes of work."""
    monkeypatch.setenv("ZENONZARD_COMPILE", "1")
    monkeypatch.setenv("CC", "/bin/false")
    extensions, reason = setup_py._extensions()
    assert extensions == [] and reason in (
        "the C compiler failed (CompileError, exit status 1)",
        "the C compiler failed (CompileError, exit code 1)",  # (the words of some setuptools)
    )


def test_only_a_build_runs_mypyc(setup_py):
    """pip runs setup.py for the requirements and the metadata first (the commands below, as
    setuptools' build backend gives them): those build nothing, so they compile nothing."""
    assert not setup_py._builds(["egg_info"])
    assert not setup_py._builds(["dist_info", "--output-dir", "/tmp/x", "--keep-egg-info"])
    assert not setup_py._builds(["sdist", "--formats", "gztar"])
    assert setup_py._builds(["bdist_wheel", "--dist-dir", "/tmp/x"])
    assert setup_py._builds(["editable_wheel", "--dist-dir", "/tmp/x", "--dist-info-dir", "y"])
    assert setup_py._builds(["build_ext", "--inplace"])


def _same_games(tree: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [sys.executable, str(tree / "tests" / "same_games.py")],
        capture_output=True, text=True, env=env, cwd=tree, timeout=600, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def _pure_copy(tmp_path: Path) -> Path:
    """The package's sources without its extension modules, and what same_games.py reads."""
    tree = tmp_path / "pure"
    skip = shutil.ignore_patterns("*.so", "*.pyd", buildinfo.RECORD, "__pycache__")
    shutil.copytree(ROOT / "zenonzard_tui", tree / "zenonzard_tui", ignore=skip)
    shutil.copytree(ROOT / "tests" / "scenarios", tree / "tests" / "scenarios")
    for name in ("tests/__init__.py", "tests/engine/__init__.py", "tests/engine/gamekit.py",
                 "tests/same_games.py", "bench/digest.py"):  # fmt: skip
        (tree / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, tree / name)
    (tree / "decks").symlink_to("zenonzard_tui/starters")
    return tree


def test_compiled_and_pure_play_the_same_games(tmp_path):
    if not buildinfo.running_compiled():
        pytest.skip(
            f"this process runs {buildinfo.describe()}: nothing compiled to compare the pure "
            "sources with"
        )
    compiled = _same_games(ROOT)
    pure = _same_games(_pure_copy(tmp_path))
    assert pure["compiled"] == [] and pure["package"] == str(tmp_path / "pure" / "zenonzard_tui")
    assert compiled["compiled"] == buildinfo.compiled_modules()
    assert compiled["fuzz"]["problems"] == [] and pure["fuzz"]["problems"] == []
    for key in ("digests", "scenarios", "fuzz", "snapshots"):
        assert compiled[key] == pure[key], key


def test_the_pure_copy_plays_the_pinned_games(tmp_path):
    """The copy the comparison above runs is the pure sources alone, and plays the pinned games
    (tests/engine/test_digest.py) with every scenario passing and sound fuzzed games."""
    from tests.engine.test_digest import PINNED

    pure = _same_games(_pure_copy(tmp_path))
    assert pure["compiled"] == [] and pure["package"] == str(tmp_path / "pure" / "zenonzard_tui")
    assert {kind: tuple(value) for kind, value in pure["digests"].items()} == PINNED
    assert pure["fuzz"]["problems"] == []
    failed = [name for name, (passed, *_) in pure["scenarios"].items() if not passed]
    assert failed == [] and len(pure["scenarios"]) == len(
        list((ROOT / "tests/scenarios").glob("*.toml"))
    )
