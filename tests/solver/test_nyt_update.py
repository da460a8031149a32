"""The NYT record keeps itself current: sources kept, `nyt update` against a local server that
plays the NYT (its failures too), answers from won games, and how far behind a puzzle it is."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordle_tui.cli import app
from wordle_tui.solver.listsets import load_set, make_set
from wordle_tui.solver.nyt.history import (
    NytHistoryError,
    date_of,
    load_history,
    record_answer,
    staleness,
    user_file,
)
from wordle_tui.solver.nyt.update import MAX_DAY_BYTES, update_record

runner = CliRunner()
LAST_SHIPPED = 1699
WORDS = ["crane", "slate", "stout", "tread", "pious", "glyph", "mound", "fjord"]


def run(*args: str):
    return runner.invoke(app, list(args))


def today_after(number: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Freeze the local date: puzzle `number` is today's."""
    monkeypatch.setenv("WORDLE_TUI_TODAY", date_of(number).isoformat())


def nyt_day(number: int, word: str) -> dict:
    return {
        "id": 1000 + number,
        "solution": word,
        "print_date": date_of(number).isoformat(),
        "days_since_launch": number,
        "editor": "Tracy Bennett",
    }


class FakeNyt:
    """What the local server answers for each date: a JSON document, or a misbehaviour."""

    def __init__(self) -> None:
        self.days: dict[str, object] = {}
        self.asked: list[str] = []
        self.on_ask = None  # called with the date asked, before answering

    def serve(self, number: int, word: str) -> None:
        self.days[date_of(number).isoformat()] = nyt_day(number, word)


class Handler(BaseHTTPRequestHandler):
    nyt: FakeNyt

    def do_GET(self) -> None:  # noqa: N802 - the standard library's name
        day = self.path.rsplit("/", 1)[-1].removesuffix(".json")
        self.nyt.asked.append(day)
        if self.nyt.on_ask is not None:
            self.nyt.on_ask(day)
        what = self.nyt.days.get(day)
        if what is None:
            self.send_error(404, "Not Found")
            return
        if what == "slow":
            time.sleep(2)
            body = b"{}"
        elif what == "drip":  # headers at once, then a byte every 0.1 s
            self.send_response(200)
            self.send_header("Content-Length", "40")
            self.end_headers()
            for _ in range(40):
                self.wfile.write(b" ")
                self.wfile.flush()
                time.sleep(0.1)
            return
        elif isinstance(what, bytes):
            body = what
        else:
            body = json.dumps(what).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def nyt():
    """A server on 127.0.0.1 that plays the NYT's per-day files; yields (FakeNyt, base URL)."""
    fake = FakeNyt()
    handler = type("Bound", (Handler,), {"nyt": fake})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.handle_error = lambda *args: None  # a client that gave up: nothing to say
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield fake, f"http://127.0.0.1:{server.server_address[1]}/svc/wordle/v2"
    server.shutdown()
    server.server_close()


# Sources, and old files


def test_old_three_column_files_load_as_file_and_show_their_source(home) -> None:
    user_file().parent.mkdir(parents=True)
    user_file().write_text(f"number\tdate\tword\n1700\t{date_of(1700)}\tcrane\n")
    history = load_history()
    assert [(p.word, p.source) for p in history.puzzles[-2:]] == [
        ("surge", "shipped"),
        ("crane", "file"),
    ]
    shown = json.loads(run("nyt", "history", "show", "--last", "2", "--json").stdout)
    assert [p["source"] for p in shown["puzzles"]] == ["shipped", "file"]
    table = run("nyt", "history", "show", "--last", "2").stdout
    assert "source" in table and "shipped" in table and "file" in table


def test_a_bad_source_column_is_named(home) -> None:
    user_file().parent.mkdir(parents=True)
    user_file().write_text(f"1700\t{date_of(1700)}\tcrane\tguess\n")
    with pytest.raises(NytHistoryError, match="line 1: 'guess' is not a source"):
        load_history()


# Won games


