"""Mouse tools of the map: small interaction objects, one per way of editing.

Every tool subclasses :class:`.base.Tool`, receives the view's mouse and key events and
edits only through the document. The studio window lists them in its toolbar in the order
of :data:`TOOL_CLASSES`.
"""
