"""Build the playground into web/dist/: wheels, Pyodide's files, the bundled page and the examples.

Run by `npm --prefix web run build` (after `npm --prefix web ci`). Uses the Python that runs it for pip
(`PYTHON=.venv/bin/python npm --prefix web run build` picks one). Writes web/dist/, and setuptools' build/ and
*.egg-info in the checkout (both git-ignored) when it builds rulecheck's wheel.

- wheels: rulecheck from the checkout (`pip wheel --no-deps`), lark and click as published (pure-Python wheels),
  PyYAML from its sdist with PYYAML_FORCE_LIBYAML=0, so without its C extension. Every wheel must be
  `py3-none-any`; the worker unpacks them into Pyodide's site-packages itself (no micropip, no network).
- pyodide/: the interpreter, its standard library and lock file, from node_modules/pyodide.
- app.js: src/main.js with CodeMirror bundled by esbuild; worker.js and rulecheck_web.py copied as they are.
- index.html: its Content-Security-Policy gets the hashes of the trace page's inline style and script
  (rulecheck/trace/page.css and page.js), so the board iframe runs exactly that renderer and nothing else inline.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

WEB = Path(__file__).resolve().parent
ROOT = WEB.parent
DIST = WEB / "dist"
SRC = WEB / "src"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
                 "package.json")

# (menu label, path in the checkout[, edition]): the examples, and fixtures chosen to show each area
EXAMPLES: list[tuple[str, ...]] = [
    ("Craw Wurm splits its damage (510.1c)", "examples/craw-wurm.transcript"),
    ("Combat: first strike step", "fixtures/editions/first-strike-step.transcript"),
    ("Combat: blocker divides its damage", "fixtures/editions/blocker-divides.transcript"),
    ("Turn structure: cleanup discard", "fixtures/editions/cleanup-discard.transcript"),
    ("Turn structure: extra turns", "fixtures/editions/extra-turns.transcript"),
    ("Mana: mana burn (2003 edition)", "fixtures/editions/mana-burn.transcript", "2003"),
    ("Stack: triggers wait for priority", "fixtures/editions/block-trigger-waits.transcript"),
    ("Mechanics: crew (fails)", "fixtures/language/crew-fail.transcript"),
    ("Mechanics: day and night (fails)", "fixtures/language/day-night-fail.transcript"),
    ("Battles", "fixtures/language/battle-pass.transcript"),
]
EXAMS: list[tuple[str, ...]] = [("Exam: CR examples", "examples/cr-examples.exam.yaml")]


def log(msg: str) -> None:
    print(f"build: {msg}", flush=True)


def run(cmd: list[str], **kw: object) -> None:
    log(" ".join(cmd))
    subprocess.run(cmd, check=True, **kw)  # type: ignore[call-overload]


def pins() -> dict[str, str]:
    out = {}
    for raw in (WEB / "requirements.txt").read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if line:
            name, version = line.split("==")
            out[name.strip().lower()] = version.strip()
    return out


def build_wheels(dest: Path) -> list[str]:
    dest.mkdir(parents=True)
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check"]
    if subprocess.run(pip + ["--version"], capture_output=True).returncode != 0:
        sys.exit(f"build: {sys.executable} has no pip; run with PYTHON=/path/to/a/python/with/pip")
    try:
        import setuptools  # noqa: F401
        import wheel  # noqa: F401
        isolation = ["--no-build-isolation"]    # the checkout's build needs only these; skip fetching them again
    except ImportError:
        isolation = []
    run(pip + ["wheel", "--no-deps", "-q", *isolation, "-w", str(dest), str(ROOT)])
    pinned = pins()
    run(pip + ["download", "--no-deps", "-q", "--only-binary", ":all:", "-d", str(dest),
               f"lark=={pinned['lark']}", f"click=={pinned['click']}"])
    run(pip + ["wheel", "--no-deps", "-q", "--no-binary", "pyyaml", "-w", str(dest), f"pyyaml=={pinned['pyyaml']}"],
        env={**os.environ, "PYYAML_FORCE_LIBYAML": "0"})
    names = sorted(p.name for p in dest.glob("*.whl"))
    for name in names:
        if not name.endswith("-py3-none-any.whl"):
            sys.exit(f"build: {name} is not a pure-Python wheel; Pyodide cannot load it")
        with zipfile.ZipFile(dest / name) as zf:
            native = [n for n in zf.namelist() if n.endswith((".so", ".pyd"))]
        if native:
            sys.exit(f"build: {name} holds compiled code ({native[0]})")
    wanted = {"rulecheck", "lark", "click", "pyyaml"}
    got = {n.split("-", 1)[0].lower() for n in names}
    if got != wanted:
        sys.exit(f"build: expected wheels of {sorted(wanted)}, got {names}")
    return names


def copy_pyodide(dest: Path) -> str:
    src = WEB / "node_modules" / "pyodide"
    if not src.is_dir():
        sys.exit("build: web/node_modules/pyodide is missing; run `npm --prefix web ci` first")
    dest.mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(src / name, dest / name)
    return str(json.loads((src / "package.json").read_text(encoding="utf-8"))["version"])


def bundle() -> None:
    esbuild = WEB / "node_modules" / ".bin" / ("esbuild.cmd" if os.name == "nt" else "esbuild")
    run([str(esbuild), str(SRC / "main.js"), "--bundle", "--format=esm", "--minify", "--target=es2020",
         "--log-level=warning", f"--outfile={DIST / 'app.js'}"])


def csp_hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def write_page(meta: dict[str, object]) -> None:
    trace = ROOT / "rulecheck" / "trace"
    style = csp_hash((trace / "page.css").read_text(encoding="utf-8"))
    script = csp_hash((trace / "page.js").read_text(encoding="utf-8"))
    page = (SRC / "index.html").read_text(encoding="utf-8")
    page = page.replace("{{TRACE_STYLE_HASH}}", style).replace("{{TRACE_SCRIPT_HASH}}", script)
    page = page.replace("{{VERSION}}", str(meta["rulecheck"]))
    if "{{" in page:
        sys.exit("build: index.html has a placeholder left")
    (DIST / "index.html").write_text(page, encoding="utf-8")
    for name in ("style.css", "worker.js", "rulecheck_web.py", "favicon.svg"):
        shutil.copy2(SRC / name, DIST / name)


def copy_examples(dest: Path) -> list[dict[str, str]]:
    dest.mkdir()
    out = []
    for kind, items in (("transcript", EXAMPLES), ("exam", EXAMS)):
        for label, rel, *edition in items:
            src = ROOT / rel
            name = src.name
            shutil.copy2(src, dest / name)
            out.append({"label": label, "file": f"examples/{name}", "kind": kind,
                        "edition": edition[0] if edition else "baseline"})
    return out


def rulecheck_version() -> str:
    ns: dict[str, object] = {}
    exec((ROOT / "rulecheck" / "version.py").read_text(encoding="utf-8"), ns)
    return str(ns.get("__version__", "0"))


def main() -> None:
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()
    wheels = build_wheels(DIST / "wheels")
    meta: dict[str, object] = {"rulecheck": rulecheck_version(), "pyodide": copy_pyodide(DIST / "pyodide"),
                               "wheels": [f"wheels/{w}" for w in wheels]}
    meta["examples"] = copy_examples(DIST / "examples")
    bundle()
    write_page(meta)
    (DIST / "build.json").write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
    size = sum(p.stat().st_size for p in DIST.rglob("*") if p.is_file())
    log(f"web/dist is ready ({size / 1e6:.1f} MB); serve it with: python3 -m http.server -d web/dist")


if __name__ == "__main__":
    main()
