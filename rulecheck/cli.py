"""Command line: `rulecheck check PATH...` and friends."""

from __future__ import annotations

import gc
import os
import sys
from collections import Counter
from typing import TYPE_CHECKING, TextIO

import click

from .api import files_to_check
from .checker import FileResult, check_files, default_jobs
from .config import (
    ALWAYS_REPORTED,
    ALWAYS_REPORTED_MESSAGE,
    Config,
    ConfigError,
    ConfigResolver,
    load_config,
    unknown_code_message,
)
from .diagnostics import Violation
from .editions import EDITIONS
from .editions.registry import BY_NUMBER, RULES, TOOL_RULES
from .report import FORMATS, render
from .version import __version__

if TYPE_CHECKING:
    from concurrent.futures import Executor

EXAMPLES = """
\b
Examples:
  rulecheck check game.transcript
  rulecheck check logs/ --format json
  cat game.transcript | rulecheck check -
  rulecheck check fixtures/ --expect
  rulecheck check logs/ --select 510,514 --ignore 510.1e --statistics
  rulecheck check logs/ -j 4 --format sarif -o rulecheck.sarif
"""


class _Commands(click.Group):
    """Commands whose modules are imported only when they run, so that `rulecheck check` starts fast."""

    LAZY = {"exam": ("rulecheck.exam", "exam"), "cards": ("rulecheck.commands.cards", "cards"),
            "trace": ("rulecheck.trace.command", "trace"),   # issue 24: the game state after every line
            "new": ("rulecheck.starter", "new")}   # issue 30: a starter transcript

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.LAZY})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.LAZY and cmd_name not in self.commands:
            import importlib
            module, attribute = self.LAZY[cmd_name]
            command: click.Command = getattr(importlib.import_module(module), attribute)
            self.add_command(command, cmd_name)
        return super().get_command(ctx, cmd_name)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="rulecheck")
def cli() -> None:
    """Lint written Magic: The Gathering game transcripts against the Comprehensive Rules
    (turn structure and combat: CR 500-514 and 703, and what reaches into them from the rest of the rulebook)."""


@cli.command(epilog=EXAMPLES)
@click.argument("paths", nargs=-1, required=True)
@click.option("--format", "fmt", type=click.Choice([*FORMATS, "html"]), default=None,
              help="Output format (default: the configuration's, else full on a terminal, concise otherwise).")
@click.option("-o", "--output", metavar="FILE", default=None,
              help="Write the report to FILE instead of standard output.")
@click.option("--select", multiple=True, metavar="RULES",
              help="Report only these rules: comma-separated prefixes (510, 510.1, 510.1c, syntax, ALL). "
                   "Replaces the configuration's select.")
@click.option("--ignore", multiple=True, metavar="RULES",
              help="Do not report these rules (prefixes). Replaces the configuration's ignore.")
@click.option("--extend-ignore", multiple=True, metavar="RULES",
              help="Also ignore these rules, on top of the configuration.")
@click.option("--config", "config_file", metavar="FILE", default=None,
              help="Read settings from FILE (YAML, or TOML with [tool.rulecheck]) instead of looking for "
                   ".rulecheck.yaml or pyproject.toml above each checked file.")
@click.option("--isolated", is_flag=True, help="Ignore every configuration file.")
@click.option("--edition", type=click.Choice(list(EDITIONS)), default=None,
              help="Rules edition (default: the configuration's, else baseline); a transcript's 'edition:' header "
                   "wins.")
@click.option("--extension", default=None, metavar="EXT",
              help="File extension looked for in directories (default: the configuration's, else .transcript).")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None, metavar="N",
              help="Check files in N processes (default: all cores; 1 checks them one by one).")
@click.option("--scheduler", metavar="ADDRESS", default=None,
              help="Check the files on a Dask cluster (tcp://host:8786): same output as a local run; the workers "
                   "read the files by their paths (needs rulecheck[dask]; see docs/scale.md).")
@click.option("--statistics", is_flag=True, help="Print the number of violations of each rule instead of the "
                                                 "violations.")
@click.option("-q", "--quiet", is_flag=True, help="Print only the diagnostics: no summary, nothing when clean.")
@click.option("--expect", is_flag=True, help="Compare with '# expect: RULE' annotations instead of reporting.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when violations are found (2 still means the run "
                                                "failed).")
