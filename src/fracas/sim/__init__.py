"""Analysis of matchups: many fights, their figures, fast paths (``fracas.sim.batch``)."""
