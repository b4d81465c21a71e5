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


def _audited_actions() -> set[str]:
    """Every action name a service writes to the audit trail."""
    names: set[str] = set()
    for path in CORE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        names.update(re.findall(r"\.audit\(\s*\"([a-z_]+\.[a-z_.]+)\"", text))
    return names


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


@pytest.mark.parametrize("name", sorted(officials.RESPONSIBLE))
def test_each_listed_act_is_audited_and_its_cite_and_official_are_the_ordinance_s(
    name: str,
) -> None:
    responsible = officials.RESPONSIBLE[name]
    assert name in _audited_actions(), f"no service audits {name!r}"
    assert load_chapter().resolve(responsible.cite) is not None, responsible.cite
    named = re.split(r", | or | and ", responsible.official)
    assert all(official in officials.OFFICIALS for official in named), responsible.official
    assert len(str(responsible)) <= 120  # the trail's column
