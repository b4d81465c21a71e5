"""Scanned pages set into a finished PDF by an incremental update, one scan at a time.

pypdf's writer holds every object of a document until it writes it, and the packet was then
copied twice more (its output buffer, the bytes returned): an agenda packet of 300 petitions with
real-sized scans (2 MB a page) peaked at 2.5 to 3.1 GB in the process building it
(``benchmarks/petitions.py``). A PDF may be changed by appending to it (ISO 32000-1, 7.5.6,
"Incremental updates"): new objects, new versions of objects already there, and a
cross-reference section for them whose trailer points back at the one before; every reader
reads the file as its last version. :func:`set_in` writes the document ReportLab made as it is,
then appends, for each scanned page, a form XObject holding the page's content and resources
copied as they are (a picture's bytes byte for byte, never decoded nor encoded again), and a new
version of the placeholder page that draws it under its caption, frame and footer.

Each scan is read (``Sheet.source``) when its first page is set in and let go once its pages are
written, so what is held is one scan, whatever the size of the packet, and the output is written
as it goes. A scan that cannot be read now leaves its frame empty, as before: one bad file never
stops the Clerk from printing the packet.
"""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import IO, Any

from pypdf import PdfReader
from pypdf.generic import (
    ArrayObject,
    DecodedStreamObject,
    DictionaryObject,
    FloatObject,
    IndirectObject,
    NameObject,
    NullObject,
    NumberObject,
    PdfObject,
    StreamObject,
)

from .page_placing import Matrix, Sheet, scan_reader

__all__ = ["SCAN_NAME", "Setting", "set_in"]

log = logging.getLogger(__name__)

SCAN_NAME = "/ClerkScan"
"""The name a placeholder page draws its scanned page by (a second on one page: /ClerkScan2)."""

_STARTXREF = re.compile(rb"startxref\s+(\d+)\s+%%EOF\s*$")
_STREAM_KEYS = ("/Filter", "/DecodeParms")  # what a content stream's bytes need to be read


@dataclass(frozen=True, slots=True)
class Setting:
    """A sheet set into page ``page_index`` (from 0) of the document, placed by ``matrix``."""

    page_index: int
    sheet: Sheet
    matrix: Matrix


def set_in(document: bytes, settings: Sequence[Setting], out: IO[bytes]) -> None:
    """Write ``document`` to ``out`` with each setting's page drawn under its placeholder.

    Every sheet is of kind ``"pdf"`` and has a ``source`` (:func:`reports.page_placing.
    read_sheets` with one). The same page of the same scan (``Sheet.share``) is written once,
    however many pages draw it."""
    output = _Output(out)
    output.write(document)
    if not settings:
        return
    if not document.endswith(b"\n"):
        output.write(b"\n")
    found = _STARTXREF.search(document[-1024:])
    if found is None:
        raise ValueError("the document has no cross-reference section to update")
    body = PdfReader(io.BytesIO(document))
    size = body.trailer.get("/Size")
    if not isinstance(size, NumberObject):
        raise ValueError("the document's trailer has no /Size")
    numbers = _Numbers(int(size))
    scans = _Scans(output, numbers)
    pages: dict[int, list[tuple[int, Matrix]]] = {}
    for setting in settings:
        form = scans.form(setting.sheet)
        if form is not None:
            pages.setdefault(setting.page_index, []).append((form, setting.matrix))
    scans.close()
    for index, drawn in pages.items():
        _draw_under(body.pages[index], drawn, output, numbers)
    _finish(output, body, numbers.next, int(found.group(1)))


class _Output:
    """The file being written, counting its bytes: each object's offset goes in the xref."""

    def __init__(self, out: IO[bytes]) -> None:
        self._out = out
        self.position = 0
        self.offsets: dict[int, int] = {}

    def write(self, data: bytes) -> None:
        self._out.write(data)
        self.position += len(data)

    def put(self, number: int, value: PdfObject) -> None:
        """Object ``number`` (generation 0), written whole or not at all."""
        buffer = io.BytesIO()
        buffer.write(b"%d 0 obj\n" % number)
        value.write_to_stream(buffer)
        buffer.write(b"\nendobj\n")
        self.offsets[number] = self.position
        self.write(buffer.getvalue())


