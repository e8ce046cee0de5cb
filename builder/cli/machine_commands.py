"""``stavka machine --serve``: the referee as a long-lived process for the module's plugin.

A press of the plugin's button waits for Python to start, import the referee and load the
game's data before any rule is judged; most of the time is that. Served, those costs are
paid once, on the first press: each request is one line of JSON on standard input,
``{"args": ["check", "SAVE", "--as=Axis", "--format", "json"]}``, and each answer one
line on standard output, ``{"exit": 0, "answer": {...}}`` (the command's JSON answer) or
``{"exit": 2, "error": "stavka: ..."}`` (its one line), each with ``"stavka"``, the
version answering, which the plugin names; an answer adds ``notes``, the lines a command
says beside it (``stavka: note: …``, :mod:`builder.notes`), when there are any. Only the
commands that answer the plugin are served, and only with JSON output; the process ends
at the end of its input, which is when the Player that started it closes.

The requests come from a save, which anyone may have written: every line read gets
exactly one answer, whatever it holds (bytes that are not UTF-8, nesting, huge numbers,
NUL, a lone surrogate, nothing but white space), and no line can stop the service. A
line is read at most :data:`MAX_REQUEST_BYTES` at a time and a request holds at most
:data:`MAX_ARGUMENTS` arguments, refused before any parsing that grows with them (click's
option parser is quadratic in the argument count). Options that end a command without
its JSON (``--help``, ``--version``) are refused where click would read them; a save's
words belong after ``--`` or in an option's value (``--as=Soviet``).
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
from collections.abc import Iterator, Sequence
from typing import BinaryIO, TextIO

import click

from builder.cli import main
from builder.cli.options import serving
from builder.notes import NOTE_PREFIX
from builder.release import stavka_version

SERVED_COMMANDS = ("check", "odds", "duel", "air")
"""What the plugin asks; nothing that writes a file (``check --annotate``)."""
REFUSED_OPTIONS = ("--annotate", "--help", "-h", "--version")
"""Options that write a file, or print help or a version instead of an answer."""
MAX_REQUEST_BYTES = 64 * 1024
"""The longest request line served; the plugin's are under 1 KB."""
MAX_ARGUMENTS = 64
"""The most arguments a request may hold; the plugin's hold at most a dozen."""
END_OF_OPTIONS = "--"


class RequestError(ValueError):
    """A request line that is no request the service answers: the one line why."""


def _reject_number(text: str) -> object:
    raise RequestError("a request holds strings only, and no numbers")


def _read_lines(requests: BinaryIO) -> Iterator[bytes | None]:
    """Each line of ``requests`` without its line end, or None for a line longer than
    :data:`MAX_REQUEST_BYTES`, read past without keeping it."""
    while True:
        line = requests.readline(MAX_REQUEST_BYTES + 1)
        if not line:
            return
        if len(line) > MAX_REQUEST_BYTES and not line.endswith(b"\n"):
            while (rest := requests.readline(MAX_REQUEST_BYTES)) and not rest.endswith(b"\n"):
                pass
            yield None
            continue
        yield line.rstrip(b"\r\n")


def _options(arguments: Sequence[str]) -> list[str]:
    """The arguments where click reads options: those before ``--``."""
    return list(
        arguments[: arguments.index(END_OF_OPTIONS)] if END_OF_OPTIONS in arguments else arguments
    )


