"""The official each section makes responsible, in the audit trail (issue 21): "issued by the
City Administrator" (§ 506-10) whoever records it at the counter."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from clerk_desk import audit, officials
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.ordinance import load_chapter

CORE = Path(__file__).resolve().parent.parent / "clerk_desk"


def _audited(name: str) -> bool:
    """Whether a service writes ``name`` to the audit trail: as a literal, or as a name built
    from its record's state (f"petition.{outcome}")."""
    for path in CORE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        if f'"{name}"' in text and ".audit(" in text:
            return True
        prefix = name.partition(".")[0]
        if re.search(r"\.audit\(\s*f\"" + re.escape(prefix) + r"\.\{", text):
            return True
    return False


def test_an_act_with_a_responsible_official_names_them_beside_the_operator(
    desk: Desk, admin: SignedIn
) -> None:
    with desk.action(admin) as action:
        action.audit("sidewalk_cafe.issue", ("sidewalk_cafe", 7), "Permit SC-2026-007 issued")
        action.audit("sidewalk_cafe.receive", ("sidewalk_cafe", 7), "Application received")
    with desk.lookup(admin) as action:
        rows = {row.action: row for row in audit.event_rows(action, "sidewalk_cafe")}
        by_official = audit.search(action, "506-10")  # found by its section
    issued = rows["sidewalk_cafe.issue"]
    assert issued.operator == "admin"
    assert issued.responsible == "City Administrator, § 506-10 (Sidewalk cafe permit issuance)"
    assert rows["sidewalk_cafe.receive"].responsible == ""  # the section names no one for it
    assert [event.action for event in by_official] == ["sidewalk_cafe.issue"]
    assert desk.database.check().ok  # the official is in the event's hash


LISTED = [(name, None) for name in sorted(officials.RESPONSIBLE)] + sorted(
    officials.responsible_by_kind()
)


@pytest.mark.parametrize(("name", "kind"), LISTED)
def test_each_listed_act_is_audited_and_its_cite_and_official_are_the_ordinance_s(
    name: str, kind: str | None
) -> None:
    responsible = officials.responsible_for(name, kind)
    assert responsible is not None
    assert _audited(name), f"no service audits {name!r}"
    assert load_chapter().resolve(responsible.cite) is not None, responsible.cite
    named = re.split(r", | or | and ", responsible.official)
    assert all(official in officials.OFFICIALS for official in named), responsible.official
    assert len(str(responsible)) <= 120  # the trail's column


def test_the_kind_of_record_decides_where_its_section_names_an_official_for_each_kind() -> None:
    minor = officials.responsible_for("sidewalk_order.create", "minor")
    ordered = officials.responsible_for("sidewalk_order.create", "council_order")
    assert minor is not None and minor.official == "Director of Public Works"
    assert ordered is not None and ordered.official == "Common Council"
    assert officials.responsible_for("special_charge.created", "snow_ice") is None
