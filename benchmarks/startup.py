"""Start-up time of Clerk Desk, beside a bare PySide6 window measured in the same run.

    python benchmarks/startup.py [--runs 7] [--scale 1]

Prints the median wall time from process start to:
- the first window on screen (the login dialog), and a bare PySide6 window with as many empty
  tabs as Clerk Desk has (target: at most 2 times the bare window);
- the main window ready, signed in, with the demo database open and the Today tab filled
  (target: under 1 second on a 2-core machine).

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

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def _time_to_ready(command: list[str], env: dict[str, str]) -> float:
    started = time.time()
    result = subprocess.run(
        command, env=env, capture_output=True, text=True, timeout=120, check=False
    )
    for line in result.stdout.splitlines():
        if line.startswith("READY "):
            return float(line.split()[1]) - started
    raise RuntimeError(f"{command} never reported READY:\n{result.stdout}\n{result.stderr}")


def _median(command: list[str], env: dict[str, str], runs: int) -> tuple[float, list[float]]:
    _time_to_ready(command, env)  # warm the disk cache, as a second start at the counter is
    samples = [_time_to_ready(command, env) for _ in range(runs)]
    return statistics.median(samples), samples


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--scale", type=int, default=1, help="years of demo data")
    args = parser.parse_args()

    from clerk_desk.demo import DEMO_OPERATORS, DEMO_PASSWORD
    from clerk_desk.workflows import WORKFLOWS

    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", CLERK_DESK_DATA_DIR=folder)
        demo = str(Path(folder) / "demo.sqlite3")
        built = time.perf_counter()
        subprocess.run(
            [
                sys.executable,
                "-m",
                "clerk_desk",
                "--database",
                demo,
                "demo",
                "--scale",
                str(args.scale),
            ],
            env=env,
            check=True,
            capture_output=True,
        )
        built = time.perf_counter() - built

        python = sys.executable
        bare, bare_samples = _median(
            [python, str(HERE / "bare_window.py"), str(len(WORKFLOWS))], env, args.runs
        )
        app = [
            python,
            "-c",
            "import sys; from ui.main import main; sys.exit(main(sys.argv[1:]))",
            "--database",
            demo,
        ]
        login, login_samples = _median(app, dict(env, CLERK_DESK_BENCHMARK="login"), args.runs)
        ready, ready_samples = _median(
            app,
            dict(
                env,
                CLERK_DESK_BENCHMARK="main",
                CLERK_DESK_USER=DEMO_OPERATORS[1][0],
                CLERK_DESK_PASSWORD=DEMO_PASSWORD,
            ),
            args.runs,
        )

    def ms(samples: list[float]) -> str:
        return " ".join(f"{s * 1000:.0f}" for s in samples)

    print(f"Clerk Desk start-up, median of {args.runs} runs (offscreen, {os.cpu_count()} cores)")
    print(f"  demo database ({args.scale} year(s)) built in {built:.1f} s")
    bare_label = f"bare PySide6 window, {len(WORKFLOWS)} tabs:"
    print(f"  {bare_label:<34} {bare * 1000:7.0f} ms   [{ms(bare_samples)}]")
    print(f"  Clerk Desk login dialog on screen: {login * 1000:7.0f} ms   [{ms(login_samples)}]")
    print(f"  Clerk Desk main window ready:      {ready * 1000:7.0f} ms   [{ms(ready_samples)}]")
    ratio = login / bare
    first_ok, main_ok = ratio <= 2.0, ready < 1.0
    print(
        f"  first window / bare window = {ratio:.2f}  (target at most 2.00): "
        f"{'met' if first_ok else 'NOT MET'}"
    )
    print(
        f"  main window ready {ready:.2f} s  (target under 1.00 s): "
        f"{'met' if main_ok else 'NOT MET'}"
    )
    return 0 if first_ok and main_ok else 1


if __name__ == "__main__":
    sys.exit(main())
