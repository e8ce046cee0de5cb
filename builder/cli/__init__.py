"""The ``stavka`` command line.

Each command group lives in its own module and registers itself on :data:`main`; this
module only owns the top-level group and the promise that bad input becomes one line on
standard error and exit status 2.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

import click

from rules.errors import StavkaError

EXIT_BAD_INPUT = 2


class _StavkaGroup(click.Group):
    """A click group that renders :class:`StavkaError` as ``stavka: place: message``."""

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


COMMAND_MODULES = ("games_commands", "hex_commands", "save_commands", "build_commands", "pnp_commands", "map_commands")


def _register() -> None:
    """Import each command module for its side effect of adding commands to ``main``."""
    for name in COMMAND_MODULES:
        importlib.import_module(f"builder.cli.{name}")


_register()
