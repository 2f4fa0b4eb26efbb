"""Demo mode: guided lessons on the real table (lesson files in assets/lessons, format in docs/lesson-format.md)."""
