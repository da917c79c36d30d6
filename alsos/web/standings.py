"""A tournament's page as data: who plays, where, the ranking and each board's score sheet.

Only what every entrant may know is on it, whoever asks:

- a board's results appear once **every** table has played it -- before then
  a result (or a link to its hand) would tell someone still to play the board
  what its cards are -- and the ranking counts those boards only;
- the tables of a round are named by number; a table's id (which opens the
  viewer of its finished hands) is given only with the results of boards every
  table has finished, as each result's ``viewer`` and ``record`` links;
- the signed-in entrant (``account``) is told their own seat in the round in
  play, with its link (the seat is linked to the account, so the link is of
  use to nobody else).

The ranking is :func:`alsos.compete.scoring.standings` by matchpoints (stake
points break ties), the same scoring as ``alsos arena --duplicate``, and each
board's traveller is :func:`alsos.compete.scoring.travellers`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from alsos.compete.scoring import Result, Scored, score, standings, travellers
from alsos.web.tournaments import EntrantRow, ResultRow, SeatPlace

__all__ = ["page"]


def page(
    facts: dict[str, Any],
    joined: Sequence[str],
    entrants: Sequence[EntrantRow],
    places: Sequence[SeatPlace],
    results: Sequence[ResultRow],
    account: str | None,
) -> dict[str, Any]:
    """The tournament's page (module docs): ``facts`` its public settings and state,
    the rest as stored (:class:`alsos.web.tournaments.Tournaments`)."""
    count = len(entrants)
    by_board: dict[int, list[ResultRow]] = defaultdict(list)
    for r in results:
        by_board[r.board].append(r)
    public = sorted(b for b, rows in by_board.items() if count and len(rows) == count)
    shown = [r for b in public for r in by_board[b]]
    where = {(r.board, r.entrant): r for r in shown}
    scored = score(
        Result(r.board, r.position, str(r.entrant), r.payment, str(r.table_no + 1)) for r in shown
    )
    played: dict[str, set[int]] = defaultdict(set)
    for r in results:
        played[r.table_id].add(r.board)
    rounds: dict[int, dict[int, dict[str, Any]]] = defaultdict(dict)
    for p in places:
        table = rounds[p.round].setdefault(
            p.table_no,
            {"table": p.table_no + 1, "entrants": [0] * facts["players"],
             "played": len(played[p.table_id])},
        )  # fmt: skip
        table["entrants"][p.seat] = p.entrant
    data: dict[str, Any] = {
        **facts,
        "joined": list(joined),
        "entrants": [{"number": e.number, "name": e.account, "bot": e.bot} for e in entrants],
        "rounds_seated": [
            {"round": r + 1, "tables": [tables[n] for n in sorted(tables)]}
            for r, tables in sorted(rounds.items())
        ],
        "ranking": _ranking(scored),
        "travellers": _sheets(scored, where, facts["boards"]),
    }
    if account is not None:
        data["you"] = _you(facts, entrants, places, account, account in joined)
    return data


def _ranking(scored: Sequence[Scored]) -> list[dict[str, Any]]:
    """The standings by matchpoints, equal totals sharing a place."""
    ranking: list[dict[str, Any]] = []
    last: tuple[float | None, float] | None = None
    for i, st in enumerate(standings(scored)):
        key = (st.percent, st.stake_points)
        rank = ranking[-1]["rank"] if key == last else i + 1
        last = key
        ranking.append(
            {
                "rank": rank,
                "entrant": int(st.entrant),
                "boards": st.results,
                "matchpoints": st.matchpoints,
                "top": st.top,
                "percent": st.percent,
                "stake_points": st.stake_points,
                "payment": st.payment,
            }
        )
    return ranking


def _sheets(
    scored: Sequence[Scored], where: dict[tuple[int, int], ResultRow], boards: int
) -> list[dict[str, Any]]:
    """Each shown board's travelling score sheet, with links to its hands."""
    sheets = []
    for board, rows in travellers(scored).items():
        sheet = []
        for s in rows:
            r = where[board, int(s.result.entrant)]
            sheet.append(
                {
                    "position": r.position,
                    "table": r.table_no + 1,
                    "entrant": r.entrant,
                    "payment": r.payment,
                    "matchpoints": s.matchpoints,
                    "top": s.top,
                    "stake_points": s.stake_points,
                    "viewer": f"/api/tables/{r.table_id}/viewer?hand={r.hand}",
                    "record": f"/api/tables/{r.table_id}/record?hand={r.hand}",
                }
            )
        sheets.append({"board": board + 1, "round": board // boards + 1, "results": sheet})
    return sheets


def _you(
    facts: dict[str, Any],
    entrants: Sequence[EntrantRow],
    places: Sequence[SeatPlace],
    account: str,
    joined: bool,
) -> dict[str, Any]:
    """What the page tells the signed-in ``account``: whether it joined, its number, and
    its seat in the round in play (with the seat's link)."""
    you: dict[str, Any] = {"name": account, "joined": joined, "owner": facts["owner"] == account}
    number = next((e.number for e in entrants if e.account == account), None)
    if number is None:
        return you
    you["entrant"] = number
    if facts["state"] == "playing" and facts["seated"]:
        now = facts["seated"] - 1
        for p in places:
            if p.round == now and p.entrant == number and p.token is not None:
                you["seat"] = {
                    "round": now + 1,
                    "table": p.table_no + 1,
                    "seat": p.seat,
                    "link": f"#t={p.table_id}&k={p.token}",
                }
    return you
