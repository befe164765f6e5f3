"""The .py file of one of the package's modules, in either build (docs/build.md): a compiled
module's `__file__` is the extension module beside its source."""

from __future__ import annotations

import sys
from pathlib import Path


def source_of(module: str) -> Path:
    """The .py file of the imported module `module` (a dotted name)."""
    path = Path(sys.modules[module].__file__ or "")
    return path.with_name(path.name.split(".")[0] + ".py")
