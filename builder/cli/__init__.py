"""The ``stavka`` command line.

Each command group lives in its own module and registers itself on :data:`main`; this
module owns the top-level group, the promise that bad input becomes one line on standard
error and exit status 2, and the map of which module defines which command. Modules are
imported only when one of their commands runs (or help lists them all), so ``stavka
check`` starts without loading the drawing and geography libraries.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

import click

from builder.printable import printable
from rules.errors import StavkaError

EXIT_BAD_INPUT = 2

COMMAND_MODULES = {
    "games": "games_commands",
    "validate": "games_commands",
    "transcribe": "games_commands",
    "hex": "hex_commands",
    "save": "save_commands",
    "build": "build_commands",
    "pnp": "pnp_commands",
    "map": "map_commands",
    "map-report": "map_commands",
    "check": "check_commands",
    "odds": "check_commands",
    "move": "move_commands",
    "duel": "duel_commands",
    "report": "report_commands",
    "air": "check_commands",
    "coverage": "coverage_commands",
    "audit": "audit_commands",
    "new": "new_commands",
    "machine": "machine_commands",
    "doctor": "doctor_commands",
    "adopt": "adopt_commands",
    "extension": "adopt_commands",
    "attach": "adopt_commands",
}


def load_command_module(name: str) -> None:
    """Import the module that defines command ``name``, if there is one."""
    module = COMMAND_MODULES.get(name)
    if module is not None:
        importlib.import_module(f"builder.cli.{module}")


def _fail(message: str) -> NoReturn:
    click.echo(f"stavka: {printable(message)}", err=True)
    sys.exit(EXIT_BAD_INPUT)


class _StavkaGroup(click.Group):
    """A click group that loads command modules lazily and renders every problem with
    the input as one line, ``stavka: place: message``, with exit status 2."""

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        load_command_module(cmd_name)
        return super().get_command(ctx, cmd_name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMAND_MODULES)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except StavkaError as error:
            _fail(error.one_line())
        except OSError as error:
            # Whatever the operating system refuses (a read-only folder, a full disk) is
            # the user's to fix, not a bug to trace.
            where = f"{error.filename}: " if error.filename else ""
            _fail(f"{where}{error.strerror or error}")

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        """Click's usage errors, normally three lines, as one line too."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        try:
            return super().main(args, prog_name, complete_var, False, **extra)
        except click.exceptions.NoArgsIsHelpError as error:
            # ``stavka`` or ``stavka save`` alone asks what there is to do: the help, as --help shows it.
            click.echo(error.ctx.get_help())
            sys.exit(0)
        except click.UsageError as error:
            command = error.ctx.command_path if error.ctx is not None else "stavka"
            _fail(f"{error.format_message()} (see '{command} --help')")
        except click.ClickException as error:
            _fail(error.format_message())
        except click.exceptions.Abort:
            click.echo("stavka: interrupted", err=True)
            sys.exit(1)


def _print_version(ctx: click.Context, _option: click.Parameter, asked: bool) -> None:
    """``--version``: the version files record (:mod:`builder.release`), which in a checkout
    is git's, not the one its editable install was made at."""
    if not asked or ctx.resilient_parsing:
        return
    from builder.release import stavka_version

    click.echo(f"stavka, version {stavka_version()}")
    ctx.exit()


@click.group(cls=_StavkaGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_print_version,
    help="Show the version and exit.",
)
def main() -> None:
    """Stavka: VASSAL modules, print-and-play sheets and a rules referee for
    Turning Point: Stalingrad (tps), Drive on Stalingrad (dos) and Rattenkrieg (rks)."""
