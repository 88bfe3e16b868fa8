"""Verifying a webhook delivery (docs/webhooks.md, "Verifying the signature").

`Carcassonne-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed by the
webhook's secret. The timestamp is signed with the body, so a delivery replayed later fails.
"""
from __future__ import annotations

import hashlib
import hmac
import time

SIGNATURE_HEADER = "Carcassonne-Signature"
DELIVERY_HEADER = "Carcassonne-Delivery"


def sign(secret: str, timestamp: int, raw_body: bytes) -> str:
    """The `Carcassonne-Signature` the server sends with `raw_body` at `timestamp` (for tests of a receiver)."""
    return f"t={timestamp},v1={_digest(secret, timestamp, raw_body)}"


def verify(secret: str, header: str, raw_body: bytes, tolerance_seconds: float = 300, now: float | None = None) -> bool:
    """True when `header` (the `Carcassonne-Signature` value) signs `raw_body` (the bytes as
    received, before any JSON parsing) with `secret`, sent within `tolerance_seconds` of `now`
    (default: this machine's clock)."""
    parts = dict(p.split("=", 1) for p in header.split(",") if "=" in p)
    try:
        sent = int(parts["t"])
    except (KeyError, ValueError):
        return False
    given = parts.get("v1")
    if given is None or abs((time.time() if now is None else now) - sent) > tolerance_seconds:
        return False
    return hmac.compare_digest(_digest(secret, sent, raw_body).encode(), given.lower().encode("utf-8"))


def _digest(secret: str, timestamp: int, raw_body: bytes) -> str:
    return hmac.new(secret.encode("utf-8"), f"{timestamp}.".encode() + raw_body, hashlib.sha256).hexdigest()
