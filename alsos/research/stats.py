"""Estimates with 95% intervals: means, proportions and paired differences.

Simulations and bot matches report every figure with an interval, so a
reader can tell a real difference from the luck of the cards.  The
intervals here are large-sample ones, built on the standard library's
``statistics`` module (``fmean``, ``stdev``) and the normal quantile of
``statistics.NormalDist``:

- :func:`mean_interval` -- the mean of independent values, ``mean ± z·s/√n``;
- :func:`paired_difference` -- the mean of ``a[i] - b[i]``, for two
  treatments measured on the same units (the same deal under two variants,
  two bots on the same deal): pairing removes the variation the units share;
- :func:`proportion_interval` -- ``k`` successes out of ``n``, with Wilson's
  score interval, which stays inside ``[0, 1]`` and is sensible when ``k`` is
  0 or ``n`` (rare figures), where ``p ± z·√(p(1-p)/n)`` collapses to a point.

With the normal quantile instead of Student's t the intervals are slightly
too narrow for small samples (by about 4% at 30 values, 0.5% at 200); the
studies they serve have hundreds of deals or more.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

from attrs import frozen

from alsos.errors import ResearchError

__all__ = [
    "Estimate",
    "StatsError",
    "aligned",
    "mean_interval",
    "paired_difference",
    "proportion_interval",
    "z_value",
]


class StatsError(ResearchError):
    """An estimate was asked of data that cannot give one (too few values, bad counts)."""


@frozen
class Estimate:
    """A value with its interval: ``value`` lies in ``[low, high]`` at the stated confidence.

    ``n`` is the number of values (or trials) behind it and ``sd`` their
    standard deviation (``None`` for a proportion).
    """

    value: float
    low: float
    high: float
    n: int
    sd: float | None = None
    confidence: float = 0.95

    @property
    def half_width(self) -> float:
        """Half the width of the interval (the ``±`` part for a symmetric one)."""
        return (self.high - self.low) / 2

    def excludes(self, x: float) -> bool:
        """Whether ``x`` lies outside the interval (e.g. a difference that is not 0)."""
        return x < self.low or x > self.high

    def to_data(self) -> dict[str, object]:
        """``{"mean": ..., "ci95": [low, high], "n": ...}`` for JSON summaries."""
        key = f"ci{round(self.confidence * 100)}"
        data: dict[str, object] = {"mean": self.value, key: [self.low, self.high], "n": self.n}
        if self.sd is not None:
            data["sd"] = self.sd
        return data

    def __str__(self) -> str:
        return f"{self.value:.3f} [{self.low:.3f}, {self.high:.3f}]"


def z_value(confidence: float = 0.95) -> float:
    """The two-sided normal quantile for ``confidence`` (1.95996... for 0.95)."""
    if not 0 < confidence < 1:
        raise StatsError(f"confidence must lie strictly between 0 and 1, not {confidence!r}")
    return statistics.NormalDist().inv_cdf(0.5 + confidence / 2)


def mean_interval(values: Sequence[float], confidence: float = 0.95) -> Estimate:
    """The mean of ``values`` with its normal ``confidence`` interval.

    :raises StatsError: (a :class:`~alsos.errors.ResearchError`) for fewer than two values, where
        no spread can be estimated.
    """
    n = len(values)
    if n < 2:
        raise StatsError(f"an interval needs at least 2 values, got {n}")
    mean = statistics.fmean(values)
    sd = statistics.stdev(values, mean)
    half = z_value(confidence) * sd / math.sqrt(n)
    return Estimate(mean, mean - half, mean + half, n, sd, confidence)


def paired_difference(a: Sequence[float], b: Sequence[float], confidence: float = 0.95) -> Estimate:
    """The mean of ``a[i] - b[i]`` with its interval: ``a`` and ``b`` measured on the same units.

    :raises StatsError: when the sequences differ in length or have fewer than
        two pairs.
    """
    if len(a) != len(b):
        raise StatsError(f"paired values must come in pairs: {len(a)} values against {len(b)}")
    return mean_interval([x - y for x, y in zip(a, b, strict=True)], confidence)


def proportion_interval(k: int, n: int, confidence: float = 0.95) -> Estimate:
    """``k`` successes out of ``n`` trials: the proportion with Wilson's score interval.

    :raises StatsError: unless ``0 <= k <= n`` and ``n >= 1``.
    """
    if n < 1 or not 0 <= k <= n:
        raise StatsError(f"a proportion needs 0 <= k <= n and n >= 1, got k={k}, n={n}")
    z = z_value(confidence)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    # At k = 0 or k = n the bound is p itself; rounding must not move it past p.
    low, high = min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half))
    return Estimate(p, low, high, n, None, confidence)


def aligned(rows: Sequence[Sequence[str]]) -> list[str]:
    """``rows`` of cells as lines of text, each column as wide as its widest cell (two
    spaces between columns, no trailing space): the tables the research commands print."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]
