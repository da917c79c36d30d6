"""A player's puzzle rating (issue 35): openskill's Plackett-Luce model, one puzzle at a
time (alsos.web.ratings), and ``POST /api/puzzles/rating``, which keeps nothing."""

from __future__ import annotations

import math

import pytest

pytest.importorskip("openskill", reason="needs the web extra")
pytest.importorskip("starlette", reason="needs the web extra")
pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx")

from test_web import _Server, client  # noqa: F401

from alsos.web.ratings import PUZZLE_MU, RatingError, next_puzzle, rate, start


def test_a_new_player_starts_at_openskill_s_defaults() -> None:
    assert start() == pytest.approx((25.0, 25 / 3))


def test_solving_raises_the_rating_missing_lowers_it_and_both_make_it_surer() -> None:
    mu, sigma = start()
    up, up_sigma = rate(mu, sigma, 2, True)
    down, down_sigma = rate(mu, sigma, 2, False)
    assert down < mu < up and up_sigma < sigma and down_sigma < sigma


def test_a_harder_puzzle_counts_more_when_solved_and_less_when_missed() -> None:
    mu, sigma = start()
    gains = [rate(mu, sigma, d, True)[0] - mu for d in sorted(PUZZLE_MU)]
    losses = [mu - rate(mu, sigma, d, False)[0] for d in sorted(PUZZLE_MU)]
    assert gains == sorted(gains) and losses == sorted(losses, reverse=True)


def test_a_player_who_solves_everything_climbs_past_the_hardest() -> None:
    mu, sigma = start()
    for _ in range(40):
        mu, sigma = rate(mu, sigma, 4, True)
    assert mu > PUZZLE_MU[4] and sigma < start()[1] / 2


def test_the_next_puzzle_is_the_closest_in_strength() -> None:
    assert next_puzzle(31.0, [1, 2, 3, 4]) == 2
    assert next_puzzle(10.0, [4, 3, 1, 1]) == 2  # the first of equals
    assert next_puzzle(100.0, [2, 4]) == 1


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("25", 8.0, 1, True), "mu must be a number"),
        ((math.nan, 8.0, 1, True), "finite"),
        ((25.0, math.inf, 1, True), "finite"),
        ((True, 8.0, 1, True), "mu must be a number"),
        ((25.0, 0.0, 1, True), "sigma must be above 0"),
        ((25.0, 8.0, 5, True), "difficulty must be one of"),
        ((25.0, 8.0, True, True), "difficulty must be one of"),
        ((25.0, 8.0, 1, "yes"), "solved must be true or false"),
    ],
)
def test_what_cannot_be_rated_is_refused(args: tuple[object, ...], says: str) -> None:
    with pytest.raises(RatingError, match=says) as e:
        rate(*args)
    assert isinstance(e.value, ValueError)


def test_the_rating_request(client: _Server) -> None:  # noqa: F811
    url = "/api/puzzles/rating"
    first = client.post(url, json={"mu": None, "sigma": None, "difficulty": 3, "solved": True})
    assert first.status_code == 200 and first.headers["cache-control"] == "no-store"
    got = first.json()
    assert (got["mu"], got["sigma"]) == pytest.approx(rate(*start(), 3, True))
    assert got["next"] is None
    again = client.post(url, json={**got, "difficulty": 1, "solved": False, "left": [1, 4, 3]})
    after = again.json()
    assert (after["mu"], after["sigma"]) == pytest.approx(rate(got["mu"], got["sigma"], 1, False))
    assert after["next"] == next_puzzle(after["mu"], [1, 4, 3])
    for bad in ([1], {"mu": "x", "sigma": 1, "difficulty": 1, "solved": True},
                {"difficulty": 9, "solved": True}, {"difficulty": 1, "solved": True, "left": [7]},
                {"difficulty": 1, "solved": True, "left": [1] * 65}):  # fmt: skip
        r = client.post(url, json=bad)
        assert r.status_code == 400 and "not a rating request" in r.json()["error"]
    assert client.post(url, content=b"{" * 600).status_code == 413
    assert client.post(url, content=b"not json").status_code == 400
    assert client.get(url).status_code == 405