def test_a_won_game_is_recorded_once_and_a_contradiction_is_refused(home, monkeypatch) -> None:
    today_after(1850, monkeypatch)
    assert record_answer(1850, "STOUT") is True
    assert record_answer(1850, "stout") is False
    with pytest.raises(NytHistoryError) as refused:
        record_answer(1850, "shout")
    assert str(refused.value) == "puzzle #1,850 is STOUT in your record, not SHOUT"
    with pytest.raises(NytHistoryError, match="not out yet"):
        record_answer(1852, "crane")
    with pytest.raises(NytHistoryError, match="is CIGAR in your record, not CRANE"):
        record_answer(0, "crane")
    assert load_history().word_of(1850) == "stout"
    assert "1850\t2026-07-13\tstout\tgame" in user_file().read_text()


def few_lists(monkeypatch: pytest.MonkeyPatch) -> None:
    """The lists taken by default made small: every eighth NYT answer and sixteenth allowed
    word, and the words played here (the NYT's take seconds of CPU a review)."""
    from wordle_tui.cli import common

    nyt = load_set("nyt")
    answers = sorted({*nyt.answers[::8], "crane", "stout", "shout", "tread"})
    few = make_set("few", answers, sorted({*nyt.guesses[::16], *answers}), "test", "test")
    monkeypatch.setattr(common, "default_set", lambda: few)


def test_suggest_records_an_all_green_last_row_and_refuses_a_contradiction(home, monkeypatch):
    today_after(1850, monkeypatch)
    few_lists(monkeypatch)
    nyt = ("--prior", "nyt")  # as on the NYT's lists
    won = run("suggest", "crane:.....", "stout:GGGGG", "--puzzle", "1850", "--json", *nyt)
    assert won.exit_code == 0, won.output
    assert load_history().puzzles[-1].source == "game"
    assert load_history().word_of(1850) == "stout"
    wrong = run("suggest", "shout:GGGGG", "--puzzle", "1,850", *nyt)
    assert wrong.exit_code == 2
    assert "puzzle #1,850 is STOUT in your record, not SHOUT" in wrong.output
    unnumbered = run("suggest", "tread:GGGGG", *nyt)  # today's, not named: not recorded
    assert unnumbered.exit_code == 0 and load_history().word_of(1850) == "stout"


def test_review_of_a_won_share_records_its_answer(home, monkeypatch, tmp_path) -> None:
    today_after(1851, monkeypatch)
    few_lists(monkeypatch)
    nyt = ("--prior", "nyt")  # as on the NYT's lists
    share = tmp_path / "share.txt"
    share.write_text("Wordle 1,850 2/6\n\n⬛⬛⬛⬛⬛\n🟩🟩🟩🟩🟩\n")
    result = run("review", "--share", str(share), "crane", "stout", "--budget", "0", "--json", *nyt)
    assert result.exit_code == 0, result.output
    assert load_history().word_of(1850) == "stout"
    share.write_text("Wordle 1,900 2/6\n\n⬛⬛⬛⬛⬛\n🟩🟩🟩🟩🟩\n")  # not out yet: said, not kept
    later = run("review", "--share", str(share), "crane", "stout", "--budget", "0", "--json", *nyt)
    assert later.exit_code == 0, later.output
    assert "Not kept in your record: Wordle 1,900 is not out yet" in later.stderr
    assert load_history().word_of(1900) is None
    data = json.loads(result.stdout)  # the chances came from a record 150 puzzles short
    assert (data["record_last"], data["record_behind"]) == (1699, 150)
    assert "the record ends at #1,699 and lacks the 150 puzzles before" in result.stderr
    share.write_text("Wordle 1,850 2/6\n\n⬛⬛⬛⬛⬛\n🟩🟩🟩🟩🟩\n")
    wrong = run("review", "--share", str(share), "crane", "shout", "--budget", "0", *nyt)
    assert wrong.exit_code == 2 and "STOUT" in wrong.output


# Staleness


