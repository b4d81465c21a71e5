"""The papers of a sidewalk cafe application (§ 506-10), written by :mod:`reports.sidewalk_cafes`
from what :mod:`clerk_desk.sidewalk_cafes.papers` reads in one action, after that action has
closed, then printed through :mod:`ui.kit.printing` or saved as a PDF: the permit, the neighbour
notice letters, the mailing labels, the list for the packet, the application packet for the
Council, the suspension and revocation letters.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtWidgets import QWidget

from clerk_desk.desk import Action
from clerk_desk.sidewalk_cafes import papers as cafe_papers
from clerk_desk.sidewalk_cafes.papers import LetterView, NoticeView, PacketView, Paper, PermitView
from ui.kit import printing as printing
from ui.kit.background import while_painting
from ui.kit.operations import App, attempt, draw_paper

PAPERS = cafe_papers.PAPERS


def render(paper: Paper, *, skip: int = 0) -> tuple[str, bytes]:
    """The paper's title and its PDF, drawn from its view. ``skip``: for the labels, how many
    of the first sheet's labels are used already."""
    from reports.sidewalk_cafes import letters, notice, packet, permit

    view, profile, day = paper.view, paper.profile, paper.printed_on
    if isinstance(view, PermitView):
        return paper.title, permit.permit_pdf(view, profile, printed_on=day)
    if isinstance(view, PacketView):
        return paper.title, packet.packet_pdf(view, profile)
    if isinstance(view, NoticeView):
        if paper.kind == "letters":
            return paper.title, notice.neighbor_notice_pdf(view, profile)
        if paper.kind == "labels":
            return paper.title, notice.mailing_labels_pdf(view.neighbors, profile, skip=skip)
        return paper.title, notice.neighbor_list_pdf(view, profile)
    assert isinstance(view, LetterView)
    if paper.kind == "suspension":
        return paper.title, letters.suspension_letter_pdf(view, profile, printed_on=day)
    return paper.title, letters.revocation_notice_pdf(view, profile, printed_on=day)


def render_all(
    parent: QWidget | None, read: Sequence[Paper] | None, *, skip: int = 0
) -> list[tuple[str, bytes]]:
    """Draw papers read already (the action has closed), off the window's thread as
    :func:`ui.kit.operations.draw_paper` draws; a paper that cannot be drawn is explained, and
    nothing is drawn."""
    if not read:
        return []
    return attempt(parent, lambda: while_painting(lambda: _render_each(read, skip))) or []


def _render_each(read: Sequence[Paper], skip: int) -> list[tuple[str, bytes]]:
    return [render(p, skip=skip) for p in read]


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
    """Read the papers of an application, draw them, then print each (:func:`print_written`)."""

    def read(action: Action) -> list[Paper]:
        return [
            cafe_papers.paper(action, cafe_id, kind, suspension_id=suspension_id) for kind in papers
        ]

    written = draw_paper(parent, app, read, lambda found: _render_each(found, skip))
    return print_written(parent, written or [])


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
    written = draw_paper(
        parent,
        app,
        lambda a: cafe_papers.paper(a, cafe_id, paper, suspension_id=suspension_id),
        lambda found: render(found, skip=skip),
    )
    if written is None:
        return None
    title, pdf = written
    return printing.save_pdf(parent, pdf, printing.suggested_name(title))
