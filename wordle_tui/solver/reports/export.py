"""A strategy's report, and the comparison of strategies, as text, markdown, csv or json."""

from __future__ import annotations

from ...plural import plural
from ..games import Game
from .model import REPORT_METRICS, REPORT_POLICIES, TREE_STRATEGIES, StrategyResult


def percent_text(value: float) -> str:
    """A share of targets (0-100) as a percentage, one rule everywhere: whole numbers, but
    never a false 0% or 100%: `<0.1%`, `0.4%`, `37%`, `99.6%`, `99.97%`, `>99.99%`."""
    if value <= 0 or value >= 100:
        return f"{max(0.0, min(value, 100.0)):.0f}%"
    if value < 0.1:
        return "<0.1%"
    if value < 1:
        return f"{value:.1f}%"
    if value <= 99:
        return f"{value:.0f}%"
    for decimals in (1, 2):
        shown = f"{value:.{decimals}f}"
        if float(shown) < 100:
            return f"{shown}%"
    return ">99.99%"


RESULT_CSV_HEADS = [
    "game",
    "metric",
    "guesses",
    "first_guess",
    "targets",
    "mean",
    "median",
    "stdev",
    "worst",
    "best",
]


ADVERSARY_HEAD = "against the adversary (expected guesses)"


def adversary_text(mean: float) -> str:
    """A strategy's expected guesses against the adversary, in words."""
    return f"against the adversary: {mean:.4f} guesses on average"


def export_result(result: StrategyResult, fmt: str, adversary: float | None = None) -> str:
    """One strategy's report as text, markdown, csv or json; `adversary`: its expected
    guesses against the adversary of its lists, when they have one."""
    import json

    if fmt == "json":
        return json.dumps({**result.as_dict(), "adversary": adversary}, indent=2)
    if fmt == "csv":
        return _result_csv(result, adversary)
    if fmt == "markdown":
        return _with_adversary(_result_markdown(result), adversary, 3, blank=True)
    if fmt == "text":
        return _with_adversary(_result_text(result), adversary, 2)
    raise ValueError(f"unknown format {fmt!r}; choose text, markdown, csv or json")


def _with_adversary(report: str, adversary: float | None, after: int, blank: bool = False) -> str:
    """The report with its adversary line after its first `after` lines (a paragraph of its
    own when `blank`), if it has one."""
    if adversary is None:
        return report
    lines = report.split("\n")
    added = ["", adversary_text(adversary)] if blank else [adversary_text(adversary)]
    return "\n".join([*lines[:after], *added, *lines[after:]])


def _result_csv(result: StrategyResult, adversary: float | None = None) -> str:
    import csv
    import io

    s = result.summary
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    extra = ["adversary"] if adversary is not None else []
    writer.writerow([*RESULT_CSV_HEADS, *extra])
    first = result.first_guess or ""
    figures = [s.targets, f"{s.mean:.4f}", s.median, f"{s.stdev:.4f}", s.worst, s.best]
    figures += [f"{adversary:.4f}"] if adversary is not None else []
    writer.writerow([result.game, result.metric, result.policy, first, *figures])
    writer.writerow([])
    writer.writerow(["guesses", "targets"])
    writer.writerows([k, v] for k, v in s.histogram.items())
    return out.getvalue()


def _result_lines(result: StrategyResult) -> tuple[str, str, str]:
    """The header, the summary line and the cumulative percentages of a result."""
    s = result.summary
    header = (
        f"{result.game}: {result.metric}/{result.policy} over {plural(s.targets, 'target')}; "
        f"first guess {(result.first_guess or '-').upper()}"
    )
    line = (
        f"median {s.median:.0f}, mean {s.mean:.2f} ± {s.stdev:.2f}, worst {s.worst}, best {s.best}"
    )
    cumulative = ", ".join(f"≤{g}:{percent_text(p)}" for g, p in s.cumulative.items())
    return header, line, cumulative


