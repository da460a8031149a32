"""The NYT assistant screen: rows typed as the real game gave them, what is left and what to play.

`screen` owns the state, `keys` runs the keys in typing order (waiting behind a rebuild),
`widgets` are its panels (rows, candidates, suggestion table, paste dialog), `workers` run the
engine in a thread and post each stage as a message.
"""
