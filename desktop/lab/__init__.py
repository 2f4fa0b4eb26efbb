"""The balance lab in the app: many seeded fights of a party against an encounter, plotted as they come in."""