@click.option("--from", "source", type=click.Choice(["arena"]), default=None,
              help="PATHS are game logs of this kind (arena: MTG Arena's Player.log), imported and checked game by "
                   "game; see docs/importing.md.")
@click.option("--cards", "card_db", metavar="FILE", default=None,
              help="A card database (Scryfall bulk data or MTGJSON AtomicCards, JSON, may be gzip/xz): cards a "
                   "transcript names without defining are looked up there; 'none' for none (default: the "
                   "configuration's 'cards', else $RULECHECK_CARDS, else the file 'rulecheck cards fetch' saved). "
                   "With --from arena: Arena's Raw_CardDatabase_*.mtga.")
@click.option("--names", is_flag=True, help="With --from arena: players by screen name instead of Player and Opponent.")
@click.option("--transcripts", metavar="DIR", default=None,
              help="With --from arena: also write the imported transcripts to DIR (findings then point at them).")
def check(paths: tuple[str, ...], fmt: str | None, output: str | None, select: tuple[str, ...],
          ignore: tuple[str, ...], extend_ignore: tuple[str, ...], config_file: str | None, isolated: bool,
          edition: str | None, extension: str | None, jobs: int | None, statistics: bool, quiet: bool, expect: bool,
          exit_zero: bool, source: str | None, card_db: str | None, names: bool, transcripts: str | None,
          scheduler: str | None) -> None:
    """Check transcripts (files, directories, or - for standard input).

    Exit status: 0 nothing found, 1 violations found (or, with --expect, a mismatch), 2 the run failed
    (unreadable file, internal error, bad configuration or usage)."""
    try:
        if config_file is not None and isolated:
            raise ConfigError("--config and --isolated cannot be used together")
        overrides: dict[str, object] = {"extension": extension, "edition": edition}
        for option, values in (("select", select), ("ignore", ignore), ("extend_ignore", extend_ignore)):
            if values:
                overrides[option] = _rule_codes(values, "--" + option.replace("_", "-"), ignoring=option != "select")
        resolver = ConfigResolver(explicit=load_config(config_file) if config_file else None, isolated=isolated,
                                  overrides=overrides)
        if source is None and (names or transcripts):
            raise ConfigError("--names and --transcripts go with --from arena")
        if source is not None and expect:
            raise ConfigError("--expect cannot be used with --from: imported transcripts carry no expectations")
        items = files_to_check(paths, resolver) if source is None else []
        run_config = resolver.for_path(paths[0])
        if (fmt or run_config.format) == "html" and (source is not None or expect or statistics):
            raise ConfigError("--format html" + ("" if fmt else " (the configuration's format)")
                              + " cannot be used with --from, --expect or --statistics")
        if scheduler is not None and (jobs is not None or source is not None or (fmt or run_config.format) == "html"):
            raise ConfigError("--scheduler cannot be used with -j, --from or --format html")
    except ConfigError as err:
        click.echo(f"rulecheck: {err}", err=True)
        sys.exit(2)
    if source is not None:
        _check_logs(paths, resolver, fmt or run_config.format, output, statistics, quiet, exit_zero, card_db, names,
                    transcripts)
        return
    if not items:
        click.echo("rulecheck: no transcripts found", err=True)
        sys.exit(2)
    fmt = fmt or run_config.format or ("full" if output is None and sys.stdout.isatty() else "concise")
    if fmt == "html":   # issue 24: an index page of files and findings, each file linking to its trace page
        from .trace.batch import report_command
        sys.exit(report_command(_with_cards(items, card_db) if output else items, output, jobs or default_jobs(),
                                exit_zero))
    if scheduler is not None:
        from .commands.cluster import ClusterError, cluster_executor
        try:
            with cluster_executor(scheduler) as executor:
                results = _run(_with_cards(items, card_db), 1, quiet, executor)
        except ClusterError as err:
            click.echo(f"rulecheck: {err}", err=True)
            sys.exit(2)
    else:
        results = _run_with_cards(items, jobs or default_jobs(), quiet, card_db)
    violations: list[Violation] = []
    mismatches = 0
    for result in results:
        if expect:
            mismatches += _compare_expectations(result.path, result.violations, result.expectations, violations)
        else:
            violations.extend(result.violations)
    checked = [r.path for r in results]
    _report(violations, fmt, len(checked), checked, output, statistics, quiet)
    if any(v.rule in ALWAYS_REPORTED for r in results for v in r.violations):
        sys.exit(2)
    if exit_zero:
        sys.exit(0)
    failed = mismatches if expect else sum(1 for v in violations if v.severity == "error")
    sys.exit(1 if failed else 0)


