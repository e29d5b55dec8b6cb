"""Tests for Abalone: move generation, rules, variants, AI, entry and help."""
