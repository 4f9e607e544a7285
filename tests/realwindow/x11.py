"""A virtual X display and real input through the X server, for the real-window tests.

Offscreen rendering hides what people meet in a real window (a collapsed map, a view that
jumps while drawing, the wheel changing values), so these tests show windows on an Xvfb
server with Qt's xcb platform and move the mouse, click, scroll and type with xdotool, which
sends its events through the X server's XTEST extension exactly like a mouse and a keyboard
do. Nothing here imports Qt.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path


class NoXServer(Exception):
    """Xvfb or xdotool is missing or cannot start; the message says which."""


@dataclass
class Xvfb:
    """One running Xvfb server; ``display`` is what ``DISPLAY`` should say."""

    process: subprocess.Popen[bytes]
    display: str
    size: tuple[int, int]

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def tools_missing() -> list[str]:
    """The programs the real-window tests need and this machine lacks."""
    return [name for name in ("Xvfb", "xdotool") if shutil.which(name) is None]


def start_xvfb(width: int = 1600, height: int = 1000) -> Xvfb:
    """Start an X server on a free display number of its own choosing (``-displayfd``)."""
    missing = tools_missing()
    if missing:
        raise NoXServer(
            f"{' and '.join(missing)} not installed (Debian/Ubuntu: apt install xvfb xdotool)"
        )
    read, write = os.pipe()
    process = subprocess.Popen(
        [
            "Xvfb",
            "-displayfd",
            str(write),
            "-screen",
            "0",
            f"{width}x{height}x24",
            "-nolisten",
            "tcp",
            "-noreset",
        ],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    os.close(write)
    number = b""
    deadline = time.monotonic() + 20
    with os.fdopen(read, "rb") as pipe:
        while not number.endswith(b"\n") and time.monotonic() < deadline:
            chunk = pipe.read(1)
            if not chunk:
                break
            number += chunk
    if not number.strip().isdigit():
        process.kill()
        _, err = process.communicate()
        raise NoXServer(f"Xvfb did not start: {err.decode(errors='replace').strip()[-300:]}")
    return Xvfb(process, f":{int(number)}", (width, height))


class XInput:
    """Mouse, wheel and keyboard through the X server, with screen coordinates."""

    def __init__(self, display: str | None = None) -> None:
        self.env = dict(os.environ)
        if display is not None:
            self.env["DISPLAY"] = display

    def _run(self, *args: str) -> str:
        done = subprocess.run(
            ["xdotool", *args], env=self.env, capture_output=True, text=True, check=False
        )
        if done.returncode != 0:
            raise RuntimeError(f"xdotool {' '.join(args)}: {done.stderr.strip()}")
        return done.stdout

    @staticmethod
    def _to(x: float, y: float) -> list[str]:
        """xdotool's words that put the pointer on a screen point first.

        The X server carries out a move before it reads the next request of the same
        connection, so a press, release or wheel turn chained after it in one xdotool process
        comes at the new point, after the motion: one process a gesture instead of three
        (about 1,900 processes a run before, each tens of ms of wall time on a busy machine).
        Without ``--sync`` xdotool does not poll for the pointer to have moved, a poll that
        before 2024 (Debian 12's 3.20160805) waited 15 s when the pointer was already on the
        spot (jordansissel/xdotool#464)."""
        return ["mousemove", str(round(x)), str(round(y))]

    def move(self, x: float, y: float) -> None:
        self._run(*self._to(x, y))

    def pointer(self) -> tuple[int, int]:
        """Where the pointer is on the screen."""
        found = dict(
            part.split("=", 1) for part in self._run("getmouselocation", "--shell").split()
        )
        return int(found["X"]), int(found["Y"])

    def click(self, x: float, y: float, button: int = 1, *, repeat: int = 1) -> None:
        self._run(*self._to(x, y), "click", "--repeat", str(repeat), "--delay", "60", str(button))

    def double_click(self, x: float, y: float) -> None:
        self.click(x, y, repeat=2)

    def press(self, x: float, y: float, button: int = 1) -> None:
        self._run(*self._to(x, y), "mousedown", str(button))

    def release(self, x: float, y: float, button: int = 1) -> None:
        self._run(*self._to(x, y), "mouseup", str(button))

    def drag(self, points: Sequence[tuple[float, float]], button: int = 1) -> None:
        """Press at the first point, move through the others, release at the last."""
        (x0, y0), *rest = points
        self.press(x0, y0, button)
        for x, y in rest:
            self.move(x, y)
        x1, y1 = points[-1]
        self.release(x1, y1, button)

    def wheel(self, x: float, y: float, steps: int) -> None:
        """Turn the wheel over a point: positive steps away from the user (up, zoom in)."""
        turn = ["click", "--repeat", str(abs(steps)), "--delay", "40", "4" if steps > 0 else "5"]
        self._run(*self._to(x, y), *(turn if steps else []))

    def key(self, *keys: str) -> None:
        """Press keys by X keysym name, e.g. ``"Return"``, ``"ctrl+z"``, ``"F5"``."""
        self._run("key", "--delay", "40", *keys)

    def type(self, text: str) -> None:
        self._run("type", "--delay", "30", text)

    def window_ids(self, name: str) -> list[str]:
        done = subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--name", name],
            env=self.env,
            capture_output=True,
            text=True,
            check=False,
        )
        return done.stdout.split()


def screenshot(path: Path, display: str | None = None) -> Path:
    """The whole X screen as a PNG (ImageMagick's ``import``, when it is installed), else
    nothing: the tests' own pictures come from the window through Qt."""
    env = dict(os.environ)
    if display is not None:
        env["DISPLAY"] = display
    if shutil.which("import") is not None:
        subprocess.run(
            ["import", "-window", "root", str(path)], env=env, check=False, capture_output=True
        )
    return path


def environment(display: str, extra: Iterable[tuple[str, str]] = ()) -> dict[str, str]:
    """The environment of a process that shows real windows on ``display``."""
    env = dict(os.environ)
    env.update(
        {
            "DISPLAY": display,
            "QT_QPA_PLATFORM": "xcb",
            "SALIENT_REAL_WINDOW": "1",
            # Qt would otherwise ask the (absent) desktop for its scale.
            "QT_AUTO_SCREEN_SCALE_FACTOR": "0",
            "QT_SCALE_FACTOR": "1",
        }
    )
    env.pop("WAYLAND_DISPLAY", None)
    env.update(extra)
    return env
