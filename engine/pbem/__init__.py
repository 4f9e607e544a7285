"""Play by e-mail (P1): tamper-evident turn files exchanged between two players.

:func:`start` a game, :meth:`PbemGame.apply` the actions of a sitting (or :func:`ai_sitting`),
:meth:`PbemGame.write_turn` the file to send; the opponent :func:`load`\\ s it (replaying and
checking the whole game) and plays on; :func:`verify` checks a file without playing. The file
format and what it guarantees are in ``docs/pbem.md``.
"""

from .chain import game_before_last, load
from .errors import (
    DamagedFile,
    MissingPlan,
    NotYourTurn,
    OutOfOrder,
    PbemError,
    Tampered,
    WrongGame,
    WrongScenario,
    WrongSide,
)
from .game import PbemGame, forced, start
from .turnfile import SUFFIX, TurnFile
from .verify import Verified, ai_sitting, verify

__all__ = [
    "SUFFIX",
    "DamagedFile",
    "MissingPlan",
    "NotYourTurn",
    "OutOfOrder",
    "PbemError",
    "PbemGame",
    "Tampered",
    "TurnFile",
    "Verified",
    "WrongGame",
    "WrongScenario",
    "WrongSide",
    "ai_sitting",
    "forced",
    "game_before_last",
    "load",
    "start",
    "verify",
]
