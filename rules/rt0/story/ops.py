"""Every change to a playthrough is one of these ops: typed, frozen, and kept as a row of the save's log.

Campaign ops run one campaign function (``run``); the others are read by ``tale.apply``. An op carries what the
player chose and nothing the rules work out, so replaying the ops from a snapshot gives the same playthrough.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...loner.oracle_ops import OracleOp
from ...paradise_lua import lua_campaign as lua
from ..campaign import campaign as cp
from ..campaign.character import Character
from ..campaign.skill_check import Difficulty, Edge
from ..fight.actions import Action
from ..fight.rt0_setup import CombatSetup
from ..fight.state import CombatState
from ..traits import Skill, Spell

# --- the Day's choices -----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChooseMeal:
    """How a member eats today (DAY-FOOD); settled when the Day ends, and asked afresh the next Day."""

    member: str
    meal: cp.Meal


@dataclass(frozen=True, slots=True)
class ChooseSleep:
    """How a member sleeps tonight (DAY-SLEEP); settled when the Day ends, and asked afresh the next Day."""

    member: str
    sleep: cp.Sleep


@dataclass(frozen=True, slots=True)
class EndDay:
    """Close the Day with the food and sleep chosen (DAY-CLOCK)."""


# --- one campaign function each ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class UsePower:
    """Spend a once-per-Day power (an Arcana ability or a spell)."""

    member: str
    power: str

    def run(self, c: cp.Campaign) -> cp.Result:
        return cp.use_power(c, self.member, self.power), []


@dataclass(frozen=True, slots=True)
class AskTheGM:
    """FOOL-DEUS, HP-FORESIGHT: a power the GM answers; ``wish`` is the player's own proposed result, or ""."""

    member: str
    power: str
    wish: str = ""


@dataclass(frozen=True, slots=True)
class GMAnswers:
    """The GM's answer to the open request: granted (the power is spent today) or not (it stays fresh)."""

    granted: bool
    answer: str = ""


@dataclass(frozen=True, slots=True)
class ChooseScarBlocks:
    """The combat abilities each Massive Painful Scar blocks today (INJ-MINOR)."""

    member: str
    abilities: tuple[str, ...]

    def run(self, c: cp.Campaign) -> cp.Result:
        return cp.choose_scar_blocks(c, self.member, self.abilities), []


@dataclass(frozen=True, slots=True)
class LearnSpell:
    """COR-MAGIC: a spell learned with full Magic Corruption."""

    member: str
    spell: Spell

    def run(self, c: cp.Campaign) -> cp.Result:
        return cp.claim_magic_corruption(c, self.member, self.spell)


@dataclass(frozen=True, slots=True)
class TakeGrades:
    """COR-SKILL: a new A+ and a new F with full Skill Corruption."""

    member: str
    a_plus: Skill
    failed: Skill

    def run(self, c: cp.Campaign) -> cp.Result:
        return cp.claim_skill_corruption(c, self.member, self.a_plus, self.failed)


@dataclass(frozen=True, slots=True)
class MarkCorruption:
    """Mark one owed point on a place of the sheet; ``place`` None marks every owed point where suggested."""

    member: str
    place: str | None = None

    def run(self, c: cp.Campaign) -> cp.Result:
        if self.place is None:
            return cp.mark_all(c, self.member)
        return cp.mark_corruption(c, self.member, self.place)


@dataclass(frozen=True, slots=True)
class TakeCorruption:
    member: str
    amount: int
    reason: str

    def run(self, c: cp.Campaign) -> cp.Result:
        return cp.take_corruption(c, self.member, self.amount, self.reason)


@dataclass(frozen=True, slots=True)
class TakeInjury:
    member: str
    injury: str
    cause: str = ""

    def run(self, c: cp.Campaign) -> cp.Result:
        return cp.take_injury(c, self.member, self.injury, self.cause)


@dataclass(frozen=True, slots=True)
class HealInjury:
    """COR-HEAL."""

    member: str
    injury: str

    def run(self, c: cp.Campaign) -> cp.Result:
        return cp.heal_injury(c, self.member, self.injury)


@dataclass(frozen=True, slots=True)
class TreatInjury:
    """INJ-DOWNGRADE: a treatment check's result."""

    member: str
    injury: str
    succeeded: bool
    choice: str | None = None
    corruption_retry: bool = False

    def run(self, c: cp.Campaign) -> cp.Result:
        return cp.treat_injury(c, self.member, self.injury, self.succeeded, self.choice, self.corruption_retry)


@dataclass(frozen=True, slots=True)
class GiveItem:
    member: str
    item: str

    def run(self, c: cp.Campaign) -> cp.Result:
        return cp.give_item(c, self.member, self.item), []


@dataclass(frozen=True, slots=True)
class DropItem:
    member: str
    item: str

    def run(self, c: cp.Campaign) -> cp.Result:
        return cp.drop_item(c, self.member, self.item), []


