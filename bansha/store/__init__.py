"""The append-only event store: one row per event keyed by (game, seq), on SQLite or PostgreSQL.

It is a Django app (models and migrations) plus a small API (``bansha.store.events``). The key
``(game, seq)`` is the optimistic-concurrency check: two writers that read the same version cannot
both append.
"""
