"""Levels for people: ``easy``, ``medium``, ``hard`` and ``expert``, each a fixed bot spec.

A person choosing an opponent wants a strength, not a search setting, so
the registry (:func:`alsos.bots.make`) also knows four levels by name,
wherever a bot name is taken (``alsos play --bots easy,hard``, ``alsos
arena --bots easy,medium,hard``, :func:`alsos.bots.make_spec`):

``easy``
    the heuristic bot, but three in five of its choices among cards to play are
    drawn at random from the legal ones (``heuristic(mistakes=0.6)``): it
    bids and announces like ``medium`` and drops tricks a careful player
    keeps.
``medium``
    the heuristic bot (``heuristic``): a sensible club player's rules of
    thumb, instant.
``hard``
    PIMC with eight worlds (``pimc(worlds=8, budget=32)``): a few tens of
    milliseconds per decision.
``expert``
    ``hard`` with inference (``pimc(worlds=8, budget=32, inference=true)``):
    it weighs the worlds by how well they explain what the other seats did,
    for about half as much time again.

A level takes only ``seed``; its other settings are what the level is.
The measured ladder (each level beats the one below on duplicate deals, on
two disjoint ranges of deals, except ``expert`` over ``hard`` in potter1930,
which is not shown) and the decision times are in the documentation's bots
page.
"""

from __future__ import annotations

__all__ = ["LEVELS"]

#: Each level's name and the bot spec it is made from, weakest first.
LEVELS: dict[str, str] = {
    "easy": "heuristic(mistakes=0.6)",
    "medium": "heuristic",
    "hard": "pimc(worlds=8, budget=32)",
    "expert": "pimc(worlds=8, budget=32, inference=true)",
}
