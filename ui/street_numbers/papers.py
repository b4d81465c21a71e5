"""The papers the Street Numbers tab prints: the official street number letter and the notice to
number a building (§ 506-16)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QWidget,
)

from clerk_desk.street_numbers import assignment
from clerk_desk.street_numbers import views as street_views
from clerk_desk.street_numbers.acts import RegisterAct
from clerk_desk.street_numbers.views import LetterPaper, NoticePaper
from ui.kit import printing as printing
from ui.kit.operations import App, draw_paper, perform
from ui.street_numbers.parts import register_refusal


def print_number_letter(parent: QWidget | None, app: App, address_id: int) -> bool:
    """Print (or preview) the official street number letter; record it went to the owner.

    True when it was printed. Whoever keeps the register (the Clerk mails the letters) records
    it; anyone else prints a copy without recording.
    """

    def draw(paper: LetterPaper) -> tuple[str, bytes]:
        from reports.street_numbers import number_letter_pdf  # imported on the worker

        pdf = number_letter_pdf(paper.address, profile=paper.profile, printed_on=paper.printed_on)
        return paper.address.text, pdf

    drawn = draw_paper(parent, app, lambda a: street_views.letter_paper(a, address_id), draw)
    if drawn is None:
        return False
    text, pdf = drawn
    printed = printing.print_or_explain(
        parent,
        pdf,
        title=f"Street number letter — {text}",
        saved=f"{text} is recorded; print the letter again with Print letter.",
    )
    # Recording the letter mailed is theirs who keep the register; anyone may print a copy.
    if printed and not register_refusal(parent, app, RegisterAct.RECORD_LETTER):
        perform(parent, app, lambda a: assignment.record_letter_printed(a, address_id))
    return printed


def print_notice(parent: QWidget | None, app: App, case_id: int) -> bool:
    """Print (or preview) the notice requiring the owner to number the building."""

    def draw(paper: NoticePaper) -> tuple[str, bytes]:
        from reports.street_numbers import noncompliance_notice_pdf  # imported on the worker

        pdf = noncompliance_notice_pdf(
            paper.case, paper.address, profile=paper.profile, printed_on=paper.printed_on
        )
        return paper.address.text, pdf

    drawn = draw_paper(parent, app, lambda a: street_views.notice_paper(a, case_id), draw)
    if drawn is None:
        return False
    text, pdf = drawn
    title = f"Notice to number the building — {text}"
    return printing.print_or_explain(parent, pdf, title=title)
