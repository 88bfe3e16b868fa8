"""A client of the Carcassonne game-state API on the standard library only (urllib, json).

One method per operation of the OpenAPI document, named after its `operationId` in snake_case
(`joinSeat` -> `join_seat`). Moves are sent with `expectedVersion` and an Idempotency-Key and
retried on network errors, 429 and 503 (after Retry-After): a retry can never play a move twice,
the server answers the stored result. The event stream is an iterator of its messages.
"""
from __future__ import annotations

import random
import time
import uuid
from dataclasses import dataclass
from http.client import HTTPException
from typing import Generator, Iterator, Literal, Union, cast, overload

from .api_types import (
    AcceptPolicy,
    AcceptPolicyAnswer,
    Account,
    AccountEvent,
    AccountEvents,
    AccountCreated,
    AccountKeyCreated,
    AccountKeys,
    AccountWebhook,
    AccountWebhookSettings,
    ActDone,
    Analysis,
    AnalysisRunning,
    Challenge,
    Challenges,
    CreateChallenge,
    CreatedGame,
    CreateGame,
    Events,
    GameState,
    Health,
    Hint,
    Ladder,
    LadderEntry,
    LadderSprt,
    Leaderboard,
    LegalMoves,
    Lobby,
    Move,
    MoveAccepted,
    MoveAcceptedMinimal,
    MoveLog,
    MyGames,
    SeatJoined,
    SeatResigned,
    TileCatalog,
    TokenReissued,
    Webhook,
    WebhookDeliveries,
    WebhookDelivery,
    WebhookSettings,
)
from .account_loop import follow_account
from .errors import ApiProblem, NotTheApi
from .stream import StreamMessage, parse_account_stream, parse_stream
from .transport import Transport, quote

RETRYABLE_STATUSES = (429, 503)
Bot = Literal["random", "greedy", "mcts"]
WebhookFormat = Literal["json", "discord", "slack"]


