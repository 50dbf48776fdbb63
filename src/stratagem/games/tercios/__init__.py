"""Liber Militum: Tercios: a miniatures wargame of the Thirty Years' War (1618-1648)."""
