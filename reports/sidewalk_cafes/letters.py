"""The written notices to a permittee (§ 506-10 (Term and renewal of permit; temporary
suspension of operation), (Revocation of permit; appeal)): a suspension, and the public
meeting at which the Council will consider revoking the permit.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from clerk_desk.settings import CityProfile
from clerk_desk.sidewalk_cafes.papers import (
    LetterView,
)
from clerk_desk.sidewalk_cafes.rules import (
    REVOCATION_CITE,
    REVOCATION_GROUNDS,
    REVOCATION_NOTICE_DAYS,
    SUSPENSION_NOTICE_DAYS,
    TERM_CITE,
)
from clerk_desk.words import clock_time, long_day, plural
from reports.document import (
    INCH,
    build_pdf,
    key_value_block,
)
from reports.sidewalk_cafes.parts import (
    _body,
    _boxed,
    _cite,
    _day,
    _grey,
    _heading,
    _letter_foot,
    _letter_top,
    _lines,
    _markup,
    _numbered,
    _style,
)

if TYPE_CHECKING:
    from reportlab.platypus import Flowable


def _permittee_lines(view: LetterView) -> list[str]:
    return [view.applicant_name, *_lines(view.applicant_address)]


def _check_kind(view: LetterView, kind: str) -> None:
    if view.kind != kind:
        raise ValueError(f"a {kind} letter needs a {kind} view, not a {view.kind!r} one")


def suspension_letter_pdf(
    view: LetterView, profile: CityProfile, *, printed_on: dt.date | None = None
) -> bytes:
    """The written notice to the permittee of a temporary suspension of the cafe's operation:
    the days, the reason, and either the seven days' notice § 506-10 (Term and renewal of
    permit; temporary suspension of operation) gives or the emergency for which it gives none.

    Dated the day of the notice; an emergency suspension without prior notice is dated
    ``printed_on`` (else the day it starts) and confirms it in writing.
    """
    from reportlab.platypus import Spacer

    _check_kind(view, "suspension")
    if view.starts_on is None or view.ends_on is None:
        raise ValueError("a suspension letter needs the days of the suspension")
    dated = view.notice_on or printed_on or view.starts_on
    starts, ends = _day(view.starts_on), _day(view.ends_on)
    span = (
        f"on <b>{starts}</b>"
        if view.starts_on == view.ends_on
        else f"from <b>{starts}</b> through <b>{ends}</b>"
    )
    reasons = _lines(view.reason) or ["No reason was recorded."]
    facts = _suspension_facts(view, view.starts_on, view.ends_on)
    why = _suspension_why(view)
    story: list[Flowable] = [
        *_letter_top(
            _permittee_lines(view),
            dated,
            "Temporary Suspension of Sidewalk Cafe Operation",
            f"Sidewalk cafe permit {view.number} \u00b7 {TERM_CITE}",
        ),
        key_value_block(facts, label_width=1.3 * INCH),
        Spacer(1, 8),
        _markup(
            f"The {escape(profile.city_name)} is temporarily suspending the operation of your "
            f"sidewalk cafe at <b>{escape(view.establishment)}</b>, {escape(view.address)}, "
            f"{span}, for the following " + ("reason:" if len(reasons) == 1 else "reasons:")
        ),
        *_numbered(reasons, size=10),
        Spacer(1, 4),
        _markup(why + " " + _grey(escape(_cite(TERM_CITE)))),
        _boxed(
            [
                "<b>During the suspension no part of the sidewalk cafe may operate.</b> Remove "
                "all tables, chairs, umbrellas, barriers and other fixtures from the sidewalk "
                f"before {starts} and keep them off it "
                + ("that day" if view.starts_on == view.ends_on else f"through {ends}")
                + ". Operation may resume the day after the suspension ends.",
                "The City, its agents and employees are not responsible for fixtures or property "
                "that may be damaged, moved, relocated or removed.",
            ]
        ),
        Spacer(1, 8),
        _markup(
            "Your permit is otherwise unchanged"
            + (f": it expires {escape(long_day(view.expires_on))}" if view.expires_on else "")
            + ", and the suspension does not extend its term."
        ),
        *_letter_foot(profile),
    ]
    return build_pdf(
        story,
        profile=profile,
        title=f"Suspension \u2014 sidewalk cafe permit {view.number}",
        subject=f"Temporary suspension of a sidewalk cafe, {TERM_CITE}",
    )


def _suspension_facts(
    view: LetterView, starts_on: dt.date, ends_on: dt.date
) -> list[tuple[str, object]]:
    """The permit, the cafe, the days suspended and the notice given (or why none was)."""
    facts: list[tuple[str, object]] = [
        ("Permit", view.number),
        ("Establishment", f"{view.establishment}, {view.address}"),
        (
            "Suspended",
            long_day(starts_on)
            if starts_on == ends_on
            else f"{long_day(starts_on)} through {long_day(ends_on)}",
        ),
    ]
    if view.emergency:
        facts.append(("Notice", "None in advance: an emergency, as determined by the City"))
    elif view.short_notice_reason and view.notice_on is None:
        facts.append(("Notice", "None in advance"))
    elif view.notice_on is not None:
        days = (starts_on - view.notice_on).days  # shown, not a deadline computed
        facts.append(
            (
                "Written notice",
                f"Given {long_day(view.notice_on)}, {plural(days, 'day')} before the suspension "
                f"begins (at least {SUSPENSION_NOTICE_DAYS} are required"
                + (", and could not be given" if view.short_notice_reason else "")
                + ")",
            )
        )
    return facts


def _suspension_why(view: LetterView) -> str:
    """Why the ordinance allows the suspension: an emergency, or the seven days' notice."""
    if view.emergency:
        return (
            "This suspension is made <b>in an emergency as determined by the City, without "
            "prior notice</b>, as the ordinance allows; this letter confirms it in writing. "
            "Failure or inability to give prior written notice does not affect the City\u2019s "
            "right and power to prohibit the cafe\u2019s operation temporarily."
        )
    if view.short_notice_reason:
        return (
            f"The City could not give the {SUSPENSION_NOTICE_DAYS} days\u2019 written notice "
            f"the ordinance provides for: {escape(view.short_notice_reason)}. Failure or "
            "inability to give prior written notice does not affect the City\u2019s right and "
            "power to prohibit the cafe\u2019s operation temporarily; this letter confirms the "
            "suspension in writing."
        )
    return (
        "This letter is the written notice, given <b>at least "
        f"{SUSPENSION_NOTICE_DAYS} days</b> before, that the ordinance requires for a "
        "suspension because of anticipated or actual conflicts in the use of the sidewalk "
        "area, such as scheduled festivals, parades and similar events, and street or "
        "sidewalk repairs."
    )


