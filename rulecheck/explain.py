"""`rulecheck explain RULE [--cr FILE]`: one rule, from the registry, with a failing and a passing transcript.

Everything said about a rule comes from the registry (`editions/registry.py`); the examples are the per-rule fixtures,
shipped inside the package (`rulecheck.rule_fixtures`, mapped from `fixtures/rules/`) so an installed wheel has
them. The official text is never shipped: `--cr FILE` reads it from the user's own copy of the Comprehensive Rules,
either the plain-text file Wizards of the Coast publishes (`510.1c A blocked creature ...` paragraphs followed by
`Example:` paragraphs) or a reStructuredText layout (`510.1` headings underlined with dashes, sub-rules as
`a.` list items, examples as `.. admonition:: Example` blocks).
"""

from __future__ import annotations

import difflib
import re
import sys
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path

import click

from .diagnostics import Violation
from .editions import BASELINE, Edition
from .editions.registry import CHECKED, DEFINITION, NOT_OBSERVABLE, TOOL_RULES, Rule
from .files import read_bounded
from .report.text import printable

FIXTURE_PACKAGE = "rulecheck.rule_fixtures"
FIXTURE_SUFFIX = ".transcript"
MAX_CR_BYTES = 20_000_000
WIDTH = 100

_RULE_ID = re.compile(r"^\d{3}\.\d+[a-z]?$")


class ExplainError(Exception):
    """A problem the user can fix: an unknown rule, an unreadable or unrecognisable CR file."""

    def __init__(self, message: str, exit_code: int = 2) -> None:
        super().__init__(message)
        self.exit_code = exit_code


# ---------------------------------------------------------------- rule ids


def normalise(rule: str) -> str:
    """Accept `510.1C`, `CR 510.1c`, `510.1c.` and ` 510.1c ` for `510.1c`; tool codes in any case."""
    text = rule.strip().lower()
    text = re.sub(r"^(?:cr|rule)\s*", "", text).rstrip(".")
    return text


def _number_key(number: str) -> tuple[int, int, str]:
    m = re.match(r"^(\d{3})\.(\d+)([a-z]?)$", number)
    return (int(m.group(1)), int(m.group(2)), m.group(3)) if m else (10_000, 0, number)


def cited_by(number: str, edition: Edition = BASELINE) -> list[str]:
    """Rules in the registry that list `number` among their related rules."""
    return [r.number for r in edition.rules if number in r.related]


def parent_of(number: str, edition: Edition = BASELINE) -> Rule | None:
    m = re.match(r"^(\d{3}\.\d+)[a-z]$", number)
    return edition.by_number.get(m.group(1)) if m else None


def sub_rules_of(number: str, edition: Edition = BASELINE) -> list[str]:
    return [r.number for r in edition.rules if re.fullmatch(re.escape(number) + r"[a-z]", r.number)]


def suggestions(rule: str, edition: Edition = BASELINE) -> list[str]:
    """A rule's parent and siblings when only its letter is wrong; else close matches, in rule order."""
    m = re.match(r"^(\d{3}\.\d+)[a-z]$", rule)
    if m and m.group(1) in edition.by_number:
        return [m.group(1)] + sub_rules_of(m.group(1), edition)
    known = [r.number for r in edition.rules] + list(TOOL_RULES)
    close = difflib.get_close_matches(rule, known, n=3, cutoff=0.6)
    return sorted(close, key=lambda x: (not _RULE_ID.match(x), _number_key(x)))


# ---------------------------------------------------------------- fixtures


@dataclass(frozen=True)
class Fixture:
    name: str
    text: str


def _fixture_sources() -> Iterator[tuple[str, str]]:
    try:
        root = resources.files(FIXTURE_PACKAGE)
        entries = [(p.name, p) for p in root.iterdir() if p.name.endswith(FIXTURE_SUFFIX)]
        for name, entry in sorted(entries, key=lambda item: item[0]):
            yield name, entry.read_text(encoding="utf-8")
        return
    except ModuleNotFoundError:
        pass
    # A source checkout whose editable install predates the fixture package: read them where they live.
    source = Path(__file__).resolve().parent.parent / "fixtures" / "rules"
    for path in sorted(source.glob("*" + FIXTURE_SUFFIX)):
        yield path.name, path.read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def all_fixtures() -> tuple[Fixture, ...]:
    return tuple(Fixture(name, text) for name, text in _fixture_sources())


