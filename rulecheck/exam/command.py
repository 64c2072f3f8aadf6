"""The `rulecheck exam` command: grade exam files (or print a starter exam) and report in any output format."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Sequence

import click

from ..cards.choice import open_with_progress, resolve_cards
from ..cards.index import CardDataError
from ..diagnostics import ERROR, Violation
from ..editions import EDITIONS
from ..report import FORMATS, render
from .grading import grade_file
from .model import EXAM_SUFFIXES

TEMPLATE = """\
# A starter exam: rulecheck exam FILE grades its key. See docs/exams.md for the format.
exam: Starter exam
edition: baseline
setup: |                      # shared by every question
  players: Alice, Bob
  card Craw Wurm: creature 6/4
  card Wall of Wood: creature 0/3, defender
  card Eager Cadet: creature 1/1
questions:
  - id: wurm-split
    prompt: >
      Craw Wurm attacks and is blocked by Wall of Wood and Eager Cadet; Alice orders the Wall first.
      How may the Wurm assign its combat damage?
    setup: |                  # the game up to the moment the question asks about
      Alice controls Craw Wurm
      Bob controls Wall of Wood, Eager Cadet
      turn 5: Alice, in beginning of combat step
      declare attackers step begins
      Alice declares Craw Wurm attacking Bob
      declare blockers step begins
      Bob declares Wall of Wood and Eager Cadet blocking Craw Wurm
      Alice orders blockers of Craw Wurm: Wall of Wood, Eager Cadet
      combat damage step begins
    answers:
      A: {transcript: "Craw Wurm assigns 3 to Wall of Wood, 3 to Eager Cadet", key: legal}
      B: {transcript: "Craw Wurm assigns 2 to Wall of Wood, 4 to Eager Cadet", key: illegal, cites: [510.1c]}
      C: {transcript: "Craw Wurm assigns 6 to Wall of Wood", key: legal}
    explanation: >
      A and C. Under 510.1c the Wall, first in the order, must be assigned lethal damage (3) before the
      Cadet can be assigned any.
  - id: cleanup
    prompt: Alice has nine cards in hand in her cleanup step. What does she discard?
    setup: |
      Alice: hand 9
      turn 3: Alice, in end step
      cleanup step begins
    answers:
      A: {transcript: "Alice discards 2 cards", key: legal}
      B: {transcript: "Alice discards 3 cards", key: illegal, cites: [514.1]}
    explanation: A. 514.1 has her discard down to her maximum hand size, seven, and no further.
"""

EXAMPLES = """
\b
Examples:
  rulecheck exam examples/cr-examples.exam.yaml
  rulecheck exam exams/ --format json
  rulecheck exam --template > my.exam.yaml
"""


def _exam_paths(paths: Sequence[str]) -> Iterator[str]:
    for p in paths:
        if p != "-" and os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs.sort()
                for name in sorted(files):
                    if name.endswith(EXAM_SUFFIXES):
                        yield os.path.join(root, name)
        else:
            yield p


@click.command(epilog=EXAMPLES)
@click.argument("paths", nargs=-1)
@click.option("--format", "fmt", type=click.Choice(list(FORMATS)), default=None,
              help="Output format (default: full on a terminal, concise otherwise).")
@click.option("--template", is_flag=True, help="Print a starter exam (it grades cleanly) and exit.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when a key disagrees.")
@click.option("--edition", type=click.Choice(list(EDITIONS)), default="baseline",
              help="Rules edition for exams without an 'edition:' key (default: baseline).")
@click.option("--cards", "card_db", metavar="FILE", default=None,
              help="Card database for cards the exam names without defining, as `rulecheck check` chooses it "
                   "(default: $RULECHECK_CARDS, else the one `rulecheck cards fetch` made the default; none: none).")
def exam(paths: tuple[str, ...], fmt: str | None, template: bool, exit_zero: bool, edition: str,
         card_db: str | None) -> None:
    """Grade judge-exam answer keys (YAML files, or directories of *.exam.yaml) against the rules.

    Exit 0 when every key agrees with rulecheck, 1 when one disagrees, 2 when a file is unreadable or not an
    exam."""
    if template:
        if paths:
            raise click.UsageError("--template prints a starter exam and takes no files")
        click.echo(TEMPLATE, nl=False)
        return
    if not paths:
        raise click.UsageError("give one or more exam files (or --template for a starter exam)")
    if fmt is None:
        fmt = "full" if sys.stdout.isatty() else "concise"
    files = list(_exam_paths(paths))
    if not files:
        click.echo("rulecheck: no exam files (*.exam.yaml) found", err=True)
        sys.exit(2)
    try:
        cards = resolve_cards(card_db)
        if cards:
            open_with_progress(cards)
    except CardDataError as err:
        click.echo(f"rulecheck: {err}", err=True)
        sys.exit(2)
    reports = [grade_file(p, edition, cards) for p in files]
    violations = sorted((v for r in reports for v in r.violations), key=Violation.sort_key)
    color = fmt == "full" and sys.stdout.isatty() and "NO_COLOR" not in os.environ
    click.echo(render(fmt, violations, files=len(files), color=color, paths=[r.path for r in reports]))
    if fmt in ("full", "concise"):
        questions = sum(r.questions for r in reports)
        answers = sum(r.answers for r in reports)
        click.echo(f"Graded {answers} answer{'s' if answers != 1 else ''} to {questions} "
                   f"question{'s' if questions != 1 else ''}.", err=True)
    if any(r.invalid for r in reports):
        sys.exit(2)
    if exit_zero:
        sys.exit(0)
    sys.exit(1 if any(v.severity == ERROR for v in violations) else 0)
