"""Special charges papers (issue 10): the bill and the reminder (``letters``), the tax roll run
(``tax_roll``), the register (``register``), drawn with the shared parts (``parts``).

* :func:`bill_pdf` — the bill on the letterhead for work the City did in someone's place: to
  the billed party at their mailing address (and, when the parcel's owner is someone else, an
  "Owner's copy" to the owner, whose parcel an unpaid balance is entered against); the parcel
  and site; what the City did and when;
  the cost lines, the 20% administration share of a deficiency repair (§ 506-6), the total,
  what has been paid and the balance; the last day to pay written out with the section's clock
  and cite, and, where the section says so, that an unpaid balance is entered on the tax roll
  as a special tax against the parcel, and from which day; how to pay; a stub to return with
  the payment.
* :func:`reminder_pdf` — the same facts as a reminder: what remains unpaid, the day it was due,
  the tax-roll consequence and its day (with the owner's copy, as the bill).
* :func:`run_pdf` — a "certify to tax roll" run: one row per parcel and charge, totals by
  section and the grand total, the number of parcels and charges, and the City Treasurer's
  certification. A draft prints DRAFT across every page, a preview PREVIEW; a parcel with no
  owner on file says so.
* :func:`run_xlsx` — the run as the county's tax-roll clerk reads it: one row per parcel and
  charge (nothing else on that sheet), and a "Summary" sheet with the totals.
* :func:`register_xlsx` — the register of charges, one a row.

Every paper prints the plain views of :mod:`clerk_desk.special_charges.views` (and the clock
table of :mod:`clerk_desk.special_charges.rules`); nothing here queries. ReportLab and openpyxl
are imported only when a paper is made.
"""
