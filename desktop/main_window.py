"""The main window: a stack of screens, starting with the title screen, and the one save store of the app.

Start-up imports only what the title screen needs (the title screen, the save store's folder lock and
its read-only listing). The game itself (the flow screens, the load screen, the table, the characters,
the demo, the rules engine) is imported where it is first used: the ``navigator`` property and the
title screen's handlers. tests/foundation/test_app_start.py checks that the rules engine stays out.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QCloseEvent, QFont, QKeyEvent
from PySide6.QtWidgets import QApplication, QMainWindow, QPushButton, QStackedWidget, QWidget

from rt0table.desktop.app import APP_NAME
from rt0table.desktop.flow.theme import EnterPresses, apply_theme
from rt0table.desktop.last_resort import in_words
from rt0table.desktop.saves import DamagedSaveError, SaveError, SaveFolderLockedError, SaveStore
from rt0table.desktop.table.settings import TableSettings
from rt0table.desktop.table.settings_file import Kept, SettingsFileError, read_kept, settings_path, write_kept
from rt0table.desktop.title_screen import TitleScreen

if TYPE_CHECKING:
    from rt0table.desktop.flow.autosave import Autosave
    from rt0table.desktop.flow.game_menu import GameMenu
    from rt0table.desktop.flow.mode_screen import ModeScreen
    from rt0table.desktop.flow.navigator import Navigator
    from rt0table.desktop.flow.playthrough import Playthrough
    from rt0table.desktop.load_screen import LoadScreen

NO_SAVES = "Saved games are off in this window: {why}"


def unreadable(path: Path, error: Exception) -> SaveError:
    """An error no check foresaw, as a message about the save: Continue and Load never crash on a file."""
    why = "it holds data nested too deeply to read" if isinstance(error, RecursionError) else str(error)
    return DamagedSaveError(path, f"this save cannot be opened: {why or type(error).__name__}")


class MainWindow(QMainWindow):
    """A stack of screens: the title screen stays, the rest come and go as the Navigator shows them."""

    def __init__(self, save_dir: Path | None = None) -> None:
        super().__init__()
        self.save_dir = save_dir  # the --save-dir flag, resolved; None: $RT0_SAVE_DIR, else the user's data folder
        self.setWindowTitle(APP_NAME)
        self.screens = QStackedWidget()
        self.title_screen = TitleScreen()
        self.title_screen.chosen.connect(self.on_title_choice)
        self.title_screen.enable("demo")
        self.screens.addWidget(self.title_screen)
        self.table_settings = TableSettings()
        self.enter_presses = EnterPresses(self)  # Enter presses the focused button on every screen
        QApplication.instance().installEventFilter(self.enter_presses)  # type: ignore[union-attr]
        self.base_font = QApplication.font()
        self.settings_file = settings_path()
        self.game_menu: GameMenu | None = None
        self.menu_button = QPushButton("☰ Menu (Esc)")
        self.menu_button.setObjectName("menu-button")
        self.menu_button.setAccessibleName("Game menu")
        self.menu_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab never lands here and steals the table's keys
        self.menu_button.clicked.connect(self.open_game_menu)
        self.statusBar().addPermanentWidget(self.menu_button)
        self._navigator: Navigator | None = None  # made on first use: it imports the whole game
        self.autosave: Autosave | None = None
        self.store: SaveStore | None = None
        self.store_problem = ""  # why there is no store, in words
        self.open_store()
        self.setCentralWidget(self.screens)
        self.resize(1280, 800)
        self.load_settings()

    # --- the save store: one per window, on the save folder ---

    def open_store(self) -> None:
        try:
            self.store = SaveStore(self.save_dir)
        except SaveFolderLockedError as error:
            self.store_problem = f"{error.problem} ({error.path})."
        except SaveError as error:
            self.store_problem = f"{error}."
        self.refresh_title()

    def refresh_title(self) -> None:
        title = self.title_screen
        if self.store is None:
            why = NO_SAVES.format(why=self.store_problem)
            title.say(why + " The demo still works.")
            for key in ("new", "continue", "load"):
                title.disable(key, why)
            return
        title.say("")
        title.enable("new")
        if self.store.newest() is not None:
            title.enable("continue")
        else:
            title.disable("continue", "There is no saved game to go back to yet.")
        if self.store.list_games():
            title.enable("load")
        else:
            title.disable("load", "There are no saved games in the save folder yet.")

    def closeEvent(self, event: QCloseEvent) -> None:
        self.close_store()
        super().closeEvent(event)

    def close_store(self) -> None:
        """Give the save folder back (another window may open it now)."""
        self._drop_autosave()
        if self.store is not None:
            self.store.close()
            self.store = None

    @property
    def navigator(self) -> Navigator:
        """The path through the current game; the first use imports the flow screens, the table and the rules."""
        if self._navigator is None:
            self._navigator = self._new_navigator()
        return self._navigator

    def _new_navigator(self) -> Navigator:
        from rt0table.desktop.flow.navigator import Navigator

        navigator = Navigator(self, self.table_settings)
        navigator.save_dir = self.save_dir
        navigator.playthrough_started.connect(self.keep)
        self._navigator = navigator
        return navigator

    def keep(self, playthrough: Playthrough) -> None:
        """A new playthrough: a new save, kept up to date from now on."""
        from rt0table.desktop.flow.autosave import Autosave

        self._drop_autosave()
        if self.store is None:
            self.statusBar().showMessage(f"This game is not being saved: {self.store_problem}")
            return
        try:
            self.autosave = Autosave.start(self.store, playthrough, self)
        except Exception as error:  # a SaveError naming the file, or the last resort: saving could not start
            self.statusBar().showMessage(f"This game is not being saved: {in_words(error)}")
            return
        self.autosave.failed.connect(self._save_failed)

    def _drop_autosave(self) -> None:
        if self.autosave is not None:
            self.autosave.playthrough.funnel.recorder = None
            self.autosave.deleteLater()
            self.autosave = None

    def _save_failed(self, problem: str) -> None:
        self.statusBar().showMessage(problem)

    # --- the player's settings, kept in the user's config folder ---

    def load_settings(self) -> None:
        """The settings kept from earlier runs; a damaged file is named in the status bar and the defaults used."""
        try:
            kept = read_kept(self.settings_file)
        except SettingsFileError as error:
            self.statusBar().showMessage(f"Default settings in use: {error}")
            kept = Kept()
        self.apply_settings(kept)

    def apply_settings(self, kept: Kept) -> None:
        """Into the settings every new table copies, the table or lesson on screen now, and the window's text."""
        kept.apply(self.table_settings)
        current = self.screens.currentWidget()
        holders = (current, *(getattr(current, name, None) for name in ("controller", "scene", "lesson")))
        for holder in holders:
            settings = getattr(holder, "settings", None)
            if isinstance(settings, TableSettings) and settings is not self.table_settings:
                kept.apply(settings)
        scaled = QFont(self.base_font)
        if self.base_font.pointSizeF() > 0:
            scaled.setPointSizeF(self.base_font.pointSizeF() * kept.ui_scale)
        self.setFont(scaled)
        view = getattr(current, "view", None)
        relayout = getattr(getattr(current, "scene", None), "relayout", None)
        if view is not None and callable(relayout):
            relayout(view.viewport().width(), view.viewport().height())

    def save_settings(self, kept: Kept) -> None:
        self.apply_settings(kept)
        try:
            write_kept(kept, self.settings_file)
        except OSError as error:
            self.statusBar().showMessage(f"The settings apply now but could not be kept: {error}")

    # --- the game menu: Esc when nothing else is open, or the menu button ---

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Esc reaches the window only when nothing on the screen had anything open to close."""
        if event.key() == Qt.Key.Key_Escape and not event.modifiers():
            self.open_game_menu()
            event.accept()
            return
        super().keyPressEvent(event)

    def open_game_menu(self) -> GameMenu:
        from rt0table.desktop.flow.game_menu import GameMenu

        if self.game_menu is not None and self.game_menu.isVisible():
            return self.game_menu
        on_title = self.screens.currentWidget() is self.title_screen
        menu = GameMenu(in_game=self.autosave is not None and not on_title, parent=self)
        if on_title:
            menu.disable("title", "This is the title screen.")
        if self.store is None or not self.store.list_games():
            menu.disable("load", "There are no saved games to load." if self.store else self.store_problem)
        menu.chosen.connect(self.on_menu_choice)
        menu.finished.connect(menu.deleteLater)
        self.game_menu = menu
        menu.open()
        return menu

    def on_menu_choice(self, key: str) -> None:
        if key == "settings":
            self.open_settings()
        elif key == "help":
            self.open_help()
        elif key == "title":
            self.leave_game()
        else:
            self.on_title_choice(key)

    def leave_game(self) -> None:
        """Back to the title; the game was saved step by step, so Continue finds it where it stopped."""
        problem = self.autosave.problem if self.autosave is not None else ""
        self._drop_autosave()
        self.show_title()
        if problem:
            self.title_screen.say(f"The last save did not go through: {problem}")

    def open_settings(self) -> QWidget:
        from rt0table.desktop.flow.game_menu import SettingsPage

        page = SettingsPage(Kept.of(self.table_settings), self)
        page.accepted.connect(lambda: self.save_settings(page.kept))
        page.finished.connect(page.deleteLater)
        page.open()
        return page

    def open_help(self) -> QWidget:
        from rt0table.desktop.flow.game_menu import HelpPage

        page = HelpPage(self)
        page.finished.connect(page.deleteLater)
        page.open()
        return page

    # --- the title screen's choices ---

    def on_title_choice(self, key: str) -> None:
        """The title screen's buttons; the last resort says on the title screen whatever one of them trips on."""
        try:
            self._on_title_choice(key)
        except Exception as error:
            self.show_title()
            self.title_screen.say(f"That did not work, and no file was changed.\n{in_words(error)}")

    def _on_title_choice(self, key: str) -> None:
        if key == "quit":
            self.close()
        elif key == "new":
            self.start_new_game()
        elif key == "quick":
            self._new_navigator().quick_start()
        elif key == "continue":
            self.continue_newest()
        elif key == "load":
            self.open_load_screen()
        elif key == "demo":
            self.open_demo()
        elif key == "paradise":  # a new game set in Paradise Lua: the one-shot of Act 1 is chosen to begin with
            screen = self.start_new_game()
            screen.setting_pick.setCurrentIndex(screen.setting_pick.findData("lua-one-shot"))
        elif key == "lab":
            self.open_lab()

    def continue_newest(self) -> bool:
        """Go back to the game played last, where it stopped; the load screen says why when it cannot."""
        newest = self.store.newest() if self.store is not None else None
        if newest is None:
            self.open_load_screen()
            return False
        return self.open_game(newest)

    def open_load_screen(self) -> LoadScreen:
        from rt0table.desktop.load_screen import LoadScreen

        assert self.store is not None
        screen = LoadScreen(self.store)
        screen.load_requested.connect(self.open_game)
        screen.watch_requested.connect(self.open_replay)
        screen.back.connect(self.show_title)
        self.show_screen(screen)
        return screen

    # --- every game's new game and saved games (desktop/game_shelf.py; each game's folder holds its own) ---

    def start_new_game(self) -> ModeScreen:
        """The new-game flow's first screen: RT:0's modes, and a button for each other game on the shelf."""
        screen = self._new_navigator().start()
        screen.other_game.connect(self.open_new_game_of)
        return screen

    def open_new_game_of(self, key: str) -> QWidget:
        """Another game than RT:0 picked in the new-game flow: its own first screen (its own package)."""
        from rt0table.desktop.game_shelf import SHELF

        return SHELF[key].new_game(self)

    def open_game(self, game_id: str) -> bool:
        """Load a game and carry on where it stopped; on failure the load screen names the file and the problem."""
        from rt0table.desktop.game_shelf import SHELF
        from rt0table.desktop.saves.errors import UnknownRulesetError
        from rt0table.desktop.saves.seam_save import is_seam_save, saved_ruleset
        from rt0table.desktop.saves.setup_codec import RT0

        assert self.store is not None
        path = self.store.path_of(game_id)
        # A playthrough, or a file that is no save at all (RT:0's reader names what is wrong with it).
        key = saved_ruleset(path) if is_seam_save(path) else RT0
        try:
            if key not in SHELF:
                raise UnknownRulesetError(path, key)
            return SHELF[key].open_save(self, game_id)
        except SaveError as error:
            self.show_load_problem(game_id, error)
            return False

    def show_load_problem(self, game_id: str, error: SaveError) -> None:
        """Name a save's problem on the load screen (the one showing, else a new one)."""
        from rt0table.desktop.load_screen import LoadScreen

        current = self.screens.currentWidget()
        screen = current if isinstance(current, LoadScreen) else self.open_load_screen()
        screen.show_error(game_id, error)

    def open_playthrough(self, game_id: str) -> bool:
        """RT:0's saved playthrough, carried on where it stopped; any failure is named on the load screen."""
        from rt0table.desktop.flow.autosave import Autosave
        from rt0table.desktop.flow.resume import restore

        assert self.store is not None
        try:
            loaded = self.store.load(game_id)
            resumed = restore(loaded)
        except Exception as raised:  # a save that trips up the resume is named, never a crash
            error = raised if isinstance(raised, SaveError) else unreadable(self.store.path_of(game_id), raised)
            self.show_load_problem(game_id, error)
            return False
        self._drop_autosave()
        playthrough = resumed.playthrough
        self.autosave = Autosave(self.store, game_id, playthrough, loaded.campaign, self)
        self.autosave.failed.connect(self._save_failed)
        if resumed.fight is not None:
            playthrough.resume_fight(
                resumed.fight, resumed.answered, resumed.played_before, resumed.opening, resumed.around
            )
        self._new_navigator().resume(playthrough, resumed.log)
        return True

    def open_replay(self, game_id: str) -> bool:
        """Watch a save's newest fight again; nothing in the save changes. A failure is named on the load screen."""
        from rt0table.desktop.load_screen import LoadScreen
        from rt0table.desktop.replay_viewer.saved_fight import replay_of_save

        assert self.store is not None
        try:
            screen = replay_of_save(self.store.load(game_id), self.table_settings)
        except Exception as raised:  # a save that trips up the replay is named, never a crash
            error = raised if isinstance(raised, SaveError) else unreadable(self.store.path_of(game_id), raised)
            current = self.screens.currentWidget()
            shown = current if isinstance(current, LoadScreen) else self.open_load_screen()
            shown.show_error(game_id, error)
            return False
        screen.closed.connect(self.open_load_screen)
        self.show_screen(screen)
        screen.setFocus()
        return True

    def open_demo(self) -> QWidget:
        """The lesson picker; its way out returns to the title screen."""
        from rt0table.desktop.demo.screen import DemoScreen

        demo = DemoScreen(self.table_settings)
        demo.closed.connect(self.show_title)
        self.show_screen(demo)
        return demo

    def open_lab(self) -> QWidget:
        """The balance lab with the preset parties and the parties of the saved games; Back returns to the title."""
        from rt0table.desktop.bestiary.user_bestiary import fight_bestiary
        from rt0table.desktop.lab.lab_screen import LabScreen
        from rt0table.desktop.lab.saved_parties import saved_parties

        parties = saved_parties(self.store) if self.store is not None else []
        bestiary, _mine, _problem = fight_bestiary(self.save_dir)  # the GM's own adversaries too (issue 20)
        lab = LabScreen(bestiary, parties, self.table_settings)
        lab.closed.connect(self.show_title)
        self.show_screen(lab)
        return lab

    def show_screen(self, screen: QWidget) -> None:
        """Show ``screen`` in place of the current one (the title screen is kept)."""
        old = self.screens.currentWidget()
        self.screens.addWidget(screen)
        self.screens.setCurrentWidget(screen)
        if old is not None and old is not self.title_screen:
            self.screens.removeWidget(old)
            old.deleteLater()

    def show_title(self) -> None:
        self.refresh_title()
        self.show_screen(self.title_screen)


