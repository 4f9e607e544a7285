"""The real-window tests run in the background, beside the offscreen tests.

Qt picks its platform once per process, so the real-window tests run in a pytest process of
their own on an Xvfb server (:mod:`tests.test_real_windows`). They take minutes, mostly spent
waiting for the X server and the windows, so that process starts as soon as the test that
reports on it is collected (``tests/conftest.py``, ``pytest_collection_finish``) and runs while
the offscreen tests do; the test only joins it. Nothing here imports Qt.

Every pytest process of one run (the xdist workers collect the same tests) derives the same
folder from the run's id; the first to create it starts the runner, the others find it. The
runner (``python -m tests.realwindow.background FOLDER WATCH_PID``) writes what the tests
printed to ``output.txt`` and, at the end, ``result.json``; it stops, with its tests, as soon as
the run that started it (process ``WATCH_PID``) is gone, so an interrupted run leaves nothing
behind.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
NODE_ID = "tests/test_real_windows.py::test_the_real_window_tests_pass"
WORKERS = 2
"""Processes the real-window tests are shared among, each on an X server of its own: they
mostly wait for the X server and the windows, so two finish in about half the time."""
LIMIT = 1800.0
"""Seconds the real-window tests may take before the runner stops them (a hang, not a budget:
beside two CPU-bound processes the layer took 898 s, so 900 s failed busy machines)."""


def folder_for(run_id: str) -> Path:
    return Path(tempfile.gettempdir()) / f"salient-real-windows-{run_id}"


def ensure_started(folder: Path, watch_pid: int) -> bool:
    """Start the runner in ``folder`` unless a process of this run already did; True when
    this call started it."""
    try:
        folder.mkdir(parents=True)
    except FileExistsError:
        return False
    log = (folder / "output.txt").open("wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.realwindow.background", str(folder), str(watch_pid)],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=log,
        stderr=subprocess.STDOUT,
        # Its own session: it outlives the worker that started it (another worker may run the
        # test that joins it) and is stopped through its process group.
        start_new_session=True,
    )
    log.close()
    (folder / "pid").write_text(str(process.pid), "utf-8")
    return True


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:  # a finished child not yet reaped by its parent is a zombie: gone all the same
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return True
    return state != "Z"


def join(folder: Path, timeout: float = LIMIT + 60) -> dict[str, Any]:
    """Wait for the runner's result: ``{"status": "passed" | "failed" | "unavailable",
    "reason": ..., "output": ...}``."""
    result = folder / "result.json"
    deadline = time.monotonic() + timeout
    pid: int | None = None
    while not result.exists():
        if pid is None and (folder / "pid").exists():
            pid = int((folder / "pid").read_text("utf-8") or 0) or None
        if pid is not None and not _alive(pid) and not result.exists():
            return {"status": "failed", "reason": "the runner ended without a result"} | {
                "output": _read(folder / "output.txt")
            }
        if time.monotonic() > deadline:
            return {"status": "failed", "reason": f"no result within {timeout:.0f} s"} | {
                "output": _read(folder / "output.txt")
            }
        time.sleep(0.5)
    found = json.loads(result.read_text("utf-8"))
    found["output"] = _read(folder / "output.txt")
    return found


def _read(path: Path) -> str:
    try:
        return path.read_text("utf-8", errors="replace")
    except OSError:
        return ""


# -- the runner ---------------------------------------------------------------------------------


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Stop the tests' pytest and everything it started (its xdist workers and their X
    servers share its process group; stopping pytest alone left them running)."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            break
        try:
            process.wait(5)
            if sig == signal.SIGTERM:
                time.sleep(0.5)  # the workers and servers end after their leader
        except subprocess.TimeoutExpired:
            continue
    process.wait()


def run(folder: Path, watch_pid: int) -> dict[str, Any]:
    from editor.shared.platform_check import problem
    from tests.realwindow.x11 import NoXServer, environment, start_xvfb

    try:
        server = start_xvfb(1600, 1000)
    except NoXServer as error:
        return {"status": "unavailable", "reason": str(error)}
    try:
        env = environment(server.display)
        found = problem(env)
        if found is not None:
            return {"status": "unavailable", "reason": found}
        tests = subprocess.Popen(
            # Each xdist worker starts an X server of its own (tests/realwindow/conftest.py).
            [
                sys.executable,
                "-m",
                "pytest",
                # A developer may name some of them (paths or node ids, space-separated).
                *os.environ.get("SALIENT_REAL_WINDOW_TESTS", "tests/realwindow").split(),
                "-q",
                "-n",
                os.environ.get("SALIENT_REAL_WINDOW_WORKERS", str(WORKERS)),
                "--dist",
                "loadfile",
                "-p",
                "no:cacheprovider",
                "--durations=15",
            ],
            cwd=ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            start_new_session=True,  # a process group of its own, stopped whole (_stop)
        )
        deadline = time.monotonic() + LIMIT
        try:
            while tests.poll() is None:
                if not _alive(watch_pid):
                    return {"status": "failed", "reason": "the test run ended first"}
                if time.monotonic() > deadline:
                    return {"status": "failed", "reason": f"still running after {LIMIT:.0f} s"}
                time.sleep(0.5)
        finally:
            _stop(tests)
        status = "passed" if tests.returncode == 0 else "failed"
        return {"status": status, "reason": f"exit status {tests.returncode}"}
    finally:
        server.stop()


def main() -> None:
    folder, watch_pid = Path(sys.argv[1]), int(sys.argv[2])
    try:
        result = run(folder, watch_pid)
    except Exception as error:  # the joining test reports it; nothing may be lost
        result = {"status": "failed", "reason": f"{type(error).__name__}: {error}"}
    sys.stdout.flush()
    partial = folder / "result.json.part"
    partial.write_text(json.dumps(result), "utf-8")
    partial.replace(folder / "result.json")


if __name__ == "__main__":
    main()
