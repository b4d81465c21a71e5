"""Certificates of insurance filed at the counter: checked forms, scans kept by SHA-256,
superseded (never deleted), judged against the permit's profile with the section cited."""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable
from datetime import date
from typing import Any

import builders  # type: ignore[import-not-found]
import pytest
from sqlalchemy import select

from clerk_desk.bonds import service as bonds
from clerk_desk.bonds.service import CertificateData
from clerk_desk.clock import FixedClock
from clerk_desk.coverage import SPECIAL_EVENT_VENDING, STREET_OPENING, CoverageKind, Covers
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import Conflict, InvalidInput, PermissionDenied
from clerk_desk.kinds import FileStatus, Role
from clerk_desk.models import AuditEvent, Document, InsuranceCertificate
from clerk_desk.money import Money
from clerk_desk.today import TodayItem

K = CoverageKind
VENDING_CITE = "§ 506-24 (Conditions of permit: Liability insurance)"
FARMERS_MARKET = Covers(date(2026, 12, 12), date(2026, 12, 13))  # Sat-Sun; proof due Dec 5

PDF = b"%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32
JPEG = b"\xff\xd8\xff\xe0" + b"\x00" * 32


def _vendor(insured_id: int, **changes: Any) -> CertificateData:
    """A certificate meeting § 506-24 exactly for the farmers market."""
    good = CertificateData(
        insured_id=insured_id,
        insurer="Badger Mutual",
        effective_on=date(2026, 1, 1),
        expires_on=date(2026, 12, 31),
        received_on=date(2026, 11, 30),
        coverages={
            K.BODILY_INJURY_PER_OCCURRENCE: Money("100000"),
            K.PROPERTY_DAMAGE_PER_OCCURRENCE: Money("50000"),
        },
        policy_numbers="GL-2026-0042",
        general_liability=True,
        contractual_liability=True,
        city_additional_insured=True,
        notice_days=30,
    )
    return dataclasses.replace(good, **changes)


def _file(
    desk: Desk, who: SignedIn, data: CertificateData, *, scan: tuple[str, bytes] | None = None
) -> InsuranceCertificate:
    with desk.action(who) as action:
        certificate = bonds.get_certificate(
            action.session, bonds.file_certificate(action, data, scan=scan)
        )
        action.session.flush()
        action.session.expunge(certificate)
        return certificate


@pytest.fixture
def vendor(desk: Desk, admin: SignedIn) -> int:
    return builders.party(desk, admin, "Magee Park Ice Cream")


def _refused(desk: Desk, who: SignedIn, data: CertificateData, **kw: Any) -> InvalidInput:
    with pytest.raises(InvalidInput) as refused, desk.action(who) as action:
        bonds.file_certificate(action, data, **kw)
    return refused.value


def _count(desk: Desk) -> int:
    with desk.database.reading() as session:
        return len(list(session.scalars(select(InsuranceCertificate))))


# -- filing -------------------------------------------------------------------------------------


def test_a_certificate_is_filed_with_its_limits_and_audited(
    desk: Desk, admin: SignedIn, vendor: int
) -> None:
    filed = _file(desk, admin, _vendor(vendor, insurer="  Badger   Mutual "))
    with desk.database.reading() as session:
        row = session.get(InsuranceCertificate, filed.id)
        assert row is not None
        assert row.insurer == "Badger Mutual"
        assert row.bi_occurrence == Money("100000")
        assert row.pd_occurrence == Money("50000")
        assert row.bi_person is None and row.liquor is None
        assert row.status == FileStatus.ON_FILE
        [event] = session.scalars(
            select(AuditEvent).where(AuditEvent.action == "certificate.file")
        ).all()
        assert event.record_id == str(filed.id)
        assert event.after is not None and event.after["bi_occurrence"] == "100000.00"


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"insurer": "   "}, "insurer", "Enter the insurance company."),
        (
            {"effective_on": date(2026, 6, 2), "expires_on": date(2026, 6, 1)},
            "expires_on",
            "cannot expire before it takes effect",
        ),
        ({"received_on": date(2026, 12, 1)}, "received_on", "later than today"),
        ({"notice_days": -1}, "notice_days", "from 0 to 365"),
        ({"notice_days": 366}, "notice_days", "from 0 to 365"),
        (
            {"coverages": {K.MEDICAL_PAYMENTS: Money("0.00")}},
            "medical",
            "A medical payments limit must be more than $0.00",
        ),
        (
            {"coverages": {K.LIQUOR_LIABILITY: Money("-1")}},
            "liquor",
            "liquor liability limit must be more than $0.00",
        ),
        ({"insurer": "I" * 121}, "insurer", "at most 120 characters"),
        ({"policy_numbers": "P" * 201}, "policy_numbers", "at most 200 characters"),
    ],
)
def test_a_certificate_form_is_refused_at_the_field(
    desk: Desk, admin: SignedIn, vendor: int, changes: dict[str, Any], field: str, message: str
) -> None:
    error = _refused(desk, admin, _vendor(vendor, **changes))
    assert error.field == field
    assert message in error.message
    assert _count(desk) == 0


