"""Ratings per variant for people and bots: openskill's Weng-Lin Bradley-Terry model.

**How a hand is a match.**  Each seat that played is a team of one, ranked by
its payment for the hand: the highest payment first, equal payments sharing a
rank.  A declarer who makes the game is paid by each defender, so it ranks
first and the defenders share second; a declarer who fails ranks last.  A
partner paid what the declarer is paid shares the declarer's rank.  Figures
are individual: a defender who makes its own announced figure while the game
is made is paid less than the declarer and more than its fellow defender, and
ranks between them.  Why not two teams, declarer's side against defenders: the
payments already say who did better, including the figures each seat
announced, and a side is not a fixed group in Alsós (each hand makes its own).
A hand where every payment is zero (nobody declared and nothing was
announced) is not a match: it says nothing about anyone, and is not rated.

**Which model.**  Weng and Lin's Bradley-Terry model with full pairing
(openskill's ``BradleyTerryFull``): every pair of seats is compared, which is
what ranking by payment says.  Not openskill's default Plackett-Luce: in
openskill 6 its update mishandles shared ranks (openskill.py issue #155: a
seat ranked below two tied winners can gain as much as they do), and hands
with tied defenders are the common case here.  Both models agree for two
teams (the puzzle board's ratings, :mod:`alsos.web.ratings`), on the same
scale: a new entrant starts at 25 with a sigma of 25/3.

openskill's model needs the ``compete`` extra (``pip install "alsos[compete]"``;
the web table's extra includes it).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from importlib import resources
from typing import Any

from attrs import frozen
from openskill.models import BradleyTerryFull

from alsos.bots import LEVELS
from alsos.compete.scoring import CompeteError

__all__ = ["ANCHOR", "FORMAT", "Rating", "Ratings", "anchors", "hand_ranks"]

#: The format tag of :meth:`Ratings.to_data`.
FORMAT = "alsos-ratings/1"
#: The level every other is calibrated against (``alsos bench --calibrate``), held at
#: openskill's starting rating.
ANCHOR = "medium"

_MODEL = BradleyTerryFull()


def hand_ranks(payments: Sequence[int]) -> list[int] | None:
    """Each seat's rank (1 the best) by its payment, equal payments sharing a rank;
    None when every payment is zero (module docs).

    >>> from alsos.compete.rating import hand_ranks
    >>> hand_ranks([4, -2, -2])
    [1, 2, 2]
    >>> hand_ranks([-6, 4, 2])
    [3, 1, 2]
    >>> hand_ranks([0, 0, 0]) is None
    True
    """
    if len(payments) < 2:
        raise CompeteError(f"a match needs two seats or more, not {len(payments)}")
    if not any(payments):
        return None
    order = sorted(set(payments), reverse=True)
    first = {p: 1 + sum(1 for q in payments if q > p) for p in order}
    return [first[p] for p in payments]


@frozen
class Rating:
    """A rating: ``mu`` with its uncertainty ``sigma``, and the rated hands it rests on."""

    mu: float
    sigma: float
    hands: int = 0

    @property
    def ordinal(self) -> float:
        """``mu - 3 sigma``: what a leaderboard sorts by, so a few lucky hands do not top it."""
        return self.mu - 3 * self.sigma

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """``mu`` plus or minus ``z`` sigma (95% by default)."""
        return self.mu - z * self.sigma, self.mu + z * self.sigma


def _fresh() -> Rating:
    r = _MODEL.rating()
    return Rating(float(r.mu), float(r.sigma))


class Ratings:
    """Everyone's rating per variant, updated hand by hand.

    ``fixed`` names entrants whose ratings stay as given (the anchors a benchmark
    rates a bot against).  ``tau``: the uncertainty added before each update, for
    a skill that changes over time (openskill's default, 25/300, for people);
    0 for a bot, whose skill does not change while it is benchmarked, so that
    its ``sigma`` keeps shrinking as hands come in.
    """

    def __init__(
        self,
        ratings: Mapping[str, Mapping[str, Rating]] | None = None,
        fixed: Iterable[str] = (),
        tau: float | None = None,
    ) -> None:
        self._by_variant = {v: dict(r) for v, r in (ratings or {}).items()}
        self.fixed = frozenset(fixed)
        self._model = _MODEL if tau is None else BradleyTerryFull(tau=tau)

    def get(self, variant: str, name: str) -> Rating:
        """``name``'s rating in ``variant`` (openskill's default for someone unrated)."""
        return self._by_variant.get(variant, {}).get(name) or _fresh()

    def set(self, variant: str, name: str, rating: Rating) -> None:
        """Set ``name``'s rating in ``variant``."""
        self._by_variant.setdefault(variant, {})[name] = rating

    def rate_hand(self, variant: str, names: Sequence[str], payments: Sequence[int]) -> bool:
        """Rate one hand: ``names[i]`` played the seat paid ``payments[i]``.

        Returns whether the hand was rated (not when every payment is zero).  A name
        may appear twice (one bot level at two seats): its rating moves by the mean of
        its seats' updates, and counts the hand once.

        :raises CompeteError: names and payments of different lengths, or fewer than two.
        """
        if len(names) != len(payments):
            raise CompeteError(f"{len(names)} names for {len(payments)} payments")
        ranks = hand_ranks(list(payments))
        if ranks is None:
            return False
        before = [self.get(variant, n) for n in names]
        teams = [[self._model.rating(mu=r.mu, sigma=r.sigma)] for r in before]
        after = self._model.rate(teams, ranks=[float(k) for k in ranks])
        moved: dict[str, list[tuple[float, float]]] = {}
        for name, [r] in zip(names, after, strict=True):
            moved.setdefault(name, []).append((float(r.mu), float(r.sigma)))
        for name, new in moved.items():
            if name in self.fixed:
                continue
            old = self.get(variant, name)
            mu = old.mu + sum(m - old.mu for m, _ in new) / len(new)
            sigma = math.sqrt(sum(s * s for _, s in new) / len(new))
            self.set(variant, name, Rating(mu, sigma, old.hands + 1))
        return True

    def leaderboard(self, variant: str) -> list[tuple[str, Rating]]:
        """``variant``'s rated entrants, by :attr:`Rating.ordinal`, best first."""
        rows = self._by_variant.get(variant, {}).items()
        return sorted(rows, key=lambda kv: (-kv[1].ordinal, kv[0]))

    def variants(self) -> list[str]:
        """The variants with a rating, sorted."""
        return sorted(self._by_variant)

    def to_data(self) -> dict[str, Any]:
        """``{"format", "ratings": {variant: {name: [mu, sigma, hands]}}}``."""
        return {
            "format": FORMAT,
            "ratings": {
                v: {n: [r.mu, r.sigma, r.hands] for n, r in sorted(rs.items())}
                for v, rs in sorted(self._by_variant.items())
            },
        }

    @classmethod
    def from_data(cls, data: object, fixed: Iterable[str] = ()) -> Ratings:
        """Ratings from :meth:`to_data`'s form.

        :raises CompeteError: anything else, naming the key that is wrong.
        """
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise CompeteError(f"ratings are a mapping with format {FORMAT!r}")
        table = data.get("ratings")
        if not isinstance(table, dict):
            raise CompeteError("ratings: a mapping of variants is missing")
        out: dict[str, dict[str, Rating]] = {}
        for variant, rows in table.items():
            if not isinstance(rows, dict):
                raise CompeteError(f"ratings.{variant}: a mapping of names to [mu, sigma, hands]")
            for name, row in rows.items():
                if not (
                    isinstance(row, list) and len(row) == 3
                    and all(isinstance(x, int | float) and not isinstance(x, bool) for x in row)
                    and all(math.isfinite(x) for x in row) and row[1] > 0
                    and type(row[2]) is int and row[2] >= 0
                ):  # fmt: skip
                    raise CompeteError(
                        f"ratings.{variant}.{name}: [mu, sigma > 0, hands >= 0], not {row!r}"
                    )
                out.setdefault(str(variant), {})[str(name)] = Rating(
                    float(row[0]), float(row[1]), row[2]
                )
        return cls(out, fixed)


def anchors(variant: str) -> dict[str, Rating]:
    """The shipped levels' ratings on ``variant``, by level (``alsos/compete/anchors.json``,
    made by ``alsos bench --calibrate``); :data:`ANCHOR` at openskill's starting rating
    where the profile has none."""
    text = resources.files("alsos.compete").joinpath("anchors.json").read_text(encoding="utf-8")
    shipped = dict(Ratings.from_data(json.loads(text)).leaderboard(variant))
    if ANCHOR not in shipped:
        shipped[ANCHOR] = _fresh()
    return {k: v for k, v in shipped.items() if k in LEVELS}
