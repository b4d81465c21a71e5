"""The workflow tabs down the left side of the main window."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics, QPaintEvent, QPalette
from PySide6.QtWidgets import QStyle, QStyleOptionTab, QStylePainter, QTabBar


class SidebarTabBar(QTabBar):
    """The workflow tabs down the left side, their titles written across and left-aligned.

    Thirteen workflow titles do not fit across a 1280-pixel window in a readable font; down the
    side they all show at once, in the order of the counter's work, and read like a list.

    Signals: those of :class:`QTabBar`.
    """

    H_PADDING = 14
    V_PADDING = 9

    _widest: int | None = None
    """The width every tab takes, measured once: Qt asks each tab's size many times while it
    lays the bar out, and measuring all thirteen titles each time was 20 ms of the window's
    first paint."""

    def tabInserted(self, index: int) -> None:
        self._widest = None
        super().tabInserted(index)

    def tabRemoved(self, index: int) -> None:
        self._widest = None
        super().tabRemoved(index)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._widest = None
        super().changeEvent(event)

    def _width(self) -> int:
        if self._widest is None:
            self._widest = self._measure()
        return self._widest

    def _measure(self) -> int:
        metrics = self.fontMetrics()
        bold = QFont(self.font())
        bold.setBold(True)
        bold_metrics = QFontMetrics(bold)
        widest = max(
            (
                max(metrics.horizontalAdvance(t), bold_metrics.horizontalAdvance(t))
                for t in (self.tabText(i).replace("&&", "&") for i in range(self.count()))
            ),
            default=100,
        )
        return widest + 2 * self.H_PADDING + 6

    def tabSizeHint(self, index: int) -> QSize:
        return QSize(self._width(), self.fontMetrics().height() + 2 * self.V_PADDING)

    def minimumTabSizeHint(self, index: int) -> QSize:
        return self.tabSizeHint(index)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QStylePainter(self)
        for index in range(self.count()):
            option = QStyleOptionTab()
            self.initStyleOption(option, index)
            painter.drawControl(QStyle.ControlElement.CE_TabBarTabShape, option)
            selected = bool(option.state & QStyle.StateFlag.State_Selected)
            font = QFont(self.font())
            font.setBold(selected)
            painter.setFont(font)
            painter.setPen(self.palette().color(QPalette.ColorRole.WindowText))
            painter.drawText(
                option.rect.adjusted(self.H_PADDING, 0, -4, 0),
                int(
                    Qt.AlignmentFlag.AlignLeft
                    | Qt.AlignmentFlag.AlignVCenter
                    | Qt.TextFlag.TextShowMnemonic
                ),
                self.tabText(index),
            )
