"""Build hook: the wheel (and sdist) record the git commit they were built from.

An installed `rfc` has no checkout to ask; `rfc --version` and the `.rfc-answers.json`
of each RFC it makes read this file (rfc_template/provenance.py) instead.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

RECORD = "rfc_template/_commit.txt"


class CommitHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        if version == "editable":  # a checkout answers for itself
            return
        commit = _head(Path(self.root))
        if commit is None:  # built from an sdist: it already carries the record
            return
        self._folder = tempfile.mkdtemp(prefix="rfc-template-build-")
        record = Path(self._folder) / "_commit.txt"
        record.write_text(commit + "\n", encoding="ascii")
        build_data["force_include"][str(record)] = RECORD

    def finalize(self, version: str, build_data: dict, artifact_path: str) -> None:
        folder = getattr(self, "_folder", None)
        if folder:
            shutil.rmtree(folder, ignore_errors=True)


def _head(root: Path) -> str | None:
    if not (root / ".git").exists():
        return None
    try:
        done = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True)
    except OSError:
        return None
    return done.stdout.strip() if done.returncode == 0 else None
