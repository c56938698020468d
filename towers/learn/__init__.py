"""Learning inside towers: hints that explain themselves, a preview of a move ("what if") and
a review of a finished game, each worked out by the bots' search from what a seat may know."""
