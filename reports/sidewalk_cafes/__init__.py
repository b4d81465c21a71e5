"""The sidewalk cafe papers of § 506-10: permit, neighbour notice, letters, register, one
module each (``permit``, ``notice``, ``packet``, ``letters``, ``register``), drawn with the
shared parts (``parts``, ``plan_pages``).

* :func:`permit_pdf` — the SIDEWALK CAFE PERMIT the City Administrator signs and the permittee
  displays during business hours: its number, the day issued and the day it expires (at most one
  year; not transferable), the hours, the display sentence and the line the Administrator signs
  on page 1, then the establishment, the cafe area and its dimensions, seats, umbrellas,
  alcohol, the Common Council's conditions, the rules of operation every permit carries, the
  insurance and fee on file, and last the site plan that delineates the cafe area ("as
  delineated by the City in the sidewalk cafe permit as issued"). Every line names the
  paragraph that sets it.
* :func:`neighbor_notice_pdf` — the notice the City Administrator mails to the owners and
  occupants of property within 100 feet: one letter to each, each followed by a copy of the
  applicant's diagram (the site plan: a picture drawn on the page, or the pages of a PDF set in
  with pypdf), whether alcohol will be served if the permit is granted, and the last day the City
  Clerk must receive comments, 15 calendar days from mailing. Each letter is numbered on its own
  ("Page 1 of 2"), so the stack can be folded and mailed as it comes off the printer.
* :func:`mailing_labels_pdf` — the envelopes' labels on Avery 5160 sheets (three across,
  ten down on US Letter).
* :func:`neighbor_list_pdf` — the list of the owners and occupants notified, with their full
  names and addresses, attached to the application packet, with the City's certificate of
  mailing.
* :func:`suspension_letter_pdf` — the written notice of a temporary suspension: seven days'
  notice, or an emergency declared without prior notice.
* :func:`revocation_notice_pdf` — the ten days' written notice of the public meeting at which
  the Common Council will consider revoking the permit, with the grounds.
* :func:`packet_pdf` — the application packet the City Administrator forwards to the Common
  Council: a summary, the checklist as it stands, the comments (timely and late), the Chief of
  Police's review, the Director of Public Works' inspection, the list of the owners and
  occupants notified and the pages of the site plan, with a contents page and bookmarks.
* :func:`register_xlsx` — the register of applications and permits, one a row.

The papers print only what :mod:`clerk_desk.sidewalk_cafes.papers` gathered (plain data); they
never query. ReportLab, pypdf and openpyxl are imported only when a paper is made.
"""
