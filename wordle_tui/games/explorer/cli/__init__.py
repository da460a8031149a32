"""`wordle-tui tree`: browse a strategy's guess tree (`command`: `show`, `path`, `export`)."""
