"""The embedded fonts every Clerk Desk document prints with.

ReportLab's built-in Helvetica covers Latin-1 only and is never embedded: "Nguyễn" or "Łukasz" would
print as black boxes and a reader's search would not find them. DejaVu Sans (shipped in
``resources/fonts`` with its license) covers Latin, Vietnamese, Greek and Cyrillic, and ReportLab
embeds a subset of it with a ``ToUnicode`` map, so every name prints and extracts back as text.

Registration is global in ReportLab, so it happens once per process behind a lock: documents may be
built from a worker thread while the window builds a preview on another.
"""

from __future__ import annotations

import threading

from clerk_desk.paths import resource_path

FONT_REGULAR = "ClerkSans"
"""Regular weight: body text, tables, footers."""

FONT_BOLD = "ClerkSans-Bold"
"""Bold weight: titles, labels, table headers. ``<b>`` in a Paragraph maps to it."""

FONT_FAMILY = FONT_REGULAR
"""Family name to use as ``fontName`` of a ParagraphStyle, so ``<b>`` and ``<i>`` resolve."""

_FILES = {
    FONT_REGULAR: ("fonts", "DejaVuSans.ttf"),
    FONT_BOLD: ("fonts", "DejaVuSans-Bold.ttf"),
}

FONT_FILES: tuple[tuple[str, ...], ...] = tuple(_FILES.values())
"""The font files under ``resources/``, as path parts (the self-test checks they are shipped)."""

_lock = threading.Lock()
_registered = False


def register_fonts() -> None:
    """Register the Clerk Sans fonts with ReportLab (idempotent and thread-safe).

    Every public builder in ``reports`` calls this, so callers rarely need to. No italic face is
    shipped, so ``<i>`` maps to the regular face rather than failing: a clerk's document never needs
    italics to be legible, and an exception in the middle of printing a receipt would be worse.
    """
    global _registered
    if _registered:  # fast path without the lock, safe because the flag only goes False -> True
        return
    with _lock:
        if _registered:
            return
        from reportlab.lib.fonts import addMapping
        from reportlab.pdfbase import pdfmetrics
        from reportlab.pdfbase.ttfonts import TTFont

        for name, parts in _FILES.items():
            path = resource_path(*parts)
            pdfmetrics.registerFont(TTFont(name, str(path)))
        # addMapping is what Paragraph consults for <b>/<i>; registerFontFamily wraps it too,
        # but spelling the four mappings out keeps the italic fallback explicit.
        addMapping(FONT_FAMILY, 0, 0, FONT_REGULAR)
        addMapping(FONT_FAMILY, 1, 0, FONT_BOLD)
        addMapping(FONT_FAMILY, 0, 1, FONT_REGULAR)
        addMapping(FONT_FAMILY, 1, 1, FONT_BOLD)
        pdfmetrics.registerFontFamily(
            FONT_FAMILY,
            normal=FONT_REGULAR,
            bold=FONT_BOLD,
            italic=FONT_REGULAR,
            boldItalic=FONT_BOLD,
        )
        _registered = True


def text_width(text: str, *, size: float, bold: bool = False) -> float:
    """Width in points of ``text`` in Clerk Sans: for fitting letterhead lines and table columns."""
    register_fonts()
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return float(stringWidth(text, FONT_BOLD if bold else FONT_REGULAR, size))
