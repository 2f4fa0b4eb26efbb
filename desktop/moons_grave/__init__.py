"""Moon's Grave on the desktop."""
