"""The card files' TOML kept in the user's cache folder (cards/cache.py): the same pool, never a
stale one, and a cache that cannot be read or written changes nothing."""

from __future__ import annotations

import json
import os
import shutil
import tomllib
from pathlib import Path

import platformdirs
import pytest

from tests.test_cards_loader import MINION
from zenonzard_tui.cards import cache as pool_cache
from zenonzard_tui.cards import loader
from zenonzard_tui.cards.loader import DATA_DIR, CardDataError, load_pool, load_pool_from


def _no_toml(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(text: str) -> dict:
        raise AssertionError("the TOML parser ran: the cache was not read")

    monkeypatch.setattr(loader.tomllib, "loads", refuse)


def _files(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    return folder


def test_the_second_load_reads_the_cache_and_gives_the_same_pool(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    plain = load_pool_from(DATA_DIR.glob("*.toml"))
    first = load_pool_from(DATA_DIR.glob("*.toml"), cache)
    [kept] = cache.iterdir()
    assert kept.name == f"cards-{plain.version}.json"
    _no_toml(monkeypatch)
    again = load_pool_from(DATA_DIR.glob("*.toml"), cache)
    for pool in (first, again):
        assert pool.version == plain.version
        assert pool.cards == plain.cards and pool.forces == plain.forces
        assert [c.file for c in pool.cards.values()] == [c.file for c in plain.cards.values()]
        assert repr(pool.cards) == repr(plain.cards)


def test_a_changed_card_file_is_read_again_and_the_old_cache_removed(tmp_path, monkeypatch):
    data, cache = _files(tmp_path), tmp_path / "cache"
    before = load_pool_from(data.glob("*.toml"), cache)
    path = next(iter(sorted(data.glob("*.toml"))))
    text = path.read_text("utf-8")
    path.write_text(text.replace('name = "', 'name = "Changed ', 1), "utf-8")
    after = load_pool_from(data.glob("*.toml"), cache)
    assert after.version != before.version
    assert any(c.name.startswith("Changed ") for c in after.cards.values())
    assert [p.name for p in cache.iterdir()] == [f"cards-{after.version}.json"]
    (data / "extra.toml").write_text(MINION, "utf-8")  # a file added: another version too
    assert "t_minion" in load_pool_from(data.glob("*.toml"), cache).cards


@pytest.mark.parametrize(
    "damage",
    [
        b"",
        b"{not json",
        b'{"format": 99}',
        b"[1, 2]",
        b"\xff\xfe",
    ],
)
def test_a_damaged_cache_is_passed_over_and_written_again(tmp_path, damage):
    cache = tmp_path / "cache"
    pool = load_pool_from(DATA_DIR.glob("*.toml"), cache)
    path = pool_cache.cache_path(cache, pool.version)
    path.write_bytes(damage)
    again = load_pool_from(DATA_DIR.glob("*.toml"), cache)
    assert again.cards == pool.cards
    assert json.loads(path.read_text("utf-8"))["version"] == pool.version


def test_a_cache_of_other_files_is_not_read(tmp_path):
    """The kept documents must be of the same files by name, in order, and as many."""
    cache = tmp_path / "cache"
    pool = load_pool_from(DATA_DIR.glob("*.toml"), cache)
    path = pool_cache.cache_path(cache, pool.version)
    data = json.loads(path.read_text("utf-8"))
    data["docs"] = data["docs"][:1]
    path.write_text(json.dumps(data), "utf-8")
    assert pool_cache.read(cache, pool.version, data["files"]) is None
    assert load_pool_from(DATA_DIR.glob("*.toml"), cache).cards == pool.cards


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only folder")
def test_a_cache_folder_that_cannot_be_written_changes_nothing(tmp_path):
    cache = tmp_path / "cache"
    cache.mkdir()
    cache.chmod(0o500)
    try:
        assert load_pool_from(DATA_DIR.glob("*.toml"), cache).cards == load_pool().cards
        assert list(cache.iterdir()) == []
    finally:
        cache.chmod(0o700)


def test_a_cache_path_that_is_a_file_changes_nothing(tmp_path):
    blocker = tmp_path / "cache"
    blocker.write_text("not a folder", "utf-8")
    assert load_pool_from(DATA_DIR.glob("*.toml"), blocker).cards == load_pool().cards
    assert blocker.read_text("utf-8") == "not a folder"


def test_a_pool_with_an_error_is_not_kept(tmp_path):
    cache = tmp_path / "cache"
    bad = tmp_path / "bad.toml"
    bad.write_text(MINION.replace("bp = 300", "bp = -5"), "utf-8")
    with pytest.raises(CardDataError):
        load_pool_from([bad], cache)
    assert not cache.exists()
    bad.write_text("[[card]\n", "utf-8")
    with pytest.raises(CardDataError, match="not valid TOML"):
        load_pool_from([bad], cache)
    assert not cache.exists()


def test_the_kept_documents_are_what_toml_made_of_the_files(tmp_path):
    cache = tmp_path / "cache"
    pool = load_pool_from(DATA_DIR.glob("*.toml"), cache)
    kept = json.loads(pool_cache.cache_path(cache, pool.version).read_text("utf-8"))
    paths = sorted(DATA_DIR.glob("*.toml"))
    assert kept["files"] == [p.name for p in paths]
    assert kept["docs"] == [tomllib.loads(p.read_text("utf-8")) for p in paths]


def test_the_shipped_pool_is_kept_in_the_cache_folder_named_by_the_environment(
    tmp_path, monkeypatch
):
    monkeypatch.setenv(pool_cache.CACHE_ENV, str(tmp_path / "mine"))
    assert pool_cache.cache_dir() == tmp_path / "mine"
    pool = load_pool.__wrapped__()  # (not the process's pool, which others hold)
    assert (tmp_path / "mine" / f"cards-{pool.version}.json").is_file()
    monkeypatch.delenv(pool_cache.CACHE_ENV)
    assert pool_cache.cache_dir() == platformdirs.user_cache_path("zenonzard-tui")


def test_the_tests_never_use_the_users_cache_folder():
    """tests/conftest.py names a folder of the session's own."""
    assert Path(os.environ[pool_cache.CACHE_ENV]) != platformdirs.user_cache_path("zenonzard-tui")
