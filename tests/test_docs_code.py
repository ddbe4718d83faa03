"""Every code block of README.md and docs/ runs as written, so the docs cannot rot.

Blocks are found by their fence, in README.md, ``docs/*.md`` and ``docs/rulesets/*.md``:

- ``python``: executed as is, in a fresh folder beside a link to ``examples/``;
- ``yaml``: validated as a scenario of the ruleset it names (a block showing one combatant,
  a file's format, is validated against a copy of that combatant);
- ``sh``: each ``fracas ...`` line (continuations joined, ``# comments`` dropped) is run
  through the CLI and must exit 0; other lines (``make``, ``dask``, ``git``, ``python
  bench/...``) are not fracas's commands and are left to their own tests or to a person;
- a plain fence whose lines start with ``$ fracas``: each command is run, and each line shown
  after it must appear, in order, in what the command prints (``...`` stands for anything).

Not run, and why (each also named in the test's skip reason):

- a block preceded by ``<!-- doc-test: skip (REASON) -->``: the README's tour (run in order by
  ``tests/cli/test_readme.py``) and a protocol sketch in docs/analysis.md;
- ``fracas serve`` without ``--check`` or ``--revoke-gm`` (it starts a server and waits) and
  any command with ``--scheduler`` (it needs a Dask cluster).

The example outputs of docs/analysis.md are held to the byte by ``tests/sim/test_docs_outputs.py``.
"""

from __future__ import annotations

import copy
import re
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from fracas.cli import main
from fracas.scenario import parse_scenario

ROOT = Path(__file__).parents[1]
DOCS = [
    ROOT / "README.md",
    *sorted((ROOT / "docs").glob("*.md")),
    *sorted((ROOT / "docs" / "rulesets").glob("*.md")),
]
FENCE = re.compile(r"^(?P<indent>\s*)```(?P<lang>\S*)\s*$")
SKIP = re.compile(r"^<!-- doc-test: skip \((?P<why>.+)\) -->$")
#: what a command line needs that a test does not have
NEEDS = {
    "--scheduler": "needs a Dask cluster",
}


@dataclass(frozen=True)
class Block:
    path: Path
    line: int
    lang: str
    body: str
    skip: str | None

    @property
    def name(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def blocks() -> list[Block]:
    found: list[Block] = []
    for path in DOCS:
        lines = path.read_text(encoding="utf-8").splitlines()
        i = 0
        while i < len(lines):
            fence = FENCE.match(lines[i])
            if fence is None:
                i += 1
                continue
            start, body = i, []
            i += 1
            while not lines[i].strip().startswith("```"):
                body.append(lines[i].removeprefix(fence["indent"]))
                i += 1
            before = next((lines[j] for j in range(start - 1, -1, -1) if lines[j].strip()), "")
            marker = SKIP.match(before.strip())
            found.append(
                Block(
                    path,
                    start + 1,
                    fence["lang"],
                    "\n".join(body) + "\n",
                    marker["why"] if marker else None,
                )
            )
            i += 1
    return found


def _of(lang: str) -> list[Any]:
    return [
        pytest.param(b, id=b.name, marks=[pytest.mark.skip(reason=b.skip)] if b.skip else [])
        for b in blocks()
        if b.lang == lang
    ]


def _session_blocks() -> list[Any]:
    return [
        pytest.param(b, id=b.name)
        for b in blocks()
        if b.lang == "" and any(line.startswith("$ fracas ") for line in b.body.splitlines())
    ]


@pytest.fixture
def in_fresh_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh working folder that sees the repository's examples (and bench/, for paths)."""
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def fracas(line: str) -> str:
    """Run one ``fracas ...`` command line through the CLI; its standard output."""
    words = shlex.split(line)
    assert words[0] == "fracas", line
    result = CliRunner().invoke(main, words[1:])
    assert result.exit_code == 0, f"`{line}` exited {result.exit_code}:\n{result.stderr}"
    return result.stdout


def commands(body: str) -> list[str]:
    """The command lines of a shell block: continuations joined, comments dropped."""
    joined = body.replace("\\\n", " ")
    out = []
    for line in joined.splitlines():
        command = re.split(r"\s+#", line, maxsplit=1)[0].strip()
        if command and not command.startswith("#"):
            out.append(command)
    return out


def why_not_run(command: str) -> str | None:
    words = command.split()
    if words[0] != "fracas":
        return f"not a fracas command ({words[0]})"
    if words[1:2] == ["serve"] and not {"--check", "--revoke-gm"} & set(words):
        return "starts a server and waits"
    return next((why for flag, why in NEEDS.items() if flag in words), None)


def test_the_docs_have_blocks_of_each_kind() -> None:
    kinds = {b.lang for b in blocks()}
    assert {"python", "sh", "yaml"} <= kinds
    assert len(_session_blocks()) >= 4


@pytest.mark.parametrize("block", _of("python"))
def test_each_python_block_runs(block: Block, in_fresh_folder: Path) -> None:
    code = compile(block.body, block.name, "exec")
    exec(code, {"__name__": "__doc_block__"})


@pytest.mark.parametrize("block", _of("yaml"))
def test_each_yaml_block_is_a_valid_scenario(block: Block) -> None:
    data = yaml.safe_load(block.body)
    if len(data["combatants"]) == 1:  # one combatant shown: a file's format
        other = copy.deepcopy(data["combatants"][0])
        other.update(name="A copy", side="copies")
        data["combatants"].append(other)
    parse_scenario(data, block.name)


@pytest.mark.parametrize("block", _of("sh"))
def test_each_fracas_command_in_a_shell_block_runs(block: Block, in_fresh_folder: Path) -> None:
    ran = 0
    for command in commands(block.body):
        if why_not_run(command) is None:
            fracas(command)
            ran += 1
    if ran == 0:
        pytest.skip("no fracas command that a test can run here")


def _shown(pattern: str) -> re.Pattern[str]:
    """A shown output line as a pattern: ``...`` stands for anything."""
    return re.compile(".*".join(re.escape(part) for part in pattern.rstrip().split("...")))


@pytest.mark.parametrize("block", _session_blocks())
def test_each_shown_session_prints_what_it_shows(block: Block, in_fresh_folder: Path) -> None:
    """``$ fracas ...`` then what it prints: each shown line is in the output, in order."""
    command: str | None = None
    shown: list[str] = []

    def check() -> None:
        if command is None:
            return
        printed = fracas(command).splitlines()
        at = 0
        for want in shown:
            if not want.strip() or want.strip() == "...":
                continue
            pattern = _shown(want)
            while at < len(printed) and not pattern.fullmatch(printed[at].rstrip()):
                at += 1
            assert at < len(printed), f"`{command}` no longer prints {want!r}"
            at += 1

    for line in block.body.splitlines():
        if line.startswith("$ "):
            check()
            command, shown = commands(line[2:])[0], []
        else:
            shown.append(line)
    check()


def _anchors(path: Path) -> set[str]:
    """The anchors of a page's headings, as GitHub makes them (lower case, punctuation but
    ``-`` dropped, spaces to ``-``)."""
    out = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"^#+ (.*)", line)
        if heading:
            out.add(re.sub(r"[^\w\- ]", "", heading[1].strip().lower()).replace(" ", "-"))
    return out


