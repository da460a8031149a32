"""Rich renderables shared by the command line and the app: summaries and histograms."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from .plural import plural
from .solver.choices import Prior
from .solver.reports.scores import StrategyResult, Summary, percent_text

BAR = "█"


def percent(value: float) -> str:
    """A share (0-100) as a percentage: whole numbers, never a false 0% or 100% (`percent_text`)."""
    return percent_text(value)


def summary_line(summary: Summary) -> str:
    """Median, mean with spread, worst and best, in one line."""
    return (
        f"median: {summary.median:.0f} guesses, mean: {summary.mean:.2f} ± {summary.stdev:.2f}, "
        f"worst: {summary.worst}, best: {summary.best}"
    )


def chooser_line(result: StrategyResult) -> str:
    """What a chooser who knows the strategy picks: the words needing its worst case."""
    from .solver.chooser import against

    words = against(result.metric, result.scores, 0).best_choices
    shown = ", ".join(w.upper() for w in words[:5])
    shown += f" and {len(words) - 5:,} more" if len(words) > 5 else ""
    worst = plural(result.summary.worst, "guess", "guesses")
    return f"a chooser who knows it picks {shown} ({worst}; see `wordle-tui chooser`)"


def cumulative_line(summary: Summary) -> str:
    """The share of targets found within 2, 3, ... 10 guesses."""
    return "cumulative: " + ", ".join(f"≤{g}:{percent(p)}" for g, p in summary.cumulative.items())


def bar_lengths(histogram: dict[int, int], width: int) -> dict[int, int]:
    """Bar lengths in cells for each bin, the longest `width`; a non-empty bin gets at least 1."""
    top = max(histogram.values(), default=0)
    if top == 0:
        return {k: 0 for k in histogram}
    return {k: max(1, round(width * v / top)) if v else 0 for k, v in histogram.items()}


def histogram_table(
    histogram: dict[int, int],
    highlight: int | None = None,
    width: int = 40,
    bins: range | None = None,
) -> Table:
    """A horizontal bar chart: one row per number of guesses, bar and count and percent."""
    keys = list(bins) if bins is not None else sorted(histogram)
    full = {k: histogram.get(k, 0) for k in keys}
    total = sum(full.values()) or 1
    lengths = bar_lengths(full, width)
    table = Table.grid(padding=(0, 1))
    table.add_column(justify="right")
    table.add_column()
    table.add_column(justify="right")
    for k in keys:
        style = "bold reverse" if k == highlight else ""
        bar = Text(BAR * lengths[k] or "·", style="green" if k != highlight else "bold yellow")
        share = percent(full[k] * 100 / total)
        table.add_row(Text(str(k), style=style), bar, f"{full[k]:,} ({share})")
    return table


SEVENTH = "†"  # marks a guess after which some answer needs a seventh guess
SEVENTH_LEGEND = "† some answer would then need a seventh guess"


def suggestion_cells(s) -> list[str]:
    """A suggestion as table cells: guess (★ when optimal, ◆ when the most informative),
    bits, answers left, worst, win %, whether it could be the answer, whether hard mode
    allows it, expected guesses (= when proven exact, † when some answer then needs a
    seventh guess)."""
    marks = ("★ " if s.optimal else "") + ("◆ " if getattr(s, "entropy_best", False) else "")
    exact = "=" if getattr(s, "proven", False) else ""
    seventh = "" if getattr(s, "within_six", True) else SEVENTH
    return [
        marks + s.word.upper(),
        f"{s.entropy:.2f}",
        f"{s.expected_remaining:.1f}",
        f"{s.worst:,}",
        f"{100 * s.win_chance:.1f}",
        "yes" if s.is_candidate else "",
        "yes" if s.hard_ok else "no",
        f"{exact}{s.expected_guesses:.2f}{seventh}",
    ]


def likelihoods(
    words: list[tuple[str, float]], prior: str, shown: int = 12, likely: int | None = None
) -> str:
    """The answers left in a line: with a weighted prior, each with its chance, and how many
    of them are `likely` (the ones the suggestions are scored on) when that is fewer."""
    noun = "answer" if len(words) == 1 else "answers"
    scored = f" ({likely:,} likely)" if likely is not None and likely != len(words) else ""
    more = " …" if len(words) > shown else ""
    if Prior(prior).exact or len(words) == 1:
        names = ", ".join(w.upper() for w, _ in words[:shown])
        equal = "" if len(words) == 1 else " (all equally likely)"
        return f"{len(words):,} {noun} possible{scored}{equal}: {names}{more}"
    names = ", ".join(f"{w.upper()} {chance(p)}" for w, p in words[:shown])
    return f"{len(words):,} {noun} possible{scored}, the most likely first: {names}{more}"


def chance(p: float) -> str:
    """A probability as a percentage with two significant digits (never a false 0.0%)."""
    if p <= 0:
        return "0%"
    if p >= 0.995:
        return "100%" if p >= 1 else ">99%"
    return f"{100 * p:.2g}%" if p >= 0.001 else f"{100 * p:.1g}%"


def review_cells(r, arrow: str = " → ") -> list[str]:
    """A reviewed row as table cells (`arrow` between the answers before and after it)."""
    mark = "" if r.exact else "~"
    return [
        r.word.upper(),
        r.pattern,
        f"{r.before:,}{arrow}{r.after:,}" if r.after else f"{r.before:,}{arrow}solved",
        f"{r.expected_left:.1f}",
        f"{mark}{r.your_value:.2f}",
        f"{r.best_word.upper()} {mark}{r.best_value:.2f}",
        "-" if not r.scored else f"{r.loss:.2f}",
        f"{round(99 * r.luck)}" if r.before > 1 else "-",
    ]


TILE_STYLES = {"G": "bold white on #538d4e", "Y": "bold white on #b59f3b", ".": "white on #3a3a3c"}
CONTRAST_TILE_STYLES = {**TILE_STYLES, "G": "bold white on #f5793a", "Y": "bold black on #85c0f9"}


def reply_tiles(word: str, pattern: str, contrast: bool = False) -> Text:
    """A guess coloured by its reply, a tile a letter (G green, Y yellow, . grey; with
    `contrast`, the high-contrast orange and blue)."""
    styles = CONTRAST_TILE_STYLES if contrast else TILE_STYLES
    text = Text()
    for letter, mark in zip(word.upper(), pattern, strict=False):
        text.append(letter, style=styles.get(mark, ""))
    return text


def branch_label(
    guess: str, reply: str | None, parent: str | None, figures, contrast: bool = False
) -> Text:
    """A tree node as the explorer and `tree show` show it: the reply that led there (the
    parent's guess in tiles, and its marks), the guess, and its figures (a `Totals`)."""
    label = Text()
    if reply is not None and parent is not None:
        label.append_text(reply_tiles(parent, reply, contrast))
        label.append(f" {reply} → ")
    label.append(guess.upper(), style="bold")
    if figures.answers == 1:
        label.append("  the answer", style="dim")
        return label
    label.append(
        f"  {figures.answers:,} left · {figures.mean:.2f} expected · worst {figures.worst}",
        style="dim",
    )
    return label
