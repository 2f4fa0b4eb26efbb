"""The card table: one QGraphicsScene with the whole fight on it, played by drag, click or keyboard."""
