"""Mods in the studio: a base scenario opened with a stack of mods, edits going into the top
one (see ``docs/modding.md``, "In the studio").

The pieces: :mod:`.stack` (the stack and how the edit target's operations are made, no Qt),
:mod:`.document` (the document that edits a stack, every change one undoable step),
:mod:`.live` (what the mods change, recomputed in a worker after edits), :mod:`.dock` (the
Mods dock), :mod:`.marks`, :mod:`.inspector_marks` and :mod:`.map_marks` (who changed what,
shown where it is edited), :mod:`.opening` (File > Open with mods, mod files, recovery) and
:mod:`.attach` (what the window calls).
"""
