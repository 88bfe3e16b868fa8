"""What a call raises when the server does not answer what it asked for.

Every error of this client is an `ApiError` with the same three fields, `status`, `code` and
`detail`: an `ApiProblem` is the API's own refusal (application/problem+json, its `code` stable
across versions); `NotTheApi` is an answer the API would never give (an HTML page, an empty
body, another content type), usually a proxy, a wrong URL or another service on the port.
"""
from __future__ import annotations

from .api_types import Problem


class ApiError(Exception):
    """An answer that is not what the operation promises: `status` (HTTP), `code`, `detail`."""

    def __init__(self, status: int, code: str, detail: str) -> None:
        super().__init__(f"{status} {code}: {detail}")
        self.status = status
        self.code = code
        self.detail = detail


class ApiProblem(ApiError):
    """An error answer of the API (application/problem+json), with its stable `code`; `problem`
    is the whole document (`currentVersion` on a 409, `retryAfter` on 429/503/507)."""

    def __init__(self, problem: Problem, retry_after: float = 0) -> None:
        super().__init__(problem["status"], problem["code"], problem["detail"])
        self.problem = problem
        self.retry_after = retry_after


class NotTheApi(ApiError):
    """An answer the API never gives: `code` is always `NOT_THE_API`, `content_type` what came,
    `detail` says what was expected and starts the body."""

    CODE = "NOT_THE_API"

    def __init__(self, status: int, content_type: str, expected: str, body: bytes) -> None:
        start = body[:200].decode("utf-8", "replace").strip()
        shown = f"{content_type or 'no content type'}, " + (f"starting {start!r}" if start else "an empty body")
        super().__init__(status, self.CODE, f"expected {expected}, got {shown}: is this the Carcassonne API's address?")
        self.content_type = content_type
