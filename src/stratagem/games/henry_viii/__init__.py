"""Henry VIII: Intrigue in the Tudor Court, for 5 to 8 players."""
