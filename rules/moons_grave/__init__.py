"""Moon's Grave: the rules of the seed's d6 surge-dice edition (pure Python, deterministic, no Qt, no I/O)."""
