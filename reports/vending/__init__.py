"""The special event vending papers of § 506-24, one module a paper, drawn with the shared
parts (``parts``): the ordinance's wording is written there once (:data:`parts.STANDING_CONDITIONS`,
the display sentence), so the permit and the letters can never tell a vendor different things.

* ``permit`` — :func:`permit_pdf`, the permit the vendor displays at the booth, signed by the
  City Clerk: its number, the days, the display sentence and the Clerk's signature at the top of
  page 1, the holder, the event, the exact days, hours and places and the conditions — on a
  Schedule page named on page 1 when they do not fit it — and, for a sponsoring organization,
  the list of its sponsors and participants on the following pages; and
  :func:`participant_copies_pdf`, one signed page for each participant a sponsoring
  organization listed, to display at that participant's booth.
* ``notice`` — :func:`doubt_notice_pdf`, the Clerk's written statement of the matters in doubt,
  which § 506-24 (Procedure) requires within three days of the time of making application.
* ``letters`` — :func:`denial_letter_pdf` and :func:`decision_letter_pdf`: the Clerk's denial
  with the last day to appeal, and the letter for whatever was decided last. Every one states the
  appeal right.
* ``register`` — :func:`applications_excel`, the register of applications.

The papers print only what :mod:`clerk_desk.vending.papers` gathered (plain data), after the
read has closed; they never query. ReportLab and openpyxl are imported only when a paper is
made.
"""
