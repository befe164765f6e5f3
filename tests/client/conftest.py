"""Every client test gets its own config and data folders: no test reads or writes the user's
settings, saves or autosaves."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _own_folders(own_folders):
    pass
