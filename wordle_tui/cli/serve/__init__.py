"""`wordle-tui serve`: the app in a web browser, a process per tab, open only to its owner.

`command` is the Typer command (checks the host, prints the address with its secret), `server`
the guarded textual-serve server (secret, same-origin websockets, session limit), `session`
one tab's app process, ended for sure; `page.html` the page it serves.
"""
