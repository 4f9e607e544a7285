"""The subcommands of ``salient``: one module per command or family of commands.

Each module has ``register(commands)``, which adds its parsers to the ``salient`` parser and
sets ``run`` on each of them to the function that carries the command out. ``editor/cli.py``
lists the modules; a new command is a new module and one line there.
"""
