"""towers games in the research frameworks: OpenSpiel (:mod:`towers.adapters.openspiel`),
PettingZoo and Gymnasium (:mod:`towers.adapters.environments`, reached through
:mod:`towers.env`). Each is an optional extra; none of this code names a game."""
