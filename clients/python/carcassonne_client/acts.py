"""Lifecycle acts beside engine moves (docs/lifecycle.md): a game's log, its events and its
stream hold both, and a bot that replays the log must hand the engine only the moves."""
from __future__ import annotations

from typing import TypeGuard, Union

from .api_types import ACT_TYPES, Act, LogEvent, Move


def is_act(entry: Union[Move, Act, LogEvent]) -> TypeGuard[Act]:
    """True for a lifecycle act (`seatJoined`, `turnTimedOut`, ...), false for an engine move or
    event: the two vocabularies never share a type name. An act takes a version and changes
    nothing the engine sees."""
    return entry["type"] in ACT_TYPES
