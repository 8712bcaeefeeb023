"""Faction keys of M103 (the words users read are in data.yaml)."""

ASSASSINS, LOYAL, LOVERS, UNDETERMINED = "assassins", "loyal", "lovers", "undetermined"
