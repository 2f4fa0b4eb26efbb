"""A second process for the lock and crash tests: ``python -m tests.desktop.saves.child MODE SEED``.

The save folder comes from RT0_SAVE_DIR, as it would for the app.

- ``hold``: open the store, print "holding", then wait to be killed.
- ``open``: try to open the store; print "opened" or the error message.
- ``play``: resume the newest unfinished game (or start one) and play random legal actions, printing
  "GAME_ID SEQ" after each row is committed, until killed (or 3,000 rows).
"""

from __future__ import annotations

import random
import sys
import time

from rt0table.desktop.saves import SaveError, SaveStore

from .play import book_setup


def main(mode: str, seed: int) -> int:
    if mode == "open":
        try:
            SaveStore(app_version="child").close()
        except SaveError as error:
            print(error, flush=True)
            return 3
        print("opened", flush=True)
        return 0
    store = SaveStore(app_version="child")
    if mode == "hold":
        print("holding", flush=True)
        time.sleep(120)
        return 0
    rnd = random.Random(seed)
    game_id = store.newest()
    for _ in range(3000):
        loaded = store.load(game_id) if game_id else None
        if game_id is None or loaded is None or not loaded.game.legal_actions():
            game_id = store.new_game(book_setup(rnd.randrange(1 << 30)))
            continue
        game = loaded.game
        while True:
            if game.can_undo() and rnd.random() < 0.15:
                game.undo()
                seq = store.append_undo(game_id, game.state)
            else:
                actions = game.legal_actions()
                if not actions:
                    break
                action = rnd.choice(actions)
                game.push(action)
                seq = store.append(game_id, action, game.state)
            print(game_id, seq, flush=True)  # acknowledged: the row is committed
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 0))