def test_the_boundaries_just_inside_are_accepted(desk: Desk, admin: SignedIn, vendor: int) -> None:
    inside: list[dict[str, Any]] = [
        {"effective_on": date(2026, 6, 1), "expires_on": date(2026, 6, 1)},  # a one-day policy
        {"received_on": date(2026, 11, 30)},  # today
        {"notice_days": 0},
        {"notice_days": 365},
        {"notice_days": None},
        {"coverages": {K.MEDICAL_PAYMENTS: Money("0.01")}},
        {"insurer": "I" * 120, "policy_numbers": "P" * 200},
    ]
    for changes in inside:
        _file(desk, admin, _vendor(vendor, **changes))
    assert _count(desk) == len(inside)


def test_the_date_received_follows_the_city_clock(
    desk: Desk, admin: SignedIn, vendor: int, clock: FixedClock
) -> None:
    clock.set(date(2026, 12, 1))
    _file(desk, admin, _vendor(vendor, received_on=date(2026, 12, 1)))
    assert _count(desk) == 1


# -- scans --------------------------------------------------------------------------------------


def _scan(desk: Desk, digest: str) -> bytes | None:
    with desk.database.reading() as session:
        return bonds.scan_bytes(session, digest)


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("certificate.pdf", PDF),
        ("certificate.png", PNG),
        ("certificate.jpg", JPEG),
        ("renamed.txt", PDF),  # judged by content, not by name
    ],
)
def test_a_scan_is_kept_in_the_database_by_its_sha256(
    desk: Desk, admin: SignedIn, vendor: int, name: str, content: bytes
) -> None:
    filed = _file(desk, admin, _vendor(vendor), scan=(name, content))
    digest = hashlib.sha256(content).hexdigest()
    assert filed.scan_sha256 == digest
    assert filed.scan_name == name
    assert _scan(desk, digest) == content
    with desk.database.reading() as session:
        stored = session.get(Document, digest)
        assert stored is not None
        assert (stored.name, stored.size) == (name, len(content))
    assert not _documents_folder().exists()  # nothing left in a folder of this station


def _documents_folder() -> Any:
    from clerk_desk.paths import data_dir

    return data_dir() / "documents"


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("certificate.pdf", b"", "The scanned file is empty."),
        ("certificate.pdf", b"Dear Clerk, the certificate is attached.", "not a PDF, PNG or JPEG"),
        ("certificate.gif", b"GIF89a" + b"\x00" * 16, "not a PDF, PNG or JPEG"),
        ("certificate.pdf", b"%PD", "not a PDF, PNG or JPEG"),
    ],
)
def test_a_scan_that_is_not_a_pdf_or_image_is_refused(
    desk: Desk, admin: SignedIn, vendor: int, name: str, content: bytes, message: str
) -> None:
    error = _refused(desk, admin, _vendor(vendor), scan=(name, content))
    assert error.field == "scan"
    assert message in error.message
    assert _count(desk) == 0


def test_a_scan_over_25_mb_is_refused_and_25_mb_exactly_is_kept(
    desk: Desk, admin: SignedIn, vendor: int
) -> None:
    limit = 25 * 1024 * 1024
    too_big = PDF + b"\x00" * (limit + 1 - len(PDF))
    error = _refused(desk, admin, _vendor(vendor), scan=("big.pdf", too_big))
    assert error.field == "scan" and "larger than 25 MB" in error.message
    exactly = too_big[:limit]
    filed = _file(desk, admin, _vendor(vendor), scan=("big.pdf", exactly))
    assert _scan(desk, filed.scan_sha256) == exactly


def test_a_scan_name_too_long_is_refused(desk: Desk, admin: SignedIn, vendor: int) -> None:
    error = _refused(desk, admin, _vendor(vendor), scan=("n" * 197 + ".pdf", PDF))
    assert error.field == "scan" and "at most 200 characters" in error.message


