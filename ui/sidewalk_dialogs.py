"""The Sidewalks forms now live in :mod:`ui.sidewalks` (one module per kind of record). This
name stays only because the kit's import-linter contract lists it; once the contract names
``ui.sidewalks`` instead, delete this module. Nothing imports it."""

from __future__ import annotations

from ui.sidewalks import order_dialogs, permit_dialogs, plan_dialogs

__all__ = ["order_dialogs", "permit_dialogs", "plan_dialogs"]
