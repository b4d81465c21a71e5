"""Insurance that falls short says so when it is filed (issue 19, § 506-6).

A certificate is read, before it is filed, against every permit it protects: the one it names and
every open street opening permit of its holder. One dollar under the required $500,000 per
person is shown before saving, may still be filed, and stays as the certificate's standing in the
register and on the Today tab; at $500,000 exactly it meets the permit and says nothing. A
certificate of one holder cannot protect another holder's permit: refused under the record field,
and nothing is filed.
"""

from __future__ import annotations

import dataclasses
from datetime import date

import builders  # type: ignore[import-not-found]
import pytest
from sqlalchemy import func, select
from test_street_openings import _apply, _data, _street

from clerk_desk import today as today_list
from clerk_desk.bonds import service as bonds
from clerk_desk.bonds import views as bond_views
from clerk_desk.coverage import CoverageKind
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import InvalidInput
from clerk_desk.models import InsuranceCertificate
from clerk_desk.money import Money
from clerk_desk.street_openings import service as so

SHORT = (
    "Short: $499,999 of $500,000 bodily injury per person for {number}, "
    "§ 506-6 (Insurance required)"
)


def _certificate(party_id: int, bi_person: str, record_id: str = "") -> bonds.CertificateData:
    return bonds.CertificateData(
        insured_id=party_id,
        insurer="Badger Mutual",
        effective_on=date(2026, 1, 1),
        expires_on=date(2028, 12, 31),
        received_on=date(2026, 11, 2),
        coverages={
            CoverageKind.BODILY_INJURY_PER_PERSON: Money(bi_person),
            CoverageKind.BODILY_INJURY_PER_OCCURRENCE: Money("500000"),
            CoverageKind.PROPERTY_DAMAGE_PER_OCCURRENCE: Money("500000"),
        },
        general_liability=True,
        record_type="street_opening" if record_id else "",
        record_id=record_id,
    )


@pytest.fixture
def permit(desk: Desk, admin: SignedIn) -> tuple[int, str]:
    """Hanson's street opening application, open, and its number."""
    hanson = builders.party(desk, admin, "Hanson Excavating LLC", contractor=True)
    opening_id = _apply(desk, admin, _data(hanson, _street(desk, admin, "Orange")))
    with desk.lookup(admin) as action:
        number = so.get_opening(action.session, opening_id).number
    return hanson, number


def _standings(desk: Desk, admin: SignedIn) -> list[str]:
    with desk.lookup(admin) as action:
        return [line.standing for line in bond_views.search_certificate_lines(action, "", False)]


def _today_details(desk: Desk, admin: SignedIn) -> list[str]:
    with desk.lookup(admin) as action:
        return [
            item.detail for item in today_list.gather(action) if item.title.endswith("falls short")
        ]


@pytest.mark.parametrize(
    ("bi_person", "short"),
    [("499999", True), ("500000", False)],
    ids=["one-dollar-under", "at-the-minimum"],
)
def test_a_shortfall_is_shown_before_saving_filed_knowing_and_kept_as_the_standing(
    desk: Desk, admin: SignedIn, permit: tuple[int, str], bi_person: str, short: bool
) -> None:
    hanson, number = permit
    for named in (number, ""):  # named on the certificate, or only open for its holder
        data = _certificate(hanson, bi_person, named)
        with desk.lookup(admin) as action:
            checks = bond_views.filing_checks(action, data)
        assert [check.permit.number for check in checks] == [number]
        expected = SHORT.format(number=number) if short else ""
        assert checks[0].blocks is short
        assert checks[0].standing() == expected
    with desk.action(admin) as action:
        bonds.file_certificate(action, _certificate(hanson, bi_person, number))  # knowing
    assert _standings(desk, admin) == [SHORT.format(number=number) if short else ""]
    assert _today_details(desk, admin) == ([SHORT.format(number=number)] if short else [])


def test_a_certificate_cannot_protect_another_holders_permit(
    desk: Desk, admin: SignedIn, permit: tuple[int, str]
) -> None:
    _hanson, number = permit
    riverland = builders.party(desk, admin, "Riverland Telephone Co")
    data = _certificate(riverland, "1000000", number)
    words = (
        f"{number} is a permit of Hanson Excavating LLC: a certificate of Riverland Telephone "
        "Co cannot protect it. File the certificate of the permit's holder."
    )
    with desk.lookup(admin) as action, pytest.raises(InvalidInput) as shown:
        bond_views.filing_checks(action, data)
    assert shown.value.field == "record_id" and shown.value.message == words
    with pytest.raises(InvalidInput) as refused, desk.action(admin) as action:
        bonds.file_certificate(action, data)
    assert refused.value.field == "record_id" and refused.value.message == words
    with desk.database.reading() as session:
        assert session.scalar(select(func.count()).select_from(InsuranceCertificate)) == 0
    # Its own permits are another matter: Riverland's certificate naming none files cleanly.
    with desk.action(admin) as action:
        bonds.file_certificate(action, dataclasses.replace(data, record_type="", record_id=""))
    assert _standings(desk, admin) == [""]