def test_a_tampered_scan_is_no_longer_returned_and_filing_it_again_repairs_it(
    desk: Desk, admin: SignedIn, vendor: int
) -> None:
    filed = _file(desk, admin, _vendor(vendor), scan=("certificate.pdf", PDF))
    assert _scan(desk, filed.scan_sha256) == PDF
    with desk.database.writing() as session:  # swapped behind the program's back
        stored = session.get(Document, filed.scan_sha256)
        assert stored is not None
        stored.content = PDF.replace(b"1.7", b"1.4")
    assert _scan(desk, filed.scan_sha256) is None
    assert _scan(desk, "0" * 64) is None  # never stored
    # The same scan filed again (on a corrected certificate) puts the true content back.
    again = _file(desk, admin, _vendor(vendor), scan=("certificate.pdf", PDF))
    assert again.scan_sha256 == filed.scan_sha256
    assert _scan(desk, filed.scan_sha256) == PDF


def test_the_same_scan_is_kept_once(desk: Desk, admin: SignedIn, vendor: int) -> None:
    first = _file(desk, admin, _vendor(vendor), scan=("a.png", PNG))
    second = _file(desk, admin, _vendor(vendor), scan=("b.png", PNG))
    assert first.scan_sha256 == second.scan_sha256
    with desk.database.reading() as session:
        assert list(session.scalars(select(Document.sha256))) == [first.scan_sha256]


def test_store_scan_keeps_a_scan_within_an_action(desk: Desk, admin: SignedIn) -> None:
    with desk.action(admin) as action:
        digest = bonds.store_scan(action, JPEG, "photo.jpg")
        assert bonds.store_scan(action, PNG, "scan.png") == hashlib.sha256(PNG).hexdigest()
        with pytest.raises(InvalidInput):
            bonds.store_scan(action, b"", "empty.pdf")
    assert _scan(desk, digest) == JPEG


# -- supersede ----------------------------------------------------------------------------------


def test_a_certificate_is_superseded_with_a_reason_and_audited(
    desk: Desk, admin: SignedIn, vendor: int, clock: FixedClock
) -> None:
    filed = _file(desk, admin, _vendor(vendor))
    with pytest.raises(InvalidInput) as no_reason, desk.action(admin) as action:
        bonds.supersede_certificate(action, filed.id, reason="   ")
    assert no_reason.value.field == "reason"
    with desk.action(admin) as action:
        bonds.supersede_certificate(action, filed.id, reason=" Corrected certificate received ")
    with desk.database.reading() as session:
        row = session.get(InsuranceCertificate, filed.id)
        assert row is not None
        assert row.status == FileStatus.SUPERSEDED
        assert row.status_on == clock.today()
        assert row.status_reason == "Corrected certificate received"
        [event] = session.scalars(
            select(AuditEvent).where(AuditEvent.action == "certificate.supersede")
        ).all()
        assert event.before == {"status": "on_file", "status_on": None, "status_reason": ""}
        assert event.after == {
            "status": "superseded",
            "status_on": "2026-11-30",
            "status_reason": "Corrected certificate received",
        }
        assert bonds.certificates_of(session, vendor) == []
    with pytest.raises(Conflict, match="no longer on file"), desk.action(admin) as action:
        bonds.supersede_certificate(action, filed.id, reason="Again")


# -- insurance findings -------------------------------------------------------------------------


def _findings(desk: Desk, party_id: int, requirement: Any = SPECIAL_EVENT_VENDING) -> list[Any]:
    with desk.database.reading() as session:
        return bonds.insurance_findings(
            session,
            party_id=party_id,
            requirement=requirement,
            covers=FARMERS_MARKET,
            calendar=desk.calendar(),
        )


def test_no_certificate_on_file_blocks_naming_the_party(
    desk: Desk, admin: SignedIn, vendor: int
) -> None:
    [finding] = _findings(desk, vendor)
    assert finding.level == "block"
    assert finding.cite == VENDING_CITE
    assert finding.text == "No certificate of insurance is on file for Magee Park Ice Cream."
    [opening] = _findings(desk, vendor, STREET_OPENING)
    assert opening.cite == "§ 506-6 (Insurance required)"


def test_one_cent_short_is_handed_back_with_the_exact_shortfall_then_corrected(
    desk: Desk, admin: SignedIn, vendor: int
) -> None:
    short = _file(
        desk,
        admin,
        _vendor(
            vendor,
            coverages={
                K.BODILY_INJURY_PER_OCCURRENCE: Money("99999.99"),
                K.PROPERTY_DAMAGE_PER_OCCURRENCE: Money("50000"),
            },
        ),
    )
    [finding] = _findings(desk, vendor)
    assert finding.level == "block"
    assert finding.cite == VENDING_CITE
    assert finding.text == (
        "The certificate shows $99,999.99 for bodily injury per accident or occurrence; at least "
        "$100,000.00 is required ($0.01 short)."
    )
    _file(desk, admin, _vendor(vendor))  # the corrected certificate
    assert _findings(desk, vendor) == []
    with desk.action(admin) as action:
        bonds.supersede_certificate(action, short.id, reason="Corrected")
    assert _findings(desk, vendor) == []


