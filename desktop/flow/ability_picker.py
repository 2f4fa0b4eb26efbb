"""Per player, the Arcana Abilities to bring into this fight (CMB-CHOOSE-ABILITIES)."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QGroupBox, QLabel, QVBoxLayout, QWidget

from rt0table.desktop.lettering import HINT_STYLE, scaled_font
from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.campaign import fight_plan as fp
from rt0table.rules.rt0.campaign.corruption import EXTRA_ABILITY_COST
from rt0table.rules.rt0.fight.engine import CHOSEN_ARCANA_ABILITIES


class AbilityPicker(QGroupBox):
    """One member's six Arcana Abilities as check boxes: two to choose, fully upgraded ones already in."""

    changed = Signal()

    def __init__(self, campaign: cp.Campaign, member_id: str, parent: QWidget | None = None) -> None:
        member = campaign.member(member_id)
        super().__init__(f"{member.character.name} — {member.character.arcana.title}", parent)
        self.member_id = member_id
        self.choices = fp.ability_choices(campaign, member_id)
        self.boxes: dict[str, QCheckBox] = {}
        layout = QVBoxLayout(self)
        self.count_label = QLabel()
        self.count_label.setObjectName(f"abilities-count-{member_id}")
        layout.addWidget(self.count_label)
        for choice in self.choices:
            box = QCheckBox(choice.name)
            box.setFont(scaled_font(self.font(), 1.0, bold=True))
            words = QLabel(self._words(choice))
            words.setWordWrap(True)
            words.setIndent(self.fontMetrics().height() * 2)
            if not choice.playable or choice.free:
                words.setStyleSheet(HINT_STYLE)
            layout.addWidget(box)
            layout.addWidget(words)
            if choice.ability_id is None:
                box.setEnabled(False)
                continue
            box.setObjectName(f"ability-{member_id}-{choice.ability_id}")
            if choice.free:
                box.setChecked(True)
                box.setEnabled(False)
                box.setText(f"{choice.name} (fully upgraded: included, free)")
            box.toggled.connect(self._toggled)
            self.boxes[choice.ability_id] = box
        self._render()

    @staticmethod
    def _words(choice: fp.AbilityChoice) -> str:
        if not choice.playable:
            return f"Not on the card table yet. Corruption Upgrade: {choice.upgrade}."
        if choice.upgrade in choice.summary:  # the summary already says what the upgrade does
            return choice.summary
        return f"{choice.summary}\nCorruption Upgrade: {choice.upgrade}."

    def chosen(self) -> tuple[str, ...]:
        """The ability ids ticked by the player (free ones are added by the rules anyway)."""
        free = {c.ability_id for c in self.choices if c.free}
        return tuple(a for a, box in self.boxes.items() if box.isChecked() and a not in free)

    def short(self) -> int:
        """How many more abilities this player could still choose (0 when the choice is full or nothing is left)."""
        open_ = sum(1 for c in self.choices if c.playable and not c.free and c.ability_id is not None)
        return max(0, min(CHOSEN_ARCANA_ABILITIES, open_) - len(self.chosen()))

    def _toggled(self, _checked: bool) -> None:
        self._render()
        self.changed.emit()

    def _render(self) -> None:
        picked = len(self.chosen())
        full = picked >= CHOSEN_ARCANA_ABILITIES
        free = {c.ability_id for c in self.choices if c.free}
        for ability_id, box in self.boxes.items():
            if ability_id not in free:
                box.setEnabled(box.isChecked() or not full)
                box.setToolTip("Untick another to bring this one instead." if not box.isEnabled() else "")
        playable = sum(1 for c in self.choices if c.playable and not c.free)
        if playable == 0:
            self.count_label.setText("None of this Arcana's abilities are on the card table yet: the base six only.")
        else:
            self.count_label.setText(
                f"Chosen {picked} of {CHOSEN_ARCANA_ABILITIES}. More can join mid-fight for "
                f"{EXTRA_ABILITY_COST} Corruption each."
            )
