"""Scanned documents (certificates, bonds, signed petitions), kept in the database by content.

A scan is stored once by its SHA-256, so backups and every counter station have it and a copy
that no longer matches its digest is noticed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from clerk_desk.desk import Action
from clerk_desk.errors import InvalidInput
from clerk_desk.models import Document

SCAN_LIMIT = 25 * 1024 * 1024
_SCAN_MAGIC = (b"%PDF", b"\x89PNG", b"\xff\xd8\xff")


def store_scan(action: Action, content: bytes, name: str) -> str:
    """Keep a scanned document in the database by its SHA-256 (so backups and every station have
    it, and a swapped copy is noticed) and return the digest. The same scan is kept once; a
    stored copy that no longer matches its digest is put right."""
    session = action.session
    if not content:
        raise InvalidInput("The scanned file is empty.", field="scan")
    if len(content) > SCAN_LIMIT:
        raise InvalidInput(
            "The scanned file is larger than 25 MB; scan it at a lower resolution.", field="scan"
        )
    if not content.startswith(_SCAN_MAGIC):
        raise InvalidInput(f"{name} is not a PDF, PNG or JPEG file.", field="scan")
    digest = hashlib.sha256(content).hexdigest()
    stored = session.get(Document, digest)
    if stored is None:
        try:
            with session.begin_nested():  # another station may store the same scan meanwhile
                session.add(
                    Document(
                        sha256=digest,
                        name=name[:200],
                        content=content,
                        size=len(content),
                        created_at=action.now(),
                    )
                )
        except IntegrityError:
            stored = session.get(Document, digest)
    if stored is not None and hashlib.sha256(stored.content).hexdigest() != digest:
        stored.content = content  # a tampered copy is replaced by the true one
        stored.size = len(content)
    return digest


def spool_scans(
    session: Session,
    digests: Iterable[str],
    folder: Path,
    *,
    each: Callable[[str, Path | None], bool] | None = None,
) -> dict[str, Path]:
    """Copy the stored scans with those digests into files in ``folder`` (named by digest),
    one at a time in the order given, each after checking it still has its digest; the file of
    each, a scan missing or no longer matching left out. ``each(digest, file or None)`` is told
    as each is done, and stops the copying by returning False.

    For a paper that sets many scans in (the agenda packet: 300 petitions of 2 MB scans): read
    into one dictionary they were 600 MB held at once, twice while the rows were built. Copied
    out one by one, the read holds one scan, and the paper reads each file when it needs it."""
    found: dict[str, Path] = {}
    for digest in dict.fromkeys(digests):
        content = session.execute(
            select(Document.content).where(Document.sha256 == digest)
        ).scalar_one_or_none()
        path: Path | None = None
        if content is not None and hashlib.sha256(content).hexdigest() == digest:
            path = found[digest] = folder / f"{digest}.scan"
            path.write_bytes(content)
        del content  # let this scan go before the next is read
        if each is not None and not each(digest, path):
            break
    return found


def scan_bytes(session: Session, digest: str) -> bytes | None:
    """The stored scan with that digest, after checking it still has that digest."""
    stored = session.get(Document, digest)
    if stored is None or hashlib.sha256(stored.content).hexdigest() != digest:
        return None
    return bytes(stored.content)
