"""`nyt update`: the days missing from the record, fetched from the NYT's public per-day file
(`https://www.nytimes.com/svc/wordle/v2/YYYY-MM-DD.json`) and checked like a typed file.

Only days up to yesterday (by the local date) are asked for: today's answer is never fetched.
Each reply is read up to `MAX_DAY_BYTES` within the timeout, must be a JSON object whose
`print_date` is the day asked, whose `days_since_launch` is that day's puzzle number and whose
`solution` is one of the NYT's allowed guesses. Nothing is fetched unless the user asks.

The standard library's `urllib.request` does the fetching: a few hundred small GETs, one at a
time, need no HTTP library, and a new dependency would weigh on every install for one command.
"""

from __future__ import annotations

import datetime as dt
import json
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field

from ...errors import WordleTuiError
from .history import (
    AnswerHistory,
    NytHistoryError,
    Puzzle,
    allowed_words,
    check_answer,
    date_of,
    keep_puzzles,
    load_history,
    todays_number,
)

NYT_URL = "https://www.nytimes.com/svc/wordle/v2/{date}.json"
MAX_DAY_BYTES = 64 * 1024  # the NYT's file is about 200 bytes
MAX_DAYS = 1000  # fetched in one run, about three years: the rest waits for the next run
TIMEOUT = 10.0  # seconds for one day's file, from asking to the last byte
CHUNK = 8192
AGENT = "wordle-tui (nyt update)"
GIVE_UP = 5  # days in a row unreachable or timed out: offline, the rest are not tried


class DayProblem(WordleTuiError):
    """One day's file could not be fetched or is not sound; the message says why."""

    def __init__(self, message: str, network: bool = False) -> None:
        super().__init__(message)
        self.network = network  # no reply at all (offline, refused, timed out)


@dataclass
class Update:
    """What a run fetched: the checked puzzles, the days that failed (number, why), the days
    left for another run, and whether Ctrl-C stopped it."""

    checked: list[Puzzle] = field(default_factory=list)
    failed: list[tuple[int, str]] = field(default_factory=list)
    left: int = 0
    interrupted: bool = False
    gave_up: bool = False  # GIVE_UP days in a row had no reply: the rest were not tried
    added: int = 0

    def failures(self, shown: int = 5) -> str:
        """One line naming the days that could not be had ('' if none), days in a row that
        failed alike as one range."""
        if not self.failed:
            return ""
        runs: list[list[int | str]] = []  # [first, last, why]
        for n, why in sorted(self.failed):
            if runs and runs[-1][1] == n - 1 and runs[-1][2] == why:
                runs[-1][1] = n
            else:
                runs.append([n, n, why])
        named = ", ".join(
            (f"#{a:,} {why}" if a == b else f"#{a:,} to #{b:,} {why}") for a, b, why in runs[:shown]
        )
        more = f", and {len(runs) - shown:,} more" if len(runs) > shown else ""
        days = "day" if len(self.failed) == 1 else "days"
        return f"could not fetch {len(self.failed):,} {days} ({named}{more})"


def url_for(source: str, day: dt.date) -> str:
    """The URL of `day`'s file: `{date}` in `source` replaced, else `source/YYYY-MM-DD.json`."""
    if "{date}" in source:
        return source.replace("{date}", day.isoformat())
    return f"{source.rstrip('/')}/{day.isoformat()}.json"


def check_source(source: str) -> str:
    """The --source given, if it is an http(s) URL; raise NytHistoryError otherwise."""
    if not source.lower().startswith(("http://", "https://")):
        raise NytHistoryError(f"--source {source[:60]!r} is not an http:// or https:// URL")
    return source


def days_to_fetch(history: AnswerHistory, today: dt.date | None = None) -> list[int]:
    """The puzzles up to yesterday's that the record lacks, oldest first."""
    return history.missing(todays_number(today) - 1)


