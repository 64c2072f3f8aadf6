"""ruff and mypy --strict stay clean on the package."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(shutil.which("ruff") is None and not (Path(sys.executable).parent / "ruff").exists(),
                    reason="ruff not installed")
def test_ruff_clean() -> None:
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    proc = subprocess.run([ruff, "check", "rulecheck"], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout


def test_mypy_strict_clean() -> None:
    pytest.importorskip("mypy")
    proc = subprocess.run([sys.executable, "-m", "mypy", "--strict", "rulecheck"], cwd=ROOT, capture_output=True,
                          text=True)
    assert proc.returncode == 0, proc.stdout


def test_mypy_keeps_statement_nodes_immutable(tmp_path: Path) -> None:
    """Nodes are immutable by contract, enforced by the type checker (rulecheck.nodes.Node): an assignment to a
    field of a node is an error, a read is not."""
    pytest.importorskip("mypy")
    bad = tmp_path / "assigns.py"
    bad.write_text("from rulecheck import nodes as n\n\ns = n.Span(1, 2, 1, 5)\nprint(s.line)\ns.line = 5\n"
                   "p = n.PassPriority(s, n.Ref('Alice', 1, 6))\np.player = n.Ref('Bob', 1, 4)\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(bad)], cwd=ROOT,
                          capture_output=True, text=True)
    errors = [line for line in proc.stdout.splitlines() if ": error:" in line]
    assert [e.split(":")[1] for e in errors] == ["5", "7"], proc.stdout
    assert all("read-only" in e for e in errors), proc.stdout
