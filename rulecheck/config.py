"""Configuration: which rules to report, for which files, and how.

Settings come from `[tool.rulecheck]` in `pyproject.toml` or from `.rulecheck.yaml`, found by walking up from each
checked file (in each directory `.rulecheck.yaml` is looked for before `pyproject.toml`, and a `pyproject.toml`
without a `[tool.rulecheck]` table is passed over; the first file found wins, nothing is merged), or from one file
named with `--config`. Command-line flags override the file.

Rule codes are matched by prefix, one segment at a time: `510` covers every 510.x rule, `510.1` covers 510.1 and
510.1a-510.1e but not 510.10, `510.1c` only itself; tool codes such as `syntax` match only themselves.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .records import record

if TYPE_CHECKING:
    import yaml

from .editions import EDITIONS
from .editions.registry import TOOL_RULES
from .files import read_bounded

CONFIG_YAML = ".rulecheck.yaml"
PYPROJECT = "pyproject.toml"
KEYS = ("select", "ignore", "extend-ignore", "per-file-ignores", "extension", "edition", "format", "cards")
ALL = "ALL"
MAX_CONFIG_BYTES = 1_000_000

# Diagnostics that mean the run itself failed: they are always reported and can be neither ignored nor suppressed.
ALWAYS_REPORTED = frozenset({"io", "internal-error"})
ALWAYS_REPORTED_MESSAGE = "'{code}' cannot be {verb}: it reports that the run itself failed"

_CR_CODE = re.compile(r"^(\d{3})(?:\.(\d+)([a-z])?)?$")


class ConfigError(Exception):
    """A configuration file or option that cannot be used; the message says where and why."""


# ---------------------------------------------------------------- rule codes and prefixes
def _known_codes() -> tuple[str, ...]:
    numbers = dict.fromkeys(r.number for e in EDITIONS.values() for r in e.rules)   # every edition's numbers
    return tuple(numbers) + tuple(TOOL_RULES)


def _specificity(code: str) -> int:
    """How narrow a selector is: ALL < section (510) < rule (510.1) < subrule (510.1c) = tool code."""
    if code == ALL:
        return 0
    m = _CR_CODE.match(code)
    if m is None:
        return 3
    return 1 + (m.group(2) is not None) + (m.group(3) is not None)


def code_matches(selector: str, rule: str) -> bool:
    """Whether `selector` (ALL, a rule prefix or a tool code) covers the reported `rule`."""
    if selector in (ALL, rule):
        return True
    m = _CR_CODE.match(selector)
    if m is None or not _CR_CODE.match(rule):
        return False
    if m.group(2) is None:
        return rule.startswith(selector + ".")
    if m.group(3) is None:
        return len(rule) == len(selector) + 1 and rule.startswith(selector) and rule[-1].isalpha()
    return False


def unknown_code_message(code: str, where: str = "") -> str | None:
    """None if `code` selects at least one known rule; otherwise an error message with a did-you-mean."""
    known = _known_codes()
    if code == ALL or any(code_matches(code, k) for k in known):
        return None
    sections = sorted({k.split(".")[0] for k in known if _CR_CODE.match(k)})
    return f"unknown rule '{code}'{where}{_did_you_mean(code, [*known, *sections], cutoff=0.6)}"


def _edit_distance(a: str, b: str) -> int:
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return row[-1]


def _did_you_mean(word: str, choices: Iterable[str], cutoff: float = 0.5) -> str:
    """`; did you mean 'X'?` for the closest choice (a word it begins, else the fewest edits), or nothing."""
    import difflib  # only for a suggestion: not imported by a check that needs none

    options = list(choices)
    close = [c for c in options if word.isalpha() and c.startswith(word)] or \
        difflib.get_close_matches(word, options, n=6, cutoff=cutoff)
    if not close:
        return ""
    best = min(close, key=lambda c: (_edit_distance(word, c), close.index(c)))
    return f"; did you mean '{best}'?"


def _validate_codes(codes: Sequence[str], setting: str, *, ignoring: bool) -> tuple[str, ...]:
    """The codes, stripped, or a ConfigError naming the setting: not a string, unknown, or never ignorable."""
    out: list[str] = []
    for code in codes:
        if not isinstance(code, str):
            hint = " (quote rule numbers: 510.10 unquoted would read as the number 510.1)" \
                if isinstance(code, (int, float)) else ""
            raise ConfigError(f"'{setting}' must list rule codes as strings, got {code!r}{hint}")
        code = code.strip()
        problem = unknown_code_message(code)
        if problem:
            raise ConfigError(f"'{setting}': {problem}")
        if ignoring and code in ALWAYS_REPORTED:
            raise ConfigError(f"'{setting}': {ALWAYS_REPORTED_MESSAGE.format(code=code, verb='ignored')}")
        out.append(code)
    return tuple(out)


# ---------------------------------------------------------------- file globs
def _glob_regex(pattern: str) -> re.Pattern[str]:
    """A glob as a regex over '/'-separated paths: `*` and `?` stay within a directory, `**/` spans several."""
    out: list[str] = []
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if pattern.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
            continue
        if pattern.startswith("**", i):
            out.append(".*")
            i += 2
            continue
        if ch == "*":
            out.append("[^/]*")
        elif ch == "?":
            out.append("[^/]")
        elif ch == "[":
            end = pattern.find("]", i + 2)
            if end == -1:
                out.append(re.escape(ch))
            else:
                body = pattern[i + 1:end]
                out.append("[" + ("^" + re.escape(body[1:]) if body[0] == "!" else re.escape(body)) + "]")
                i = end
        else:
            out.append(re.escape(ch))
        i += 1
    return re.compile("".join(out) + r"\Z")


# ---------------------------------------------------------------- the configuration
@record(frozen=True)
class Config:
    """Settings for one run (or one directory of files).

    `select` and `ignore` are rule prefixes; when both match a rule the more specific one decides, and `ignore`
    wins a tie. `extend_ignore` adds to `ignore`. `per_file_ignores` maps a glob (relative to `root`, or matching
    the bare file name when it has no '/') to rules ignored in the files it matches. Constructing a `Config`
    validates it and raises `ConfigError`."""

    select: Sequence[str] = (ALL,)
    ignore: Sequence[str] = ()
    extend_ignore: Sequence[str] = ()
    per_file_ignores: Mapping[str, Sequence[str]] = field(default_factory=dict)
    extension: str = ".transcript"
    edition: str = "baseline"
    format: str | None = None
    source: str | None = None
    root: str | None = None
    cards: str | None = None   # a card database (Scryfall or MTGJSON JSON), relative to `root`; see docs/cards.md
    _globs: tuple[tuple[re.Pattern[str], bool, tuple[str, ...]], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for name in ("select", "ignore", "extend_ignore"):
            value = getattr(self, name)
            if isinstance(value, str) or not isinstance(value, Sequence):
                raise ConfigError(f"'{name.replace('_', '-')}' must be a list of rule codes, not {value!r}")
            object.__setattr__(self, name, _validate_codes(value, name.replace("_", "-"),
                                                           ignoring=name != "select"))
        if not isinstance(self.per_file_ignores, Mapping):
            raise ConfigError("'per-file-ignores' must map file globs to lists of rule codes")
        pfi: dict[str, tuple[str, ...]] = {}
        globs = []
        for glob, codes in self.per_file_ignores.items():
            if not isinstance(glob, str) or not glob.strip():
                raise ConfigError(f"'per-file-ignores' keys must be file globs, got {glob!r}")
            if isinstance(codes, str) or not isinstance(codes, Sequence):
                raise ConfigError(f"'per-file-ignores' entry '{glob}' must be a list of rule codes, not {codes!r}")
            pfi[glob] = _validate_codes(codes, f"per-file-ignores: {glob}", ignoring=True)
            normal = glob.replace(os.sep, "/").removeprefix("./")
            globs.append((_glob_regex(normal), "/" not in normal, pfi[glob]))
        object.__setattr__(self, "per_file_ignores", pfi)
        object.__setattr__(self, "_globs", tuple(globs))
        if not isinstance(self.extension, str) or not re.fullmatch(r"\.[^/\\\s]+", self.extension):
            raise ConfigError(f"'extension' must be a file extension starting with '.', like '.transcript', "
                              f"not {self.extension!r}")
        if self.edition not in EDITIONS:
            raise ConfigError(f"unknown edition {self.edition!r}; known editions: {', '.join(EDITIONS)}")
        if self.format is not None:
            from .report import FORMATS
            known = (*FORMATS, "html")   # html: `check`'s report of index and trace pages, written with -o
            if self.format not in known:
                raise ConfigError(f"unknown format {self.format!r}{_did_you_mean(str(self.format), known)} "
                                  f"(formats: {', '.join(known)})")

    def with_overrides(self, *, select: Sequence[str] | None = None, ignore: Sequence[str] | None = None,
                       extend_ignore: Sequence[str] = (), extension: str | None = None,
                       format: str | None = None, edition: str | None = None) -> Config:
        """This configuration with command-line choices on top: `select`/`ignore` replace, `extend_ignore` adds."""
        return replace(self, select=self.select if select is None else tuple(select),
                       ignore=self.ignore if ignore is None else tuple(ignore),
                       extend_ignore=(*self.extend_ignore, *extend_ignore),
                       extension=extension or self.extension, format=format or self.format,
                       edition=edition or self.edition)

    def ignored_in(self, path: str | None) -> tuple[str, ...]:
        """The rule prefixes that `per-file-ignores` switches off for `path`."""
        if path is None or not self._globs:
            return ()
        absolute = Path(os.path.abspath(path))
        base = Path(os.path.abspath(self.root or os.getcwd()))
        try:
            relative = absolute.relative_to(base).as_posix()
        except ValueError:
            relative = absolute.as_posix()
        out: list[str] = []
        for regex, name_only, codes in self._globs:
            if regex.match(absolute.name if name_only else relative):
                out.extend(codes)
        return tuple(out)

    def enabled(self, rule: str, path: str | None = None) -> bool:
        """Whether a violation of `rule` in `path` is reported."""
        if rule in ALWAYS_REPORTED:
            return True
        selected = max((_specificity(s) for s in self.select if code_matches(s, rule)), default=-1)
        ignored = max((_specificity(s) for s in (*self.ignore, *self.extend_ignore) if code_matches(s, rule)),
                      default=-1)
        if selected < 0 or ignored >= selected:
            return False
        return not any(code_matches(s, rule) for s in self.ignored_in(path))

    def enabled_somewhere(self, selector: str, path: str | None = None) -> bool:
        """Whether any rule that `selector` covers is reported in `path`."""
        return any(self.enabled(code, path) for code in _known_codes() if code_matches(selector, code))


DEFAULT = Config()


# ---------------------------------------------------------------- reading files
def _check_yaml_safety(text: str, source: str) -> None:
    """Refuse aliases before loading: a config never needs them, and they are how YAML bombs are built."""
    import yaml
    try:
        for token in yaml.scan(text, Loader=yaml.SafeLoader):
            if isinstance(token, yaml.AliasToken):
                mark = token.start_mark
                raise ConfigError(f"{source}:{mark.line + 1}:{mark.column + 1}: YAML aliases ('*{token.value}') are "
                                  f"not allowed in a rulecheck configuration")
    except yaml.YAMLError as err:
        raise ConfigError(f"{source}: not valid YAML: {_yaml_problem(err)}") from None


def _yaml_problem(err: yaml.YAMLError) -> str:
    import yaml
    if isinstance(err, yaml.MarkedYAMLError) and err.problem_mark is not None:
        mark = err.problem_mark
        return f"{err.problem} (line {mark.line + 1}, column {mark.column + 1})"
    return str(err).splitlines()[0] if str(err) else type(err).__name__


def _toml_loads(text: str, source: str) -> dict[str, Any]:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10, where tomli (a dependency there) is what became tomllib
        try:
            import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]
        except ImportError:
            raise ConfigError(f"{source}: reading pyproject.toml on Python 3.10 needs the 'tomli' package, a "
                              f"dependency of rulecheck there: reinstall rulecheck, or use {CONFIG_YAML}") from None
    try:
        data: dict[str, Any] = tomllib.loads(text)
        return data
    except ValueError as err:
        raise ConfigError(f"{source}: not valid TOML: {err}") from None


def _read_text(path: Path) -> str:
    try:
        data = read_bounded(path, MAX_CONFIG_BYTES)
    except OSError as err:
        raise ConfigError(f"cannot read configuration {path}: {err.strerror or err}") from None
    if data is None:
        raise ConfigError(f"{path}: configuration file larger than {MAX_CONFIG_BYTES} bytes")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise ConfigError(f"{path}: not valid UTF-8 (byte offset {err.start})") from None


def _pyproject_table(path: Path) -> dict[str, Any] | None:
    data = _toml_loads(_read_text(path), str(path))
    tool = data.get("tool")
    table = tool.get("rulecheck") if isinstance(tool, dict) else None
    if table is None:
        return None
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.rulecheck] must be a table")
    return table


def config_from_mapping(data: Mapping[str, Any], *, source: str | None = None, root: str | None = None) -> Config:
    """Build a `Config` from the keys of a configuration file (`extend-ignore`, `per-file-ignores`, ...)."""
    where = f"{source}: " if source else ""
    kwargs: dict[str, Any] = {}
    for key, value in data.items():
        if key not in KEYS:
            raise ConfigError(f"{where}unknown key {key!r}{_did_you_mean(str(key), KEYS)} "
                              f"(known keys: {', '.join(KEYS)})")
        if key == "edition" and isinstance(value, int) and not isinstance(value, bool):
            value = str(value)   # `edition = 2003` unquoted
        if key == "cards":   # a card database, relative to the configuration file
            if not isinstance(value, str) or not value.strip():
                raise ConfigError(f"{where}'cards' must be the path of a card database file, not {value!r}")
            value = os.path.join(root, value) if root and value != "none" else value
        if key in ("extension", "edition", "format") and not isinstance(value, str):
            raise ConfigError(f"{where}'{key}' must be a string, not {value!r}")
        if key in ("select", "ignore", "extend-ignore") and (isinstance(value, str) or not isinstance(value, list)):
            raise ConfigError(f"{where}'{key}' must be a list of rule codes, like ['510', 'syntax'], not {value!r}")
        if key == "per-file-ignores" and not isinstance(value, dict):
            raise ConfigError(f"{where}'per-file-ignores' must map file globs to lists of rule codes, "
                              f"not {value!r}")
        kwargs[key.replace("-", "_")] = value
    try:
        return Config(**kwargs, source=source, root=root)
    except ConfigError as err:
        raise ConfigError(f"{where}{err}") from None


def load_config(path: str | os.PathLike[str]) -> Config:
    """Read one configuration file: `.yaml`/`.yml` (the whole file), or `.toml` (its `[tool.rulecheck]` table).

    `per-file-ignores` globs are relative to the file's directory."""
    file = Path(path)
    root = str(file.resolve().parent)
    if file.suffix == ".toml":
        table = _pyproject_table(file)
        if table is None:
            raise ConfigError(f"{file}: no [tool.rulecheck] table")
        return config_from_mapping(table, source=str(file), root=root)
    if file.suffix not in (".yaml", ".yml"):
        raise ConfigError(f"{file}: a configuration file must be .yaml, .yml or .toml")
    text = _read_text(file)
    _check_yaml_safety(text, str(file))
    import yaml
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as err:
        raise ConfigError(f"{file}: not valid YAML: {_yaml_problem(err)}") from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ConfigError(f"{file}: the configuration must be a mapping of keys ({', '.join(KEYS)})")
    return config_from_mapping(data, source=str(file), root=root)


