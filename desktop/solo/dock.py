"""Solo play beside the table: the Loner oracle, the journal that writes itself, and the GM stand-in.

``attach_solo(table_screen, session)`` puts a ``SoloDock`` to the right of the table, in a drawer the player
folds away (a splitter, so the table lays itself out for whatever width is left), installs the GM stand-in on
the session. The journal is the playthrough's: its ops write it (a fight's opening, skill checks and end, and what
the oracle is asked), and the dock shows it as the funnel leaves it (``show_journal``). ``solo_panel()`` builds the
same dock with no fight, for between fights; a dock can ``attach`` to the next fight's session and ``detach`` after
it, keeping one journal throughout.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject, Qt, SignalInstance
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QFileDialog,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from rt0table.desktop.solo.drawer import DrawerSplitter, OracleDrawer
from rt0table.desktop.solo.folding_row import FoldingRow
from rt0table.desktop.solo.oracle_panel import OraclePanel, bundled_tables
from rt0table.desktop.table.fight_session import Session
from rt0table.desktop.table.keys import PANE_KEY
from rt0table.desktop.table.settings import TableSettings
from rt0table.desktop.table.view import TableScreen
from rt0table.rules.loner.oracle_ops import OracleOp
from rt0table.rules.loner.oracle_state import OracleState
from rt0table.rules.loner.tables import LonerTables
from rt0table.rules.rt0.solo.gm_stand_in import GmStandIn, Policy
from rt0table.rules.rt0.solo.journal_bridge import SoloJournal, stand_in_reason
from rt0table.rules.rt0.story.tale import Part

if TYPE_CHECKING:
    from rt0table.desktop.flow.playthrough import OpChanges

GM_LABEL = "The GM (you, in solo)"
BETWEEN_FIGHTS_LINE = (
    "Between fights: ask the oracle, frame and close scenes, keep notes. "
    "The journal goes on into the next fight and is saved with the game."
)
DOCK_SHARE = 0.32  # of the table screen's width, as the window is sized, until the player drags the splitter


class SoloDock(QWidget):
    """The oracle panel (Twist Counter on top, asking and the journal in tabs) and the GM stand-in's controls."""

    def __init__(
        self,
        journal: SoloJournal | None = None,
        tables: LonerTables | None = None,
        seed: int | None = None,
        parent: QWidget | None = None,
    ) -> None:
        """``seed``: the oracle's generator while the dock is on no funnel (``on_journal``) and has never rolled."""
        super().__init__(parent)
        self.setObjectName("solo-dock")
        self.solo = journal if journal is not None else SoloJournal()
        self.session: Session | None = None
        self.stand_in = GmStandIn(Policy())
        self.start: Any = None  # the fight's opening state (``session.opening``), for the summary's injuries
        self.idle = False  # between fights: no fight to serve, the in-fight controls are put away
        self.panel = OraclePanel(tables or bundled_tables(), self.solo.oracle, compact=True, seed=seed)
        self.panel.inspire_shortcut.setContext(Qt.ShortcutContext.WindowShortcut)  # inspiration from the table too
        self.panel.state_changed.connect(self._oracle_changed)

        self.gm_box = QCheckBox("The oracle sets fight checks (Medium)")
        self.gm_box.setToolTip(
            "Off: you set the difficulty of a skill check made mid-fight, as the GM would, for the task in the "
            "story. On: every such check is Medium."
        )
        self.gm_box.toggled.connect(self._set_difficulty_policy)
        self.gm_line = QLabel("The oracle answers for the GM in fights.")
        self.gm_line.setObjectName("solo-gm-line")
        self.gm_line.setWordWrap(True)
        self.gm_line.setMinimumHeight(self.fontMetrics().lineSpacing() * 3)  # a wrapped reason is never clipped
        self.gm_line.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.export_button = QPushButton("Export journal…")
        self.export_button.clicked.connect(self._export_dialog)
        row = FoldingRow(self.gm_box, self.export_button, stretch=(1, 0))

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)  # a narrow drawer keeps its width for the oracle
        layout.addWidget(self.panel, 1)
        layout.addWidget(row)
        layout.addWidget(self.gm_line)

    # --- the fight ---

    def between_fights(self) -> None:
        """No fight to serve: the in-fight controls make way for a line on what the dock is for now."""
        self.idle = True
        self.gm_box.setVisible(False)
        self.gm_line.setText(BETWEEN_FIGHTS_LINE)

    def attach(self, session: Session, new_fight: bool = True) -> None:
        """Serve this fight: install the stand-in and write the fight's opening (unless it is a resumed one)."""
        self.detach()
        if self.idle:
            self.idle = False
            self.gm_box.setVisible(True)
            self.gm_line.setText("The oracle answers for the GM in fights.")
        self.session = session
        self.start = session.opening  # the fight's own, also when the session's steps begin at a snapshot
        session.state_did_change.connect(self._game_changed)
        session.set_responder(self.stand_in)

    def detach(self) -> None:
        """Stop serving the fight (it ended or the table closed); the journal stays."""
        if self.session is None:
            return
        self.session.state_did_change.disconnect(self._game_changed)
        self.session.set_responder(None)
        self.session = None

    def _game_changed(self, events: list[Any]) -> None:
        reason = stand_in_reason(events)
        if reason is not None:
            self.gm_line.setText(f"Oracle for the GM: {reason}.")

    def _set_difficulty_policy(self, oracle_sets: bool) -> None:
        self.stand_in.policy = Policy(player_sets_difficulty=not oracle_sets)
        if self.session is not None:
            self.session.respond()

    # --- the journal ---

    def _oracle_changed(self) -> None:
        """A dock on no funnel keeps what its own panel did (a funnel's dock is shown its journal instead)."""
        self.solo = self.solo.with_oracle(self.panel.state)

    def show_journal(self, solo: SoloJournal | None) -> None:
        """The playthrough's journal as the funnel left it (a fight's step or an undo wrote it, or took it back)."""
        if solo is not None and solo != self.solo:
            self.solo = solo
            self.panel.reload(solo.oracle)

    def pose(self, question: str) -> None:
        """Put a question in the oracle's field for the player to roll (a power asked of the GM, in solo)."""
        self.panel.pose(question)

    def markdown(self, title: str = "Solo journal") -> str:
        return self.panel.markdown(title)

    def export_markdown(self, path: Path, title: str = "Solo journal") -> str:
        return self.panel.export_markdown(path, title)

    def _export_dialog(self) -> None:
        name, _ = QFileDialog.getSaveFileName(self, "Export the journal", "journal.md", "Markdown (*.md)")
        if name:
            self.export_markdown(Path(name))


