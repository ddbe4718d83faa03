"""Event logs as JSON lines: one event a line, tagged with its class name."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Union

import msgspec

from fracas.engine.errors import InconsistentLog
from fracas.engine.events import ENGINE_EVENTS, Event

_encoder = msgspec.json.Encoder()


def encode_event(event: Event[Any]) -> bytes:
    """One event as a JSON line (no newline). Field order is fixed, so output is stable."""
    return _encoder.encode(event)


def encode_log(events: Iterable[Event[Any]]) -> bytes:
    """A whole log as JSON lines, each ending in a newline."""
    return b"".join(_encoder.encode(e) + b"\n" for e in events)


class LogDecoder:
    """Decodes JSON lines into the events of one ruleset (plus the engine's own)."""

    def __init__(self, ruleset_events: Sequence[type[Event[Any]]]) -> None:
        types = tuple(dict.fromkeys((*ENGINE_EVENTS, *ruleset_events)))
        union: Any = Union[types]  # noqa: UP007 (a union built at run time)
        self._decoder = msgspec.json.Decoder(union)

    def decode_line(self, line: bytes | str, lineno: int = 0) -> Event[Any]:
        try:
            event: Event[Any] = self._decoder.decode(line)
        except msgspec.DecodeError as exc:
            raise InconsistentLog(
                f"line {lineno}: not an event of this log's ruleset, or damaged ({exc})"
            ) from None
        return event

    def decode(self, data: bytes | str) -> list[Event[Any]]:
        text = data.decode() if isinstance(data, bytes) else data
        text = text.lstrip("\ufeff")  # a byte-order mark some editors add
        return [
            self.decode_line(line, n)
            for n, line in enumerate(_lines(text), start=1)
            if line.strip()
        ]


def _lines(text: str) -> list[str]:
    """The JSON lines of ``text``, split on line feeds only (a carriage return before one
    is dropped): ``str.splitlines`` would also split on U+2028, U+2029, U+0085 and others,
    which JSON keeps unescaped inside strings."""
    return [line.removesuffix("\r") for line in text.split("\n")]


def peek_ruleset(data: bytes | str) -> str:
    """The ruleset named by a log's first line (an ``EncounterStarted`` event)."""
    text = data.decode() if isinstance(data, bytes) else data
    first = next((line for line in _lines(text.lstrip("\ufeff")) if line.strip()), "")
    if not first:
        raise InconsistentLog("the log is empty")
    try:
        head = msgspec.json.decode(first)
    except msgspec.DecodeError as exc:
        raise InconsistentLog(f"line 1: not JSON: {exc}") from None
    if not isinstance(head, dict) or head.get("type") != "EncounterStarted":
        raise InconsistentLog("line 1: a log must start with an EncounterStarted event")
    name = head.get("ruleset")
    if not isinstance(name, str):
        raise InconsistentLog("line 1: EncounterStarted has no ruleset name")
    return name
