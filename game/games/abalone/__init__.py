"""Abalone: push six of the opponent's marbles off a 61-cell hexagon (rules, fast core, AI, help)."""
