"""What a screen reader gets of a table drawn on a QGraphicsView: one accessible child for each thing a player reads
or acts on (a card, a bin, a figure, a question and its options, a log line), each with a name, a description, a
role, a state and a place on the screen, and the focus and announcements as keys move it and the game speaks.

One mechanism for every game's table: a game gives its view a ``Reader`` (what its parts are and what each says),
and ``attach`` lets Qt's accessibility ask it. Nothing is built until a screen reader asks: the interfaces come from
a QAccessible factory on first query, and things drawn inside one item (a log line, a token on the grid) get a small
QObject of their own (``Anchors``) only then, so that Qt's cache can own their interfaces as it owns every other.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Protocol

import shiboken6
from PySide6.QtCore import QObject, QPoint, QRect, QRectF
from PySide6.QtGui import (
    QAccessible,
    QAccessibleAnnouncementEvent,
    QAccessibleEvent,
    QAccessibleInterface,
    QAccessibleObject,
)
from PySide6.QtWidgets import QAccessibleWidget, QGraphicsItem, QGraphicsView, QLabel, QWidget

Role = QAccessible.Role


@dataclass(frozen=True)
class Spoken:
    """One part of the table in words, with its role, its state and where it is drawn (scene terms)."""

    name: str
    description: str = ""
    role: QAccessible.Role = Role.StaticText
    rect: QRectF = field(default_factory=QRectF)
    focusable: bool = False
    focused: bool = False
    selected: bool = False
    disabled: bool = False
    shown: bool = True  # False: listed, but not on screen now (a log line scrolled away, an option's other page)
    layer: float = 0.0  # how high it is drawn (its z value): of two parts under a point, the higher is the one seen


class Reader(Protocol):
    """A game's table told to a screen reader: its parts in reading order, each part in words."""

    def parts(self, holder: QObject | None) -> list[QObject]:
        """The parts inside ``holder``, or the table's own when None."""
        ...

    def holder(self, part: QObject) -> QObject | None:
        """The part that lists ``part``, or None when the table does."""
        ...

    def spoken(self, part: QObject) -> Spoken: ...

    def focus(self) -> QObject | None:
        """The part the keys are on now, or None."""
        ...


@dataclass(frozen=True)
class Part:
    """One thing on a table of plain QGraphicsItems, redrawn at every change: ``key`` names it across redraws;
    ``words`` says it, called only when a screen reader asks."""

    key: str
    item: QGraphicsItem
    words: Callable[[], Spoken]


class PieceReader:
    """The reader of a table whose items are made again for every state (Moon's Grave, The Restless): its parts are
    one flat list from ``pieces``, each standing for the item drawn now under its key (rect: the item's own)."""

    def __init__(self, host: QObject, pieces: Callable[[], list[Part]]) -> None:
        self.host, self.pieces = host, pieces
        self.anchors = Anchors()

    def parts(self, holder: QObject | None) -> list[QObject]:
        return [self.anchors.get(self.host, part.key) for part in self.pieces()] if holder is None else []

    def holder(self, part: QObject) -> QObject | None:
        return None

    def spoken(self, part: QObject) -> Spoken:
        key = part.objectName()
        found = next((p for p in self.pieces() if p.key == key), None)
        if found is None:
            return Spoken("", shown=False)
        spoken, item = found.words(), found.item
        return replace(spoken, rect=spoken.rect if not spoken.rect.isNull() else item.sceneBoundingRect(),
                       layer=item.zValue())  # fmt: skip

    def focus(self) -> QObject | None:
        return None  # these tables are played from their panel's widgets, which have focus of their own


class SaidLine(QLabel):
    """A line of the panel whose every new text is also announced (a refusal: at once)."""

    def __init__(self, urgent: bool = True) -> None:
        super().__init__()
        self.urgent = urgent

    def setText(self, text: str) -> None:
        super().setText(text)
        say(self, text, self.urgent)


