"""The fight engine: the state, actions and events, the round, effects, intents and decisions."""
