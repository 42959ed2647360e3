"""`rfc issue-form`: write the RFC issue form for a forge, from the template (rfc_template.issues.forms)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rfc_template.errors import FINDINGS, UsageError
from rfc_template.issues import FORGES, FORM_PATHS
from rfc_template.template import load_rules


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    languages = load_rules().languages
    form = subparsers.add_parser(
        "issue-form",
        help="write the RFC issue form (GitHub or GitCode) from the template",
        description="Write the RFC issue form from the template: the basic info as inputs and dropdowns, each "
        "section a textarea holding the template's text. github: .github/ISSUE_TEMPLATE/rfc.yml; gitcode: "
        ".gitcode/ISSUE_TEMPLATE/rfc.yml (GitCode reads .gitcode/ before .github/).",
    )
    form.add_argument("--forge", choices=FORGES, default="github", help="whose syntax and folder (default: github)")
    form.add_argument(
        "--language", choices=languages, default=languages[0], help=f"the form's edition (default: {languages[0]})"
    )
    form.add_argument(
        "--output-dir", type=Path, default=Path("."), help="the repository to write it in (default: the current folder)"
    )
    form.add_argument("-o", "--output", metavar="FILE", help="write it to FILE instead (- for standard output)")
    form.add_argument(
        "--check",
        action="store_true",
        help="write nothing; exit 1 if the form there differs from what the template makes now (for CI)",
    )
    form.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from rfc_template.issues.forms import HEADER, form_yaml

    text = form_yaml(args.forge, args.language)
    if args.output == "-":
        sys.stdout.write(text)
        return 0
    path = Path(args.output) if args.output else args.output_dir / FORM_PATHS[args.forge]
    current = _read(path)
    if args.check:
        if current == text:
            print(f"rfc issue-form: {path} is up to date", file=sys.stderr)
            return 0
        said = "is missing" if current is None else "differs from the template's form"
        print(f"rfc issue-form: {path} {said}; run rfc issue-form to write it", file=sys.stderr)
        return FINDINGS
    if current is not None and not current.startswith(HEADER):
        raise UsageError(f"{path} exists and was not written by rfc issue-form; move it away, or name another -o FILE")
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.tmp")
    try:
        temporary.write_text(text, encoding="utf-8")
        temporary.replace(path)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        raise UsageError(f"{path}: cannot write the form: {error.strerror or error}") from None
    print(f"rfc issue-form: wrote {path} ({args.forge}, {args.language})", file=sys.stderr)
    return 0


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as error:
        raise UsageError(f"{path}: cannot read it: {getattr(error, 'strerror', None) or error}") from None
