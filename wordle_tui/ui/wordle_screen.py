"""The Wordle board: plain Wordle, Evil Wordle and Antiwordle share this screen."""

from __future__ import annotations

import datetime as dt

from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from ..gameplay.catalog import TITLES, GameRequest
from ..gameplay.wordle import WordleRound, daily_target, random_target
from .board_screen import BoardScreen, Round
from .watch import WatchScreen
from .widgets import Keyboard


def plural(n: int, noun: str) -> str:
    """'1 guess', '2 guesses'."""
    return f"{n:,} {noun}" + ("" if n == 1 else "es" if noun.endswith("s") else "s")


def new_round(request: GameRequest) -> WordleRound:
    """A fresh round as the request asks."""
    lists = request.lists
    if request.game == "evil":
        return WordleRound(mode="evil", hard=request.hard, lists=lists)
    answers = lists.answers if lists is not None else None
    if request.target:
        target = request.target
    elif request.daily:
        target = daily_target(dt.date.today(), answers)
    else:
        target = random_target(request.seed, answers)
    return WordleRound(mode=request.game, target=target, hard=request.hard, lists=lists)


class WordleScreen(BoardScreen):
    """Play one of the Wordle family; keys go to the round, the board shows it."""

    BINDINGS = [*BoardScreen.BINDINGS, Binding("ctrl+w", "watch", "Watch solver")]
    game: WordleRound

    def new_round(self, request: GameRequest) -> WordleRound:
        return new_round(request)

    def resumable(self, game: Round) -> bool:
        same_mode = isinstance(game, WordleRound) and game.hard == self.request.hard
        return same_mode and super().resumable(game)

    @property
    def row_count(self) -> int:
        return self.game.max_guesses or super().row_count

    def refresh_all(self) -> None:
        """Show the round: rows, keyboard, title and status."""
        unlimited = self.game.max_guesses is None
        for i, row in enumerate(self.rows):
            if i < len(self.game.rows):
                played = self.game.rows[i]
                row.show(played.word, played.reply, self.note_for(i) if unlimited else "")
            elif i == len(self.game.rows) and not self.game.over:
                row.show(self.typed, None)
            else:
                row.show("", None)
        states = {k: v.name.lower() for k, v in self.game.keyboard().items()}
        self.query_one(Keyboard).show(states)
        mode = TITLES[self.game.mode] + (", hard mode" if self.game.hard else "")
        on = "" if self.lists_name == "default" else f" [dim]· {self.lists_name}[/dim]"
        self.query_one("#title", Static).update(f"[b]{mode}[/b]{on}")
        self.query_one("#info", Static).update(self.info_text())
        self.query_one("#board", VerticalScroll).scroll_end(animate=False)

    def show_typing(self) -> None:
        row = len(self.game.rows)
        if self.game.over or row >= len(self.rows):
            self.refresh_all()
            return
        self.rows[row].show(self.typed, None)

    def note_for(self, i: int) -> str:
        return f"{self.game.left[i]:,} left"

    def info_text(self) -> str:
        game, n = self.game, len(self.game.candidates)
        lines = []
        if game.mode == "wordle":
            lines.append(f"Guess {min(len(game.rows) + 1, 6)} of 6")
        elif game.mode == "evil":
            lines.append(f"{plural(len(game.rows), 'guess')} so far")
            lines.append(f"{n:,} words still possible")
        else:
            lines.append(f"Survived {plural(len(game.rows), 'guess')}")
            lines.append(f"{n:,} words could be the answer")
            if n and not game.over:
                lines.append(f"A guess that could be it hits it 1 time in {n:,}")
        if game.over:
            lines.append("")
            lines.append("Game over: ctrl+n for a new game")
        return "\n".join(lines)

    def action_submit(self) -> None:
        if self.game.over:
            self.show_result()
            return
        super().action_submit()

    def after_guess(self) -> None:
        self.show_board()
        if self.game.over:
            self.show_result()

    def show_result(self) -> None:
        from .result import ResultScreen

        self.app.push_screen(
            ResultScreen(self.game, self.history, self.app.has_class("-high-contrast")),
            self.after_result,
        )

    def after_result(self, choice: str | None) -> None:
        if choice == "new":
            self.action_new_game()
        elif choice == "watch":
            self.action_watch()

    def action_watch(self) -> None:
        target = self.game.answer if self.game.over else None
        self.app.push_screen(WatchScreen(target, self.game.lists))
