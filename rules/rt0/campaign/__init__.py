"""The campaign between fights: injuries, corruption, items, money and the Day."""
