"""A full card number is refused in every free text the core stores (issue 17), and that takes in
the texts a clerk typed that are kept inside JSON columns: a check listed at close-out (a list of
records), a matter in doubt written into a vending doubt notice (a list of texts), an official's
note on a street privilege's condition (records by name), a City setting (a settings group). The
keys of those values are the program's own and are not searched; lists of check numbers are
kept."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

import pytest

from clerk_desk import settings_store
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import InvalidInput
from clerk_desk.models import DoubtNotice, Drawer, Setting, StreetPrivilege
from clerk_desk.money import Money
from clerk_desk.receipts import service as receipts
from clerk_desk.settings import CityProfile
from clerk_desk.stored_values import check_record

CARD = "4111.1111.1111.1111"  # passes the Luhn check; dots between its groups
CHECK_LISTS = ("#4411 4412 4413 4414", "1041, 1042, 1043, 1044", "Checks 1041 1042 1043 1044")


def _close_list(number: str, name: str = "Hanson Excavating") -> dict[str, Any]:
    return {"checks": [{"number": number, "name": name, "amount": "50.00"}]}


@pytest.fixture
def drawer(desk: Desk, admin: SignedIn) -> int:
    with desk.action(admin) as action:
        return receipts.open_drawer(action, station="Front counter", opening_cash=Money("0")).id


def _set_check_list(desk: Desk, admin: SignedIn, drawer: int, value: dict[str, Any]) -> None:
    """Written straight onto the record, past the close-out's own check: the net under it."""
    with desk.action(admin) as action:
        row = action.session.get(Drawer, drawer)
        assert row is not None
        row.check_list = value


@pytest.mark.parametrize("where", ["number", "name"])
def test_a_card_typed_into_a_listed_check_is_refused_with_the_field(
    desk: Desk, admin: SignedIn, drawer: int, where: str
) -> None:
    value = _close_list(CARD) if where == "number" else _close_list("1042", f"Card {CARD}")
    with pytest.raises(InvalidInput, match="looks like a full card number") as refused:
        _set_check_list(desk, admin, drawer, value)
    assert refused.value.field == "check_list"
    with desk.database.reading() as session:
        row = session.get(Drawer, drawer)
        assert row is not None and row.check_list is None  # nothing was kept


@pytest.mark.parametrize("numbers", CHECK_LISTS)
def test_a_list_of_check_numbers_in_a_listed_check_is_kept(
    desk: Desk, admin: SignedIn, drawer: int, numbers: str
) -> None:
    _set_check_list(desk, admin, drawer, _close_list(numbers))
    with desk.database.reading() as session:
        row = session.get(Drawer, drawer)
        assert row is not None and row.check_list == _close_list(numbers)


def test_a_card_in_a_city_setting_is_refused_a_list_of_numbers_kept(
    desk: Desk, admin: SignedIn
) -> None:
    card_address = CityProfile(address_lines=("800 Borner St N", f"Card {CARD}"))
    with (
        pytest.raises(InvalidInput, match="full card number") as refused,
        desk.action(admin) as action,
    ):
        settings_store.save_city_profile(action, card_address)
    assert refused.value.field == "value"
    with desk.database.reading() as session:
        assert session.get(Setting, settings_store.CITY) is None
    numbers = CityProfile(address_lines=("800 Borner St N", "P.O. Box 1041, 1042, 1043, 1044"))
    with desk.action(admin) as action:
        settings_store.save_city_profile(action, numbers)
    with desk.database.reading() as session:
        assert settings_store.city_profile(session).address_lines == numbers.address_lines


def _doubt_notice(items: list[str]) -> DoubtNotice:
    return DoubtNotice(
        application_id=1,
        prepared_at=datetime(2026, 11, 30, 15, tzinfo=UTC),
        prepared_by_name="Clerk",
        matters={"items": items},
        due_on=date(2026, 12, 3),
    )


def _privilege_checks(note: str) -> StreetPrivilege:
    entry = {"on": "2026-11-30", "by": "Pat Olson", "title": "DPW", "ok": False, "note": note}
    return StreetPrivilege(checks={"barricades": entry})


@pytest.mark.parametrize(
    ("make", "field"),
    [
        (lambda text: _doubt_notice(["Proof of insurance", text]), "matters"),
        (_privilege_checks, "checks"),
    ],
    ids=["doubt notice matters (a list of texts)", "privilege checks (records by name)"],
)
def test_a_card_typed_into_a_text_inside_json_is_refused_a_check_list_kept(
    make: Any, field: str
) -> None:
    """The flush check (stored_values.before_flush) on the record as a service would add it."""
    with pytest.raises(InvalidInput, match="full card number") as refused:
        check_record(make(f"Paid by card {CARD}"), is_new=True)
    assert refused.value.field == field
    for numbers in CHECK_LISTS:
        check_record(make(f"Checks received: {numbers}"), is_new=True)


def test_the_programs_own_keys_are_not_searched() -> None:
    """A key the program wrote is not a text anyone typed (and is never shown as one)."""
    notice = _doubt_notice([])
    notice.matters = {"4111111111111111": [], "items": ["Proof of insurance"]}
    check_record(notice, is_new=True)
