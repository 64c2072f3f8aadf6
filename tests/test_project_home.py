"""The project's home is named in one place, `[project.urls]` in pyproject.toml: the code reads it from the
package's metadata, and the docs that show it (the pre-commit and Actions examples, the language server's default
link, the trace schema's id) must agree with it, so a fork changes that line and this test lists the rest."""

from __future__ import annotations

import re
from pathlib import Path

from rulecheck.project import repository_slug, repository_url, rules_doc_url
from rulecheck.server.features.common import RULES_DOC_URL

ROOT = Path(__file__).resolve().parent.parent


def declared() -> str:
    found = re.search(r'^Repository\s*=\s*"([^"]+)"', (ROOT / "pyproject.toml").read_text(encoding="utf-8"),
                      re.MULTILINE)
    assert found, "pyproject.toml has no Repository in [project.urls]"
    return found.group(1)


def test_the_code_reads_the_home_from_the_package_metadata() -> None:
    assert repository_url() == declared()
    assert rules_doc_url() == f"{declared()}/blob/main/docs/rules.md" == RULES_DOC_URL
    assert repository_slug() == declared().removeprefix("https://github.com/")


def test_the_docs_name_the_same_home() -> None:
    slug = repository_slug()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"repo: https://github.com/{slug}\n" in readme
    assert f"uses: {slug}@v" in readme
    assert f"`{rules_doc_url()}`" in (ROOT / "docs" / "language-server.md").read_text(encoding="utf-8")
    assert f'"$id": "{repository_url()}/docs/trace.schema.json"' in \
        (ROOT / "docs" / "trace.schema.json").read_text(encoding="utf-8")
    others = {m for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
              for m in re.findall(r"github\.com/([A-Za-z0-9_.-]+/rulecheck)\b", path.read_text(encoding="utf-8"))}
    assert others <= {slug}
