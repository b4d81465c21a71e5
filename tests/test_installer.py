"""The installer script, the PyInstaller spec and the build scripts agree: the installer packs the
folder the spec produces, runs the program the spec names, shows files that exist, never types
the version, and never touches the user's data folder."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest

from clerk_desk import paths

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = (ROOT / "installer.iss").read_text(encoding="utf-8")
SPEC_PATH = ROOT / "packaging" / "ClerkDesk.spec"
SPEC = SPEC_PATH.read_text(encoding="utf-8")
BUILD_PS1 = (ROOT / "packaging" / "build_windows.ps1").read_text(encoding="utf-8")
WORKFLOW = (ROOT / ".github" / "workflows" / "windows.yml").read_text(encoding="utf-8")
FREEZE = (ROOT / "packaging" / "freeze.py").read_text(encoding="utf-8")
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def _setting(name: str) -> str:
    match = re.search(rf"^{name}=(.+)$", SCRIPT, re.MULTILINE)
    assert match, f"installer.iss has no {name}"
    return match.group(1).strip()


def _define(name: str) -> str:
    match = re.search(rf'^#define {name} "(.+)"$', SCRIPT, re.MULTILINE)
    assert match, f"installer.iss defines no {name}"
    return match.group(1)


def _section(name: str) -> list[str]:
    match = re.search(rf"^\[{name}\]\n(.*?)(?=^\[|\Z)", SCRIPT, re.MULTILINE | re.DOTALL)
    if not match:
        return []
    return [
        line for line in match.group(1).splitlines() if line.strip() and not line.startswith(";")
    ]


def _spec(name: str) -> str:
    """A constant of the spec (``APP_NAME = "ClerkDesk"``), read as the spec's own text."""
    for node in ast.parse(SPEC).body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", "") for t in node.targets] == [name]:
            assert isinstance(node.value, ast.Constant)
            return str(node.value.value)
    raise AssertionError(f"the spec sets no {name}")


def _windows(path: str) -> str:
    return path.replace("/", "\\")


# ---- the installer and the spec -------------------------------------------------------------


def test_the_installer_packs_the_folder_the_spec_produces() -> None:
    """PyInstaller writes ``<distpath>/<COLLECT name>``; the build runs it with ``dist``."""
    sources = [re.search(r'Source: "([^"]+)"', line) for line in _section("Files")]
    folder = f"dist\\{_spec('APP_NAME')}\\*"
    assert folder in [m.group(1) for m in sources if m], _section("Files")
    assert "name=APP_NAME" in SPEC.split("COLLECT(")[1], "COLLECT must be named APP_NAME"
    assert 'ROOT / "dist"' in FREEZE  # packaging/freeze.py's default --dist
    assert "packaging\\freeze.py" in BUILD_PS1 and "--dist" not in BUILD_PS1


def test_the_program_the_installer_starts_is_the_one_the_spec_builds() -> None:
    window = SPEC.split("window = EXE(")[1].split(")\n")[0]
    assert "name=APP_NAME" in window and "console=False" in window
    assert _define("AppExeName") == f"{_spec('APP_NAME')}.exe"
    for line in _section("Icons") + _section("Run"):
        assert "{app}\\{#AppExeName}" in line


def test_the_icon_is_the_specs_and_exists() -> None:
    icon = _spec("ICON")
    assert (ROOT / icon).is_file()
    assert _setting("SetupIconFile") == _windows(icon)
    assert "icon=str(ROOT / ICON)" in SPEC


def test_files_the_installer_names_exist() -> None:
    for name in ("SetupIconFile", "LicenseFile", "InfoBeforeFile"):
        assert (ROOT / _setting(name).replace("\\", "/")).is_file(), name
    for line in _section("Files"):
        source = re.search(r'Source: "([^"]+)"', line)
        assert source, line
        if not source.group(1).startswith("dist\\"):  # dist\ is the freeze's output
            assert (ROOT / source.group(1).replace("\\", "/")).is_file(), line
    assert _setting("LicenseFile") == "LICENSE" and _setting("InfoBeforeFile") == "README.md"


def test_the_spec_carries_what_is_loaded_at_run_time() -> None:
    """Its hidden imports and data come from the code, not from a list typed a second time."""
    assert "from ui.self_test import modules_loaded_by_name" in SPEC
    assert "*modules_loaded_by_name()" in SPEC
    assert '"clerk_desk/resources"' in SPEC  # where clerk_desk.paths.resource_path looks
    assert '(MIGRATIONS / "versions").glob' in SPEC  # Alembic reads the scripts as files
    assert "_imports_of(_migration_scripts())" in SPEC
    assert '_installed("psycopg", "tzdata")' in SPEC
    assert _spec("ENTRY") == "packaging/clerk_desk_main.py"
    assert "from ui.main import main" in (ROOT / _spec("ENTRY")).read_text(encoding="utf-8")


# ---- the version --------------------------------------------------------------------------


