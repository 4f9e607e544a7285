"""Before Qt opens a window: are the system libraries its X11 platform needs installed?

Qt's xcb platform plugin links against a dozen system libraries that pip cannot install. When
one is missing, Qt prints a paragraph and aborts the process (exit status 134, a core dump on
some systems). A designer who just ran the README's command deserves one line instead: which
library is missing and the command that installs it. This module answers that without
importing Qt: it asks the system's dynamic loader for each library, and then for the plugin
itself (which catches anything the list below does not know).

Nothing here runs when Qt will not use xcb (offscreen tests, Wayland, Windows, macOS).
"""

from __future__ import annotations

import ctypes
import importlib.util
import os
import sys
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Library:
    soname: str
    debian: str
    """The Debian and Ubuntu package that holds it."""
    fedora: str
    """The Fedora package that holds it."""


# What the xcb plugin of Qt 6 and the Qt GUI libraries load, read from their ELF headers
# (``readelf -d``), with the packages that provide each on Debian/Ubuntu and Fedora.
LIBRARIES = (
    Library("libxcb.so.1", "libxcb1", "libxcb"),
    Library("libxcb-cursor.so.0", "libxcb-cursor0", "xcb-util-cursor"),
    Library("libxcb-icccm.so.4", "libxcb-icccm4", "xcb-util-wm"),
    Library("libxcb-image.so.0", "libxcb-image0", "xcb-util-image"),
    Library("libxcb-keysyms.so.1", "libxcb-keysyms1", "xcb-util-keysyms"),
    Library("libxcb-randr.so.0", "libxcb-randr0", "libxcb"),
    Library("libxcb-render-util.so.0", "libxcb-render-util0", "xcb-util-renderutil"),
    Library("libxcb-render.so.0", "libxcb-render0", "libxcb"),
    Library("libxcb-shape.so.0", "libxcb-shape0", "libxcb"),
    Library("libxcb-shm.so.0", "libxcb-shm0", "libxcb"),
    Library("libxcb-sync.so.1", "libxcb-sync1", "libxcb"),
    Library("libxcb-util.so.1", "libxcb-util1", "xcb-util"),
    Library("libxcb-xfixes.so.0", "libxcb-xfixes0", "libxcb"),
    Library("libxcb-xkb.so.1", "libxcb-xkb1", "libxcb"),
    Library("libX11-xcb.so.1", "libx11-xcb1", "libX11-xcb"),
    Library("libX11.so.6", "libx11-6", "libX11"),
    Library("libxkbcommon.so.0", "libxkbcommon0", "libxkbcommon"),
    Library("libxkbcommon-x11.so.0", "libxkbcommon-x11-0", "libxkbcommon-x11"),
    Library("libEGL.so.1", "libegl1", "libglvnd-egl"),
    Library("libGL.so.1", "libgl1", "libglvnd-glx"),
    Library("libfontconfig.so.1", "libfontconfig1", "fontconfig"),
    Library("libfreetype.so.6", "libfreetype6", "freetype"),
    Library("libdbus-1.so.3", "libdbus-1-3", "dbus-libs"),
    Library("libglib-2.0.so.0", "libglib2.0-0", "glib2"),
)

# Every package of the list, for the README and for a one-line fix.
DEBIAN_PACKAGES = sorted({lib.debian for lib in LIBRARIES})
FEDORA_PACKAGES = sorted({lib.fedora for lib in LIBRARIES})


def uses_xcb(environ: dict[str, str] | os._Environ[str] = os.environ) -> bool:
    """Whether Qt will try its X11 (xcb) platform: on Linux, unless another platform is
    asked for, or only Wayland is available."""
    if not sys.platform.startswith("linux"):
        return False
    platform = environ.get("QT_QPA_PLATFORM", "")
    if platform:
        return platform.split(":")[0].split(";")[0] == "xcb"
    return bool(environ.get("DISPLAY")) or not environ.get("WAYLAND_DISPLAY")


def missing_libraries(load: object = None) -> list[Library]:
    """The libraries of :data:`LIBRARIES` that the dynamic loader cannot find."""
    loader = load if callable(load) else ctypes.CDLL
    missing = []
    for library in LIBRARIES:
        try:
            loader(library.soname)
        except OSError:
            missing.append(library)
    return missing


def plugin_error() -> str | None:
    """Why Qt's xcb plugin cannot be loaded, in the loader's words, or ``None``."""
    spec = importlib.util.find_spec("PySide6")
    if spec is None or spec.origin is None:
        return None
    plugin = Path(spec.origin).parent / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    if not plugin.exists():
        return None
    try:
        ctypes.CDLL(str(plugin))
    except OSError as error:
        return str(error)
    return None


def problem(environ: dict[str, str] | os._Environ[str] = os.environ) -> str | None:
    """One line saying what stops Qt from opening a window here, or ``None`` when nothing
    does (or when Qt will not use X11)."""
    if not uses_xcb(environ):
        return None
    if not environ.get("DISPLAY"):
        return (
            "no display to open a window on (DISPLAY is not set); run it in a desktop session, "
            "or under Xvfb (xvfb-run salient)"
        )
    missing = missing_libraries()
    if missing:
        names = " and ".join(lib.soname for lib in missing)
        debian = " ".join(sorted({lib.debian for lib in missing}))
        fedora = " ".join(sorted({lib.fedora for lib in missing}))
        one = len(missing) == 1
        return (
            f"Qt cannot open a window: the system {'library' if one else 'libraries'} "
            f"{names} {'is' if one else 'are'} missing; install {'it' if one else 'them'} "
            f"with 'sudo apt install {debian}' (Debian, Ubuntu) or "
            f"'sudo dnf install {fedora}' (Fedora)"
        )
    error = plugin_error()
    if error is not None:
        return (
            f"Qt cannot open a window: its X11 plugin does not load ({error}); install "
            f"Qt's X11 libraries with 'sudo apt install {' '.join(DEBIAN_PACKAGES)}' (Debian, "
            f"Ubuntu) or 'sudo dnf install {' '.join(FEDORA_PACKAGES)}' (Fedora)"
        )
    return None
