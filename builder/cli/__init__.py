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
from typing import Any

import click

from rules.errors import StavkaError

EXIT_BAD_INPUT = 2

COMMAND_MODULES = {
    "games": "games_commands",
    "validate": "games_commands",
    "hex": "hex_commands",
    "save": "save_commands",
    "build": "build_commands",
    "pnp": "pnp_commands",
    "map": "map_commands",
    "map-report": "map_commands",
    "check": "check_commands",
    "odds": "check_commands",
    "air": "check_commands",
}


class _StavkaGroup(click.Group):
    """A click group that loads command modules lazily and renders :class:`StavkaError`
    as ``stavka: place: message``."""

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        module = COMMAND_MODULES.get(cmd_name)
        if module is not None:
            importlib.import_module(f"builder.cli.{module}")
        return super().get_command(ctx, cmd_name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMAND_MODULES)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except StavkaError as error:
            click.echo(f"stavka: {error.one_line()}", err=True)
            sys.exit(EXIT_BAD_INPUT)


@click.group(cls=_StavkaGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="stavka")
def main() -> None:
    """Stavka: VASSAL modules, print-and-play sheets and a rules referee for
    Turning Point: Stalingrad (tps), Drive on Stalingrad (dos) and Rattenkrieg (rks)."""
