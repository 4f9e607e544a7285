"""Computer players. The baseline AI plays any valid scenario legally to the end."""

from .baseline import BaselineAI

__all__ = ["BaselineAI"]
