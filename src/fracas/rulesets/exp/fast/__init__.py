"""EXP's fast paths: compiled mirrors of the combat chapter's rules for a one-on-one fight
(the batch kernel, the exact chain, the advisor), each held to the event engine by agreement
tests (docs/batch-and-odds.md)."""
