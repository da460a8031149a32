"""Finished games in and out as CSV or JSON: the columns, the rows' compact form, the parsing.

One record a game, with the columns `FIELDS`: the game's id, its stored variant (`hard;lists=nyt`,
`normal;day=412`), its date (when it started, ISO 8601: `2024-06-01` or `2024-06-01T09:30:00`),
its answer, the guesses played, the rows and the result (won, lost or abandoned). The rows are
written compactly, each guess and its reply joined by a colon, rows apart by spaces:
`SALET:..Y.G ROUND:GGGGG` (G green, Y yellow, `.` grey; a Jotto reply is the count of shared
letters, `CRANE:2`). In JSON the rows are the same text. A CSV cell a spreadsheet would run
(`=`, `+`, `-`, `@` first) is written with a `'` in front and read back without it. Nothing here
checks a game against its rules (that needs the solver: `gameplay/records`); this module only
reads and writes the form.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass

FIELDS = ("game", "variant", "date", "answer", "guesses", "rows", "result")
REQUIRED = ("game", "date", "rows", "result")  # variant, answer and guesses may be left empty
FORMATS = ("csv", "json")
MAX_IMPORT_BYTES = 16 * 2**20  # some 100,000 games; more is not a history file
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "'")  # a cell a spreadsheet could run


class ExchangeError(ValueError):
    """A file (or one of its records) that cannot be read as games; the message says why."""


@dataclass(frozen=True)
class Record:
    """One game as read from a file: where it was (`line`, or the game's number in JSON) and
    its fields, as text (missing ones empty)."""

    where: str  # "line 7" or "game 3"
    fields: dict[str, str]


def rows_text(moves: Sequence[Sequence[object]]) -> str:
    """The rows' compact form: `SALET:..Y.G ROUND:GGGGG`."""
    return " ".join(f"{str(word).upper()}:{str(reply).upper()}" for word, reply in moves)


def parse_rows(text: str) -> list[tuple[str, str]]:
    """The (GUESS, REPLY) pairs of the compact form, as written (ExchangeError if a row has
    no single colon)."""
    rows = []
    for number, item in enumerate(text.split(), start=1):
        word, colon, reply = item.partition(":")
        if not colon or not word or not reply or ":" in reply:
            raise ExchangeError(f"row {number} is not GUESS:REPLY (as SALET:..Y.G)")
        rows.append((word, reply))
    return rows


def parse_date(text: str) -> str:
    """A date or date and time in ISO 8601, as the history stores it (ExchangeError if not)."""
    text = text.strip()
    try:
        if len(text) == 10:
            return dt.date.fromisoformat(text).isoformat()
        return dt.datetime.fromisoformat(text).isoformat()
    except ValueError:
        raise ExchangeError("the date is not YYYY-MM-DD or an ISO date and time") from None


def same_date(text: str) -> str:
    """A stored date in the form `parse_date` gives (as it is, if it does not parse)."""
    try:
        return parse_date(text)
    except ExchangeError:
        return text


def game_key(game: str, date: str, answer: str | None, moves: list) -> tuple:
    """What makes two finished games the same game: its id, date and time, answer and rows."""
    rows = tuple((str(word).lower(), str(reply).upper()) for word, reply in moves)
    return (game, same_date(date), (answer or "").lower(), rows)


def stored_key(row: dict) -> tuple:
    """`game_key` of a finished game as the history holds it."""
    moves = stored_moves(row["moves"])
    return game_key(row["game"], row["started"], row["target"], moves)


def stored_moves(text: str) -> list[list[str]]:
    """A finished game's stored moves, the (word, reply) pairs only."""
    try:
        moves = json.loads(text)
    except (ValueError, TypeError):
        return []
    if not isinstance(moves, list):
        return []
    return [m for m in moves if isinstance(m, list) and len(m) == 2]


def export_record(row: dict) -> dict[str, str | int]:
    """A finished game from the history as a record of `FIELDS`."""
    moves = stored_moves(row["moves"])
    return {
        "game": row["game"],
        "variant": row["variant"],
        "date": row["started"],
        "answer": (row["target"] or "").upper(),
        "guesses": len(moves),
        "rows": rows_text(moves),
        "result": row["result"],
    }


def write_records(records: list[dict], fmt: str) -> str:
    """The records as CSV (a header, then a line a game) or as a JSON list."""
    if fmt == "json":
        return json.dumps(records, indent=2, ensure_ascii=False) + "\n"
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=FIELDS, lineterminator="\n")
    writer.writeheader()
    writer.writerows({name: guarded(value) for name, value in r.items()} for r in records)
    return buffer.getvalue()


def guarded(value: object) -> object:
    """A CSV cell a spreadsheet will not run: text starting `=`, `+`, `-`, `@`, a tab or a
    carriage return (or `'`, so it reads back) gets a `'` in front, as OWASP recommends."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def unguarded(cell: str) -> str:
    """The value `guarded` wrote: its `'` taken off again (other cells as they are)."""
    if cell.startswith("'") and cell[1:].startswith(FORMULA_STARTS):
        return cell[1:]
    return cell


def read_records(text: str) -> list[Record]:
    """The records of a CSV or JSON file's text (a BOM already dropped); ExchangeError for a
    file that is neither, is empty or lacks a column."""
    if not text.strip():
        raise ExchangeError("it is empty: no games in it")
    if text.lstrip().startswith("["):
        return json_records(text)
    return csv_records(text)


def csv_records(text: str) -> list[Record]:
    """The records of a CSV text with a header line naming at least the `REQUIRED` columns."""
    reader = csv.DictReader(io.StringIO(text, newline=""))
    header = [(name or "").strip().lower() for name in (reader.fieldnames or [])]
    missing = [name for name in REQUIRED if name not in header]
    if missing:
        raise ExchangeError(
            f"its first line must name the columns ({', '.join(FIELDS)}); "
            f"missing: {', '.join(missing)}"
        )
    reader.fieldnames = header
    records = []
    try:
        for row in reader:
            if not any((value or "").strip() for value in row.values() if isinstance(value, str)):
                continue  # a blank line
            fields = {name: unguarded((row.get(name) or "").strip()) for name in FIELDS}
            records.append(Record(f"line {reader.line_num}", fields))
    except csv.Error as error:  # the reader's own count: the DictReader's is the last good row's
        raise ExchangeError(f"line {reader.reader.line_num}: not CSV ({error})") from None
    return records


def json_records(text: str) -> list[Record]:
    """The records of a JSON list of objects with the `FIELDS` keys."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise ExchangeError(f"not JSON ({error})") from None
    if not isinstance(data, list):
        raise ExchangeError("its JSON must be a list of games")
    records = []
    for number, item in enumerate(data, start=1):
        if not isinstance(item, dict):
            raise ExchangeError(f"game {number}: not an object with the keys {', '.join(FIELDS)}")
        fields = {name: json_text(item.get(name)) for name in FIELDS}
        records.append(Record(f"game {number}", fields))
    return records


def json_text(value: object) -> str:
    """A JSON value as the text a CSV cell would hold (rows given as pairs are joined)."""
    if value is None:
        return ""
    if isinstance(value, list):
        pairs = [item for item in value if isinstance(item, list | tuple) and len(item) == 2]
        return rows_text(pairs) if len(pairs) == len(value) else "?"
    return str(value).strip()
