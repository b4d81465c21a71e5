"""Freeze Clerk Desk with PyInstaller and run the frozen program's self-test.

    python packaging/freeze.py                  freeze into dist/ClerkDesk, then its self-test
    python packaging/freeze.py --no-self-test   freeze only
    python packaging/freeze.py --self-test-only run the self-test of dist/ClerkDesk as it is
    python packaging/freeze.py --version        print the version in pyproject.toml

Run it from any folder with the Python of an environment where ``pip install ".[postgresql,
freeze]"`` installed Clerk Desk; it works the same on Linux and on Windows
(``packaging/build_windows.ps1`` and ``tests/test_freeze.py`` call it). It prints how long the
freeze and the self-test took and how big the folder is; the exit status is PyInstaller's or
the self-test's.
"""

from __future__ import annotations

import argparse
import ast
import os
import subprocess
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "packaging" / "ClerkDesk.spec"


def spec_setting(name: str) -> str:
    """A constant of the spec (``APP_NAME = "ClerkDesk"``), read without running PyInstaller."""
    for node in ast.parse(SPEC.read_text(encoding="utf-8")).body:
        if (
            isinstance(node, ast.Assign)
            and [getattr(t, "id", None) for t in node.targets] == [name]
            and isinstance(node.value, ast.Constant)
        ):
            return str(node.value.value)
    raise LookupError(f"{SPEC.name} sets no {name}")


APP_NAME = spec_setting("APP_NAME")  # the folder under dist/ and the window's program
CONSOLE_NAME = spec_setting("CONSOLE_NAME")  # the command-line program in that folder


def version() -> str:
    """The one version of Clerk Desk, from pyproject.toml."""
    with (ROOT / "pyproject.toml").open("rb") as handle:
        return str(tomllib.load(handle)["project"]["version"])


def program(folder: Path, name: str = CONSOLE_NAME) -> Path:
    return folder / (f"{name}.exe" if sys.platform == "win32" else name)


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def freeze(dist: Path, work: Path) -> float:
    """Run PyInstaller on the spec; return the seconds it took."""
    started = time.perf_counter()
    subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--log-level=WARN",
            "--distpath",
            str(dist),
            "--workpath",
            str(work),
            str(SPEC),
        ],
        cwd=ROOT,
        check=True,
        timeout=1800,
    )
    return time.perf_counter() - started


def self_test(folder: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    """Run ``clerk-desk self-test`` of the frozen folder, offscreen, and return what it said."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run(
        [str(program(folder)), "self-test", *extra],
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        timeout=600,
        check=False,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--version", action="store_true", help="print the version and stop")
    parser.add_argument("--no-self-test", action="store_true", help="freeze only")
    parser.add_argument("--self-test-only", action="store_true", help="do not freeze again")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="default: dist/")
    parser.add_argument(
        "--work", type=Path, default=ROOT / "build" / "pyinstaller", help="PyInstaller's work"
    )
    args = parser.parse_args(argv)
    if args.version:
        print(version())
        return 0
    folder = args.dist / APP_NAME
    if not args.self_test_only:
        seconds = freeze(args.dist, args.work)
        print(f"== froze Clerk Desk {version()} into {folder} in {seconds:.0f} s", flush=True)
    print(f"== {folder}: {folder_size(folder) / 1e6:.0f} MB", flush=True)
    if args.no_self_test:
        return 0
    started = time.perf_counter()
    result = self_test(folder)
    print(result.stdout, end="")
    print(result.stderr, end="", file=sys.stderr)
    seconds = time.perf_counter() - started
    verdict = "passed" if result.returncode == 0 else f"FAILED (status {result.returncode})"
    print(f"== the frozen self-test {verdict} in {seconds:.1f} s", flush=True)
    return result.returncode


if __name__ == "__main__":
    sys.exit(main())
