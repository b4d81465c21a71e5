"""Every record named as a clerk names it: "Street opening permit SO-2026-002 (Hanson
Excavating LLC)", "Receipt 2026-000123", "Hanson Excavating LLC" — never "street_opening 2" or
"contractor 1530".

Records point at one another by a kind (the table's name, e.g. ``street_opening``) and an id
(or, where the clerk typed it, the permit's number). :func:`name_record` turns one such pointer
into words; :func:`name_records` names many with one query per kind, so a register of a
hundred rows does not issue a hundred queries. ``clerk_desk.kinds.RECORD_KINDS`` holds the
words for each kind, which the window offers in its combo boxes in place of the stored value.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.orm import Session, selectinload

from clerk_desk import models, words
from clerk_desk.kinds import kind_label


@dataclass(frozen=True, slots=True)
class _Kind:
    """How the records of one kind are found and named."""

    model: Any
    number: Any | None  # the column holding the number the clerk knows, if any
    holder: str | None  # the relationship naming its party, if any


def _kinds() -> dict[str, _Kind]:
    m = models
    return {
        "street_opening": _Kind(m.StreetOpening, m.StreetOpening.number, "applicant"),
        "street_privilege": _Kind(m.StreetPrivilege, m.StreetPrivilege.number, "applicant"),
        "sidewalk_cafe": _Kind(m.SidewalkCafe, m.SidewalkCafe.number, "applicant"),
        "vending": _Kind(m.VendingApplication, m.VendingApplication.number, "applicant"),
        "vending_application": _Kind(
            m.VendingApplication, m.VendingApplication.number, "applicant"
        ),
        "sidewalk_permit": _Kind(m.SidewalkPermit, m.SidewalkPermit.number, "applicant"),
        "sidewalk_repair_order": _Kind(
            m.SidewalkRepairOrder, m.SidewalkRepairOrder.number, "owner"
        ),
        "special_charge": _Kind(m.SpecialCharge, m.SpecialCharge.number, "billed_party"),
        "petition": _Kind(m.Petition, m.Petition.number, None),
        "receipt": _Kind(m.Receipt, m.Receipt.number, None),
        "tax_roll_run": _Kind(m.TaxRollRun, m.TaxRollRun.number, None),
        "insurance_certificate": _Kind(m.InsuranceCertificate, None, "insured"),
        "bond": _Kind(m.Bond, m.Bond.bond_number, "principal"),
        "amount_due": _Kind(m.AmountDue, None, "party"),
        "party": _Kind(m.Party, None, None),
        "contractor": _Kind(m.Party, None, None),
        "drawer": _Kind(m.Drawer, None, None),
        "operator": _Kind(m.Operator, None, None),
        "parcel": _Kind(m.Parcel, m.Parcel.parcel_number, "owner"),
        "street": _Kind(m.Street, m.Street.full_name, None),
        "fee_item": _Kind(m.FeeItem, m.FeeItem.code, None),
    }


Ref = tuple[str, str]  # (record_type, record_id) as stored


def name_record(
    session: Session,
    record_type: str,
    record_id: str,
    *,
    holder: bool = True,
    in_sentence: bool = False,
) -> str:
    """One record in a clerk's words (see :func:`name_records`); ``in_sentence`` writes its
    kind as the middle of a sentence does ("protects street opening permit SO-2026-002"),
    leaving a name such as "Hanson Excavating LLC" as it is."""
    name = name_records(session, [(record_type, record_id)], holder=holder)[
        (record_type, record_id)
    ]
    return in_sentence_words(record_type, name) if in_sentence else name


def in_sentence_words(record_type: str, name: str) -> str:
    """A record's name (from :func:`name_records`) as the middle of a sentence writes it."""
    label = kind_label(record_type)
    if label and name.startswith(label) and record_type not in _NAMED:
        return label[0].lower() + name[1:]
    return name


_NAMED = {"party", "contractor"}  # named by the party's own name, which keeps its capitals


def name_records(session: Session, refs: Iterable[Ref], *, holder: bool = True) -> dict[Ref, str]:
    """Each record in a clerk's words, by its stored (kind, id) pointer: one query per kind.

    ``record_id`` may be the record's id or its number as the clerk typed it ("SP-2026-001").
    With ``holder`` the permit's holder follows its number in brackets; without, the kind and
    number alone (a receipt line's reference, kept short). A kind with no id names the kind
    alone ("Sidewalk cafe permit"); a record that cannot be found is named by its kind and what
    was stored, so nothing is hidden."""
    wanted: dict[str, set[str]] = defaultdict(set)
    refs = list(dict.fromkeys(refs))
    for record_type, record_id in refs:
        if record_type and record_id.strip():
            wanted[record_type].add(record_id.strip())
    found: dict[Ref, str] = {}
    kinds = _kinds()
    for record_type, keys in wanted.items():
        kind = kinds.get(record_type)
        if kind is not None:
            found.update(_named(session, record_type, kind, keys, holder))
    named: dict[Ref, str] = {}
    for record_type, record_id in refs:
        key = (record_type, record_id.strip())
        label = kind_label(record_type)
        named[(record_type, record_id)] = found.get(key) or " ".join(
            part for part in (label, record_id.strip()) if part
        )
    return named


def _named(
    session: Session, record_type: str, kind: _Kind, keys: set[str], holder: bool
) -> dict[Ref, str]:
    ids = sorted(int(key) for key in keys if key.isdigit())
    numbers = sorted(key.upper() for key in keys if not key.isdigit())
    clauses = [kind.model.id.in_(ids)] if ids else []
    if numbers and kind.number is not None:
        clauses.append(kind.number.in_(numbers))
    if not clauses:
        return {}
    query = select(kind.model).where(or_(*clauses))
    if kind.holder and (holder or kind.model is models.AmountDue):  # its payer is always named
        # The holders with the records, not one query per holder as each is named.
        query = query.options(selectinload(getattr(kind.model, kind.holder)))
    records = session.scalars(query).all()
    out: dict[Ref, str] = {}
    for record in records:
        words = _words(record_type, kind, record, holder)
        out[(record_type, str(record.id))] = words
        number = getattr(record, kind.number.key) if kind.number is not None else None
        if number:
            out[(record_type, str(number).upper())] = words
    # a number typed in lower case finds the same record
    for key in keys:
        if (record_type, key) not in out and (record_type, key.upper()) in out:
            out[(record_type, key)] = out[(record_type, key.upper())]
    return out


def _words(record_type: str, kind: _Kind, record: Any, with_holder: bool) -> str:
    if kind.model is models.Party:
        return f"{record.name}, as a contractor" if record_type == "contractor" else record.name
    if kind.model is models.Operator:
        return f"Operator {record.full_name}"
    if kind.model is models.Drawer:
        return f"Drawer of {record.station}, opened {words.us_date(record.opened_at.date())}"
    if kind.model is models.AmountDue:
        return f"{record.description} owed by {record.party.name}"
    label = kind_label(record_type)
    number = getattr(record, kind.number.key) if kind.number is not None else ""
    holder = getattr(record, kind.holder) if kind.holder and with_holder else None
    head = " ".join(part for part in (label, str(number or "")) if part)
    return f"{head} ({holder.name})" if holder is not None else head