def fixture_kind(name: str) -> tuple[str, str] | None:
    """`510.1c-crawwurm-2-fail.transcript` -> ("510.1c", "fail"); None for a name that follows no convention."""
    stem = name[:-len(FIXTURE_SUFFIX)] if name.endswith(FIXTURE_SUFFIX) else name
    number, _, rest = stem.partition("-")
    words = rest.split("-")
    kind = "fail" if "fail" in words else "pass" if "pass" in words else ""
    return (number, kind) if kind else None


def fixtures_for(number: str, edition: Edition = BASELINE) -> tuple[list[Fixture], list[Fixture]]:
    """The failing and the passing fixtures of one rule, the plainly named one (`510.1c-fail`) first. The
    fixtures are named by baseline numbers: another edition takes those of the rules it numbers `number`."""
    failing: list[Fixture] = []
    passing: list[Fixture] = []
    for fx in all_fixtures():
        parsed = fixture_kind(fx.name)
        if parsed is None or edition.number(parsed[0]) != number:
            continue
        (failing if parsed[1] == "fail" else passing).append(fx)
    for group, kind in ((failing, "fail"), (passing, "pass")):
        group.sort(key=lambda fx: (fx.name != f"{number}-{kind}{FIXTURE_SUFFIX}", fx.name))
    return failing, passing


def _with_fixtures(numbers: list[str], edition: Edition = BASELINE) -> list[str]:
    return [n for n in numbers if any(fixtures_for(n, edition))]


# ---------------------------------------------------------------- the Comprehensive Rules file


@dataclass
class CrRule:
    number: str
    paragraphs: list[str] = field(default_factory=list)
    examples: list[str] = field(default_factory=list)


_PLAIN_RULE = re.compile(r"^(\d{3}\.\d+[a-z]?)\.?\s+(\S.*)$")
_RST_HEADING = re.compile(r"^(\d{3}\.\d+[a-z]?)\.?\s*$")
_RST_UNDERLINE = re.compile(r"^([-=~^*+#\"'`:_.])\1{2,}\s*$")
_RST_ITEM = re.compile(r"^([a-z])\.\s+(\S.*)$")
_RST_DIRECTIVE = re.compile(r"^\.\.\s+([a-z-]+)::\s*(.*)$")
_RST_LABEL = re.compile(r"^\.\.\s+_[^:]*:\s*$")
_EXAMPLE = re.compile(r"^Examples?:")


def _parse_plain(lines: list[str]) -> dict[str, CrRule]:
    """`510.1c A blocked ...` starts a rule; wrapped lines continue it; `Example:` paragraphs belong to it."""
    rules: dict[str, CrRule] = {}
    current: CrRule | None = None
    in_example = False
    after_blank = False
    for raw in lines:
        line = raw.strip()
        m = _PLAIN_RULE.match(line)
        if m:
            current = CrRule(m.group(1), [m.group(2)]) if m.group(1) not in rules else None
            if current is not None:
                rules[current.number] = current
            in_example = after_blank = False
            continue
        if current is None:
            continue
        if not line:
            after_blank = True
            continue
        if _EXAMPLE.match(line):
            current.examples.append(line)
            in_example, after_blank = True, False
        elif after_blank:
            current = None  # a heading, the glossary, anything else: the rule is over
        elif in_example:
            current.examples[-1] += " " + line
        else:
            current.paragraphs[-1] += " " + line
    return rules


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _parse_rst_body(number: str, body: list[str], rules: dict[str, CrRule]) -> None:
    main = rules.setdefault(number, CrRule(number))
    sub: tuple[CrRule, int] | None = None  # the sub-rule list item being read, and its indent
    block: tuple[CrRule, int] | None = None  # the admonition being read, and its indent
    target = main.paragraphs
    new_paragraph = True
    for raw in body:
        line = raw.expandtabs(4).rstrip()
        if not line.strip():
            new_paragraph = True
            continue
        indent, text = _indent(line), line.strip()
        if block is not None and indent > block[1]:
            block[0].examples[-1] += " " + text
            continue
        block = None
        directive = _RST_DIRECTIVE.match(text)
        if directive:
            owner = sub[0] if sub is not None and indent > sub[1] else main
            if directive.group(1) == "admonition":
                owner.examples.append(f"{directive.group(2).strip() or 'Note'}:")
            else:
                owner.examples.append(f"{directive.group(1).title()}: {directive.group(2)}".rstrip())
            block = (owner, indent)
            continue
        item = _RST_ITEM.match(text)
        if item and indent > 0:
            sub_rule = rules.setdefault(number + item.group(1), CrRule(number + item.group(1)))
            sub = (sub_rule, indent)
            target = sub_rule.paragraphs
            target.append(item.group(2))
            new_paragraph = False
            continue
        if sub is not None and indent > sub[1]:
            target = sub[0].paragraphs
        else:
            sub, target = None, main.paragraphs
        if new_paragraph or not target:
            target.append(text)
        else:
            target[-1] += " " + text
        new_paragraph = False


