"""Every line the plugin's service can be sent gets exactly one answer, and none stops it
(issue 35, items 15-17).

A save is anyone's writing, and its words reach the service through the plugin's requests:
the service must answer each hostile line with one error (exit 2) and go on serving. The
lines are fed to the real process, with the ``PYTHONIOENCODING=utf-8`` the plugin sets, as
bytes, so that a line that is not UTF-8 reaches it as the plugin's pipe would carry it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from builder.cli.machine_commands import MAX_ARGUMENTS, MAX_REQUEST_BYTES

STAVKA = Path(sys.executable).with_name("stavka")
POSITIONS = Path(__file__).resolve().parents[1] / "referee" / "positions"
TPS = str(POSITIONS / "tps" / "odds_capped.toml")
RKS = str(POSITIONS / "rks" / "control_contested.toml")


def _request(*arguments: str) -> bytes:
    return json.dumps({"args": list(arguments)}).encode()


GOOD = _request("check", TPS, "--as=Axis", "--format", "json")

HOSTILE: dict[str, bytes] = {
    "--help where click reads options": _request("check", TPS, "--help", "--format", "json"),
    "-h where click reads options": _request("check", TPS, "-h", "--format", "json"),
    "--version": _request("odds", TPS, "--version", "--format", "json"),
    "--help=x": _request("check", TPS, "--help=x", "--format", "json"),
    "--help as a unit of a save, in an option's value": _request(
        "duel", RKS, "--units=--help", "--as=soviet", "--format", "json"
    ),
    "--help as a unit of a save, after --": _request(
        "duel", RKS, "--as=soviet", "--format", "json", "--", "--help", "rifle1"
    ),
    "nesting 100,000 deep": b'{"args": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
    "a 5,000-digit number": b'{"args": [' + b"7" * 5_000 + b"]}",
    "a number where a string goes": b'{"args": ["check", 1e400]}',
    "NaN": b'{"args": NaN}',
    "invalid UTF-8": b'{"args": ["check", "\xff\xfe\xc3("]}',
    "a lone surrogate in a path": _request("check", "\ud800.vsav", "--format", "json"),
    "a NUL in a path": _request("check", "a\x00b.vsav", "--format", "json"),
    "an empty line": b"",
    "spaces only": b"   \t ",
    "Unicode white space only": "\u2003\u3000\u00a0\u2028".encode(),
    "a carriage return only": b"\r",
    "not JSON": b"check save --format json",
    "JSON but no object": b'["check"]',
    "args not strings": b'{"args": ["check", ["x"]]}',
    "a command not served": _request("build", "all", "--format", "json"),
    "no JSON output asked": _request("check", TPS),
    "--annotate": _request("check", TPS, "--annotate", "x.vsav", "--format", "json"),
    "too many arguments": _request(
        "check", TPS, "--format", "json", *["--as=Axis"] * MAX_ARGUMENTS
    ),
    "a line over the size limit": _request(
        "check", "x" * (MAX_REQUEST_BYTES * 4), "--format", "json"
    ),
    "a million arguments": _request(*["x"] * 1_000_000),
    "a missing save": _request("check", "missing.vsav", "--format", "json"),
    "the referee's view of a game with cards": _request("check", RKS, "--format", "json"),
}


def _serve(lines: list[bytes]) -> tuple[list[dict[str, Any]], int, float]:
    """The service's answers to ``lines``, its exit status and the seconds it took."""
    started = time.monotonic()
    completed = subprocess.run(
        [str(STAVKA), "machine", "--serve"],
        input=b"".join(line + b"\n" for line in lines),
        capture_output=True,
        timeout=600,
        check=False,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    seconds = time.monotonic() - started
    assert completed.stderr == b"", completed.stderr.decode(errors="replace")[-2000:]
    answers = [json.loads(line) for line in completed.stdout.decode("ascii").splitlines()]
    return answers, completed.returncode, seconds


def test_every_hostile_line_gets_one_error_and_the_service_serves_on() -> None:
    lines = [GOOD]
    for line in HOSTILE.values():
        lines += [line, GOOD]
    answers, code, _ = _serve(lines)
    assert code == 0
    assert len(answers) == len(lines)
    for number, (name, answer) in enumerate(zip(HOSTILE, answers[1::2], strict=True)):
        assert answer["exit"] == 2, (name, answer)
        assert answer["error"].startswith("stavka: ") and "\n" not in answer["error"], name
        # The good request after each hostile line is answered as the first was.
        assert answers[2 * number + 2] == answers[0], name
    assert answers[0]["exit"] == 0 and answers[0]["answer"]["game"] == "tps"


def test_a_save_word_after_the_options_is_a_unit_to_look_up_not_an_option() -> None:
    answers, _, _ = _serve(
        [
            HOSTILE["--help as a unit of a save, after --"],
            HOSTILE["--help as a unit of a save, in an option's value"],
        ]
    )
    assert all("unknown unit '--help'" in answer["error"] for answer in answers), answers


@pytest.mark.parametrize(
    "name", ["a line over the size limit", "a million arguments", "too many arguments"]
)
def test_an_oversized_request_is_refused_in_one_line_before_any_parsing(name: str) -> None:
    answers, _, seconds = _serve([HOSTILE[name]])
    (answer,) = answers
    limit = "bytes" if "line" in name or "million" in name else "arguments"
    assert answer["exit"] == 2 and limit in answer["error"], answer
    # Refused without click's quadratic parse (7 s of CPU at 320,000 arguments before).
    assert seconds < 60


def test_the_referee_view_of_hidden_information_is_refused_and_a_sides_view_served() -> None:
    answers, _, _ = _serve(
        [
            HOSTILE["the referee's view of a game with cards"],
            _request("check", RKS, "--as=Soviet", "--format", "json"),
            _request("duel", RKS, "14pz", "rifle1", "--format", "json"),
        ]
    )
    refused, served, duel = answers
    assert refused["exit"] == 2 and "--as SIDE" in refused["error"]
    assert served["exit"] == 0 and served["answer"]["hidden"] is False
    assert duel["exit"] == 2 and "--as SIDE" in duel["error"]