@pytest.mark.parametrize("page", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_each_link_between_the_pages_leads_somewhere(page: Path) -> None:
    broken = []
    for link in re.findall(r"\]\(([^)\s]+)\)", page.read_text(encoding="utf-8")):
        if link.startswith(("http://", "https://", "mailto:")):
            continue
        path, _, anchor = link.partition("#")
        target = (page.parent / path).resolve() if path else page
        if not target.exists():
            broken.append(f"{link}: no such file")
        elif anchor and target.suffix == ".md" and anchor not in _anchors(target):
            broken.append(f"{link}: no such heading")
    assert broken == []


def _is_dice(word: str) -> bool:
    from fracas.dice import DiceError, parse

    try:
        parse(word)
    except DiceError:
        return False
    return True


def _mentioned_commands(text: str) -> list[str]:
    """Every ``fracas COMMAND ...`` the page names, in code spans and in code lines."""
    spans = re.findall(r"`(fracas [a-z][^`]*)`", text)
    lines = re.findall(r"^\s*(?:\$ )?(fracas [a-z].*)$", text.replace("\\\n", " "), re.M)
    return [re.split(r"\s+#", command, maxsplit=1)[0].strip() for command in spans + lines]


@pytest.mark.parametrize("page", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_each_command_the_pages_name_has_those_options_and_files(page: Path) -> None:
    """Commands in prose are not run, but their command, flags and example files exist."""
    import click

    context = click.Context(main)
    wrong = []
    for command in _mentioned_commands(page.read_text(encoding="utf-8")):
        try:
            words = shlex.split(command)
        except ValueError:  # a span cut inside quotes: its words are still words
            words = command.split()
        sub = main.get_command(context, words[1]) if isinstance(main, click.Group) else None
        if sub is None:
            continue  # prose that begins "fracas is ...", not a command
        flags = {opt for param in sub.params for opt in (*param.opts, *param.secondary_opts)}
        for word in words[2:]:
            flag = word.split("=", 1)[0]
            if (
                re.fullmatch(r"--?[a-zA-Z][\w-]*", flag)
                and flag not in flags | {"--help"}
                and not _is_dice(word)  # fracas roll -D4: a negative die, not a flag
            ):
                wrong.append(f"{command}: {words[1]} has no {flag}")
            if word.startswith("examples/") and "<" not in word and not (ROOT / word).exists():
                wrong.append(f"{command}: no file {word}")
    assert wrong == []
