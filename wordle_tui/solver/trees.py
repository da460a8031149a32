"""Guess trees as files: a compact format, a validator, and the optimal trees shipped inside.

A tree file is gzipped JSON: {"format": 1, "mode": "normal"|"hard", "total": ..., "tree": T}
where T is either a word (the one target left) or {"g": guess, "b": {reply: T, ...}} with
replies written as the game shows them: G/Y/. strings, Jotto's counts, `3/1` for Jotto with
positions.
"""

from __future__ import annotations

import gzip
import json
import zlib
from collections import Counter
from collections.abc import Callable
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, BinaryIO

from ..errors import WordleTuiError
from ..files import SHARED, FileProblem, atomic_write, read_bytes_file
from ..plural import plural
from .choices import GameName
from .games import Game
from .play import wordle_hard_mode_problem
from .replies import reply_code
from .tree import Node, Tree

FORMAT = 1
MAX_FILE_BYTES = 64 * 2**20  # the optimal trees are 15 kB gzipped, 55 kB of JSON
MAX_TEXT_BYTES = 64 * 2**20  # a tree of 100,000 answers is a few MB of JSON
MAX_ENTRIES = 2_000_000  # branches in a tree file: one leaf per answer, far fewer on any list
MAX_FIELD_CHARS = 64  # a reply or a word: a few characters (`GGY..`, `3/1`, `crane`)
SHIPPED = {"optimal": "optimal-normal.json.gz", "optimal-hard": "optimal-hard.json.gz"}
# The shipped trees are valid for the lists they were searched on only, by their content
# fingerprint (`listsets.fingerprint`; a test checks it): the classic set's (2,309 answers,
# 12,972 guesses) and the nyt set's (3,160 answers, 14,855 guesses).
SHIPPED_LISTS = "80bf65054dd7"  # classic
NYT_LISTS = "55e8b1097912"  # nyt
SHIPPED_SETS = {SHIPPED_LISTS: ("classic", ""), NYT_LISTS: ("nyt", "nyt-")}  # name, file prefix
# The best trees found for Jotto and Antiwordle on the classic set (searched, not proven
# optimal: `scripts/records.py` regenerates them), played as their `optimal` strategy. Keyed
# by the game and its own lists' fingerprint: Jotto's are the words of five different letters.
JOTTO_LISTS = "073028ec4491"  # Jotto on the classic set: 1,391 targets, 5,182 guesses
RECORDS = {
    ("jotto", JOTTO_LISTS): "jotto-best.json.gz",
    ("antiwordle", SHIPPED_LISTS): "antiwordle-best.json.gz",
}


class TreeError(WordleTuiError, ValueError):
    """A tree file that cannot be used, with the reasons."""


def to_data(tree: Tree, game: Game) -> object:
    """A tree as plain JSON data (iteratively built, so any depth works)."""
    if isinstance(tree, str):
        return tree
    root: dict[str, Any] = {}
    stack: list[tuple[Node, dict[str, Any]]] = [(tree, root)]
    while stack:
        node, out = stack.pop()
        out["g"] = node.guess
        out["b"] = {}
        for reply, child in node.branches.items():
            if isinstance(child, str):
                out["b"][game.show(reply)] = child
            else:
                slot: dict[str, Any] = {}
                out["b"][game.show(reply)] = slot
                stack.append((child, slot))
    return root


def from_data(data: object, parse: Callable[[str], int] = reply_code) -> Tree:
    """A tree from plain JSON data; raise TreeError if its shape is wrong.

    `parse` reads a reply as saved (Wordle colourings by default; see `reply_parser`).
    """
    if isinstance(data, str):
        return data
    if not isinstance(data, dict):
        raise TreeError("a tree is a word or an object with 'g' and 'b'")
    root = Node("", 0)
    stack: list[tuple[dict[str, Any], Node]] = [(data, root)]
    while stack:
        raw, node = stack.pop()
        if not isinstance(raw.get("g"), str) or not isinstance(raw.get("b"), dict):
            raise TreeError("every node needs a guess 'g' and branches 'b'")
        node.guess = raw["g"]
        for reply, child in raw["b"].items():
            try:
                code = parse(reply)
            except (KeyError, ValueError):
                raise TreeError(f"{reply!r} under {node.guess!r} is not a reply") from None
            if isinstance(child, str):
                node.branches[code] = child
            elif isinstance(child, dict):
                node.branches[code] = sub = Node("", 0)
                stack.append((child, sub))
            else:
                raise TreeError(
                    f"the branch {reply} under {node.guess!r} is neither a word nor a node"
                )
    _set_sizes(root)
    return root


