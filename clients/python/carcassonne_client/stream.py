"""The game's Server-Sent Events (`GET /games/{id}/stream`) as typed messages."""
from __future__ import annotations

import json
from typing import Iterable, Literal, TypedDict, Union

from .api_types import AccountEvent, StreamAnalysisMessage, StreamMoveMessage, StreamStateMessage


class StateMessage(TypedDict):
    event: Literal["state"]
    data: StreamStateMessage


class MoveMessage(TypedDict):
    """One log entry: `data["move"]` is an engine move or a lifecycle act (`is_act`)."""

    event: Literal["move"]
    id: int
    data: StreamMoveMessage


class AnalysisMessage(TypedDict):
    event: Literal["analysis"]
    data: StreamAnalysisMessage


StreamMessage = Union[StateMessage, MoveMessage, AnalysisMessage]


def _blocks(lines: Iterable[bytes]) -> Iterable[dict[str, str]]:
    """The fields of each block of a Server-Sent Events body read line by line (a comment's block has none)."""
    fields: dict[str, str] = {}
    for raw in lines:
        line = raw.decode("utf-8").rstrip("\r\n")
        if line == "":
            yield fields
            fields = {}
        elif not line.startswith(":"):
            name, _, value = line.partition(":")
            fields[name] = value[1:] if value.startswith(" ") else value


def _messages(lines: Iterable[bytes]) -> Iterable[dict[str, str]]:
    """The blocks that dispatch a message: comments and `retry:` alone dispatch nothing."""
    return (fields for fields in _blocks(lines) if "data" in fields)


def parse_stream(lines: Iterable[bytes]) -> Iterable[StreamMessage]:
    """A game's stream as typed messages; events of later API versions are skipped."""
    for fields in _messages(lines):
        data = json.loads(fields["data"])
        event = fields.get("event")
        if event == "state":
            yield {"event": "state", "data": data}
        elif event == "move":
            yield {"event": "move", "id": int(fields["id"]), "data": data}
        elif event == "analysis":
            yield {"event": "analysis", "data": data}


def parse_account_stream(lines: Iterable[bytes], keep_alives: bool = False) -> Iterable[AccountEvent | None]:
    """An account's stream (`GET /accounts/me/stream`): each event as it came (its `type`, `id`
    when it has one); with `keep_alives`, also None for each block without an event (the
    server's keep-alive comments), so a reader can look up between events."""
    for fields in _blocks(lines):
        if "data" in fields:
            event: AccountEvent = json.loads(fields["data"])
            yield event
        elif keep_alives:
            yield None
