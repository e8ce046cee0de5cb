"""The data files' keys, and the error each bad value gets, as the loader checks them.

The loader has no declarative schema: each parser in :mod:`rules.data.parse` reads its
tables through the checked accessors of :class:`rules.data.fields.Table` (``text``,
``integer`` with its range, ``choice`` with its names, ``only`` with the keys a table
may hold…). So the schema is read off the loader itself, in two passes:

1. every game Stavka ships and every test game is loaded with those accessors recorded:
   which file, which table (``[[unit.steps]]``), which key, read how, with what range,
   default or names;
2. for each key, the smallest game that reads it is loaded again with one bad value put
   in its place (a number for a text, a value past the range, a name no one defined, a
   required key taken out), and the loader's own one-line error is what the reference
   shows.

A key only some game reaches is listed; one no game reaches is not, so the reference
says what the loader does with real data. The guide's "Data files" page is this module's
Markdown, made at every build of the site (``scripts/mkdocs_hooks.py``), so it cannot
drift from the loader. Run it alone to print the page:

    .venv/bin/python scripts/data_keys.py
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any
from unittest.mock import patch

from rules.data import fields
from rules.data import parse as data_parse
from rules.data.fields import PROVENANCE_KEYS, Table
from rules.data.layout import GAME_FILES, GENERATED_MAP_FILE
from rules.data.loader import games_directory, shipped_games
from rules.data.source import KeyPath, TomlSource
from rules.errors import StavkaError

ROOT = Path(__file__).resolve().parents[1]
TEST_GAMES = ROOT / "tests" / "kit"
FILE_ORDER = (*GAME_FILES, GENERATED_MAP_FILE)
ACCESSORS = (
    "text",
    "integer",
    "number",
    "boolean",
    "choice",
    "text_list",
    "integer_list",
    "table",
    "tables",
)
"""The accessors that read one key's value (``optional_text`` and ``optional_table`` call
``text`` and ``table``; ``choice`` calls ``text`` and is the more exact of the two)."""
OPTIONAL = {"optional_text": "text", "optional_table": "table"}
"""Accessors of a key that may be left out, and the accessor each reads it with."""
MOST_EXACT = {name: rank for rank, name in enumerate(reversed(ACCESSORS))}
SHOWN_NAMES = 12
"""A choice lists its names when there are at most this many, as the loader's error does."""


@dataclass
class Reading:
    """How the loader read one key of one table: by which accessor, with what bounds."""

    accessor: str
    required: bool
    default: Any = None
    minimum: Any = None
    maximum: Any = None
    what: str = ""
    names: frozenset[str] = frozenset()


@dataclass
class Key:
    """A key of a table, as the games read it: its readings and one game to break it in."""

    name: str
    readings: list[Reading] = field(default_factory=list)
    names_seen: set[frozenset[str]] = field(default_factory=set)
    witness: tuple[Path, str, KeyPath] | None = None
    error: str = ""


@dataclass
class TableKeys:
    """The keys one table of one file may hold (``only``) and those the loader reads."""

    allowed: set[str] = field(default_factory=set)
    keys: dict[str, Key] = field(default_factory=dict)


NAME = "NAME"
"""A key the game names itself (a movement class, a terrain, a corner): such tables are read
with ``items``, and their keys are shown once, as this."""


def display_path(path: KeyPath, free: set[tuple[str, ...]]) -> tuple[str, ...]:
    """``path`` with array indices as ``[]`` and the keys of tables read with ``items``
    (``free``, by display path) as :data:`NAME`."""
    shown: tuple[str, ...] = ()
    for part in path:
        if isinstance(part, int):
            shown += ("[]",)
        else:
            shown += (NAME if shown in free else part,)
    return shown


def table_name(path: tuple[str, ...]) -> str:
    """``('unit', '[]', 'steps', '[]')`` → ``[[unit.steps]]``; ``('terrain', '[]',
    'movement')`` → ``[[terrain]].movement``; the root is the file's top level."""
    if not path:
        return "top level"
    if "[]" not in path:
        return f"[{'.'.join(path)}]"
    last = len(path) - 1 - path[::-1].index("[]")
    arrays = ".".join(part for part in path[:last] if part != "[]")
    rest = ".".join(part for part in path[last + 1 :] if part != "[]")
    return f"[[{arrays}]]" + (f".{rest}" if rest else "")


def game_folders() -> list[Path]:
    """The shipped games and the test games, the smallest data first."""
    folders = [games_directory() / name for name in shipped_games()]
    folders += sorted(path.parent for path in TEST_GAMES.glob("*/game.toml"))

    def size(folder: Path) -> int:
        return sum(path.stat().st_size for path in folder.glob("*.toml"))

    return sorted(folders, key=size)


