"""Paradise Lua on the table: the campaign's maps, its tracker and the tarot inspiration oracle."""
