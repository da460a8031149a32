"""The computer's Ghost strategies: functions (vocabulary, fragment, rng) -> the next fragment."""

from __future__ import annotations

import random

from .solved import SolvedGame


def perfect(vocab: SolvedGame, fragment: str, rng: random.Random) -> str:
    """A winning play when there is one; otherwise the play that gives the most chances."""
    winning = vocab.winning_plays(fragment)
    if winning:
        return rng.choice(winning)
    return exploit(vocab, fragment, rng)


def exploit(vocab: SolvedGame, fragment: str, rng: random.Random) -> str:
    """When losing against perfect play: leave the opponent the fewest good replies.

    Among the legal plays that do not end the game at once, prefer the one where the fewest
    of the opponent's replies keep their win, then where those replies need the most obscure
    words (wordfreq's Zipf frequency of the most common word each reply leads to).
    """
    winning = vocab.winning_plays(fragment)
    if winning:
        return rng.choice(winning)
    plays = [p for p in vocab.legal_plays(fragment) if not vocab.is_word_text(p)]
    if not plays:  # every play completes a word: any of them
        return rng.choice(vocab.legal_plays(fragment))
    return min(plays, key=lambda p: (*_danger(vocab, p), p))


def _danger(vocab: SolvedGame, play: str) -> tuple[float, float]:
    """How good `play` is for the opponent: the share of their replies that win, and how
    well-known the words behind those replies are."""
    replies = vocab.legal_plays(play)
    good = [r for r in replies if not vocab.wins(r)]
    if not replies:
        return 0.0, 0.0
    return len(good) / len(replies), max((_fame(vocab, r) for r in good), default=0.0)


def _fame(vocab: SolvedGame, fragment: str) -> float:
    """The Zipf frequency of the most common word the fragment is part of."""
    from wordfreq import zipf_frequency

    words = vocab.words_with(fragment)[:200]
    return max((zipf_frequency(w, "en") for w in words), default=0.0)


def random_player(vocab: SolvedGame, fragment: str, rng: random.Random) -> str:
    """Any legal play (for tests)."""
    return rng.choice(vocab.legal_plays(fragment))


STYLES = {"perfect": perfect, "exploit": exploit, "random": random_player}
