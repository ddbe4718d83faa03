"""fracas: a tabletop-RPG combat engine.

Three ways in: run a fight (``fracas fight``), analyse a matchup (``fracas.sim``) and
embed it (``fracas.engine.Session``).
"""

__version__ = "0.1.0"
