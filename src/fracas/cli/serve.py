"""``fracas serve``: the live web tracker for the GM and the players."""

from __future__ import annotations

import ipaddress
import socket
from pathlib import Path

import click

from fracas.cli.errors import reported_errors
from fracas.engine.errors import FracasError


def default_db() -> Path:
    """The tracker's SQLite file in the user's data directory."""
    import platformdirs

    return Path(platformdirs.user_data_dir("fracas", appauthor=False)) / "tracker.db"


def lan_address() -> str | None:
    """This computer's address on its local network (best effort: the address of the
    interface that routes outwards; nothing is sent), or None."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))
            address: str = probe.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") else address


def _listen(host: str, port: int) -> socket.socket:
    """The server's listening socket, bound now (so the port printed is the one served, and
    ``--port 0`` names the free port the system chose); refused, with a message, if the
    server could not listen there."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise FracasError(
            f"--port {port}: cannot listen on {host}: {exc.strerror} (--port 0 picks a free port)"
        ) from None
    return sock


@click.command()
@click.option(
    "--db",
    type=click.Path(dir_okay=False),
    default=None,
    help="SQLite file (default: tracker.db in your data directory).",
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on (0.0.0.0: every network interface, for players).",
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8000,
    show_default=True,
    help="Port to listen on (0: a free one, named in the printed link).",
)
@click.option("--seed", type=int, default=None, help="Seed for the engine's dice (repeatable).")
@click.option(
    "--scenarios",
    "scenario_dirs",
    multiple=True,
    type=click.Path(file_okay=False),
    help="A folder the GM's page may read scenario files from by path (repeatable; "
    "default: the current folder).",
)
@click.option(
    "--session-days",
    type=click.FloatRange(min=0, min_open=True),
    default=7,
    show_default=True,
    help="How long a GM's login lasts before the login link is needed again.",
)
@click.option(
    "--check", is_flag=True, help="Open the database, check the options, and exit (no link)."
)
@click.option(
    "--revoke-gm",
    is_flag=True,
    help="End every GM login and login link of the database (a running server too), and exit.",
)
def serve(
    db: str | None,
    host: str,
    port: int,
    seed: int | None,
    scenario_dirs: tuple[str, ...],
    session_days: float,
    check: bool,
    revoke_gm: bool,
) -> None:
    """Run the live tracker: the GM's page and the players' pages, in your browser.

    Each start prints a login link for the GM: it works for 15 minutes (the next start
    replaces it), and opening it logs that browser in for --session-days."""
    with reported_errors():
        try:
            ipaddress.ip_address(host)
        except ValueError:
            if host != "localhost":
                raise FracasError(f"--host {host!r}: not an IP address (or localhost)") from None
        if db:  # like ``fight --db``: a folder that is not there is a typo, not made
            path = Path(db)
            if not path.parent.is_dir():
                raise FracasError(f"--db {db}: no folder {str(path.parent)!r}")
        else:  # the default location in the user's data directory is made on first use
            path = default_db()
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                msg = f"{path.parent}: cannot create the folder: {exc.strerror}"
                raise FracasError(msg) from None
        if revoke_gm:
            from fracas.store import SqliteStore
            from fracas.web.access import Access

            SqliteStore(path).close()  # refuses a file that is not a fracas store
            access = Access(path)
            ended = access.revoke_gm()
            access.close()
            click.echo(f"fracas tracker: {path}: {ended} GM login(s) and link(s) ended")
            return
        for folder in scenario_dirs:
            if not Path(folder).is_dir():
                raise FracasError(f"--scenarios {folder}: no such folder")
        with _listen(host, port) as sock:  # closed on the way out, whatever happens
            port = sock.getsockname()[1]
            from fracas.web import create_app
            from fracas.web.access import LOGIN_MINUTES

            everywhere = host in ("0.0.0.0", "::")
            lan = lan_address() if everywhere else None
            public = f"http://{lan}:{port}" if lan else None
            app = create_app(
                path,
                seed,
                public,
                [Path(d) for d in scenario_dirs] or None,
                session_days=session_days,
                login_link=not check,
            )
            shown = "127.0.0.1" if everywhere else host
            click.echo(f"fracas tracker: {path}")
            if check:
                click.echo("GM: a login link is printed when the server starts")
            else:
                url = f"http://{shown}:{port}/login?token={app.state.gm_token}"
                click.echo(f"GM: {url} (works for {LOGIN_MINUTES} minutes)")
            if public:
                click.echo(f"players on your network: the GM's join links point to {public}")
            elif everywhere:
                click.echo("players on your network: use this computer's address in join links")
            if check:
                app.state.tracker.close()
                return
            import uvicorn

            config = uvicorn.Config(
                app,
                host=host,
                port=port,
                log_level="warning",
                access_log=False,
                timeout_graceful_shutdown=1,
            )
            uvicorn.Server(config).run(sockets=[sock])
