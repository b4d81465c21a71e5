"""The City's chart of GL accounts, as far as Clerk Desk posts to it.

Clerk Desk keeps no ledger of its own accounts: the City's finance system does. The accounts
money may post to here are the ones the City has named in Clerk Desk: each account of the fee
schedule (of any period, since an amount billed under last year's schedule still posts where it
was billed), the receipt settings' account for actual City expenses, and the account special
charges post to. Adding a fee with a new account to the schedule, or changing either setting,
is how the chart grows; a line or an amount due naming any other account is a typing mistake,
refused before it reaches the GL distribution the Treasurer hands to finance.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerk_desk.errors import InvalidInput
from clerk_desk.models import FeeItem

FEE_CITE = "§ 506-6 (Fee)"


def chart(session: Session) -> frozenset[str]:
    """Every GL account Clerk Desk may post to now."""
    from clerk_desk import ledger
    from clerk_desk.receipts.service import receipt_settings

    accounts = set(session.scalars(select(FeeItem.gl_account).distinct()))
    accounts.add(receipt_settings(session).expenses_gl)
    accounts.add(ledger.special_charge_account(session))
    return frozenset(accounts)


def refuse_unknown(accounts: frozenset[str], account: str, what: str, *, field: str) -> None:
    """Refuse ``account`` for ``field`` unless it is in ``accounts`` (the :func:`chart`, read
    once per save); ``what`` names what would post there ("The line 'Street opening permit'")."""
    if account not in accounts:
        raise InvalidInput(
            f"{what} posts to GL account {account}, which is not an account of the fee "
            "schedule, the City expenses account or the special charges account: check the "
            "account, or add it with a fee of the fee schedule.",
            field=field,
            cite=FEE_CITE,
        )
