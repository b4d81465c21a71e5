"""The fee schedule: one amount in force on any day, changes by Council resolution, imports that
are all or nothing, and placeholders the Today tab keeps pointing at."""

from __future__ import annotations

import dataclasses
from datetime import date, datetime, timedelta

import pytest
from sqlalchemy import func, select

from clerk_desk import fees, today
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import Conflict, InvalidInput, NotFound
from clerk_desk.fees import FeeData
from clerk_desk.models import FeeItem
from clerk_desk.money import Money

FROM, TO = date(2027, 1, 1), date(2027, 6, 30)


def _fee(code: str, amount: str, start: date, end: date | None = None) -> FeeData:
    return FeeData(code, f"{code} permit", Money(amount), "100-44999-000", "§ 506-24", start, end)


def _items(desk: Desk) -> int:
    with desk.database.reading() as session:
        return session.scalar(select(func.count()).select_from(FeeItem)) or 0


@pytest.fixture
def dated(desk: Desk, admin: SignedIn) -> Desk:
    """DOG costs $10.00 for the first half of 2027 and $12.50 from July 1, 2027 on."""
    with desk.action(admin) as action:
        fees.add_fee(action, _fee("DOG", "10.00", FROM, TO))
        fees.add_fee(action, _fee("DOG", "12.50", TO + timedelta(days=1)))
    return desk


@pytest.mark.parametrize(
    ("day", "amount"),
    [
        (FROM, "10.00"),
        (TO, "10.00"),
        (TO + timedelta(days=1), "12.50"),
        (date(2040, 1, 1), "12.50"),
    ],
)
def test_the_amount_in_force_on_a_day(dated: Desk, day: date, amount: str) -> None:
    with dated.database.reading() as session:
        assert fees.fee_on(session, " dog ", day).amount == Money(amount)


def test_no_amount_before_the_first_item_starts(dated: Desk) -> None:
    with (
        dated.database.reading() as session,
        pytest.raises(NotFound, match="no amount for DOG on 2026-12-31"),
    ):
        fees.fee_on(session, "DOG", FROM - timedelta(days=1))


@pytest.mark.parametrize(
    ("start", "end"),
    [
        (TO, TO + timedelta(days=10)),  # starts on the last day of the first item
        (FROM - timedelta(days=10), FROM),  # ends on the first day
        (date(2030, 1, 1), None),  # inside the open-ended second item
        (FROM - timedelta(days=1), None),
    ],
)
def test_overlapping_items_are_refused(
    dated: Desk, admin: SignedIn, start: date, end: date | None
) -> None:
    before = _items(dated)
    with (
        pytest.raises(Conflict, match="only one amount applies on any day"),
        dated.action(admin) as action,
    ):
        fees.add_fee(action, _fee("DOG", "99.00", start, end))
    assert _items(dated) == before


def test_an_item_ending_the_day_before_another_starts_is_accepted(
    desk: Desk, admin: SignedIn
) -> None:
    with desk.action(admin) as action:
        fees.add_fee(action, _fee("CAT", "5.00", FROM, TO))
        fees.add_fee(
            action, _fee("CAT", "4.00", FROM - timedelta(days=30), FROM - timedelta(days=1))
        )
    with desk.database.reading() as session:
        assert fees.fee_on(session, "CAT", FROM - timedelta(days=1)).amount == Money("4.00")
        assert fees.fee_on(session, "CAT", FROM).amount == Money("5.00")


def test_a_fee_cannot_end_before_it_starts(desk: Desk, admin: SignedIn) -> None:
    with pytest.raises(InvalidInput) as caught, desk.action(admin) as action:
        fees.add_fee(action, _fee("CAT", "5.00", FROM, FROM - timedelta(days=1)))
    assert caught.value.field == "effective_to"
    with desk.action(admin) as action:  # a one-day fee is fine
        fees.add_fee(action, _fee("CAT", "5.00", FROM, FROM))


def test_changing_an_amount_ends_the_old_item_the_day_before(desk: Desk, admin: SignedIn) -> None:
    starting = date(2027, 3, 1)
    with desk.action(admin) as action:
        new = fees.change_amount(action, "STOPEN", Money("65.00"), starting=starting)
        assert not new.placeholder
    with desk.database.reading() as session:
        old = fees.fee_on(session, "STOPEN", starting - timedelta(days=1))
        assert old.amount == Money("50.00")
        assert old.effective_to == date(2027, 2, 28)
        assert old.placeholder
        assert fees.fee_on(session, "STOPEN", starting).amount == Money("65.00")
        assert fees.fee_on(session, "STOPEN", starting).effective_to is None
    with (
        pytest.raises(Conflict, match="already starts on 2027-03-01"),
        desk.action(admin) as action,
    ):
        fees.change_amount(action, "STOPEN", Money("70.00"), starting=starting)