class Anchors:
    """Small QObjects standing for things drawn inside one item (its log lines, its tokens), made when asked for and
    owned by that item, so each has an accessible interface of its own that dies with the item."""

    def __init__(self) -> None:
        self.made: dict[tuple[int, str], QObject] = {}

    def get(self, holder: QObject, key: str) -> QObject:
        found = self.made.get((id(holder), key))
        if found is None or not shiboken6.isValid(found):
            found = QObject(holder)
            found.setObjectName(key)
            self.made[(id(holder), key)] = found
        return found


_readers: weakref.WeakKeyDictionary[QGraphicsView, Reader] = weakref.WeakKeyDictionary()
_parts: weakref.WeakKeyDictionary[QObject, QGraphicsView] = weakref.WeakKeyDictionary()
_focused: weakref.WeakKeyDictionary[QGraphicsView, QObject] = weakref.WeakKeyDictionary()
_installed = False


def attach(view: QGraphicsView, reader: Reader) -> None:
    """From now on a screen reader asking about ``view`` hears ``reader``'s parts as its children."""
    global _installed
    if not _installed:
        QAccessible.installFactory(_factory)
        _installed = True
    _readers[view] = reader
    before = QAccessible.queryAccessibleInterface(view)
    if before is not None and not isinstance(before, TableFace):  # asked before it had a reader: ask again
        QAccessible.deleteAccessibleInterface(QAccessible.uniqueId(before))


def face_of(view: QGraphicsView, part: QObject | None) -> QAccessibleInterface | None:
    """The accessible interface of one part of ``view``'s table (of the view itself for None)."""
    if part is None:
        return QAccessible.queryAccessibleInterface(view)
    _parts[part] = view
    return QAccessible.queryAccessibleInterface(part)


def follow_focus(view: QGraphicsView) -> None:
    """Tell a screen reader where the keys moved the focus on the table, when they moved it."""
    reader = _readers.get(view)
    part = reader.focus() if reader is not None else None
    if part is _focused.get(view):
        return
    if part is None:
        _focused.pop(view, None)  # nothing on the table holds the keys now: the view itself does
    else:
        _focused[view] = part
    if QAccessible.isActive():
        face_of(view, part)
        QAccessible.updateAccessibility(QAccessibleEvent(part or view, QAccessible.Event.Focus))


def say(source: QWidget, text: str, urgent: bool = False) -> None:
    """Say ``text`` now to whatever screen reader listens: at once when ``urgent`` (a refusal), else in turn."""
    if not text or not QAccessible.isActive():
        return
    event = QAccessibleAnnouncementEvent(source, text)
    if urgent:
        event.setPoliteness(QAccessible.AnnouncementPoliteness.Assertive)
    QAccessible.updateAccessibility(event)


def _factory(key: str, target: QObject) -> QAccessibleInterface | None:
    if isinstance(target, QGraphicsView):
        return TableFace(target) if target in _readers else None
    return PartFace(target) if _reading(target) is not None else None


def _screen_rect(view: QGraphicsView, rect: QRectF) -> QRect:
    shown = view.mapFromScene(rect).boundingRect()
    return QRect(view.viewport().mapToGlobal(shown.topLeft()), shown.size())


def _child_at(
    view: QGraphicsView, reader: Reader, holder: QObject | None, x: int, y: int
) -> QAccessibleInterface | None:
    """The part drawn on top at the screen point (x, y): the highest layer, and of equal layers the last listed."""
    hits: list[tuple[float, int, QObject]] = []
    for index, part in enumerate(reader.parts(holder)):
        spoken = reader.spoken(part)
        if spoken.shown and _screen_rect(view, spoken.rect).contains(QPoint(x, y)):
            hits.append((spoken.layer, index, part))
    return face_of(view, max(hits, key=lambda hit: hit[:2])[2]) if hits else None


# Qt takes a null interface from child(), childAt(), focusChild() and parent(); PySide's stubs leave None out,
# hence the ignores on those overrides below. The interfaces keep no Python reference to the view, its reader or the
# part: PySide keeps each interface's Python shell for good once Qt owns it, and a reference there would keep a
# whole table alive after it closed. They look the view and the reader up, by the object, each time.

