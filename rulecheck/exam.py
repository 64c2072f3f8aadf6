"""Judge-exam mode: grade an exam's answer key against the checker (issue 6; being written)."""

from __future__ import annotations

import sys

import click


@click.command()
@click.argument("paths", nargs=-1)
def exam(paths: tuple[str, ...]) -> None:
    """Grade judge-exam answer keys (YAML) against the rules."""
    click.echo("rulecheck: exam mode is not implemented yet", err=True)
    sys.exit(2)