def find_config_file(start: str | os.PathLike[str]) -> Path | None:
    """The configuration that applies to `start` (a file or directory): the nearest `.rulecheck.yaml`, or
    `pyproject.toml` with a `[tool.rulecheck]` table, in its directory or any directory above."""
    here = Path(os.path.abspath(start))
    if not here.is_dir():
        here = here.parent
    for directory in (here, *here.parents):
        candidate = directory / CONFIG_YAML
        if _is_file(candidate):
            return candidate
        candidate = directory / PYPROJECT
        if _is_file(candidate) and _pyproject_table(candidate) is not None:
            return candidate
    return None


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except OSError:  # a directory we may not look into has no configuration for us
        return False


class ConfigResolver:
    """Finds the configuration for each checked path, once per directory, with command-line overrides on top.

    With `explicit` (from `--config`) or `isolated`, no file is looked for."""

    def __init__(self, *, explicit: Config | None = None, isolated: bool = False,
                 overrides: Mapping[str, Any] | None = None) -> None:
        self._explicit = explicit
        self._isolated = isolated
        self._overrides = dict(overrides or {})
        self._by_dir: dict[str, Config] = {}
        self._by_file: dict[Path, Config] = {}

    def for_path(self, path: str) -> Config:
        start = os.getcwd() if path == "-" else path
        directory = os.path.abspath(start if os.path.isdir(start) else os.path.dirname(os.path.abspath(start)))
        cached = self._by_dir.get(directory)
        if cached is not None:
            return cached
        if self._explicit is not None:
            base = self._explicit
        elif self._isolated:
            base = DEFAULT
        else:
            file = find_config_file(directory)
            if file is None:
                base = DEFAULT
            elif file in self._by_file:
                base = self._by_file[file]
            else:
                base = self._by_file[file] = load_config(file)
        config = base.with_overrides(**self._overrides) if self._overrides else base
        self._by_dir[directory] = config
        return config
