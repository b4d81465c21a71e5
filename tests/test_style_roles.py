"""The window's colours are named once (ui/kit/style.py): no screen writes a colour of its own,
so red means a refusal and amber a warning on every tab."""

from __future__ import annotations

import re
from pathlib import Path

UI = Path(__file__).resolve().parent.parent / "ui"
COLOUR = re.compile(r"#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b(?![0-9a-fA-F])|QColor\(\s*\"[a-z]+\"")


def test_no_window_module_writes_a_colour_of_its_own() -> None:
    found = [
        f"{path.relative_to(UI.parent)}:{number}: {line.strip()}"
        for path in sorted(UI.rglob("*.py"))
        if path.name != "style.py"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if COLOUR.search(line)
    ]
    assert found == [], "name these colours in ui/kit/style.py:\n" + "\n".join(found)
