"""Percentile's fast paths: compiled mirrors of Chapter 5's melee rules for a one-on-one duel
(the batch kernel, the exact chain, the advisor), each held to the event engine by agreement
tests (docs/batch-and-odds.md)."""
