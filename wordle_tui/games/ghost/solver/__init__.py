"""Ghost and its variants solved: the game tree of fragments and what to remember.

`vocabulary` builds every fragment of a word list and solves who wins from each (`edges` are
its moves; Spook's bags of letters are `spook`'s own vocabulary); `lookup` finds
a fragment in it fast; `cache` keeps word lists and solutions on disk; `strategies` are the
computer's ways to move; `summary` and `verify` turn a solution into something a person can
memorise and check it by play; `report` is everything `ghost solve` prints, cached.
"""