class CarcassonneClient:
    def __init__(self, base_url: str, retries: int = 5, timeout: float = 60) -> None:
        """`retries`: attempts of a move before giving up; `timeout`: seconds a read may block
        (above the 30 s long-poll and the stream's 15 s keep-alives)."""
        self.http = Transport(base_url, timeout)
        self.retries = retries

    @property
    def base_url(self) -> str:
        return self.http.base_url

    # The service and the catalog.

    def get_health(self) -> Health:
        """The node's health; `status: degraded` (a 503, answered here) while its store refuses writes."""
        return cast(Health, self.http.call("GET", "/health", also=(503,)).json())

    def list_tiles(self) -> TileCatalog:
        return cast(TileCatalog, self.http.call("GET", "/tiles").json())

    def get_tile_svg(self, set: str, name: str, rotation: int | None = None, tile: int | None = None) -> str:
        """One tile's picture (SVG text); `tile`: its size in pixels."""
        query = {"rotation": rotation, "tile": tile}
        return self.http.call("GET", f"/tiles/{quote(set)}/{quote(name)}.svg", query=query, accept="image/svg+xml").text("image/svg+xml")

    # Games.

    def create_game(self, setup: CreateGame, key: str | None = None) -> CreatedGame:
        """`key`: an account's key, needed when a seat is `{"account": name}` (your own account)."""
        return cast(CreatedGame, self.http.call("POST", "/games", body=setup, token=key).json())

    def list_games(self, status: Literal["waiting", "active", "finished"] | None = None, limit: int | None = None, after: str | None = None) -> Lobby:
        """The public games, a page at a time (`after`: the last id of the previous page)."""
        return cast(Lobby, self.http.call("GET", "/games", query={"status": status, "limit": limit, "after": after}).json())

    def get_game(self, game_id: str, version: int | None = None) -> GameState:
        """The game now, or as it was at `version`."""
        return cast(GameState, self.http.call("GET", f"/games/{quote(game_id)}", query={"version": version}).json())

    def get_legal_moves(self, game_id: str, after: int | None = None, wait: int | None = None) -> LegalMoves:
        """The legal moves now; with `after`, waits up to `wait` seconds (30 by default) for a version past it."""
        query = {"after": after, "wait": 30 if after is not None and wait is None else wait}
        return cast(LegalMoves, self.http.call("GET", f"/games/{quote(game_id)}/legal-moves", query=query).json())

    def get_events(self, game_id: str, after: int | None = None, wait: int | None = None) -> Events:
        """The events of the log entries after `after`; without it, from the game's creation on."""
        query = {"after": after, "wait": wait}
        return cast(Events, self.http.call("GET", f"/games/{quote(game_id)}/events", query=query).json())

    def get_move_log(self, game_id: str, after: int | None = None, limit: int | None = None) -> MoveLog:
        """The log: engine moves and lifecycle acts (`is_act`), a page at a time."""
        query = {"after": after, "limit": limit}
        return cast(MoveLog, self.http.call("GET", f"/games/{quote(game_id)}/moves", query=query).json())

    def get_board_svg(self, game_id: str, tile: int | None = None, legal: bool | None = None, version: int | None = None) -> str:
        """The board's picture (SVG text); `legal`: with the drawn tile's legal places marked."""
        query = {"tile": tile, "legal": legal, "version": version}
        return self.http.call("GET", f"/games/{quote(game_id)}/board.svg", query=query, accept="image/svg+xml").text("image/svg+xml")

    def get_analysis(self, game_id: str) -> Union[Analysis, AnalysisRunning]:
        """A finished game's analysis: `status: ready`, or `running` (ask again later)."""
        return cast(Union[Analysis, AnalysisRunning], self.http.call("GET", f"/games/{quote(game_id)}/analysis").json())

    def stream_game(self, game_id: str, after: int | None = None, last_event_id: int | None = None) -> Iterator[StreamMessage]:
        """The game's Server-Sent Events: one `state` message (none when resuming `after` a
        version), then one `move` message per log entry, until the game ends; a finished game's
        ends with an `analysis` message once its analysis is stored, if one is being computed."""
        headers = {} if last_event_id is None else {"last-event-id": str(last_event_id)}
        response = self.http.request("GET", f"/games/{quote(game_id)}/stream", query={"after": after}, headers=headers, accept="text/event-stream")
        with response:
            if response.headers.get_content_type() != "text/event-stream":
                raise NotTheApi(response.status, response.headers.get("content-type", ""), "text/event-stream", response.read(200))
            yield from parse_stream(response)

    # Seats.

    def join_seat(self, game_id: str, seat: int, name: str) -> SeatJoined:
        """Takes an open seat: the answer's `token` is the seat's, shown only here."""
        return cast(SeatJoined, self.http.call("POST", f"/games/{quote(game_id)}/seats/{seat}/join", body={"name": name}).json())

    def resign_seat(self, game_id: str, seat: int, token: str) -> SeatResigned:
        return cast(SeatResigned, self.http.call("POST", f"/games/{quote(game_id)}/seats/{seat}/resign", token=token).json())

    def join_seat_as_account(self, game_id: str, seat: int, key: str) -> SeatJoined:
        """The account of `key` takes an open seat: no token, the key acts for the seat."""
        return cast(SeatJoined, self.http.call("POST", f"/games/{quote(game_id)}/seats/{seat}/join", body={}, token=key).json())

    # Accounts (docs/accounts.md): `key` is an account's key; it also goes where a seat token does
    # (submit_move, resign_seat, get_hint) to act for the seat its account holds.

    def create_account(self, name: str, kind: Literal["player", "bot"]) -> AccountCreated:
        """A new account and its key, shown only here."""
        return cast(AccountCreated, self.http.call("POST", "/accounts", body={"name": name, "kind": kind}).json())

    def get_my_account(self, key: str) -> Account:
        return cast(Account, self.http.call("GET", "/accounts/me", token=key).json())

    def get_account(self, name: str) -> Account:
        return cast(Account, self.http.call("GET", f"/accounts/{quote(name)}").json())

    def list_account_keys(self, key: str) -> AccountKeys:
        return cast(AccountKeys, self.http.call("GET", "/accounts/me/keys", token=key).json())

    def add_account_key(self, key: str) -> AccountKeyCreated:
        """Another key, shown only here: to rotate, add one and revoke the old."""
        return cast(AccountKeyCreated, self.http.call("POST", "/accounts/me/keys", token=key).json())

    def revoke_account_key(self, key: str, key_id: str) -> None:
        self.http.call("DELETE", f"/accounts/me/keys/{quote(key_id)}", token=key)

    def list_my_games(self, key: str, status: Literal["waiting", "active", "finished", "aborted"] | None = None, limit: int | None = None, after: str | None = None) -> MyGames:
        """A page of the account's games, newest first (those where it must act first in the page); `after`: the cursor in the last page's `next`."""
        return cast(MyGames, self.http.call("GET", "/accounts/me/games", query={"status": status, "limit": limit, "after": after}, token=key).json())

    def get_my_events(self, key: str, after: str | None = None, wait: int | None = None, moves: bool | None = None) -> AccountEvents:
        """The account's events after `after` (the last answer's `cursor`); long-polls up to `wait` seconds."""
        query = {"after": after, "wait": wait, "moves": None if moves is None else str(moves).lower()}
        return cast(AccountEvents, self.http.call("GET", "/accounts/me/events", query=query, token=key).json())

    @overload
    def stream_my_events(self, key: str, after: str | None = None, moves: bool = False, last_event_id: str | None = None, keep_alives: Literal[False] = False) -> Generator[AccountEvent, None, None]: ...

    @overload
    def stream_my_events(self, key: str, after: str | None = None, moves: bool = False, last_event_id: str | None = None, *, keep_alives: Literal[True]) -> Generator[AccountEvent | None, None, None]: ...

    def stream_my_events(self, key: str, after: str | None = None, moves: bool = False, last_event_id: str | None = None, keep_alives: bool = False) -> Generator[AccountEvent | None, None, None]:
        """The account's event stream: fresh, first the turns waiting for it; resumed (`after` = the
        last event's `id`, or `last_event_id`, sent as `Last-Event-ID`), exactly the events after it;
        until the server ends it (resume then: `follow_account` does). `keep_alives`: also None
        for each keep-alive comment."""
        query = {"after": after, "moves": "true" if moves else None}
        headers = {} if last_event_id is None else {"last-event-id": last_event_id}
        response = self.http.request("GET", "/accounts/me/stream", query=query, headers=headers, token=key, accept="text/event-stream")
        with response:
            if response.headers.get_content_type() != "text/event-stream":
                raise NotTheApi(response.status, response.headers.get("content-type", ""), "text/event-stream", response.read(200))
            yield from parse_account_stream(response, keep_alives)

    # Follows the account's events until `stop` is set, each to `handlers[event["type"]]`
    # (`gameStarted`, `yourTurn`, `gameFinished`, `challenge`...), resuming after every drop
    # without a gap or a repeat: account_loop.py's function, this client its first argument.
    follow_account = follow_account

    # Challenges (docs/accounts.md).

    def create_challenge(self, key: str, challenge: CreateChallenge) -> Challenge:
        return cast(Challenge, self.http.call("POST", "/challenges", body=challenge, token=key).json())

    def get_challenge(self, key: str, challenge_id: str) -> Challenge:
        return cast(Challenge, self.http.call("GET", f"/challenges/{quote(challenge_id)}", token=key).json())

    def accept_challenge(self, key: str, challenge_id: str) -> Challenge:
        """Accepts; the last acceptance starts the game (`status` "started", `gameId`)."""
        return cast(Challenge, self.http.call("POST", f"/challenges/{quote(challenge_id)}/accept", token=key).json())

    def decline_challenge(self, key: str, challenge_id: str, reason: str | None = None) -> Challenge:
        body = {} if reason is None else {"reason": reason}
        return cast(Challenge, self.http.call("POST", f"/challenges/{quote(challenge_id)}/decline", body=body, token=key).json())

    def cancel_challenge(self, key: str, challenge_id: str) -> Challenge:
        return cast(Challenge, self.http.call("DELETE", f"/challenges/{quote(challenge_id)}", token=key).json())

    def list_my_challenges(self, key: str) -> Challenges:
        return cast(Challenges, self.http.call("GET", "/accounts/me/challenges", token=key).json())

    def get_accept_policy(self, key: str) -> AcceptPolicyAnswer:
        return cast(AcceptPolicyAnswer, self.http.call("GET", "/accounts/me/policy", token=key).json())

    def set_accept_policy(self, key: str, policy: AcceptPolicy) -> AcceptPolicyAnswer:
        """A bot account's accept policy: challenges it fits are accepted at once, others declined."""
        return cast(AcceptPolicyAnswer, self.http.call("PUT", "/accounts/me/policy", body=policy, token=key).json())

    def join_ladder(self, key: str, max_games: int) -> LadderEntry:
        """Puts the bot account on the ladder (or changes its games at once): the server matches it from now on."""
        return cast(LadderEntry, self.http.call("PUT", "/accounts/me/ladder", body={"maxGames": max_games}, token=key).json())

    def get_my_ladder_entry(self, key: str) -> LadderEntry:
        return cast(LadderEntry, self.http.call("GET", "/accounts/me/ladder", token=key).json())

    def leave_ladder(self, key: str) -> None:
        """Takes the account off the ladder; the matches it is playing go on."""
        self.http.call("DELETE", "/accounts/me/ladder", token=key)

    def get_ladder(self) -> Ladder:
        """The ladder: its bots with their ratings and records, and the latest duplicate pairs."""
        return cast(Ladder, self.http.call("GET", "/ladder").json())

    def get_ladder_sprt(self, a: str, b: str, elo0: float | None = None, elo1: float | None = None, alpha: float | None = None, beta: float | None = None) -> LadderSprt:
        """Is bot `a` stronger than bot `b`? The sequential test on their pairs, with its verdict."""
        query = {"a": a, "b": b, "elo0": elo0, "elo1": elo1, "alpha": alpha, "beta": beta}
        return cast(LadderSprt, self.http.call("GET", "/ladder/sprt", query=query).json())

    def subscribe_account_webhook(self, key: str, url: str) -> AccountWebhook:
        """Sends the account's events to `url`, in order, signed; the answer's `secret` is new and shown only here."""
        return cast(AccountWebhook, self.http.call("PUT", "/accounts/me/webhook", body={"url": url}, token=key).json())

    def get_account_webhook(self, key: str) -> AccountWebhookSettings:
        """The account's webhook and how its deliveries fare (never its secret)."""
        return cast(AccountWebhookSettings, self.http.call("GET", "/accounts/me/webhook", token=key).json())

    def remove_account_webhook(self, key: str) -> None:
        self.http.call("DELETE", "/accounts/me/webhook", token=key)

    def get_leaderboard(self, limit: int | None = None, after: str | None = None) -> Leaderboard:
        """The accounts that played rated games, highest rating (mu - 3 sigma) first, a page at a time (`after`: the previous page's `next` cursor)."""
        return cast(Leaderboard, self.http.call("GET", "/leaderboard", query={"limit": limit, "after": after}).json())

    def get_hint(self, game_id: str, token: str) -> Hint:
        """The mcts bot's move for the seat of `token`, when it must act."""
        return cast(Hint, self.http.call("GET", f"/games/{quote(game_id)}/hint", token=token).json())

    @overload
    def submit_move(self, game_id: str, token: str, expected_version: int, move: Move, minimal: Literal[False] = False, idempotency_key: str | None = None) -> MoveAccepted: ...

    @overload
    def submit_move(self, game_id: str, token: str, expected_version: int, move: Move, minimal: Literal[True], idempotency_key: str | None = None) -> MoveAcceptedMinimal: ...

    def submit_move(self, game_id: str, token: str, expected_version: int, move: Move, minimal: bool = False, idempotency_key: str | None = None) -> Union[MoveAccepted, MoveAcceptedMinimal]:
        """Submits a move; retries network errors, 429 and 503 with the same Idempotency-Key.
        `minimal`: the answer without the new state."""
        headers = {"idempotency-key": idempotency_key or str(uuid.uuid4())}
        if minimal:
            headers["prefer"] = "return=minimal"
        body = {"expectedVersion": expected_version, "move": move}
        for attempt in range(1, self.retries + 1):
            try:
                answer = self.http.call("POST", f"/games/{quote(game_id)}/moves", body=body, token=token, headers=headers)
                return cast(Union[MoveAccepted, MoveAcceptedMinimal], answer.json())
            except ApiProblem as problem:
                if problem.status not in RETRYABLE_STATUSES or attempt == self.retries:
                    raise
                delay = problem.retry_after or _backoff(attempt)
            except (HTTPException, OSError):  # urllib's URLError is an OSError
                if attempt == self.retries:
                    raise
                delay = _backoff(attempt)
            time.sleep(delay)
        raise AssertionError("unreachable")

    # The admin's acts (the admin token from create_game).

    def abort_game(self, game_id: str, admin_token: str) -> ActDone:
        return cast(ActDone, self.http.call("POST", f"/games/{quote(game_id)}/abort", token=admin_token).json())

    def reissue_seat_token(self, game_id: str, seat: int, admin_token: str) -> TokenReissued:
        """A new token for the seat; its old one is refused from now on."""
        return cast(TokenReissued, self.http.call("POST", f"/games/{quote(game_id)}/seats/{seat}/token", token=admin_token).json())

    def hand_seat_to_bot(self, game_id: str, seat: int, admin_token: str, bot: Bot, level: int | None = None) -> ActDone:
        body: dict[str, object] = {"bot": bot} if level is None else {"bot": bot, "level": level}
        return cast(ActDone, self.http.call("POST", f"/games/{quote(game_id)}/seats/{seat}/bot", body=body, token=admin_token).json())

    def subscribe_webhook(self, game_id: str, admin_token: str, url: str, format: WebhookFormat | None = None) -> Webhook:
        """Subscribes (or replaces) the game's webhook; the answer's `secret` is new and shown only here.
        `format`: `discord` or `slack` for a chat's incoming webhook; the server's default (`json`) when None."""
        body: dict[str, object] = {"url": url} if format is None else {"url": url, "format": format}
        return cast(Webhook, self.http.call("PUT", f"/games/{quote(game_id)}/webhook", body=body, token=admin_token).json())

    def get_webhook(self, game_id: str, admin_token: str) -> WebhookSettings:
        """The webhook's URL and format; its secret was shown only when it was made."""
        return cast(WebhookSettings, self.http.call("GET", f"/games/{quote(game_id)}/webhook", token=admin_token).json())

    def remove_webhook(self, game_id: str, admin_token: str) -> None:
        self.http.call("DELETE", f"/games/{quote(game_id)}/webhook", token=admin_token)

    def list_webhook_deliveries(self, game_id: str, admin_token: str) -> WebhookDeliveries:
        return cast(WebhookDeliveries, self.http.call("GET", f"/games/{quote(game_id)}/webhook/deliveries", token=admin_token).json())

    def redeliver_webhook_delivery(self, game_id: str, delivery_id: str, admin_token: str) -> WebhookDelivery:
        """Sends a delivery again (a failed one included); answers the delivery."""
        path = f"/games/{quote(game_id)}/webhook/deliveries/{quote(delivery_id)}/redeliver"
        return cast(WebhookDelivery, self.http.call("POST", path, token=admin_token).json())

    # Helpers over the operations.

    def seat(self, game_id: str, token: str, index: int) -> Seat:
        return Seat(self, game_id, token, index)

    def seats(self, game: CreatedGame) -> list[Seat]:
        """The seats of a game just created that came with a token (the named players')."""
        return [self.seat(game["id"], s["token"], s["seat"]) for s in game["seats"] if "token" in s]


@dataclass
class Seat:
    """One seat of a game: its legal moves, its moves, and waiting for its turn."""

    client: CarcassonneClient
    game_id: str
    token: str
    index: int

    def legal_moves(self) -> LegalMoves:
        return self.client.get_legal_moves(self.game_id)

    def play(self, expected_version: int, move: Move) -> MoveAccepted:
        return self.client.submit_move(self.game_id, self.token, expected_version, move)

    def wait_for_turn(self) -> LegalMoves | None:
        """This seat's legal moves once it must act, or None when the game is over: one
        long-poll per move of the others."""
        legal = self.client.get_legal_moves(self.game_id)
        while legal["actor"] is not None and legal["actor"] != self.index:
            legal = self.client.get_legal_moves(self.game_id, after=legal["version"])
        return None if legal["actor"] is None else legal


def _backoff(attempt: int) -> float:
    return min(2.0, 0.1 * 2.0**attempt) * (0.5 + random.random() / 2)
