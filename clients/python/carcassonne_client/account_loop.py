"""Following an account (docs/accounts.md, "One stream per account"): one call reads the
account's events for as long as the caller wants and hands each to the caller's handler for its
type. It starts with the long-poll's first answer (the turns waiting now, and the place in the
account's sequence), so the stream opened next always resumes from a known place: after a drop
(a network error, the server ending the stream after its lifetime, a restart) it reconnects with
`Last-Event-ID` (polling: the cursor) and misses nothing, hears nothing twice. Events are handed
over one at a time, in order, on the caller's thread: a handler with a long job (a game to play)
starts it elsewhere and returns.
"""
from __future__ import annotations

import threading
from contextlib import closing
from http.client import HTTPException
from typing import TYPE_CHECKING, Callable, Iterable, Literal, Mapping

from .api_types import AccountEvent
from .errors import ApiError, ApiProblem, NotTheApi

if TYPE_CHECKING:
    from .client import CarcassonneClient

AccountEventType = Literal["gameStarted", "yourTurn", "gameFinished", "challenge", "challengeCanceled", "challengeDeclined"]
Handler = Callable[[AccountEvent], object]
MAX_RETRY = 30.0


class _HandlerFailed(Exception):
    """A handler's error on its way out of the loop: the caller's, never a drop to retry."""

    def __init__(self, error: BaseException) -> None:
        super().__init__(str(error))
        self.error = error


def _is_drop(error: BaseException) -> bool:
    """A failure asking again may mend: the network, the server ending or restarting, 408, 429, 5xx."""
    if isinstance(error, (OSError, HTTPException)):  # urllib's URLError, a cut connection
        return True
    if isinstance(error, NotTheApi):  # a proxy's page while the server restarts
        return error.status >= 500
    if isinstance(error, ApiError):
        return error.status in (408, 429) or error.status >= 500
    return False


def follow_account(
    client: CarcassonneClient,
    key: str,
    handlers: Mapping[AccountEventType, Handler],
    *,
    moves: bool = False,
    poll: bool = False,
    wait: int = 30,
    stop: threading.Event | None = None,
    on_drop: Callable[[BaseException | None], object] | None = None,
    on_following: Callable[[], object] | None = None,
    retry: float = 0.5,
) -> None:
    """Follows the account of `key` until `stop` is set (checked after each event, each of the
    stream's keep-alives and each long-poll), handing each event to `handlers[event["type"]]`.

    `moves`: the legal moves in each `yourTurn`; `poll`: long-polls of `wait` seconds instead of
    the stream; `on_following`: told once the loop follows (after its first read, whose waiting
    turns are handed over first); `on_drop`: told of each drop before reconnecting (None when the server ended the
    stream); `retry`: the first wait after a failure, in seconds, doubled each time up to 30.
    Raises a handler's error, or a refusal that asking again cannot change (401 for a revoked key).
    """
    halt = stop or threading.Event()
    cursor: str | None = None
    pause = retry

    def dispatch(events: Iterable[AccountEvent]) -> None:
        nonlocal cursor
        for event in events:
            handler = handlers.get(event["type"])
            if handler is not None:
                try:
                    handler(event)
                except BaseException as error:  # noqa: BLE001 - the caller's, raised below
                    raise _HandlerFailed(error) from error
            if "id" in event:
                cursor = event["id"]
            if halt.is_set():
                return

    while not halt.is_set():
        try:
            if cursor is None:
                first = client.get_my_events(key, moves=moves or None)  # the turns waiting now, and the place
                dispatch(first["events"])
                cursor = first["cursor"]
                if on_following is not None:
                    on_following()
            elif poll:
                page = client.get_my_events(key, after=cursor, wait=wait, moves=moves or None)
                dispatch(page["events"])
                cursor = page["cursor"]
            else:
                with closing(client.stream_my_events(key, last_event_id=cursor, moves=moves, keep_alives=True)) as stream:
                    for event in stream:
                        if event is not None:
                            dispatch([event])
                        if halt.is_set():
                            return
                if on_drop is not None:
                    on_drop(None)  # the server ended the stream (its lifetime): resume at once
            pause = retry
        except _HandlerFailed as failed:
            raise failed.error from None
        except Exception as error:  # noqa: BLE001 - sorted by _is_drop
            if not _is_drop(error):
                raise
            if on_drop is not None:
                on_drop(error)
            told = error.retry_after if isinstance(error, ApiProblem) else 0
            halt.wait(told or pause)
            pause = min(MAX_RETRY, pause * 2)