def _check_logs(paths: tuple[str, ...], resolver: ConfigResolver, fmt: str | None, output: str | None,
                statistics: bool, quiet: bool, exit_zero: bool, card_db: str | None, names: bool,
                transcripts: str | None) -> None:
    """check --from arena: import each log and check its games one by one (nothing is held but one game)."""
    from .importers.arena.commands import ImportFailed, check_logs

    try:
        violations, checked, failed = check_logs(paths, resolver.for_path, names, card_db, transcripts)
    except (ImportFailed, OSError) as err:
        click.echo(f"rulecheck: {err}", err=True)
        sys.exit(2)
    violations.sort(key=Violation.sort_key)
    fmt = fmt or ("full" if output is None and sys.stdout.isatty() else "concise")
    _report(violations, fmt, max(len(checked), 1), checked, output, statistics, quiet)
    if failed:
        sys.exit(2)
    if exit_zero:
        sys.exit(0)
    sys.exit(1 if any(v.severity == "error" for v in violations) else 0)


QUIET_FORMATS = ("full", "concise")
PROGRESS_MIN_FILES = 100


def _rule_codes(values: tuple[str, ...], option: str, *, ignoring: bool) -> list[str]:
    """Comma-separated codes from a repeatable option, checked here so the error names the option."""
    codes = [c.strip() for value in values for c in value.split(",") if c.strip()]
    if not codes:
        raise ConfigError(f"{option} needs at least one rule code")
    for code in codes:
        problem = unknown_code_message(code)
        if problem:
            raise ConfigError(f"{option}: {problem}")
        if ignoring and code in ALWAYS_REPORTED:
            raise ConfigError(f"{option}: {ALWAYS_REPORTED_MESSAGE.format(code=code, verb='ignored')}")
    return codes


def show_progress(files: int, stream: TextIO, quiet: bool = False) -> bool:
    """A progress bar only for a person watching: many files, stderr on a terminal, not --quiet."""
    return not quiet and files >= PROGRESS_MIN_FILES and stream.isatty()


def _run_with_cards(items: list[tuple[str, Config]], jobs: int, quiet: bool,
                    option: str | None) -> list[FileResult]:
    """Check with each file's card database (see `cards.choice.with_cards` and docs/cards.md)."""
    return _run(_with_cards(items, option), jobs, quiet)


def _with_cards(items: list[tuple[str, Config]], option: str | None) -> list[tuple[str, Config]]:
    """The files with their card databases, each opened (and indexed, once) before any check; exit 2 if one
    can't be used."""
    from .cards.choice import with_cards
    from .cards.library import CardDataError

    try:
        return with_cards(items, option)
    except CardDataError as err:
        click.echo(f"rulecheck: {err}", err=True)
        sys.exit(2)


def _run(items: list[tuple[str, Config]], jobs: int, quiet: bool, executor: Executor | None = None) -> list[FileResult]:
    if not show_progress(len(items), sys.stderr, quiet):
        return check_files(items, jobs=jobs, executor=executor)
    with click.progressbar(length=len(items), label="Checking", file=sys.stderr) as bar:
        return check_files(items, jobs=jobs, progress=lambda: bar.update(1), executor=executor)


def _report(violations: list[Violation], fmt: str, files: int, paths: list[str], output: str | None,
            statistics: bool, quiet: bool) -> None:
    """Write the run's report (of `check`, or `check --from`) in `fmt`, or its statistics."""
    if statistics:
        text = _statistics(violations, fmt, files, quiet)
    else:
        color = fmt == "full" and output is None and sys.stdout.isatty() and "NO_COLOR" not in os.environ
        text = render(fmt, violations, files=files, color=color, paths=paths)
        if quiet and fmt in QUIET_FORMATS:
            text = _without_summary(text, violations, files)
    _emit(text, output)


