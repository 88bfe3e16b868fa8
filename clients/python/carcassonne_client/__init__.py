"""A client of the Carcassonne game-state API, standard library only (Python 3.11+)."""
from .api_types import CreatedGame, CreateGame, GameEvent, GameState, LegalMoves, LogEvent, Move, MoveAccepted, Problem
from .client import AnalysisMessage, ApiProblem, CarcassonneClient, MoveMessage, Seat, StateMessage, StreamMessage, parse_stream

__all__ = [
    "AnalysisMessage",
    "ApiProblem",
    "CarcassonneClient",
    "CreateGame",
    "CreatedGame",
    "GameEvent",
    "GameState",
    "LegalMoves",
    "LogEvent",
    "Move",
    "MoveAccepted",
    "MoveMessage",
    "Problem",
    "Seat",
    "StateMessage",
    "StreamMessage",
    "parse_stream",
]
