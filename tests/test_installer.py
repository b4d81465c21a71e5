"""The first installer script: what it names exists, and the version is never typed twice."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = (ROOT / "installer.iss").read_text(encoding="utf-8")


def _setting(name: str) -> str:
    match = re.search(rf"^{name}=(.+)$", SCRIPT, re.MULTILINE)
    assert match, f"installer.iss has no {name}"
    return match.group(1).strip()


def test_files_the_installer_names_exist() -> None:
    for name in ("SetupIconFile", "LicenseFile", "InfoBeforeFile"):
        assert (ROOT / _setting(name).replace("\\", "/")).is_file(), name


def test_version_comes_from_pyproject_only() -> None:
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert _setting("AppVersion") == "{#AppVersion}"
    assert version not in SCRIPT


def test_upgrades_find_the_program_by_a_fixed_app_id() -> None:
    assert re.fullmatch(r"\{\{[0-9A-F-]{36}\}", _setting("AppId"))


def test_installs_per_user_without_administrator_rights_by_default() -> None:
    assert _setting("PrivilegesRequired") == "lowest"
    assert _setting("PrivilegesRequiredOverridesAllowed") == "dialog"