def _set_sizes(root: Node) -> None:
    order, stack = [], [root]
    while stack:
        node = stack.pop()
        order.append(node)
        stack.extend(c for c in node.branches.values() if isinstance(c, Node))
    for node in reversed(order):
        node.size = sum(1 if isinstance(c, str) else c.size for c in node.branches.values())


def validate(
    tree: Tree,
    game: Game,
    hard: bool = False,
    max_guesses: int | None = 6,
    consistent: bool = False,
) -> list[str]:
    """Every problem with a tree for this game (an empty list means it is sound).

    `max_guesses` None sets no limit; `consistent` asks every guess to be a target that
    could still be the answer (Antiwordle's rule).
    """
    problems: list[str] = []
    seen: Counter[str] = Counter()  # how often each target is reached
    targets = set(game.targets)
    # (subtree, targets that reach it, the (guess, reply) path so far)
    stack: list[tuple[Tree, list[str], list[tuple[str, str]]]] = [(tree, list(game.targets), [])]
    while stack and len(problems) < 20:
        sub, reaching, path = stack.pop()
        where = " → ".join(f"{g.upper()} {r}" for g, r in path) or "the start"
        if isinstance(sub, str):
            problems += _leaf_problems(sub, reaching, len(path), where, targets, max_guesses)
            seen[sub] += 1
        elif sub.guess not in game.index:
            problems.append(f"after {where}: {sub.guess!r} is not an allowed guess")
        else:
            groups = _groups(game, sub.guess, reaching)
            problems += _node_problems(sub, groups, path, where, game, hard)
            if consistent and sub.guess not in reaching:
                problems.append(f"after {where}: {sub.guess.upper()} cannot be the answer")
            for code, child in sub.branches.items():
                members = groups.get(code)
                if members and code == game.rules.win:
                    seen[sub.guess] += 1
                elif members:
                    stack.append((child, members, [*path, (sub.guess, game.show(code))]))
    return problems + _coverage_problems(targets, seen)


def _groups(game: Game, guess: str, reaching: list[str]) -> dict[int, list[str]]:
    """The targets reaching a guess, by the reply each gets."""
    groups: dict[int, list[str]] = {}
    for target in reaching:
        groups.setdefault(game.reply(guess, target), []).append(target)
    return groups


def _leaf_problems(
    leaf: str,
    reaching: list[str],
    depth: int,
    where: str,
    targets: set[str],
    max_guesses: int | None,
) -> list[str]:
    """What is wrong with a leaf `depth` guesses down: not a target, not alone, too deep."""
    problems = []
    if leaf not in targets:
        problems.append(f"after {where}: the leaf {leaf!r} is not a target")
    if reaching != [leaf]:
        problems.append(
            f"after {where}: the leaf {leaf!r} is reached by "
            f"{plural(len(reaching), 'target')} ({', '.join(reaching[:4])})"
        )
    if max_guesses is not None and depth + 1 > max_guesses:
        problems.append(
            f"{leaf!r} needs {plural(depth + 1, 'guess', 'guesses')} (more than {max_guesses})"
        )
    return problems


def _node_problems(
    node: Node,
    groups: dict[int, list[str]],
    path: list[tuple[str, str]],
    where: str,
    game: Game,
    hard: bool,
) -> list[str]:
    """What is wrong at an allowed guess: hard mode, missing branches, branches no target
    takes, an all-green branch that is not the guess."""
    problems = []
    guess = node.guess.upper()
    if hard and (why := _hard_problem(game, path, node.guess)):
        problems.append(f"after {where}: {guess} breaks hard mode ({why})")
    for code, members in groups.items():
        if code not in node.branches:
            problems.append(
                f"after {where}: {guess} has no branch for "
                f"{game.show(code)} (needed by {', '.join(members[:4])})"
            )
    for code, child in node.branches.items():
        if code not in groups:
            problems.append(
                f"after {where}: the branch {game.show(code)} under {guess} fits no target"
            )
        elif code == game.rules.win and child != node.guess:
            problems.append(f"after {where}: the all-green branch should be {node.guess!r}")
    return problems


def _coverage_problems(targets: set[str], seen: Counter[str]) -> list[str]:
    """Targets the tree never reaches, or reaches more than once."""
    problems = []
    missing = sorted(targets - set(seen))
    if missing:
        are = "is" if len(missing) == 1 else "are"
        problems.append(
            f"{plural(len(missing), 'target')} {are} never reached ({', '.join(missing[:5])})"
        )
    twice = sorted(t for t, n in seen.items() if n > 1)
    if twice:
        problems.append(f"targets reached more than once: {', '.join(twice[:5])}")
    return problems


