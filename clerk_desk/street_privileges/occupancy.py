"""A street privilege while it is used (§ 506-9 (Conditions of occupancy), (Termination)): the
checks of each condition of occupancy, the revocation for a violation, and the close once the
way is vacated and cleaned."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from clerk_desk.desk import Action, snapshot
from clerk_desk.errors import InvalidInput
from clerk_desk.kinds import (
    PrivilegeStatus,
)
from clerk_desk.models import StreetPrivilege
from clerk_desk.street_privileges import acts as sp_acts
from clerk_desk.street_privileges.records import (
    get_privilege,
    issued_once,
    status_of,
)
from clerk_desk.street_privileges.rules import (
    CONDITION_KEYS,
    CONDITION_TITLES,
    CONDITIONS,
    CONDITIONS_CITE,
    REVOKING_TITLES,
    TERMINATION_CITE,
)
from clerk_desk.validation import fits
from clerk_desk.words import format_day


@dataclass(frozen=True, slots=True)
class ConditionCheck:
    """The latest check of one condition of occupancy (earlier ones are in the history): the
    official who checked it, with the title, and the operator who recorded it."""

    on: date
    by: str
    ok: bool
    note: str = ""
    title: str = ""
    recorded_by: str = ""

    @property
    def official(self) -> str:
        """ "Dana Whitfield, Chief of Police"."""
        return ", ".join(part for part in (self.by, self.title) if part)


def _official(by_name: str, by_title: str, what: str, cite: str) -> tuple[str, str]:
    """The official's name and title, both required, each one line: the counter records an act
    an official reports (by phone, in writing), and names who did it."""
    name = " ".join(by_name.split())
    if not name:
        raise InvalidInput(f"Name the official who {what}.", field="by_name", cite=cite)
    title = " ".join(by_title.split())
    if not title:
        raise InvalidInput(
            "Give the official's title (e.g. Director of Public Works).",
            field="by_title",
            cite=cite,
        )
    fits(StreetPrivilege.revoked_by_name, name, "The name", field="by_name")
    fits(StreetPrivilege.revoked_by_title, title, "The title", field="by_title")
    return name, title


def record_check(
    action: Action,
    privilege_id: int,
    key: str,
    *,
    ok: bool,
    on: date,
    by_name: str,
    by_title: str,
    note: str = "",
) -> int:
    """Record an inspection of one condition of occupancy (``key`` of :data:`CONDITIONS`):
    kept or violated on ``on``, by the official named (``by_name``, ``by_title``), as the
    official reported it — the counter records it, and the audit trail names the operator. A
    violation needs a note of what was found; it is grounds for revocation without notice
    (:func:`revoke`)."""
    privilege = get_privilege(action.session, privilege_id, for_update=True)
    sp_acts.allow(action, sp_acts.PrivilegeAct.CHECK, privilege)
    issued_on = issued_once(privilege, "its conditions are checked")
    if key not in CONDITION_KEYS:
        raise InvalidInput(f"There is no condition of occupancy {key!r}.", field="key")
    name, title = _official(by_name, by_title, "checked the condition", CONDITIONS_CITE)
    if on > action.today():
        raise InvalidInput("The check cannot be dated after today.", field="on")
    if on < issued_on:
        raise InvalidInput(
            f"The check cannot come before the permit was issued ({format_day(issued_on)}).",
            field="on",
        )
    text = note.strip()
    if not ok and not text:
        raise InvalidInput(
            "Say what was found in violation of the condition.", field="note", cite=CONDITIONS_CITE
        )
    recorder = action.operator.full_name
    before = snapshot(privilege)
    checks = dict(privilege.checks or {})
    checks[key] = {
        "on": on.isoformat(),
        "by": name,
        "title": title,
        "recorded_by": recorder,
        "ok": ok,
        "note": text,
    }
    privilege.checks = checks
    action.audit(
        "privilege.check",
        privilege,
        f"{CONDITION_TITLES[key]} on {privilege.number}: "
        + ("kept" if ok else f"violated ({text})")
        + f", {format_day(on)}, checked by {name}, {title}; recorded by {recorder}",
        before=before,
        after=snapshot(privilege),
    )
    return privilege.id


def condition_check(privilege: StreetPrivilege, key: str) -> ConditionCheck | None:
    raw = (privilege.checks or {}).get(key)
    if not raw:
        return None
    return ConditionCheck(
        on=date.fromisoformat(str(raw["on"])),
        by=str(raw.get("by", "")),
        ok=bool(raw.get("ok")),
        note=str(raw.get("note", "")),
        title=str(raw.get("title", "")),
        recorded_by=str(raw.get("recorded_by", "")),
    )


def conditions_checklist(
    privilege: StreetPrivilege,
) -> list[tuple[str, str, str, ConditionCheck | None]]:
    """The five conditions of occupancy, in order, each with its latest check (or None)."""
    return [(key, text, cite, condition_check(privilege, key)) for key, text, cite in CONDITIONS]


def revoke(
    action: Action,
    privilege_id: int,
    *,
    by_name: str,
    by_title: str,
    reason: str,
    on: date,
) -> int:
    """Record the revocation, without notice, for a violation of the permit's terms and
    conditions, by the Building Inspector, the Chief of Police or the Director of Public Works
    (§ 506-9 (Conditions of occupancy)): who, with what title, why, and on what day. The
    official revokes; the counter records it (a revocation the Chief phones in), and the audit
    trail names the operator who did. It may be dated through the permit's last day. The way
    must then be vacated; :func:`close` records it."""
    privilege = get_privilege(action.session, privilege_id, for_update=True)
    sp_acts.allow(action, sp_acts.PrivilegeAct.REVOKE, privilege)
    assert privilege.issued_on is not None  # the act's guard: an issued permit
    name, title = _official(by_name, by_title, "revoked the permit", CONDITIONS_CITE)
    if title not in REVOKING_TITLES:
        raise InvalidInput(
            "The permit is revoked by the Building Inspector, the Chief of Police or the "
            "Director of Public Works.",
            field="by_title",
            cite=CONDITIONS_CITE,
        )
    why = reason.strip()
    if not why:
        raise InvalidInput(
            "State the violation the permit is revoked for.", field="reason", cite=CONDITIONS_CITE
        )
    if on > action.today():
        raise InvalidInput("The revocation cannot be dated after today.", field="on")
    if on < privilege.issued_on:
        raise InvalidInput(
            f"The revocation cannot come before the permit was issued "
            f"({format_day(privilege.issued_on)}).",
            field="on",
        )
    if privilege.ends_on is not None and on > privilege.ends_on:
        raise InvalidInput(
            f"The permit had already ended ({format_day(privilege.ends_on)}): there is nothing "
            "to revoke. Record the way vacated, or the obstruction's removal, instead.",
            field="on",
            cite=TERMINATION_CITE,
        )
    recorder = action.operator.full_name
    before = snapshot(privilege)
    privilege.status = PrivilegeStatus.REVOKED
    privilege.revoked_on = on
    privilege.revoked_by_name = name
    privilege.revoked_by_title = title
    privilege.revoke_reason = why
    action.audit(
        "privilege.revoke",
        privilege,
        f"Street privilege {privilege.number} revoked without notice {format_day(on)} by "
        f"{name}, {title}: {why}; recorded by {recorder}",
        before=before,
        after=snapshot(privilege),
    )
    return privilege.id


def close(action: Action, privilege_id: int, *, on: date, by_name: str, by_title: str) -> int:
    """Record that the way was vacated, cleaned and placed in a safe condition at the end of
    the work (§ 506-9 (Conditions of occupancy)), as the official named found it; the cleanup
    condition is checked kept on that day by that official. The counter records it and the
    audit trail names the operator. An issued permit is closed; a revoked one keeps its status,
    with the day recorded."""
    privilege = get_privilege(action.session, privilege_id, for_update=True)
    sp_acts.allow(action, sp_acts.PrivilegeAct.CLOSE, privilege)
    status = status_of(privilege)
    issued_on = issued_once(privilege, "it is closed")
    name, title = _official(by_name, by_title, "found the way vacated", CONDITIONS_CITE)
    if on > action.today():
        raise InvalidInput("The day cannot be after today.", field="on")
    if on < issued_on:
        raise InvalidInput(
            f"The day cannot come before the permit was issued ({format_day(issued_on)}).",
            field="on",
        )
    recorder = action.operator.full_name
    before = snapshot(privilege)
    privilege.closed_on = on
    if status is PrivilegeStatus.ISSUED:
        privilege.status = PrivilegeStatus.CLOSED
    checks = dict(privilege.checks or {})
    checks["cleanup"] = {
        "on": on.isoformat(),
        "by": name,
        "title": title,
        "recorded_by": recorder,
        "ok": True,
        "note": "Vacated, cleaned and safe for public travel.",
    }
    privilege.checks = checks
    action.audit(
        "privilege.close",
        privilege,
        f"The way under street privilege {privilege.number} vacated and cleaned {format_day(on)}"
        f", found so by {name}, {title}; recorded by {recorder}",
        before=before,
        after=snapshot(privilege),
    )
    return privilege.id
