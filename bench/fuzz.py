"""Fuzz the whole pipeline: ≥ 10^5 generated transcripts through read, parse, replay, rules and every format.

    nice python3 bench/fuzz.py                      # 100 000 inputs on 2 processes, report in bench/out/
    nice python3 bench/fuzz.py --inputs 2000 --jobs 1
    python3 bench/fuzz.py --show 4711               # print input 4711 and check it here, with any traceback

Input number i is a pure function of (--seed, i), so any finding can be replayed with --show. Four kinds:
`grammar` (a setup plus statements generated from the Lark grammar itself), `mutation` (a fixture with lines
deleted, duplicated, swapped, truncated, bytes spliced, numbers and names changed, generated statements put in),
`crossover` (the head of one fixture and the tail of another) and `bytes` (random bytes, biased towards line
breaks, NUL, BOMs, broken UTF-8 and the language's punctuation). Generated transcripts may `include:` hostile
card files (a YAML bomb, a cycle, wrong types, a directory, a missing file) kept next to them.

Each input is checked once (a tenth of them twice, for determinism) and rendered in every output format. A
finding is: an exception out of the pipeline (`crash`), an `internal-error` diagnostic (a rule check failed),
a diagnostic outside the file or malformed (`position`), two runs that disagree (`nondeterministic`), or an input
that takes more than --slow seconds (`hang`; a worker stuck for --kill seconds is killed and its input recorded).
Exit status 1 when anything was found.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import random
import re
import signal
import statistics
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from lark import Lark  # noqa: E402
from lark.grammar import NonTerminal, Terminal  # noqa: E402

from rulecheck.checker import check_file  # noqa: E402
from rulecheck.diagnostics import Violation  # noqa: E402
from rulecheck.editions import EDITIONS  # noqa: E402
from rulecheck.editions.registry import TOOL_RULES  # noqa: E402
from rulecheck.parser import grammar_text  # noqa: E402
from rulecheck.report import FORMATS, render  # noqa: E402

try:  # Python 3.11+
    from re import _parser as sre_parse  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - Python 3.10
    import sre_parse  # type: ignore[no-redef, unused-ignore]

KINDS = ("grammar", "mutation", "crossover", "bytes")
CORPUS_DIRS = ("fixtures/rules", "fixtures/scenarios", "fixtures/hostile", "examples")
OUT_DIR = ROOT / "bench" / "out"

# ------------------------------------------------------------------ material for generated transcripts
PLAYERS = ("Alice", "Bob", "Carol")
CARDS = {
    "Craw Wurm": "creature 6/4", "Grizzly Bears": "creature 2/2", "Wall of Wood": "creature 0/3, defender",
    "Serra Angel": "creature 4/4, flying, vigilance", "Llanowar Elves": "creature 1/1",
    "Ball Lightning": "creature 6/1, trample, haste, at the beginning of the end step",
    "Phyrexian Arena": "enchantment, at the beginning of your upkeep", "Lightning Bolt": "instant",
    "Giant Growth": "instant", "Forest": "basic land", "Mountain": "basic land",
    "Ajani Goldmane": "planeswalker, loyalty 4", "Thicket Basilisk": "creature 2/4, deathtouch",
    "Hill Giant": "creature 3/3", "Teferi's Imp": "creature 1/1, phasing, flying",
    "Ghostly Prison": "enchantment, attack cost {2}", "Divination": "sorcery",
}
NAMES = PLAYERS + tuple(CARDS) + ("Grizzly Bears (2)", "Dave", "Nonexistent Card", '"Akroma, Angel of Wrath"')
CARD_FILES = {
    "good.yaml": "cards:\n  - name: Savannah Lions\n    types: creature\n    pt: 2/1\n",
    "bomb.yaml": "a: &a [1, 2]\n" + "".join(f"{c}: &{c} [{', '.join(['*' + p] * 9)}]\n"
                                           for p, c in zip("abcdefg", "bcdefgh", strict=True)) + "cards: *h\n",
    "merge.yaml": "a: &a {x: 1}\nb: &b {<<: [*a, *a, *a]}\ncards: [{<<: *b, name: M, types: land}]\n",
    "cycle-a.yaml": "include: cycle-b.yaml\ncards: []\n",
    "cycle-b.yaml": "include: [cycle-a.yaml]\ncards: []\n",
    "types.yaml": "cards:\n  - name: [1]\n  - name: X\n    types: [1, 2]\n  - {name: Y, pt: {a: 1}}\n  - 7\n",
    "python.yaml": "cards: !!python/object/apply:os.system ['true']\n",
    "deep.yaml": "cards: " + "[" * 5000 + "]" * 5000 + "\n",
    "carddir": None,
}
INCLUDES = (*CARD_FILES, "missing.yaml", "../", "good.yaml")
STEPS = ("untap step", "upkeep step", "draw step", "precombat main phase", "beginning of combat step",
         "declare attackers step", "declare blockers step", "combat damage step", "first combat damage step",
         "second combat damage step", "end of combat step", "postcombat main phase", "end step", "cleanup step",
         "beginning phase", "combat phase", "ending phase", "main phase")
NUMBERS = ("0", "1", "1", "2", "2", "3", "4", "6", "7", "20", "100", "2147483647", "2147483648", "9" * 30,
           "٣", "00")
TERMINAL_SAMPLES: dict[str, tuple[str, ...]] = {
    "NAME": NAMES,
    "CARD_NAME": tuple(CARDS) + ('"Fire and Ice"', "Grizzly Bears", "Odd: Name"),
    "INT": NUMBERS,
    "SIGNED_INT": NUMBERS + ("-3", "+5", "-2147483649"),
    "PT": ("2/2", "6/4", "0/3", "0/0", "-1/-1", "1/2147483648"),
    "PT_MOD": ("+3/+3", "-2/-0", "+0/+1", "+2147483647/+0"),
    "MANA": ("{G}", "{2}{G}", "{1}", "{W}{W}", "{X}", "{²}", "{999}", "{G/W}", "{0}"),
    "STEP": STEPS,
    "TEXT": ("A game", "cards.yaml", "x", "Craw Wurm: creature 6/4"),
    "WORD": ("baseline", "modern", "x"),
}

HEADERS = (
    "players: Alice, Bob\n",
    "players: Alice, Bob\npriority: explicit\n",
    "players: Alice, Bob, Carol\noption: attack multiple players\n",
    "players: Alice, Bob\narchenemy: Alice\n",
)


def setup_block(rng: random.Random) -> str:
    """A header, some card definitions and a starting state: enough for generated events to reach the rules."""
    out = [rng.choice(HEADERS)]
    for name, props in rng.sample(sorted(CARDS.items()), rng.randint(3, len(CARDS))):
        out.append(f"card {name}: {props}\n")
    if rng.random() < 0.3:
        out.append(f"include: {rng.choice(INCLUDES)}\n")
    for player in ("Alice", "Bob"):
        owned = rng.sample(sorted(CARDS), rng.randint(0, 4))
        if owned:
            out.append(f"{player} controls {', '.join(owned)}\n")
    if rng.random() < 0.5:
        out.append(f"Alice: life {rng.choice(NUMBERS)}, hand {rng.randint(0, 9)}\n")
    step = rng.choice(STEPS + ("",) * 4)
    out.append(f"turn {rng.choice(NUMBERS[:10])}: {rng.choice(PLAYERS[:2])}" + (f", in {step}" if step else "") + "\n")
    return "".join(out)


# ------------------------------------------------------------------ strings from the grammar
class RegexSampler:
    """A random string matching (most of the time) a regular expression, from Python's own regex parser."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.cache: dict[str, Any] = {}

    def sample(self, pattern: str) -> str:
        parsed = self.cache.get(pattern)
        if parsed is None:
            parsed = self.cache[pattern] = sre_parse.parse(pattern)
        return "".join(self._items(parsed, 0))

    def _items(self, items: Any, depth: int) -> Iterator[str]:
        for op, av in items:
            yield from self._item(op, av, depth)

    def _item(self, op: Any, av: Any, depth: int) -> Iterator[str]:
        rng = self.rng
        name = str(op)
        if name == "LITERAL":
            yield chr(av)
        elif name == "NOT_LITERAL":
            yield rng.choice([c for c in "aZ0 é'-" if ord(c) != av])
        elif name == "ANY":
            yield rng.choice("aZ0 -'é")
        elif name == "IN":
            yield self._in(av)
        elif name == "BRANCH":
            yield from self._items(rng.choice(av[1]), depth + 1)
        elif name == "SUBPATTERN":
            yield from self._items(av[-1], depth + 1)
        elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
            low, high, sub = av
            high = min(high, low + (3 if depth < 3 else 1))
            for _ in range(rng.randint(low, max(low, high))):
                yield from self._items(sub, depth + 1)
        elif name in ("AT", "ASSERT", "ASSERT_NOT", "GROUPREF"):
            return
        else:
            yield ""

    def _in(self, av: Any) -> str:
        rng = self.rng
        choices: list[str] = []
        negate = False
        for op, arg in av:
            name = str(op)
            if name == "NEGATE":
                negate = True
            elif name == "LITERAL":
                choices.append(chr(arg))
            elif name == "RANGE":
                lo, hi = arg
                choices.append(chr(rng.randint(lo, min(hi, lo + 300))))
            elif name == "CATEGORY":
                cat = str(arg)
                choices.append(rng.choice("0123456789٣" if "DIGIT" in cat and "NOT" not in cat
                                          else " \t" if "SPACE" in cat and "NOT" not in cat else "aZé_'0"))
        if negate:
            pool = [c for c in "aZé ,:0'-\"{}/" if c not in choices]
            return rng.choice(pool) if pool else "a"
        return rng.choice(choices) if choices else "a"