def save(tree: Tree, game: Game, path: str | Path, **meta: object) -> None:
    """Write a tree file atomically (an interrupted write leaves nothing behind).

    Refuses (TreeError) to replace anything but a regular file, such as a FIFO or a device.
    """
    path = Path(path)
    data = {"format": FORMAT, **meta, "tree": to_data(tree, game)}
    text = json.dumps(data, separators=(",", ":")).encode()
    try:
        atomic_write(path, lambda raw: _gzip_into(raw, text), SHARED)
    except OSError as error:
        if isinstance(error, FileProblem):
            raise TreeError(str(error)) from None
        raise TreeError(f"{path}: cannot write the tree file ({error.strerror or error})") from None


def _gzip_into(raw: BinaryIO, text: bytes) -> None:
    with gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as out:
        out.write(text)


def load(
    path: str | Path, game: Game, hard: bool | None = None, check: bool = True
) -> tuple[Tree, dict[str, Any]]:
    """Read and validate a tree file; raise TreeError with the problems if it is broken."""
    path = Path(path)
    data = _read(path)
    try:
        if isinstance(data, dict) and "tree" in data:
            meta = {k: v for k, v in data.items() if k != "tree"}
            tree = from_data(data["tree"], reply_parser(game))
        else:
            meta, tree = {}, from_data(data, reply_parser(game))
    except TreeError as error:
        raise TreeError(f"{path}: {error}") from None
    is_hard = meta.get("mode") == "hard" if hard is None else hard
    problems = []
    if check:
        problems = validate(
            tree, game, is_hard, guess_limit(game), game.name == GameName.ANTIWORDLE
        )
    if problems:
        raise TreeError(f"{path}: the tree is broken: " + "; ".join(problems[:5]))
    return tree, meta


def read_meta(path: str | Path) -> dict[str, Any]:
    """The figures a tree file keeps beside its tree ({} if none); TreeError if unreadable."""
    data = _read(Path(path))
    if isinstance(data, dict) and "tree" in data:
        return {k: v for k, v in data.items() if k != "tree"}
    return {}


def _hard_problem(game: Game, path: list[tuple[str, str]], word: str) -> str | None:
    """Why `word` breaks the game's hard mode after the (guess, shown reply) rows, or None."""
    if game.rules.name == GameName.WORDLE:
        return wordle_hard_mode_problem(path, word)
    for guess, shown in path:  # the Jottos: the word must agree with every reply
        if game.show(game.reply(guess, word.lower())) != shown:
            return f"Guess must agree with {guess.upper()} = {shown}"
    return None


def reply_parser(game: Game) -> Callable[[str], int]:
    """How a saved reply of this game reads back: a colouring, or a reply as the game shows it
    (Jotto's count of shared letters, `3/1` in Jotto with positions); anything else is a
    ValueError."""
    if game.rules.name == GameName.WORDLE:
        return reply_code
    codes = {game.show(code): code for code in range(game.rules.n_replies)}

    def shown(reply: str) -> int:
        if reply not in codes:
            raise ValueError(reply)
        return codes[reply]

    return shown


def _read(path: Path) -> object:
    """The JSON data of a tree file (gzipped or not); raise TreeError if it is not one.

    Bounded while it is read: a reply or word longer than `MAX_FIELD_CHARS`, or more than
    `MAX_ENTRIES` branches in all, is refused before any tree is built."""
    raw = read_bytes_file(path, "tree", TreeError, MAX_FILE_BYTES)
    try:
        text = _gunzip(raw) if raw[:2] == b"\x1f\x8b" else raw
        if text.count(b":") > MAX_ENTRIES:  # every branch has one: refused before parsing
            raise TooLarge(f"more than {MAX_ENTRIES:,} branches")
        data = json.loads(text, object_pairs_hook=_Bounded())
        if isinstance(data, str) and len(data) > MAX_FIELD_CHARS:
            raise TooLarge(f"a word of {len(data):,} characters; at most {MAX_FIELD_CHARS}")
        return data
    except TooLarge as error:
        raise TreeError(f"{path}: not a tree file ({error})") from None
    except RecursionError:
        raise TreeError(f"{path}: not a tree file (it is nested too deeply)") from None
    except (OSError, ValueError, EOFError, zlib.error) as error:
        raise TreeError(f"{path}: not a tree file ({error})") from None


class TooLarge(Exception):
    """A tree file past a bound (`_Bounded`): refused as it is read."""


class _Bounded:
    """A JSON object hook that counts entries and refuses long keys or words as they come."""

    def __init__(self) -> None:
        self.entries = 0

    def __call__(self, pairs: list[tuple[str, object]]) -> dict[str, object]:
        self.entries += len(pairs)
        if self.entries > MAX_ENTRIES:
            raise TooLarge(f"more than {MAX_ENTRIES:,} branches")
        for key, value in pairs:
            longest = max(len(key), len(value) if isinstance(value, str) else 0)
            if longest > MAX_FIELD_CHARS:
                raise TooLarge(
                    f"a reply or word of {longest:,} characters; at most {MAX_FIELD_CHARS}"
                )
        return dict(pairs)


