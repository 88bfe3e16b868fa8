"""A client of the Carcassonne game-state API, standard library only (Python 3.11+)."""
from .account_loop import AccountEventType, Handler, follow_account
from .acts import is_act
from .api_types import (
    ACT_TYPES,
    AccountEvent,
    Act,
    CreatedGame,
    CreateGame,
    GameEvent,
    GameState,
    LegalMoves,
    LogEvent,
    Move,
    MoveAccepted,
    MoveLogEntry,
    Problem,
    SeatRequest,
    WebhookDelivery,
    WebhookSettings,
)
from .client import CarcassonneClient, Seat
from .errors import ApiError, ApiProblem, NotTheApi
from .stream import AnalysisMessage, MoveMessage, StateMessage, StreamMessage, parse_stream
from .webhooks import verify

__version__ = "1.1.0"

__all__ = [
    "ACT_TYPES",
    "AccountEvent",
    "AccountEventType",
    "Act",
    "AnalysisMessage",
    "ApiError",
    "ApiProblem",
    "CarcassonneClient",
    "CreateGame",
    "CreatedGame",
    "GameEvent",
    "GameState",
    "Handler",
    "LegalMoves",
    "LogEvent",
    "Move",
    "MoveAccepted",
    "MoveLogEntry",
    "MoveMessage",
    "NotTheApi",
    "Problem",
    "Seat",
    "SeatRequest",
    "StateMessage",
    "StreamMessage",
    "WebhookDelivery",
    "WebhookSettings",
    "__version__",
    "follow_account",
    "is_act",
    "parse_stream",
    "verify",
]
