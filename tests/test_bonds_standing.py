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
from collections.abc import Callable
from datetime import date

import builders  # type: ignore[import-not-found]
import pytest
from sqlalchemy import func, select
from street_openings_steps import _apply, _data, _street

from clerk_desk import today as today_list
from clerk_desk.bonds import service as bonds
from clerk_desk.bonds import views as bond_views
from clerk_desk.coverage import CoverageKind
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import InvalidInput
from clerk_desk.kinds import OpeningStatus
from clerk_desk.models import InsuranceCertificate, StreetOpening
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


# -- read in a bounded number of statements (issue 20) ------------------------------------------
#
# The Today tab and the register read every certificate's permits together: the same statements
# for one certificate on file as for eight, some short, some not, some protecting several
# permits. The standings they show are those of the one rule, at its edges: a limit one cent
# under the minimum and at it; coverage ending the day before the permit's last day, on it and
# after it; starting on the permit's first day and the day after.

TERM = (date(2026, 12, 1), date(2027, 5, 31))  # the permits' terms below, from their approval
CITE = "§ 506-6 (Insurance required)"


def _opening_number(desk: Desk, admin: SignedIn, holder: int, street: int) -> str:
    opening_id = _apply(desk, admin, _data(holder, street))
    with desk.lookup(admin) as action:
        return so.get_opening(action.session, opening_id).number


def _set_opening(desk: Desk, number: str, status: OpeningStatus = OpeningStatus.APPROVED) -> int:
    """The permit approved for ``TERM`` (or closed); its id."""
    with desk.database.writing() as session:
        opening = session.scalars(select(StreetOpening).where(StreetOpening.number == number)).one()
        opening.status = status
        opening.approved_on, opening.valid_until = TERM
        return opening.id


def _file(desk: Desk, admin: SignedIn, data: bonds.CertificateData) -> int:
    with desk.action(admin) as action:
        return bonds.file_certificate(action, data)


def _short_items(desk: Desk, admin: SignedIn) -> list[tuple[int, str]]:
    with desk.lookup(admin) as action:
        return [
            (int(item.record_id), item.detail)
            for item in today_list._providers["insurance_short"](action)
        ]


def _statements(
    desk: Desk, admin: SignedIn, count_statements: Callable[[Callable[[], object]], int]
) -> tuple[int, int]:
    """The statements of the Today provider and of the register's lines, each in a lookup of
    its own (nothing read before)."""
    with desk.lookup(admin) as action:
        today_count = count_statements(lambda: today_list._providers["insurance_short"](action))
    with desk.lookup(admin) as action:
        lines = count_statements(lambda: bond_views.search_certificate_lines(action, "", False))
    return today_count, lines


def test_one_certificate_or_eight_are_read_in_the_same_statements(
    desk: Desk,
    admin: SignedIn,
    permit: tuple[int, str],
    count_statements: Callable[[Callable[[], object]], int],
) -> None:
    hanson, first = permit
    street = _street(desk, admin, "Walnut")
    one = _file(desk, admin, _certificate(hanson, "499999", first))
    assert _short_items(desk, admin) == [(one, SHORT.format(number=first))]
    for_one = _statements(desk, admin, count_statements)

    _opening_number(desk, admin, hanson, street)  # open, and met by Hanson's second
    kinni = builders.party(desk, admin, "Kinni Valley Directional Boring", contractor=True)
    kinni_named, kinni_open = (_opening_number(desk, admin, kinni, street) for _ in range(2))
    _set_opening(desk, kinni_open)
    badger = builders.party(desk, admin, "Badger Boring Co", contractor=True)
    badger_id = _set_opening(desk, _opening_number(desk, admin, badger, street))
    _opening_number(desk, admin, badger, street)  # open, met (the one named is not)
    lakeside = builders.party(desk, admin, "Lakeside Utility Contractors", contractor=True)
    closed = _opening_number(desk, admin, lakeside, street)
    _set_opening(desk, closed, OpeningStatus.CLOSED)  # named, so still read against
    riverland = builders.party(desk, admin, "Riverland Telephone Co", contractor=True)

    _file(desk, admin, _certificate(hanson, "500000"))  # meets both of Hanson's permits
    _file(desk, admin, _certificate(kinni, "500000", kinni_named))  # meets both of Kinni's
    ends_early = _file(
        desk,
        admin,
        dataclasses.replace(_certificate(kinni, "500000"), expires_on=date(2027, 5, 30)),
    )
    _file(desk, admin, _certificate(riverland, "1000000"))  # no permits: protects nothing
    by_id = _file(desk, admin, _certificate(badger, "499999.99", str(badger_id)))
    set_aside = _file(desk, admin, _certificate(badger, "1"))
    with desk.action(admin) as action:
        bonds.supersede_certificate(action, set_aside, reason="Replaced")
    of_closed = _file(desk, admin, _certificate(lakeside, "499999", closed))

    assert _statements(desk, admin, count_statements) == for_one
    ends = (
        f"Short for {kinni_open}: The coverage ends Sun May 30, 2027, 1 day before the permit or "
        f"event ends (Mon May 31, 2027); it must be in force the whole time. {CITE}"
    )
    cent = (
        f"Short: $499,999.99 of $500,000 bodily injury per person for "
        f"{_number_of(desk, badger_id)}, {CITE}"
    )
    assert _short_items(desk, admin) == [
        (one, SHORT.format(number=first)),
        (ends_early, ends),
        (by_id, cent),
        (of_closed, SHORT.format(number=closed)),
    ]


