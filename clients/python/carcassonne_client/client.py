"""A client of the Carcassonne game-state API on the standard library only (urllib, json).

Moves are sent with `expectedVersion` and an Idempotency-Key and retried on network errors,
429 and 503 (after Retry-After): a retry can never play a move twice, the server answers the
stored result. The event stream is an iterator of its messages.
"""
from __future__ import annotations

import json
import random
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass
from http.client import HTTPException
from typing import Any, Iterator, Literal, TypedDict, Union

from .api_types import CreatedGame, CreateGame, Events, GameState, LegalMoves, Move, MoveAccepted, Problem, StreamAnalysisMessage, StreamMoveMessage, StreamStateMessage

RETRYABLE_STATUSES = (429, 503)


class StateMessage(TypedDict):
    event: Literal["state"]
    data: StreamStateMessage


class MoveMessage(TypedDict):
    event: Literal["move"]
    id: int
    data: StreamMoveMessage


class AnalysisMessage(TypedDict):
    event: Literal["analysis"]
    data: StreamAnalysisMessage


StreamMessage = Union[StateMessage, MoveMessage, AnalysisMessage]


class ApiProblem(Exception):
    """An error answer of the API (application/problem+json), with its stable `code`."""

    def __init__(self, problem: Problem, retry_after: float = 0) -> None:
        super().__init__(f"{problem.get('status')} {problem.get('code')}: {problem.get('detail')}")
        self.problem = problem
        self.retry_after = retry_after

    @property
    def status(self) -> int:
        return self.problem["status"]

    @property
    def code(self) -> str:
        return self.problem["code"]


class CarcassonneClient:
    def __init__(self, base_url: str, retries: int = 5, timeout: float = 60) -> None:
        """`retries`: attempts of a move before giving up; `timeout`: seconds a read may block
        (above the 30 s long-poll and the stream's 15 s keep-alives)."""
        self.base_url = base_url.rstrip("/")
        self.retries = retries
        self.timeout = timeout

    def _request(self, method: str, path: str, body: object = None, headers: dict[str, str] | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode("utf-8")
        request = urllib.request.Request(self.base_url + path, data=data, method=method, headers=dict(headers or {}))
        if data is not None:
            request.add_header("content-type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as error:
            raise _problem(error) from None

    def create_game(self, setup: CreateGame) -> CreatedGame:
        return self._request("POST", "/games", setup)

    def state(self, game_id: str) -> GameState:
        return self._request("GET", f"/games/{_quote(game_id)}")

    def legal_moves(self, game_id: str, after: int | None = None, wait: int = 30) -> LegalMoves:
        """The legal moves now; with `after`, waits up to `wait` seconds for a version past it."""
        query = "" if after is None else f"?after={after}&wait={wait}"
        return self._request("GET", f"/games/{_quote(game_id)}/legal-moves{query}")

    def events(self, game_id: str, after: int | None = None) -> Events:
        """The events of the moves after `after`; without it, from the game's creation on."""
        return self._request("GET", f"/games/{_quote(game_id)}/events" + ("" if after is None else f"?after={after}"))

    def seat(self, game_id: str, token: str, index: int) -> Seat:
        return Seat(self, game_id, token, index)

    def seats(self, game: CreatedGame) -> list[Seat]:
        """The seats of a game just created that came with a token (the named players')."""
        return [self.seat(game["id"], s["token"], s["seat"]) for s in game["seats"] if "token" in s]

    def play(self, game_id: str, token: str, expected_version: int, move: Move) -> MoveAccepted:
        """Submits a move; retries network errors, 429 and 503 with the same Idempotency-Key."""
        headers = {"authorization": f"Bearer {token}", "idempotency-key": str(uuid.uuid4())}
        body = {"expectedVersion": expected_version, "move": move}
        for attempt in range(1, self.retries + 1):
            try:
                return self._request("POST", f"/games/{_quote(game_id)}/moves", body, headers)
            except ApiProblem as problem:
                if problem.status not in RETRYABLE_STATUSES or attempt == self.retries:
                    raise
                delay = problem.retry_after or _backoff(attempt)
            except (urllib.error.URLError, HTTPException, OSError):
                if attempt == self.retries:
                    raise
                delay = _backoff(attempt)
            time.sleep(delay)
        raise AssertionError("unreachable")

    def stream(self, game_id: str, after: int | None = None) -> Iterator[StreamMessage]:
        """The game's Server-Sent Events: one `state` message (none when resuming `after` a
        version), then one `move` message per move, until the game ends; a finished game's ends
        with an `analysis` message once its analysis is stored, if one is being computed."""
        query = "" if after is None else f"?after={after}"
        request = urllib.request.Request(f"{self.base_url}/games/{_quote(game_id)}/stream{query}", headers={"accept": "text/event-stream"})
        try:
            response = urllib.request.urlopen(request, timeout=self.timeout)
        except urllib.error.HTTPError as error:
            raise _problem(error) from None
        with response:
            yield from parse_stream(response)


@dataclass
class Seat:
    """One seat of a game: its legal moves, its moves, and waiting for its turn."""

    client: CarcassonneClient
    game_id: str
    token: str
    index: int

    def legal_moves(self) -> LegalMoves:
        return self.client.legal_moves(self.game_id)

    def play(self, expected_version: int, move: Move) -> MoveAccepted:
        return self.client.play(self.game_id, self.token, expected_version, move)

    def wait_for_turn(self) -> LegalMoves | None:
        """This seat's legal moves once it must act, or None when the game is over: one
        long-poll per move of the others."""
        legal = self.client.legal_moves(self.game_id)
        while legal["actor"] is not None and legal["actor"] != self.index:
            legal = self.client.legal_moves(self.game_id, after=legal["version"])
        return None if legal["actor"] is None else legal


def parse_stream(lines: Iterator[bytes]) -> Iterator[StreamMessage]:
    """Messages of a Server-Sent Events body read line by line; comments and `retry:` dispatch nothing."""
    fields: dict[str, str] = {}
    for raw in lines:
        line = raw.decode("utf-8").rstrip("\r\n")
        if line == "":
            if "data" in fields:
                data = json.loads(fields["data"])
                event = fields.get("event")
                if event == "state":
                    yield {"event": "state", "data": data}
                elif event == "move":
                    yield {"event": "move", "id": int(fields["id"]), "data": data}
                elif event == "analysis":
                    yield {"event": "analysis", "data": data}
                # Events of later API versions are skipped.
            fields = {}
        elif not line.startswith(":"):
            name, _, value = line.partition(":")
            fields[name] = value[1:] if value.startswith(" ") else value


def _problem(error: urllib.error.HTTPError) -> ApiProblem:
    body = error.read()
    try:
        problem = json.loads(body)
    except ValueError:
        problem = {"type": "about:blank", "title": error.reason, "status": error.code, "code": "NOT_JSON", "detail": body[:200].decode("utf-8", "replace")}
    return ApiProblem(problem, float(error.headers.get("retry-after") or 0))


def _backoff(attempt: int) -> float:
    return min(2.0, 0.1 * 2**attempt) * (0.5 + random.random() / 2)


def _quote(game_id: str) -> str:
    return urllib.parse.quote(game_id, safe="")
