"""The acts on a bond or a certificate: refused exactly when the service refuses, in its words.

Each case asks :func:`clerk_desk.bonds.acts.bond_acts` (or ``certificate_acts``) what the
Bonds & Insurance tab would show, then does the act through the service.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import builders  # type: ignore[import-not-found]
import pytest

from clerk_desk.bonds import service as bonds
from clerk_desk.bonds.acts import BondAct, CertificateAct, bond_acts, certificate_acts
from clerk_desk.bonds.service import BondData, CertificateData
from clerk_desk.coverage import CoverageKind
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import ClerkDeskError
from clerk_desk.kinds import BondKind, FileStatus, Role
from clerk_desk.money import Money


@pytest.fixture
def digger(desk: Desk, admin: SignedIn) -> int:
    return builders.party(desk, admin, "Kinnickinnic Excavating", contractor=True)


def _file_bond(desk: Desk, who: SignedIn, data: BondData) -> int:
    with desk.action(who) as action:
        return bonds.file_bond(action, data)


def _opening_bond(principal_id: int) -> BondData:
    return BondData(
        BondKind.STREET_OPENING,
        principal_id,
        "Western Surety",
        "58-112",
        Money("10000"),
        date(2026, 11, 1),
    )


def _guarantee(principal_id: int) -> BondData:
    return BondData(
        BondKind.RESTORATION_GUARANTEE,
        principal_id,
        "Western Surety",
        "RG-5",
        Money("3200"),
        date(2025, 6, 1),
        work_completed_on=date(2025, 6, 1),
    )


def _acts(desk: Desk, who: SignedIn, bond_id: int) -> dict[BondAct, str | None]:
    with desk.lookup(who) as action:
        return bond_acts(action, bond_id)


def _status(desk: Desk, who: SignedIn, bond_id: int, status: FileStatus, on: date) -> None:
    with desk.action(who) as action:
        bonds.change_bond_status(action, bond_id, status, on=on, reason="Recorded")


def _refused(do: Callable[[], object]) -> str:
    with pytest.raises(ClerkDeskError) as caught:
        do()
    return str(caught.value)


def test_a_claim_is_recorded_once_and_a_released_bond_is_closed(
    desk: Desk, admin: SignedIn, digger: int
) -> None:
    bond_id = _file_bond(desk, admin, _opening_bond(digger))
    assert set(_acts(desk, admin, bond_id).values()) == {
        None,
        "A defect notice is recorded on a restoration guarantee.",
    }
    _status(desk, admin, bond_id, FileStatus.CLAIM_MADE, date(2026, 11, 20))
    acts = _acts(desk, admin, bond_id)
    assert acts[BondAct.CLAIM] == "A claim is already recorded on bond 58-112."
    on = date(2026, 11, 21)
    claim_again = lambda: _status(desk, admin, bond_id, FileStatus.CLAIM_MADE, on)  # noqa: E731
    assert _refused(claim_again) == acts[BondAct.CLAIM]
    assert acts[BondAct.RELEASE] is None and acts[BondAct.FORFEIT] is None  # still held
    _status(desk, admin, bond_id, FileStatus.RELEASED, date(2026, 11, 25))
    acts = _acts(desk, admin, bond_id)
    for act in (BondAct.RELEASE, BondAct.CLAIM, BondAct.FORFEIT):
        assert acts[act] == "Bond 58-112 is already Released."
    forfeit = lambda: _status(desk, admin, bond_id, FileStatus.FORFEITED, on)  # noqa: E731
    assert _refused(forfeit) == acts[BondAct.FORFEIT]


def test_a_guarantee_held_by_an_unsettled_defect_notice_is_not_released(
    desk: Desk, admin: SignedIn, digger: int
) -> None:
    bond_id = _file_bond(desk, admin, _guarantee(digger))
    assert _acts(desk, admin, bond_id)[BondAct.RELEASE] is None
    assert _acts(desk, admin, bond_id)[BondAct.DEFECT_NOTICE] is None
    with desk.action(admin) as action:
        bonds.record_defect_notice(action, bond_id, notice_on=date(2026, 5, 31))
    refused = _acts(desk, admin, bond_id)[BondAct.RELEASE]
    assert refused is not None and "defect notice was given on" in refused
    assert "§ 506-6 (Bond)" in refused
    release = lambda: _status(desk, admin, bond_id, FileStatus.RELEASED, date(2026, 11, 30))  # noqa: E731
    assert _refused(release) == refused
    with desk.action(admin) as action:
        bonds.settle_defect_notice(action, bond_id, settled_on=date(2026, 7, 1), note="Repaired")
    assert _acts(desk, admin, bond_id)[BondAct.RELEASE] is None


def test_only_those_who_keep_bonds_may_act_on_one(
    desk: Desk,
    admin: SignedIn,
    digger: int,
    operator_with: Callable[[Role], SignedIn],
) -> None:
    inspector = operator_with(Role.INSPECTOR)
    bond_id = _file_bond(desk, admin, _opening_bond(digger))
    acts = _acts(desk, inspector, bond_id)
    assert all(why is not None and "Treasurer" in why for why in acts.values())
    release = lambda: _status(desk, inspector, bond_id, FileStatus.RELEASED, date(2026, 11, 30))  # noqa: E731
    assert _refused(release) == acts[BondAct.RELEASE]


def test_a_certificate_is_set_aside_once(desk: Desk, admin: SignedIn, digger: int) -> None:
    data = CertificateData(
        insured_id=digger,
        insurer="Badger Mutual",
        effective_on=date(2026, 1, 1),
        expires_on=date(2026, 12, 31),
        received_on=date(2026, 11, 30),
        coverages={CoverageKind.BODILY_INJURY_PER_OCCURRENCE: Money("100000")},
    )
    with desk.action(admin) as action:
        certificate_id = bonds.file_certificate(action, data)
    with desk.lookup(admin) as action:
        assert set(certificate_acts(action, certificate_id).values()) == {None}
    with desk.action(admin) as action:
        bonds.supersede_certificate(action, certificate_id, reason="Renewed")
    with desk.lookup(admin) as action:
        acts = certificate_acts(action, certificate_id)
    assert acts[CertificateAct.SET_ASIDE] == "That certificate is no longer on file."
    assert acts[CertificateAct.REPLACE] == acts[CertificateAct.SET_ASIDE]

    def again() -> None:
        with desk.action(admin) as action:
            bonds.supersede_certificate(action, certificate_id, reason="Twice")

    assert _refused(again) == acts[CertificateAct.SET_ASIDE]
