"""The shipped city seal (``resources/city-seal.png``) and how it was drawn.

The City's official seal is the City's to supply (Settings -> logo); until it does, letterheads
carry this plain emblem so that a printed notice still looks like it came from City Hall. It is
drawn here, in code, so that anyone can see it contains nothing borrowed and can redraw it (say,
in another colour) with ``python -m reports.seal``. Pillow comes with ReportLab, so this needs no
extra dependency; the letterhead only ever reads the PNG.

The emblem: a double ring with "CITY OF PRESCOTT" above and "WISCONSIN" below, and in the centre a
star over three waves for the meeting of the St. Croix and Mississippi rivers at Prescott.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any

from clerk_desk.paths import resource_path

SEAL_FILE = ("city-seal.png",)
"""Location of the shipped seal under ``resources/``."""

NAVY = (31, 58, 95, 255)


def seal_path() -> Path:
    """Path of the shipped seal PNG."""
    return resource_path(*SEAL_FILE)


def draw_seal(
    target: Path,
    *,
    size: int = 600,
    top_text: str = "CITY OF PRESCOTT",
    bottom_text: str = "WISCONSIN",
) -> None:
    """Draw the emblem as a ``size`` x ``size`` PNG with a transparent background.

    Drawn at three times the size and scaled down, so the edges are smooth when printed at 300 dpi.
    """
    from PIL import Image, ImageDraw, ImageFont

    scale = 3
    s = size * scale
    img = Image.new("RGBA", (s, s), (255, 255, 255, 0))
    draw = ImageDraw.Draw(img)
    c = s / 2
    for radius, width in ((0.483, 0.022), (0.445, 0.006), (0.315, 0.006), (0.30, 0.012)):
        r = s * radius
        draw.ellipse((c - r, c - r, c + r, c + r), outline=NAVY, width=round(s * width))

    font = ImageFont.truetype(str(resource_path("fonts", "DejaVuSans-Bold.ttf")), round(s * 0.072))
    text_radius = s * 0.38  # middle of the band between the rings
    _arc_text(img, font, top_text, radius=text_radius, top=True)
    _arc_text(img, font, bottom_text, radius=text_radius, top=False)

    # Small stars between the two texts, on the horizontal axis.
    _star(draw, c - text_radius, c, s * 0.028)
    _star(draw, c + text_radius, c, s * 0.028)

    # Centre: a star over three waves.
    _star(draw, c, c - s * 0.085, s * 0.075)
    wave_w = s * 0.40
    for i, dy in enumerate((s * 0.045, s * 0.105, s * 0.165)):
        width = wave_w * (1 - 0.16 * i)
        x0 = c - width / 2
        pts = []
        for k in range(121):
            t = k / 120
            pts.append((x0 + t * width, c + dy + s * 0.018 * math.sin(t * 4 * math.pi)))
        draw.line(pts, fill=NAVY, width=round(s * 0.014), joint="curve")

    img = img.resize((size, size), Image.Resampling.LANCZOS)
    target.parent.mkdir(parents=True, exist_ok=True)
    img.save(target, format="PNG", optimize=True)


def _arc_text(img: Any, font: Any, text: str, *, radius: float, top: bool) -> None:
    """Set ``text`` along the band, upright for a reader at the top and at the bottom."""
    from PIL import Image, ImageDraw

    s = img.width
    c = s / 2
    spacing = s * 0.012
    widths = [font.getlength(ch) + spacing for ch in text]
    total_angle = sum(widths) / radius
    # Top text runs clockwise from the left; bottom text counter-clockwise, so both read
    # left to right with their feet towards the centre (top) or the rim (bottom).
    angle = -math.pi / 2 - total_angle / 2 if top else math.pi / 2 + total_angle / 2
    for ch, w in zip(text, widths, strict=True):
        step = w / radius
        mid = angle + step / 2 if top else angle - step / 2
        x = c + radius * math.cos(mid)
        y = c + radius * math.sin(mid)
        glyph = Image.new("RGBA", (round(s * 0.12), round(s * 0.12)), (255, 255, 255, 0))
        gd = ImageDraw.Draw(glyph)
        gd.text((glyph.width / 2, glyph.height / 2), ch, font=font, fill=NAVY, anchor="mm")
        rotation = -math.degrees(mid) - 90 if top else -math.degrees(mid) + 90
        glyph = glyph.rotate(rotation, resample=Image.Resampling.BICUBIC)
        img.alpha_composite(glyph, (round(x - glyph.width / 2), round(y - glyph.height / 2)))
        angle = angle + step if top else angle - step


def _star(draw: Any, cx: float, cy: float, outer: float) -> None:
    """A five-pointed star centred on (cx, cy), its points ``outer`` from the centre."""
    inner = outer * 0.42
    points = []
    for i in range(10):
        r = outer if i % 2 == 0 else inner
        a = -math.pi / 2 + i * math.pi / 5
        points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    draw.polygon(points, fill=NAVY)


def main(argv: list[str] | None = None) -> int:
    """Redraw the shipped seal (or write it to the path given as the only argument)."""
    args = sys.argv[1:] if argv is None else argv
    target = Path(args[0]) if args else seal_path()
    draw_seal(target)
    print(target)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