@dataclass
class GrammarWalker:
    """Random statements from the transcript grammar: random expansions, bounded recursion, sampled terminals."""

    rng: random.Random
    lark: Lark
    rules: dict[str, list[tuple[Any, ...]]] = field(default_factory=dict)
    terminals: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for rule in self.lark.rules:
            self.rules.setdefault(rule.origin.name, []).append(tuple(rule.expansion))
        self.terminals = {t.name: t.pattern for t in self.lark.terminals}
        self.regex = RegexSampler(self.rng)

    def line(self) -> str:
        return self._expand("line", 0)

    def statement(self) -> str:
        return self._expand("statement", 0)

    def _expand(self, symbol: str, depth: int) -> str:
        options = self.rules[symbol]
        if depth > 6:
            options = sorted(options, key=lambda e: sum(isinstance(s, NonTerminal) for s in e))[:1]
        parts: list[str] = []
        for sym in self.rng.choice(options):
            if isinstance(sym, Terminal):
                parts.append(self.terminal(sym.name))
            else:
                parts.append(self._expand(sym.name, depth + 1))
        sep = self.rng.choice((" ", " ", " ", " ", "  ", "\t", ""))
        return sep.join(p for p in parts if p)

    def terminal(self, name: str) -> str:
        samples = TERMINAL_SAMPLES.get(name)
        if samples and self.rng.random() < 0.85:
            return self.rng.choice(samples)
        pattern = self.terminals[name]
        if pattern.type == "str":
            return str(pattern.value)
        return self.regex.sample(pattern.to_regexp())