def request_arguments(line: bytes | None) -> list[str]:
    """The command line a request line asks for, or a :class:`RequestError` saying why
    it is none: a JSON object ``{"args": [...]}`` of at most :data:`MAX_ARGUMENTS`
    strings naming a served command, with JSON output and no refused option."""
    if line is None:
        raise RequestError(f"a request is one line of at most {MAX_REQUEST_BYTES:,} bytes")
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RequestError(f"a request is UTF-8 text (byte {error.start} is not)") from None
    if not text.strip():
        raise RequestError("an empty request line")
    try:
        request = json.loads(
            text,
            parse_int=_reject_number,
            parse_float=_reject_number,
            parse_constant=_reject_number,
        )
    except RecursionError:
        raise RequestError("unreadable request: nested too deep") from None
    except json.JSONDecodeError as error:
        raise RequestError(f"unreadable request: {error}") from None
    arguments = request.get("args") if isinstance(request, dict) else None
    if not isinstance(arguments, list) or not all(isinstance(item, str) for item in arguments):
        raise RequestError('a request is {"args": [COMMAND, ...]}, a list of strings')
    if len(arguments) > MAX_ARGUMENTS:
        raise RequestError(
            f"a request holds at most {MAX_ARGUMENTS} arguments, not {len(arguments):,}"
        )
    for item in arguments:
        if "\x00" in item or any("\ud800" <= char <= "\udfff" for char in item):
            raise RequestError(
                "an argument holds a NUL or a lone surrogate, which no file name or word has"
            )
    if not arguments or arguments[0] not in SERVED_COMMANDS:
        raise RequestError(f"the service answers only {', '.join(SERVED_COMMANDS)}")
    options = _options(arguments)
    refused = [item for item in options if item.split("=")[0] in REFUSED_OPTIONS]
    if refused:
        raise RequestError(
            f"the service refuses {refused[0].split('=')[0]} (it writes no files and answers only in JSON); "
            "a word from a save goes after -- or in an option's value"
        )
    pairs = zip(options, [*options[1:], ""], strict=True)
    if not any(
        item == "--format=json" or (item, after) == ("--format", "json") for item, after in pairs
    ):
        raise RequestError("the service answers in JSON: give --format json")
    return arguments


def answer(arguments: Sequence[str]) -> dict[str, object]:
    """One command run in this process, as one answer: its exit status and its JSON
    answer, or the one line it gave on standard error."""
    out, err = io.StringIO(), io.StringIO()
    code = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), serving():
        try:
            main.main(list(arguments), prog_name="stavka")
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else 1
        except Exception as error:  # noqa: BLE001 - a bug answers one line; the service lives on
            return {"exit": 1, "error": f"stavka: internal error: {type(error).__name__}: {error}"}
    if code != 0:
        lines = err.getvalue().strip().splitlines() or [f"exit status {code}"]
        return {"exit": code, "error": lines[-1]}
    try:
        reply = json.loads(out.getvalue())
    except ValueError:
        reply = None
    if not isinstance(reply, dict):
        return {"exit": 2, "error": "stavka: the command gave no JSON answer"}
    notes = [line for line in err.getvalue().splitlines() if line.startswith(NOTE_PREFIX)]
    return {"exit": 0, "answer": reply} | ({"notes": notes} if notes else {})


def reply_to(line: bytes | None) -> dict[str, object]:
    """The one answer to one request line, with the version of Stavka answering."""
    try:
        arguments = request_arguments(line)
    except RequestError as error:
        reply: dict[str, object] = {"exit": 2, "error": f"stavka: {error}"}
    else:
        reply = answer(arguments)
    return reply | {"stavka": stavka_version()}


def serve(requests: BinaryIO, answers: TextIO) -> None:
    """Answers each line of ``requests``, one answer line each, until its end."""
    for line in _read_lines(requests):
        # ASCII escapes: an answer that repeats a request's words is written whatever they hold.
        answers.write(json.dumps(reply_to(line)) + "\n")
        answers.flush()


@main.command("machine")
@click.option(
    "--serve",
    "serving_requests",
    is_flag=True,
    help="Answer one JSON request per line on standard input, one JSON answer per line on "
    "standard output, until the input ends (the module's plugin starts it).",
)
def machine(serving_requests: bool) -> None:
    """The referee as a service for the module's referee plugin (the machine interface)."""
    if not serving_requests:
        raise click.UsageError("say --serve: the service is the only way to run it")
    serve(sys.stdin.buffer, sys.stdout)