def fetch_body(url: str, timeout: float) -> bytes:
    """The body at `url`, at most MAX_DAY_BYTES, all within `timeout` seconds."""
    request = urllib.request.Request(url, headers={"User-Agent": AGENT})
    deadline = time.monotonic() + timeout
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:  # noqa: S310 - http(s) only
            data = b""
            read = getattr(response, "read1", response.read)  # what has come, not a full chunk
            while chunk := read(CHUNK):
                data += chunk
                if len(data) > MAX_DAY_BYTES:
                    raise DayProblem(f"more than {MAX_DAY_BYTES // 1024} KiB")
                if time.monotonic() > deadline:
                    raise DayProblem(f"timed out after {timeout:g} s", network=True)
            return data
    except urllib.error.HTTPError as error:
        raise DayProblem(f"{error.code} {error.reason}") from None
    except urllib.error.URLError as error:
        raise DayProblem(_why(error.reason), network=True) from None
    except (TimeoutError, OSError) as error:
        raise DayProblem(_why(error), network=True) from None


def _why(reason: object) -> str:
    if isinstance(reason, TimeoutError) or "timed out" in str(reason):
        return "timed out"
    if isinstance(reason, OSError) and reason.strerror:
        return f"unreachable ({reason.strerror})"
    return f"unreachable ({str(reason)[:60]})"


def parse_day(data: bytes, number: int) -> Puzzle:
    """The puzzle in one day's file, checked; raise DayProblem saying what is wrong."""
    day = date_of(number)
    try:
        found = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise DayProblem("not JSON") from None
    if not isinstance(found, dict):
        raise DayProblem("not a JSON object")
    if found.get("print_date") != day.isoformat():
        raise DayProblem(f"print_date is {str(found.get('print_date'))[:20]!r}, not {day}")
    since = found.get("days_since_launch")
    if type(since) is not int or since != number:
        raise DayProblem(f"days_since_launch is {str(since)[:20]!r}, not {number}")
    word = found.get("solution")
    if not isinstance(word, str) or not (word.isascii() and word.isalpha() and len(word) == 5):
        raise DayProblem(f"solution {str(word)[:20]!r} is not a five-letter word")
    word = word.lower()
    if word not in allowed_words():
        raise DayProblem(f"{word.upper()} is not among the NYT's allowed guesses")
    return Puzzle(number, day, word, "nyt")


def fetch_days(
    numbers: list[int],
    source: str,
    timeout: float,
    step: Callable[[int, int], None] | None = None,
) -> Update:
    """Fetch and check each day in turn; Ctrl-C stops the run and keeps what was checked, and
    GIVE_UP days in a row with no reply stop it too (the days not tried are `left`)."""
    result = Update(left=max(0, len(numbers) - MAX_DAYS))
    todo = numbers[:MAX_DAYS]
    history = load_history()
    silent = 0  # days in a row with no reply
    try:
        for done, number in enumerate(todo):
            if step is not None:
                step(done, len(todo))
            if silent >= GIVE_UP:
                result.left += len(todo) - done
                result.gave_up = True
                break
            try:
                puzzle = parse_day(fetch_body(url_for(source, date_of(number)), timeout), number)
                check_answer(number, puzzle.word, history)
            except (DayProblem, NytHistoryError) as problem:
                result.failed.append((number, str(problem)))
                silent = silent + 1 if getattr(problem, "network", False) else 0
                continue
            silent = 0
            result.checked.append(puzzle)
    except KeyboardInterrupt:
        result.interrupted = True
    return result


def update_record(
    source: str = NYT_URL,
    timeout: float = TIMEOUT,
    step: Callable[[int, int], None] | None = None,
    today: dt.date | None = None,
) -> Update:
    """Fetch every day missing up to yesterday and keep the sound ones in one atomic write.

    A day the record came to contradict meanwhile (a game won in another window) is left out
    with the reason; Ctrl-C while fetching keeps the days already checked."""
    result = fetch_days(days_to_fetch(load_history(), today), check_source(source), timeout, step)
    result.added = _keep(result)
    return result


def _keep(result: Update) -> int:
    """Keep the checked days (one write); drop and name any the record now contradicts."""
    history = load_history()
    sound = []
    for p in result.checked:
        try:
            check_answer(p.number, p.word, history)
            sound.append(p)
        except NytHistoryError as problem:
            result.failed.append((p.number, str(problem)))
    result.checked = sound
    return keep_puzzles(sound, "the NYT") if sound else 0