def test_staleness_counts_the_puzzles_the_record_lacks_before_a_puzzle(home, monkeypatch):
    today_after(1987, monkeypatch)
    far = staleness(1987)
    assert (far.last, far.behind) == (1699, 287)
    assert far.line == (
        "the record ends at #1,699 and lacks the 287 puzzles before this one: "
        "`wordle-tui nyt update`"
    )
    assert staleness(1700).behind == 0 and staleness(1700).line == ""
    record_answer(1900, "stout")  # a gap stays a gap: the record still ends at #1,699
    assert staleness(1987).as_dict() == {"record_last": 1699, "record_behind": 287}


def test_suggest_says_when_the_record_is_behind(home, monkeypatch) -> None:
    today_after(1987, monkeypatch)
    named = run("suggest", "crane:.....", "--puzzle", "1987", "--json", "--top", "1")
    assert named.exit_code == 0, named.output
    assert "the record ends at #1,699 and lacks the 287 puzzles before" in named.stderr
    data = json.loads(named.stdout)
    assert (data["record_last"], data["record_behind"]) == (1699, 287)
    today = run("suggest", "crane:.....", "--top", "1")  # the NYT prior, today's puzzle
    assert "lacks the 287 puzzles before this one" in today.stderr
    uniform = run("suggest", "crane:.....", "--prior", "uniform", "--top", "1")
    assert "the record ends" not in uniform.stderr
    current = run("suggest", "crane:.....", "--puzzle", "1700", "--top", "1")
    assert "the record ends" not in current.stderr


# nyt update


def test_update_fetches_up_to_yesterday_and_checks_every_day(home, monkeypatch, nyt) -> None:
    fake, base = nyt
    today_after(1710, monkeypatch)  # yesterday: #1709
    for n, word in zip(range(1700, 1711), WORDS + ["sound", "proud", "today"], strict=True):
        fake.serve(n, word)
    fake.days[date_of(1701).isoformat()] = None  # 404
    fake.days[date_of(1702).isoformat()] = b"\x00\xff<html>garbage"
    fake.days[date_of(1703).isoformat()] = "slow"
    fake.days[date_of(1704).isoformat()] = nyt_day(1705, "stout")  # another day's file
    fake.days[date_of(1705).isoformat()] = b'{"solution": "' + b"x" * MAX_DAY_BYTES + b'"}'
    fake.days[date_of(1706).isoformat()] = {**nyt_day(1706, "qzzzx")}
    fake.days[date_of(1707).isoformat()] = [1, 2]
    result = run("nyt", "update", "--source", base, "--timeout", "0.5", "--json")
    assert result.exit_code == 0, result.output
    assert date_of(1710).isoformat() not in fake.asked  # today's is never asked for
    data = json.loads(result.stdout)
    assert data["added"] == 3 and data["last"] == 1709 and not data["interrupted"]
    reasons = {f["number"]: f["reason"] for f in data["failed"]}
    assert reasons[1701] == "404 Not Found"
    assert reasons[1702] == "not JSON"
    assert reasons[1703] == "timed out"
    assert reasons[1704].startswith("print_date is '2026-02-18', not 2026-02-17")
    assert reasons[1705] == "more than 64 KiB"
    assert reasons[1706] == "QZZZX is not among the NYT's allowed guesses"
    assert reasons[1707] == "not a JSON object"
    assert "could not fetch 7 days (#1,701 404 Not Found, #1,702 not JSON" in result.stderr
    history = load_history()
    assert [(p.number, p.word, p.source) for p in history.puzzles[-3:]] == [
        (1700, "crane", "nyt"),
        (1708, "sound", "nyt"),
        (1709, "proud", "nyt"),
    ]
    again = run("nyt", "update", "--source", base + "/{date}.json", "--timeout", "0.5")
    assert "Added 0 puzzles" in again.stdout  # only the days still missing are asked for
    assert fake.asked.count(date_of(1700).isoformat()) == 1


def test_update_checks_the_puzzle_number_and_a_dripping_reply(home, monkeypatch, nyt) -> None:
    fake, base = nyt
    today_after(1702, monkeypatch)
    fake.days[date_of(1700).isoformat()] = {**nyt_day(1700, "crane"), "days_since_launch": 1699}
    fake.days[date_of(1701).isoformat()] = "drip"  # each byte in time, the whole too slow
    found = update_record(base, timeout=1.0)
    assert found.added == 0 and load_history().last == LAST_SHIPPED
    assert dict(found.failed) == {
        1700: "days_since_launch is '1699', not 1700",
        1701: "timed out after 1 s",
    }