class _Numbers:
    """Object numbers for the new objects, after the document's own."""

    def __init__(self, first: int) -> None:
        self.next = first

    def new(self) -> int:
        number = self.next
        self.next += 1
        return number


def _ref(number: int) -> IndirectObject:
    return IndirectObject(number, 0, None)


class _Scans:
    """The scan open now and the forms written so far, by ``Sheet.share`` (else by sheet)."""

    def __init__(self, output: _Output, numbers: _Numbers) -> None:
        self._output = output
        self._numbers = numbers
        self._forms: dict[object, int] = {}
        self._source: object = None
        self._copy: _ScanCopy | None = None

    def form(self, sheet: Sheet) -> int | None:
        """The number of the form XObject drawing ``sheet``'s page; None when the scan cannot
        be read now (its frame stays empty)."""
        key: object = sheet.share if sheet.share is not None else id(sheet)
        known = self._forms.get(key)
        if known is not None:
            return known
        try:
            if self._copy is None or self._source is not sheet.source:
                self.close()  # the scan before is let go before this one is read
                self._copy = self._open(sheet)
                self._source = sheet.source
            number = self._forms[key] = self._copy.form(sheet)
        except Exception:  # a page pypdf read before but cannot copy now
            log.exception("Cannot attach %s", sheet.caption)
            return None
        return number

    def _open(self, sheet: Sheet) -> _ScanCopy:
        if sheet.source is None:
            raise ValueError("a sheet set in by an update needs its source")
        content = sheet.source()
        if content is None:
            raise ValueError("the scan is no longer there")
        return _ScanCopy(scan_reader(content), self._output, self._numbers)

    def close(self) -> None:
        self._copy, self._source = None, None


class _ScanCopy:
    """Copies objects of one scan into the update, each once, numbered anew."""

    def __init__(self, reader: PdfReader, output: _Output, numbers: _Numbers) -> None:
        self._reader = reader
        self._output = output
        self._numbers = numbers
        self._copied: dict[tuple[int, int], int] = {}
        self._pending: list[tuple[IndirectObject, int]] = []

    def form(self, sheet: Sheet) -> int:
        """Write the sheet's page as a form XObject, and what its resources use; its number."""
        page = self._reader.pages[sheet.number - 1]
        form = self._content(page)
        form[NameObject("/Type")] = NameObject("/XObject")
        form[NameObject("/Subtype")] = NameObject("/Form")
        form[NameObject("/BBox")] = ArrayObject(FloatObject(v) for v in sheet.box)
        resources = page.raw_get("/Resources") if "/Resources" in page else DictionaryObject()
        form[NameObject("/Resources")] = self._value(resources)
        number = self._numbers.new()
        self._output.put(number, form)
        while self._pending:  # what the resources refer to: pictures, fonts, their parts
            reference, copied = self._pending.pop()
            target = reference.get_object()
            self._output.put(copied, self._value(target) if target is not None else NullObject())
        return number

    def _content(self, page: Any) -> StreamObject:
        """A stream of the page's content: its one stream's bytes as they are, or its streams
        joined and compressed."""
        contents = page.get("/Contents")
        if isinstance(contents, StreamObject):
            form = StreamObject()
            for key in _STREAM_KEYS:
                if key in contents:
                    form[NameObject(key)] = self._value(contents.raw_get(key))
            form.set_data(contents._data)  # the encoded bytes, as stored
            return form
        joined = page.get_contents()
        plain = DecodedStreamObject()
        plain.set_data(joined.get_data() if joined is not None else b"")
        return plain.flate_encode()

    def _value(self, value: Any) -> Any:
        """``value`` with every reference into the scan replaced by its copy's."""
        if isinstance(value, IndirectObject):
            key = (value.idnum, value.generation)
            number = self._copied.get(key)
            if number is None:
                number = self._copied[key] = self._numbers.new()
                self._pending.append((value, number))
            return _ref(number)
        if isinstance(value, StreamObject):
            stream = StreamObject()
            for key, item in value.items():
                if key != "/Length":  # written again from the bytes
                    stream[NameObject(key)] = self._value(item)
            stream.set_data(value._data)  # byte for byte: a JPEG stays the scanner's JPEG
            return stream
        if isinstance(value, DictionaryObject):
            return DictionaryObject({NameObject(k): self._value(v) for k, v in value.items()})
        if isinstance(value, ArrayObject):
            return ArrayObject(self._value(v) for v in value)
        return value


