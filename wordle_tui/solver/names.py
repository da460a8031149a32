"""Names the command line offers before anything heavy loads: the games and the metrics."""

GAME_NAMES = ("wordle", "jotto", "antiwordle", "jotto-positions")
METRICS = ("max", "expectation", "neg_entropy", "entropy", "partitions")