def _result_markdown(result: StrategyResult) -> str:
    s = result.summary
    header, line, cumulative = _result_lines(result)
    rows = ["| guesses | targets | share |", "|---|---|---|"]
    rows += [
        f"| {k} | {v:,} | {percent_text(100 * v / s.targets)} |" for k, v in s.histogram.items()
    ]
    return "\n".join([f"**{header}**", "", line, "", f"cumulative: {cumulative}", "", *rows])


def _result_text(result: StrategyResult) -> str:
    s = result.summary
    header, line, cumulative = _result_lines(result)
    top = max(s.histogram.values())
    bars = [f"{k:>2} {'█' * max(1, round(40 * v / top))} {v:,}" for k, v in s.histogram.items()]
    return "\n".join([header, line, f"cumulative: {cumulative}", *bars])


def comparison_rows(
    results: dict[str, StrategyResult], adversary: dict[str, float] | None = None
) -> list[list[str]]:
    """The seeds' summary table: a row per metric, a column per policy, 'mean (worst)'; with
    `adversary` (name -> expected guesses against it), that figure instead."""
    rows = []
    for metric in (*REPORT_METRICS, "random", *TREE_STRATEGIES):
        cells = []
        for policy in REPORT_POLICIES:
            name = (
                "random"
                if metric == "random"
                else (metric if metric in TREE_STRATEGIES else f"{metric}/{policy}")
            )
            found = results.get(name)
            fits = found is not None and (
                metric not in TREE_STRATEGIES and metric != "random" or found.policy == policy
            )
            summary = found.summary if found is not None and fits else None
            if adversary is not None:
                mean = adversary.get(name) if summary else None
                cells.append(f"{mean:.2f}" if mean is not None else "")
            else:
                cells.append(f"{summary.mean:.2f} ({summary.worst})" if summary else "")
        if any(cells):
            rows.append([metric, *cells])
    return rows


def export_comparison(
    game: Game,
    results: dict[str, StrategyResult],
    fmt: str,
    adversary: dict[str, float] | None = None,
) -> str:
    """The whole comparison table as text, markdown, csv or json; with `adversary` (name ->
    expected guesses against the adversary of the lists), a second table of those (json: a
    figure of each strategy's)."""
    import json

    if fmt == "json":
        strategies = {
            name: {**r.as_dict(), "adversary": (adversary or {}).get(name)}
            for name, r in results.items()
        }
        data = {"game": game.name, "targets": len(game.targets), "strategies": strategies}
        return json.dumps(data, indent=2)
    table = _comparison_table(comparison_rows(results), fmt)
    if not adversary:
        return table
    against = _comparison_table(comparison_rows(results, adversary), fmt)
    if fmt == "csv":
        return f"{table}\n{ADVERSARY_HEAD}\n{against}"
    return f"{table}\n\n{ADVERSARY_HEAD}\n\n{against}"


def _comparison_table(rows: list[list[str]], fmt: str) -> str:
    """A grid of strategies by policy as text, markdown or csv."""
    heads = ["strategy", *REPORT_POLICIES]
    if fmt == "csv":
        return _table_csv(heads, rows)
    if fmt == "markdown":
        lines = ["| " + " | ".join(heads) + " |", "|" + "---|" * len(heads)]
        return "\n".join(lines + ["| " + " | ".join(r) + " |" for r in rows])
    if fmt == "text":
        widths = [max(len(r[i]) for r in [heads, *rows]) for i in range(len(heads))]
        table = [heads, *rows]
        return "\n".join(
            "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in table
        )
    raise ValueError(f"unknown format {fmt!r}; choose text, markdown, csv or json")


def _table_csv(heads: list[str], rows: list[list[str]]) -> str:
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(heads)
    writer.writerows(rows)
    return out.getvalue()


def _padded(row: list[str], widths: list[int]) -> str:
    return "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True))