def _draw_under(
    page: Any, drawn: list[tuple[int, Matrix]], output: _Output, numbers: _Numbers
) -> None:
    """A new version of the placeholder ``page`` that draws each form first, under what the
    page already draws (caption, frame, footer)."""
    resources = DictionaryObject(page.get("/Resources", DictionaryObject()).get_object())
    xobjects = resources.get("/XObject")
    xobjects = (
        DictionaryObject(xobjects.get_object()) if xobjects is not None else DictionaryObject()
    )
    operators = []
    for n, (form, matrix) in enumerate(drawn, start=1):
        name = SCAN_NAME if n == 1 else f"{SCAN_NAME}{n}"
        xobjects[NameObject(name)] = _ref(form)
        numbers_text = " ".join(f"{v:.4f}" for v in matrix)
        operators.append(f"q {numbers_text} cm {name} Do Q\n")
    resources[NameObject("/XObject")] = xobjects
    under = DecodedStreamObject()
    under.set_data("".join(operators).encode("ascii"))
    first = numbers.new()
    output.put(first, under)
    updated = DictionaryObject(page.items())
    updated[NameObject("/Resources")] = resources
    contents = page.raw_get("/Contents") if "/Contents" in page else None
    if contents is None:
        updated[NameObject("/Contents")] = _ref(first)
    elif isinstance(contents, ArrayObject):
        updated[NameObject("/Contents")] = ArrayObject([_ref(first), *contents])
    else:
        existing = contents.get_object() if isinstance(contents, IndirectObject) else contents
        if isinstance(existing, ArrayObject):
            updated[NameObject("/Contents")] = ArrayObject([_ref(first), *existing])
        else:
            updated[NameObject("/Contents")] = ArrayObject([_ref(first), contents])
    output.put(page.indirect_reference.idnum, updated)


def _finish(output: _Output, body: PdfReader, size: int, previous: int) -> None:
    """The cross-reference section of what was appended, and its trailer, which points back at
    the document's own (``previous``)."""
    at = output.position
    lines = [b"xref\n"]
    numbers = sorted(output.offsets)
    start = 0
    while start < len(numbers):
        end = start
        while end + 1 < len(numbers) and numbers[end + 1] == numbers[end] + 1:
            end += 1
        lines.append(b"%d %d\n" % (numbers[start], end - start + 1))
        lines += [b"%010d 00000 n\r\n" % output.offsets[n] for n in numbers[start : end + 1]]
        start = end + 1
    trailer = DictionaryObject()
    trailer[NameObject("/Size")] = NumberObject(size)
    for key in ("/Root", "/Info", "/ID"):
        if key in body.trailer:
            trailer[NameObject(key)] = body.trailer.raw_get(key)
    trailer[NameObject("/Prev")] = NumberObject(previous)
    buffer = io.BytesIO()
    buffer.write(b"".join(lines))
    buffer.write(b"trailer\n")
    trailer.write_to_stream(buffer)
    buffer.write(b"\nstartxref\n%d\n%%%%EOF\n" % at)
    output.write(buffer.getvalue())
