"""The City's fee schedule: effective-dated amounts with their GL accounts and sections.

Chapter 506 sets no amounts: permit fees are "as prescribed in the City's fee schedule", adopted by
Council resolution and on file with the Clerk. The shipped default schedule
(``resources/fee-schedule.csv``) is made of placeholders the City must set before going live.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from clerk_desk import desk_acts
from clerk_desk.desk import Action, snapshot
from clerk_desk.desk_acts import DeskAct
from clerk_desk.errors import Conflict, InvalidInput, NotFound
from clerk_desk.models import FeeItem
from clerk_desk.money import Money
from clerk_desk.paths import resource_path
from clerk_desk.today import SETTINGS, TodayItem, provider
from clerk_desk.validation import fits
from clerk_desk.words import us_date

DEFAULT_SCHEDULE = "fee-schedule.csv"
COLUMNS = (
    "code",
    "description",
    "amount",
    "gl_account",
    "section",
    "effective_from",
    "effective_to",
    "placeholder",
)


@dataclass(frozen=True, slots=True)
class FeeData:
    code: str
    description: str
    amount: Money
    gl_account: str
    section: str
    effective_from: date
    effective_to: date | None = None
    placeholder: bool = False


def _clean(data: FeeData) -> FeeData:
    code = data.code.strip().upper()
    if not code or not code.replace("-", "").replace("_", "").isalnum():
        raise InvalidInput("A fee code is letters and digits, e.g. STOPEN.", field="code")
    if not data.description.strip():
        raise InvalidInput("Describe the fee as the receipt should print it.", field="description")
    if not data.gl_account.strip():
        raise InvalidInput("Enter the GL account the fee is posted to.", field="gl_account")
    if data.effective_to is not None and data.effective_to < data.effective_from:
        raise InvalidInput("The fee cannot end before it starts.", field="effective_to")
    return FeeData(
        fits(FeeItem.code, code, "The fee code"),
        fits(FeeItem.description, " ".join(data.description.split()), "The description"),
        data.amount,
        fits(FeeItem.gl_account, data.gl_account.strip(), "The GL account"),
        fits(FeeItem.section, data.section.strip(), "The section"),
        data.effective_from,
        data.effective_to,
        data.placeholder,
    )


def _overlapping(session: Session, data: FeeData, own_id: int | None) -> FeeItem | None:
    query = select(FeeItem).where(
        FeeItem.code == data.code,
        or_(FeeItem.effective_to.is_(None), FeeItem.effective_to >= data.effective_from),
    )
    if data.effective_to is not None:
        query = query.where(FeeItem.effective_from <= data.effective_to)
    if own_id is not None:
        query = query.where(FeeItem.id != own_id)
    return session.scalars(query).first()


def _refuse_overlap(session: Session, data: FeeData, own_id: int | None) -> None:
    clash = _overlapping(session, data, own_id)
    if clash is not None:
        until = clash.effective_to.isoformat() if clash.effective_to else "no end date"
        raise Conflict(
            f"Fee {data.code} already has an amount in force from "
            f"{clash.effective_from.isoformat()} to {until}; end that one first, so that only "
            "one amount applies on any day."
        )


def add_fee(action: Action, data: FeeData) -> FeeItem:
    desk_acts.allow(action, DeskAct.FEE_SCHEDULE)
    data = _clean(data)
    _refuse_overlap(action.session, data, None)
    item = FeeItem(**{name: getattr(data, name) for name in FeeData.__slots__})
    action.session.add(item)
    action.audit(
        "fee.create",
        item,
        f"Fee {item.code} {item.amount} from {item.effective_from.isoformat()}",
        after=snapshot(item),
    )
    return item


def update_fee(action: Action, fee_id: int, data: FeeData) -> FeeItem:
    desk_acts.allow(action, DeskAct.FEE_SCHEDULE)
    item = action.session.get(FeeItem, fee_id)
    if item is None:
        raise NotFound(f"There is no fee item number {fee_id}.")
    data = _clean(data)
    _refuse_overlap(action.session, data, item.id)
    before = snapshot(item)
    for name in FeeData.__slots__:
        setattr(item, name, getattr(data, name))
    action.audit(
        "fee.update", item, f"Fee {item.code} changed", before=before, after=snapshot(item)
    )
    return item


def change_amount(action: Action, code: str, amount: Money, *, starting: date) -> FeeItem:
    """A new amount from ``starting`` on: the item in force is ended the day before.

    This is how a Council resolution changing a fee is entered; receipts already written keep
    the amount they charged.
    """
    desk_acts.allow(action, DeskAct.FEE_SCHEDULE)
    current = fee_on(action.session, code, starting)
    if current.effective_from >= starting:
        raise Conflict(
            f"Fee {current.code} already starts on {current.effective_from}; "
            "edit that item instead."
        )
    ended = FeeData(
        current.code,
        current.description,
        current.amount,
        current.gl_account,
        current.section,
        current.effective_from,
        date.fromordinal(starting.toordinal() - 1),
        current.placeholder,
    )
    new_to = current.effective_to
    update_fee(action, current.id, ended)
    return add_fee(
        action,
        FeeData(
            current.code,
            current.description,
            amount,
            current.gl_account,
            current.section,
            starting,
            new_to,
            False,
        ),
    )


def fee_on(session: Session, code: str, day: date) -> FeeItem:
    """The fee item in force for ``code`` on ``day``."""
    item = session.scalars(
        select(FeeItem).where(
            FeeItem.code == code.strip().upper(),
            FeeItem.effective_from <= day,
            or_(FeeItem.effective_to.is_(None), FeeItem.effective_to >= day),
        )
    ).first()
    if item is None:
        raise NotFound(f"The fee schedule has no amount for {code} on {day.isoformat()}.")
    return item


def schedule(session: Session, *, on: date | None = None) -> list[FeeItem]:
    """All fee items (or those in force on ``on``), by code then start date."""
    query = select(FeeItem).order_by(FeeItem.code, FeeItem.effective_from)
    if on is not None:
        query = query.where(
            FeeItem.effective_from <= on,
            or_(FeeItem.effective_to.is_(None), FeeItem.effective_to >= on),
        )
    return list(session.scalars(query))


@dataclass(frozen=True, slots=True)
class FeeRow:
    """One item of the schedule as the settings window lists it."""

    id: int
    code: str
    description: str
    amount: Money
    gl_account: str
    section: str
    effective_from: date
    effective_to: date | None
    placeholder: bool
    today: date
    """The day the row is read, for its status."""

    @classmethod
    def of(cls, item: FeeItem, today: date) -> FeeRow:
        return cls(
            item.id,
            item.code,
            item.description,
            item.amount,
            item.gl_account,
            item.section,
            item.effective_from,
            item.effective_to,
            item.placeholder,
            today,
        )

    @property
    def in_force(self) -> bool:
        return self.effective_from <= self.today and (
            self.effective_to is None or self.effective_to >= self.today
        )

    @property
    def status(self) -> str:
        if self.effective_to is not None and self.effective_to < self.today:
            return "Ended"
        if self.effective_from > self.today:
            return "From " + us_date(self.effective_from)
        return "Placeholder" if self.placeholder else "In force"


def fee_rows(action: Action) -> list[FeeRow]:
    """The whole schedule, by code then start date, as the settings window lists it."""
    today = action.today()
    return [FeeRow.of(item, today) for item in schedule(action.session)]


def export_rows(action: Action) -> list[tuple[object, ...]]:
    """The whole schedule as the Excel export (and :func:`import_schedule`) reads it."""
    return fees_to_rows(schedule(action.session))


def find_fees(session: Session, text: str, *, on: date) -> list[FeeItem]:
    """Fee items in force on ``on`` whose code or description holds the text typed."""
    words = text.strip().lower().split()
    return [
        item
        for item in schedule(session, on=on)
        if all(w in f"{item.code} {item.description}".lower() for w in words)
    ]


# -- import and export: rows of plain values, read and written by reports.excel ------------------


_ISO_DAY = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
# reports.excel.read_table gives Excel's date cells as 01/31/2026, with the time after a space
# when the cell holds one (how the City writes dates, and how the exported schedule shows them).
_US_DAY = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4})(?: \d{1,2}:\d{2}(?::\d{2})?)?")


def _parse_date(value: object, row: int, column: str) -> date | None:
    """A day from an imported cell: a real date, ``2026-01-31`` or ``01/31/2026``, nothing else.

    The whole text must be the date: "2026-01-31junk" is refused rather than read as its first
    ten characters, so that a typing slip in the file is shown, not guessed at.
    """
    if value in (None, ""):
        return None
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    text = str(value).strip()
    try:
        if match := _ISO_DAY.fullmatch(text):
            year, month, day = match.groups()
            return date(int(year), int(month), int(day))
        if match := _US_DAY.fullmatch(text):
            month, day, year = match.groups()
            return date(int(year), int(month), int(day))
    except ValueError:
        pass
    raise InvalidInput(
        f"Row {row}: {column} {value!r} is not a date (write it as 01/31/2026 or 2026-01-31).",
        field="file",
    )


def _parse_bool(value: object) -> bool:
    return str(value or "").strip().lower() in {"1", "yes", "true", "y", "x"}


def rows_to_fees(rows: Iterable[Mapping[str, object]], *, first_row: int = 2) -> list[FeeData]:
    """Read fee schedule rows (e.g. from Excel), refusing the whole file at the first bad row.

    Every refusal names the row and belongs to the ``file`` field of the import.
    """
    return [fee for _row, fee in numbered_rows_to_fees(rows, first_row=first_row)]


def numbered_rows_to_fees(
    rows: Iterable[Mapping[str, object]], *, first_row: int = 2
) -> list[tuple[int, FeeData]]:
    """:func:`rows_to_fees` keeping each item's row number, for :func:`import_schedule`."""
    fees: list[tuple[int, FeeData]] = []
    for number, row in enumerate(rows, start=first_row):
        row_no = int(str(row.get("__row__", number)))
        missing = [
            c
            for c in ("code", "description", "amount", "gl_account", "effective_from")
            if row.get(c) in (None, "")
        ]
        if missing:
            raise InvalidInput(f"Row {row_no}: {', '.join(missing)} missing.", field="file")
        try:
            amount = Money.parse(str(row["amount"]), field="amount")
        except InvalidInput as error:
            raise InvalidInput(f"Row {row_no}: {error.message}", field="file") from None
        start = _parse_date(row["effective_from"], row_no, "effective_from")
        assert start is not None
        end = _parse_date(row.get("effective_to"), row_no, "effective_to")
        try:
            fee = _clean(
                FeeData(
                    str(row["code"]),
                    str(row["description"]),
                    amount,
                    str(row["gl_account"]),
                    str(row.get("section") or ""),
                    start,
                    end,
                    _parse_bool(row.get("placeholder")),
                )
            )
        except InvalidInput as error:
            raise InvalidInput(f"Row {row_no}: {error.message}", field="file") from None
        fees.append((row_no, fee))
    return fees


