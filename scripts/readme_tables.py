"""Regenerate the docs' tables from the program itself (never typed by hand).

    python scripts/readme_tables.py [TABLE ...]

Tables: comparison, chooser, edit, greedy, ghost, search, records, openers, seeds, nyt, prior,
lengths, positions, mastermind, and help (default: all of them).

Each table lives between `<!-- table:NAME -->` and `<!-- /table:NAME -->` in README.md or a
page of docs/ (whichever holds the markers) and is replaced by what the solver computes now,
with the seeds' figures beside ours. `help` is cheap: it copies each game's help text
(`wordle_tui/gameplay/help/NAME.md`, what F1 shows) between `<!-- help:NAME -->` and
`<!-- /help:NAME -->`, wherever those markers are.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from seed_figures import seeds_table  # scripts/seed_figures.py

from wordle_tui.games.ghost.solver.report import solve_report
from wordle_tui.solver import make_game, run_strategy

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
HELP = ROOT / "wordle_tui" / "gameplay" / "help"  # the help texts F1 shows, NAME.md each
HELP_BLOCK = re.compile(r"(<!-- help:([\w-]+) -->\n)(.*?)(<!-- /help:\2 -->)", re.DOTALL)
SEEDS = {  # the seeds' published mean (worst) figures
    ("wordle", "consistent"): {
        "max": "3.68 (8)",
        "expectation": "3.62 (8)",
        "neg_entropy": "3.60 (8)",
    },
    ("wordle", "norvig"): {"max": "3.64 (6)", "expectation": "3.55 (6)", "neg_entropy": "3.52 (6)"},
    ("jotto", "consistent"): {
        "max": "6.31 (16)",
        "expectation": "6.11 (14)",
        "neg_entropy": "6.31 (15)",
    },
    ("jotto", "norvig"): {"max": "6.38 (9)", "expectation": "6.13 (9)", "neg_entropy": "6.18 (9)"},
}
VARIANT_NAMES = {
    "ghost": "Ghost",
    "super": "SuperGhost",
    "superduper": "SuperDuperGhost",
    "xghost": "Xghost",
    "spook": "Spook",
}


def strategy_cell(result, places: int = 2) -> str:
    """Mean (worst), first guess."""
    summary = result.summary
    return f"{summary.mean:.{places}f} ({summary.worst}), {result.first_guess.upper()}"


def greedy_table() -> str:
    """Mean (worst) and first guess of the greedy strategies: ties a-z as the notebooks broke
    them, beside their published figures, then with the default tie order."""
    columns = list(SEEDS)
    games = {name: make_game(name) for name in ("wordle", "jotto")}
    head = "| strategy | " + " | ".join(f"{g.title()}, {p}" for g, p in columns) + " |"
    lines = [head, "|---" * (len(columns) + 1) + "|"]
    for metric in ("max", "expectation", "neg_entropy"):
        cells = []
        for game, policy in columns:
            theirs = run_strategy(games[game], metric, policy, ties="a-z")
            ours = run_strategy(games[game], metric, policy)
            cells.append(
                f"{strategy_cell(theirs)} · published {SEEDS[game, policy][metric]} · "
                f"tie order: {strategy_cell(ours, 3)}"
            )
        lines.append(f"| minimise {metric} | " + " | ".join(cells) + " |")
    extra = run_strategy(games["wordle"], "neg_entropy", "all")
    anti = run_strategy(make_game("antiwordle"), "entropy", "consistent")
    lines += [
        "",
        f"Beyond the notebooks: every allowed word as a guess (`--guesses all`), greedy entropy "
        f"opens with {extra.first_guess.upper()}: {extra.summary.mean:.4f} guesses on average, "
        f"never more than {extra.summary.worst}. Antiwordle (minimise entropy, consistent "
        f"guesses) opens with {anti.first_guess.upper()} and lasts {anti.summary.mean:.2f} "
        f"guesses on average, at most {anti.summary.worst} (published: FUZZY, 5.75, 11).",
    ]
    return "\n".join(lines)


def ghost_table() -> str:
    lines = [
        "| variant | shortest word | winner | winning first plays | rules to memorise "
        "| positions met | games checked, all won | fragments: all / reachable / kept |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for variant in VARIANT_NAMES:
        for m in (3, 4):
            data = solve_report(variant, m)
            strategy, checked = data["strategy"], data["strategy"]["verified"]
            first = ", ".join(data["winning_first_plays"]) or "none"
            who = "first" if data["first_player_wins"] else "second"
            won = f"{checked['games']}, yes" if checked["won"] else "NO"
            lines.append(
                f"| {VARIANT_NAMES[variant]} | {m} | {who} | {first} | {strategy['size']} "
                f"| {strategy['positions']} | {won} | {data['fragments_before_pruning']:,} / "
                f"{data['fragments_reachable']:,} / {data['fragments']:,} |"
            )
    return "\n".join(lines)


def search_table() -> str:
    """What the searches reach (the shipped trees for Wordle; Jotto and Antiwordle searched)."""
    from wordle_tui.solver.search.best_tree import cached_shortest_evil_win
    from wordle_tui.solver.tree import tree_scores
    from wordle_tui.solver.trees import shipped, shipped_for

    rows = [
        "| game | strategy | first guess | mean | worst | best greedy, for comparison |",
        "|---|---|---|---|---|---|",
    ]
    wordle = make_game("wordle")
    hard_greedy = run_strategy(wordle, "neg_entropy", "hard").summary
    compare = {
        "optimal": "3.52 (published: norvig/neg_entropy)",
        "optimal-hard": f"{hard_greedy.mean:.2f} (neg_entropy, hard mode; worst "
        f"{hard_greedy.worst})",
    }
    for name, label in (
        ("optimal", "normal mode, searched"),
        ("optimal-hard", "hard mode, searched"),
    ):
        tree, _ = shipped(name)
        scores = tree_scores(tree)
        total = sum(scores.values())
        rows.append(
            f"| Wordle | {label} ({total:,} guesses) | {tree.guess.upper()} | "
            f"{total / len(scores):.4f} | {max(scores.values())} | {compare[name]} |"
        )
    for name, label, compare in (
        ("jotto", "Jotto", "6.13 (published)"),
        ("antiwordle", "Antiwordle", "5.75 (published; higher is better)"),
    ):
        tree, _ = shipped_for("optimal", make_game(name))
        scores = list(tree_scores(tree).values())
        what = "best found" if name == "jotto" else "longest survival found"
        rows.append(
            f"| {label} | {what}, shipped ({sum(scores):,} guesses) | {tree.guess.upper()} | "
            f"{sum(scores) / len(scores):.4f} | {max(scores)} | {compare} |"
        )
    evil = cached_shortest_evil_win(make_game("wordle"))
    path = ", ".join(g.upper() for g, _ in evil["sequence"])
    rows += [
        "",
        f"Evil Wordle: the shortest forced win takes {evil['guesses']} guesses "
        f"({path}), and no shorter one exists: {evil['proof']}",
    ]
    return "\n".join(rows)


def records_table() -> str:
    """The best trees shipped for Jotto and Antiwordle: their figures, read off the trees."""
    from collections import Counter

    from wordle_tui.solver.tree import tree_scores
    from wordle_tui.solver.trees import shipped_for

    rows = [
        "| game | first guess | total | mean | worst | histogram (guesses: targets) | goal |",
        "|---|---|---|---|---|---|---|",
    ]
    goals = {"jotto": "fewest guesses", "antiwordle": "longest survival"}
    for name, goal in goals.items():
        tree, _ = shipped_for("optimal", make_game(name))
        scores = list(tree_scores(tree).values())
        total = sum(scores)
        histogram = ", ".join(f"{g}: {n:,}" for g, n in sorted(Counter(scores).items()))
        rows.append(
            f"| {name.capitalize()} | {tree.guess.upper()} | {total:,} | "
            f"{total / len(scores):.4f} | {max(scores)} | {histogram} | {goal} |"
        )
    return "\n".join(rows)


def openers_table() -> str:
    """The best 20 first guesses by the search after each (normal mode, top 12)."""
    from wordle_tui.solver.search.best_tree import TreeSearch, promising_openers

    wordle = make_game("wordle")
    found = []
    for word in promising_openers(wordle, 30):
        r = TreeSearch(wordle, top_k=12).run(word)
        found.append((r.total, r.worst, word))
    found.sort()
    rows = ["| # | opener | total | mean | worst |", "|---|---|---|---|---|"]
    for rank, (total, worst, word) in enumerate(found[:20], start=1):
        rows.append(f"| {rank} | {word.upper()} | {total:,} | {total / 2309:.4f} | {worst} |")
    return "\n".join(rows)


def comparison_table() -> str:
    """Every strategy the reports offer for Wordle: mean (worst), as `report --all` prints."""
    from wordle_tui.solver.chooser.adversary import adversary_means
    from wordle_tui.solver.reports.scores import cached_spec, export_comparison, strategies_for

    game = make_game("wordle")
    results = {spec.name: cached_spec(game, spec) for spec in strategies_for(game)}
    against = adversary_means(game, {name: r.scores for name, r in results.items()})
    return export_comparison(game, results, "markdown", against)


CHOOSER_STRATEGIES = [
    ("optimal", None),
    ("optimal-hard", None),
    ("neg_entropy", "all"),
    ("neg_entropy", "norvig"),
    ("expectation", "norvig"),
    ("max", "norvig"),
    ("neg_entropy", "consistent"),
    ("max", "consistent"),
]


def chooser_table() -> str:
    """What a chooser who knows the strategy can force (classic lists): each strategy's mean
    against a word drawn at random, then its worst case and the words that force it, and its
    expected guesses against the adversary (the equilibrium's chooser)."""
    from wordle_tui.solver.chooser import against
    from wordle_tui.solver.chooser.adversary import adversary_means
    from wordle_tui.solver.reports.scores import StrategySpec, cached_spec, run_tree

    game = make_game("wordle")
    rows = [
        "| strategy | a word at random | a chooser who knows it | words forcing that | e.g. "
        "| the adversary |",
        "|---|---|---|---|---|---|",
    ]
    for metric, policy in CHOOSER_STRATEGIES:
        if policy is None:
            name, result = metric, run_tree(game, metric)
        else:
            spec = StrategySpec(metric, policy)
            name, result = spec.name, cached_spec(game, spec)
        report = against(name, result.scores)
        shown = ", ".join(w.upper() for w in report.best_choices[:3])
        adversary = adversary_means(game, {name: result.scores})[name]
        rows.append(
            f"| {name} | {report.uniform_mean:.4f} | {report.worst} (+{report.gain:.2f}) "
            f"| {len(report.best_choices):,} | {shown} | {adversary:.4f} |"
        )
    return "\n".join(rows) + "\n"


EDIT_BESTS = {"classic": "7,897 (proven)", "jotto": "8,276 (found)", "nyt": "11,226 (proven)"}
EDIT_NAMES = {"classic": "Wordle, classic lists", "jotto": "Jotto", "nyt": "Wordle, nyt lists"}


def edit_table() -> str:
    """Trees improved by editing, from the neg_entropy/all tree: the saved `bench_edit.py`
    results (`python benchmarks/bench_edit.py --save`), then the first run's curve."""
    import json

    path = ROOT / "benchmarks" / "results" / "edit.json"
    data = json.loads(path.read_text())
    rows = [
        "| lists | start | after editing (median of runs) | runs | seconds to the best of a run "
        "(median) | best known |",
        "|---|---|---|---|---|---|",
    ]
    for name, case in data.items():
        totals = ", ".join(f"{t:,}" for t in case["totals"])
        rows.append(
            f"| {EDIT_NAMES[name]} | {case['start']:,} | {case['median_total']:,.0f} "
            f"(first guess {', '.join(w.upper() for w in case['first_guesses'])}) | {totals} "
            f"| {case['median_seconds_to_best']:.1f} of {case['seconds']:.0f} "
            f"| {EDIT_BESTS[name]} |"
        )
    classic = data.get("classic")
    if classic:
        steps = ", ".join(f"{total:,} at {s:.1f} s" for s, total in classic["curve"])
        rows += ["", f"The classic lists' first run, each improvement: {steps}."]
    return "\n".join(rows) + "\n"


def mastermind_table() -> str:
    """Mastermind's standard game (6 colours, 4 pegs): every metric under every guess policy,
    the random guesser, Knuth's strategy and the optimum, run now (no cache), each cell the
    total guesses, mean (worst), first guess and CPU seconds."""
    import time

    from wordle_tui.games.mastermind.solver import make_mastermind
    from wordle_tui.solver.matrix import reply_matrix
    from wordle_tui.solver.reports.model import REPORT_METRICS
    from wordle_tui.solver.reports.scores import StrategySpec, run_spec
    from wordle_tui.solver.tree import POLICIES

    game = make_mastermind(6, 4)
    reply_matrix(game)  # built (or loaded) once, before any clock starts
    rows = {metric: [(metric, policy) for policy in POLICIES] for metric in REPORT_METRICS}
    rows.update({name: [(name, policy)] for name, policy in MASTERMIND_TREES})
    lines = ["| strategy | " + " | ".join(POLICIES) + " |", "|---" * (len(POLICIES) + 1) + "|"]
    for row, specs in rows.items():
        cells = dict.fromkeys(POLICIES, "")
        for metric, policy in specs:
            start = time.process_time()
            result = run_spec(game, StrategySpec(metric, policy))
            seconds = time.process_time() - start
            s = result.summary
            cells[policy] = (
                f"{sum(result.scores.values()):,}: {s.mean:.3f} ({s.worst}), "
                f"{result.first_guess or '-'}, {seconds:.2f} s"
            )
        lines.append(f"| {row} | " + " | ".join(cells.values()) + " |")
    return "\n".join(lines)


MASTERMIND_TREES = (("random", "consistent"), ("knuth", "all"), ("optimal", "all"))


def positions_table() -> str:
    """Jotto with positions beside classic Jotto, on the same 1,391 words: every strategy of
    `report --all` (mean (worst) guesses), then the searched trees (top 3)."""
    from wordle_tui.solver.reports.export import comparison_rows
    from wordle_tui.solver.reports.model import REPORT_METRICS, REPORT_POLICIES
    from wordle_tui.solver.reports.scores import cached_spec, strategies_for
    from wordle_tui.solver.search.best_tree import TreeSearch

    games = [make_game("jotto"), make_game("jotto-positions")]
    specs = [s for s in strategies_for(games[0]) if s.metric in (*REPORT_METRICS, "random")]
    results = [{spec.name: cached_spec(game, spec) for spec in specs} for game in games]
    classic, positions = (comparison_rows(r) for r in results)
    lines = [
        "| strategy | " + " | ".join(REPORT_POLICIES) + " |",
        "|---" * (len(REPORT_POLICIES) + 1) + "|",
    ]
    for one, two in zip(classic, positions, strict=True):
        cells = [f"{a} → **{b}**" if a else "" for a, b in zip(one[1:], two[1:], strict=True)]
        lines.append(f"| {one[0]} | " + " | ".join(cells) + " |")
    norvig = [r["neg_entropy/norvig"] for r in results]
    searched = [TreeSearch(game, top_k=3, max_guesses=255).run() for game in games]
    lines += [
        "",
        "First guesses (neg_entropy/norvig): "
        + ", then ".join(r.first_guess.upper() for r in norvig)
        + ". The search (`solve`, top 3): "
        + "; ".join(
            f"{game.name} {r.first_guess.upper()}, {r.total / len(game.targets):.4f} "
            f"(worst {r.worst})"
            for game, r in zip(games, searched, strict=True)
        )
        + ".",
    ]
    return "\n".join(lines)


NYT_RESULTS = Path(__file__).resolve().parents[1] / "benchmarks" / "results"
PRIOR_NAMES = {
    "nyt": "the NYT prior (learnt from the answers before each puzzle)",
    "uniform": "every listed answer equally likely",
    "frequency": "every allowed word, by frequency",
}


def nyt_table() -> str:
    """The assistant replayed over the NYT's real puzzles: the saved `bench_nyt.py` results
    (`benchmarks/results/nyt-*.json`; a replay takes half an hour, so it is not rerun here)."""
    import json

    lines = [
        "| assistant | lists | puzzles | mean | over six | worst | last 200: mean, worst | "
        "distribution (guesses: games) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for path in sorted(NYT_RESULTS.glob("nyt-*.json")):
        r = json.loads(path.read_text())
        tail = r["last_200"]
        spread = ", ".join(f"{k}: {v:,}" for k, v in r["distribution"].items())
        lines.append(
            f"| {PRIOR_NAMES[r['prior']]} | `{r['lists']}` | {r['games']:,} | {r['mean']:.4f} | "
            f"{r['over_six']} | {r['worst']} | {tail['mean']:.3f}, {tail['worst']} | {spread} |"
        )
    return "\n".join(lines)


def prior_table() -> str:
    """The NYT prior on the hold-out (the last 191 puzzles of the record): the saved
    `bench_prior.py` result (`benchmarks/results/prior-holdout.json`; it takes half an hour)."""
    import json

    r = json.loads((NYT_RESULTS / "prior-holdout.json").read_text())
    held = r["holdout"]
    lines = [
        f"| #{held['first']:,} to #{held['last']:,} ({held['puzzles']} puzzles) | bits spent on "
        "the answer: all, fresh, repeats | assistant: mean, worst, over six | calibration: mean "
        "gap (a calibrated one's) | 90-100% group: stated, right |",
        "|---|---|---|---|---|",
    ]
    for name, label in (("frozen", "record frozen"), ("updated", "record updated daily")):
        bits, play = r[name]["bits"], r[name]["replay"]
        top = play["calibration"]["bins"][-1]
        lines.append(
            f"| {label} | {bits['mean']:.3f}, {bits['fresh']['mean']:.3f}, "
            f"{bits['repeats']['mean']:.2f} ({bits['repeats']['puzzles']}) | "
            f"{play['mean']:.4f}, {play['worst']}, {play['over_six']} | "
            f"{play['calibration']['mean_gap']:.2f} ({play['calibrated_gap']['median']:.2f}) | "
            f"{top['stated']:.1f}%, {top['right']:.1f}% |"
        )
    lines += [
        "",
        "| chance given to the likeliest | "
        + " | ".join(f"{n}: positions, stated, right" for n in ("frozen", "updated"))
        + " |",
        "|---|---|---|",
    ]
    bins = zip(*(r[n]["replay"]["calibration"]["bins"] for n in ("frozen", "updated")), strict=True)
    for frozen, updated in bins:
        cells = [
            f"{b['positions']}, {b['stated']:.1f}%, {b['right']:.1f}%" for b in (frozen, updated)
        ]
        lines.append(
            f"| {100 * frozen['from']:.0f}-{100 * frozen['to']:.0f}% | " + " | ".join(cells) + " |"
        )
    return "\n".join(lines)


LENGTH_SETS = {4: "len4", 5: "classic", 6: "len6", 7: "len7"}
LENGTH_TREES = Path(__file__).resolve().parents[1] / "benchmarks" / "results"
FIRST_GUESS_METRICS = (  # (heading, ranked by, figure shown)
    ("most bits", "neg_entropy", lambda r: f"{-r.neg_entropy:.2f}"),
    ("smallest expected group", "expectation", lambda r: f"{r.expectation:.1f}"),
    ("smallest largest group", "max", lambda r: f"{r.max:,}"),
    ("most groups", "partitions", lambda r: f"{r.partitions:,}"),
)


def length_tree(length: int, game) -> str:
    """The best tree found for a length: the shipped optimum (five letters), else the tree
    `wordle-tui solve --lists lenN --out benchmarks/results/lenN-tree.json.gz` saved, checked
    and scored again here; a length not searched says so."""
    from wordle_tui.solver.tree import tree_scores
    from wordle_tui.solver.trees import load, shipped

    if length == 5:
        tree, _ = shipped("optimal")
        how = "optimal (shipped)"
    else:
        path = LENGTH_TREES / f"len{length}-tree.json.gz"
        if not path.exists():
            return "not searched"
        tree, meta = load(path, game)
        how = f"searched, top {meta.get('top_k', '?')}"
    scores = tree_scores(tree)
    total = sum(scores.values())
    return (
        f"{tree.guess.upper()}: {total:,} ({total / len(scores):.4f}, worst "
        f"{max(scores.values())}), {how}"
    )


def lengths_table() -> str:
    """Wordle with 4 to 7 letters: the sets, the best first guesses by each measure (every
    allowed guess), the greedy strategy and the best tree found."""
    from wordle_tui.solver.listsets import load_set
    from wordle_tui.solver.reports.scores import first_guess_table, ranked

    head = ["letters", "set", "answers", "guesses"]
    head += [h for h, _, _ in FIRST_GUESS_METRICS]
    head += ["greedy: most bits, norvig", "best tree found: first, total (mean, worst)"]
    lines = ["| " + " | ".join(head) + " |", "|---" * len(head) + "|"]
    for length, name in LENGTH_SETS.items():
        lists = load_set(name)
        game = make_game("wordle", lists=lists)
        table = first_guess_table(game, "all")
        cells = [str(length), f"`{name}`", f"{len(game.targets):,}", f"{len(game.guesses):,}"]
        for _, metric, figure in FIRST_GUESS_METRICS:
            best = ranked(table, metric)[:3]
            cells.append(", ".join(f"{r.word.upper()} {figure(r)}" for r in best))
        greedy = run_strategy(game, "neg_entropy", "norvig")
        cells.append(f"{strategy_cell(greedy, 3)}")
        cells.append(length_tree(length, game))
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


TABLES = {
    "comparison": comparison_table,
    "chooser": chooser_table,
    "edit": edit_table,
    "greedy": greedy_table,
    "ghost": ghost_table,
    "search": search_table,
    "records": records_table,
    "openers": openers_table,
    "seeds": seeds_table,
    "nyt": nyt_table,
    "prior": prior_table,
    "lengths": lengths_table,
    "positions": positions_table,
    "mastermind": mastermind_table,
}


def pages() -> list[Path]:
    """The files a table may live in: README.md and every page of docs/."""
    return [README, *sorted((ROOT / "docs").glob("*.md"))]


def copy_help(text: str) -> str:
    """Every `<!-- help:NAME -->` block of a page, filled with help/NAME.md as it is."""
    for name in HELP_BLOCK.findall(text):
        if not (HELP / f"{name[1]}.md").is_file():
            sys.exit(f"<!-- help:{name[1]} --> has no help text: {HELP / name[1]}.md")
    return HELP_BLOCK.sub(lambda m: m[1] + (HELP / f"{m[2]}.md").read_text() + m[4], text)


def main() -> None:
    texts = {path: path.read_text() for path in pages()}
    wanted = sys.argv[1:] or [*TABLES, "help"]
    unknown = set(wanted) - {*TABLES, "help"}
    if unknown:
        choices = ", ".join([*TABLES, "help"])
        sys.exit(f"unknown table {', '.join(sorted(unknown))}; choose from {choices}")
    for name, make in TABLES.items():
        if name not in wanted:
            continue
        opening, closing = f"<!-- table:{name} -->\n", f"<!-- /table:{name} -->"
        path = next((p for p, t in texts.items() if opening in t and closing in t), None)
        if path is None:
            sys.exit(f"no page has the {opening.strip()} markers (README.md, docs/*.md)")
        text = texts[path]
        start, end = text.index(opening) + len(opening), text.index(closing)
        texts[path] = text[:start] + make() + "\n" + text[end:]
        print(f"table {name}: updated in {path.relative_to(ROOT)}", file=sys.stderr)
    if "help" in wanted:
        texts = {path: copy_help(text) for path, text in texts.items()}
        print("help: copied", file=sys.stderr)
    for path, text in texts.items():
        if path.read_text() != text:
            path.write_text(text)


if __name__ == "__main__":
    main()