NOTHING = Spoken("", shown=False)


def _reading(part: QObject | None) -> tuple[QGraphicsView, Reader] | None:
    """The view a part is on and that view's reader (for the view itself when ``part`` is one)."""
    if part is None or not shiboken6.isValid(part):
        return None
    view = part if isinstance(part, QGraphicsView) else _parts.get(part)
    reader = _readers.get(view) if view is not None and shiboken6.isValid(view) else None
    return (view, reader) if view is not None and reader is not None else None


class TableFace(QAccessibleWidget):
    """The view: its name and description stay the widget's own; its children are the reader's parts."""

    def __init__(self, view: QGraphicsView) -> None:
        super().__init__(view, Role.Client)

    def _parts(self) -> tuple[QGraphicsView, Reader, list[QObject]] | None:
        found = _reading(self.object())
        return (*found, found[1].parts(None)) if found is not None else None

    def childCount(self) -> int:
        found = self._parts()
        return len(found[2]) if found is not None else 0

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]
        found = self._parts()
        if found is None or not 0 <= index < len(found[2]):
            return None
        return face_of(found[0], found[2][index])

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        found = self._parts()
        target = child.object()
        return found[2].index(target) if found is not None and target in found[2] else -1

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # type: ignore[override]
        found = _reading(self.object())
        return _child_at(found[0], found[1], None, x, y) if found is not None else None

    def focusChild(self) -> QAccessibleInterface | None:  # type: ignore[override]
        found = _reading(self.object())
        part = found[1].focus() if found is not None else None
        if found is None or part is None:
            return super().focusChild()
        return face_of(found[0], part)


class PartFace(QAccessibleObject):
    """One part of the table, asking the reader for its words each time (they change as the game goes)."""

    def _spoken(self) -> Spoken:
        found = _reading(self.object())
        return found[1].spoken(self.object()) if found is not None else NOTHING

    def isValid(self) -> bool:
        return super().isValid() and _reading(self.object()) is not None

    def role(self) -> QAccessible.Role:
        return self._spoken().role

    def text(self, kind: QAccessible.Text) -> str:
        spoken = self._spoken()
        if kind == QAccessible.Text.Name:
            return spoken.name
        if kind == QAccessible.Text.Description:
            return spoken.description
        return ""

    def state(self) -> QAccessible.State:
        spoken = self._spoken()
        state = QAccessible.State()
        state.focusable = spoken.focusable
        state.focused = spoken.focused
        state.selectable = spoken.focusable
        state.selected = spoken.selected
        state.disabled = spoken.disabled
        state.invisible = not spoken.shown
        state.offscreen = not spoken.shown
        return state

    def rect(self) -> QRect:
        found = _reading(self.object())
        spoken = self._spoken()
        return _screen_rect(found[0], spoken.rect) if found is not None and spoken.shown else QRect()

    def parent(self) -> QAccessibleInterface | None:  # type: ignore[override]
        found = _reading(self.object())
        return face_of(found[0], found[1].holder(self.object())) if found is not None else None

    def _inner(self) -> tuple[QGraphicsView, Reader, list[QObject]] | None:
        found = _reading(self.object())
        return (*found, found[1].parts(self.object())) if found is not None else None

    def childCount(self) -> int:
        found = self._inner()
        return len(found[2]) if found is not None else 0

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]
        found = self._inner()
        if found is None or not 0 <= index < len(found[2]):
            return None
        return face_of(found[0], found[2][index])

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        found = self._inner()
        target = child.object()
        return found[2].index(target) if found is not None and target in found[2] else -1

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # type: ignore[override]
        found = _reading(self.object())
        return _child_at(found[0], found[1], self.object(), x, y) if found is not None else None

    def focusChild(self) -> QAccessibleInterface | None:  # type: ignore[override]
        found = _reading(self.object())
        focus = found[1].focus() if found is not None else None
        if found is None or focus is None or focus is self.object() or found[1].holder(focus) is not self.object():
            return None
        return face_of(found[0], focus)
