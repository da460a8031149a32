"""`wordle-tui history`: your finished games out to CSV or JSON and back in (`command`)."""
