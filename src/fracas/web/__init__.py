"""The live web tracker (``fracas serve``): GM and player pages on the engine's sessions and
the SQLite store. No rules of any game here: only the ``Ruleset`` interface."""

from __future__ import annotations

from fracas.web.app import create_app

__all__ = ["create_app"]
