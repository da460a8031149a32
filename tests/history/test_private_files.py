"""Your games are yours: under any umask the data and cache folders are 0700 and every file
the program keeps for itself is 0600; an export takes the umask's mode, never wider than 0644."""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.history import History, SavedGame
from wordle_tui.history.store import Journal
from wordle_tui.paths import cache_dir, data_dir
from wordle_tui.settings import Settings
from wordle_tui.solver.cache import cache_path, write_json
from wordle_tui.solver.listsets import add_set, shipped_set


@contextlib.contextmanager
def umask(mask: int) -> Iterator[None]:
    old = os.umask(mask)
    try:
        yield
    finally:
        os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def saved(started: str) -> SavedGame:
    return SavedGame("wordle", "normal", "hello", [("hello", "GGGGG")], started)


def test_everything_the_program_keeps_is_private_under_a_permissive_umask(home, tmp_path):
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(shipped_set("nyt").answers[:40]) + "\n")
    with umask(0):
        history = History()
        history.record(saved("2026-11-22T10:00:00"), "won", 1)
        history.close()
        Journal(home / "history-pending.jsonl").append([{"uid": "x"}])
        settings = Settings.load()
        settings.take("theme", "textual-light")
        assert settings.save() is None
        write_json(cache_path("x.json"), {"x": 1})
        add_set("mine", answers)
    folders = [p for p in home.rglob("*") if p.is_dir()] + [home]
    files = [p for p in home.rglob("*") if p.is_file()]
    assert {p.name for p in files} >= {
        "history.sqlite3",
        "history-pending.jsonl",
        "settings.json",
        "x.json",
        "x.json.mac",
        "cache.key",
        "answers.txt",
    }
    assert {str(p): oct(mode(p)) for p in folders if mode(p) != 0o700} == {}
    assert {str(p): oct(mode(p)) for p in files if mode(p) != 0o600} == {}


def test_folders_and_history_an_older_version_left_open_are_made_private(home):
    (home / "cache").mkdir(parents=True, mode=0o755)
    (home / "cache").chmod(0o755)
    with umask(0o022):
        History().close()
    (home / "history.sqlite3").chmod(0o644)
    history = History()
    history.close()
    assert mode(home / "history.sqlite3") == 0o600
    assert mode(cache_dir()) == 0o700
    assert data_dir() == home  # a folder the user named keeps the mode they gave it


@pytest.mark.parametrize(("mask", "expected"), [(0, 0o644), (0o022, 0o644), (0o077, 0o600)])
def test_an_export_takes_the_umask_but_never_wider_than_0644(home, tmp_path, mask, expected):
    History().close()
    out = tmp_path / "games.csv"
    with umask(mask):
        result = CliRunner().invoke(cli, ["history", "export", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert mode(out) == expected


def test_a_served_app_never_reads_the_caches_key_for_a_player(home, monkeypatch):
    from wordle_tui.errors import OutsideDataFolder
    from wordle_tui.paths import SERVED_VARIABLE, named_file

    write_json(cache_path("x.json"), {"x": 1})  # the key exists
    monkeypatch.setenv(SERVED_VARIABLE, "1")
    for name in ("cache.key", "lists/../cache.key", str(home / "cache.key")):
        with pytest.raises(OutsideDataFolder, match="key file"):
            named_file(name, "answers file")
    assert named_file("lists/mine/answers.txt") == home / "lists" / "mine" / "answers.txt"


def test_the_platforms_folders_an_older_version_left_open_are_narrowed(tmp_path, monkeypatch):
    from wordle_tui.paths import HOME_VARIABLE

    monkeypatch.delenv(HOME_VARIABLE, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    for folder in (tmp_path / "data" / "wordle-tui", tmp_path / "cache" / "wordle-tui"):
        folder.mkdir(parents=True)
        folder.chmod(0o755)
    (tmp_path / "data").chmod(0o755)
    assert data_dir() == tmp_path / "data" / "wordle-tui"
    assert cache_dir() == tmp_path / "cache" / "wordle-tui"
    assert mode(data_dir()) == mode(cache_dir()) == 0o700
    assert mode(tmp_path / "data") == 0o755  # the folder above is not the app's