def application() -> QApplication:
    app = QApplication.instance()
    if isinstance(app, QApplication):
        return app
    app = QApplication(sys.argv[:1])
    app.setApplicationName(APP_NAME)
    apply_theme(app)
    return app


OPENING_SIZE = QSize(1280, 800)
FRAME_ALLOWANCE = QSize(16, 48)  # the window manager's border and title bar around the client area


def opening_size(free: QSize) -> QSize | None:
    """The size a new window opens at on a screen with ``free`` room, or None: maximised, as nothing smaller
    than the screen would be any better."""
    needed = OPENING_SIZE + FRAME_ALLOWANCE
    return OPENING_SIZE if needed.width() <= free.width() and needed.height() <= free.height() else None


def show_on_screen(window: QWidget) -> None:
    """Open within the screen: 1280x800 in the middle of it where that fits, else maximised."""
    screen = window.screen()
    free = screen.availableGeometry()
    size = opening_size(free.size())
    if size is None:
        window.setGeometry(free)  # where the platform has no window manager to maximise, this is the fit
        window.showMaximized()
        return
    window.resize(size)
    window.move(free.center() - window.rect().center())
    window.show()


def run_app(save_dir: Path | None = None) -> int:
    app = application()
    window = MainWindow(save_dir)
    show_on_screen(window)
    return app.exec()