def revocation_notice_pdf(
    view: LetterView, profile: CityProfile, *, printed_on: dt.date | None = None
) -> bytes:
    """The written notice to the permittee of the public meeting at which the Common Council
    will consider revoking the permit, temporarily or permanently, with the grounds, given at
    least 10 days before it (§ 506-10 (Revocation of permit; appeal)).
    """
    from reportlab.platypus import Spacer

    _check_kind(view, "revocation")
    if view.meeting_at is None:
        raise ValueError("a revocation notice needs the Council meeting")
    dated = view.notice_on or printed_on or view.meeting_at.date()
    meeting_day = view.meeting_at.date()
    when = f"{long_day(meeting_day)}, at {clock_time(view.meeting_at, dotted=True)}"
    place = view.meeting_place.strip() or profile.council_meeting_place
    grounds = _lines(view.grounds) or ["No grounds were recorded."]
    facts: list[tuple[str, object]] = [
        ("Permit", view.number),
        ("Establishment", f"{view.establishment}, {view.address}"),
        ("Council meeting", when),
        ("Place", place),
    ]
    if view.notice_on is not None:
        days = (meeting_day - view.notice_on).days  # shown, not a deadline computed
        facts.append(
            (
                "Written notice",
                f"Given {long_day(view.notice_on)}, {plural(days, 'day')} before the meeting "
                f"(at least {REVOCATION_NOTICE_DAYS} are required)",
            )
        )
    story: list[Flowable] = [
        *_letter_top(
            _permittee_lines(view),
            dated,
            "Notice of Meeting on Revocation of Permit",
            f"Sidewalk cafe permit {view.number} \u00b7 {REVOCATION_CITE}",
        ),
        key_value_block(facts, label_width=1.3 * INCH),
        Spacer(1, 8),
        _boxed(
            [
                "The Common Council will consider <b>revoking your sidewalk cafe permit</b>, "
                f"temporarily or permanently, at a public meeting on <b>{_day(meeting_day)}, at "
                f"{clock_time(view.meeting_at, dotted=True)}</b>, {escape(place)}.",
                "This letter is the written notice to the permittee, given at least "
                f"{REVOCATION_NOTICE_DAYS} days before the meeting, that the ordinance requires "
                "before the Council may act. The meeting is public: you may attend, with anyone "
                "you wish to speak for you. " + _grey(escape(_cite(REVOCATION_CITE))),
            ],
            fill=True,
        ),
        *_heading("The grounds"),
        *_numbered(grounds, size=10),
        Spacer(1, 4),
        _markup(
            "The Council may revoke a sidewalk cafe permit upon a finding that "
            + "; that ".join(escape(g) for g in REVOCATION_GROUNDS[:-1])
            + f"; or for {escape(REVOCATION_GROUNDS[-1])}. "
            + _grey(escape(_cite(REVOCATION_CITE))),
            _style("grounds-law", _body(), fontSize=9, leading=12),
        ),
        _markup(
            "Until the Council acts, your permit stands"
            + (f"; it expires {escape(long_day(view.expires_on))}" if view.expires_on else "")
            + ". You will be told the Council\u2019s decision in writing."
        ),
        *_letter_foot(profile),
    ]
    return build_pdf(
        story,
        profile=profile,
        title=f"Revocation meeting \u2014 sidewalk cafe permit {view.number}",
        subject=f"Notice of a revocation meeting, {REVOCATION_CITE}",
    )
