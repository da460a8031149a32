"""Strategy reports: how each strategy scores over every target word.

`model` names the strategies and holds a summary of scores, `scores` runs a strategy over
every target (greedy, tree, random) and builds the first-guess table, `export` writes a report
or a comparison as text, markdown, csv or json. Rendering for a terminal is the caller's.
"""
