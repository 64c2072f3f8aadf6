"""The replay: a game state moved forward one statement at a time."""
