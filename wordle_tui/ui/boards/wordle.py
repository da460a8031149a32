"""The Wordle board: plain Wordle, Evil Wordle and Antiwordle share this screen.

A daily puzzle (a request with `daily` or `day`) is a Wordle round with its number: a day
played already is shown with its result, not replayed; an unfinished one is resumed. It is
saved in a slot of its own, so it and an ordinary Wordle game never abandon each other; ctrl+n
on it goes on to ordinary Wordle (resuming an unfinished game) and keeps the puzzle for later.
"""

from __future__ import annotations

import json
from dataclasses import replace

from textual import on, work
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import Static

from ...gameplay.catalog import GameRequest, title
from ...gameplay.daily import clock_note, played_day
from ...gameplay.session import Keeper, kind_of, wordle_from_saved
from ...gameplay.wordle import PerfectReply, WordleRound
from ...history import History, SavedGame
from ...plural import plural
from ...solver.choices import WordleGame
from ...solver.listsets import DEFAULT
from ..widgets import Keyboard, Note
from ..worker_errors import WorkFailed, reports_errors
from .board import BoardScreen, Round
from .watch import WatchScreen

ABANDON_STREAK = "Abandon this game? It will count as a loss and end your streak."
LOOKING_AHEAD = "The perfect replier is looking ahead at {word} (up to half a minute)…"
KEY_SHOWN = {"enter": "⏎", "backspace": "⌫"}  # how a waiting key is shown in the note


