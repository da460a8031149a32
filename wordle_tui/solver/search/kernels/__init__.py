"""The exact search's compiled loops (Numba), imported only when a search first needs them.

Kept apart so that commands that never search (`suggest`, the reports) start without Numba.
Each is compiled once and cached on disk beside its module. `rows` and `screen` wrap them:
`loops` holds the passes over a node's block of replies (groups, hashes, splits, screens,
hints), `finish` the check of which guesses leave a group that three rows cannot finish.
"""

from .finish import unfinished_in_three
from .loops import (
    CHUNK,
    GAVE_UP,
    answer_splits,
    first_rows,
    gather,
    groups_over,
    hint_signs,
    hinted,
    least_weighted_bound,
    most_groups,
    most_groups_by_answer,
    popcount,
    row_summary,
    split,
    tells_apart,
    unfinished_in_two,
    weighted_rows,
)

__all__ = [
    "CHUNK",
    "GAVE_UP",
    "answer_splits",
    "first_rows",
    "gather",
    "groups_over",
    "hint_signs",
    "hinted",
    "least_weighted_bound",
    "most_groups",
    "most_groups_by_answer",
    "popcount",
    "row_summary",
    "split",
    "tells_apart",
    "unfinished_in_three",
    "unfinished_in_two",
    "weighted_rows",
]
