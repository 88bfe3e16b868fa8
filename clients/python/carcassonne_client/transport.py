"""One HTTP exchange with the API on urllib: the request as the API takes it (JSON body, bearer
token, query), and the answer checked before anyone reads it. A success must carry the content
type its operation promises and an error must be the API's problem document; anything else (a
proxy's HTML page, an empty answer, another service on the port) is `NotTheApi`, never a
`JSONDecodeError` from deep inside a call.
"""
from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from email.message import Message
from http.client import HTTPResponse
from typing import Any, Mapping, Union

from .errors import ApiProblem, NotTheApi

Query = Mapping[str, Union[str, int, float, bool, None]]


@dataclass
class Answer:
    status: int
    headers: Message
    body: bytes

    @property
    def content_type(self) -> str:
        return media_type(self.headers.get("content-type", ""))

    def json(self) -> Any:
        """The body as JSON: the API's answers all are, with this content type."""
        if self.content_type != "application/json" or not self.body:
            raise NotTheApi(self.status, self.headers.get("content-type", ""), "application/json", self.body)
        try:
            return json.loads(self.body)
        except ValueError:
            raise NotTheApi(self.status, self.headers.get("content-type", ""), "a JSON document", self.body) from None

    def text(self, expected: str) -> str:
        if self.content_type != expected:
            raise NotTheApi(self.status, self.headers.get("content-type", ""), expected, self.body)
        return self.body.decode("utf-8")


class Transport:
    def __init__(self, base_url: str, timeout: float) -> None:
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout

    def request(
        self,
        method: str,
        path: str,
        *,
        query: Query | None = None,
        body: object = None,
        token: str | None = None,
        headers: Mapping[str, str] | None = None,
        accept: str = "application/json",
        also: tuple[int, ...] = (),
    ) -> HTTPResponse:
        """Sends one request; answers the open response of a success (or of a status in `also`,
        which the operation documents as an answer, not an error). Raises `ApiProblem` or
        `NotTheApi` for any other status; network errors (`OSError`s) pass through."""
        data = None if body is None else json.dumps(body).encode("utf-8")
        request = urllib.request.Request(self.base_url + path + _query(query), data=data, method=method)
        request.add_header("accept", accept)
        if data is not None:
            request.add_header("content-type", "application/json")
        if token is not None:
            request.add_header("authorization", f"Bearer {token}")
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            response: HTTPResponse = urllib.request.urlopen(request, timeout=self.timeout)
            return response
        except urllib.error.HTTPError as error:
            if error.code in also:
                return error  # type: ignore[return-value]  # an HTTPError is the response
            raise problem_of(error.code, error.headers, error.read()) from None

    def call(self, method: str, path: str, **options: Any) -> Answer:
        """`request`, read to the end."""
        with self.request(method, path, **options) as response:
            return Answer(response.status, response.headers, response.read())


def problem_of(status: int, headers: Message, body: bytes) -> ApiProblem | NotTheApi:
    """The error an answer of `status` stands for: the API's problem document, or not the API."""
    content_type = headers.get("content-type", "")
    if media_type(content_type) == "application/problem+json":
        try:
            problem = json.loads(body)
        except ValueError:
            problem = None
        if isinstance(problem, dict) and isinstance(problem.get("code"), str) and isinstance(problem.get("detail"), str):
            problem.setdefault("status", status)
            return ApiProblem(problem, _seconds(headers.get("retry-after") or problem.get("retryAfter")))  # type: ignore[arg-type]  # checked above
    return NotTheApi(status, content_type, "application/problem+json", body)


def _seconds(value: object) -> float:
    try:
        return max(0.0, float(value))  # type: ignore[arg-type]  # a header's text or the document's number
    except (TypeError, ValueError):
        return 0.0


def media_type(content_type: str) -> str:
    return content_type.split(";", 1)[0].strip().lower()


def quote(segment: str | int) -> str:
    return urllib.parse.quote(str(segment), safe="")


def _query(query: Query | None) -> str:
    pairs = {k: (int(v) if isinstance(v, bool) else v) for k, v in (query or {}).items() if v is not None}
    return "?" + urllib.parse.urlencode(pairs) if pairs else ""
