"""Smooth random fields for coastlines, fronts and terrain, drawn from a seeded generator."""

from __future__ import annotations

import math

import numpy as np


def _smoothstep(t: np.ndarray) -> np.ndarray:
    eased: np.ndarray = t * t * (3.0 - 2.0 * t)
    return eased


def value_noise_2d(
    rng: np.random.Generator,
    xy: np.ndarray,
    wavelength: float,
    octaves: int = 3,
) -> np.ndarray:
    """Value noise in ``[0, 1]`` at the points ``xy``; features are about ``wavelength`` wide.

    Random values sit on a lattice and are blended with a smoothstep; finer octaves add
    detail at half the amplitude each, so boundaries wiggle without turning into speckle.
    """
    total = np.zeros(len(xy))
    weight = 0.0
    for octave in range(octaves):
        step = wavelength / 2**octave
        grid = xy / step
        cols = math.floor(grid[:, 0].max(initial=0.0)) + 2
        rows = math.floor(grid[:, 1].max(initial=0.0)) + 2
        lattice = rng.random((rows, cols))
        base = np.floor(grid).astype(np.int64)
        fx, fy = (_smoothstep(grid - base)).T
        i, j = base[:, 1], base[:, 0]
        top = lattice[i, j] * (1 - fx) + lattice[i, j + 1] * fx
        bottom = lattice[i + 1, j] * (1 - fx) + lattice[i + 1, j + 1] * fx
        amplitude = 0.5**octave
        total += amplitude * (top * (1 - fy) + bottom * fy)
        weight += amplitude
    return total / weight


def value_noise_1d(
    rng: np.random.Generator, t: np.ndarray, wavelength: float, octaves: int = 3
) -> np.ndarray:
    """Value noise in ``[-1, 1]`` along one axis (a coastline, a front line)."""
    points = np.column_stack([t, np.zeros_like(t)])
    return 2.0 * value_noise_2d(rng, points, wavelength, octaves) - 1.0