def _parse_rst(lines: list[str]) -> dict[str, CrRule]:
    """Rules are headings (`510.1` over a line of dashes); the body runs to the next heading or label."""
    heads: list[tuple[int, str]] = []
    for i in range(len(lines) - 1):
        m = _RST_HEADING.match(lines[i])
        if m and _RST_UNDERLINE.match(lines[i + 1]):
            heads.append((i, m.group(1)))
    rules: dict[str, CrRule] = {}
    for i, number in heads:
        end = i + 2
        while end < len(lines):
            here = lines[end]
            title = bool(here.strip()) and not here[0].isspace() and end + 1 < len(lines) \
                and bool(_RST_UNDERLINE.match(lines[end + 1]))
            if title or _RST_LABEL.match(here) or _RST_UNDERLINE.match(here):
                break
            end += 1
        _parse_rst_body(number, lines[i + 2:end], rules)
    return rules


def parse_cr(text: str) -> dict[str, CrRule]:
    """Every rule paragraph in a Comprehensive Rules document, in either layout, by number."""
    lines = text.splitlines()
    rules = _parse_rst(lines)
    for number, rule in _parse_plain(lines).items():
        rules.setdefault(number, rule)
    return {n: r for n, r in rules.items() if r.paragraphs or r.examples}


def read_cr(path: str) -> dict[str, CrRule]:
    try:
        data = read_bounded(path, MAX_CR_BYTES)
    except OSError as err:
        raise ExplainError(f"cannot read the Comprehensive Rules file '{path}': {err.strerror or err}") from None
    if data is None:
        raise ExplainError(f"'{path}' is larger than {MAX_CR_BYTES // 1_000_000} MB; is it the Comprehensive Rules?")
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        text = data.decode("utf-16", errors="replace")
    else:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:  # older editions were published in Windows-1252
            text = data.decode("cp1252", errors="replace")
    rules = parse_cr(text)
    if not rules:
        raise ExplainError(f"'{path}' does not look like the Comprehensive Rules: no rule paragraphs such as "
                           "'510.1c A blocked creature ...', and no reStructuredText rule headings")
    return rules


def format_cr_rule(rule: CrRule) -> list[str]:
    """The rule's paragraphs (the first one numbered) and its examples, wrapped, a blank line between each."""
    blocks = [f"{rule.number} {p}" if i == 0 else p for i, p in enumerate(rule.paragraphs)] + rule.examples
    out: list[str] = []
    for block in blocks:
        if out:
            out.append("")
        text = printable(" ".join(block.split()))
        out.extend(textwrap.wrap(text, WIDTH, initial_indent="    ", subsequent_indent="    ") or [""])
    return out


# ---------------------------------------------------------------- the explanation


def _checks_line(r: Rule) -> str:
    if r.status == CHECKED:
        return r.note or f"a transcript that breaks this rule gets a diagnostic citing {r.number}"
    if r.status == NOT_OBSERVABLE:
        return "nothing directly: a transcript cannot show this rule being broken"
    return r.note or "nothing directly: other checks rely on this definition"


