"""The Day's box for powers asked of the GM (FOOL-DEUS, HP-FORESIGHT): the player's wish, then the GM's answer.

Clicking such a power opens the wish; "Ask the GM" submits the request, and the GM's answer (granted, or can't or
won't) closes it. Both are ops through the funnel, so Ctrl+Z takes them back. In solo play "Ask the oracle" puts the
question into the Loner oracle dock: the player rolls it there and reads the answer, as Loner's asker does.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QLineEdit, QPushButton, QVBoxLayout, QWidget

from rt0table.desktop.lettering import wrapped_label
from rt0table.rules.rt0.story import ops
from rt0table.rules.rt0.story.tale import Story

Submit = Callable[[ops.Op], bool]


class GMRequestBox(QGroupBox):
    """Shown while a power is being asked of the GM; ``ask_oracle`` carries the question for the solo dock."""

    ask_oracle = Signal(str)

    def __init__(self, submit: Submit, parent: QWidget | None = None) -> None:
        super().__init__("Asked of the GM", parent)
        self.setObjectName("day-gm-request")
        self.submit = submit
        self.asking: tuple[str, str] | None = None  # (member, power) whose wish is being written
        self.said = wrapped_label("day-gm-said")
        self.text = QLineEdit()
        self.text.setObjectName("day-gm-text")
        self.buttons = {
            name: self._button(name, text, slot)
            for name, text, slot in (
                ("day-gm-ask", "Ask the GM", self.ask),
                ("day-gm-cancel", "Cancel", self.cancel),
                ("day-gm-oracle", "Ask the oracle", self.to_oracle),
                ("day-gm-grant", "Granted", lambda: self.answer(True)),
                ("day-gm-refuse", "Can't or won't", lambda: self.answer(False)),
            )
        }
        self.solo = False  # True once a solo oracle dock takes the question (BetweenFightsScreen.set_oracle)
        row = QHBoxLayout()
        for button in self.buttons.values():
            row.addWidget(button)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.said)
        layout.addWidget(self.text)
        layout.addLayout(row)
        self.setVisible(False)

    def _button(self, name: str, text: str, slot: Callable[[], object]) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(name)
        button.clicked.connect(lambda _=False: slot())
        return button

    def begin(self, member: str, name: str, power: str) -> None:
        """A GM-asked power was clicked: write the wish, or leave it empty for the GM to decide."""
        self.asking = (member, power)
        self.said.setText(
            f"{name} asks the GM for {power}. Write the result you wish for, or leave it empty and the GM decides. "
            "If the GM can't or won't, the power stays fresh today."
        )
        self.text.clear()
        self.text.setPlaceholderText("The result you wish for (optional)")
        self._show(("day-gm-ask", "day-gm-cancel"))
        self.text.setFocus()

    def ask(self) -> bool:
        if self.asking is None:
            return False
        member, power = self.asking
        if not self.submit(ops.AskTheGM(member, power, self.text.text())):
            return False
        self.asking = None
        return True

    def cancel(self) -> None:
        self.asking = None
        self.setVisible(False)

    def answer(self, granted: bool) -> bool:
        return self.submit(ops.GMAnswers(granted, self.text.text()))

    def to_oracle(self) -> None:
        said = self.said.property("question")
        self.ask_oracle.emit(str(said))

    def refresh(self, story: Story) -> None:
        request = story.request
        if request is None:
            if self.asking is None:
                self.setVisible(False)
            return
        self.asking = None
        name = story.names().get(request.member, request.member)
        wish = f" They wish for: “{request.wish}”." if request.wish else " The GM decides what happens."
        self.said.setText(f"{name} asks the GM for {request.power}.{wish} What does the GM answer?")
        self.said.setProperty("question", f"Does {request.power} come true for {name}?")
        self.text.clear()
        self.text.setPlaceholderText("What the GM says happens (optional)")
        shown = ("day-gm-grant", "day-gm-refuse", *(("day-gm-oracle",) if self.solo else ()))
        self._show(shown)

    def _show(self, names: tuple[str, ...]) -> None:
        for name, button in self.buttons.items():
            button.setVisible(name in names)
        self.setVisible(True)