@dataclass(frozen=True, slots=True)
class UseItem:
    member: str
    item: str

    def run(self, c: cp.Campaign) -> cp.Result:
        return cp.use_item(c, self.member, self.item)


@dataclass(frozen=True, slots=True)
class SetBank:
    member: str
    credits: int

    def run(self, c: cp.Campaign) -> cp.Result:
        return cp.set_bank(c, self.member, self.credits), []


@dataclass(frozen=True, slots=True)
class AddChit:
    member: str
    loaded: int = 0

    def run(self, c: cp.Campaign) -> cp.Result:
        return cp.add_chit(c, self.member, self.loaded), []


@dataclass(frozen=True, slots=True)
class EditCharacter:
    """A party edit: a member's Report Card rewritten, within the character rules."""

    member: str
    character: Character

    def run(self, c: cp.Campaign) -> cp.Result:
        return cp.edit_character(c, self.member, self.character), []


CampaignOp = (
    UsePower
    | ChooseScarBlocks
    | LearnSpell
    | TakeGrades
    | MarkCorruption
    | TakeCorruption
    | TakeInjury
    | HealInjury
    | TreatInjury
    | GiveItem
    | DropItem
    | UseItem
    | SetBank
    | AddChit
    | EditCharacter
)

# --- skill checks (every draw reveals) ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DrawCheck:
    """One checker draws for a task; ``helped``: the helpers' edge already folded into ``edge``; ``purpose``: what
    the task is for when an item is made for it (``items.FOOD``, ``DOOR``, ``TREAT``, ``PERFORMANCE``)."""

    name: str
    skill: Skill
    subject: str
    base: Difficulty
    edge: Edge = Edge.NONE
    sight: bool = False
    purpose: str = ""


@dataclass(frozen=True, slots=True)
class GMKeepsCard:
    """SKL-PENALTY: the GM names which of the latest check's two cards is the worse (``index`` into its cards)."""

    index: int


@dataclass(frozen=True, slots=True)
class KeepOnHeadphones:
    """ITM-HEADPHONES: the latest check, a won FINAID, counts as failed and its card waits on the Headphones."""


@dataclass(frozen=True, slots=True)
class GroupCheck:
    """SKL-GROUP-ANY (``everyone`` False) or SKL-GROUP-ALL."""

    names: tuple[str, ...]
    skill: Skill
    subject: str
    base: Difficulty
    edge: Edge = Edge.NONE
    everyone: bool = False
    sight: bool = False


@dataclass(frozen=True, slots=True)
class HelpCheck:
    """SKL-HELP: the helpers draw first."""

    helpers: tuple[str, ...]
    skill: Skill
    base: Difficulty
    sight: bool = False


@dataclass(frozen=True, slots=True)
class RetryCheck:
    """SKL-RETRY the latest attempt for 1 Corruption; ``hold``: the GM keeps the difficulty."""

    hold: bool = False


CheckOp = DrawCheck | GroupCheck | HelpCheck | RetryCheck

# --- fights, the oracle and the journal ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BeginFight:
    """A fight set up and dealt: its opening state (the deal is a reveal), the set-up it was dealt from (which the
    save keeps with the fight; none in a story played without a save), and whether the solo oracle sits beside it
    (its journal then writes the fight's story; it always does once the playthrough has one)."""

    opening: CombatState
    setup: CombatSetup | None = None
    journal: bool = False


@dataclass(frozen=True, slots=True)
class FightAction:
    """One action at the table."""

    action: Action


@dataclass(frozen=True, slots=True)
class ConcludeFight:
    """The finished fight read into the campaign."""


@dataclass(frozen=True, slots=True)
class ConsultOracle:
    """One op of the oracle (a question, a toggle, a note, a scene, a tool): the story applies it, its dice drawn
    from the oracle's generator, first seeded from the story's seed."""

    op: OracleOp


@dataclass(frozen=True, slots=True)
class WriteNote:
    """A line the player typed into the playthrough's journal."""

    text: str


@dataclass(frozen=True, slots=True)
class EditNote:
    note: int
    text: str


@dataclass(frozen=True, slots=True)
class DeleteNote:
    note: int


@dataclass(frozen=True, slots=True)
class LuaStep:
    """One step of the Paradise Lua campaign: a move on the map, a quest step, the discipline track, a host, a GM
    note, a draw for inspiration, a fight called at a place or its end (``rules/paradise_lua/lua_campaign.py``)."""

    op: lua.Op


DayOp = ChooseMeal | ChooseSleep | EndDay | AskTheGM | GMAnswers
FightOp = BeginFight | FightAction | ConcludeFight
JournalOp = WriteNote | EditNote | DeleteNote
Op = DayOp | CampaignOp | CheckOp | GMKeepsCard | KeepOnHeadphones | FightOp | ConsultOracle | JournalOp | LuaStep


@dataclass(frozen=True, slots=True)
class Earlier:
    """An op made before the playthrough was read back from its save, which keeps only its name: undo goes back
    over it, and nothing applies it again."""

    name: str = ""


Played = Op | Earlier  # what a playthrough's funnel keeps as a step's action