def oracle_drawer(dock: QWidget, settings: TableSettings) -> OracleDrawer:
    """The dock in its drawer, for a screen that puts it beside its own content (the tabs between fights)."""
    return OracleDrawer(dock, settings)


def solo_panel(
    journal: SoloJournal | None = None,
    tables: LonerTables | None = None,
    seed: int | None = None,
    parent: QWidget | None = None,
) -> SoloDock:
    """The solo dock on its own, between fights (a scene, a question, a note); ``attach`` it to the next fight."""
    dock = SoloDock(journal, tables, seed, parent)
    dock.between_fights()
    return dock


def attach_solo(
    table_screen: TableScreen,
    session: Session,
    dock: SoloDock | None = None,
    new_fight: bool = True,
    journal: SoloJournal | None = None,
    shared_screen: bool = False,
) -> SoloDock:
    """Put the solo dock beside the table and let the oracle answer for the GM in this fight.

    Pass the ``dock`` used between fights, or the ``journal`` the playthrough keeps, to keep one journal;
    ``new_fight=False`` for a fight resumed from a save whose opening the journal already holds;
    ``shared_screen`` for a co-op table without a GM, which keeps its curtain between players.
    """
    dock = dock if dock is not None else SoloDock(journal)
    view = table_screen.view
    layout = table_screen.layout()
    assert layout is not None, "a table screen lays out its view"
    # One person runs every seat in solo play: no curtain between turns (a copy, so other tables keep theirs).
    if not shared_screen:
        solo_settings = replace(table_screen.settings, hot_seat=False)
        table_screen.settings = table_screen.controller.settings = solo_settings
    drawer = OracleDrawer(dock, table_screen.settings)
    layout.removeWidget(view)
    splitter = DrawerSplitter(DOCK_SHARE, table_screen)
    splitter.setObjectName("solo-splitter")
    splitter.setChildrenCollapsible(False)
    splitter.addWidget(view)
    splitter.addWidget(drawer)
    splitter.setStretchFactor(0, 1)
    splitter.setStretchFactor(1, 0)
    layout.addWidget(splitter)
    splitter.show()  # children added to a shown screen stay hidden until told
    width = max(table_screen.width(), 1)
    drawer.open_width = round(width * DOCK_SHARE)
    mine = drawer.open_width if drawer.is_open else drawer.handle.sizeHint().width()
    splitter.setSizes([width - mine, mine])
    splitter.give_share()  # a table not yet at its window's size gets its share again when it is
    splitter.handle(1).setEnabled(drawer.is_open)
    table_screen.controller.gm_label = GM_LABEL
    table_screen.solo_dock = dock  # type: ignore[attr-defined]
    table_screen.oracle_drawer = drawer  # type: ignore[attr-defined]
    dock.attach(session, new_fight)
    table_screen.controller.show(session.state)
    # Tab never leaves the table, so its keys reach the oracle only after this key or a click there.
    pane_key = QShortcut(QKeySequence(PANE_KEY), table_screen)
    pane_key.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
    pane_key.activated.connect(lambda: _swap_keys(view, drawer))
    drawer.key_on(table_screen)
    view.setFocus()
    return dock


def _swap_keys(view: QWidget, drawer: OracleDrawer) -> None:
    """The pane key: into the oracle (opening its drawer, as the move is on purpose), or back to the table."""
    if not view.hasFocus():
        view.setFocus()
        return
    drawer.set_open(True)
    panel = drawer.dock.panel if isinstance(drawer.dock, SoloDock) else None
    if panel is not None:
        panel.tabs.setFocus()


class JournalOwner(Protocol):
    """Where the journal lives (the playthrough): it takes the oracle's ops and says when the journal changed."""

    changed: SignalInstance  # with OpChanges

    @property
    def solo(self) -> SoloJournal | None: ...

    def submit_oracle(self, op: OracleOp) -> OracleState | str: ...


class JournalShown(QObject):
    """Shows a dock the owner's journal after every change to it; a child of the dock, so Qt drops the connection
    when the dock goes."""

    def __init__(self, dock: SoloDock, owner: JournalOwner) -> None:
        super().__init__(dock)
        self.dock, self.owner = dock, owner

    def follow(self, change: OpChanges) -> None:
        if change.touches(Part.ORACLE):
            self.dock.show_journal(self.owner.solo)


def on_journal(dock: SoloDock, owner: JournalOwner) -> None:
    """The dock on the playthrough's journal: what the oracle is asked goes through the funnel as a step, and the
    dock shows the journal as every step (or undo) leaves it."""
    dock.show_journal(owner.solo)
    dock.panel.keeper = owner.submit_oracle
    owner.changed.connect(JournalShown(dock, owner).follow)