@contextmanager
def recorded(
    schema: dict[str, dict[str, TableKeys]],
    free: dict[str, set[tuple[str, ...]]],
    folder: Path,
) -> Iterator[None]:
    """Record into ``schema`` (file → table → keys) every key the loader reads meanwhile,
    and into ``free`` (file → tables) the tables whose keys the game names itself."""
    originals = {name: getattr(Table, name) for name in (*ACCESSORS, *OPTIONAL, "only", "items")}
    depth = [0]

    def shown(table: Table) -> tuple[str, ...]:
        return display_path(table.path, free.setdefault(table.source.path.name, set()))

    def keys_of(table: Table) -> TableKeys:
        tables = schema.setdefault(table.source.path.name, {})
        return tables.setdefault(table_name(shown(table)), TableKeys())

    def note(table: Table, key: str, reading: Reading) -> None:
        if key in PROVENANCE_KEYS:
            return
        named = NAME if shown(table) in free[table.source.path.name] else key
        entry = keys_of(table).keys.setdefault(named, Key(named))
        entry.readings.append(reading)
        if reading.accessor == "choice":
            entry.names_seen.add(reading.names)
        if entry.witness is None:
            entry.witness = (folder, table.source.path.name, table.path + (key,))

    def wrap(name: str) -> Callable[..., Any]:
        original = originals[name]

        def recording(self: Table, *args: Any, **kwargs: Any) -> Any:
            outermost = depth[0] == 0
            depth[0] += 1
            try:
                if name == "only":
                    keys_of(self).allowed.update(args)
                elif name == "items":
                    free.setdefault(self.source.path.name, set()).add(shown(self))
                elif outermost and name in OPTIONAL:
                    note(self, args[0], Reading(OPTIONAL[name], required=False))
                elif outermost:
                    note(self, args[0], reading_of(name, args, kwargs))
                return original(self, *args, **kwargs)
            finally:
                depth[0] -= 1

        return recording

    try:
        for name in originals:
            setattr(Table, name, wrap(name))
        yield
    finally:
        for name, original in originals.items():
            setattr(Table, name, original)


