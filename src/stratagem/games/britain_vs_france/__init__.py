"""1750: Britain vs. France: colonies, battles by pairings and card effects as data."""
