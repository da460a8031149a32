"""Browsing a guess tree: a strategy named, resolved into a tree; positions and answers found
in it; each node's figures; the tree exported and read back.

`strategy` resolves a name (`optimal`, `optimal-hard`, `METRIC/POLICY`, `greedy:METRIC`,
`tree:FILE`) into a tree for a game; `navigate` walks it (a position typed as rows, the path
to an answer, each node's answers, expected guesses and worst case); `export` writes it as
Graphviz DOT, JSON (the tree file format) or CSV (one row per answer), and reads the JSON and
CSV back. It builds on the reports' strategy names and the assistant's row forms; neither
imports it.
"""
