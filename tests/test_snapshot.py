"""The LALR parser kept between processes as Lark's own objects (rulecheck/parser/snapshot.py) is the parser Lark
loads from its table cache: the same tables, rules, terminals and lexers, its rules hashed for the process that
loads it (not the one that stored it), and the same statements or errors for every line; a file that can't be
used changes nothing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from rulecheck.parser import lalr, snapshot

ROOT = Path(__file__).resolve().parent.parent

# Run in a new process with its own string hashes: loads the parser through lalr._lark() (which must come from
# the snapshot: Lark's constructor is made to fail), loads Lark's own cache beside it, and compares the two.
COMPARE = r"""
import glob, sys
from lark import Lark
from lark.grammar import Rule
from lark.lexer import TerminalDef
from lark.parsers.lalr_analysis import Reduce
from rulecheck.parser import lalr

text = lalr.grammar_text()
tables = lalr._table_cache(text)
real_init = Lark.__init__
def refuse(*args, **kwargs):
    raise AssertionError("the parser was built by Lark, not loaded from the snapshot")
Lark.__init__ = refuse
loaded, build = lalr._lark()
Lark.__init__ = real_init
other = lalr.Build()
other.trigger_re = build.trigger_re   # set by lalr._lark once the grammar is loaded
reference = Lark(text, parser="lalr", lexer="contextual", propagate_positions=False, maybe_placeholders=False,
                 transformer=other, cache=tables,
                 lexer_callbacks={name: lalr._check_number for name in lalr._NUMBER_TERMINALS})

def tables_of(parser):
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    data.pop("options")
    return data, memo

assert tables_of(loaded) == tables_of(reference)
assert {k: v for k, v in loaded.options.options.items() if k != "transformer"} == \
       {k: v for k, v in reference.options.options.items() if k != "transformer"}
assert loaded.options.transformer is build
assert all(rule._hash == hash((rule.origin, tuple(rule.expansion))) for rule in loaded.rules)
states = loaded.parser.parser.parser.parse_table.states
reduced = {arg for actions in states.values() for action, arg in actions.values() if action is Reduce}
assert reduced and all(rule in loaded._callbacks for rule in reduced)
assert loaded.parser.parser.parser.callbacks is loaded._callbacks
assert loaded.parser.parser_conf.callbacks is loaded._callbacks
lexers = [*loaded.parser.lexer.lexers.values(), loaded.parser.lexer.root_lexer]
assert all(x.user_callbacks is loaded.options.lexer_callbacks for x in lexers)
assert sorted(vars(loaded)) == sorted(vars(reference)), (sorted(vars(loaded)), sorted(vars(reference)))
mine, theirs = loaded.parser.lexer.lexers, reference.parser.lexer.lexers

def terminal(t):   # a pattern's flags are a frozenset as Lark builds it, a list as its cache loads it
    return t.name, type(t.pattern), t.pattern.value, set(t.pattern.flags), t.pattern.raw, t.priority

assert sorted(mine) == sorted(theirs)
for state in theirs:
    a, b = mine[state], theirs[state]
    assert sorted(vars(a)) == sorted(vars(b))
    assert [terminal(t) for t in a.terminals] == [terminal(t) for t in b.terminals]
    assert (a.newline_types, a.ignore_types, a.g_regex_flags) == (b.newline_types, b.ignore_types, b.g_regex_flags)

def outcome(parser, line):
    try:
        return repr(parser.parse(line))
    except Exception as err:
        return f"{type(err).__name__} {getattr(err, 'line', '')} {getattr(err, 'column', '')}"

lines = set()
for path in sorted(glob.glob(sys.argv[1] + "/**/*.transcript", recursive=True)):
    with open(path, encoding="utf-8", errors="replace") as fh:
        lines.update(line.split("#")[0].strip() for line in fh)
lines.discard("")
lines = sorted(lines)[:: max(1, len(lines) // 3000)]
same = sum(outcome(loaded, line) == outcome(reference, line) for line in lines)
assert same == len(lines), (same, len(lines))
print("compared", len(lines))
"""


def _run(code: str, cache: Path, seed: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "RULECHECK_CACHE_DIR": str(cache), "PYTHONHASHSEED": seed}
    return subprocess.run([sys.executable, "-c", code, str(ROOT / "fixtures")], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=600)


def test_a_parser_loaded_from_a_snapshot_is_the_one_lark_loads(tmp_path: Path) -> None:
    first = _run("from rulecheck.parser import lalr; lalr._lark()", tmp_path, "1")
    assert first.returncode == 0, first.stderr
    assert len(list(tmp_path.glob("*-objects-*.pickle"))) == 1
    second = _run(COMPARE, tmp_path, "2")
    assert second.returncode == 0, second.stderr[-3000:]
    assert int(second.stdout.split()[-1]) > 1000


def _options() -> dict[str, object]:
    return dict(parser="lalr", lexer="contextual", maybe_placeholders=False, transformer=lalr.Build(),
                lexer_callbacks={})


def test_a_snapshot_for_something_else_or_damaged_is_not_used(tmp_path: Path) -> None:
    from lark import Lark

    text = lalr.grammar_text()
    path = str(tmp_path / "parser.pickle")
    assert snapshot.load(text, _options(), path) is None   # absent
    options = _options()
    assert snapshot.save(Lark(text, **options), text, options, path)
    assert snapshot.load(text, _options(), path) is not None
    assert snapshot.load(text + "\n", _options(), path) is None   # another grammar
    assert snapshot.load(text, {**_options(), "maybe_placeholders": True}, path) is None   # other options
    data = bytearray(Path(path).read_bytes())
    Path(path).write_bytes(bytes(data[: len(data) // 2]))   # cut short
    assert snapshot.load(text, _options(), path) is None


def test_a_parser_with_a_function_in_its_tables_is_not_stored(tmp_path: Path) -> None:
    from lark import Lark

    text = lalr.grammar_text()
    options = _options()
    parser = Lark(text, **options)
    parser.parser.lexer.root_lexer.stray = lambda: None   # something the snapshot can't stand for
    assert not snapshot.save(parser, text, options, str(tmp_path / "parser.pickle"))
    assert not list(tmp_path.iterdir())