# ------------------------------------------------------------------ the four kinds of input
def corpus() -> list[bytes]:
    files: list[bytes] = []
    for folder in CORPUS_DIRS:
        for path in sorted((ROOT / folder).glob("*.transcript")):
            if path.stat().st_size < 100_000:
                files.append(path.read_bytes())
    return files


class Generator:
    """Input number i of a run, as bytes: a pure function of (seed, i)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.corpus = corpus()
        self.lark = Lark(grammar_text(), parser="lalr", lexer="contextual")

    def make(self, i: int) -> tuple[str, bytes]:
        rng = random.Random(self.seed * 1_000_003 + i)
        kind = KINDS[i % len(KINDS)] if i % 20 else "grammar"
        walker = GrammarWalker(rng, self.lark)
        if kind == "grammar":
            return kind, self.grammar(rng, walker)
        if kind == "mutation":
            return kind, self.mutation(rng, walker)
        if kind == "crossover":
            a, b = rng.choice(self.corpus), rng.choice(self.corpus)
            return kind, a[:rng.randint(0, len(a))] + b[rng.randint(0, len(b)):]
        return kind, random_bytes(rng)

    def grammar(self, rng: random.Random, walker: GrammarWalker) -> bytes:
        lines = [setup_block(rng)] if rng.random() < 0.9 else []
        for _ in range(rng.randint(1, 30)):
            roll = rng.random()
            if roll < 0.55:
                lines.append(walker.statement() + "\n")
            elif roll < 0.7:
                lines.append(walker.line() + "\n")
            elif roll < 0.9:
                lines.append(rng.choice(STEPS) + "\n")
            else:
                source = rng.choice(self.corpus).splitlines()
                if source:
                    lines.append(rng.choice(source).decode("utf-8", "replace") + "\n")
        return "".join(lines).encode("utf-8", "surrogatepass")

    def mutation(self, rng: random.Random, walker: GrammarWalker) -> bytes:
        lines = rng.choice(self.corpus).split(b"\n")
        for _ in range(rng.randint(1, 5)):
            op = rng.randrange(11)
            k = rng.randrange(len(lines)) if lines else 0
            if not lines:
                lines = [b""]
            elif op == 0:
                del lines[k]
            elif op == 1:
                lines.insert(k, lines[k])
            elif op == 2:
                j = rng.randrange(len(lines))
                lines[k], lines[j] = lines[j], lines[k]
            elif op == 3:
                lines[k] = lines[k][:rng.randint(0, len(lines[k]))]
            elif op == 4:
                lines = lines[:k + 1]
            elif op == 5:
                pos = rng.randint(0, len(lines[k]))
                lines[k] = lines[k][:pos] + random_bytes(rng, 8) + lines[k][pos:]
            elif op == 6:
                lines.insert(k, walker.statement().encode("utf-8", "surrogatepass"))
            elif op == 7:
                lines[k] = re.sub(rb"\d+", rng.choice(NUMBERS).encode(), lines[k], count=1)
            elif op == 8:
                lines[k] = lines[k].replace(rng.choice(NAMES).encode(), rng.choice(NAMES).encode())
            elif op == 9:
                j = rng.randrange(len(lines))
                lines[k] = lines[k] + b"; " + lines[j]
            else:
                lines.insert(k, rng.choice(STEPS).encode() + rng.choice((b"", b" ends", b" begins")))
        return rng.choice((b"\n", b"\n", b"\r\n", b"\r")).join(lines)


BYTE_PIECES = (b"\n", b"\r\n", b"\r", b"\x00", b"\xef\xbb\xbf", b"\xff\xfe", b"\xc3", b"\xa9", b"\xe2\x80\xa8",
               b"\x0c", b"#", b'"', b";", b":", b",", b"{", b"}", b"/", b"turn 3: Alice", b"players: Alice, Bob",
               b"Alice", b"\t", b" ", b"...", b"\xf0\x9f\x98\x8d")


def random_bytes(rng: random.Random, size: int = 2000) -> bytes:
    n = rng.randint(0, size)
    out = bytearray()
    while len(out) < n:
        out += rng.choice(BYTE_PIECES) if rng.random() < 0.4 else bytes([rng.randrange(256)])
    return bytes(out)


# ------------------------------------------------------------------ what must hold for every input
KNOWN_RULES = {r.number for e in EDITIONS.values() for r in e.rules} | set(TOOL_RULES) | {"expect"}


def source_lines(data: bytes) -> list[str]:
    """The file's lines as rulecheck numbers them (LF, CRLF or lone CR; BOM dropped), decoded leniently."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    lines = re.split(rb"\r\n|\r|\n", data)
    if lines and lines[-1] == b"":
        lines.pop()
    return [line.decode("utf-8", "replace") for line in lines]