def test_rows_are_read_with_their_row_numbers() -> None:
    rows = [
        {
            "code": "DOG",
            "description": "Dog licence",
            "amount": "$10.00",
            "gl_account": "100-1",
            "effective_from": "2027-01-01",
            "placeholder": "yes",
        },
        {
            "code": "CAT",
            "description": "Cat licence",
            "amount": "12.345",
            "gl_account": "100-1",
            "effective_from": "2027-01-01",
        },
    ]
    with pytest.raises(InvalidInput, match=r"^Row 3: "):
        fees.rows_to_fees(rows)
    with pytest.raises(InvalidInput, match=r"Row 2: gl_account, effective_from missing"):
        fees.rows_to_fees([{"code": "X", "description": "x", "amount": "1"}])
    with pytest.raises(InvalidInput, match=r"Row 7: effective_from 'soon' is not a date"):
        fees.rows_to_fees([{**rows[0], "effective_from": "soon", "__row__": 7}])
    (dog,) = fees.rows_to_fees(rows[:1])
    assert (dog.code, dog.amount, dog.placeholder) == ("DOG", Money("10.00"), True)


def test_an_import_is_all_or_nothing(desk: Desk, admin: SignedIn) -> None:
    before = _items(desk)
    clashing = [
        _fee("DOG", "10.00", FROM),
        _fee("CAT", "5.00", FROM),
        _fee("STOPEN", "80.00", FROM),  # the shipped STOPEN runs from 2026-01-01 with no end
    ]
    with pytest.raises(Conflict, match="STOPEN"), desk.action(admin) as action:
        fees.import_schedule(action, clashing)
    assert _items(desk) == before
    with desk.action(admin) as action:
        assert fees.import_schedule(action, clashing[:2]) == 2
    with desk.action(admin) as action:  # the same file again adds nothing
        assert fees.import_schedule(action, clashing[:2]) == 0
    assert _items(desk) == before + 2


def test_the_default_schedule_is_all_placeholders(desk: Desk) -> None:
    shipped = fees.default_schedule()
    assert {f.code for f in shipped} == {"STOPEN", "STPRIV", "SWCAFE", "VEND", "SNOW"}
    assert all(f.placeholder for f in shipped)
    with desk.database.reading() as session:
        loaded = fees.schedule(session, on=desk.clock.today())
        assert sorted(i.code for i in loaded) == sorted(f.code for f in shipped)
        assert all(i.placeholder for i in loaded)
        assert [i.code for i in fees.find_fees(session, "street", on=desk.clock.today())] == [
            "STOPEN",
            "STPRIV",
        ]


def _placeholder_items(desk: Desk, who: SignedIn) -> list[today.TodayItem]:
    with desk.lookup(who) as action:
        return [i for i in today.gather(action) if i.workflow == "Settings"]


def test_today_flags_placeholder_amounts_until_the_council_sets_them(
    desk: Desk, admin: SignedIn
) -> None:
    (item,) = _placeholder_items(desk, admin)
    assert item.title.startswith("5 fee amounts are placeholders")
    assert item.due == desk.clock.today()
    codes = ["STOPEN", "STPRIV", "SWCAFE", "VEND"]
    with desk.action(admin) as action:
        for code in codes:
            fees.change_amount(action, code, Money("30.00"), starting=desk.clock.today())
    (item,) = _placeholder_items(desk, admin)
    assert item.title.startswith("1 fee amounts")
    assert item.detail.endswith(": SNOW.")
    with desk.action(admin) as action:
        fees.change_amount(action, "SNOW", Money("75.00"), starting=desk.clock.today())
    assert _placeholder_items(desk, admin) == []


# -- text longer than its column -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "limit"), [("code", 20), ("description", 200), ("gl_account", 40), ("section", 120)]
)
def test_fee_text_longer_than_its_column_is_refused(
    desk: Desk, admin: SignedIn, field: str, limit: int
) -> None:
    def fee(length: int) -> FeeData:
        return dataclasses.replace(_fee("LONG", "1.00", FROM), **{field: "A" * length})

    with (
        pytest.raises(InvalidInput, match=f"too long: at most {limit} characters") as refused,
        desk.action(admin) as action,
    ):
        fees.add_fee(action, fee(limit + 1))
    assert refused.value.field == field
    with desk.action(admin) as action:
        assert len(getattr(fees.add_fee(action, fee(limit)), field)) == limit


