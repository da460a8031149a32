"""Partitions and metrics: the teaching notebook's figures and the vectorised statistics."""

from __future__ import annotations

from collections import Counter
from math import log2

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordle_tui.solver import information_gain, metric_value, partition, partition_counts
from wordle_tui.solver.metrics import METRICS, group_stats

PARTITION_A = [3, 3, 2, 2, 2, 2] + [1] * 10
PARTITION_B = [3] + [2] * 8 + [1] * 5


def test_information_gain_of_the_teaching_partitions() -> None:
    assert information_gain(PARTITION_A) == pytest.approx(3.8554, abs=5e-5)
    assert information_gain(PARTITION_B) == pytest.approx(3.7202, abs=5e-5)


def test_metric_values_by_hand() -> None:
    counts = [1, 1, 2]
    assert metric_value("max", counts) == 2
    assert metric_value("expectation", counts) == pytest.approx(6 / 4)
    gain = log2(4) - 2 * log2(2) / 4
    assert metric_value("entropy", counts) == pytest.approx(gain)
    assert metric_value("neg_entropy", counts) == pytest.approx(-gain)
    assert metric_value("partitions", counts) == -3
    with pytest.raises(ValueError, match="unknown metric"):
        metric_value("median", counts)


def test_partition_keeps_first_seen_order() -> None:
    assert partition([5, 3, 5, 1]) == {5: [0, 2], 3: [1], 1: [3]}
    assert partition_counts([5, 3, 5, 1]) == [1, 1, 2]


@settings(max_examples=60)
@given(
    st.integers(1, 6),
    st.integers(1, 130),
    st.integers(2, 243),
    st.integers(0, 2**32 - 1),
)
def test_group_stats_match_the_one_at_a_time_metrics(rows: int, n: int, replies: int, seed: int):
    codes = np.random.default_rng(seed).integers(0, replies, size=(rows, n)).astype(np.uint8)
    stats = group_stats(codes, 243)
    for metric in METRICS:
        expected = [metric_value(metric, Counter(row.tolist()).values()) for row in codes]
        assert stats.value(metric) == pytest.approx(expected, abs=1e-9)