def position_problems(violations: list[Violation], data: bytes, path: str) -> list[str]:
    """Every diagnostic names this file, a line in it and a column on that line (or just past its end)."""
    lines = source_lines(data)
    problems: list[str] = []
    for v in violations:
        where = f"{v.line}:{v.column}-{v.end_line}:{v.end_column} {v.rule}"
        length = len(lines[v.line - 1]) if 0 < v.line <= len(lines) else 0
        if v.file != path:
            problems.append(f"{where}: file {v.file!r} is not {path!r}")
        if not (1 <= v.line <= max(1, len(lines))):
            problems.append(f"{where}: line outside the file ({len(lines)} lines)")
        elif not (1 <= v.column <= length + 1):
            problems.append(f"{where}: column outside the line ({length} characters)")
        elif v.end_line < v.line or (v.end_line == v.line and not v.column <= v.end_column <= max(length + 1,
                                                                                                v.column + 1)):
            problems.append(f"{where}: end before the start or past the line ({length} characters)")
        if v.rule not in KNOWN_RULES:
            problems.append(f"{where}: unknown rule code")
        if v.severity not in ("error", "warning", "note") or not v.message or "\n" in v.message:
            problems.append(f"{where}: bad severity or message {v.severity!r} {v.message!r}")
    return problems


