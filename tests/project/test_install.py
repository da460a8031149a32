"""The wheel installs and works on its own: built once with `python -m build`, installed into a
fresh virtual environment, and run from outside the source tree.

The word lists and the optimal trees travel inside the wheel; nothing is downloaded at run time.
The fresh environment gets the wheel alone (`--no-deps`) and reaches the dependencies through a
`.pth` line naming the test run's own site-packages, where they are already installed: pip
unpacking NumPy, Numba and Textual again took half a minute of CPU a run. `pip check` then says
whether the wheel's declared requirements are met there, and `.ci/run` installs the project
with its dependencies into a fresh environment anyway, as the README's quickstart does.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APP_START = """
import asyncio
from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.ui.app import WordleTuiApp

async def main():
    app = WordleTuiApp(GameRequest("wordle", target="crane"))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press(*"slate", "enter")
        await pilot.pause(0.3)
        print(type(app.screen).__name__, len(app.screen.game.rows))
    app.close_history()

asyncio.run(main())
"""


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel `python -m build` makes of this checkout (built once per test run)."""
    out = tmp_path_factory.mktemp("dist")
    build = [sys.executable, "-m", "build", "--wheel", "--outdir", str(out), str(ROOT)]
    result = subprocess.run(build, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    [built] = out.glob("wordle_tui-*.whl")
    return built


@pytest.fixture(scope="session")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the wheel, its dependencies reached through a `.pth`
    line (see the module); its bin folder."""
    folder = tmp_path_factory.mktemp("venv")
    venv.create(folder, with_pip=False)  # this pip installs into it: no ensurepip to wait for
    bin_dir = folder / "bin"
    python = bin_dir / "python"
    ask = [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]
    site = Path(subprocess.run(ask, capture_output=True, text=True, check=True).stdout.strip())
    pip = [sys.executable, "-m", "pip", "--python", str(python)]
    install = [*pip, "install", "-q", "--no-compile", "--no-deps", str(wheel)]
    result = subprocess.run(install, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    # only now (pip would take wordle-tui as installed there): the dependencies, by a path
    # line, not a site folder, so that an editable install's own .pth is not read from there
    ours = [Path(p) for p in sys.path if p.endswith("site-packages") and Path(p).is_dir()]
    (site / "dependencies.pth").write_text("\n".join(map(str, ours)) + "\n")
    check = subprocess.run([*pip, "check"], capture_output=True, text=True, timeout=300)
    mine = [line for line in check.stdout.splitlines() if line.startswith("wordle-tui ")]
    assert not mine, mine  # the wheel's declared requirements are all there
    return bin_dir


def run_installed(bin_dir: Path, home: Path, *args: str) -> subprocess.CompletedProcess:
    """Run a program of the fresh environment outside the source tree, on an empty data folder."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env |= {"WORDLE_TUI_HOME": str(home), "PATH": f"{bin_dir}{os.pathsep}{env['PATH']}"}
    return subprocess.run(
        args, cwd=home.parent, env=env, capture_output=True, text=True, timeout=300
    )


def test_the_wheel_carries_the_word_lists_and_trees(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = [*(ROOT / "wordlists").iterdir(), *(ROOT / "wordle_tui" / "trees").iterdir()]
    assert shipped
    for path in shipped:
        if path.is_file():
            assert f"wordle_tui/{path.parent.name}/{path.name}" in names, path.name
    assert "wordle_tui/cli/serve/page.html" in names  # the served page, with no font from afar
    helps = list((ROOT / "wordle_tui" / "gameplay" / "help").glob("*.md"))  # F1's help texts
    assert helps
    assert {f"wordle_tui/gameplay/help/{path.name}" for path in helps} <= names
    assert not any(name.startswith(("tests/", "benchmarks/")) for name in names)


def test_the_installed_command_works_without_the_source_tree(
    installed: Path, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    where = "import wordle_tui; print(wordle_tui.__file__)"
    found = run_installed(installed, home, "python", "-c", where)
    assert found.returncode == 0 and not found.stdout.startswith(str(ROOT)), found.stdout

    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    shown = run_installed(installed, home, "wordle-tui", "--version")
    assert (shown.returncode, shown.stdout.strip()) == (0, f"wordle-tui {version}")

    suggest = run_installed(installed, home, "wordle-tui", "suggest", "salet:..Y.G", "--json")
    assert suggest.returncode == 0, suggest.stderr
    report = json.loads(suggest.stdout)
    assert report["candidates"] == len(report["candidate_words"]) > 0
    assert "light" in report["candidate_words"] and report["suggestions"]

    started = run_installed(installed, home, "python", "-c", APP_START)
    assert started.returncode == 0, started.stderr[-3000:]
    assert started.stdout.split() == ["WordleScreen", "1"]


# The version and shell completion, from the source tree

VERSION_CHECK = """
import os, sys
sys.argv = ["wordle-tui", "--version"]
end = os._exit
def ended(code):  # the program ends itself, with no interpreter shutdown: look just before
    print(sorted(m for m in ("textual", "numpy", "typer") if m in sys.modules), flush=True)
    end(code)
os._exit = ended
from wordle_tui.cli import main
main()
"""


def test_version_is_quick_and_loads_nothing_heavy() -> None:
    shown = subprocess.run(
        [sys.executable, "-c", VERSION_CHECK], capture_output=True, text=True, timeout=60
    )
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert shown.stdout.splitlines() == [f"wordle-tui {version}", "[]"], shown.stderr


def test_version_after_other_options_and_in_help(home: Path) -> None:
    from typer.testing import CliRunner

    from wordle_tui.cli import app

    runner = CliRunner()
    result = runner.invoke(app, ["--data-dir", str(home), "-V"])
    assert result.exit_code == 0 and result.output.startswith("wordle-tui ")
    shown = runner.invoke(app, ["--help"]).output
    for option in ("--version", "--install-completion", "--show-completion"):
        assert option in shown


def test_shell_completion_completes_commands_and_options(home: Path) -> None:
    def complete(*words: str) -> list[str]:
        env = {**os.environ, "_WORDLE_TUI_COMPLETE": "complete_bash"}
        env |= {"COMP_WORDS": " ".join(["wordle-tui", *words]), "COMP_CWORD": str(len(words))}
        script = "import sys; sys.argv[0] = 'wordle-tui'; from wordle_tui.cli import main; main()"
        done = subprocess.run(
            [sys.executable, "-c", script],
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=60,
        )
        return done.stdout.split()

    assert complete("se") == ["serve"]
    assert {"--host", "--port", "--lists", "--max-sessions"} <= set(complete("serve", "--"))
