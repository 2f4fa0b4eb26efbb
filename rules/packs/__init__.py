"""Content packs shared by every game: strict JSON files, canonical form, stable hash, zip and folder exchange."""
