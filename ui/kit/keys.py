"""One Alt+letter per thing on a screen: mnemonics settled once a screen is built.

Each caption is written with the letter its author chose ("&Take payment"). On a busy tab two
captions often choose the same letter, or one the menu bar already answers (Alt+A was both
*Administration* and *Assign number*): Qt then only moves the focus between them, and a clerk
typing Alt+P into the payer's name lost its first word. :func:`settle` keeps every letter that
is free, in the order the screen shows its parts, and moves a repeated one to a free letter of
the same caption (a word's first letter first), or drops it when none is free. Like KDE's
accelerator manager, it runs on the built screen, so no author has to know every other
caption on it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from PySide6.QtWidgets import QAbstractButton, QGroupBox, QLabel, QWidget

_MNEMONIC = re.compile(r"&([^&\s])")


def mnemonic(text: str) -> str | None:
    """The Alt+letter of a caption ("&Open drawer…" → "o"), None without one."""
    found = _MNEMONIC.search(text.replace("&&", ""))
    return found.group(1).lower() if found else None


def without_mnemonic(text: str) -> str:
    """The caption with its ``&`` taken out (``&&``, a written ampersand, stays)."""
    return re.sub(r"&(?!&)", "", text.replace("&&", "\0")).replace("\0", "&&")


def with_mnemonic(text: str, taken: set[str]) -> str:
    """``text`` (no ``&``) with a free letter marked: a word's first letter, else any letter."""
    plain = text.replace("&&", "\0\0")
    starts = [
        i for i, c in enumerate(plain) if c.isalnum() and (i == 0 or not plain[i - 1].isalnum())
    ]
    others = [i for i, c in enumerate(plain) if c.isalnum() and i not in starts]
    for i in starts + others:
        if plain[i].lower() not in taken:
            taken.add(plain[i].lower())
            return text[:i] + "&" + text[i:]
    return text


def _captioned(screen: QWidget) -> list[QWidget]:
    """The parts of ``screen`` an Alt+letter can reach, in the order they were made."""
    parts: list[QWidget] = []
    for widget in screen.findChildren(QWidget):
        if isinstance(widget, QAbstractButton | QGroupBox) or (
            isinstance(widget, QLabel) and widget.buddy() is not None
        ):
            parts.append(widget)
    return parts


def _caption(widget: QWidget) -> str:
    return widget.title() if isinstance(widget, QGroupBox) else widget.text()  # type: ignore[attr-defined]


def _set_caption(widget: QWidget, text: str) -> None:
    if isinstance(widget, QGroupBox):
        widget.setTitle(text)
    else:
        widget.setText(text)  # type: ignore[attr-defined]


def settle(screen: QWidget, reserved: Iterable[str] = ()) -> None:
    """Make every Alt+letter on ``screen`` answer one thing; ``reserved`` letters (the menu
    bar's) are left to their owner. Visible parts keep their letters before hidden ones."""
    taken = {letter.lower() for letter in reserved}
    parts = _captioned(screen)
    parts.sort(key=lambda w: not w.isVisibleTo(screen))  # stable: visible first, made order
    moved: list[QWidget] = []
    for widget in parts:
        letter = mnemonic(_caption(widget))
        if letter is None:
            continue
        if letter in taken:
            moved.append(widget)
        else:
            taken.add(letter)
    for widget in moved:
        _set_caption(widget, with_mnemonic(without_mnemonic(_caption(widget)), taken))
