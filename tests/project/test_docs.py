"""The README and the pages of docs/: short README, every page reachable, no dead link.

The README stays under 200 lines with its quickstart (`.ci/run` reads the test command two
lines below `<!-- quickstart-test -->`); every page of docs/ is linked from the README or from
docs/README.md; every relative link and image points at a file that exists, and an `#anchor`
at a heading of its page (GitHub's slugs); each help text a page embeds between
`<!-- help:NAME -->` markers is the package's `wordle_tui/gameplay/help/NAME.md`, as F1 shows
it; each table `scripts/readme_tables.py` writes has its markers in exactly one file.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
HELP = ROOT / "wordle_tui" / "gameplay" / "help"
PAGES = [README, *sorted(DOCS.glob("*.md"))]
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(([^)\s]+)\)")
HELP_BLOCK = re.compile(r"<!-- help:([\w-]+) -->\n(.*?)<!-- /help:\1 -->", re.DOTALL)


def prose(text: str) -> str:
    """The text outside fenced code blocks and inline code spans."""
    kept, fenced = [], False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            kept.append(re.sub(r"`[^`\n]*`", "", line))
    return "\n".join(kept)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """The anchors of a page's headings (a repeated heading gets -1, -2, ... as on GitHub)."""
    seen: Counter[str] = Counter()
    found = set()
    fenced = False
    for line in path.read_text().splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif not fenced and (match := re.match(r"#{1,6} (.+)", line)):
            base = slug(match[1])
            found.add(f"{base}-{seen[base]}" if seen[base] else base)
            seen[base] += 1
    return found


def links(path: Path) -> list[str]:
    """The targets of a page's links and images."""
    return LINK.findall(prose(path.read_text()))


def test_the_readme_is_short() -> None:
    assert len(README.read_text().splitlines()) < 200


def test_the_quickstart_markers_and_the_ci_command() -> None:
    lines = README.read_text().splitlines()
    assert "<!-- quickstart-play -->" in lines
    at = lines.index("<!-- quickstart-test -->")
    assert lines[at + 1] == "```sh"
    assert lines[at + 2].startswith("python3 -m venv .venv && ") and "pytest" in lines[at + 2]


def test_every_page_is_linked_from_the_readme_or_the_docs_index() -> None:
    index = DOCS / "README.md"
    assert "docs/README.md" in links(README)
    linked = {(README.parent / t.split("#")[0]).resolve() for t in links(README)}
    linked |= {(DOCS / t.split("#")[0]).resolve() for t in links(index)}
    unlinked = [p.name for p in DOCS.glob("*.md") if p != index and p.resolve() not in linked]
    assert not unlinked


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_and_image_leads_somewhere(page: Path) -> None:
    dead = []
    for target in links(page):
        if re.match(r"[a-z]+:", target):  # https:, mailto:
            continue
        file, _, anchor = target.partition("#")
        path = (page.parent / file).resolve() if file else page
        missing = not path.exists()
        if missing or anchor and (path.suffix != ".md" or anchor not in anchors(path)):
            dead.append(target)
    assert not dead


def test_every_help_block_is_the_help_text_f1_shows() -> None:
    embedded = Counter()
    for page in PAGES:
        for name, block in HELP_BLOCK.findall(page.read_text()):
            assert block == (HELP / f"{name}.md").read_text(), (
                f"{page.name}'s help:{name} differs: python scripts/readme_tables.py help"
            )
            embedded[name] += 1
    assert set(embedded) == {p.stem for p in HELP.glob("*.md")}  # every help text on a page


def test_every_table_has_its_markers_in_one_file() -> None:
    script = (ROOT / "scripts" / "readme_tables.py").read_text()
    tables = re.findall(r'^    "(\w+)": \w+_table,$', script, re.MULTILINE)
    assert "seeds" in tables and "records" in tables
    for name in tables:
        holders = [
            page.name
            for page in PAGES
            if f"<!-- table:{name} -->\n" in page.read_text()
            and f"<!-- /table:{name} -->" in page.read_text()
        ]
        assert len(holders) == 1, (name, holders)
