"""Counted nouns: "1 guess", "3 guesses", "1,234 words" - one helper for every layer."""

from __future__ import annotations


def plural(count: int, one: str, many: str | None = None) -> str:
    """Return the count, with thousands separators, and the noun in the right number."""
    noun = one if abs(count) == 1 else (many if many is not None else one + "s")
    return f"{count:,} {noun}"


def noun(count: int, one: str, many: str | None = None) -> str:
    """Return just the noun for count, singular or plural (for "3 of 6 guesses" phrasing)."""
    return one if abs(count) == 1 else (many if many is not None else one + "s")
