"""Micro-benchmarks: ``make bench`` (``python -m bench``) runs each and prints its figures."""
