"""``stavka machine --serve``: the referee as a long-lived process for the module's plugin.

A press of the plugin's button waits for Python to start, import the referee and load the
game's data before any rule is judged; most of the time is that. Served, those costs are
paid once, on the first press: each request is one line of JSON on standard input,
``{"args": ["check", "SAVE", "--as", "Axis", "--format", "json"]}``, and each answer one
line on standard output, ``{"exit": 0, "answer": {...}}`` (the command's JSON answer) or
``{"exit": 2, "error": "stavka: SAVE: ..."}`` (its one line), each with ``"stavka"``, the
version answering, which the plugin names; an answer adds ``notes``, the lines a command
says beside it (``stavka: note: …``, :mod:`builder.notes`), when there are any. Only the
commands that answer the plugin are served, and only with JSON output; the process ends
at the end of its input, which is when the Player that started it closes.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
from collections.abc import Sequence
from typing import IO

import click

from builder.cli import main
from builder.release import stavka_version
from builder.notes import NOTE_PREFIX

SERVED_COMMANDS = ("check", "odds", "duel", "air")
"""What the plugin asks; nothing that writes a file (``check --annotate``)."""
REFUSED_OPTIONS = ("--annotate",)


def refusal(arguments: object) -> str | None:
    """Why a request may not be served, or None: a list of strings naming a served
    command, with JSON output and no option that writes files."""
    if not isinstance(arguments, list) or not all(isinstance(item, str) for item in arguments):
        return 'a request is {"args": [COMMAND, ...]}, a list of strings'
    if not arguments or arguments[0] not in SERVED_COMMANDS:
        return f"the service answers only {', '.join(SERVED_COMMANDS)}"
    if any(item.split("=")[0] in REFUSED_OPTIONS for item in arguments):
        return "the service writes no files: --annotate is refused"
    if arguments[-2:] != ["--format", "json"]:
        return "the service answers in JSON: end the request with --format json"
    return None


def answer(arguments: Sequence[str]) -> dict[str, object]:
    """One command run in this process, as one answer: its exit status and its JSON
    answer, or the one line it gave on standard error."""
    out, err = io.StringIO(), io.StringIO()
    code = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main.main(list(arguments), prog_name="stavka")
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else 1
        except Exception as error:  # noqa: BLE001 - a bug answers one line; the service lives on
            return {"exit": 1, "error": f"stavka: internal error: {type(error).__name__}: {error}"}
    if code != 0:
        lines = err.getvalue().strip().splitlines() or [f"exit status {code}"]
        return {"exit": code, "error": lines[-1]}
    notes = [line for line in err.getvalue().splitlines() if line.startswith(NOTE_PREFIX)]
    return {"exit": 0, "answer": json.loads(out.getvalue())} | ({"notes": notes} if notes else {})


def serve(requests: IO[str], answers: IO[str]) -> None:
    """Answers each request line until the end of ``requests``."""
    for line in requests:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except json.JSONDecodeError as error:
            reply: dict[str, object] = {"exit": 2, "error": f"stavka: unreadable request: {error}"}
        else:
            arguments = request.get("args") if isinstance(request, dict) else None
            why = refusal(arguments)
            reply = (
                {"exit": 2, "error": f"stavka: {why}"}
                if why or not isinstance(arguments, list)
                else answer(arguments)
            )
        reply["stavka"] = stavka_version()
        answers.write(json.dumps(reply, ensure_ascii=False) + "\n")
        answers.flush()


@main.command("machine")
@click.option(
    "--serve",
    "serving",
    is_flag=True,
    help="Answer one JSON request per line on standard input, one JSON answer per line on "
    "standard output, until the input ends (the module's plugin starts it).",
)
def machine(serving: bool) -> None:
    """The referee as a service for the module's referee plugin (the machine interface)."""
    if not serving:
        raise click.UsageError("say --serve: the service is the only way to run it")
    serve(sys.stdin, sys.stdout)
