"""YAML as every input fracas is given is read: strict, bounded, and fast.

Scenario files, ``-o NAME=VALUE`` and ``--vary`` values, and the web tracker's uploads and
builder fields are all read by :func:`load_yaml`:

- libyaml's C parser where PyYAML has it (``yaml.CSafeLoader``), the pure-Python one else;
  the nodes are composed by a counting composer (below), then built by the safe constructor;
- a key given twice in one mapping is an error naming both lines (PyYAML keeps the last);
- numbers are read as YAML 1.2 writes them: ``12``, ``-3``, ``2.5``, ``.5``, and nothing
  else: ``5_000``, ``1:30``, ``010``, ``0x1F`` or ``1e3`` stay text (YAML 1.1 would read
  them as numbers), so a field that wants a number reports them instead of guessing;
- limits, each refused as soon as it is passed (while the text is read, before any value is
  built), with the line, the column and the field where it was passed:

  - at most :data:`MAX_YAML_CHARS` characters of text;
  - at most :data:`MAX_NODES` values (every scalar, list and mapping, keys included, and
    what each alias stands for counted as if written out);
  - aliases (``*name``) that stand for at most :data:`MAX_ALIAS_NODES` values in all, and
    never for a list or mapping they are inside of (a recursive alias: its data would never
    end); a "billion laughs" of a few hundred bytes is refused after reading those bytes;
  - nesting at most :data:`MAX_DEPTH` deep (through aliases too; no ``RecursionError``).

So the data handed on has at most :data:`MAX_NODES` values and every check after it (names,
sides, the ruleset's models) is linear in the size of the text.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

import yaml
from yaml.composer import Composer, ComposerError
from yaml.events import (
    AliasEvent,
    MappingEndEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
)
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from fracas.engine.names import label_problem, label_problems

#: Deepest nesting of mappings and lists a scenario or an option value may have.
MAX_DEPTH = 64
#: Problems listed for one file before "and N more".
MAX_ERRORS = 20
#: Longest YAML text read (characters): the scenario files' 16 MB limit.
MAX_YAML_CHARS = 16 * 1024 * 1024
#: Most values (scalars, lists, mappings, keys included; aliases counted as written out) in
#: one text: the largest example scenario has 370, a thousand combatants about 40,000.
MAX_NODES = 100_000
#: Most values all the aliases of one text may stand for (a block of equipment shared by a
#: hundred combatants is a few thousand).
MAX_ALIAS_NODES = 10_000

_Base: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"


class YamlProblem(ValueError):
    """Text that is not YAML fracas reads: ``line L, column C: what is wrong``."""


#: PyYAML's composer (untyped: its parser's and resolver's methods come from the loader)
_Composer: Any = Composer


class _CountingComposer(_Composer):  # type: ignore[misc]
    """PyYAML's composer (over libyaml's parser where there is one) that checks the
    module's limits on values, aliases and depth at each event, so a text that passes one
    is refused at that point: no more of it is read and nothing of it is built."""

    anchors: dict[str, Node]

    def compose_document(self) -> Node:
        self._values = 0  # values so far, aliases counted as written out
        self._aliased = 0  # values the aliases stood for so far
        self._depth = 0  # depth of the node being composed (the root: 0)
        self._deepest = -1  # deepest list or mapping in the current subtree (-1: none)
        self._path: list[str | int] = []  # where the node being composed is
        self._open: set[int] = set()  # ids of the anchored lists and mappings being composed
        self._measured: dict[int, tuple[int, int]] = {}  # id -> (values, height) of an anchor
        node: Node = super().compose_document()
        self._measured.clear()
        return node

    def compose_node(self, parent: Node | None, index: Any) -> Node:
        if self.check_event(AliasEvent):
            return self._alias()
        event = self.peek_event()
        anchor = event.anchor
        if anchor is not None and anchor in self.anchors:
            raise ComposerError(
                f"found duplicate anchor {anchor!r}; first occurrence",
                self.anchors[anchor].start_mark,
                "second occurrence",
                event.start_mark,
            )
        collection = not self.check_event(ScalarEvent)
        if collection:
            self._reach(self._depth, event.start_mark)
        self._count(1, event.start_mark)
        values_before, deepest_before = self._values - 1, self._deepest
        self._deepest = self._depth if collection else -1
        self.descend_resolver(parent, index)
        if not collection:
            node: Node = self.compose_scalar_node(anchor)
        elif self.check_event(SequenceStartEvent):
            node = self._collection(SequenceNode, anchor)
        else:
            node = self._collection(MappingNode, anchor)
        self.ascend_resolver()
        if anchor is not None:
            height = self._deepest - self._depth if self._deepest >= 0 else -1
            self._measured[id(node)] = (self._values - values_before, height)
        self._deepest = max(deepest_before, self._deepest)
        return node

    def _alias(self) -> Node:
        event = self.get_event()
        anchor = event.anchor
        node = self.anchors.get(anchor)
        if node is None:
            raise ComposerError(None, None, f"found undefined alias {anchor!r}", event.start_mark)
        if id(node) in self._open:
            kind = "list" if isinstance(node, SequenceNode) else "mapping"
            self._refuse(
                event.start_mark,
                f"the alias *{anchor} is inside the {kind} it stands for "
                "(a recursive alias: its data would never end)",
            )
        values, height = self._measured[id(node)]
        self._aliased += values
        if self._aliased > MAX_ALIAS_NODES:
            self._refuse(
                event.start_mark,
                f"the aliases (here *{anchor}) stand for more than {MAX_ALIAS_NODES:,} "
                "values in all: write the data out, or share less of it",
            )
        self._count(values, event.start_mark)
        if height >= 0:
            self._reach(self._depth + height, event.start_mark)
        return node

    def _collection(self, kind: type[SequenceNode] | type[MappingNode], anchor: Any) -> Node:
        """A list or a mapping (PyYAML's ``compose_sequence_node``/``compose_mapping_node``,
        with the depth, the place and the open anchors kept)."""
        start = self.get_event()
        tag = start.tag
        if tag is None or tag == "!":
            tag = self.resolve(kind, None, start.implicit)
        node = kind(tag, [], start.start_mark, None, flow_style=start.flow_style)
        if anchor is not None:
            self.anchors[anchor] = node
            self._open.add(id(node))
        self._depth += 1
        if kind is SequenceNode:
            index = 0
            while not self.check_event(SequenceEndEvent):
                self._path.append(index)
                node.value.append(self.compose_node(node, index))
                self._path.pop()
                index += 1
        else:
            while not self.check_event(MappingEndEvent):
                self._path.append("?")
                key = self.compose_node(node, None)
                self._path[-1] = key.value if isinstance(key, ScalarNode) else "?"
                value = self.compose_node(node, key)
                self._path.pop()
                node.value.append((key, value))
        self._depth -= 1
        self._open.discard(id(node))
        node.end_mark = self.get_event().end_mark
        return node

    def _count(self, values: int, mark: Any) -> None:
        self._values += values
        if self._values > MAX_NODES:
            self._refuse(mark, f"more than {MAX_NODES:,} values (is this the right file?)")

    def _reach(self, depth: int, mark: Any) -> None:
        """A list or mapping at ``depth`` (the root: 0)."""
        if depth >= MAX_DEPTH:
            self._refuse(mark, f"nested more than {MAX_DEPTH} levels deep")
        self._deepest = max(self._deepest, depth)

    def _refuse(self, mark: Any, problem: str) -> None:
        where = f"line {mark.line + 1}, column {mark.column + 1}"
        field = _field(self._path)
        raise YamlProblem(f"{where}, in {field}: {problem}" if field else f"{where}: {problem}")


def _field(path: list[str | int]) -> str:
    """``["combatants", 0, "weapons"]`` -> ``combatants[0].weapons``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            text = part if len(part) <= 40 else part[:40] + "..."
            out += f".{text}" if out else text
    return out if len(out) <= 80 else out[:40] + "..." + out[-37:]