@dataclass
class Outcome:
    """What one input did."""

    seconds: float
    violations: list[Violation]
    rendered: dict[str, str]
    findings: list[tuple[str, str]]  # (kind, detail)


def run_pipeline(path: str, data: bytes) -> Outcome:
    """Check the file and render it in every format, noting every broken promise."""
    findings: list[tuple[str, str]] = []
    start = time.perf_counter()
    violations: list[Violation] = []
    rendered: dict[str, str] = {}
    try:
        violations = check_file(path).violations
        for name in FORMATS:
            rendered[name] = render(name, violations, files=1, paths=[path])
        json.loads(rendered["json"])
    except Exception:  # noqa: BLE001 - that is the finding
        findings.append(("crash", traceback.format_exc(limit=-8)))
    seconds = time.perf_counter() - start
    for v in violations:
        if v.rule == "internal-error":
            findings.append(("internal-error", f"{v.line}:{v.column} {v.message}"))
    for problem in position_problems(violations, data, path):
        findings.append(("position", problem))
    return Outcome(seconds, violations, rendered, findings)


# ------------------------------------------------------------------ workers
class Stuck(BaseException):
    """Raised by the alarm in a worker: BaseException, so no `except Exception` in the pipeline swallows it."""


def _alarm(signum: int, frame: Any) -> None:
    raise Stuck()


def prepare_dir(folder: Path) -> None:
    for name, text in CARD_FILES.items():
        if text is None:
            (folder / name).mkdir(exist_ok=True)
        else:
            (folder / name).write_text(text, encoding="utf-8")


@dataclass
class Stats:
    inputs: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    bytes: int = 0
    seconds: float = 0.0
    times: list[float] = field(default_factory=list)
    slowest: list[tuple[float, int, str, int]] = field(default_factory=list)  # (s, seed, kind, size)
    findings: list[dict[str, Any]] = field(default_factory=list)