def _status_line(r: Rule) -> str:
    return f"{r.status} ({r.note})" if r.status == NOT_OBSERVABLE and r.note else r.status


def _listing(fx: Fixture) -> list[str]:
    lines = fx.text.splitlines()
    gutter = len(str(len(lines)))
    return [f"  {i:>{gutter}} | {line}".rstrip() for i, line in enumerate(lines, 1)]


def _found(fx: Fixture, edition: Edition) -> list[Violation]:
    from .checker import check_text
    from .config import Config

    return check_text(fx.text, path=fx.name, config=Config(edition=edition.name))


def _findings(fx: Fixture, edition: Edition) -> list[str]:
    found = _found(fx, edition)
    return [f"  {v.line}:{v.column}: {v.rule} {v.message}" for v in found] or ["  (nothing)"]


def _examples(r: Rule, edition: Edition) -> list[str]:
    failing, passing = fixtures_for(r.number, edition)
    if edition is not BASELINE:   # the baseline's fixtures that still break this rule in this edition
        failing = [fx for fx in failing if any(v.rule == r.number for v in _found(fx, edition))]
    out: list[str] = []
    if failing:
        out += ["", f"Failing example ({failing[0].name}):"] + _listing(failing[0])
        out += ["", "rulecheck reports" + ("" if edition is BASELINE else f" (edition {edition.name})") + ":"]
        out += _findings(failing[0], edition)
    if passing:
        out += ["", f"Passing example ({passing[0].name}):"] + _listing(passing[0])
    more = [fx.name for fx in failing[1:] + passing[1:]]
    if more:
        out += ["", "More fixtures for this rule: " + ", ".join(more)]
    if not failing or not passing:
        missing = "failing or passing" if not failing and not passing else "failing" if not failing else "passing"
        why = {CHECKED: "", DEFINITION: " (a definition has nothing a transcript can break on its own)",
               NOT_OBSERVABLE: " (a transcript cannot show this rule being broken)"}.get(r.status, "")
        out += ["", f"No {missing} example of its own{why}."]
        nearby = _with_fixtures([n for n in sub_rules_of(r.number, edition) + list(r.related)
                                 + cited_by(r.number, edition) if n in edition.by_number and n != r.number],
                                edition)
        if nearby:
            out.append("Rules nearby with examples: " + ", ".join(dict.fromkeys(nearby))
                       + f" (rulecheck explain {nearby[0]}).")
    return out


def _cr_section(number: str, cr: dict[str, CrRule] | None, cr_path: str | None,
                edition: Edition = BASELINE) -> tuple[list[str], bool]:
    if cr is None or cr_path is None:
        return [], True
    cr_path = printable(cr_path)
    found = cr.get(number)
    if found is None:
        return ["", f"Comprehensive Rules ({cr_path}): rule {number} is not in this file "
                    f"(it has {len(cr)} rules; an older or newer edition may number it differently)."], False
    note = textwrap.wrap(f"({edition.cr_note})", WIDTH, initial_indent="    ", subsequent_indent="    ") \
        if edition.cr_note else []
    return ["", f"Comprehensive Rules ({cr_path}):"] + format_cr_rule(found) + note, True


@dataclass(frozen=True)
class Summary:
    """The head of an explanation, for a short display (the language server's hover): the same data as
    `rulecheck explain`, without the examples."""

    code: str
    title: str
    edition: str = ""           # "NAME, description" when the edition is not the baseline
    status: str = ""            # a rule's status line; "" for a tool code or a rule rulecheck only cites
    checks: str = ""            # what rulecheck checks
    part_of: str = ""           # "510.1 <its title>" for a lettered sub-rule
    sub_rules: tuple[str, ...] = ()
    related: tuple[str, ...] = ()
    cited_by: tuple[str, ...] = ()  # rules that list this one as related (and that it does not list itself)

    def lines(self) -> list[str]:
        """`rulecheck explain`'s head: the title line, then one labelled line per field that has a value."""
        out = [f"{self.code}: {self.title}", ""]
        for label, value in (("edition", self.edition), ("status", self.status), ("checks", self.checks),
                             ("part of", self.part_of), ("sub-rules", ", ".join(self.sub_rules)),
                             ("related", ", ".join(self.related)),
                             ("cited by", ", ".join(self.cited_by))):
            if value:
                out.append(f"{label + ':':<10} {value}")
        return out


