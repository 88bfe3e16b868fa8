"""Unit tests of the Python client, without a server (python3 -m unittest discover -s clients/python),
run by test/system/python-client.test.ts; test_server.py plays against a real server there."""
from __future__ import annotations

import io
import json
import re
import threading
import time
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Callable, get_args, get_type_hints

import generate_types
from carcassonne_client import ACT_TYPES, ApiError, ApiProblem, CarcassonneClient, NotTheApi, api_types, is_act, parse_stream, verify
from carcassonne_client.webhooks import sign

HERE = Path(__file__).resolve().parent
DOCUMENT = json.loads((HERE.parent.parent / "openapi" / "openapi.json").read_text(encoding="utf-8"))
JSON = {"content-type": "application/json; charset=utf-8"}
PROBLEM = {"content-type": "application/problem+json; charset=utf-8"}


def snake(operation_id: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", operation_id).lower()


class Scripted(BaseHTTPRequestHandler):
    """Answers each request with the next of `script`: (status, headers, body), or None to hang
    up; records each request as (method, path, headers), and its body in `bodies`."""

    script: list[Any] = []
    seen: list[tuple[str, str, dict[str, str]]] = []
    bodies: list[bytes] = []

    def answer(self) -> None:
        length = int(self.headers.get("content-length") or 0)
        type(self).bodies.append(self.rfile.read(length) if length else b"")
        type(self).seen.append((self.command, self.path, {k.lower(): v for k, v in self.headers.items()}))
        step = type(self).script.pop(0) if type(self).script else (200, JSON, {})
        if step is None:
            self.close_connection = True
            self.connection.close()
            return
        status, headers, body = step
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    do_GET = do_POST = do_PUT = do_DELETE = answer

    def log_message(self, *args: object) -> None:
        pass


def problem(status: int, code: str) -> dict[str, object]:
    return {"type": "about:blank", "title": "x", "status": status, "code": code, "detail": code.lower()}


class Served(unittest.TestCase):
    def serve(self, script: list[Any]) -> CarcassonneClient:
        Scripted.script = list(script)
        Scripted.seen = []
        Scripted.bodies = []
        server = ThreadingHTTPServer(("127.0.0.1", 0), Scripted)
        threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        self.addCleanup(server.server_close)
        self.addCleanup(server.shutdown)
        return CarcassonneClient(f"http://127.0.0.1:{server.server_address[1]}", retries=4)


class PlayRetries(Served):
    def keys(self) -> list[str]:
        return [headers["idempotency-key"] for _, _, headers in Scripted.seen]

    def test_retries_a_hang_up_a_429_and_a_503_with_one_key(self) -> None:
        client = self.serve([None, (429, {"retry-after": "0", **PROBLEM}, problem(429, "RATE_LIMITED")), (503, PROBLEM, problem(503, "DATABASE_BUSY")), (201, JSON, {"version": 1, "events": []})])
        self.assertEqual(client.submit_move("g", "tok", 0, {"type": "pass"}), {"version": 1, "events": []})
        self.assertEqual(len(self.keys()), 4)
        self.assertEqual(len(set(self.keys())), 1, "every attempt carries the same Idempotency-Key")

    def test_a_refusal_is_not_retried(self) -> None:
        client = self.serve([(409, PROBLEM, {**problem(409, "VERSION_CONFLICT"), "currentVersion": 3})])
        with self.assertRaises(ApiProblem) as caught:
            client.submit_move("g", "tok", 0, {"type": "pass"})
        error = caught.exception
        self.assertEqual((error.status, error.code, error.detail, error.problem.get("currentVersion")), (409, "VERSION_CONFLICT", "version_conflict", 3))
        self.assertEqual(len(self.keys()), 1)

    def test_gives_up_after_its_retries(self) -> None:
        client = self.serve([(503, {"retry-after": "0", **PROBLEM}, problem(503, "DATABASE_BUSY"))] * 4)
        with self.assertRaises(ApiProblem):
            client.submit_move("g", "tok", 0, {"type": "pass"})
        self.assertEqual(len(self.keys()), 4)


class NotTheApiAnswers(Served):
    """An answer the API never gives is a NotTheApi naming what came, never a JSON parse error."""

    def refused(self, status: int, headers: dict[str, str], body: bytes) -> NotTheApi:
        client = self.serve([(status, headers, body)])
        with self.assertRaises(NotTheApi) as caught:
            client.get_game("g")
        self.assertIsInstance(caught.exception, ApiError)
        self.assertEqual((caught.exception.status, caught.exception.code), (status, "NOT_THE_API"))
        return caught.exception

    def test_an_html_page(self) -> None:
        error = self.refused(200, {"content-type": "text/html"}, b"<!doctype html><title>Welcome to nginx</title>")
        self.assertRegex(error.detail, r"expected application/json, got text/html, starting '<!doctype html><title>Welcome to nginx")

    def test_an_empty_body(self) -> None:
        self.assertRegex(self.refused(200, JSON, b"").detail, "an empty body")

    def test_json_that_does_not_parse(self) -> None:
        self.assertRegex(self.refused(200, JSON, b"{truncated").detail, "expected a JSON document")

    def test_no_content_type(self) -> None:
        self.assertRegex(self.refused(200, {}, b'{"id":"g"}').detail, "no content type")

    def test_a_proxys_error_page(self) -> None:
        error = self.refused(502, {"content-type": "text/html"}, b"<html>Bad Gateway</html>")
        self.assertRegex(error.detail, "expected application/problem\\+json, got text/html")

    def test_a_problem_is_the_apis_error(self) -> None:
        client = self.serve([(404, PROBLEM, problem(404, "GAME_NOT_FOUND"))])
        with self.assertRaises(ApiProblem) as caught:
            client.get_game("g")
        self.assertEqual((caught.exception.status, caught.exception.code, caught.exception.detail), (404, "GAME_NOT_FOUND", "game_not_found"))

    def test_a_picture_must_be_svg(self) -> None:
        client = self.serve([(200, JSON, {})])
        with self.assertRaises(NotTheApi):
            client.get_board_svg("g")

    def test_a_stream_must_be_an_event_stream(self) -> None:
        client = self.serve([(200, {"content-type": "text/html"}, b"<html></html>")])
        with self.assertRaises(NotTheApi):
            list(client.stream_game("g"))


# One call per operation of the document, with the path and token it must send.
CALLS: dict[str, tuple[Callable[[CarcassonneClient], object], str | None]] = {
    "getHealth": (lambda c: c.get_health(), None),
    "listTiles": (lambda c: c.list_tiles(), None),
    "getTileSvg": (lambda c: c.get_tile_svg("base", "A", rotation=90), None),
    "createGame": (lambda c: c.create_game({"players": [{"name": "Ann"}]}), None),
    "listGames": (lambda c: c.list_games(status="waiting", limit=5), None),
    "getGame": (lambda c: c.get_game("g/1", version=3), None),
    "getLegalMoves": (lambda c: c.get_legal_moves("g/1", after=2), None),
    "getEvents": (lambda c: c.get_events("g/1", after=2), None),
    "getMoveLog": (lambda c: c.get_move_log("g/1", after=2, limit=10), None),
    "getBoardSvg": (lambda c: c.get_board_svg("g/1", legal=True), None),
    "getAnalysis": (lambda c: c.get_analysis("g/1"), None),
    "streamGame": (lambda c: list(c.stream_game("g/1", after=2)), None),
    "joinSeat": (lambda c: c.join_seat("g/1", 1, "Bob"), None),
    "resignSeat": (lambda c: c.resign_seat("g/1", 1, "seat-token"), "seat-token"),
    "getHint": (lambda c: c.get_hint("g/1", "seat-token"), "seat-token"),
    "submitMove": (lambda c: c.submit_move("g/1", "seat-token", 0, {"type": "pass"}), "seat-token"),
    "abortGame": (lambda c: c.abort_game("g/1", "admin-token"), "admin-token"),
    "reissueSeatToken": (lambda c: c.reissue_seat_token("g/1", 1, "admin-token"), "admin-token"),
    "handSeatToBot": (lambda c: c.hand_seat_to_bot("g/1", 1, "admin-token", "mcts", level=2), "admin-token"),
    "subscribeWebhook": (lambda c: c.subscribe_webhook("g/1", "admin-token", "https://example.com/hook"), "admin-token"),
    "getWebhook": (lambda c: c.get_webhook("g/1", "admin-token"), "admin-token"),
    "removeWebhook": (lambda c: c.remove_webhook("g/1", "admin-token"), "admin-token"),
    "listWebhookDeliveries": (lambda c: c.list_webhook_deliveries("g/1", "admin-token"), "admin-token"),
    "redeliverWebhookDelivery": (lambda c: c.redeliver_webhook_delivery("g/1", "wh_1", "admin-token"), "admin-token"),
    "createAccount": (lambda c: c.create_account("Ann", "player"), None),
    "getMyAccount": (lambda c: c.get_my_account("cak_key"), "cak_key"),
    "getAccount": (lambda c: c.get_account("Ann"), None),
    "listAccountKeys": (lambda c: c.list_account_keys("cak_key"), "cak_key"),
    "addAccountKey": (lambda c: c.add_account_key("cak_key"), "cak_key"),
    "revokeAccountKey": (lambda c: c.revoke_account_key("cak_key", "k1"), "cak_key"),
    "listMyGames": (lambda c: c.list_my_games("cak_key", status="active", limit=5), "cak_key"),
    "streamMyEvents": (lambda c: list(c.stream_my_events("cak_key", after="3", moves=True)), "cak_key"),
    "getMyEvents": (lambda c: c.get_my_events("cak_key", after="3", wait=1, moves=True), "cak_key"),
    "createChallenge": (lambda c: c.create_challenge("cak_key", {"accounts": ["Bob"]}), "cak_key"),
    "getChallenge": (lambda c: c.get_challenge("cak_key", "g/1"), "cak_key"),
    "acceptChallenge": (lambda c: c.accept_challenge("cak_key", "g/1"), "cak_key"),
    "declineChallenge": (lambda c: c.decline_challenge("cak_key", "g/1", "later"), "cak_key"),
    "cancelChallenge": (lambda c: c.cancel_challenge("cak_key", "g/1"), "cak_key"),
    "listMyChallenges": (lambda c: c.list_my_challenges("cak_key"), "cak_key"),
    "getAcceptPolicy": (lambda c: c.get_accept_policy("cak_key"), "cak_key"),
    "setAcceptPolicy": (lambda c: c.set_accept_policy("cak_key", {"maxGames": 3}), "cak_key"),
    "joinLadder": (lambda c: c.join_ladder("cak_key", 4), "cak_key"),
    "getMyLadderEntry": (lambda c: c.get_my_ladder_entry("cak_key"), "cak_key"),
    "leaveLadder": (lambda c: c.leave_ladder("cak_key"), "cak_key"),
    "getLadder": (lambda c: c.get_ladder(), None),
    "getLadderSprt": (lambda c: c.get_ladder_sprt("Ann", "Bob", alpha=0.1), None),
    "getLeaderboard": (lambda c: c.get_leaderboard(limit=5, after="3~a"), None),
    "subscribeAccountWebhook": (lambda c: c.subscribe_account_webhook("cak_key", "https://example.com/hook"), "cak_key"),
    "getAccountWebhook": (lambda c: c.get_account_webhook("cak_key"), "cak_key"),
    "removeAccountWebhook": (lambda c: c.remove_account_webhook("cak_key"), "cak_key"),
}
# The streams' operations: answered with an (empty) event stream.
STREAMS = {"streamGame", "streamMyEvents"}
# The operation being added beside this client (docs/webhooks.md): checked before the document has it.
REDELIVER = ("POST", "/games/{id}/webhook/deliveries/{deliveryId}/redeliver")


def operations() -> dict[str, tuple[str, str]]:
    found = {o["operationId"]: (m.upper(), p) for p, ops in DOCUMENT["paths"].items() for m, o in ops.items() if isinstance(o, dict) and "operationId" in o}
    return {**{"redeliverWebhookDelivery": REDELIVER}, **found}


class Operations(Served):
    def test_every_operation_of_the_document_has_its_snake_case_method(self) -> None:
        missing = [f"{o} -> {snake(o)}" for o in operations() if not callable(getattr(CarcassonneClient, snake(o), None))]
        self.assertEqual(missing, [], "operations of openapi/openapi.json without a method on CarcassonneClient")

    def test_each_method_sends_its_operations_request(self) -> None:
        self.assertEqual(sorted(CALLS), sorted(operations()), "one call per operation in CALLS")
        for operation_id, (method, template) in operations().items():
            call, token = CALLS[operation_id]
            with self.subTest(operation_id):
                answer = {"content-type": "text/event-stream"} if operation_id in STREAMS else ({"content-type": "image/svg+xml"} if template.endswith(".svg") else JSON)
                client = self.serve([(200, answer, b"<svg/>" if template.endswith(".svg") else (b"" if operation_id in STREAMS else b"{}"))])
                call(client)
                sent_method, path, headers = Scripted.seen[0]
                pattern = re.sub(r"\\\{[^}]+\\\}", "[^/?]+", re.escape(template)) + r"(\?.*)?$"
                self.assertEqual(sent_method, method)
                self.assertRegex(path, "^" + pattern)
                self.assertEqual(headers.get("authorization"), None if token is None else f"Bearer {token}")
                if "{id}" in template:
                    self.assertIn("/g%2F1", path, "the id is one path segment")


class Webhooks(Served):
    def test_a_format_is_sent_only_when_asked_and_read_back_without_the_secret(self) -> None:
        hook = {"url": "https://discord.com/api/webhooks/1/x", "secret": "whsec_1", "format": "discord"}
        client = self.serve([(200, JSON, hook), (200, JSON, {**hook, "format": "json"}), (200, JSON, {"url": hook["url"], "format": "discord"})])
        self.assertEqual(client.subscribe_webhook("g", "admin", hook["url"], format="discord"), hook)
        self.assertEqual(client.subscribe_webhook("g", "admin", hook["url"])["format"], "json")
        self.assertEqual(client.get_webhook("g", "admin"), {"url": hook["url"], "format": "discord"})
        self.assertEqual([json.loads(b) for b in Scripted.bodies[:2]], [{"url": hook["url"], "format": "discord"}, {"url": hook["url"]}])
        self.assertEqual([(m, p) for m, p, _ in Scripted.seen], [("PUT", "/games/g/webhook"), ("PUT", "/games/g/webhook"), ("GET", "/games/g/webhook")])
        self.assertEqual(Scripted.bodies[2], b"", "a GET has no body")

    def test_a_game_without_a_webhook(self) -> None:
        client = self.serve([(404, PROBLEM, problem(404, "WEBHOOK_NOT_FOUND"))])
        with self.assertRaises(ApiProblem) as caught:
            client.get_webhook("g", "admin")
        self.assertEqual((caught.exception.status, caught.exception.code), (404, "WEBHOOK_NOT_FOUND"))


class Stream(unittest.TestCase):
    def test_messages_without_comments_or_retry(self) -> None:
        body = (
            b"retry: 3000\n\n"
            b'event: state\ndata: {"version":0,"actor":0}\n\n'
            b": keep-alive\n\n"
            b'id: 1\nevent: move\ndata: {"version":1,"actor":1}\n\n'
            b'event: later\ndata: {"unknown":true}\n\n'
            b'event: analysis\ndata: {"gameId":"g","version":1,"url":"/games/g/analysis"}\n\n'
        )
        messages = list(parse_stream(io.BytesIO(body)))
        self.assertEqual(
            messages,
            [
                {"event": "state", "data": {"version": 0, "actor": 0}},
                {"event": "move", "id": 1, "data": {"version": 1, "actor": 1}},
                {"event": "analysis", "data": {"gameId": "g", "version": 1, "url": "/games/g/analysis"}},
            ],
        )


EVENTS = {"content-type": "text/event-stream"}


def sse(*events: dict[str, Any]) -> bytes:
    """A stream's body: `retry:`, a keep-alive, then each event with its id when it has one."""
    blocks = [b"retry: 3000\n\n", b": keep-alive\n\n"]
    for event in events:
        head = f"id: {event['id']}\n" if "id" in event else ""
        blocks.append(f"{head}event: {event['type']}\ndata: {json.dumps(event)}\n\n".encode())
    return b"".join(blocks)


class FollowAccount(Served):
    """follow_account: the first read's turns, then the stream resumed with Last-Event-ID after
    each end or drop, each event to its handler once, in order."""

    def test_resumes_after_the_servers_end_and_a_hang_up_without_a_gap_or_a_repeat(self) -> None:
        waiting = {"type": "yourTurn", "at": "t", "gameId": "g1", "seat": 1, "version": 4}
        challenge = {"id": "6", "type": "challenge", "at": "t", "challengeId": "c1"}
        finished = {"id": "7", "type": "gameFinished", "at": "t", "gameId": "g1", "status": "finished"}
        client = self.serve([(200, JSON, {"events": [waiting], "cursor": "5"}), (200, EVENTS, sse(challenge)), None, (200, EVENTS, sse(finished))])
        stop = threading.Event()
        handed: list[Any] = []
        drops: list[Any] = []

        def finish(event: Any) -> None:
            handed.append(event)
            stop.set()

        client.follow_account("cak_key", {"yourTurn": handed.append, "challenge": handed.append, "gameFinished": finish}, stop=stop, retry=0.01, on_drop=drops.append)
        self.assertEqual(handed, [waiting, challenge, finished])
        self.assertEqual([(m, p) for m, p, _ in Scripted.seen], [("GET", "/accounts/me/events")] + [("GET", "/accounts/me/stream")] * 3)
        self.assertEqual([h.get("last-event-id") for _, _, h in Scripted.seen], [None, "5", "6", "6"], "each stream resumes after the last event handed over")
        self.assertEqual({h["authorization"] for _, _, h in Scripted.seen}, {"Bearer cak_key"})
        self.assertIsNone(drops[0], "the server ended the first stream")
        self.assertIsInstance(drops[1], OSError, "the second was cut")

    def test_polls_from_the_cursor_and_again_after_a_failure(self) -> None:
        started = {"id": "2", "type": "gameStarted", "at": "t", "gameId": "g1", "seat": 0}
        client = self.serve([(200, JSON, {"events": [], "cursor": "1"}), (503, {"retry-after": "0", **PROBLEM}, problem(503, "DATABASE_BUSY")), (200, JSON, {"events": [started], "cursor": "2"})])
        stop = threading.Event()
        client.follow_account("cak_key", {"gameStarted": lambda e: stop.set()}, poll=True, wait=5, stop=stop, retry=0.01)
        self.assertEqual([p for _, p, _ in Scripted.seen], ["/accounts/me/events", "/accounts/me/events?after=1&wait=5", "/accounts/me/events?after=1&wait=5"])

    def test_a_revoked_key_and_a_handlers_error_end_it(self) -> None:
        client = self.serve([(401, PROBLEM, problem(401, "ACCOUNT_KEY_REVOKED"))])
        with self.assertRaises(ApiProblem) as caught:
            client.follow_account("cak_key", {}, retry=0.01)
        self.assertEqual(caught.exception.code, "ACCOUNT_KEY_REVOKED")
        turn = {"type": "yourTurn", "at": "t", "gameId": "g1", "seat": 0, "version": 0}
        client = self.serve([(200, JSON, {"events": [turn], "cursor": "0"})])

        def broken(event: Any) -> None:
            raise OSError("the handler's own")

        with self.assertRaisesRegex(OSError, "the handler's own"):
            client.follow_account("cak_key", {"yourTurn": broken}, retry=0.01)
        self.assertEqual(len(Scripted.seen), 1, "not taken for a drop: no second read")


def types_of(union: str) -> set[str]:
    return {get_args(get_type_hints(t)["type"])[0] for t in get_args(getattr(api_types, union))}


class Acts(unittest.TestCase):
    def test_the_acts_are_the_documents_and_no_move_or_event_is_one(self) -> None:
        self.assertEqual(set(ACT_TYPES), types_of("Act"))
        for kind in types_of("Move") | types_of("GameEvent"):
            self.assertFalse(is_act({"type": kind}), kind)  # type: ignore[arg-type,misc]
        for kind in ACT_TYPES:
            self.assertTrue(is_act({"type": kind}), kind)  # type: ignore[arg-type,misc]


class Verify(unittest.TestCase):
    secret = "whsec_test"
    body = '{"id":"wh_1","type":"seatMustAct","data":{"name":"Bøb"}}'.encode()

    def test_a_signature_and_what_breaks_it(self) -> None:
        now = time.time()
        header = sign(self.secret, int(now), self.body)
        self.assertTrue(verify(self.secret, header, self.body))
        self.assertFalse(verify(self.secret, header, self.body.replace(b"1", b"2")), "a changed body")
        self.assertFalse(verify("whsec_other", header, self.body), "another secret")
        self.assertFalse(verify(self.secret, sign(self.secret, int(now) - 3600, self.body), self.body), "an old timestamp")
        self.assertTrue(verify(self.secret, sign(self.secret, int(now) - 3600, self.body), self.body, now=now - 3600), "at its time")
        for header in ("", "v1=abc", "t=x,v1=abc", f"t={int(now)}", f"t={int(now)},v1=ü"):
            self.assertFalse(verify(self.secret, header, self.body), header)


class Types(unittest.TestCase):
    def test_the_types_are_what_the_generator_makes_of_the_openapi_document(self) -> None:
        committed = (HERE / "carcassonne_client" / "api_types.py").read_text(encoding="utf-8")
        self.assertEqual(committed, generate_types.generate(DOCUMENT), "run python3 clients/python/generate_types.py ../../openapi/openapi.json carcassonne_client/api_types.py")

    def test_every_move_and_event_type_of_the_document_is_typed(self) -> None:
        schemas = DOCUMENT["components"]["schemas"]
        for union in ("Move", "GameEvent"):
            self.assertEqual(types_of(union), set(schemas[union]["discriminator"]["mapping"]), union)
        self.assertEqual(set(get_type_hints(api_types.GameState)), set(schemas["GameState"]["properties"]))


if __name__ == "__main__":
    unittest.main()
