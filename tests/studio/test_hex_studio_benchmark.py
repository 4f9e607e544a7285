"""The hex studio benchmark keeps running (``benchmarks/hex_studio.py``): its brush stroke is
what a designer's drag is, one undo step painting the hexes it went through."""

from __future__ import annotations

from pathlib import Path

from schemas.generator import generate_hex_scenario
from schemas.io import save
from tests.benchmark_scripts import load_script


def test_the_stroke_measure_paints_a_hundred_hexes_in_one_step(
    qtbot, state_dir: Path, tmp_path: Path
) -> None:
    bench = load_script("hex_studio")
    path = tmp_path / "hexes.json"
    save(generate_hex_scenario(30, 20, seed=2), path)
    window = bench._window(path)
    try:
        found = bench._stroke(window, None)
        assert found["hexes"] == bench.STROKE_HEXES
        stack = window.document.undo_stack
        assert stack.count() == 1 and stack.text(0).startswith("Paint ")
        assert found["move_cpu_worst_ms"] > 0 and found["release_cpu_ms"] > 0
        painted = bench.bench_repaint(window, 1)
        assert painted["repaint_cpu_ms"] > 0
    finally:
        window.document.undo_stack.clear()
        window.files.discard_session()
        window.close()
