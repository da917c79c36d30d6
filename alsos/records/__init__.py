"""Hands written down: records in text and JSON, and their replay.

:mod:`~alsos.records.record` (:class:`~alsos.Record`: a hand's deal and
actions with headers, written and read back, replayed into a game; a seat's
own record replays into a world sampled from its view, which is why records
stand above :mod:`alsos.search`) and :mod:`~alsos.records.record_syntax` (the
bounded reader of the text and JSON forms, which needs nothing of alsos).
"""
