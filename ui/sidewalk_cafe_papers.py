"""The papers of a sidewalk cafe application (§ 506-10), written by :mod:`reports.sidewalk_cafes`
from what :mod:`clerk_desk.sidewalk_cafes.views` gathers, then printed through
:mod:`ui.printing` or saved as a PDF: the permit, the neighbour notice letters, the mailing
labels, the list for the packet, the application packet for the Council, the suspension and
revocation letters.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtWidgets import (
    QWidget,
)

from clerk_desk import settings_store
from clerk_desk.desk import Action
from clerk_desk.sidewalk_cafes import service as sidewalk_cafes
from ui import printing
from ui.operations import App, perform

PAPERS = ("permit", "packet", "letters", "labels", "list", "suspension", "revocation")


def paper_bytes(
    action: Action,
    cafe_id: int,
    paper: str,
    *,
    suspension_id: int | None = None,
    skip: int = 0,
) -> tuple[str, bytes]:
    """One paper of an application, written by :mod:`reports.sidewalk_cafes`: its title and
    its PDF. ``skip``: for the labels, how many of the first sheet's labels are used already."""
    from clerk_desk.sidewalk_cafes import views as views
    from reports import sidewalk_cafes as documents

    session = action.session
    profile = settings_store.city_profile(session)
    number = sidewalk_cafes.get_cafe(session, cafe_id).number
    if paper == "permit":
        view = views.permit_view(session, cafe_id, action.calendar, today=action.today())
        return f"Sidewalk cafe permit {number}", documents.permit_pdf(
            view, profile, printed_on=action.today()
        )
    if paper == "packet":
        packet = views.packet_view(
            session, cafe_id, action.calendar, today=action.today(), zone=action.zone
        )
        return f"Application packet — {number}", documents.packet_pdf(packet, profile)
    if paper in ("letters", "labels", "list"):
        notice = views.notice_view(session, cafe_id, calendar=action.calendar)
        if paper == "letters":
            return f"Notice letters — {number}", documents.neighbor_notice_pdf(notice, profile)
        if paper == "labels":
            return (
                f"Mailing labels — {number}",
                documents.mailing_labels_pdf(notice.neighbors, profile, skip=skip),
            )
        return f"Owners within 100 feet — {number}", documents.neighbor_list_pdf(notice, profile)
    if paper == "suspension" and suspension_id is not None:
        letter = views.letter_view(session, cafe_id, suspension_id=suspension_id)
        return f"Suspension letter — {number}", documents.suspension_letter_pdf(
            letter, profile, printed_on=action.today()
        )
    if paper == "revocation":
        letter = views.letter_view(session, cafe_id)
        return (
            f"Notice of revocation meeting — {number}",
            documents.revocation_notice_pdf(letter, profile, printed_on=action.today()),
        )
    raise ValueError(f"unknown paper {paper!r}")


def print_written(parent: QWidget | None, written: Sequence[tuple[str, bytes]]) -> list[str]:
    """Print papers already written (the print preview offers "Save PDF…" too); the act they
    follow is saved already. Returns the titles sent to a printer."""
    printed = []
    for title, pdf in written:
        if printing.print_or_explain(
            parent, pdf, title=title, saved="It is recorded: print it again from the tab."
        ):
            printed.append(title)
    return printed


def print_papers(
    parent: QWidget | None,
    app: App,
    cafe_id: int,
    papers: Sequence[str],
    *,
    suspension_id: int | None = None,
    skip: int = 0,
) -> list[str]:
    """Write the papers of an application, then print each (:func:`print_written`)."""

    def write(action: Action) -> list[tuple[str, bytes]]:
        return [
            paper_bytes(action, cafe_id, paper, suspension_id=suspension_id, skip=skip)
            for paper in papers
        ]

    return print_written(parent, perform(parent, app, write, writes=False) or [])


def save_paper(
    parent: QWidget,
    app: App,
    cafe_id: int,
    paper: str,
    *,
    suspension_id: int | None = None,
    skip: int = 0,
) -> Path | None:
    """Write one paper and save it as a PDF file where the clerk chooses (to e-mail it, or to
    print it elsewhere)."""
    found = perform(
        parent,
        app,
        lambda a: paper_bytes(a, cafe_id, paper, suspension_id=suspension_id, skip=skip),
        writes=False,
    )
    if found is None:
        return None
    title, pdf = found
    return printing.save_pdf(parent, pdf, printing.suggested_name(title))
