"""The papers of an application (notice, permit, letters): written by reports.vending from the
core's views after the act is saved, then printed."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from PySide6.QtWidgets import QWidget

from clerk_desk.desk import Action
from clerk_desk.settings import CityProfile
from clerk_desk.vending import papers as vending_papers
from clerk_desk.vending.papers import ApplicationPaper, NoticePaper
from ui.kit import printing as printing
from ui.kit.operations import App, draw_paper

PAPERS = ("permit", "copies", "decision", "denial", "notice")

_Read = tuple[ApplicationPaper, NoticePaper | None, CityProfile, date]


def print_papers(
    parent: QWidget | None,
    app: App,
    application_id: int,
    papers: Sequence[str],
    *,
    notice_id: int | None = None,
) -> list[str]:
    """Write the papers of an application (:mod:`reports.vending`), then print each; the act
    they follow is saved already. Returns the titles sent to a printer."""

    def read(action: Action) -> _Read:
        application = vending_papers.application_paper(action, application_id)
        notice = None
        if "notice" in papers and notice_id is not None:
            notice = vending_papers.notice_paper(action, notice_id)
        return application, notice, vending_papers.city_profile(action), action.today()

    def write(read_back: _Read) -> list[tuple[str, bytes]]:
        # The papers are drawn after the read has closed, from the views alone.
        from reports.vending import letters, permit
        from reports.vending.notice import doubt_notice_pdf

        application, notice, profile, today = read_back
        written: list[tuple[str, bytes]] = []
        for paper in papers:
            if paper == "permit":
                title = f"Permit {application.permit_number}"
                pdf = permit.permit_pdf(application, profile=profile, printed_on=today)
            elif paper == "copies":
                title = f"Participant copies — permit {application.permit_number}"
                pdf = permit.participant_copies_pdf(application, profile=profile, printed_on=today)
            elif paper == "decision":
                title = f"Decision letter — {application.number}"
                pdf = letters.decision_letter_pdf(application, profile=profile, printed_on=today)
            elif paper == "denial":
                title = f"Denial letter — {application.number}"
                pdf = letters.denial_letter_pdf(application, profile=profile, printed_on=today)
            elif paper == "notice" and notice is not None:
                title = f"Doubt notice — {application.number}"
                pdf = doubt_notice_pdf(notice, profile=profile, printed_on=today)
            else:
                raise ValueError(f"unknown paper {paper!r}")
            written.append((title, pdf))
        return written

    written = draw_paper(parent, app, read, write)
    printed = []
    for title, pdf in written or []:
        if printing.print_or_explain(
            parent, pdf, title=title, saved="It is recorded: print it again from the tab."
        ):
            printed.append(title)
    return printed
