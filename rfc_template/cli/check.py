"""`rfc check`: check RFC files, or every rfc.md under a folder (rfc_template.batch does the work)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from rfc_template.errors import FINDINGS, USAGE_ERROR, UsageError
from rfc_template.formats import STYLES
from rfc_template.template import STAGES

if TYPE_CHECKING:
    from rfc_template.batch import FileResult

CHECK_EPILOG = """\
PATH
  A file is checked as an RFC; a folder, every file named rfc.md in it or below it
  (a folder with none is an error); one of an RFC's diagrams (a .mmd in the diagrams/
  folder beside its rfc.md), as that RFC. Each RFC is checked once, in the order the
  PATHs first name it. Any other .mmd is skipped with a note (with --diagrams, Mermaid
  parses it). - reads one RFC from standard input (name it with --stdin-filename, for
  its configuration, relative links and diagrams).
  The RFCs a change touches: git diff --name-only --diff-filter=d -- '*rfc.md'
  '*diagrams/*.mmd' | xargs -r rfc check

stages
  draft   what must hold from the first commit: the template's sections in order,
          the basic-info table's keys and values, tables and blocks as the forge
          draws them, diagrams that parse and match diagrams/*.mmd.
  review  also what a reviewer sends back: xxx slots, unchosen "是 / 否" lists,
          empty cells, placeholders, the template's examples left in place, python
          that does not parse, 5.1 and 5.2 that disagree, broken links, a cycle in
          the plan, sections that disagree.
  The stage follows the RFC's status (状态 / Status): 草稿 Draft is checked as a
  draft, every later status for review. --stage (or the configuration's stage)
  overrides it.

severities
  Each finding is an error or a warning (rfc rule --list shows each rule's). Warnings
  are printed and counted but fail only with --strict. The configuration can change a
  rule's severity.

waivers (in the RFC, as HTML comments, which forges do not draw)
  <!-- rfc-disable RFC312 -- reason --> ... <!-- rfc-enable RFC312 -->
  <!-- rfc-disable-line RFC312 -- reason -->       (anywhere on the line, also in a cell)
  <!-- rfc-disable-next-line RFC312 -- reason -->
  <!-- rfc-disable-file RFC312 -- reason -->
  Codes or rule names; none: every rule. A waiver that silences nothing is RFC009.

configuration
  .rfc.toml, or [tool.rfc] in pyproject.toml: the nearest above each file wins.
  Keys: select, extend-select, ignore, per-file-ignores, severity, stage,
  require-reason. --config FILE names one; --isolated reads none.

formats
  text    path:line:col: CODE message, one finding per line (the default); a warning
          reads CODE [warning] message; a summary line on stderr
  json    one JSON object per finding and line: path, line, col, code, name (the
          rule's), severity, url (its page), message; a problem with a PATH is
          {"path", "severity", "error"}
  github  ::error and ::warning annotations, shown on the lines of a pull request
  sarif   one SARIF 2.1.0 log (upload it to code scanning), paths relative to the
          repository's top folder
  markdown  one Markdown report, for a comment on an issue or a pull request (the
          action's issue mode posts it): a table of findings, each message as text

issues (--issue-body FILE)
  The RFC in an issue: its body as a forge writes a submitted RFC form (rfc issue-form
  makes the form: ### label, then the answer), or an RFC pasted whole; or the issue's
  JSON (gh issue view N --json number,title,body,author,url,createdAt, the REST API's
  issue, a workflow's issues event). A form's RFC is checked as 评审中 Reviewing (for
  review); findings are at lines of the body. docs/issues.md has the whole story.

exit status
  0  no errors (warnings allowed unless --strict)      1  errors
  2  a usage error, a missing or unreadable PATH, a folder with no rfc.md, a file
     that is no RFC (none of the template's sections is in it), a bad configuration
  141  the reader of the output went away (rfc check ... | head)

--fix rewrites what has one right answer and says on stderr what it changed: each
diagrams/*.mmd that differs from its mermaid block in rfc.md (RFC203) becomes the
block again, unless the copy was changed after rfc.md (then it is left, with a message).
Nothing is rewritten from an rfc.md with merge conflicts left in it (RFC012).
--diagrams needs Node.js 20+ and mermaid@11.17.2 and jsdom@26.1.0: rfc mermaid-setup
installs them in your cache, outside every repository.
What each rule checks, with an example: rfc rule CODE (rfc rule --list for them all).
"""


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    chk = subparsers.add_parser(
        "check",
        help="check RFC files, or every rfc.md under a directory",
        description="Check feature RFCs against the template's rules.",
        epilog=CHECK_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    chk.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help="an RFC file, a folder (every rfc.md in it and below it), one of an RFC's diagrams/*.mmd (its RFC), "
        "or - for stdin",
    )
    chk.add_argument(
        "--issue-body",
        metavar="FILE",
        help="check the RFC an issue holds instead of PATHs: its body as the forge renders a submitted RFC form "
        "(### label, then the answer), or an RFC pasted whole; or the issue's JSON (gh issue view N --json "
        "number,title,body,author,url,createdAt, the REST API's issue, a workflow's issues event); - for stdin. "
        "Findings are at lines of the body",
    )
    chk.add_argument("--stage", choices=STAGES, help="override the stage the status (状态) implies")
    chk.add_argument("--format", choices=STYLES, default="text")
    chk.add_argument("--strict", action="store_true", help="warnings fail too (exit 1)")
    chk.add_argument(
        "--select",
        type=_codes,
        metavar="CODES",
        help="run only these rules: codes, names or prefixes (RFC3), comma-separated; replaces the configuration's select",
    )
    chk.add_argument("--extend-select", type=_codes, default=(), metavar="CODES", help="run these rules too")
    chk.add_argument("--ignore", type=_codes, default=(), metavar="CODES", help="do not run these rules")
    chk.add_argument(
        "--config", type=Path, metavar="FILE", help="a .rfc.toml or a pyproject.toml with [tool.rfc], for every file"
    )
    chk.add_argument("--isolated", action="store_true", help="read no configuration file")
    chk.add_argument("--no-inline-config", action="store_true", help="ignore every waiver in the RFCs")
    chk.add_argument(
        "--statistics", action="store_true", help="print how many findings each rule reported, instead of the findings"
    )
    chk.add_argument(
        "--stdin-filename",
        metavar="PATH",
        help="the name of the RFC read from - (for its configuration, links and diagrams)",
    )
    chk.add_argument(
        "--fix",
        action="store_true",
        help="first rewrite what has one right answer (each diagrams/*.mmd from its block in rfc.md, RFC203), "
        "saying on stderr what was changed; nothing is rewritten from an rfc.md with merge conflicts left in (RFC012)",
    )
    chk.add_argument("--jobs", type=_positive, help="processes to check with (default: one per core, for many files)")
    chk.add_argument(
        "--diagrams",
        action="store_true",
        help="also parse every ```mermaid block and every diagrams/*.mmd beside each rfc.md with Mermaid itself, "
        "in one Node process; a rejected diagram is RFC204 at the line Mermaid names (a .mmd PATH that is no "
        "RFC's diagram is then checked by Mermaid alone). Needs Node.js 20+ (node on PATH) and the npm packages "
        "mermaid@11.17.2 and jsdom@26.1.0 (rfc mermaid-setup installs them in the user cache), taken from, in "
        "order: $RFC_MERMAID_MODULES (node_modules folders), that cache "
        "(rfc-template/node/mermaid-11.17.2-jsdom-26.1.0/node_modules in $XDG_CACHE_HOME, else ~/.cache), "
        "the node_modules of this rfc-template checkout (npm ci), node_modules in the working directory or a "
        "folder above it, $NODE_PATH; a folder with the pinned version first",
    )
    chk.set_defaults(run=run)


def _codes(text: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in text.split(",") if part.strip())


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number of at least 1, not {text!r}")
    return int(text)


def run(args: argparse.Namespace) -> int:
    # imported here, not at the top: the checker (mistune, the rules) would slow `rfc new`'s start-up
    from rfc_template import config
    from rfc_template.batch import check_file, check_files, check_with_diagrams, fix_files, read_rfc_stream, targets

    overrides = config.Overrides(
        select=args.select,
        extend_select=args.extend_select,
        ignore=args.ignore,
        config=args.config,
        isolated=args.isolated,
        inline_config=not args.no_inline_config,
        stage=args.stage,
    )
    style = args.format
    if args.issue_body is not None:
        return _check_issue(args, overrides)
    if not args.paths:
        raise UsageError("give a PATH to check (an RFC, a folder, or - for stdin), or --issue-body FILE")
    errors: list[tuple[str, str]] = []  # (PATH, what is wrong), in the chosen format
    files: list[Path] = []
    args.paths = ["-" if path == "/dev/stdin" else path for path in args.paths]  # a pipe, read as one
    reads_stdin = "-" in args.paths
    if reads_stdin and (len(args.paths) > 1 or args.diagrams or args.fix):
        raise UsageError("- (standard input) is one RFC alone: no other PATH, --diagrams or --fix with it")
    if args.stdin_filename and not reads_stdin:
        raise UsageError("--stdin-filename names the RFC read from -; give - as the PATH")
    if not reads_stdin:
        found = targets(args.paths, diagrams=args.diagrams, overrides=overrides)
        files, errors = found.files, found.errors
        for note in found.notes:
            print(f"rfc check: note: {note}", file=sys.stderr)
    _check_configurations(files or [Path(args.stdin_filename or "rfc.md")], overrides)  # a bad one: said once
    if args.fix:
        fix_files(files)
    per_file = style in ("sarif", "markdown") or args.statistics  # the findings are needed whole, not as lines
    results: Iterable[FileResult]
    if reads_stdin:
        shown = Path(args.stdin_filename) if args.stdin_filename else Path("-")
        results = [
            check_file(shown, args.stage, None if per_file else style, overrides, text=read_rfc_stream(), shown=shown)
        ]
    elif args.diagrams:
        results = check_with_diagrams(files, args.stage, args.jobs, overrides)
    else:  # the workers format what they found: the main process only writes it out
        results = check_files(files, args.stage, args.jobs, None if per_file else style, overrides)
    return _report(results, errors, args, sys.stdout)


def _report(results: Iterable[FileResult], errors: list[tuple[str, str]], args: argparse.Namespace, out) -> int:
    """Write each file's findings (and the problems with PATHs) in the chosen format; the exit status."""
    from rfc_template.formats import (
        format_error,
        formatted,
        markdown_report,
        repository_root,
        sarif_log,
        statistics,
        summary,
    )

    style = args.format
    per_file = style in ("sarif", "markdown") or args.statistics
    for path, message in errors:
        _write_error(path, message, style, out, format_error)
    counts = {"errors": 0, "warnings": 0, "waived": 0, "files": 0}
    collected: list[tuple[str, list]] = []
    for result in results:
        counts["files"] += 1
        if result.error:
            errors.append((str(result.path), result.error))
            _write_error(str(result.path), result.error, style, out, format_error)
        counts["errors"] += result.errors
        counts["warnings"] += result.warnings
        counts["waived"] += result.waived
        if per_file:
            collected.append((str(result.path), result.findings))
            continue
        text = result.text or formatted(result.findings, result.path, style)
        if text:
            out.write(text)
    if args.statistics:
        out.write(statistics((f for _, found in collected for f in found), "json" if style == "json" else "text"))
    elif style == "sarif":
        import json

        log = sarif_log(collected, errors, repository_root(Path.cwd()))
        out.write(json.dumps(log, ensure_ascii=False, indent=2) + "\n")
    elif style == "markdown":
        out.write(markdown_report(collected, errors, show_paths=args.issue_body is None))
    if style == "text" and (counts["errors"] or counts["warnings"] or counts["waived"]):
        out.flush()
        print(summary(counts["errors"], counts["warnings"], counts["files"], counts["waived"]), file=sys.stderr)
    if errors:
        return USAGE_ERROR
    failing = counts["errors"] + (counts["warnings"] if args.strict else 0)
    return FINDINGS if failing else 0


def _check_issue(args: argparse.Namespace, overrides) -> int:
    """`--issue-body`: one issue's RFC, reported as one file named as the option names it."""
    from rfc_template.batch import FileResult
    from rfc_template.issues.body import check_issue, read_issue_file

    if args.paths or args.fix or args.diagrams or args.stdin_filename:
        raise UsageError("--issue-body checks one issue: no PATH, --fix, --diagrams or --stdin-filename with it")
    name = args.issue_body
    try:
        findings, waived = check_issue(read_issue_file(name), name, args.stage, overrides)
        result = FileResult(Path(name), findings, waived=waived)
    except UsageError as error:
        result = FileResult(Path(name), [], str(error))
    return _report([result], [], args, sys.stdout)


def _write_error(path: str, message: str, style: str, out, format_error) -> None:
    if style in ("text", "sarif", "markdown"):  # text: on stderr; sarif, markdown: in the report, and on stderr
        print(f"rfc check: {message}", file=sys.stderr)
    else:
        out.write(format_error(path, message, style) + "\n")


def _check_configurations(files: list[Path], overrides) -> None:
    """Each configuration these files are checked with, read once here: a bad one is one
    usage error (exit 2), not one per file."""
    from rfc_template import config

    seen: set[str] = set()
    for path in files:
        folder = os.path.dirname(os.path.abspath(path))
        if folder not in seen:
            seen.add(folder)
            config.settings_for(path, overrides)