def _number_of(desk: Desk, opening_id: int) -> str:
    with desk.database.reading() as session:
        return session.get(StreetOpening, opening_id).number  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (
            {"bi_person": "499999.99"},
            "Short: $499,999.99 of $500,000 bodily injury per person for {number}, " + CITE,
        ),
        ({"bi_person": "500000"}, ""),
        (
            {"expires_on": date(2027, 5, 30)},
            "Short for {number}: The coverage ends Sun May 30, 2027, 1 day before the permit or "
            "event ends (Mon May 31, 2027); it must be in force the whole time. " + CITE,
        ),
        ({"expires_on": date(2027, 5, 31)}, ""),
        ({"expires_on": date(2027, 6, 1)}, ""),
        ({"effective_on": date(2026, 12, 1)}, ""),
        (
            {"effective_on": date(2026, 12, 2)},
            "Short for {number}: The coverage starts Wed Dec 2, 2026, after the permit or event "
            "starts (Tue Dec 1, 2026). " + CITE,
        ),
    ],
    ids=[
        "one-cent-under",
        "at-the-minimum",
        "ends-the-day-before",
        "ends-on-the-last-day",
        "ends-the-day-after",
        "starts-on-the-first-day",
        "starts-the-day-after",
    ],
)
def test_the_today_list_and_the_register_show_the_rule_at_its_edges(
    desk: Desk,
    admin: SignedIn,
    permit: tuple[int, str],
    change: dict[str, object],
    words: str,
) -> None:
    hanson, number = permit
    _set_opening(desk, number)
    dates = {key: value for key, value in change.items() if key != "bi_person"}
    data = _certificate(hanson, str(change.get("bi_person", "500000")))
    certificate = _file(desk, admin, dataclasses.replace(data, **dates))  # type: ignore[arg-type]
    expected = words.format(number=number)
    assert _standings(desk, admin) == [expected]
    assert _short_items(desk, admin) == ([(certificate, expected)] if expected else [])


def test_a_certificate_filed_for_another_holders_permit_before_the_rule_says_so(
    desk: Desk, admin: SignedIn, permit: tuple[int, str]
) -> None:
    _hanson, number = permit
    riverland = builders.party(desk, admin, "Riverland Telephone Co")
    certificate = _file(desk, admin, _certificate(riverland, "1000000"))
    with desk.database.writing() as session:  # as it was filed before the rule refused it
        row = session.get(InsuranceCertificate, certificate)
        assert row is not None
        row.record_type, row.record_id = "street_opening", number
    words = (
        f"{number} is a permit of Hanson Excavating LLC: a certificate of Riverland Telephone "
        "Co cannot protect it. File the certificate of the permit's holder."
    )
    assert _standings(desk, admin) == [words]
    assert _short_items(desk, admin) == [(certificate, words)]
