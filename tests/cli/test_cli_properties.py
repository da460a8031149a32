"""Whatever the input, the command line ends with exit code 0 or 2, and never a traceback.

Random bytes as a word-list file for `report` and `suggest`, and random text as `suggest` rows.
The guess list is small, so the reply tables are tiny and each example is quick.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from wordle_tui.cli import app

runner = CliRunner()
WORDS = Path(__file__).parents[2].joinpath("wordlists", "wordle-answers.txt").read_text().split()
GUESSES = WORDS[:60]
FAST = settings(
    max_examples=50,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# Bytes that are sometimes a word list: real words, junk, BOMs, blank lines, bad UTF-8.
word_lines = st.lists(
    st.one_of(
        st.sampled_from(GUESSES),
        st.text(alphabet="abcdeXYZ 0#\t\ufeffé", max_size=7),
    ),
    max_size=12,
).map(lambda lines: "\n".join(lines).encode())
list_bytes = st.one_of(st.binary(max_size=200), word_lines)


def colours(guess: str, answer: str) -> str:
    """Wordle's reply to `guess` when the answer is `answer`, as G, Y and dots."""
    marks = ["G" if g == a else "." for g, a in zip(guess, answer, strict=True)]
    spare = [a for g, a in zip(guess, answer, strict=True) if g != a]
    for i, g in enumerate(guess):
        if marks[i] == "." and g in spare:
            marks[i] = "Y"
            spare.remove(g)
    return "".join(marks)


# Rows that are sometimes rows: a real game's rows, or word:pattern with bad words and patterns.
pattern = st.text(alphabet=".YG012yg-x", min_size=0, max_size=7)
row = st.one_of(
    st.builds(lambda w, p: f"{w}:{p}", st.sampled_from(GUESSES), pattern),
    st.text(max_size=14).filter(lambda t: "\x00" not in t),
)
real_game = st.builds(
    lambda answer, guesses: [f"{g}:{colours(g, answer)}" for g in guesses],
    st.sampled_from(GUESSES),
    st.lists(st.sampled_from(GUESSES), max_size=7),
)
rows_played = st.one_of(real_game, st.lists(row, max_size=7))


@pytest.fixture(scope="module")
def folder():
    with tempfile.TemporaryDirectory() as name:
        path = Path(name)
        (path / "guesses.txt").write_text("\n".join(GUESSES) + "\n")
        yield path


def outcome_is_clean(result) -> None:
    assert result.exit_code in (0, 2), (result.exit_code, result.output)
    assert "Traceback" not in result.output
    if result.exit_code == 2:
        assert result.stderr.strip(), "an error with no message"


@FAST
@given(data=list_bytes, command=st.sampled_from(["report", "suggest"]))
def test_any_bytes_as_a_word_list(folder: Path, monkeypatch, data: bytes, command: str) -> None:
    monkeypatch.setenv("WORDLE_TUI_HOME", str(folder / "home"))
    answers = folder / "answers.txt"
    answers.write_bytes(data)
    args = [command, "--answers", str(answers), "--guess-list", str(folder / "guesses.txt")]
    if command == "report":
        args += ["--metric", "max"]
    outcome_is_clean(runner.invoke(app, args))


@FAST
@given(rows=rows_played, json=st.booleans())
def test_any_text_as_suggest_rows(folder: Path, monkeypatch, rows: list[str], json: bool) -> None:
    monkeypatch.setenv("WORDLE_TUI_HOME", str(folder / "home"))
    small = ["--answers", str(folder / "guesses.txt"), "--guess-list", str(folder / "guesses.txt")]
    args = ["suggest", *small, *(["--json"] if json else []), "--", *rows]
    outcome_is_clean(runner.invoke(app, args))
