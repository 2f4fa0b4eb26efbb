"""Paradise Lua, RT:0's campaign world: its places, maps, people, quests and the tarot's meanings."""
