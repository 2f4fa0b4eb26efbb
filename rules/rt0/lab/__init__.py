"""The balance lab: many seeded fights of one party against one encounter, played by a policy, and their figures."""
