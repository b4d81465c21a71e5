"""The letters of an enforcement case, as plain views the papers print (issue 21): § 506-8's
written notice to remove, § 506-21's notice to correct, § 506-23's Clerk's letter to the
publisher, § 506-12's authorization of a stall and its rescission.

Each letter names the official the section makes responsible (who signs it) and who recorded
it at the counter; its sentences are written here, once, from the case as saved, so the
screen's preview and the printed page say the same.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, tzinfo

from clerk_desk.desk import Action
from clerk_desk.enforcement import acts, rules
from clerk_desk.enforcement.records import get_case
from clerk_desk.kinds import CaseKind, CaseStatus
from clerk_desk.models import EnforcementCase, Party
from clerk_desk.words import clock_time, long_day

HOURS_NOTE = "Sundays and legal holidays are not counted (Wis. Stat. § 990.001(4)(a))"


@dataclass(frozen=True, slots=True)
class LetterView:
    """One letter: whom to, the reference, the paragraphs (plain text), who signs."""

    title: str
    number: str
    dated: date
    to_name: str
    to_address: str
    facts: tuple[tuple[str, str], ...]
    paragraphs: tuple[str, ...]
    cite: str
    signed_by: str  # the official's title, as the section names them
    signer_name: str
    recorded_by: str


def _when(case: EnforcementCase, zone: tzinfo) -> tuple[str, str]:
    assert case.notice_at is not None
    given = case.notice_at.astimezone(zone)
    due = case.due_at.astimezone(zone) if case.due_at is not None else given
    return (
        f"{long_day(given.date())} at {clock_time(given, dotted=True)}",
        f"{long_day(due.date())} at {clock_time(due, dotted=True)}",
    )


def _addressee(case: EnforcementCase) -> tuple[str, str]:
    party: Party | None = case.party
    if party is None and case.parcel is not None:
        party = case.parcel.owner
    if party is None:
        return case.notice_to or "Owner or occupant", case.location
    return party.name, party.mailing_address


def _sentence(text: str) -> str:
    """``text`` ended by one period (a time written "9:00 a.m." already has it)."""
    return text if text.endswith(".") else text + "."


def _obstruction(case: EnforcementCase, zone: tzinfo) -> list[str]:
    place = rules.Place(case.place)
    given, due = _when(case, zone)
    what = f": {case.description}" if case.description else ""
    findings = [
        f"Finding ({cite}): {text}"
        for _level, cite, text in case.measures.get("findings", [])
        if cite == rules.EXCEPTIONS_CITE
    ]
    return [
        f"The {case.official} has determined that the place above ({place.label.lower()}) is "
        f"obstructed{what}.",
        f"Under {rules.removal_cite(place)}, you are directed to remove the obstruction within "
        f"{rules.REMOVE_WITHIN_HOURS} hours of this notice, given "
        + _sentence(given)
        + f" {HOURS_NOTE}: the "
        + _sentence(f"{rules.REMOVE_WITHIN_HOURS} hours run until {due}"),
        *findings,
        "If the obstruction is not removed by then, the City Administrator shall cause its "
        "removal, keeping an account of the expense, and the expense shall be charged to and "
        "paid by the property owner. The bill is mailed to the owner and is payable within 10 "
        "calendar days of its receipt; unpaid, it is entered on the tax roll as a special tax "
        f"({rules.FAILURE_TO_REMOVE_CITE}).",
    ]


def _damage(case: EnforcementCase, zone: tzinfo) -> list[str]:
    assert case.started_on is not None and case.due_on is not None
    what = f" ({case.description})" if case.description else ""
    return [
        f"The City has recorded damage to {case.location}{what}, done {long_day(case.started_on)}.",
        f"Under {rules.DAMAGE_CITE}, the damage is to be corrected within {rules.DAMAGE_DAYS} "
        f"days at no cost to the City: by {long_day(case.due_on)}.",
        "If it is not corrected by then, the City shall cause its correction and charge the "
        "cost to the operator, or the owner, occupant or person in charge; costs unpaid after "
        f"30 days are entered on the tax roll as a special tax against the property "
        f"({rules.DAMAGE_CITE}).",
    ]


def _receptacle(case: EnforcementCase) -> list[str]:
    assert case.started_on is not None and case.due_on is not None
    occupier = f" ({case.complaint})" if case.complaint else ""
    return [
        f"The occupier of the dwelling at {case.location}{occupier} instructed you to remove "
        f"your newspaper receptacle. You received the instruction {long_day(case.started_on)}.",
        f"Under {rules.RECEPTACLE_CITE}, a publisher who receives such instructions shall remove "
        f"the newspaper receptacle within {rules.RECEPTACLE_DAYS} days of their receipt: by "
        f"{long_day(case.due_on)}. The City has no record that it was removed.",
        "Please remove the receptacle now and let the City Clerk's office know when it is done.",
    ]


def _stall(case: EnforcementCase) -> list[str]:
    assert case.chief_on is not None and case.public_works_on is not None
    granted = [
        "A gravel-surfaced parking stall in the terrace at the place above is authorized by the "
        f"Chief of Police{_named(case.chief_name)} on {long_day(case.chief_on)} and the "
        f"Director of Public Works{_named(case.public_works_name)} on "
        f"{long_day(case.public_works_on)} ({rules.TERRACE_CITE}).",
        "The City reserves the right to rescind this authorization if deemed necessary.",
    ]
    if case.status != CaseStatus.RESCINDED:
        return granted
    assert case.rescinded_on is not None
    return [
        "The authorization of the gravel-surfaced parking stall in the terrace at the place "
        "above, given by the Chief of Police and the Director of Public Works, is "
        f"rescinded by the {case.rescinded_by} as of {long_day(case.rescinded_on)}.",
        f"The reason: {case.resolution}",
        "The terrace not covered by a sidewalk is again to be maintained as a lawn, except in "
        "areas specifically approved by the Common Council or its designee "
        f"({rules.TERRACE_CITE}).",
    ]


def _named(name: str) -> str:
    return f" ({name})" if name else ""


def letter(action: Action, case_id: int) -> LetterView:
    """The letter the case calls for now (refused, in the act's words, when there is none)."""
    case = get_case(action.session, case_id)
    acts.allow(action, acts.CaseAct.PRINT_LETTER, case)
    kind, zone = CaseKind(case.kind), action.zone
    to_name, to_address = _addressee(case)
    signed, signer = case.official, case.official_name
    facts = [("Case", case.number), ("Place", case.location)]
    if case.parcel is not None:
        facts.append(("Parcel", case.parcel.parcel_number))
    if kind is CaseKind.OBSTRUCTION:
        title, body, cite = "Notice to Remove an Obstruction", _obstruction(case, zone), ""
        cite = rules.removal_cite(rules.Place(case.place))
        to_name = case.notice_to or to_name
    elif kind is CaseKind.STREET_DAMAGE:
        title, body, cite = "Notice to Correct Damage", _damage(case, zone), rules.DAMAGE_CITE
    elif kind is CaseKind.RECEPTACLE:
        title, body, cite = "Newspaper Receptacle", _receptacle(case), rules.RECEPTACLE_CITE
        signed, signer = rules.CLERK, ""
    else:
        rescinded = case.status == CaseStatus.RESCINDED
        title = "Rescission of Authorization" if rescinded else "Authorization of a Parking Stall"
        body, cite = _stall(case), rules.TERRACE_CITE
        signed = case.rescinded_by if rescinded else f"{rules.CHIEF} and {rules.PUBLIC_WORKS}"
        signer = (
            ""
            if rescinded
            else " / ".join(n for n in (case.chief_name, case.public_works_name) if n)
        )
    return LetterView(
        title=title,
        number=case.number,
        dated=_dated(case, zone),
        to_name=to_name,
        to_address=to_address,
        facts=tuple(facts),
        paragraphs=tuple(body),
        cite=cite,
        signed_by=signed,
        signer_name=signer,
        recorded_by=action.operator.full_name,
    )


def _dated(case: EnforcementCase, zone: tzinfo) -> date:
    kind = CaseKind(case.kind)
    if kind is CaseKind.RECEPTACLE and case.letter_on is not None:
        return case.letter_on
    if kind is CaseKind.TERRACE_STALL:
        days = [d for d in (case.rescinded_on, case.chief_on, case.public_works_on) if d]
        return case.rescinded_on or max(days)
    assert case.notice_at is not None
    return case.notice_at.astimezone(zone).date()
