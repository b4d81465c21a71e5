"""What a label or message box shows a person: markup written out as text ("<p>Drawer of <b>",
"&lt;p&gt;") is a fault, wherever it appears (issue 19)."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import QLabel, QWidget

# a tag a window writes, or one escaped so that it shows as text
_TAG = re.compile(r"</?(p|b|i|br|table|tr|td|th|a|ul|li|span|div)\b[^>]*>", re.IGNORECASE)
_ESCAPED_TAG = re.compile(r"&lt;/?(p|b|i|br|table|tr|td|th|a|ul|li|span|div)\b", re.IGNORECASE)


def _rich(label: QLabel) -> bool:
    form = label.textFormat()
    if form == Qt.TextFormat.AutoText:
        return bool(GuiQt.mightBeRichText(label.text()))
    return form in (Qt.TextFormat.RichText, Qt.TextFormat.MarkdownText)


def markup_shown(widget: QWidget) -> list[str]:
    """The texts of ``widget``'s labels (and its own, if a label) that show markup as text."""
    labels = [widget] if isinstance(widget, QLabel) else []
    labels += widget.findChildren(QLabel)
    shown: list[str] = []
    for label in labels:
        text = label.text()
        if _ESCAPED_TAG.search(text) or (not _rich(label) and _TAG.search(text)):
            shown.append(text)
    return shown
