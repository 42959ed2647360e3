"""The repository's configuration of `rfc check`: `.rfc.toml`, or `[tool.rfc]` of a
pyproject.toml, as ruff users know it.

For each checked file the nearest configuration wins: from the file's folder up to the
root, the first folder with a `.rfc.toml`, or with a pyproject.toml that has a
`[tool.rfc]` table, gives the configuration (a `.rfc.toml` before a pyproject.toml in the
same folder). Nothing is merged from folders further up. `--config FILE` names one for
every file; `--isolated` reads none.

    select = ["ALL"]                 # codes, names or code prefixes (RFC3) to run
    extend-select = []               # added to select
    ignore = ["RFC316"]              # taken out
    per-file-ignores = {"docs/design/legacy-*/rfc.md" = ["RFC312"]}  # globs, from this file's folder
    severity = {RFC314 = "error"}    # code -> error / warning
    stage = "review"                 # as --stage, for every file under this configuration
    require-reason = true            # a waiver without `-- reason` is a finding (RFC010)
    extend-include = ["docs/design/*/README.md"]  # RFCs besides the files named rfc.md (globs, from this file's folder)

A key or a rule the tool does not know is an error naming it, with the closest known one.
"""

from __future__ import annotations

import difflib
import fnmatch
import os
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path

from rfc_template.errors import UsageError
from rfc_template.lint import registry
from rfc_template.lint.rule import SEVERITIES, STAGES

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover (Python 3.9 and 3.10)
    import tomli as tomllib

KEYS = (
    "select",
    "extend-select",
    "ignore",
    "per-file-ignores",
    "severity",
    "stage",
    "require-reason",
    "extend-include",
)
RFC_NAME = "rfc.md"  # an RFC's file, wherever it is; extend-include names more
FILE_NAMES = (".rfc.toml", "pyproject.toml")


@dataclass(frozen=True)
class Settings:
    """What one file is checked with: the configuration found for it, with the command
    line's options over it."""

    select: frozenset[str]  # the codes that run
    severity: tuple[tuple[str, str], ...] = ()  # code -> severity, where not the rule's default
    stage: str | None = None
    require_reason: bool = False
    inline_config: bool = True  # False: every waiver in the documents is ignored
    per_file_ignores: tuple[tuple[str, frozenset[str]], ...] = ()  # (glob from `root`, codes)
    root: Path | None = None  # the configuration's folder
    source: Path | None = None  # the configuration file
    include: tuple[str, ...] = ()  # globs from `root`: files that are RFCs besides rfc.md (extend-include)

    def codes_for(self, path: Path | None) -> frozenset[str]:
        """The codes that run on `path`: select, less its per-file ignores."""
        if not self.per_file_ignores or path is None or self.root is None:
            return self.select
        try:
            relative = Path(os.path.abspath(path)).relative_to(self.root).as_posix()
        except ValueError:
            return self.select
        ignored = {code for pattern, codes in self.per_file_ignores if _matches(relative, pattern) for code in codes}
        return self.select - ignored

    def severities(self) -> dict[str, str]:
        return dict(self.severity)

    def is_rfc(self, path: Path) -> bool:
        """`path` is an RFC file: named rfc.md, or matched by extend-include (a folder's
        files that `rfc check DIR` and `rfc lsp` read as RFCs)."""
        if path.name == RFC_NAME:
            return True
        if not self.include or self.root is None:
            return False
        try:
            relative = Path(os.path.abspath(path)).relative_to(self.root).as_posix()
        except ValueError:
            return False
        return any(_matches(relative, pattern) for pattern in self.include)


def _matches(relative: str, pattern: str) -> bool:
    # `**/` also matches no folder at all, as in ruff and .gitignore
    return fnmatch.fnmatch(relative, pattern) or (pattern.startswith("**/") and fnmatch.fnmatch(relative, pattern[3:]))


@dataclass(frozen=True)
class Overrides:
    """The command line's options, applied over every configuration (as ruff does:
    --select replaces, --ignore and --extend-select add)."""

    select: tuple[str, ...] | None = None
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    config: Path | None = None
    isolated: bool = False
    inline_config: bool = True
    stage: str | None = None
    cache: dict = field(default_factory=dict, compare=False, hash=False)


def all_codes() -> frozenset[str]:
    return frozenset(rule.code for rule in registry.all_rules())


def expand(selectors: Iterable[str], where: str) -> frozenset[str]:
    """Codes for selectors: a code, a rule's name, a code prefix (`RFC3`) or ALL."""
    codes: set[str] = set()
    known = all_codes()
    for selector in selectors:
        if not isinstance(selector, str):
            raise UsageError(f"{where}: {selector!r} is not a rule code or name")
        text = selector.strip()
        if text.upper() == "ALL":
            codes |= known
            continue
        rule = registry.find_rule(text)
        if rule is not None:
            codes.add(rule.code)
            continue
        prefixed = (
            {code for code in known if code.startswith(text.upper())} if text.upper().startswith("RFC") else set()
        )
        if prefixed:
            codes |= prefixed
            continue
        raise UsageError(f"{where}: {registry.unknown_rule(text)}")
    return frozenset(codes)


