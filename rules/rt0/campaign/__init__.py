"""The campaign between fights: characters and the party, skill checks, injuries, corruption, items and the Day."""
