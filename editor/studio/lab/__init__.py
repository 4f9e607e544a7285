"""The balance lab's pictures: pyqtgraph charts saved as PNG (:mod:`.charts`), the capture
heatmap painted on the map (:mod:`.capture_map`) and the self-contained HTML page
(:mod:`.page`). The numbers come from ``engine.lab``."""
