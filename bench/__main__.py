"""Run every benchmark in turn."""

from bench import card_faces

card_faces.main()
