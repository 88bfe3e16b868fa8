"""Unit tests of the Python client (python3 -m unittest discover -s clients/python), run by
test/http/python-client.test.ts; the example bot is played against a real server there."""
from __future__ import annotations

import io
import json
import threading
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import generate_types
from carcassonne_client import ApiProblem, CarcassonneClient, parse_stream

HERE = Path(__file__).resolve().parent


class Scripted(BaseHTTPRequestHandler):
    """Answers each request with the next of `script`: (status, headers, body), or None to hang up."""

    script: list = []
    keys: list = []

    def do_POST(self) -> None:  # noqa: N802 - the http.server name
        self.rfile.read(int(self.headers["content-length"]))
        type(self).keys.append(self.headers["idempotency-key"])
        step = type(self).script.pop(0)
        if step is None:
            self.close_connection = True
            self.connection.close()
            return
        status, headers, body = step
        data = json.dumps(body).encode()
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: object) -> None:
        pass


def problem(status: int, code: str) -> dict:
    return {"type": "about:blank", "title": "x", "status": status, "code": code, "detail": code.lower()}


class PlayRetries(unittest.TestCase):
    def serve(self, script: list) -> CarcassonneClient:
        Scripted.script = list(script)
        Scripted.keys = []
        server = ThreadingHTTPServer(("127.0.0.1", 0), Scripted)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        self.addCleanup(server.server_close)
        self.addCleanup(server.shutdown)
        return CarcassonneClient(f"http://127.0.0.1:{server.server_address[1]}", retries=4)

    def test_retries_a_hang_up_a_429_and_a_503_with_one_key(self) -> None:
        client = self.serve([None, (429, {"retry-after": "0"}, problem(429, "RATE_LIMITED")), (503, {}, problem(503, "DATABASE_BUSY")), (201, {}, {"version": 1, "events": []})])
        self.assertEqual(client.submit_move("g", "tok", 0, {"type": "pass"}), {"version": 1, "events": []})
        self.assertEqual(len(Scripted.keys), 4)
        self.assertEqual(len(set(Scripted.keys)), 1, "every attempt carries the same Idempotency-Key")

    def test_a_refusal_is_not_retried(self) -> None:
        client = self.serve([(409, {}, problem(409, "VERSION_CONFLICT"))])
        with self.assertRaises(ApiProblem) as caught:
            client.submit_move("g", "tok", 0, {"type": "pass"})
        self.assertEqual((caught.exception.status, caught.exception.code), (409, "VERSION_CONFLICT"))
        self.assertEqual(len(Scripted.keys), 1)

    def test_gives_up_after_its_retries(self) -> None:
        client = self.serve([(503, {"retry-after": "0"}, problem(503, "DATABASE_BUSY"))] * 4)
        with self.assertRaises(ApiProblem):
            client.submit_move("g", "tok", 0, {"type": "pass"})
        self.assertEqual(len(Scripted.keys), 4)


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


class Types(unittest.TestCase):
    def test_the_types_are_what_the_generator_makes_of_the_openapi_document(self) -> None:
        document = json.loads((HERE.parent.parent / "openapi" / "openapi.json").read_text(encoding="utf-8"))
        committed = (HERE / "carcassonne_client" / "api_types.py").read_text(encoding="utf-8")
        self.assertEqual(committed, generate_types.generate(document), "run python3 clients/python/generate_types.py ../../openapi/openapi.json carcassonne_client/api_types.py")

    def test_every_move_and_event_type_of_the_document_is_typed(self) -> None:
        from typing import get_args, get_type_hints

        from carcassonne_client import api_types

        schemas = json.loads((HERE.parent.parent / "openapi" / "openapi.json").read_text(encoding="utf-8"))["components"]["schemas"]
        for union in ("Move", "GameEvent"):
            typed = {get_args(get_type_hints(t)["type"])[0] for t in get_args(getattr(api_types, union))}
            self.assertEqual(typed, set(schemas[union]["discriminator"]["mapping"]), union)
        self.assertEqual(set(get_type_hints(api_types.GameState)), set(schemas["GameState"]["properties"]))


if __name__ == "__main__":
    unittest.main()
