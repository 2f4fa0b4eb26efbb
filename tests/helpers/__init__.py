"""Builders and steps the tests share; no test module imports from another test module."""
