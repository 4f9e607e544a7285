"""The Qt applications (studio and game view) and the ``salient`` command line.

Importing this package does not import Qt: ``salient validate`` stays fast and works on
machines without a display; Qt modules are imported where windows are made.
"""
