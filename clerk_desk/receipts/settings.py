"""The receipt settings every counter station shares: how receipts are numbered and printed,
and the GL account of actual City expenses (the Treasurer's setting)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from sqlalchemy.orm import Session

from clerk_desk import settings_store
from clerk_desk.desk import Action
from clerk_desk.desk_acts import DeskAct
from clerk_desk.errors import InvalidInput


@dataclass(frozen=True, slots=True)
class ReceiptSettings:
    """How receipts are numbered and printed, shared by every counter station."""

    number_format: str = "{year}-{number:06d}"
    paper: Literal["letter", "roll"] = "letter"
    print_directly: bool = False  # True: to the default printer without the dialog
    expenses_gl: str = "100-46300-000"  # where "actual City expenses" lines are posted

    def format_number(self, year: int, number: int) -> str:
        return self.number_format.format(year=year, number=number)


def receipt_settings(session: Session) -> ReceiptSettings:
    stored = settings_store.get_group(session, "receipts") or {}
    known = {k: v for k, v in stored.items() if k in ReceiptSettings.__slots__}
    return ReceiptSettings(**known)


def save_receipt_settings(action: Action, settings: ReceiptSettings) -> None:
    try:
        sample = settings.format_number(2026, 123)
    except (KeyError, ValueError, IndexError) as error:
        raise InvalidInput(
            "The receipt number format may use {year} and {number}, e.g. {year}-{number:06d}.",
            field="number_format",
        ) from error
    if "123" not in sample or len(sample) > 30:
        raise InvalidInput(
            "The receipt number format must show the number, in at most 30 characters.",
            field="number_format",
        )
    # Numbers restart at 1 every January: a format without the year would give next year's
    # first receipt this year's first number, and every save would collide with it.
    if settings.format_number(2026, 1) == settings.format_number(2027, 1):
        raise InvalidInput(
            "The receipt number format must show the year, e.g. {year}-{number:06d}: numbers "
            "start again at 1 every January.",
            field="number_format",
        )
    if settings.format_number(2026, 1) == settings.format_number(2026, 2):
        raise InvalidInput(
            "The receipt number format must tell the numbers of one year apart.",
            field="number_format",
        )
    if settings.paper not in ("letter", "roll"):
        raise InvalidInput("Receipts print on letter paper or the 80 mm roll.", field="paper")
    if not settings.expenses_gl.strip():
        raise InvalidInput("Enter the GL account for actual City expenses.", field="expenses_gl")
    settings_store.put_group(
        action,
        "receipts",
        {
            "number_format": settings.number_format,
            "paper": settings.paper,
            "print_directly": settings.print_directly,
            "expenses_gl": settings.expenses_gl.strip(),
        },
        "Receipt settings changed",
        act=DeskAct.RECEIPT_SETTINGS,
    )