def worker(wid: int, seeds: list[int], seed: int, slow: float, soft_kill: float, queue: Any, current: Any) -> None:
    os.environ.setdefault("NO_COLOR", "1")
    gen = Generator(seed)
    signal.signal(signal.SIGALRM, _alarm)
    stats = Stats()
    with tempfile.TemporaryDirectory(prefix=f"rulecheck-fuzz-{wid}-") as tmp:
        folder = Path(tmp)
        prepare_dir(folder)
        path = str(folder / "input.transcript")
        for count, i in enumerate(seeds, 1):
            current[wid] = i
            kind, data = gen.make(i)
            Path(path).write_bytes(data)
            signal.setitimer(signal.ITIMER_REAL, soft_kill)
            try:
                outcome = run_pipeline(path, data)
                if i % 10 == 0:
                    again = run_pipeline(path, data)
                    if again.violations != outcome.violations or again.rendered != outcome.rendered:
                        outcome.findings.append(("nondeterministic", "two runs of the same input disagree"))
            except Stuck:
                outcome = Outcome(soft_kill, [], {}, [("hang", f"stopped after {soft_kill:.0f} s in:\n"
                                                               + traceback.format_exc(limit=-6))])
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            if outcome.seconds > slow and not any(k == "hang" for k, _ in outcome.findings):
                outcome.findings.append(("hang", f"{outcome.seconds:.2f} s for {len(data)} bytes"))
            stats.inputs += 1
            stats.kinds[kind] += 1
            stats.bytes += len(data)
            stats.seconds += outcome.seconds
            stats.times.append(round(outcome.seconds, 5))
            stats.slowest = sorted([*stats.slowest, (outcome.seconds, i, kind, len(data))], reverse=True)[:10]
            for what, detail in outcome.findings:
                stats.findings.append({"seed": i, "kind": kind, "finding": what, "detail": detail[:2000]})
            if count % 500 == 0 or count == len(seeds):
                queue.put((wid, count == len(seeds), _stats_json(stats)))
                stats = Stats()
    current[wid] = -1


def _stats_json(stats: Stats) -> dict[str, Any]:
    data = asdict(stats)
    data["kinds"] = dict(stats.kinds)
    return data


# ------------------------------------------------------------------ the parent: share out, watch, report
def run(total: int, jobs: int, seed: int, slow: float, kill: float) -> dict[str, Any]:
    ctx = mp.get_context("fork")
    queue = ctx.Queue()
    current = ctx.Array("q", [-1] * jobs)
    todo = {w: list(range(w, total, jobs)) for w in range(jobs)}
    done_upto: dict[int, int] = {w: 0 for w in range(jobs)}  # inputs reported by worker w's current share
    totals = Stats()
    killed: list[dict[str, Any]] = []

    def start(w: int) -> Any:
        proc = ctx.Process(target=worker, args=(w, todo[w], seed, slow, kill / 2, queue, current), daemon=True)
        proc.start()
        return proc

    procs = {w: start(w) for w in range(jobs)}
    last_seen = {w: (-1, time.monotonic()) for w in range(jobs)}
    finished: set[int] = set()

    def skip_input(w: int, seed_now: int, finding: str, detail: str, now: float) -> None:
        """Record the input a worker hung or died on, and restart the worker after it."""
        killed.append({"seed": seed_now, "finding": finding, "kind": "?", "detail": detail})
        rest = todo[w][todo[w].index(seed_now) + 1:] if seed_now in todo[w] else []
        todo[w] = rest
        if rest:
            procs[w] = start(w)
            last_seen[w] = (-1, now)
        else:
            finished.add(w)
    began = time.monotonic()
    next_progress = began + 30
    while len(finished) < jobs:
        try:
            w, last, data = queue.get(timeout=1)
            _merge(totals, data)
            done_upto[w] += data["inputs"]
            if last:
                finished.add(w)
        except Exception:  # noqa: BLE001 - queue.Empty: time to look at the workers
            pass
        now = time.monotonic()
        for w, proc in procs.items():
            if w in finished:
                continue
            seed_now = current[w]
            if seed_now != last_seen[w][0]:
                last_seen[w] = (seed_now, now)
            elif now - last_seen[w][1] > kill:
                proc.kill()
                proc.join()
                skip_input(w, seed_now, "hang", f"worker killed after {kill:.0f} s on this input", now)
            elif not proc.is_alive() and proc.exitcode not in (0, None) and w not in finished:
                skip_input(w, seed_now, "crash", f"worker died with exit code {proc.exitcode}", now)
        if now > next_progress:
            print(f"  {totals.inputs} inputs, {now - began:.0f} s", file=sys.stderr, flush=True)
            next_progress = now + 60
    wall = time.monotonic() - began
    totals.findings += killed
    return _report(totals, total, jobs, seed, slow, wall)


def _merge(totals: Stats, data: dict[str, Any]) -> None:
    totals.inputs += data["inputs"]
    totals.kinds.update(data["kinds"])
    totals.bytes += data["bytes"]
    totals.seconds += data["seconds"]
    totals.times += data["times"]
    totals.slowest = sorted([*totals.slowest, *map(tuple, data["slowest"])], reverse=True)[:10]
    totals.findings += data["findings"]


