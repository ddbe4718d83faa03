"""Start a real ``fracas serve`` on 127.0.0.1 as a subprocess, and talk to it over HTTP."""

from __future__ import annotations

import contextlib
import os
import re
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

ROOT = Path(__file__).parents[2]
#: how long a server may take to start and answer (a loaded machine imports slowly)
STARTUP_SECONDS = 60
#: how long one request may take (a bound, not a measure: a fight's first page imports its
#: ruleset and starts the odds worker, which on a loaded CI machine takes well over 10 s)
REQUEST_SECONDS = 60


@dataclass
class Server:
    proc: subprocess.Popen[str]
    url: str
    gm_token: str

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])

    def kill(self) -> None:
        self.proc.kill()  # SIGKILL: no chance to flush or clean up
        self.proc.wait(5)


class Relay:
    """A port this test holds from start to end, relaying each connection to a server's port
    (:attr:`target`, changed when a server is started again). A restart test's browser opens
    the relay's address: a server started again listens on a free port of its own (retried
    if another process took it, as :func:`start` does), while the page keeps its address, and
    no other process can take that address meanwhile, since the test holds it."""

    def __init__(self, target: int = 0) -> None:
        self.target = target
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self._listener.getsockname()[1]}"
        self._open: set[socket.socket] = set()
        self._guard = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:  # closed
                return
            try:
                upstream = socket.create_connection(("127.0.0.1", self.target), timeout=5)
            except OSError:  # no server there (yet): the page sees a dropped connection
                client.close()
                continue
            upstream.settimeout(None)
            with self._guard:
                self._open |= {client, upstream}
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        for end in (source, sink):  # one side gone (a server killed): close both
            self._drop(end)

    def _drop(self, end: socket.socket) -> None:
        with self._guard:
            self._open.discard(end)
        with contextlib.suppress(OSError):
            end.shutdown(socket.SHUT_RDWR)
        end.close()

    def close(self) -> None:
        self._listener.close()
        with self._guard:
            ends = list(self._open)
        for end in ends:
            self._drop(end)


def start(db: Path, toy: bool = False, seed: int | None = None) -> Server:
    """A server on a free port: ``fracas serve --port 0`` binds one and prints it, so no
    other process can take it between choosing and listening. The server is still asked for
    its own login link (no other server knows it) and, if it did not come up, started again
    (at most five times). A test that starts a server again for the same open page gives the
    page a :class:`Relay`'s address."""
    tries = 5
    for _ in range(tries):
        server = _start_once(db, toy, seed)
        if server is not None:
            return server
    raise RuntimeError(f"fracas serve did not answer (tried {tries} times)")


def _start_once(db: Path, toy: bool, seed: int | None) -> Server | None:
    args = ["--db", str(db), "--port", "0", "--scenarios", str(db.parent)]
    args += ["--scenarios", str(ROOT / "examples")]
    if seed is not None:
        args += ["--seed", str(seed)]
    if toy:
        command = [sys.executable, str(ROOT / "tests/web/serve_toy.py"), *args]
    else:
        command = [sys.executable, "-c", "from fracas.cli import main; main()", "serve", *args]
    # this tree's own package first (not an installed copy of another checkout), then its tests
    path = os.pathsep.join([str(ROOT / "src"), str(ROOT)])
    env = {**os.environ, "PYTHONPATH": path, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=ROOT, env=env)
    assert proc.stdout is not None
    url = token = ""
    deadline = time.monotonic() + STARTUP_SECONDS
    while not token and time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:  # it could not listen: try again
            proc.wait(5)
            return None
        found = re.search(r"GM: (http://\S+)/login\?token=(\S+)", line)
        if found:
            url, token = found.group(1), found.group(2)
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            # only this server knows its login link: another one on the port refuses it
            answer = httpx.get(f"{url}/login?token={token}", timeout=2, follow_redirects=False)
        except httpx.HTTPError:
            time.sleep(0.05)
            continue
        if answer.status_code == 303 and proc.poll() is None:
            return Server(proc, url, token)
        break
    Server(proc, url, token).stop()
    if time.monotonic() >= deadline:
        raise RuntimeError("fracas serve did not answer")
    return None


class Browserless:
    """A GM (or player) over plain HTTP: cookies, the page's CSRF token, and form posts."""

    def __init__(self, url: str) -> None:
        self.client = httpx.Client(base_url=url, timeout=REQUEST_SECONDS, follow_redirects=True)
        self.csrf = ""

    def get(self, path: str) -> httpx.Response:
        response = self.client.get(path)
        found = re.search(r'"X-CSRF-Token": "([0-9a-f]+)"', response.text)
        if found:
            self.csrf = found.group(1)
        return response

    def post(self, path: str, data: dict[str, object]) -> httpx.Response:
        return self.client.post(
            path,
            data=data,  # type: ignore[arg-type]
            headers={"X-CSRF-Token": self.csrf, "HX-Request": "true"},
        )

    def create(self, scenario: Path) -> int:
        response = self.client.post(
            "/encounters", data={"csrf": self.csrf, "path": str(scenario)}, follow_redirects=False
        )
        assert response.status_code == 303, response.text
        eid = int(response.headers["location"].rsplit("/", 1)[1])
        self.get(f"/e/{eid}")
        return eid

    def close(self) -> None:
        self.client.close()


def length_of(html: str) -> int:
    found = re.search(r'data-length="(\d+)"', html)
    assert found, html[:300]
    return int(found.group(1))