def _gunzip(raw: bytes) -> bytes:
    """Decompress gzip data, refusing more than MAX_TEXT_BYTES of output."""
    unpack = zlib.decompressobj(16 + zlib.MAX_WBITS)
    text = unpack.decompress(raw, MAX_TEXT_BYTES)
    if unpack.unconsumed_tail:
        raise ValueError(f"it unpacks to more than {MAX_TEXT_BYTES // 2**20} MiB")
    if not unpack.eof:
        raise EOFError("the compressed data is cut short")
    return text


def guess_limit(game: Game) -> int | None:
    """The most guesses a tree may take: Wordle's six rows; the other games have no limit."""
    return 6 if game.name == GameName.WORDLE else None


def record_file(game: Game) -> str | None:
    """The file of the best tree shipped for this game's lists (Jotto, Antiwordle), if any."""
    return RECORDS.get((game.name, game.fingerprint))


def fits_shipped(game: Game) -> bool:
    """Whether shipped optimal trees are for this game: Wordle on lists they were searched
    for (compared by fingerprint, so no other lists ever use them)."""
    return game.name == GameName.WORDLE and game.fingerprint in SHIPPED_SETS


def has_shipped(name: str, game: Game) -> bool:
    """Whether the tree `name` is shipped for this game's lists."""
    if game.name != GameName.WORDLE:
        return name == "optimal" and record_file(game) is not None
    if not fits_shipped(game) or name not in SHIPPED:
        return False
    prefix = SHIPPED_SETS[game.fingerprint][1]
    return resources.files("wordle_tui").joinpath("trees", prefix + SHIPPED[name]).is_file()


def shipped_for(name: str, game: Game) -> tuple[Tree, dict[str, Any]]:
    """A shipped tree, if it fits this game's lists; else TreeError saying why not."""
    if game.name != GameName.WORDLE:
        return shipped_record(name, game)
    if not fits_shipped(game):
        sets = ", ".join(f"{n} ({f})" for f, (n, _) in SHIPPED_SETS.items())
        raise TreeError(
            f"the {name} tree was searched for Wordle on the shipped word-list sets {sets}, "
            f"not for these (fingerprint {game.fingerprint}); search one "
            "with `wordle-tui solve --out FILE` on these lists and use --strategy tree:FILE"
        )
    return shipped(name, game.fingerprint)


@cache
def shipped(name: str, lists: str = SHIPPED_LISTS) -> tuple[Tree, dict[str, Any]]:
    """An optimal tree shipped with the package, for the set of fingerprint `lists`."""
    from .games import make_game
    from .listsets import load_set

    if name not in SHIPPED:
        raise TreeError(f"no shipped tree {name!r}; choose one of: {', '.join(SHIPPED)}")
    if lists not in SHIPPED_SETS:
        raise TreeError(f"no tree is shipped for the lists of fingerprint {lists}")
    set_name, prefix = SHIPPED_SETS[lists]
    path = resources.files("wordle_tui").joinpath("trees", prefix + SHIPPED[name])
    if not path.is_file():
        raise TreeError(f"no {name} tree is shipped for the {set_name} lists (yet)")
    game = make_game("wordle", lists=load_set(set_name))
    # Trusted: the test suite validates the shipped trees, so loading stays fast.
    return load(Path(str(path)), game, hard=name == "optimal-hard", check=False)


def shipped_record(name: str, game: Game) -> tuple[Tree, dict[str, Any]]:
    """The best tree found for Jotto or Antiwordle on the lists it was searched for (the
    strategy `optimal` of those games); else TreeError saying why not."""
    file = record_file(game)
    if name != "optimal" or file is None:
        searched = ", ".join(sorted({g for g, _ in RECORDS}))
        raise TreeError(
            f"no {name} tree is shipped for {game.name} on these lists (fingerprint "
            f"{game.fingerprint}); trees are shipped for {searched} on the classic lists: "
            "search one with `wordle-tui solve --game GAME --out FILE` and use --strategy "
            "tree:FILE"
        )
    return record(game.name, game.fingerprint)


@cache
def record(game_name: str, lists: str) -> tuple[Tree, dict[str, Any]]:
    """A best tree shipped for `game_name` on the lists of fingerprint `lists` (trusted:
    the test suite validates it)."""
    from .games import make_game
    from .listsets import load_set

    file = RECORDS[(game_name, lists)]
    game = make_game(game_name, lists=load_set("classic"))
    path = resources.files("wordle_tui").joinpath("trees", file)
    return load(Path(str(path)), game, hard=False, check=False)
