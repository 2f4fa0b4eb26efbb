"""The Restless: a co-operative card crawler run on d20 rolls; the rules as pure functions over plain data."""