def read(path: Path) -> dict | None:
    """The `rfc` table of a configuration file: all of a .rfc.toml, `[tool.rfc]` of a
    pyproject.toml (None when it has none)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise UsageError(f"{path}: cannot read it ({error.strerror})") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise UsageError(f"{path}: not valid TOML ({error})") from None
    if path.name == "pyproject.toml":
        table = data.get("tool", {}).get("rfc")
        if table is not None and not isinstance(table, dict):
            raise UsageError(f"{path}: [tool.rfc] must be a table")
        return table
    return data


def settings_from(table: dict, source: Path, overrides: Overrides) -> Settings:
    where = f"{source}" + (" [tool.rfc]" if source.name == "pyproject.toml" else "")
    for key in table:
        if key not in KEYS:
            close = difflib.get_close_matches(key, KEYS, 1, 0.6)
            hint = f"did you mean {close[0]!r}? " if close else ""
            raise UsageError(f"{where}: unknown key {key!r}; {hint}known keys: {', '.join(KEYS)}")
    select = expand(_strings(table, "select", where), f"{where} select") if "select" in table else all_codes()
    select |= expand(_strings(table, "extend-select", where), f"{where} extend-select")
    select -= expand(_strings(table, "ignore", where), f"{where} ignore")
    per_file = table.get("per-file-ignores", {})
    if not isinstance(per_file, dict):
        raise UsageError(f"{where}: per-file-ignores must be a table of glob = [codes]")
    ignores = tuple(
        (str(pattern), expand(_list(codes, f"{where} per-file-ignores {pattern!r}"), f"{where} per-file-ignores"))
        for pattern, codes in per_file.items()
    )
    severity = table.get("severity", {})
    if not isinstance(severity, dict):
        raise UsageError(f'{where}: severity must be a table of code = "error" or "warning"')
    levels = []
    for selector, level in severity.items():
        if level not in SEVERITIES:
            raise UsageError(f"{where}: severity of {selector} is {level!r}; use one of: {', '.join(SEVERITIES)}")
        levels += [(code, level) for code in sorted(expand([selector], f"{where} severity"))]
    stage = table.get("stage")
    if stage is not None and stage not in STAGES:
        raise UsageError(f"{where}: stage is {stage!r}; use one of: {', '.join(STAGES)}")
    reason = table.get("require-reason", False)
    if not isinstance(reason, bool):
        raise UsageError(f"{where}: require-reason must be true or false")
    include = _list(table.get("extend-include", []), f"{where} extend-include", 'file globs, such as ["*/README.md"]')
    settings = Settings(
        select, tuple(levels), stage, reason, True, ignores, source.parent.resolve(), source, tuple(include)
    )
    return apply(settings, overrides)


def _strings(table: dict, key: str, where: str) -> list[str]:
    return _list(table.get(key, []), f"{where} {key}")


def _list(value: object, where: str, what: str = 'rule codes or names, such as ["RFC312"]') -> list[str]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise UsageError(f"{where}: must be a list of {what}")
    return value


def apply(settings: Settings, overrides: Overrides) -> Settings:
    select = settings.select
    if overrides.select is not None:
        select = expand(overrides.select, "--select")
    select = (select | expand(overrides.extend_select, "--extend-select")) - expand(overrides.ignore, "--ignore")
    return replace(
        settings,
        select=select,
        stage=overrides.stage or settings.stage,
        inline_config=settings.inline_config and overrides.inline_config,
    )


def default_settings(overrides: Overrides) -> Settings:
    return apply(Settings(all_codes()), overrides)


def settings_for(path: Path | None, overrides: Overrides) -> Settings:
    """The settings of one checked file (None: read from stdin with no name, the working
    directory's)."""
    if overrides.isolated:
        return _cached(overrides, ("isolated",), lambda: default_settings(overrides))
    if overrides.config is not None:
        config = overrides.config

        def given() -> Settings:
            table = read(config)
            if table is None:
                raise UsageError(f"--config {config}: it has no [tool.rfc] table")
            return settings_from(table, config, overrides)

        return _cached(overrides, ("config",), given)
    folder = os.path.dirname(os.path.abspath(path)) if path is not None else os.getcwd()
    known = overrides.cache.get(folder)
    if known is not None:
        return known
    source = nearest(folder)
    if source is None:
        found = _cached(overrides, ("none",), lambda: default_settings(overrides))
    else:
        found = _cached(overrides, source, lambda: settings_from(read(source) or {}, source, overrides))
    overrides.cache[folder] = found  # the next RFC of this folder asks no file system
    return found


def _cached(overrides: Overrides, key, make):
    if key not in overrides.cache:
        overrides.cache[key] = make()
    return overrides.cache[key]


@cache
def nearest(folder: str) -> Path | None:
    """The configuration file that governs files in `folder` (an absolute path), or None.
    Each folder is looked at once: 1,000 RFC folders under one docs/design/ share the
    answer for docs/design/ and everything above it."""
    for name in FILE_NAMES:
        path = os.path.join(folder, name)
        if os.path.isfile(path) and (name != "pyproject.toml" or _has_rfc_table(Path(path))):
            return Path(path)
    parent = os.path.dirname(folder)
    return None if parent == folder else nearest(parent)


def _has_rfc_table(path: Path) -> bool:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    if "tool.rfc" not in text and "[tool]" not in text:
        return False  # the usual pyproject.toml, without a parse
    try:
        return isinstance(tomllib.loads(text).get("tool", {}).get("rfc"), dict)
    except tomllib.TOMLDecodeError:
        return False
