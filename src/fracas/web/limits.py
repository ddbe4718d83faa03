"""The largest body each request may send, refused early.

A request that declares a larger body (``Content-Length``) is answered 413 before a byte of
it is read, and the connection is closed; one that does not declare it (chunked) is counted
as it streams in and refused the moment it passes its limit. The limits, in bytes:
:data:`IMPORT_LIMIT` for a log imported (``/encounters/import``), :data:`SCENARIO_LIMIT`
for a scenario or the builder's form (``/encounters``, ``/encounters/build``), and
:data:`FORM_LIMIT` for every other request (an action, an override, a die typed in).
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: a log to import: the tracker reads up to 20 MB of it, plus the form around it
IMPORT_LIMIT = 21 * 1024 * 1024
#: a scenario file (2 MB) or the builder's form (60 combatants of 20,000 characters)
SCENARIO_LIMIT = 3 * 1024 * 1024
#: any other form: an action, an override (a new combatant's entry is 20,000 characters)
FORM_LIMIT = 256 * 1024

_LIMITS = {
    "/encounters/import": IMPORT_LIMIT,
    "/encounters": SCENARIO_LIMIT,
    "/encounters/build": SCENARIO_LIMIT,
}


def limit_of(path: str) -> int:
    """The largest body a request to ``path`` may send."""
    return _LIMITS.get(path.rstrip("/") or "/", FORM_LIMIT)


class _TooLarge(BaseException):
    """Raised from ``receive`` past the limit: a BaseException, so that no handler's
    ``except Exception`` (a form that cannot be read) takes it for bad input."""


class BodyLimit:
    """Refuse a body larger than its path's limit (413), as early as possible."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = limit_of(scope["path"])
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None:
            try:
                too_large = int(declared) > limit
            except ValueError:
                too_large = False  # the server itself refuses a malformed length
            if too_large:
                await _refuse(send, limit)
                return
        received = 0
        started = False

        async def counted() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise _TooLarge()
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except _TooLarge:
            if not started:
                await _refuse(send, limit)


async def _refuse(send: Send, limit: int) -> None:
    body = (f"the request is larger than the {limit // 1024} KB this address accepts\n").encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", b"text/plain; charset=utf-8"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
