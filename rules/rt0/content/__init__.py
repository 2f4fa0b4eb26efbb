"""Content and its loading: bestiaries (adversaries), scenario files and lesson files."""
