"""Command-line tools: running scenario files and designers' simulations."""
