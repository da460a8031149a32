"""Names the command line offers before anything heavy loads: the games and the metrics."""

from .choices import GameName, names

GAME_NAMES = names(GameName)
METRICS = ("max", "expectation", "neg_entropy", "entropy", "partitions")
