"""Name this station: the Administrator names the computer the window runs on ("Front counter
1"), the name every drawer and receipt opened here carries (clerk_desk/stations.py; issue 19)."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QLineEdit, QWidget

from clerk_desk import stations
from clerk_desk.receipts import views as receipt_views
from ui.kit import forms as forms
from ui.kit.operations import App, perform
from ui.kit.widgets import station_id


class NameStationDialog(forms.FormDialog):
    """The name of this counter station, typed by the Administrator.

    Signals: those of :class:`QDialog`.
    """

    def __init__(self, parent: QWidget | None, app: App) -> None:
        super().__init__(parent, "Name this station")
        self.setObjectName("name_station_dialog")
        self.app = app
        self.station_id = station_id()
        self.named = perform(
            parent, app, lambda a: stations.this_station(a, self.station_id), writes=False
        )
        note = QLabel(
            "The name of this computer at the counter, as receipts and drawers print it "
            "(for example Front counter 1). Each station has its own name."
        )
        note.setWordWrap(True)
        self.add_top(note)
        self.station = QLineEdit(self.named or "")
        self.station.setObjectName("station")
        self.station.setPlaceholderText("Front counter 1")
        limit = receipt_views.station_name_limit()
        if limit is not None:
            self.station.setMaxLength(limit)
        self.add_field("&Station name", self.station, "station")
        self.finish_layout()

    def commit(self) -> object:
        typed = self.station.text()
        return perform(
            self,
            self.app,
            lambda action: stations.name_station(action, self.station_id, typed),
            errors=self.errors,
        )


def name_this_station(parent: QWidget | None, app: App) -> bool:
    """Ask the Administrator for this station's name; True if saved."""
    return bool(forms.run_modal(NameStationDialog(parent, app)))
