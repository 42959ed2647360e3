"""The `rfc` command: `rfc new`, `rfc check`, `rfc index`.

Exit status: 0 done / clean, 1 findings, 2 usage or unreadable input.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import shutil
import sys
from pathlib import Path

from rfc import answers, check
from rfc.template import load_context, load_rules, template_dir

USAGE_ERROR, FINDINGS = 2, 1

# `rfc new` option -> template variable. The variable names are the template's interface.
NEW_OPTIONS = {
    "title": "rfc_title",
    "slug": "rfc_slug",
    "author": "author",
    "module": "modules",
    "backend": "backend",
    "issue": "related_issue",
    "type": "rfc_type",
    "date": "date",
}


class UsageError(Exception):
    """A message for the user; the command exits 2."""


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except UsageError as error:
        print(f"rfc {args.command}: {error}", file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:
        print(f"rfc {args.command}: interrupted", file=sys.stderr)
        return 130


def _parser() -> argparse.ArgumentParser:
    rules = load_rules()
    parser = argparse.ArgumentParser(prog="rfc", description="Create, check and index feature RFCs.")
    commands = parser.add_subparsers(dest="command", required=True)

    new = commands.add_parser("new", help="generate an RFC from the template")
    new.add_argument("--title", help="feature name, any language")
    new.add_argument("--slug", help="directory name (default: from the title)")
    new.add_argument("--author")
    new.add_argument("--module", action="append", help=f"one of {', '.join(rules.modules)}; repeat for more")
    new.add_argument("--backend", help=f"one of: {', '.join(rules.backends)}")
    new.add_argument("--issue", help="related issue / PR: a link, #123 or !123")
    new.add_argument("--type", help=f"background category: {', '.join(rules.rfc_types)}")
    new.add_argument("--date", help="creation date, YYYY-MM-DD (default: today)")
    new.add_argument("--output-dir", default=".", help="where the RFC directory is created (default: .)")
    new.add_argument("--no-input", action="store_true", help="use the template's default for every option left out")
    new.set_defaults(run=run_new)

    chk = commands.add_parser("check", help="check RFC files, or every rfc.md under a directory")
    chk.add_argument("paths", nargs="+", metavar="PATH")
    chk.add_argument("--stage", choices=check.STAGES, help="override the stage the status (状态) implies")
    chk.add_argument("--format", choices=("text", "json", "github"), default="text")
    chk.set_defaults(run=run_check)

    index = commands.add_parser("index", help="list every RFC under a directory")
    index.add_argument("directory", metavar="DIR")
    index.add_argument("--format", choices=("markdown", "json"), default="markdown")
    index.set_defaults(run=run_index)
    return parser


# --- rfc new -----------------------------------------------------------------------


def run_new(args: argparse.Namespace) -> int:
    given = {
        variable: (", ".join(value) if option == "module" else value)
        for option, variable in NEW_OPTIONS.items()
        if (value := getattr(args, option)) is not None
    }
    values = resolve_answers(given, ask=None if args.no_input else _ask)
    problems = answers.find_problems(values)
    if problems:
        raise UsageError("\n  ".join(["invalid answers:", *problems]))
    output_dir = Path(args.output_dir)
    if not output_dir.is_dir():
        raise UsageError(f"--output-dir {output_dir} is not a directory; create it first (mkdir -p {output_dir})")
    target = output_dir / values["rfc_slug"]
    if target.exists():
        raise UsageError(f"{target} already exists and is left untouched; choose another --slug")
    generate(values, output_dir, target)
    return 0


def resolve_answers(given: dict[str, str], ask=None) -> dict[str, object]:
    """Every answer: as given (literally), else asked, else the template's default.

    Defaults come from cookiecutter.json, rendered as cookiecutter would (the slug from
    the title, the date as today); a user's own values are never rendered as Jinja.
    """
    from cookiecutter.environment import StrictEnvironment
    from cookiecutter.prompt import render_variable

    context = load_context()
    with _template_on_path():
        env = StrictEnvironment(context={"cookiecutter": context})
        values: dict[str, object] = {}
        for name in answers.ANSWER_NAMES:
            raw = context[name]
            if name in given:
                values[name] = given[name]
                continue
            default = raw[0] if isinstance(raw, list) else render_variable(env, raw, values)
            values[name] = ask(name, default, raw if isinstance(raw, list) else None) if ask else default
    return values


def _ask(name: str, default: object, choices: list[str] | None) -> str:
    prompts = load_context().get("__prompts__", {})
    label = prompts.get(name, name)
    if isinstance(label, dict):
        label = label.get("__prompt__", name)
    if choices:
        label += f" [{' | '.join(choices)}]"
    reply = input(f"{label} ({default}): ").strip()
    return reply or str(default)


def generate(values: dict[str, object], output_dir: Path, target: Path) -> None:
    """Render the template with these literal values; on any failure remove what was made."""
    from cookiecutter.exceptions import CookiecutterException
    from cookiecutter.generate import generate_context, generate_files

    # cookiecutter logs a failing hook with its traceback; our own message says it all.
    logging.getLogger("cookiecutter").addHandler(logging.NullHandler())
    logging.getLogger("cookiecutter").propagate = False
    template = template_dir()
    context = generate_context(context_file=str(template / "cookiecutter.json"))
    context["cookiecutter"].update(values)
    context["cookiecutter"].update(
        _template=str(template), _repo_dir=str(template), _output_dir=str(output_dir.resolve()), _checkout=None
    )
    try:
        with _template_on_path():
            generate_files(repo_dir=str(template), context=context, output_dir=str(output_dir))
    except BaseException as error:
        if target.exists():
            shutil.rmtree(target, ignore_errors=True)
        if isinstance(error, (CookiecutterException, OSError)):
            raise UsageError(f"could not generate {target}: {error}") from None
        raise


class _template_on_path:
    """cookiecutter imports local_extensions.py from the template root, as its CLI does."""

    def __enter__(self) -> None:
        self._saved = list(sys.path)
        sys.path.append(str(template_dir()))

    def __exit__(self, *exc: object) -> None:
        sys.path[:] = self._saved


# --- rfc check ---------------------------------------------------------------------


def rfc_files(paths: list[str]) -> list[Path]:
    files: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            files += sorted(p for p in path.rglob("rfc.md") if p.is_file())
        elif path.is_file():
            files.append(path)
        else:
            raise UsageError(f"{name}: no such file or directory")
    return files


def read_rfc(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise UsageError(f"{path}: not UTF-8 text ({error.reason} at byte {error.start})") from None
    except OSError as error:
        raise UsageError(f"{path}: cannot read it ({error.strerror})") from None


def run_check(args: argparse.Namespace) -> int:
    total = 0
    for path in rfc_files(args.paths):
        checked = check.check_text(read_rfc(path), path, args.stage)
        for finding in checked.findings:
            print(_format(finding, str(path), args.format))
        total += len(checked.findings)
    return FINDINGS if total else 0


def _format(finding, path: str, style: str) -> str:
    if style == "json":
        return json.dumps(
            {"path": path, "line": finding.line, "col": finding.col, "code": finding.code, "message": finding.message},
            ensure_ascii=False,
        )
    if style == "github":
        message = finding.message.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
        return f"::error file={path},line={finding.line},col={finding.col},title={finding.code}::{message}"
    return finding.format(path)


# --- rfc index ---------------------------------------------------------------------

INDEX_COLUMNS = (
    ("title", "标题 Title"),
    ("author", "作者"),
    ("status", "状态"),
    ("modules", "相关模块"),
    ("backend", "适用后端"),
    ("issue", "相关 issue / PR"),
    ("date", "创建日期"),
    ("path", "路径 Path"),
)


def run_index(args: argparse.Namespace) -> int:
    directory = Path(args.directory)
    if not directory.is_dir():
        raise UsageError(f"{directory}: not a directory")
    entries = []
    for path in rfc_files([str(directory)]):
        checked = check.check_text(read_rfc(path), None, check.DRAFT)
        info = checked.info
        entries.append({
            "title": checked.title,
            "author": info.get("作者", ""),
            "status": info.get("状态", ""),
            "modules": info.get("相关模块", ""),
            "backend": info.get("适用后端", ""),
            "issue": info.get("相关 issue / PR", ""),
            "date": info.get("创建日期", ""),
            "path": os.path.relpath(path, directory),
        })
    entries.sort(key=lambda e: (e["date"], e["path"]))
    if args.format == "json":
        print(json.dumps(entries, ensure_ascii=False, indent=2))
        return 0
    print("| " + " | ".join(label for _, label in INDEX_COLUMNS) + " |")
    print("|" + " --- |" * len(INDEX_COLUMNS))
    for entry in entries:
        cells = [_cell(entry[key]) for key, _ in INDEX_COLUMNS]
        cells[-1] = f"[{cells[-1]}]({entry['path']})"
        print("| " + " | ".join(cells) + " |")
    return 0


def _cell(value: str) -> str:
    from rfc.jinja import markdown_text

    return markdown_text(value)


if __name__ == "__main__":
    sys.exit(main())