def smoke_test() -> int:
    """Build the window, render one frame, report, exit 0 (non-zero when the frame is empty)."""
    app = application()
    with tempfile.TemporaryDirectory(prefix="rt0-smoke-") as folder:  # the player's saves are never touched
        return _smoke(app, Path(folder))


def _smoke(app: QApplication, folder: Path) -> int:
    from rt0table.desktop.flow.mode_screen import ModeScreen
    from rt0table.desktop.flow.playthrough import Mode

    window = MainWindow(folder)
    window.show()
    app.processEvents()
    frame = window.grab().toImage()
    window.on_title_choice("paradise")  # the Paradise Lua map too: its layout needs networkx in the bundle
    mode_screen = window.screens.currentWidget()
    if isinstance(mode_screen, ModeScreen):
        mode_screen.buttons[Mode.SOLO].click()  # the one-shot's party is ready-made: straight to the map
    app.processEvents()
    map_frame = window.grab().toImage()
    window.on_title_choice("lab")  # the balance lab too: its plots need pyqtgraph and numpy in the bundle
    app.processEvents()
    lab_frame = window.grab().toImage()
    lab_shown = window.screens.currentWidget() is not window.title_screen  # a failure goes back to the title
    window.close()
    if not lab_shown:
        print(f"smoke-test: FAILED, the balance lab did not open: {window.title_screen.notice.text()}", file=sys.stderr)
        return 1
    if frame.isNull() or frame.width() == 0 or map_frame.isNull() or lab_frame.isNull():
        print("smoke-test: FAILED, the window rendered nothing", file=sys.stderr)
        return 1
    print(f"smoke-test: ok {frame.width()}x{frame.height()}")
    return 0
