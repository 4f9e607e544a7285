"""File ▸ Import map…: the studio's dialog for GIS import (see :mod:`.dialog`); the import
itself is :mod:`schemas.gis`."""

from editor.studio.gis_import.dialog import GisImportDialog, apply_import, open_import_dialog

__all__ = ["GisImportDialog", "apply_import", "open_import_dialog"]