def test_an_imported_row_too_long_is_refused_with_its_row_number() -> None:
    row = {
        "code": "DOG",
        "description": "Dog licence",
        "amount": "10",
        "gl_account": "1" * 41,
        "effective_from": "2027-01-01",
        "__row__": 4,
    }
    with pytest.raises(InvalidInput, match=r"^Row 4: The GL account is too long: at most 40"):
        fees.rows_to_fees([row])


# -- import errors belong to the file, and dates are read whole ----------------------------------

_ROW = {
    "code": "DOG",
    "description": "Dog licence",
    "amount": "10.00",
    "gl_account": "100-1",
    "effective_from": "2027-01-31",
    "__row__": 5,
}


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"gl_account": ""}, "Row 5: gl_account missing"),
        ({"amount": "12.345"}, "Row 5: "),
        ({"code": "D O G"}, "Row 5: A fee code"),
        ({"effective_from": "2026-01-31junk"}, "Row 5: effective_from '2026-01-31junk' is not"),
        ({"effective_from": "01/31/2026junk"}, "Row 5: effective_from"),
        ({"effective_from": "20270131"}, "Row 5: effective_from"),
        ({"effective_from": "2027-02-30"}, "Row 5: effective_from"),
        ({"effective_to": "13/01/2027"}, "Row 5: effective_to"),
    ],
)
def test_every_import_refusal_names_the_file_and_the_row(
    changes: dict[str, str], message: str
) -> None:
    with pytest.raises(InvalidInput, match=f"^{message}") as refused:
        fees.rows_to_fees([{**_ROW, **changes}])
    assert refused.value.field == "file"


@pytest.mark.parametrize(
    "cell",
    [
        "2027-01-31",
        " 2027-01-31 ",
        "01/31/2027",
        "1/31/2027",
        "01/31/2027 00:00",  # read_table's text of a date cell holding a time
        date(2027, 1, 31),
        datetime(2027, 1, 31, 0, 0),
    ],
)
def test_imported_dates_in_the_accepted_forms(cell: object) -> None:
    (fee,) = fees.rows_to_fees([{**_ROW, "effective_from": cell}])
    assert fee.effective_from == date(2027, 1, 31)
    assert type(fee.effective_from) is date


# -- re-importing an item compares every column -------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ({"gl_account": "100-99999-000"}, "GL account 100-44999-000 in the schedule, 100-99999"),
        ({"description": "Dog tag"}, "description"),
        ({"section": "§ 506-6 (Fee)"}, "section"),
        ({"amount": Money("11.00")}, "amount"),
        ({"effective_to": TO}, "end date"),
        ({"placeholder": True}, "placeholder"),
    ],
)
def test_a_reimport_that_differs_in_any_column_is_refused_with_its_row(
    desk: Desk, admin: SignedIn, changes: dict[str, object], says: str
) -> None:
    with desk.action(admin) as action:
        assert fees.import_schedule(action, [(2, _fee("DOG", "10.00", FROM))]) == 1
    before = _items(desk)
    corrected = dataclasses.replace(_fee("DOG", "10.00", FROM), **changes)
    with (
        pytest.raises(Conflict, match=rf"^Row 3: Fee DOG from 2027-01-01 .*{says}"),
        desk.action(admin) as action,
    ):
        fees.import_schedule(action, [(2, _fee("CAT", "5.00", FROM)), (3, corrected)])
    assert _items(desk) == before  # all or nothing: CAT was not kept either
    with desk.database.reading() as session:
        assert fees.fee_on(session, "DOG", FROM).gl_account == "100-44999-000"
    with desk.action(admin) as action:  # the identical item again is skipped
        assert fees.import_schedule(action, [(2, _fee("DOG", "10.00", FROM))]) == 0


def test_numbered_rows_keep_the_file_row_for_the_import(desk: Desk, admin: SignedIn) -> None:
    numbered = fees.numbered_rows_to_fees([{**_ROW, "__row__": 9}])
    assert numbered[0][0] == 9
    with desk.action(admin) as action:
        fees.import_schedule(action, numbered)
    with pytest.raises(Conflict, match=r"^Row 9: "), desk.action(admin) as action:
        fees.import_schedule(
            action, fees.numbered_rows_to_fees([{**_ROW, "amount": "1", "__row__": 9}])
        )


def test_a_form_limits_a_field_to_what_its_record_stores() -> None:
    """The window names a field as text ("FeeItem.code"); the limit is the column's own."""
    from clerk_desk.models import FeeItem
    from clerk_desk.validation import longest, max_length

    assert longest("FeeItem.code") == max_length(FeeItem.code) is not None
    assert longest("Party.notes") is None  # a Text column: no limit
    with pytest.raises(KeyError, match=r"FeeItem\.cod"):
        longest("FeeItem.cod")
    with pytest.raises(KeyError, match=r"Fee\.code"):
        longest("Fee.code")