def test_the_best_of_several_certificates_is_judged(
    desk: Desk, admin: SignedIn, vendor: int
) -> None:
    # Latest expiring, but missing three clauses.
    _file(
        desk,
        admin,
        _vendor(
            vendor,
            expires_on=date(2027, 6, 30),
            contractual_liability=False,
            city_additional_insured=False,
            notice_days=None,
        ),
    )
    # Only the notice falls short.
    _file(desk, admin, _vendor(vendor, notice_days=10))
    [finding] = _findings(desk, vendor)
    assert "only 10 days'" in finding.text
    assert "30 days' is required" in finding.text


def test_a_certificate_ending_before_the_event_or_received_late_blocks(
    desk: Desk, admin: SignedIn, vendor: int, clock: FixedClock
) -> None:
    _file(desk, admin, _vendor(vendor, expires_on=date(2026, 12, 12)))
    [ends] = _findings(desk, vendor)
    assert "1 day before the permit or event ends" in ends.text
    assert ends.cite == VENDING_CITE

    other = builders.party(desk, admin, "Rush River Kettle Corn")
    clock.set(date(2026, 12, 6))
    _file(desk, admin, _vendor(other, received_on=date(2026, 12, 6)))
    [late] = _findings(desk, other)
    assert "Proof of insurance was received Sun Dec 6, 2026" in late.text
    assert "due by Sat Dec 5, 2026" in late.text


def test_another_partys_certificate_does_not_count(
    desk: Desk, admin: SignedIn, vendor: int
) -> None:
    other = builders.party(desk, admin, "Rush River Kettle Corn")
    _file(desk, admin, _vendor(other))
    [finding] = _findings(desk, vendor)
    assert "Magee Park Ice Cream" in finding.text


# -- search and the Today tab -------------------------------------------------------------------


def _searched(desk: Desk, text: str, **options: Any) -> list[int]:
    with desk.database.reading() as session:
        return [c.id for c in bonds.search_certificates(session, text, **options)]


def test_certificates_are_searched_accent_folded_and_superseded_ones_on_request(
    desk: Desk, admin: SignedIn
) -> None:
    zoe = builders.party(desk, admin, "Zoë Łukasz Catering")
    cafe = builders.party(desk, admin, "Nguyễn Café")
    first = _file(desk, admin, _vendor(zoe, insurer="Société Mutuelle", policy_numbers="ZX-9"))
    second = _file(desk, admin, _vendor(cafe, insurer="Badger Mutual", policy_numbers="CF_1%"))
    assert _searched(desk, "zoe lukasz") == [first.id]
    assert _searched(desk, "SOCIETE") == [first.id]
    assert _searched(desk, "nguyen cafe") == [second.id]
    assert _searched(desk, "cf_1%") == [second.id]
    assert _searched(desk, "cf%") == []  # wildcards are taken literally
    assert sorted(_searched(desk, "mutu")) == sorted([first.id, second.id])
    with desk.action(admin) as action:
        bonds.supersede_certificate(action, first.id, reason="Renewed")
    assert _searched(desk, "zoe") == []
    assert _searched(desk, "zoe", include_inactive=True) == [first.id]


def _today(desk: Desk, who: SignedIn) -> list[TodayItem]:
    with desk.lookup(who) as action:
        return bonds._expiring(action)


def test_today_lists_certificates_protecting_a_record_within_30_days_and_expired(
    desk: Desk, admin: SignedIn, vendor: int
) -> None:
    def protecting(expires: date, number: str) -> int:
        return _file(
            desk,
            admin,
            _vendor(vendor, expires_on=expires, record_type="vending_permit", record_id=number),
        ).id

    in_30 = protecting(date(2026, 12, 30), "V-1")
    protecting(date(2026, 12, 31), "V-2")  # 31 days: not yet
    expired = protecting(date(2026, 11, 29), "V-3")
    _file(desk, admin, _vendor(vendor, expires_on=date(2026, 12, 1)))  # protects nothing
    superseded = protecting(date(2026, 12, 2), "V-4")
    with desk.action(admin) as action:
        bonds.supersede_certificate(action, superseded, reason="Renewed")

    items = {
        i.record_id: i for i in _today(desk, admin) if i.record_type == "insurance_certificate"
    }
    assert set(items) == {str(in_30), str(expired)}
    soon = items[str(in_30)]
    assert soon.title == "Insurance of Magee Park Ice Cream expires Wed Dec 30, 2026"
    assert soon.detail == "Badger Mutual; protects vending permit V-1"
    assert soon.due == date(2026, 12, 30)
    assert soon.cite
    assert items[str(expired)].title.endswith("expired Sun Nov 29, 2026")
    assert items[str(expired)].urgency(date(2026, 11, 30)) == "overdue"


