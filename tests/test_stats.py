"""alsos.research.stats: intervals that cover what they claim, and refuse data
that cannot give one."""

from __future__ import annotations

import math
import random
import statistics

import pytest
from hypothesis import given
from hypothesis import strategies as st

from alsos.research.stats import (
    Estimate,
    StatsError,
    mean_interval,
    paired_difference,
    proportion_interval,
    z_value,
)

finite = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False)


def test_the_normal_quantile_is_the_textbook_one() -> None:
    assert z_value(0.95) == pytest.approx(1.959964, abs=1e-6)
    assert z_value(0.99) == pytest.approx(2.575829, abs=1e-6)


def test_mean_interval_is_mean_plus_minus_z_standard_errors() -> None:
    e = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert e.value == 2.5
    assert e.sd == pytest.approx(statistics.stdev([1, 2, 3, 4]))
    assert e.half_width == pytest.approx(1.959964 * e.sd / 2, rel=1e-6)
    assert (e.low, e.high) == pytest.approx((2.5 - e.half_width, 2.5 + e.half_width))
    assert e.n == 4


@given(st.lists(finite, min_size=2, max_size=50))
def test_an_interval_holds_its_mean(values: list[float]) -> None:
    e = mean_interval(values)
    assert e.low <= e.value <= e.high


def test_95_percent_intervals_cover_the_true_mean_about_95_percent_of_the_time() -> None:
    """Seeded draws from a known distribution: the coverage is near the nominal 95%."""
    rng = random.Random(1)
    trials, covered = 1000, 0
    for _ in range(trials):
        sample = [rng.expovariate(1.0) for _ in range(200)]  # skewed; true mean 1
        covered += not mean_interval(sample).excludes(1.0)
    assert 0.925 <= covered / trials <= 0.97


def test_pairing_removes_the_variation_the_units_share() -> None:
    rng = random.Random(2)
    luck = [rng.gauss(0, 10) for _ in range(500)]  # the deal, shared by both
    a = [x + 0.5 + rng.gauss(0, 1) for x in luck]
    b = [x + rng.gauss(0, 1) for x in luck]
    paired = paired_difference(a, b)
    assert paired.value == pytest.approx(statistics.fmean(a) - statistics.fmean(b))
    assert paired.excludes(0.0)  # 0.5 found although the luck has sd 10
    unpaired_half = 1.96 * math.hypot(statistics.stdev(a), statistics.stdev(b)) / math.sqrt(500)
    assert paired.half_width < unpaired_half / 5


def test_wilson_interval_known_values() -> None:
    """Wilson's interval for 0 of 10 and 5 of 10 (as tabulated, e.g. by Newcombe 1998)."""
    zero = proportion_interval(0, 10)
    assert (zero.value, zero.low) == (0.0, 0.0)
    assert zero.high == pytest.approx(0.2775, abs=1e-4)
    half = proportion_interval(5, 10)
    assert (half.low, half.high) == pytest.approx((0.2366, 0.7634), abs=1e-4)


@given(st.integers(1, 10_000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_a_proportion_interval_stays_in_0_1_and_holds_the_proportion(kn: tuple[int, int]) -> None:
    k, n = kn
    e = proportion_interval(k, n)
    assert 0.0 <= e.low <= e.value <= e.high <= 1.0


def test_to_data_is_json_ready() -> None:
    data = mean_interval([1.0, 3.0]).to_data()
    assert set(data) == {"mean", "ci95", "n", "sd"}
    assert data["mean"] == 2.0


@pytest.mark.parametrize(
    "bad",
    [
        lambda: mean_interval([1.0]),
        lambda: paired_difference([1.0, 2.0], [1.0]),
        lambda: proportion_interval(3, 2),
        lambda: proportion_interval(0, 0),
        lambda: z_value(1.0),
    ],
)
def test_data_that_cannot_give_an_interval_is_refused(bad: object) -> None:
    with pytest.raises(StatsError) as e:
        bad()  # type: ignore[operator]
    assert isinstance(e.value, ValueError)
    assert str(e.value)


def test_estimate_prints_value_and_interval() -> None:
    assert str(Estimate(1.0, 0.5, 1.5, 10)) == "1.000 [0.500, 1.500]"
