"""The balance lab: many AI games of a scenario, played on Dask, summed up for a designer.

- :mod:`.match` plays one game with AI levels on every side; :mod:`.record` sums it up.
- :mod:`.worker` is what a Dask worker runs; :mod:`.cluster` starts or reaches the cluster
  and collects games as they finish; :mod:`.runs` plans a run and skips cached games
  (:mod:`.cache`).
- :mod:`.report` turns records into the balance report and compares two reports;
  :mod:`.duel` rates two AI levels on paired games; :mod:`.stats` holds the formulas.
- :mod:`.forces` sets up a battle between chosen forces for the odds calculator.

Nothing here imports Qt; Dask is imported only when games are played.
"""