class WordleScreen(BoardScreen):
    """Play one of the Wordle family; keys go to the round, the board shows it."""

    BINDINGS = [*BoardScreen.BINDINGS, Binding("ctrl+w", "watch", "Watch solver")]
    game: WordleRound
    thinking: str | None = None  # the word the perfect evil replier is answering
    waiting: list[str] = []  # keys typed meanwhile, run once it has replied (never mutated)

    class ReplyFound(Message):
        """The perfect evil replier's reply to a word of `game`, found by a worker."""

        def __init__(self, game: WordleRound, found: PerfectReply) -> None:
            self.game, self.found = game, found
            super().__init__()

    def __init__(self, request: GameRequest, history: History) -> None:
        if request.game == WordleGame.WORDLE and request.daily and request.day is None:
            request = replace(request, day=request.daily_day, daily=False)  # fixed at opening
        super().__init__(request, history)

    @property
    def day(self) -> int | None:
        """The daily puzzle's number this screen was opened for, if any."""
        return (
            self.request.daily_day
            if self.request.game in (WordleGame.WORDLE, WordleGame.NYT)
            else None
        )

    def wants_saved(self) -> bool:
        return self.day is not None or super().wants_saved()

    def resumable(self, game: Round) -> bool:
        same_mode = (
            isinstance(game, WordleRound)
            and game.hard == self.request.hard
            and game.perfect == (self.request.perfect and self.request.game == WordleGame.EVIL)
        )
        same_day = isinstance(game, WordleRound) and game.day == self.day
        return same_mode and same_day and super().resumable(game)

    def leave_question(self) -> str | None:
        """A daily puzzle under way is kept for later, any other game lost (and its streak)."""
        question = super().leave_question()
        if question is None:
            return None
        if self.day is None:
            return ABANDON_STREAK if self.game.mode == WordleGame.WORDLE else question
        name = (
            f"Wordle {self.day:,}" if self.request.game == WordleGame.NYT else f"puzzle {self.day}"
        )
        return f"Leave {name} for later? It is kept, unfinished, for when you open it again."

    def action_submit(self) -> None:
        """Enter: against the perfect evil replier, the word is answered by a worker (its
        search takes seconds); any other game takes it at once."""
        if self.game_over or self.closed or not self.game.looks_ahead:
            super().action_submit()
            return
        if self.thinking is not None:
            self.wait_for_reply("enter")
            return
        problem = self.game.problem(self.typed)
        if problem is not None:
            self.refuse(problem)
            return
        self.thinking = self.typed
        self.say(LOOKING_AHEAD.format(word=self.typed.upper()))
        self.refresh_bindings()
        self.look_ahead(self.game, self.typed)

    @work(thread=True, exclusive=True, group="perfect")
    @reports_errors
    def look_ahead(self, game: WordleRound, word: str) -> None:
        """The perfect reply to `word`, posted as ReplyFound (the round is not changed)."""
        self.post_message(self.ReplyFound(game, game.perfect_reply(word)))

    @on(ReplyFound)
    def reply_found(self, message: ReplyFound) -> None:
        """The reply arrived: the round takes the word with it (unless left meanwhile), then
        the keys typed meanwhile run in their order."""
        if message.game is not self.game or message.found.word != self.thinking:
            return
        self.thinking = None
        self.game.take(message.found)
        self.guess_taken()
        self.replay_waiting()

    def on_work_failed(self, message: WorkFailed) -> None:
        """The search failed (memory): the word stays typed, to try again; keys typed
        meanwhile are dropped."""
        message.stop()
        self.thinking, self.waiting = None, []
        self.refuse(message.shown)

    def wait_for_reply(self, key: str) -> None:
        """A key typed while the perfect replier searches: kept, to run after its reply."""
        self.waiting = [*self.waiting, key]
        self.say_looking_ahead()

    def say_looking_ahead(self) -> None:
        """The note while the perfect replier searches, with the keys waiting for it."""
        assert self.thinking is not None
        note = LOOKING_AHEAD.format(word=self.thinking.upper())
        if self.waiting:
            keys = "".join(KEY_SHOWN.get(key, key.upper()) for key in self.waiting)
            note += f" Typed meanwhile: {keys}"
        self.say(note)

    def replay_waiting(self) -> None:
        """Run the keys typed during the search, in order (a new search keeps the rest)."""
        keys, self.waiting = self.waiting, []
        for key in keys if not self.game_over else []:
            if key == "enter":
                self.action_submit()
            elif key == "backspace":
                self.action_delete()
            else:
                self.letter(key)

    def letter(self, letter: str) -> None:
        """Letters wait for the perfect replier's reply to the word before."""
        if self.thinking is not None:
            self.wait_for_reply(letter)
            return
        super().letter(letter)

    def action_delete(self) -> None:
        """Backspace too waits for the perfect replier's reply."""
        if self.thinking is not None:
            self.wait_for_reply("backspace")
            return
        super().action_delete()

    def new_game(self) -> None:
        """A new game; from a daily puzzle, ordinary Wordle (see the module's docstring)."""
        self.thinking, self.waiting = None, []  # a reply being found is for the game left
        day = self.day
        if day is None:
            super().new_game()
            return
        kept = bool(self.game.rows) and not self.game.over and not self.keeper.recorded
        self.request = GameRequest("wordle", hard=self.request.hard, lists=self.request.lists)
        self.typed, self.closed = "", None
        note = self.start_round() or "New game."
        self.query_one(Note).text = (f"Puzzle {day} is kept for later. " if kept else "") + note
        self.show_board()
        self.refresh_bindings()

    def start_round(self) -> str:
        """A daily puzzle played already is shown as it ended; anything else as usual."""
        row = None if self.day is None else played_day(self.history, self.day, self.lists_name)
        if row is None:
            note = super().start_round()
            self.game.perfect = self.request.perfect  # a resumed Evil game: the replier asked for
            if self.day is None:
                return note
            if self.game.nyt:
                return note or f"{self.game.puzzle_name}."
            return " ".join(filter(None, (note or f"Daily puzzle {self.day}.", clock_note())))
        moves = [tuple(m) for m in json.loads(row["moves"])]
        saved = SavedGame("wordle", row["variant"], row["target"], moves, row["started"])
        self.game = wordle_from_saved(saved, self.request.lists)
        self.keeper = Keeper(self.history, self.game, row["started"])
        self.keeper.recorded = True
        if not self.game.over:
            self.closed = f"You gave up puzzle {self.day}: ctrl+n for a new game."
        return f"You played puzzle {self.day} already: this is how it went."

    @property
    def row_count(self) -> int:
        return self.game.max_guesses or super().row_count

    def refresh_all(self) -> None:
        """Show the round: rows, keyboard, title and status."""
        unlimited = self.game.max_guesses is None
        typing = len(self.game.rows)
        for i, row in enumerate(self.rows):
            if i < typing:
                played = self.game.rows[i]
                row.show(played.word, played.reply, self.note_for(i) if unlimited else "")
            elif i == typing and not self.game.over:
                row.show(self.typed, None)
            else:
                row.show("", None)
            row.set_class(i > typing or (i == typing and self.game.over), "-blank")
        states = {k: v.name.lower() for k, v in self.game.keyboard().items()}
        self.query_one(Keyboard).show(states)
        self.query_one("#title", Static).update(self.title_text())
        self.query_one("#info", Static).update(self.info_text())
        self.query_one("#board", VerticalScroll).scroll_end(animate=False)

    def title_text(self) -> str:
        """The game's name, its mode, the daily puzzle's number and the word lists."""
        name = self.game.puzzle_name or title(kind_of(self.game))  # a daily puzzle's, or the game's
        name += ", perfect" if self.game.looks_ahead else ""
        mode = name + (", hard mode" if self.game.hard else "")
        on = "" if self.lists_name == DEFAULT else f" [dim]· {self.lists_name}[/dim]"
        return f"[b]{mode}[/b]{on}"

    def after_guess(self) -> None:
        last = len(self.game.rows) - 1
        played = self.game.rows[last]
        note = self.note_for(last) if self.game.max_guesses is None else ""
        self.show_board()
        self.rows[last].reveal(played.word, played.reply, note)
        super().after_guess()

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
        lines = [game.outcome()]
        if game.mode == WordleGame.EVIL and not game.over:
            lines.append(f"{plural(n, 'word')} still possible")
            fewest = game.fewest_guesses()
            if game.looks_ahead:
                lines.append(
                    "It keeps the words needing the most guesses"
                    if fewest is None
                    else f"No one can win this in fewer than {fewest} guesses"
                )
        elif game.adversary and not game.over:
            lines.append("The adversary picked the word, to be hard to find")
        elif game.mode == WordleGame.ANTIWORDLE and not game.over:
            lines.append(f"{plural(n, 'word')} could be the answer")
            if n:
                lines.append(f"A guess that could be it hits it 1 time in {n:,}")
        if game.over:
            lines += ["", "Enter: the result · ctrl+n: a new game"]
        return "\n".join(lines)

    def after_result(self, choice: str | None) -> None:
        super().after_result(choice)
        if choice == "watch":
            self.action_watch()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Watch (the Wordle solver finding a word) is off Antiwordle's goal: not offered."""
        if action == "watch":
            return self.request.game != WordleGame.ANTIWORDLE
        return super().check_action(action, parameters)

    def action_watch(self) -> None:
        if self.request.game == WordleGame.ANTIWORDLE:
            return
        target = self.game.answer if self.game.over else None
        self.app.push_screen(WatchScreen(target, self.game.lists))
