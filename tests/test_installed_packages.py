"""Every package of the program is installed: ``pyproject.toml`` lists packages by name.

A folder with an ``__init__.py`` left off the list works from the checkout (an editable install
finds it) and is missing from a wheel, so the installed program fails to start.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_package_folder_is_listed_for_installation() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for top in ("clerk_desk", "reports", "ui")
        for init in (ROOT / top).rglob("__init__.py")
    }
    assert found - listed == set(), "add these to [tool.setuptools] packages"
