"""The Textual app: screens, widgets, styles and thread workers; strategy is the solver's.

`app` opens screens and owns the history handle; a folder per feature with several screens or
helpers (`boards/` for the guessing games, `assistant/`, `reports/`, `multi/`); the single
screens (`home`, `daily_screen`, `stats_screen`, `settings_screen`, `lists_screen`, `help`)
and what they share (`confirm`, `typing`: keys in typing order, `widgets`, `worker_errors`,
`palette`, `tour`, and `screens`: the screen each catalog entry opens) beside them. Screens are
handed what they need and never import `app`. The screens of Ghost, Mastermind and the explorer
are in their folders (`wordle_tui/games/`), opened through their catalog entries.
"""