# -- permissions --------------------------------------------------------------------------------


@pytest.mark.parametrize("role", [Role.CLERK, Role.TREASURER])
def test_the_clerk_and_treasurer_file_certificates(
    desk: Desk, operator_with: Callable[[Role], SignedIn], vendor: int, role: Role
) -> None:
    _file(desk, operator_with(role), _vendor(vendor))
    assert _count(desk) == 1


@pytest.mark.parametrize("role", [Role.DEPUTY_CLERK, Role.INSPECTOR])
def test_other_roles_may_not_file_or_set_aside_certificates(
    desk: Desk, admin: SignedIn, operator_with: Callable[[Role], SignedIn], vendor: int, role: Role
) -> None:
    who = operator_with(role)
    with pytest.raises(PermissionDenied) as refused, desk.action(who) as action:
        bonds.file_certificate(action, _vendor(vendor))
    assert refused.value.message == (
        "To file and release bonds and insurance certificates you need the role Clerk, "
        f"Treasurer or Administrator; you are signed in as {role.label}."
    )
    filed = _file(desk, admin, _vendor(vendor))
    with pytest.raises(PermissionDenied), desk.action(who) as action:
        bonds.supersede_certificate(action, filed.id, reason="Mine")
    assert _count(desk) == 1


@pytest.mark.parametrize("field", ["record_type", "record_id"])
def test_the_record_a_certificate_protects_must_fit(
    desk: Desk, admin: SignedIn, vendor: int, field: str
) -> None:
    error = _refused(desk, admin, _vendor(vendor, **{field: "9" * 41}))
    assert error.field == field and "at most 40 characters" in error.message
    _file(desk, admin, _vendor(vendor, **{field: "9" * 40}))


# -- general liability must be shown; the Today tab cites the permit's own section -------------


def test_a_certificate_does_not_show_general_liability_unless_entered(
    desk: Desk, admin: SignedIn, vendor: int
) -> None:
    assert (
        CertificateData(
            insured_id=vendor,
            insurer="Badger Mutual",
            effective_on=date(2026, 1, 1),
            expires_on=date(2026, 12, 31),
            received_on=date(2026, 11, 30),
        ).general_liability
        is False
    )
    plain = dataclasses.replace(_vendor(vendor), general_liability=False)
    filed = _file(desk, admin, plain)
    assert filed.general_liability is False
    findings = _findings(desk, vendor)
    assert [f.text for f in findings if f.blocks] == [
        "The certificate does not show comprehensive general liability."
    ]
    assert InsuranceCertificate.__table__.c.general_liability.default.arg is False


@pytest.mark.parametrize(
    ("record_type", "cite"),
    [
        ("street_opening", "§ 506-6 (Insurance required)"),
        ("vending", VENDING_CITE),
        (
            "sidewalk_cafe",
            "§ 506-10 (Liability; indemnification of the City of Prescott; insurance)",
        ),
        ("street_privilege", "§ 506-9 (When required)"),
        ("vending_permit", "§ 506-6 (Insurance required)"),  # not a known kind
    ],
)
def test_today_cites_the_section_of_the_permit_a_certificate_protects(
    desk: Desk, admin: SignedIn, vendor: int, record_type: str, cite: str
) -> None:
    _file(
        desk,
        admin,
        _vendor(vendor, expires_on=date(2026, 12, 10), record_type=record_type, record_id="X-1"),
    )
    [item] = [i for i in _today(desk, admin) if i.record_type == "insurance_certificate"]
    assert item.cite == cite


def test_scans_travel_with_a_backup_and_come_back_with_a_restore(
    tmp_path: Any, desk: Desk, admin: SignedIn, vendor: int
) -> None:
    big = PDF + bytes(range(256)) * 4096  # binary content of every byte value, 1 MB
    kept = _file(desk, admin, _vendor(vendor), scan=("certificate.pdf", big))
    target = desk.database.backup(tmp_path / "friday.sqlite3")
    _file(desk, admin, _vendor(vendor), scan=("later.png", PNG))
    desk.database.restore(target)
    assert _scan(desk, kept.scan_sha256) == big
    assert _scan(desk, hashlib.sha256(PNG).hexdigest()) is None  # filed after the backup
