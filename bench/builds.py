"""The compiled build against the pure-Python one, side by side in one run (docs/build.md): a
bench script run on each, the figures in two columns and their ratio.

    python bench/builds.py [--compiled DIR] [--script engine|ai] [-- SCRIPT OPTIONS]

--compiled DIR: a folder that holds a compiled zenonzard_tui (a venv's site-packages after
  `pip install .` where a C compiler works, or this tree after an editable compiled install; the
  default). The pure build is a copy of the same package without its extension modules.
--script engine (default): bench/engine.py (default options --games 300 --decks random): CPU
  a game and a decision (legal() + apply()), and a clone.
--script ai: bench/ai.py (default options --table ladder --levels expert --games 4): expert's
  CPU a decision against strong.

Each build runs in its own copy of the package, bench/ and tests/engine/gamekit.py, in a
process of its own, the two one after the other (the machine's load then weighs on both).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from zenonzard_tui import buildinfo  # noqa: E402

SCRIPTS = {
    "engine": ("bench/engine.py", ["--games", "300", "--decks", "random"]),
    "ai": ("bench/ai.py", ["--table", "ladder", "--levels", "expert", "--games", "4"]),
}
# a figure: its label, then "CPU median N unit" (bench/engine.py) or "cpu med N" (bench/ai.py)
FIGURE = re.compile(r"^(?P<label>[^:\n]+?):?\s+CPU median\s+(?P<n>[\d.]+) (?P<unit>\S+)", re.M)


def tree(target: Path, package: Path, compiled: bool) -> Path:
    """A copy of what a bench script needs, with the package compiled or pure."""
    skip = ["__pycache__", buildinfo.RECORD]
    if not compiled:
        skip += ["*.so", "*.pyd"]
    shutil.copytree(package, target / "zenonzard_tui", ignore=shutil.ignore_patterns(*skip))
    if compiled:  # mypyc's shared library, beside the package: else another build's is loaded
        for library in package.parent.glob(f"{buildinfo.GROUP}__mypyc*"):
            shutil.copy(library, target / library.name)
    shutil.copytree(ROOT / "bench", target / "bench", ignore=shutil.ignore_patterns("results"))
    for name in ("tests/__init__.py", "tests/engine/__init__.py", "tests/engine/gamekit.py"):
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, target / name)
    (target / "decks").symlink_to("zenonzard_tui/starters")
    return target


def run(target: Path, script: str, options: list[str]) -> str:
    done = subprocess.run(
        [sys.executable, str(target / script), *options],
        capture_output=True, text=True, cwd=target, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        sys.exit(f"{script} failed in {target}:\n{done.stderr[-3000:]}")
    return done.stdout


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--compiled", type=Path, default=ROOT, help="a folder holding zenonzard_tui")
    ap.add_argument("--script", choices=SCRIPTS, default="engine")
    ap.add_argument("options", nargs="*", help="the script's options (after --)")
    args = ap.parse_args(argv)
    package = args.compiled / "zenonzard_tui"
    modules = buildinfo.compiled_modules(package)
    if not modules:
        print(f"{package}: no compiled modules ({buildinfo.describe(package)})", file=sys.stderr)
        return 2
    script, options = SCRIPTS[args.script]
    options = args.options or options
    with tempfile.TemporaryDirectory(prefix="zz-builds-") as tmp:
        outs = {}
        for name in ("compiled", "pure"):
            target = tree(Path(tmp) / name, package, name == "compiled")
            outs[name] = run(target, script, options)
    print(f"{script} {' '.join(options)}: compiled ({buildinfo.describe(package)}) vs pure")
    figures = {name: FIGURE.findall(out) for name, out in outs.items()}
    if not figures["compiled"]:  # bench/ai.py's rows: shown as they are, one build after the other
        for name, out in outs.items():
            print(f"--- {name}\n{out.rstrip()}")
        return 0
    print(f"{'':24}{'compiled':>14}{'pure':>14}{'pure/compiled':>16}")
    for (label, c, unit), (_, p, _) in zip(figures["compiled"], figures["pure"], strict=True):
        print(
            f"{label.strip():24}{c + ' ' + unit:>14}{p + ' ' + unit:>14}{float(p) / float(c):>15.2f}x"
        )
    same = [line for line in outs["compiled"].splitlines() if line.startswith("decisions:")]
    if same and same == [
        line for line in outs["pure"].splitlines() if line.startswith("decisions:")
    ]:
        print(f"the same games: {same[0]} in both")
    return 0


if __name__ == "__main__":
    sys.exit(main())