def test_update_refuses_what_contradicts_the_record(home, monkeypatch, nyt) -> None:
    fake, base = nyt
    today_after(1703, monkeypatch)
    for n, word in zip(range(1700, 1703), ["crane", "slate", "stout"], strict=True):
        fake.serve(n, word)

    def won_meanwhile(day: str) -> None:  # the user wins #1702 as SHOUT during the update
        if day == date_of(1700).isoformat():
            record_answer(1702, "shout")

    fake.on_ask = won_meanwhile
    result = run("nyt", "update", "--source", base)
    assert result.exit_code == 0, result.output
    assert "#1,702 puzzle #1,702 is SHOUT in your record, not STOUT" in result.stderr
    history = load_history()
    assert [history.word_of(n) for n in (1700, 1701, 1702)] == ["crane", "slate", "shout"]


def test_ctrl_c_keeps_the_days_checked_and_says_so(home, monkeypatch, nyt) -> None:
    from wordle_tui.solver.nyt import update

    fake, base = nyt
    today_after(1706, monkeypatch)
    for n, word in zip(range(1700, 1706), WORDS[:6], strict=True):
        fake.serve(n, word)
    real = update.parse_day

    def parse(data: bytes, number: int):
        if number == 1703:
            raise KeyboardInterrupt  # Ctrl-C while the 4th day is read
        return real(data, number)

    monkeypatch.setattr(update, "parse_day", parse)
    result = run("nyt", "update", "--source", base)
    assert result.exit_code == 130
    assert "Interrupted: the days fetched and checked before Ctrl-C are kept." in result.stderr
    assert "Added 3 puzzles" in result.stdout
    assert load_history().last == 1702
    assert date_of(1704).isoformat() not in fake.asked


def test_update_offline_says_so_and_keeps_nothing(home, monkeypatch) -> None:
    today_after(1702, monkeypatch)
    result = run("nyt", "update", "--source", "http://127.0.0.1:9/", "--timeout", "1")
    assert result.exit_code == 2
    assert "could not fetch 2 days (#1,700 to #1,701 unreachable (" in result.stderr
    assert not user_file().exists()
    today_after(1720, monkeypatch)  # 20 days: five in a row with no reply stop the run
    quiet = run("nyt", "update", "--source", "http://127.0.0.1:9/", "--json")
    assert quiet.exit_code == 2
    data = json.loads(quiet.stdout)
    assert (len(data["failed"]), data["left"], data["gave_up"]) == (5, 15, True)
    assert "no reply for 5 days in a row: stopped; 15 more days to fetch" in quiet.stderr
    bad = run("nyt", "update", "--source", "file:///etc/passwd")
    assert bad.exit_code == 2 and "is not an http:// or https:// URL" in bad.output


def test_update_on_a_current_record_fetches_nothing(home, monkeypatch, nyt) -> None:
    fake, base = nyt
    today_after(1700, monkeypatch)  # yesterday was #1699, the shipped record's last
    result = run("nyt", "update", "--source", base)
    assert result.exit_code == 0 and "Added 0 puzzles" in result.stdout and fake.asked == []


def test_a_bad_today_variable_is_one_line(home, monkeypatch) -> None:
    monkeypatch.setenv("WORDLE_TUI_TODAY", "tomorrow")
    result = run("nyt", "update")
    assert result.exit_code == 2 and "WORDLE_TUI_TODAY='tomorrow' is not a date" in result.output


def test_history_add_marks_its_puzzles_as_from_a_file(home, tmp_path: Path) -> None:
    path = tmp_path / "later.tsv"
    path.write_text(f"1700\t{date_of(1700)}\tcrane\tnyt\n")
    assert run("nyt", "history", "add", str(path)).exit_code == 0
    assert load_history().puzzles[-1].source == "file"