class StrictLoader(_CountingComposer, _Base):  # type: ignore[misc]
    """The safe loader, with the counting composer, duplicate keys refused and YAML 1.2
    numbers."""

    yaml_implicit_resolvers: ClassVar[dict[str | None, list[tuple[str, re.Pattern[str]]]]] = {
        first: [(tag, rx) for tag, rx in resolvers if tag not in (_INT, _FLOAT)]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }

    def __init__(self, stream: str) -> None:
        _Base.__init__(self, stream)
        Composer.__init__(self)

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        seen: dict[Any, int] = {}
        for key_node, _value in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue
            key = self.construct_object(key_node, deep=True)
            line = key_node.start_mark.line + 1
            try:
                first = seen.get(key)
            except TypeError:
                continue  # an unhashable key: the base class reports it
            if first is not None:
                raise YamlProblem(
                    f"line {line}: duplicate key {key!r} (first given at line {first})"
                )
            seen[key] = line
        return super().construct_mapping(node, deep)


_INT_RX = re.compile(r"^[-+]?(0|[1-9][0-9]*)$")
_FLOAT_RX = re.compile(r"^([-+]?([0-9]+\.[0-9]*|\.[0-9]+)|[-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN))$")
StrictLoader.add_implicit_resolver(_INT, _INT_RX, list("-+0123456789"))
StrictLoader.add_implicit_resolver(_FLOAT, _FLOAT_RX, list("-+0123456789."))


def load_yaml(text: str) -> Any:
    """The data in ``text``; :class:`YamlProblem` for anything fracas does not read (see the
    module's limits: each problem names the line, the column and, where it can, the field)."""
    if len(text) > MAX_YAML_CHARS:
        raise YamlProblem(
            f"{len(text):,} characters of YAML, more than the {MAX_YAML_CHARS // 2**20} MB limit"
        )
    loader = StrictLoader(text)
    try:
        return loader.get_single_data()
    except yaml.YAMLError as exc:
        raise YamlProblem(_yaml_problem(exc)) from None
    except RecursionError:
        raise YamlProblem(f"nested more than {MAX_DEPTH} levels deep") from None
    finally:
        loader.dispose()


def _yaml_problem(exc: yaml.YAMLError) -> str:
    """``line 3, column 1: not valid YAML: expected ',' or ']'`` (no library internals)."""
    mark = getattr(exc, "problem_mark", None)
    where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
    problem = getattr(exc, "problem", None) or str(exc)
    if "nesting depth" in problem:
        problem = f"nested more than {MAX_DEPTH} levels deep"
        return f"{where}{problem}"
    return f"{where}not valid YAML: {problem}"


def check_names(data: Any) -> list[str]:
    """Problems with the ``name`` and ``side`` fields anywhere in ``data``
    (:func:`fracas.engine.names.label_problems`)."""
    return label_problems(data)


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a combatant (or anything), or ``None`` if it can."""
    return label_problem(name, "name")