def _emit(text: str, output: str | None) -> None:
    if output is None:
        if text:
            click.echo(text)
        return
    try:
        with open(output, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text + "\n" if text else "")
    except OSError as err:
        click.echo(f"rulecheck: cannot write {output}: {err.strerror or err}", err=True)
        sys.exit(2)


def _without_summary(text: str, violations: list[Violation], files: int) -> str:
    """--quiet: the report without its closing summary line (and nothing at all when there is nothing)."""
    last = render("concise", violations, files=files).splitlines()[-1]
    lines = text.split("\n")
    if lines and lines[-1] == last:
        lines.pop()
    while lines and not lines[-1].strip():
        lines.pop()
    return "\n".join(lines)


def _rule_order(rule: str) -> tuple[int, str]:
    if rule in BY_NUMBER:
        return (RULE_INDEX[rule], rule)
    return (len(RULE_INDEX) + (list(TOOL_RULES).index(rule) if rule in TOOL_RULES else len(TOOL_RULES)), rule)


RULE_INDEX = {r.number: i for i, r in enumerate(RULES)}


def _statistics(violations: list[Violation], fmt: str, files: int, quiet: bool) -> str:
    """--statistics: one row per rule, most frequent first: count, rule, title."""
    counts = Counter(v.rule for v in violations)
    rows = sorted(counts.items(), key=lambda kv: (-kv[1], _rule_order(kv[0])))
    edition_of: dict[str, str] = {}
    for v in violations:
        edition_of.setdefault(v.rule, v.edition)

    def title(rule: str) -> str:
        r = EDITIONS[edition_of.get(rule, "baseline")].by_number.get(rule)
        return r.title if r else TOOL_RULES.get(rule, "")

    if fmt in ("json", "json-lines"):
        import json
        data = [{"rule": rule, "count": count, "title": title(rule)} for rule, count in rows]
        if fmt == "json":
            return json.dumps(data, indent=2, ensure_ascii=False)
        return "\n".join(json.dumps(d, ensure_ascii=False) for d in data)
    cw = max((len(str(c)) for _, c in rows), default=1)
    rw = max((len(r) for r, _ in rows), default=1)
    lines = [f"{count:>{cw}}  {rule:<{rw}}  {title(rule)}".rstrip() for rule, count in rows]
    if not quiet:
        lines.append(render("concise", violations, files=files).splitlines()[-1])
    return "\n".join(lines)


def _compare_expectations(path: str, found: list[Violation], expected: dict[int, list[str]],
                          out: list[Violation]) -> int:
    start = len(out)
    got = {(v.line, v.rule): v for v in found if v.severity == "error"}
    want = {(line, r) for line, rules in expected.items() for r in rules}
    count = 0
    for key in sorted(want - set(got)):
        out.append(Violation(path, key[0], 1, key[0], 2, "expect-missing",
                             f"{key[1]} is expected here, but rulecheck found no such violation"))
        count += 1
    for key in sorted(set(got) - want):
        v = got[key]
        out.append(Violation(path, v.line, v.column, v.end_line, v.end_column, "expect-unexpected",
                             f"{v.rule} is found but not expected: {v.message}"))
        count += 1
    out[start:] = sorted(out[start:], key=Violation.sort_key)
    return count


_EDITION_OPTION = click.option("--edition", type=click.Choice(list(EDITIONS)), default="baseline",
                               help="Rules edition whose numbers and rules to use (default: baseline).")


@cli.command()
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table")
@_EDITION_OPTION
def rules(fmt: str, edition: str) -> None:
    """List every rule rulecheck knows in an edition, with its status."""
    e = EDITIONS[edition]
    if fmt == "json":
        import json

        from .replay.engine import Engine  # noqa: F401 - imports the handler modules, which register themselves
        from .replay.registry import checked_by

        def handlers(number: str) -> list[str]:   # the checks are keyed by baseline numbers
            keys = [k for k in _check_keys() if e.number(k) == number]
            return sorted({h for k in keys for h in checked_by(k)})

        click.echo(json.dumps([{"rule": r.number, "title": r.title, "status": r.status, "note": r.note,
                                "related": list(r.related), "checked_by": handlers(r.number)} for r in e.rules],
                              indent=2))
        return
    for r in e.rules:
        click.echo(f"{r.number:<8} {r.status:<15} {r.title}")