TOOL_CODE_NOTE = "'{code}' is a rulecheck diagnostic, not a Comprehensive Rules number"


def summary(rule: str, edition: Edition = BASELINE) -> Summary | None:
    """What rulecheck knows about a rule number or tool code (normalised as `explain` does) in an edition, or
    None when it knows nothing: a rule of the registry, a tool code, or a rule outside the registry that one of
    it cites."""
    number = normalise(rule)
    r = edition.by_number.get(number)
    citing = cited_by(number, edition)
    if r is not None:
        parent = parent_of(r.number, edition)
        return Summary(r.number, r.title, f"{edition.name}, {edition.description}" if edition is not BASELINE else "",
                       _status_line(r), _checks_line(r),
                       f"{parent.number} {parent.title}" if parent is not None else "",
                       tuple(sub_rules_of(r.number, edition)), r.related,
                       tuple(n for n in citing if n not in r.related))
    if number in TOOL_RULES:
        return Summary(number, TOOL_RULES[number], checks=TOOL_CODE_NOTE.format(code=number))
    if citing:
        return Summary(number, "not a rule rulecheck checks on its own (see rulecheck rules and docs/coverage.md)",
                       cited_by=tuple(citing))
    return None


def explain(rule: str, cr_path: str | None = None, edition: Edition = BASELINE) -> tuple[str, int]:
    """The explanation of one rule or tool code in an edition's numbers, and the exit status (1 when the CR file
    lacks the rule).

    Raises ExplainError for an unknown rule or an unusable CR file."""
    number = normalise(rule)
    r = edition.by_number.get(number)
    citing = cited_by(number, edition)
    cr = read_cr(cr_path) if cr_path and (r is not None or citing) else None
    if r is not None:
        head = summary(number, edition)
        assert head is not None
        out = head.lines()
        section, ok = _cr_section(r.number, cr, cr_path, edition)
        out += section + _examples(r, edition)
        return "\n".join(out), 0 if ok else 1
    if number in TOOL_RULES:
        out = [f"{number}: {TOOL_RULES[number]}", "", TOOL_CODE_NOTE.format(code=number) + "; no fixture of its own."]
        if cr_path:
            out.append(f"--cr: '{number}' has no Comprehensive Rules text.")
        return "\n".join(out), 0
    if citing:
        out = [f"{number} is not a rule rulecheck checks on its own (see `rulecheck rules` and docs/coverage.md); "
               f"it is cited as related by "
               f"{', '.join(citing)}."]
        section, ok = _cr_section(number, cr, cr_path)
        return "\n".join(out + section), 0 if ok else 1
    if re.fullmatch(r"\d{3}", number):
        inside = [x.number for x in edition.rules if x.number.startswith(number + ".")]
        if inside:
            return f"Section {number}: rulecheck knows {', '.join(inside)}.", 0
    close = suggestions(number, edition) if len(number) <= 40 else []
    hint = "" if not close else f"; did you mean {close[0]}?" if len(close) == 1 else \
        f"; did you mean one of {', '.join(close)}?"
    shown = printable(rule if len(rule) <= 60 else rule[:60] + "...")
    where = "" if edition is BASELINE else f" in the {edition.name} edition"
    if edition is not BASELINE and number in BASELINE.by_number:
        mapped = edition.number(number)
        hint = f"; the baseline's {number} is {mapped} in this edition" if mapped else \
            f"; the baseline's {number} has no counterpart in this edition"
    raise ExplainError(f"unknown rule '{shown}'{where}{hint} (rulecheck rules lists every rule)")


def explain_command(rule: str, cr_path: str | None, edition: Edition = BASELINE) -> None:
    """The body of the `explain` CLI command: print, or report the problem on stderr with exit 2."""
    try:
        text, code = explain(rule, cr_path, edition)
    except ExplainError as err:
        click.echo(f"rulecheck: {err}", err=True)
        sys.exit(err.exit_code)
    click.echo(text)
    sys.exit(code)
