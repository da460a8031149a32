"""Ghost and its variants, whole: `solver/` solves it, `gameplay/` referees it between players,
`ui/` shows it (vs the computer, hot-seat, watch), `cli` is `wordle-tui ghost`."""
