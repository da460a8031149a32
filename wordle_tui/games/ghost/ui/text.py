"""What the Ghost screen says about a match: pure functions of the match and its setup."""

from __future__ import annotations

from rich.markup import escape

from ....plural import plural
from ..gameplay.hotseat import HotSeat
from ..gameplay.referee import (
    HUMAN,
    VARIANT_TITLES,
    GhostGame,
    GhostMatch,
    GhostSetup,
    mode_title,
)
from ..gameplay.rules import rules_text
from ..gameplay.watch import hint, placed
from ..solver.solved import SolvedGame

NEW_GAME_KEYS = "ctrl+n (or the button) for a new game."
START = "Type a letter to add it. The keys beside the choices set up the next game."


def title_text(setup: GhostSetup) -> str:
    """The variant, the minimum length, and the computer's style (or the other mode)."""
    how = f"computer: {setup.style}" if setup.mode == "computer" else mode_title(setup.mode)
    return f"[b]{VARIANT_TITLES[setup.variant]}[/b] · words of {setup.min_length}+ letters · {how}"


def next_title(setup: GhostSetup) -> str:
    """The title while the setup panel shows another game than the one on the board."""
    return f"{title_text(setup)} [dim](next game: ctrl+n)[/dim]"


def back_from(setup: GhostSetup) -> str:
    """What to do once back from watching or hot-seat (no game is on until one is chosen)."""
    return (
        f"Back from {mode_title(setup.mode)} ({VARIANT_TITLES[setup.variant]}). ctrl+n plays it "
        "again, or set up another game with F4 (way to play), F5 (variant) and F7 (shortest "
        "word), then ctrl+n."
    )


def turn_text(match: GhostMatch, setup: GhostSetup, game: GhostGame) -> str:
    """Whose move it is, and where the human's letter goes."""
    if match.over:
        return ""
    if match.to_move != setup.human_player:
        return "The computer is thinking…"
    return "Your move: " + where_text(setup.variant, match.fragment, game)


def where_text(variant: str, fragment: str, choice: GhostGame | HotSeat) -> str:
    """Where the next letter goes, and the keys that change it (the game's or hot-seat's
    `at_front`, `reverse` and Xghost's caret `at`)."""
    if variant == "spook":
        return "type a letter to add it to the bag (its letters are shown a-z)"
    if variant == "xghost":
        at = len(fragment) if choice.at is None else choice.at
        shown = f"{fragment[:at].upper()}‸{fragment[at:].upper()}"
        return f"a letter goes at the caret, {shown} (← → Home End move it)"
    where = "the front" if choice.at_front else "the end"
    turn = f"a letter goes at {where}"
    if variant != "ghost":
        turn += " (Tab switches)"
    if variant == "superduper":
        turn += f"; reverse first: {'yes' if choice.reverse else 'no'} (ctrl+r)"
    return turn


def move_lines(match: GhostMatch, setup: GhostSetup) -> str:
    """The moves so far, numbered, one a line."""
    lines = [
        f"{i}. {setup.player_name(m.player)}: {m.after.upper()}"
        for i, m in enumerate(match.moves, start=1)
    ]
    return "\n".join(lines) or "No moves yet."


def hint_text(match: GhostMatch, setup: GhostSetup) -> str:
    """Who can force a win from here, and with which plays (empty once the game is over)."""
    if match.over:
        return ""
    who = setup.player_name(match.to_move)
    can = "can" if match.vocab.winning_plays(match.fragment) else "cannot"
    return f"Hint: {who} {can} force a win. {hint(match.vocab, match.fragment)}"


def end_explanation(match: GhostMatch, setup: GhostSetup) -> str:
    """Why the game ended, where the loser went wrong, and the wins they missed."""
    vocab = match.vocab
    if match.loser is None:
        raise ValueError("the game is not over")
    loser = setup.player_name(match.loser)
    lines = [f"{match.reason}: {loser} {'lose' if loser == HUMAN else 'loses'}."]
    last_legal = match.moves[-1].before
    example = vocab.example_word(last_legal) if last_legal else None
    if example and not vocab.is_word_text(match.fragment):
        lines.append(f"('{last_legal}' was part of '{example}'.)")
    review = match.review()
    if review.first_lost_move is None:
        lines.append(f"{loser.capitalize()} could have won until the end.")
    else:
        lines.append(
            f"{loser.capitalize()} had no winning play from move {review.first_lost_move} on."
        )
    mistakes = [missed for missed in review.missed if missed[2] not in missed[3]]
    for number, before, played, good in mistakes[-3:]:  # a losing play from a winning place
        lines.append(
            f"Move {number}: from '{before}', {placed(vocab, before, played)} was played; "
            f"{letters_text(vocab, before, good)} would have won."
        )
    lines.append(NEW_GAME_KEYS)
    return "\n".join(lines)


def letters_text(vocab: SolvedGame, fragment: str, plays: list[str], shown: int = 8) -> str:
    """The letters that make `plays` from `fragment`: 'r', 'b or r', 'a, b or c (and more)'."""
    letters = [placed(vocab, fragment, play) for play in plays[:shown]]
    either = " or ".join([", ".join(letters[:-1]), letters[-1]] if len(letters) > 1 else letters)
    return either + (" (and more)" if len(plays) > shown else "")


def rules_panel(setup: GhostSetup, report: dict | None, error: str = "") -> str:
    """The rules of the variant and mode, and the winner's strategy to memorise (F3)."""
    lines = [rules_text(setup.variant, setup.mode), ""]
    if error:
        lines.append(f"No strategy summary: {escape(error)}")
    elif report is None:
        lines.append("Finding the winner's strategy to memorise…")
    else:
        lines += strategy_lines(report)
    return "\n".join(lines)


def strategy_lines(report: dict) -> list[str]:
    """A solve report's memorised strategy: who wins, its size, its check, the rule tree."""
    s = report["strategy"]
    who = "first" if s["winner"] == 0 else "second"
    checked = s["verified"]
    games = checked["games"]
    every = "the one game" if games == 1 else f"all {plural(games, 'game')}"
    verdict = f"checked against every defence: wins {every}"
    if not checked["won"]:
        verdict = f"NOT verified: {checked['failure']}"
    return [
        f"The {who} player wins. Strategy to memorise: {plural(s['size'], 'rule')} ({verdict}).",
        "After the fragment on the left, play the one on the right; where no rule applies, "
        "play the only letter that keeps a word possible.",
        *s["tree"],
    ]
