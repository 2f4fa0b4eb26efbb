"""No layout shifts under the pointer (issue 19): what the player is about to click stays where it was when a
choice elsewhere changes words on the page. Each test measures the widgets' geometry before and after the
change that used to move them: the Report Card's columns beside the party list, the solo oracle's header, and
the skill-check page's sideways scroll."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QGroupBox, QRadioButton, QScrollArea, QTabBar, QWidget
from pytestqt.qtbot import QtBot

from rt0table.desktop.characters.party_editor import PartyEditor
from rt0table.desktop.flow.between_fights import BetweenFightsScreen
from rt0table.desktop.flow.playthrough import Mode, Playthrough
from rt0table.desktop.solo.dock import solo_panel
from rt0table.rules.rt0.campaign import fight_plan as fp
from rt0table.rules.rt0.traits import ABILITIES, WEAKNESSES, Arcana, Skill
from tests.helpers.day_screens import open_tab, show
from tests.helpers.sample_party import MIRA
from tests.helpers.widgets import click

Places = dict[str, tuple[int, int, int, int]]


def places(root: QWidget) -> Places:
    """Every visible button's and section's rectangle in ``root``'s coordinates, once the layouts have settled."""
    for _ in range(3):
        QApplication.processEvents()
    found: Places = {}
    for widget in [*root.findChildren(QAbstractButton), *root.findChildren(QGroupBox)]:
        if widget.isVisible():
            corner = widget.mapTo(root, QPoint(0, 0))
            words = widget.title() if isinstance(widget, QGroupBox) else widget.text()
            found[f"{type(widget).__name__}:{widget.objectName() or words}"] = (
                corner.x(), corner.y(), widget.width(), widget.height()
            )  # fmt: skip
    return found


def rect_in(root: QWidget, widget: QWidget) -> tuple[int, int, int, int]:
    corner = widget.mapTo(root, QPoint(0, 0))
    return corner.x(), corner.y(), widget.width(), widget.height()


def moved(before: Places, after: Places) -> dict[str, tuple[object, object]]:
    return {name: (before.get(name), spot) for name, spot in after.items() if before.get(name) != spot}


def test_the_report_cards_columns_stay_put_as_choices_are_made(qtbot: QtBot) -> None:
    editor = PartyEditor()
    qtbot.addWidget(editor)
    editor.resize(1024, 600)
    editor.show()
    qtbot.waitExposed(editor)
    card = editor.start_character()
    QApplication.processEvents()
    assert card.width() > editor.width() * 0.55, "the Report Card gets the room beside the list"
    assert not card.scroll_area.horizontalScrollBar().isVisible(), "the card never scrolls sideways"
    steps = [
        card.arcana_buttons[Arcana.MAGICIAN],  # "free from", spell slots and reasons appear
        card.ability_buttons[ABILITIES[0]],
        card.weakness_buttons[WEAKNESSES[1]],
        card.arcana_buttons[Arcana.FOOL],  # every reason changes its words
        card.ability_buttons[ABILITIES[2]],
        card.a_plus_buttons[Skill.SCI],
        card.arcana_buttons[Arcana.HIGH_PRIESTESS],
    ]
    before = places(editor)
    for button in steps:
        click(qtbot, button)
        QApplication.processEvents()
        assert button.isChecked()
        after = places(editor)
        assert moved(before, after) == {}, f"clicking {button.objectName()} moved the page"


def test_the_oracles_header_keeps_its_height_so_the_tabs_stay_put(qtbot: QtBot) -> None:
    dock = solo_panel(seed=4)
    qtbot.addWidget(dock)
    dock.resize(340, 640)  # the drawer's width beside a 1024-wide table
    dock.show()
    qtbot.waitExposed(dock)
    panel = dock.panel
    tab_bar = panel.tabs.tabBar()

    def tabs() -> Places:  # the tabs and the page under them: what the pointer goes for next
        for _ in range(3):  # a label's new words lay the panel out again on the next passes
            QApplication.processEvents()
        return {"bar": rect_in(dock, tab_bar), "page": rect_in(dock, panel.tabs.currentWidget())}

    before = tabs()
    click(qtbot, panel.roll_button)  # no question typed: refused, and the refusal shows above the tabs
    assert panel.error_label.text()
    assert moved(before, tabs()) == {}, "a refusal pushed the tabs down"
    click_tab(qtbot, tab_bar, "Tracks")
    before = tabs()
    qtbot.keyClicks(panel.tracks_box.name, "Find the smuggler's tunnel under the old greenhouse before dawn")
    click(qtbot, panel.tracks_box.open_button)
    assert moved(before, tabs()) == {}, "a longer summary, or the refusal gone, moved the tabs"
    assert "smuggler" in panel.tools_label.text() and "smuggler" in panel.tools_label.toolTip()  # whole there
    assert not panel.error_label.text()


def click_tab(qtbot: QtBot, tab_bar: QTabBar, title: str) -> None:
    index = next(i for i in range(tab_bar.count()) if tab_bar.tabText(i) == title)
    qtbot.mouseClick(tab_bar, Qt.MouseButton.LeftButton, pos=tab_bar.tabRect(index).center())
    assert tab_bar.currentIndex() == index


def test_a_draw_on_the_skill_check_page_never_scrolls_it_sideways(qtbot: QtBot) -> None:
    playthrough = Playthrough(Mode.SOLO, fp.from_party([MIRA]), seed=8)
    screen = BetweenFightsScreen(playthrough)
    screen.set_oracle(solo_panel(playthrough.solo, seed=1))
    show(qtbot, screen, (1024, 640))  # the oracle beside it: the check page is wider than its view
    open_tab(qtbot, screen, "Skill checks")
    page = screen.tabs.currentWidget()
    assert isinstance(page, QScrollArea)
    checks = screen.checks
    qtbot.keyClicks(checks.subject, "Hack the door panel")
    choices = [checks.subject, *checks.findChildren(QRadioButton), checks.draw_button, checks.retry_button]

    def seen() -> Places:
        for _ in range(3):
            QApplication.processEvents()
        found = {f"{w.objectName()}:{i}": rect_in(screen, w) for i, w in enumerate(choices) if w.isVisible()}
        found["scrolled"] = (page.horizontalScrollBar().value(), page.verticalScrollBar().value(), 0, 0)
        return found

    before = seen()
    click(qtbot, checks.draw_button)  # the draw greys the button: its focus went on and dragged the page along
    assert checks.outcome.text() != "No card drawn yet" and not checks.draw_button.isEnabled()
    assert moved(before, seen()) == {}, "the draw moved the page (or its Draw and Retry buttons) under the pointer"
    assert QApplication.focusWidget() is checks.subject  # name the next task