def reading_of(accessor: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Reading:
    """The :class:`Reading` of one accessor call, from the arguments it was given."""
    given = dict(zip(_PARAMETERS[accessor], args[1:], strict=False)) | kwargs
    default = given.get("default")
    if accessor in ("text_list", "tables"):
        required = bool(given.get("required", accessor == "text_list"))
    else:
        required = accessor in ("integer_list", "table") or default is None
    return Reading(
        accessor,
        required,
        default,
        given.get("minimum"),
        given.get("maximum"),
        str(given.get("what", "")),
        frozenset(given.get("allowed", ())),
    )


_PARAMETERS = {
    "text": ("default",),
    "integer": ("default", "minimum", "maximum"),
    "number": ("default", "minimum", "maximum"),
    "boolean": ("default",),
    "choice": ("allowed", "what", "default"),
    "text_list": ("required",),
    "integer_list": ("minimum", "maximum"),
    "table": (),
    "tables": ("required",),
}


def exact(key: Key) -> Reading:
    """The most exact reading of ``key`` (a ``choice`` over a ``text``)."""
    return min(key.readings, key=lambda reading: MOST_EXACT[reading.accessor])


def bad_value(reading: Reading) -> Any:
    """A value the loader must refuse for a key read as ``reading``."""
    if reading.accessor in ("integer", "number"):
        if reading.maximum is not None:
            return reading.maximum + 1
        if reading.minimum is not None:
            return reading.minimum - 1
        return "seven"
    if reading.accessor == "integer_list":
        return ["seven"]
    return {
        "text": 7,
        "boolean": "yes",
        "choice": "nonsense",
        "text_list": "one string",
        "table": 7,
        "tables": 7,
    }[reading.accessor]


def with_value(data: dict[str, Any], path: KeyPath, value: Any) -> dict[str, Any]:
    """``data`` with ``value`` at ``path`` (``None``: the key taken out), copying only the
    tables and arrays on the way there, so ``data`` itself is unchanged."""
    changed = dict(data)
    parent: Any = changed
    for part in path[:-1]:
        child = parent[part]
        parent[part] = child = list(child) if isinstance(child, list) else dict(child)
        parent = child
    if value is None:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return changed


def error_for(folder: Path, file_name: str, path: KeyPath, value: Any) -> str:
    """The loader's one-line error for ``folder``'s game with ``value`` at ``path`` of
    ``file_name`` (read from the files, never the cache), or ``""`` if it accepts it.

    Each file is parsed once (:data:`_PARSED`): the bad value goes into a copy of the
    parsed tables on its way, so the large maps are not parsed again for every key."""
    original = TomlSource.read.__func__  # type: ignore[attr-defined]

    def read(cls: type[TomlSource], source: Path, *args: Any) -> TomlSource:
        parsed = _PARSED.get(source)
        if parsed is None:
            parsed = _PARSED[source] = original(cls, source, *args)
        if source.name != file_name:
            return parsed
        return replace(parsed, data=with_value(parsed.data, path, value))

    with patch.object(TomlSource, "read", classmethod(read)):
        try:
            data_parse.parse_game_folder(folder, True)
        except StavkaError as error:
            return error.message
    return ""


_PARSED: dict[Path, TomlSource] = {}


def read_schema() -> dict[str, dict[str, TableKeys]]:
    """Every key every game's data reads, each with the error its bad value gets."""
    schema: dict[str, dict[str, TableKeys]] = {}
    free: dict[str, set[tuple[str, ...]]] = {}
    for folder in game_folders():
        with recorded(schema, free, folder):
            data_parse.parse_game_folder(folder, True)
    for tables in schema.values():
        for keys in tables.values():
            for key in keys.keys.values():
                assert key.witness is not None
                folder, file_name, path = key.witness
                key.error = error_for(folder, file_name, path, bad_value(exact(key)))
    return schema


def describe(key: Key) -> str:
    """What the key holds, in words: its kind, range or names."""
    reading = exact(key)
    bounds = ""
    if reading.minimum is not None or reading.maximum is not None:
        low = "" if reading.minimum is None else _number(reading.minimum)
        high = "" if reading.maximum is None else _number(reading.maximum)
        bounds = f" {low}..{high}"
    kind = {
        "text": "text",
        "integer": f"whole number{bounds}",
        "number": f"number{bounds}",
        "boolean": "true or false",
        "text_list": "array of text",
        "integer_list": f"array of whole numbers{bounds}",
        "table": "table",
        "tables": "array of tables",
    }.get(reading.accessor)
    if kind is not None:
        return kind
    names = next(iter(key.names_seen)) if len(key.names_seen) == 1 else frozenset()
    if names and len(names) <= SHOWN_NAMES:
        return "one of " + ", ".join(f"`{name}`" for name in sorted(names))
    return f"a {reading.what} the game defines"


def requirement(key: Key) -> str:
    """``required``, ``optional`` or the default the loader takes."""
    if all(reading.required for reading in key.readings):
        return "required"
    defaults = {repr(reading.default) for reading in key.readings if not reading.required}
    defaults.discard("None")
    if len(defaults) == 1:
        value = next(iter(key.readings)).default
        for reading in key.readings:
            if not reading.required:
                value = reading.default
        return f"default `{_toml(value)}`"
    return "optional"


def _number(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    return _number(value)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def markdown(schema: dict[str, dict[str, TableKeys]]) -> str:
    """The reference page's body: per file, per table, each key with its error."""
    lines: list[str] = []
    files = sorted(schema, key=lambda name: (FILE_ORDER + (name,)).index(name))
    for file_name in files:
        lines += [f"## {file_name}", ""]
        for name, keys in sorted(schema[file_name].items(), key=_table_order):
            lines += [f"### `{name}`" if name != "top level" else "### Top level", ""]
            unread = sorted(keys.allowed - set(keys.keys) - set(PROVENANCE_KEYS))
            if keys.keys:
                lines += [
                    "| key | value | required | a bad value and its error |",
                    "|---|---|---|---|",
                ]
                for key in sorted(keys.keys.values(), key=lambda key: key.name):
                    reading = exact(key)
                    bad = _toml(bad_value(reading))
                    assert key.witness is not None
                    example = key.witness[2][-1] if key.name == NAME else key.name
                    error = f"`{example} = {bad}`: {key.error}" if key.error else "accepted"
                    lines.append(
                        f"| `{key.name}` | {_cell(describe(key))} | {requirement(key)} "
                        f"| {_cell(error)} |"
                    )
                lines.append("")
            if unread:
                listed = ", ".join(f"`{key}`" for key in unread)
                lines += [f"Also allowed, read by the parser's own code: {listed}.", ""]
    return "\n".join(lines)


def _table_order(item: tuple[str, TableKeys]) -> tuple[int, str]:
    name = item[0]
    return (0 if name == "top level" else 1, name)


def unknown_key_error() -> str:
    """The error every table gives a key it does not know, from The Ford's ``[game]``."""
    folder = games_directory() / "ford"
    return error_for(folder, "game.toml", ("game", "titel"), "The Ford")


def page() -> str:
    """The Markdown the guide's "Data files" page shows below its introduction."""
    return (
        "Every table refuses a key it does not know, naming the keys it knows "
        f'(`titel = "The Ford"` in `[game]`: {unknown_key_error()}). '
        f"`{NAME}` stands for a key the game names itself (a terrain's movement class, a "
        "drawn line, a corner of an area map), `[[unit.steps]]` for each table of an array "
        "of tables, and `[[terrain]].movement` for the table `movement` of each "
        "`[[terrain]]`.\n\n" + markdown(read_schema())
    )


def _check_fields_module() -> None:
    """The recorder wraps these accessors by name: fail loudly if one is renamed."""
    for name in (*ACCESSORS, *OPTIONAL, "only", "items"):
        assert callable(getattr(fields.Table, name)), name


_check_fields_module()

if __name__ == "__main__":
    print(page())
