"""The Treasurer's day in print: receipts register, deposit slip, GL distribution, close-out.

Each report takes the plain views of :mod:`clerk_desk.receipts.views` (the core fills them) and
returns PDF bytes, or writes an Excel register through :func:`reports.excel.write_register`
(the deposit slip, a small sheet of several sections, is written with openpyxl directly).

Void receipts stay in every register, marked VOID with their face amount struck through, and
are left out of every total: the auditor sees the gap in nothing (every number is listed) and
the deposit is not inflated by money that was handed back. Totals are the sum of the issued
receipts: payments and adjustments as recorded, refunds as money paid out (negative) whichever
sign the core gave them.

One module per paper: ``register`` (the receipts register and the lines export), ``deposit``
(the bank deposit slip), ``gl_distribution`` and ``closeout``; ``parts`` holds what they share.
"""