def _report(totals: Stats, asked: int, jobs: int, seed: int, slow: float, wall: float) -> dict[str, Any]:
    times = sorted(totals.times) or [0.0]

    def pct(p: float) -> float:
        return times[min(len(times) - 1, int(p * len(times)))]

    by_finding = Counter(f["finding"] for f in totals.findings)
    distinct: dict[str, dict[str, Any]] = {}
    for f in totals.findings:  # one example of each distinct finding (first line of its detail)
        key = f"{f['finding']}: {_signature(f['detail'])}"
        distinct.setdefault(key, {**f, "count": 0})["count"] += 1
    return {
        "inputs": totals.inputs, "asked": asked, "jobs": jobs, "seed": seed, "slow_threshold_s": slow,
        "kinds": dict(totals.kinds), "bytes": totals.bytes, "wall_s": round(wall, 1),
        "cpu_s": round(totals.seconds, 1), "per_input_ms": {
            "median": round(statistics.median(times) * 1000, 2), "p99": round(pct(0.99) * 1000, 2),
            "p999": round(pct(0.999) * 1000, 2), "max": round(times[-1] * 1000, 2)},
        "findings": dict(by_finding),
        "distinct_findings": list(distinct.values()),
        "slowest": [{"seconds": round(s, 4), "seed": i, "kind": k, "bytes": b} for s, i, k, b in totals.slowest],
        "python": sys.version.split()[0],
    }


def _signature(detail: str) -> str:
    """What makes two findings the same bug: the message without numbers, or a traceback's last line."""
    lines = [ln for ln in detail.strip().splitlines() if ln.strip()]
    last = lines[-1] if lines else ""
    if " in rulecheck." in detail:
        last = detail[detail.index(" in rulecheck."):].split(")")[0]
    return re.sub(r"\d+", "N", last)[:200]


def show(seed: int, i: int) -> int:
    """Print input i and check it in this process, tracebacks and all."""
    kind, data = Generator(seed).make(i)
    with tempfile.TemporaryDirectory(prefix="rulecheck-fuzz-show-") as tmp:
        folder = Path(tmp)
        prepare_dir(folder)
        path = folder / "input.transcript"
        path.write_bytes(data)
        print(f"# input {i} ({kind}, {len(data)} bytes):")
        sys.stdout.write(data.decode("utf-8", "backslashreplace"))
        print("\n# ---")
        outcome = run_pipeline(str(path), data)
        print(outcome.rendered.get("concise", ""))
        print(f"# {outcome.seconds:.3f} s")
        for what, detail in outcome.findings:
            print(f"# {what}: {detail}")
        return 1 if outcome.findings else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--inputs", type=int, default=100_000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--slow", type=float, default=1.0, help="seconds above which an input counts as a hang")
    ap.add_argument("--kill", type=float, default=60.0, help="seconds after which a stuck worker is killed")
    ap.add_argument("--show", type=int, metavar="I", help="print input I and check it here")
    ap.add_argument("--out", type=Path, default=None, help="where to write the JSON report")
    args = ap.parse_args(argv)
    if args.show is not None:
        return show(args.seed, args.show)
    report = run(args.inputs, max(1, args.jobs), args.seed, args.slow, args.kill)
    out = args.out or OUT_DIR / f"fuzz-{time.strftime('%Y%m%d-%H%M%S')}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    summary = {k: v for k, v in report.items() if k not in ("distinct_findings", "slowest")}
    print(json.dumps(summary, indent=2))
    for f in report["distinct_findings"]:
        print(f"- {f['finding']} x{f['count']} (e.g. --show {f['seed']}): {f['detail'].splitlines()[0][:300]}")
    print("slowest:", ", ".join(f"#{s['seed']} {s['seconds']}s" for s in report["slowest"][:5]))
    print(f"report: {out}")
    return 1 if report["findings"] else 0


if __name__ == "__main__":
    sys.exit(main())