def _check_keys() -> list[str]:
    from .replay.registry import CLOSERS, HANDLERS
    return sorted({k for h in [*HANDLERS.values(), *CLOSERS] for k in h.checks} | set(BY_NUMBER))


@cli.command(epilog="\b\nExamples:\n  rulecheck explain 510.1c\n  rulecheck explain 510.1c --cr MagicCompRules.txt")
@click.argument("rule")
@click.option("--cr", "cr_file", metavar="FILE",
              help="Your copy of the Comprehensive Rules (Wizards' plain text, or reStructuredText), of the "
                   "edition chosen: also print the rule's official text.")
@_EDITION_OPTION
def explain(rule: str, cr_file: str | None, edition: str) -> None:
    """Explain one rule: our title, its status, what rulecheck checks, related rules, and a failing and a
    passing transcript. Exit 1 if --cr FILE lacks the rule, 2 for an unknown rule or an unusable FILE."""
    from .explain import explain_command

    explain_command(rule, cr_file, EDITIONS[edition])


@cli.command(epilog="\b\nEditor set-up: README.md, 'Language server', and docs/language-server.md.")
@click.option("--stdio", is_flag=True, help="Talk LSP over standard input and output (the default and only "
                                            "transport; accepted because editors pass it).")
def server(stdio: bool) -> None:
    """Run the language server (LSP over stdio): diagnostics as you type, hover, quick fixes and completion for
    transcripts and *.exam.yaml files. Needs the lsp extra: pip install 'rulecheck[lsp]'.

    Exit status: 0 after the client's shutdown and exit, 1 if the client went away without shutdown, 2 if the
    server cannot start."""
    from .server import missing_dependency, serve

    problem = missing_dependency()
    if problem is not None:
        click.echo(f"rulecheck: {problem}", err=True)
        sys.exit(2)
    sys.exit(serve())


@cli.group(name="import")
def import_group() -> None:
    """Turn game logs written by other software into transcripts."""


@import_group.command(name="arena", epilog="\b\nExamples:\n  rulecheck import arena Player.log -o games/\n"
                                           "  rulecheck import arena Player.log -o games/ --cards "
                                           "Raw_CardDatabase_0123.mtga --names")
@click.argument("log")
@click.option("-o", "--output-dir", "out_dir", metavar="DIR", default=".",
              help="Write the transcripts here (default: the current directory).")
@click.option("--names", is_flag=True, help="Players by screen name instead of Player and Opponent.")
@click.option("--cards", "card_db", metavar="FILE", default=None,
              help="Arena's Raw_CardDatabase_*.mtga (read-only): card names and keyword abilities.")
def import_arena(log: str, out_dir: str, names: bool, card_db: str | None) -> None:
    """MTG Arena's Player.log (Detailed Logs on; gzipped too; - for standard input) into one transcript per
    complete game, named <match>-<game>.transcript. Exit status: 0 imported, 2 the log (or part of it) could not
    be imported; complete games are always written whole. See docs/importing.md."""
    from .importers.arena.commands import run_import

    sys.exit(run_import(log, out_dir, names, card_db))


def main() -> None:
    """The console entry point: usage errors exit 2, Ctrl-C exits 130 (not 1, which means violations)."""
    # A check allocates a few small objects a statement and keeps few of them; the modules, the grammar and
    # the rule tables are loaded once and live for the whole run. Leaving those out of the cyclic garbage
    # collector's scans, and scanning less often, takes ~4% off a long check; memory stays flat (bench/run.py
    # measures the peak on 10^6 events).
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)
    try:
        code = cli.main(standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("rulecheck: interrupted", err=True)
        sys.exit(130)
    except click.ClickException as err:
        err.show()
        sys.exit(err.exit_code)
    except KeyboardInterrupt:
        click.echo("rulecheck: interrupted", err=True)
        sys.exit(130)
    sys.exit(code if isinstance(code, int) else 0)
