"""The cash drawer's close-out: expected against counted for each kind of tender, and over/short."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from clerk_desk.money import Money
from clerk_desk.receipts.views import DrawerView
from clerk_desk.settings import CityProfile
from reports.document import INCH, build_pdf, data_table, key_value_block, para, styles
from reports.receipts.parts import (
    drawer_day,
    drawer_facts,
    drawer_subtitle,
    money_sum,
    signatures,
    spaced,
)

if TYPE_CHECKING:
    from reportlab.platypus import Flowable

_TENDER_KINDS = (
    ("Cash", "cash"),
    ("Checks", "checks"),
    ("Cards", "cards"),
    ("Money orders", "money_orders"),
)


def over_short_words(amount: Money | None) -> str:
    """``"Over $1.25"``, ``"Short $0.40"`` or ``"Balanced"`` (counted less expected)."""
    if amount is None:
        return "Not counted"
    if amount > Money.zero():
        return f"Over {amount}"
    if amount < Money.zero():
        return f"Short {-amount}"
    return "Balanced"


def closeout_pdf(drawer: DrawerView, *, profile: CityProfile) -> bytes:
    """The drawer's close-out: expected against counted for each kind of tender, and over/short.

    Expected cash includes the starting cash. Each row's difference reads "Over $x", "Short $x"
    or "Balanced"; the drawer's recorded over/short and the Treasurer's note follow.
    """
    from reportlab.platypus import Spacer

    st = styles()
    table, total_difference = _tender_table(drawer)
    story: list[Flowable] = [
        para("Cash Drawer Close-out", st.title),
        para(drawer_subtitle(drawer), st.subtitle),
        drawer_facts(drawer),
        para("Expected and counted", st.heading),
        table,
        para(
            f"Expected cash is the starting cash of {drawer.opening_cash} plus cash received "
            "less change given.",
            spaced(st.small, before=3),
        ),
        Spacer(1, 8),
        _drawer_result(drawer, total_difference),
    ]
    if drawer.cash_count:
        story.append(para("Cash count", st.heading))
        story.append(
            data_table(
                ["Denomination", "Pieces", "Amount"],
                [(label, f"{pieces:,}", str(value)) for label, pieces, value in drawer.cash_count],
                col_widths=["*", 1.0 * INCH, 1.3 * INCH],
                align=["left", "right", "right"],
                total_row=["Cash counted", "", str(money_sum(v for _, _, v in drawer.cash_count))],
            )
        )
    story += signatures("Counted by", "Verified by")
    return build_pdf(
        story,
        profile=profile,
        title=f"Close-out \u2014 {drawer.station}, {drawer_day(drawer)}",
        subject=f"Close-out of drawer {drawer.id}",
    )


def _tender_table(drawer: DrawerView) -> tuple[Flowable, Money | None]:
    """Expected against counted for each kind of tender; with it, the total counted less
    expected, or None while any kind is not counted."""
    rows: list[Sequence[object]] = []
    expected_sum = Money.zero()
    counted_sum = Money.zero()
    all_counted = True
    for label, key in _TENDER_KINDS:
        expected: Money = getattr(drawer, f"expected_{key}")
        counted: Money | None = getattr(drawer, f"counted_{key}")
        expected_sum += expected
        if counted is None:
            all_counted = False
            rows.append((label, str(expected), "not counted", ""))
            continue
        counted_sum += counted
        rows.append((label, str(expected), str(counted), over_short_words(counted - expected)))
    table = data_table(
        ["Tender", "Expected", "Counted", "Over / short"],
        rows,
        col_widths=["*", 1.3 * INCH, 1.3 * INCH, 1.6 * INCH],
        align=["left", "right", "right", "right"],
        total_row=[
            "Total",
            str(expected_sum),
            str(counted_sum) if all_counted else "",
            over_short_words(counted_sum - expected_sum) if all_counted else "",
        ],
    )
    return table, (counted_sum - expected_sum) if all_counted else None


def _drawer_result(drawer: DrawerView, total_difference: Money | None) -> Flowable:
    """The drawer's over/short as recorded (else as counted), with each uneven tender named,
    and the Treasurer's note."""
    st = styles()
    result = over_short_words(drawer.over_short)
    if drawer.over_short is None and total_difference is not None:
        result = over_short_words(total_difference)
    # Each kind is checked on its own (the rows above): when more than one differs, say so
    # beside the result, so that a balanced total does not read as a balanced drawer.
    uneven = [
        f"{label.lower()} {over_short_words(diff).lower()}"
        for label, key in _TENDER_KINDS
        if (diff := drawer.differences[key]) is not None and diff != Money.zero()
    ]
    if len(uneven) > 1:
        result = f"{result} \u2014 by tender: {'; '.join(uneven)}"
    result_pairs: list[tuple[str, object]] = [("Drawer result", para(result, st.body_bold))]
    if drawer.close_note.strip():
        result_pairs.append(("Note", drawer.close_note.strip()))
    return key_value_block(result_pairs, label_width=1.2 * INCH)
