"""The Loner 4e solo oracle (CC BY-SA 4.0, Roberto Bisceglie): dice, answers, twists, scenes and modules."""

from .dice import DiceError, DiceSource, EnteredDice, roll_d6
from .odds import Odds, answer_odds, twist_odds
from .oracle import (
    Answer,
    Edge,
    EdgeReading,
    OracleRoll,
    OracleThrow,
    TagError,
    edge_from_tags,
    read_answer,
    read_oracle,
    roll_oracle,
    throw_oracle,
)
from .tables import LonerDataError, LonerTables, load_tables
from .twist import TWIST_AT, Twist, TwistCounter, TwistTick, read_twist, roll_twist, tick

__all__ = [
    "TWIST_AT",
    "Answer",
    "DiceError",
    "DiceSource",
    "Edge",
    "EdgeReading",
    "EnteredDice",
    "LonerDataError",
    "LonerTables",
    "Odds",
    "OracleRoll",
    "OracleThrow",
    "TagError",
    "Twist",
    "TwistCounter",
    "TwistTick",
    "answer_odds",
    "edge_from_tags",
    "load_tables",
    "read_answer",
    "read_oracle",
    "read_twist",
    "roll_d6",
    "roll_oracle",
    "roll_twist",
    "throw_oracle",
    "tick",
    "twist_odds",
]
