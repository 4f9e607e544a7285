"""What the studio's lab tests share: a Dask client inside the test's process (no worker
processes to start on a busy machine), the lab set up to use it, and waiting for a run."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any


@contextmanager
def in_process(_workers: int | None = None, _scheduler: str | None = None) -> Iterator[Any]:
    """A Dask client of one worker thread in this process (``engine.lab.runs.run``'s
    ``connector``): the same scheduling, futures and cancelling as a cluster."""
    import logging

    from distributed import Client, LocalCluster

    with (
        LocalCluster(
            n_workers=1,
            threads_per_worker=1,
            processes=False,
            dashboard_address=":0",
            silence_logs=logging.ERROR,
        ) as cluster,
        Client(cluster) as client,
    ):
        yield client


def local_lab(studio: Any, folder: Path, games: int = 4) -> Any:
    """Tools > Balance lab on ``studio``, playing in this process into ``folder``."""
    studio.findChild(type(studio.actions()[0]), "balance-lab-action").trigger()
    from editor.studio.lab.lab_window import balance_lab

    lab = balance_lab(studio)
    lab.connector = in_process
    lab.folder = folder
    lab.games.setValue(games)
    return lab
