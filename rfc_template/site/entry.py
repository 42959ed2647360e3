"""One RFC as the site shows it, and where its page is: read by build.py, shown by pages.py."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from pathlib import Path


@dataclass
class Entry:
    """One RFC as the site shows it (what rfcs.json holds, less `tokens`)."""

    path: str  # the RFC's file, from DIR
    page: str  # its page, from OUT
    title: str = ""
    language: str = "zh"
    status: str = ""  # as cookiecutter.json spells it (either edition's words read), else as written
    modules: list[str] = field(default_factory=list)
    backend: str = ""
    category: str = ""
    author: str = ""
    date: str = ""
    issue: str = ""
    stage: str = ""  # the stage it was checked at
    errors: int = 0
    warnings: int = 0
    supersedes: list[str] = field(default_factory=list)  # RFCs (their paths from DIR) it names
    superseded_by: list[str] = field(default_factory=list)
    problem: str = ""  # why it could not be read, if it could not
    tokens: set[str] = field(default_factory=set, repr=False)

    def public(self) -> dict:
        """What rfcs.json says of it (not its search tokens, which asdict would copy too)."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "tokens"}


def page_of(rfc: Path) -> str:
    """An RFC's page from the site's top: rfc/<its folder>/index.html (a file of
    extend-include, `x/README.md`: rfc/x/README/index.html)."""
    folder = rfc.parent if rfc.name == "rfc.md" else rfc.with_suffix("")
    return (Path("rfc") / folder / "index.html").as_posix()
