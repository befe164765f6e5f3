"""The build: the engine, the card model and the AI compiled with mypyc where it can be, pure
Python where it cannot (docs/build.md).

Everything else is in pyproject.toml; this file only adds the extension modules. As mypy and black
do, the .py sources are compiled into C extensions that sit beside them (the .py files ship too).
The build never fails for want of a compiler: `ZENONZARD_PURE=1` asks for the pure-Python build,
and when mypyc or the C compiler cannot build the modules the install goes on without them, with a
one-line note (pip shows it with -v), recorded for `zenonzard --version` (zenonzard_tui/buildinfo.py).

Settings from the environment at install time (mypy's own names, for its options):
  ZENONZARD_PURE=1      the pure-Python build (the compiled one is the default where a C
                        compiler works: COMPILED_BY_DEFAULT below)
  ZENONZARD_COMPILE=1   the compiled build, whatever the default
  MYPYC_OPT_LEVEL=N     the C compiler's -O level (3)
  MYPYC_DEBUG_LEVEL=N   its -g level (0)
  MYPYC_MULTI_FILE=1    one C file a module (smaller compiler runs, a slower result)
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


def _buildinfo():
    """zenonzard_tui/buildinfo.py, loaded by its path (the package itself is not imported)."""
    spec = importlib.util.spec_from_file_location(
        "_zz_buildinfo", ROOT / "zenonzard_tui/buildinfo.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


buildinfo = _buildinfo()


def _note(text: str) -> None:
    print(f"zenonzard-tui: {text}", file=sys.stderr)


def _compiler_missing() -> str | None:
    """Why no C compiler can build an extension module here, or None when one can: a C file that
    includes Python.h compiled the way the extension modules are (a second, not the minutes of
    mypyc's type check that would come before a compiler found missing)."""
    import sysconfig
    import tempfile

    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.sysconfig import customize_compiler

    compiler = new_compiler()
    customize_compiler(compiler)
    command = getattr(compiler, "compiler_so", None) or getattr(compiler, "compiler", None)
    if command and shutil.which(command[0]) is None:
        return f"no C compiler ({command[0]} not found)"
    with tempfile.TemporaryDirectory(prefix="zenonzard-cc-") as folder:
        probe = Path(folder, "probe.c")
        probe.write_text("#include <Python.h>\nint zenonzard_probe(void) { return 0; }\n")
        try:
            compiler.compile(
                [str(probe)], output_dir=folder, include_dirs=[sysconfig.get_paths()["include"]]
            )
        except Exception as error:  # CompileError, a compiler that crashed
            status = re.search(r"exit (?:status|code) -?\d+", str(error))
            detail = status.group(0) if status else str(error).splitlines()[0][:120]
            return f"the C compiler failed ({type(error).__name__}, {detail})"
    return None


# The compiled build is the default where a C compiler works (docs/build.md).
COMPILED_BY_DEFAULT = True

# The setup.py commands that build the package. pip runs setup.py for others first (egg_info for
# the build requirements, dist_info for the metadata), which need no extension modules: mypyc's
# type check (minutes) runs for a build only.
BUILD_COMMANDS = frozenset(
    {"build", "build_ext", "build_py", "bdist_wheel", "editable_wheel", "develop", "install"}
)


def _builds(commands: list[str]) -> bool:
    """Do these setup.py commands build the package (and so need the extension modules)?"""
    return bool(BUILD_COMMANDS.intersection(commands))


def _on(name: str) -> bool:
    return os.environ.get(name, "") not in ("", "0")


def _pure_reason() -> str | None:
    """Why this build is pure Python (the environment, no working C compiler), or None: compile."""
    if _on("ZENONZARD_PURE"):
        return "ZENONZARD_PURE=1 at install"
    if not (COMPILED_BY_DEFAULT or _on("ZENONZARD_COMPILE")):
        return "the default build; ZENONZARD_COMPILE=1 at install compiles it"
    return _compiler_missing()


def _extensions() -> tuple[list, str | None]:
    """The extension modules to build, and the reason when there are none."""
    reason = _pure_reason()
    if reason:
        return [], reason
    try:
        from mypyc.build import mypycify
    except ImportError as error:
        return [], f"mypyc cannot be imported ({error})"
    targets = [str(path.relative_to(ROOT)) for path in buildinfo.compiled_sources(ROOT)]
    try:
        extensions = mypycify(
            [*targets, "--ignore-missing-imports"],  # the client's libraries: not in the build
            opt_level=os.environ.get("MYPYC_OPT_LEVEL", "3"),
            debug_level=os.environ.get("MYPYC_DEBUG_LEVEL", "0"),
            multi_file=os.environ.get("MYPYC_MULTI_FILE", "") == "1",
            group_name=buildinfo.GROUP,
        )
    except (Exception, SystemExit) as error:  # mypyc's errors end in SystemExit
        return [], f"mypyc could not compile the modules ({type(error).__name__}: {error})"
    return extensions, None


def _mypyc_version() -> str | None:
    try:
        import mypy.version
    except ImportError:
        return None
    return mypy.version.__version__


def _write_record(package_dir: Path, mypyc: str | None, reason: str | None) -> None:
    package_dir.mkdir(parents=True, exist_ok=True)
    editable = package_dir == ROOT / "zenonzard_tui"
    (package_dir / buildinfo.RECORD).write_text(buildinfo.record_text(mypyc, reason, editable))


class BuildPy(build_py):
    """Adds the build's record (which build, and why pure) to the package; in an editable install,
    to the source tree, where a pure build also removes the extension modules a compiled one left."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            if not EXTENSIONS:
                buildinfo.remove_extensions(ROOT)
            _write_record(ROOT / "zenonzard_tui", MYPYC_VERSION, REASON)
        else:
            _write_record(Path(self.build_lib) / "zenonzard_tui", MYPYC_VERSION, REASON)
        if REASON and (COMPILED_BY_DEFAULT or _on("ZENONZARD_COMPILE")):
            _note(f"building pure Python: {REASON}")


class BuildExt(build_ext):
    """Builds the extension modules; when the C compiler fails, removes what it built and records
    the pure-Python build instead of failing the install."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # CompileError, LinkError, a compiler that crashed
            for extension in self.extensions:
                Path(self.get_ext_fullpath(extension.name)).unlink(missing_ok=True)
            if self.inplace or getattr(self, "editable_mode", False):
                buildinfo.remove_extensions(ROOT)
                target = ROOT / "zenonzard_tui"
            else:
                target = Path(self.build_lib) / "zenonzard_tui"
            status = re.search(r"exit (?:status|code) -?\d+", str(error))
            detail = status.group(0) if status else str(error).splitlines()[0][:120]
            reason = f"the C compiler failed ({type(error).__name__}, {detail})"
            _write_record(target, None, reason)
            _note(f"building pure Python: {reason}")


if __name__ == "__main__":  # (tests import this file for its functions)
    if _builds(sys.argv[1:]):
        EXTENSIONS, REASON = _extensions()
    else:  # egg_info, dist_info, sdist: nothing is built
        EXTENSIONS, REASON = [], None
    MYPYC_VERSION = _mypyc_version() if EXTENSIONS else None
    setup(ext_modules=EXTENSIONS, cmdclass={"build_py": BuildPy, "build_ext": BuildExt})
