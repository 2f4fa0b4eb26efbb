"""The rules layer: pure Python, deterministic, no Qt and no I/O."""
