"""Dice shared by every game: faces as data, a seeded roller, and exact odds as fractions."""