def fees_to_rows(items: Iterable[FeeItem]) -> list[tuple[object, ...]]:
    return [
        (
            i.code,
            i.description,
            i.amount,
            i.gl_account,
            i.section,
            i.effective_from,
            i.effective_to,
            "yes" if i.placeholder else "",
        )
        for i in items
    ]


_COMPARED = {
    "description": "description",
    "amount": "amount",
    "gl_account": "GL account",
    "section": "section",
    "effective_to": "end date",
    "placeholder": "placeholder mark",
}


def _shown(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, date):
        return value.isoformat()
    return str(value) or "blank"


def import_schedule(action: Action, fees: Sequence[FeeData | tuple[int, FeeData]]) -> int:
    """Add the imported items; an item identical to one already there (every column) is skipped.

    An item with the code and start date of one already there but any other column different is
    refused, naming its row and what differs: an import adds items, it never changes one behind
    the Clerk's back. A correction is made with Edit on that item (audited as ``fee.update``).
    All or nothing: one refused row refuses the file, and nothing is written.
    Items come as :class:`FeeData`, or as ``(row number, FeeData)`` from
    :func:`numbered_rows_to_fees` so that a refusal names the file's row.
    """
    desk_acts.allow(action, DeskAct.FEE_SCHEDULE)
    added = 0
    for position, entry in enumerate(fees, start=1):
        where, data = (
            (f"Row {entry[0]}", entry[1])
            if isinstance(entry, tuple)
            else (f"Item {position}", entry)
        )
        try:
            data = _clean(data)
            existing = action.session.scalars(
                select(FeeItem).where(
                    FeeItem.code == data.code, FeeItem.effective_from == data.effective_from
                )
            ).first()
            if existing is not None:
                differences = [
                    f"{label} {_shown(getattr(existing, name))} in the schedule, "
                    f"{_shown(getattr(data, name))} in the file"
                    for name, label in _COMPARED.items()
                    if getattr(existing, name) != getattr(data, name)
                ]
                if not differences:
                    continue
                raise Conflict(
                    f"Fee {data.code} from {data.effective_from.isoformat()} is already in the "
                    f"schedule with a different {'; '.join(differences)}. Nothing was imported: "
                    "correct the item with Edit, or fix the file."
                )
            add_fee(action, data)
        except Conflict as error:
            raise Conflict(f"{where}: {error.message}", cite=error.cite) from None
        except InvalidInput as error:
            raise InvalidInput(f"{where}: {error.message}", field="file") from None
        added += 1
    return added


def default_schedule() -> list[FeeData]:
    """The shipped placeholder schedule."""
    with resource_path(DEFAULT_SCHEDULE).open(encoding="utf-8", newline="") as handle:
        return rows_to_fees(csv.DictReader(handle))


@provider("fee_placeholders")
def _placeholders(action: Action) -> list[TodayItem]:
    today = action.today()
    waiting = [item for item in schedule(action.session, on=today) if item.placeholder]
    if not waiting:
        return []
    codes = ", ".join(item.code for item in waiting)
    return [
        TodayItem(
            workflow=SETTINGS,
            due=today,
            title=f"{len(waiting)} fee amounts are placeholders the City has not set",
            detail=f"Set them in Settings → Fee schedule from the Council's resolution: {codes}.",
            cite="§ 506-6 (Fee)",
            group="Settings to fix before the City relies on them",
        )
    ]
