"""A table's accessible tree read back for tests: the view's interface, its children (checked both ways), one by
name. The ``listening`` fixture (tests/desktop/conftest.py) keeps what a screen reader is sent."""

from __future__ import annotations

from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import QWidget

NAME = QAccessible.Text.Name


def table_face(view: QWidget) -> QAccessibleInterface:
    face = QAccessible.queryAccessibleInterface(view)
    assert face is not None
    return face


def children(face: QAccessibleInterface) -> list[QAccessibleInterface]:
    found = [face.child(i) for i in range(face.childCount())]
    for index, child in enumerate(found):  # the tree holds both ways
        assert child.parent().object() is face.object()
        assert face.indexOfChild(child) == index
    return found


def named(face: QAccessibleInterface, name: str) -> QAccessibleInterface:
    return next(child for child in children(face) if child.text(NAME) == name)
