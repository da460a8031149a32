"""Share text from a file, stdin or a paste: read like every other file, never a crash or a hang.

A FIFO or a device is refused at once, a file or stdin bigger than share text can be is refused
without reading it all, a byte-order mark is allowed, and a puzzle number thousands of digits
long is a message, not Python's advice on integer conversion.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import pytest
from textual.worker import WorkerCancelled
from typer.testing import CliRunner

from wordle_tui.cli import app as cli
from wordle_tui.cli.suggest import MAX_SHARE_BYTES
from wordle_tui.gameplay.catalog import GameRequest
from wordle_tui.history import History
from wordle_tui.solver import reply_for
from wordle_tui.solver.assistant.share import ShareError, parse_share
from wordle_tui.ui.app import WordleTuiApp
from wordle_tui.ui.widgets import Note

runner = CliRunner()
WORDS = ("salet", "crony", "blast")
SQUARES = {"G": "🟩", "Y": "🟨", ".": "⬛"}
ROWS = "\n".join("".join(SQUARES[c] for c in reply_for(w, "blast")) for w in WORDS)
LONG = "Wordle " + "1" * 5000 + " 3/6\n\n" + ROWS


def test_a_byte_order_mark_before_the_header_is_allowed() -> None:
    game = parse_share("\ufeffWordle 9,234 3/6\n\n" + ROWS)
    assert game.number == 9234 and game.guesses == 3 and len(game.patterns) == 3


@pytest.mark.parametrize("digits", [10, 4301, 5000])
def test_a_puzzle_number_too_long_is_a_share_error(digits: int) -> None:
    with pytest.raises(ShareError, match="the puzzle number is too long"):
        parse_share("Wordle " + "1" * digits + " 3/6\n\n" + ROWS)


def review(*args: str, **kwargs) -> tuple[int, str]:
    result = runner.invoke(cli, ["review", *args, *WORDS], **kwargs)
    assert "Traceback" not in result.output
    return result.exit_code, result.stderr.strip()


def test_review_reads_a_share_file_with_a_byte_order_mark(home, tmp_path: Path) -> None:
    path = tmp_path / "share.txt"
    path.write_bytes("\ufeffWordle 9,234 3/6\r\n\r\n".encode() + ROWS.encode())
    code, _ = review("--share", str(path), "--lists", "classic")  # the quick lists: 1 s, not 11
    assert code == 0


def test_review_refuses_a_fifo_and_a_device_at_once(home, tmp_path: Path) -> None:
    fifo = tmp_path / "share.fifo"
    os.mkfifo(fifo)  # nobody writes to it: reading it would wait forever
    assert review("--share", str(fifo)) == (
        2,
        f"wordle-tui: error: --share {fifo}: is a named pipe (FIFO), not a regular file",
    )
    assert review("--share", "/dev/zero") == (
        2,
        "wordle-tui: error: --share /dev/zero: is a device, not a regular file",
    )


def test_review_refuses_a_file_or_stdin_too_big_for_share_text(home, tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    path.write_bytes(b"x" * (MAX_SHARE_BYTES + 1))
    code, said = review("--share", str(path))
    assert code == 2 and "too big for a share text file" in said
    code, said = review("--share", "-", input=b"\0" * (MAX_SHARE_BYTES * 3))
    assert code == 2 and said.endswith("more than 1 MiB on standard input is not share text")
    share = "\ufeffWordle 9,234 3/6\n\n" + ROWS
    code, _ = review("--share", "-", "--lists", "classic", input=share)
    assert code == 0


def test_review_of_a_five_thousand_digit_number_is_one_line(home, tmp_path: Path) -> None:
    path = tmp_path / "share.txt"
    path.write_text(LONG, encoding="utf-8")
    code, said = review("--share", str(path))
    assert code == 2 and "the puzzle number is too long" in said
    assert "set_int_max_str_digits" not in said and len(said.splitlines()) == 1


async def test_pasting_a_five_thousand_digit_number_into_the_app_is_a_message(
    tmp_path: Path,
) -> None:
    from textual.widgets import Input

    from wordle_tui.ui.assistant.widgets import PasteGameDialog

    app = WordleTuiApp(GameRequest("assistant"), history=History(tmp_path / "h.sqlite3"))
    async with app.run_test(size=(100, 40)) as pilot:
        with contextlib.suppress(WorkerCancelled):  # replaced by another: expected
            await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        await pilot.press("f5")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, PasteGameDialog)
        dialog.query_one("#paste-squares").text = LONG
        dialog.query_one(Input).value = " ".join(WORDS)
        await pilot.press("ctrl+s")
        with contextlib.suppress(WorkerCancelled):  # replaced by another: expected
            await app.workers.wait_for_complete()
        await pilot.pause()
        again = app.screen  # refused: the dialog again, with what was pasted, to be fixed
        assert isinstance(again, PasteGameDialog) and not app.crashed
        assert again.query_one("#paste-squares").text == LONG
        assert "the puzzle number is too long" in screen.query_one(Note).text
        assert "the puzzle number is too long" in str(again.query_one("#paste-error").render())
