"""Start-up time of Clerk Desk, beside bare windows measured in the same run.

    python benchmarks/startup.py [--runs 7] [--scale 1]

Prints the median wall time from process start to:
- the first window on screen (the login dialog), beside a bare PySide6 window with as many empty
  tabs as Clerk Desk has (target: at most 2 times the bare window);
- the main window ready, signed in, with the demo database open and the Today tab filled, beside
  the same bare window that also opens the database with SQLAlchemy, reads its revision and runs
  one query (issue 20's target: under 0.8 s and at most 1.6 times that floor, at 20 years);
- and, as the counter knows it, from Enter on the login dialog to that window, when the clerk
  signed in once the database was open (the password's check, 0.45 s, is most of it).

The runs alternate (bare, login, floor, main, bare, …) so that a busy moment of the machine
falls on all of them alike. The program's own modules are compiled to bytecode first, as an
installed copy's are (this machine's environment sets ``PYTHONDONTWRITEBYTECODE``).

The program reports each moment itself when ``CLERK_DESK_BENCHMARK`` is ``login`` or ``main``
(see ui/main.py): it prints ``READY <epoch seconds>`` and quits. Qt runs offscreen.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import harness

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def _time_to_ready(command: list[str], env: dict[str, str]) -> float:
    """Seconds from the process's start, or from its ``ENTER`` mark if it prints one, to its
    ``READY`` mark."""
    started = time.time()
    result = subprocess.run(
        command, env=env, capture_output=True, text=True, timeout=120, check=False
    )
    for line in result.stdout.splitlines():
        if line.startswith("ENTER "):
            started = float(line.split()[1])
        if line.startswith("READY "):
            return float(line.split()[1]) - started
    raise RuntimeError(f"{command} never reported READY:\n{result.stdout}\n{result.stderr}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--scale", type=int, default=1, help="years of demo data")
    args = parser.parse_args()

    from clerk_desk.demo import DEMO_OPERATORS, DEMO_PASSWORD
    from clerk_desk.workflows import WORKFLOWS

    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", "clerk_desk", "ui", "reports"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", CLERK_DESK_DATA_DIR=folder)
        path, built = harness.demo_database(Path(folder), args.scale)
        demo = str(path)
        python = sys.executable
        bare_window = [python, str(HERE / "bare_window.py"), str(len(WORKFLOWS))]
        app = [
            python,
            "-c",
            "import sys; from ui.main import main; sys.exit(main(sys.argv[1:]))",
            "--database",
            demo,
        ]
        signed_in = dict(
            env,
            CLERK_DESK_BENCHMARK="main",
            CLERK_DESK_USER=DEMO_OPERATORS[1][0],
            CLERK_DESK_PASSWORD=DEMO_PASSWORD,
        )
        subjects = {
            "bare": (bare_window, env),
            "login": (app, dict(env, CLERK_DESK_BENCHMARK="login")),
            "floor": ([*bare_window, demo], env),
            "main": (app, signed_in),
            "enter": (app, dict(signed_in, CLERK_DESK_BENCHMARK="enter")),
        }
        # Warm the disk cache, as a second start at the counter is; the first start of the
        # program also brings the demo's schema up to date, so that no run pays for it.
        for command, subject_env in subjects.values():
            _time_to_ready(command, subject_env)
        samples: dict[str, list[float]] = {name: [] for name in subjects}
        for _ in range(args.runs):
            for name, (command, subject_env) in subjects.items():
                samples[name].append(_time_to_ready(command, subject_env))

    def ms(name: str) -> str:
        return " ".join(f"{s * 1000:.0f}" for s in samples[name])

    median = {name: statistics.median(values) for name, values in samples.items()}
    print(f"Clerk Desk start-up, median of {args.runs} runs (offscreen, {os.cpu_count()} cores)")
    print(
        f"  demo database ({args.scale} year(s)) "
        + (f"built in {built:.1f} s" if built else "from the cache")
    )
    rows = [
        (f"bare PySide6 window, {len(WORKFLOWS)} tabs:", "bare"),
        ("Clerk Desk login dialog on screen:", "login"),
        ("floor: bare window + database:", "floor"),
        ("Clerk Desk main window ready:", "main"),
        ("Enter pressed to main window ready:", "enter"),
    ]
    for label, name in rows:
        print(f"  {label:<36} {median[name] * 1000:7.0f} ms   [{ms(name)}]")
    login_ratio = median["login"] / median["bare"]
    main_ratio = median["main"] / median["floor"]
    first_ok = login_ratio <= 2.0
    main_ok = median["main"] < 0.8 and main_ratio <= 1.6
    print(
        f"  first window / bare window = {login_ratio:.2f}  (target at most 2.00): "
        f"{'met' if first_ok else 'NOT MET'}"
    )
    print(
        f"  main window ready {median['main']:.2f} s, {main_ratio:.2f} x its floor "
        f"(target under 0.80 s and at most 1.60 x): {'met' if main_ok else 'NOT MET'}"
    )
    return 0 if first_ok and main_ok else 1


if __name__ == "__main__":
    sys.exit(main())
