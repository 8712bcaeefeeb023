"""Reusable rule pieces that rule sets compose: votes, teams, lovers, last words, penalties..."""
