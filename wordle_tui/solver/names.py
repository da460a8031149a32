"""Names the command line offers before anything heavy loads: the games and the metrics."""

from .choices import GameName, Metric, names

GAME_NAMES = names(GameName)
METRICS = tuple(metric.value for metric in Metric if metric.greedy)