def test_version_comes_from_pyproject_only() -> None:
    assert _setting("AppVersion") == "{#AppVersion}"
    assert VERSION not in SCRIPT
    assert VERSION not in SPEC and VERSION not in BUILD_PS1 and VERSION not in WORKFLOW


def test_the_build_script_passes_the_version_from_pyproject() -> None:
    assert "$Version = (& $Py packaging\\freeze.py --version).Trim()" in BUILD_PS1
    assert '"/DAppVersion=$Version" installer.iss' in BUILD_PS1


# ---- who installs, and where --------------------------------------------------------------


def test_upgrades_find_the_program_by_a_fixed_app_id() -> None:
    assert re.fullmatch(r"\{\{[0-9A-F-]{36}\}", _setting("AppId"))


def test_installs_per_user_without_administrator_rights_by_default() -> None:
    assert _setting("PrivilegesRequired") == "lowest"
    assert "dialog" in _setting("PrivilegesRequiredOverridesAllowed").split()
    assert _setting("DefaultDirName").startswith("{autopf}\\")  # per user: no admin needed


def test_start_menu_entry_and_an_optional_desktop_icon_in_english() -> None:
    icons = _section("Icons")
    assert any(line.startswith('Name: "{autoprograms}\\') for line in icons)
    desktop = [line for line in icons if line.startswith('Name: "{autodesktop}')]
    assert desktop and "Tasks: desktopicon" in desktop[0]
    (task,) = _section("Tasks")
    assert 'Name: "desktopicon"' in task and "Flags: unchecked" in task
    assert _section("Languages") == ['Name: "english"; MessagesFile: "compiler:Default.isl"']


@pytest.mark.parametrize("folder", ["{localappdata}", "{userappdata}", "{commonappdata}", "{%"])
def test_the_installer_never_touches_the_users_data(folder: str) -> None:
    """Uninstalling leaves the data folder and an upgrade keeps it: the script never names it."""
    assert folder not in SCRIPT.lower()
    assert _section("UninstallDelete") == []
    for line in _section("InstallDelete"):
        assert re.search(r'Name: "\{app\}\\', line), line


def test_an_upgrade_replaces_the_old_programs_files() -> None:
    assert 'Type: filesandordirs; Name: "{app}\\_internal"' in _section("InstallDelete")


def test_the_data_folder_is_the_users_not_the_programs(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """platformdirs' user data folder of "ClerkDesk" by "ClerkDesk": on Windows that is
    %LOCALAPPDATA%\\ClerkDesk\\ClerkDesk, as installer.iss and the README say."""
    asked: list[tuple[object, ...]] = []

    def user_data_dir(*args: object, **kwargs: object) -> str:
        asked.append((*args, *kwargs.values()))
        return str(tmp_path / "user-data")

    monkeypatch.delenv("CLERK_DESK_DATA_DIR")
    monkeypatch.setattr(paths.platformdirs, "user_data_dir", user_data_dir)
    assert paths.data_dir() == tmp_path / "user-data"
    assert asked == [(paths.APP_NAME, paths.APP_AUTHOR)]  # not roaming: %LOCALAPPDATA%
    windows_folder = f"%LOCALAPPDATA%\\{paths.APP_AUTHOR}\\{paths.APP_NAME}"
    assert windows_folder in SCRIPT
    assert windows_folder in (ROOT / "README.md").read_text(encoding="utf-8")


# ---- the Windows build ------------------------------------------------------------------------


def test_the_windows_build_freezes_self_tests_and_compiles() -> None:
    """A venv, the install, the freeze with its self-test (freeze.py runs the console
    program's), the windowed program's self-test, then ISCC."""
    steps = {
        "venv": r"-m venv \$Venv",
        "install": r'-m pip install --quiet "\.\[postgresql,freeze\]"',
        "freeze and self-test": r"& \$Py packaging\\freeze\.py\n",
        "windowed self-test": r'ClerkDesk\.exe"\)? -ArgumentList "self-test"',
        "compile": r'& \$Iscc /Q "/DAppVersion=\$Version" installer\.iss',
    }
    found = {name: re.search(pattern, BUILD_PS1) for name, pattern in steps.items()}
    assert all(found.values()), [name for name, match in found.items() if not match]
    positions = [match.start() for match in found.values() if match]
    assert positions == sorted(positions), "the steps are out of order"
    assert '"ISCC.exe"' in BUILD_PS1 or "ISCC.exe" in BUILD_PS1


def test_the_windows_workflow_runs_the_build_script_and_keeps_the_setup() -> None:
    assert "runs-on: windows-" in WORKFLOW
    assert "packaging/build_windows.ps1" in WORKFLOW
    assert "actions/upload-artifact" in WORKFLOW
    output = f"{_setting('OutputDir')}\\{_setting('OutputBaseFilename')}"
    assert output.startswith("dist\\installer\\")
    assert "dist/installer/*.exe" in WORKFLOW
