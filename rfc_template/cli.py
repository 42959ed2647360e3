"""The `rfc` command: `rfc new`, `rfc check`, `rfc preview`, `rfc index`.

Exit status: 0 done / clean, 1 findings, 2 usage or unreadable input, 130 interrupted,
141 the reader of the output went away (a closed pipe).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import stat
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from rfc_template import __version__, answers, check, target
from rfc_template.findings import in_order
from rfc_template.generated import check_generated, next_steps
from rfc_template.template import load_context, load_rules, template_dir

USAGE_ERROR, FINDINGS = 2, 1

# `rfc new` option -> template variable. The variable names are the template's interface.
NEW_OPTIONS = {
    "language": "language",
    "title": "rfc_title",
    "slug": "rfc_slug",
    "author": "author",
    "module": "modules",
    "backend": "backend",
    "issue": "related_issue",
    "type": "rfc_type",
    "date": "date",
}


CHECK_EPILOG = """\
PATH
  A file is checked as an RFC; a folder, every file named rfc.md in it or below it
  (a folder with none is an error). With --diagrams, a .mmd file is a diagram.

stages
  draft   what must hold from the first commit: the template's sections in order,
          the basic-info table's keys and values, tables and blocks as the forge
          draws them, diagrams that parse and match diagrams/*.mmd.
  review  also what a reviewer sends back: xxx slots, unchosen "是 / 否" lists,
          empty cells, placeholders, the template's examples left in place, python
          that does not parse, 5.1 and 5.2 that disagree, broken links, a cycle in
          the plan, sections that disagree.
  The stage follows the RFC's status (状态 / Status): 草稿 Draft is checked as a
  draft, every later status for review. --stage overrides it for every file.

formats
  text    path:line:col: CODE message, one finding per line (the default)
  json    one JSON object per finding and line: path, line, col, code, message
  github  ::error annotations, shown on the lines of a pull request

exit status
  0  no findings          1  findings
  2  a usage error, a missing or unreadable PATH, a folder with no rfc.md, or a
     file that is no RFC (none of the template's sections is in it)
  141  the reader of the output went away (rfc check ... | head)

--fix rewrites what has one right answer and says what it changed: each
diagrams/*.mmd from its mermaid block in rfc.md (RFC203).
Every rule, with an example: docs/rfc-command.md.
"""


class UsageError(Exception):
    """A message for the user; the command exits 2."""


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        status = args.run(args)
        sys.stdout.flush()  # here, where a closed pipe can still be caught
        return status
    except BrokenPipeError:
        # The reader has gone (`rfc check ... | head`): stop quietly, as a Unix tool does,
        # and keep Python from reporting the pipe again when it flushes at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 128 + signal.SIGPIPE
    except UsageError as error:
        print(f"rfc {args.command}: {error}", file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:
        print(f"rfc {args.command}: interrupted", file=sys.stderr)
        return 130


class _LiteralParser(argparse.ArgumentParser):
    def _get_values(self, action, arg_strings):  # type: ignore[no-untyped-def]
        # argparse before Python 3.13 drops a value of exactly "--" (`--author=--`),
        # leaving an empty list; a value is passed literally, whatever it is.
        if action.nargs is None and arg_strings == ["--"]:
            return "--"
        return super()._get_values(action, arg_strings)


def _parser() -> argparse.ArgumentParser:
    rules = load_rules()
    parser = _LiteralParser(prog="rfc", description="Create, check and index feature RFCs.")
    parser.add_argument("--version", action=_Version, nargs=0, help="show the version and where the template is, and exit")
    commands = parser.add_subparsers(dest="command", required=True)

    new = commands.add_parser("new", help="generate an RFC from the template")
    new.add_argument("--language", help=f"edition of the RFC: {' or '.join(rules.languages)} (default: {rules.languages[0]})")
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

    chk = commands.add_parser("check", help="check RFC files, or every rfc.md under a directory",
                              description="Check feature RFCs against the template's rules.",
                              epilog=CHECK_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    chk.add_argument("paths", nargs="+", metavar="PATH", help="an RFC file, or a folder: every rfc.md in it and below it")
    chk.add_argument("--stage", choices=check.STAGES, help="override the stage the status (状态) implies")
    chk.add_argument("--format", choices=("text", "json", "github"), default="text")
    chk.add_argument("--fix", action="store_true",
                     help="first rewrite what has one right answer (each diagrams/*.mmd from its block in rfc.md, RFC203), "
                          "saying on stderr what was changed")
    chk.add_argument("--jobs", type=_positive, help="processes to check with (default: one per core, for many files)")
    chk.add_argument(
        "--diagrams", action="store_true",
        help="also parse every ```mermaid block and every diagrams/*.mmd beside each rfc.md with Mermaid itself, "
             "in one Node process; a rejected diagram is RFC204 at the line Mermaid names (a .mmd PATH is then a "
             "diagram, checked by Mermaid only). Needs Node.js 20+ (node on PATH) and the npm packages "
             "mermaid@11.17.2 and jsdom@26.1.0, taken from, in order: $RFC_MERMAID_MODULES (node_modules folders), "
             "the node_modules of this rfc-template checkout (npm ci), node_modules in the working directory or a "
             "folder above it, $NODE_PATH; a folder with the pinned version first",
    )
    chk.set_defaults(run=run_check)

    preview = commands.add_parser("preview", help="write an HTML page of an RFC, with its diagrams drawn, for reviewers")
    preview.add_argument("rfc", metavar="RFC", help="an rfc.md")
    preview.add_argument("-o", "--output", help="the page to write (default: rfc.html beside the RFC, which is then "
                                                "listed in the .gitignore of the RFC's folder)")
    preview.add_argument("--mermaid", help="a mermaid.min.js for the page, copied once to mermaid.min.js beside it (default: "
                                           "an npm install found above the RFC, the working directory or this package, "
                                           "else a pinned CDN URL)")
    preview.add_argument("--open", action="store_true", help="open the page in the default browser")
    preview.set_defaults(run=run_preview)

    index = commands.add_parser("index", help="list every RFC under a directory")
    index.add_argument("directory", metavar="DIR")
    index.add_argument("--format", choices=("markdown", "json"), default="markdown")
    index.add_argument("--language", choices=rules.languages,
                       help="language of the Markdown table's column names (default: the edition most RFCs use)")
    index.set_defaults(run=run_index)
    return parser


class _Version(argparse.Action):
    """argparse's own version action wraps a long path; a version line is printed as is."""

    def __call__(self, parser, namespace, values, option_string=None):  # type: ignore[no-untyped-def]
        print(f"rfc {__version__} (template: {template_dir()})")
        parser.exit()


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number of at least 1, not {text!r}")
    return int(text)


# --- rfc new -----------------------------------------------------------------------


def run_new(args: argparse.Namespace) -> int:
    given = {
        variable: (", ".join(value) if option == "module" else value)
        for option, variable in NEW_OPTIONS.items()
        if (value := getattr(args, option)) is not None
    }
    output_dir = Path(args.output_dir)
    problems = target.output_problems(output_dir, "--output-dir")
    if problems:  # said before any question is asked
        raise UsageError(problems[0])

    def slug_is_free(slug: str) -> list[str]:
        return target.target_problems(output_dir, slug, slug_option="rfc_slug", output_option="--output-dir")

    values = resolve_answers(given, ask=None if args.no_input else _ask, also_check={"rfc_slug": slug_is_free})
    problems = answers.find_problems(values)
    if problems:
        raise UsageError("invalid answers:\n" + "\n".join(f"  - {_as_option(problem)}" for problem in problems))
    problems = target.target_problems(output_dir, str(values["rfc_slug"]), slug_option="--slug", output_option="--output-dir")
    if problems:
        raise UsageError(problems[0])
    generate(values, output_dir, output_dir / str(values["rfc_slug"]))
    return 0


def _as_option(problem: str) -> str:
    """A problem with an answer, named by `rfc new`'s option (`rfc_slug: ...` -> `--slug: ...`)."""
    variable, _, rest = problem.partition(": ")
    option = next((option for option, name in NEW_OPTIONS.items() if name == variable), None)
    if option is None:
        return problem
    if option == "module":
        rest = rest.replace("(comma-separated)", "(repeat --module for more)")
    return f"--{option}: {rest}"


# Choice answers also accepted in the other edition's words (`Performance optimization`).
CHOICE_NAMES = ("backend", "rfc_type")


def resolve_answers(given: dict[str, str], ask=None, also_check: dict | None = None) -> dict[str, object]:
    """Every answer: as given (literally), else asked, else the template's default.

    Defaults come from cookiecutter.json, rendered as cookiecutter would (the slug from
    the title, the date as today); a user's own values are never rendered as Jinja. A
    choice given in either edition's words is taken as the template's own value. An
    answer typed at a prompt is checked at once, and the question asked again until it
    passes (`also_check` adds checks of its own per answer).
    """
    from cookiecutter.environment import StrictEnvironment

    context, rules = load_context(), load_rules()
    private = {name: value for name, value in context.items() if name.startswith("_") and not name.startswith("__")}
    with _template_on_path():
        env = StrictEnvironment(context={"cookiecutter": context})
        values: dict[str, object] = {}
        for name in answers.ANSWER_NAMES:
            raw = context[name]
            if name in given:
                values[name] = _taken(name, given[name], rules)
                continue
            # as cookiecutter.prompt.render_variable does (that module imports rich, which
            # would cost `rfc new` more start-up than the whole rendering)
            default = raw[0] if isinstance(raw, list) else env.from_string(raw).render(cookiecutter={**private, **values})
            if not ask:
                values[name] = default
                continue
            while True:
                reply = ask(name, default, raw if isinstance(raw, list) else None, values.get("language"))
                problems = answers.field_problems(name, reply, rules) or (also_check or {}).get(name, lambda _: [])(reply)
                if not problems:
                    break
                for problem in problems:
                    print(f"  {problem}", file=sys.stderr)
            values[name] = reply
    return values


def _taken(name: str, value: str, rules) -> str:  # type: ignore[no-untyped-def]
    """A given value as the template spells it: a choice in either edition's words, the
    edition in any case (`EN`); anything else literally."""
    if name in CHOICE_NAMES:
        return rules.canonical(value)
    if name == "language" and value.strip().lower() in rules.languages:
        return value.strip().lower()
    return value


def _ask(name: str, default: object, choices: list[str] | None, language: str | None = None) -> str:
    """One prompt, labelled as in cookiecutter.json; a choice by its number or its text
    (in either edition's words; listed in the RFC's)."""
    rules = load_rules()
    prompts = load_context().get("__prompts__", {})
    label = prompts.get(name, name)
    if isinstance(label, dict):
        label = label.get("__prompt__", name)
    while True:
        if choices:
            shown = [rules.in_edition(choice, language or "zh") for choice in choices]
            options = "  ".join(f"{number} - {choice}" for number, choice in enumerate(shown, start=1))
            print(f"{label}: {options}")
            reply = _input(name, f"  [{' | '.join(shown)}] (1): ")
        else:
            reply = _input(name, f"{label} ({default}): ")
        if not reply:
            return str(default)
        if not choices:
            return reply
        if reply.isdigit() and 1 <= int(reply) <= len(choices):
            return choices[int(reply) - 1]
        if reply in choices or rules.canonical(reply) in choices:
            return rules.canonical(reply) if reply not in choices else reply
        print(f"  {reply!r} is not one of the choices; type its number or its text", file=sys.stderr)


def _input(name: str, prompt: str) -> str:
    try:
        return input(prompt).strip()
    except EOFError:
        option = next(option for option, variable in NEW_OPTIONS.items() if variable == name)
        raise UsageError(f"no answer for {name} (input ended); pass --{option}, or --no-input for the defaults") from None


def generate(values: dict[str, object], output_dir: Path, rfc_dir: Path) -> None:
    """Render the template with these literal values; on any failure remove what was made.

    The template's hooks would check the answers and the result in two more Python
    processes; `rfc new` has checked the answers already (answers.find_problems, as
    pre_gen_project does) and runs the post-generation check here (as post_gen_project
    does): the same checks, without two interpreters' start-up. The RFC folder is
    claimed while cookiecutter renders its name (rfc_template.target): only a folder
    this run claimed, and output folders it made, are ever removed.
    """
    from cookiecutter.exceptions import CookiecutterException
    from cookiecutter.generate import generate_context, generate_files

    from rfc_template.jinja import RefusedAnswers

    template = template_dir()
    context = generate_context(context_file=str(template / "cookiecutter.json"))
    context["cookiecutter"].update(values)
    context["cookiecutter"].update(
        _template=str(template), _repo_dir=str(template), _output_dir=str(output_dir.resolve()), _checkout=None
    )
    made = target.folders_to_make(output_dir)
    try:
        with _template_on_path():
            generate_files(repo_dir=str(template), context=context, output_dir=str(output_dir), accept_hooks=False)
        problems, note = check_generated(rfc_dir)
        if problems:
            raise UsageError("\n  ".join([f"the generated RFC does not match the template; {rfc_dir} was removed:", *problems]))
    except BaseException as error:
        if target.holds(rfc_dir) and rfc_dir.exists():
            shutil.rmtree(rfc_dir, ignore_errors=True)
        target.remove_made_folders(made)
        if isinstance(error, RefusedAnswers):  # another run took the folder meanwhile
            slug = rfc_dir.name
            taken = target.target_problems(output_dir, slug, slug_option="--slug", output_option="--output-dir")
            raise UsageError((taken or [target.being_made(rfc_dir, "--slug")])[0]) from None
        if isinstance(error, (CookiecutterException, OSError)):
            raise UsageError(f"could not generate {rfc_dir}: {error}") from None
        raise
    finally:
        target.release(rfc_dir)
    if note:
        print(f"note: {note}", file=sys.stderr)
    print(next_steps(rfc_dir))


class _template_on_path:
    """cookiecutter imports local_extensions.py from the template root, as its CLI does."""

    def __enter__(self) -> None:
        self._saved = list(sys.path)
        sys.path.append(str(template_dir()))

    def __exit__(self, *exc: object) -> None:
        sys.path[:] = self._saved


# --- rfc check ---------------------------------------------------------------------


def rfc_files(paths: list[str], allow_empty: bool = False) -> list[Path]:
    files: list[Path] = []
    for name in paths:
        path = Path(name)
        try:
            is_dir = stat.S_ISDIR(path.stat().st_mode)
        except OSError as error:
            raise UsageError(f"{name}: {error.strerror.lower()}") from None
        if is_dir:
            # os.walk does not follow symlinked folders, so a symlink loop cannot trap it;
            # it lists a broken rfc.md symlink, which is then reported rather than skipped
            found = sorted(Path(root, "rfc.md") for root, _, names in os.walk(path) if "rfc.md" in names)
            if not found and not allow_empty:  # a wrong path in CI must not pass as "no findings"
                raise UsageError(f"{name}: no rfc.md in this folder or below it")
            files += found
        else:
            files.append(path)
    return files


# An RFC is tens of kilobytes; anything far larger is not one, and would only be slow.
MAX_RFC_BYTES = 10 * 1024 * 1024


def read_rfc(path: Path) -> str:
    """The text of an RFC file, or a UsageError that says why it is not one."""
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            raise UsageError(f"{path}: not a regular file")  # a FIFO would block the read
        if info.st_size > MAX_RFC_BYTES:
            raise UsageError(f"{path}: {info.st_size / 2**20:.1f} MB is too large for an RFC (at most {MAX_RFC_BYTES // 2**20} MB)")
        data = path.read_bytes()
    except OSError as error:
        raise UsageError(f"{path}: cannot read it ({error.strerror})") from None
    nul = data.find(b"\0")
    if nul >= 0:
        raise UsageError(f"{path}: a binary file, not Markdown (NUL byte at byte {nul})")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UsageError(f"{path}: not UTF-8 text ({error.reason} at byte {error.start})") from None


def run_check(args: argparse.Namespace) -> int:
    total = unreadable = 0
    files = rfc_files(args.paths)
    if args.fix:
        fix_files(files)
    if args.diagrams:
        results = check_with_diagrams(files, args.stage, args.jobs)
    else:  # the workers format what they found: the main process only writes it out
        results = check_files(files, args.stage, args.jobs, args.format)
    for result in results:
        if result.error:
            print(f"rfc check: {result.error}", file=sys.stderr)
            unreadable += 1
        text = result.text or formatted(result.findings, result.path, args.format)
        if text:
            sys.stdout.write(text)
        total += result.count
    if unreadable:
        return USAGE_ERROR
    return FINDINGS if total else 0


def fix_files(files: list[Path]) -> None:
    """`--fix`, before the check: what it changed goes to stderr, so that the findings on
    stdout stay in their format. A file that cannot be read is left to the check to report."""
    from rfc_template import fixes

    for path in files:
        if path.suffix == ".mmd":
            continue
        try:
            text = read_rfc(path)
        except UsageError:
            continue
        try:
            done = fixes.fix(path, text)
        except OSError as error:
            raise UsageError(f"--fix: cannot rewrite {error.filename} ({error.strerror})") from None
        for fix in done:
            print(f"rfc check: {'fixed ' if fix.done else ''}{fix.message}", file=sys.stderr)


@dataclass(frozen=True)
class FileResult:
    path: Path
    findings: list
    error: str = ""
    text: str = ""  # the findings already formatted (then `findings` is left empty)
    count: int = -1  # how many findings there were (-1: len(findings))

    def __post_init__(self) -> None:
        if self.count < 0:
            object.__setattr__(self, "count", len(self.findings))


def formatted(findings: list, path: Path, style: str) -> str:
    shown = str(path)
    return "".join(_format(finding, shown, style) + "\n" for finding in findings)


def checked_rfc(path: Path, stage: str | None, diagram_files: bool = True) -> check.Checked:
    """One RFC file checked, or a UsageError that says why it cannot be (check and index)."""
    text = read_rfc(path)
    try:
        checked = check.check_text(text, path if diagram_files else None, stage)
    except RecursionError:
        raise UsageError(f"{path}: nested too deeply to parse") from None
    if checked.is_no_rfc:  # one line, not a finding for each of the template's sections
        if path.suffix == ".mmd":
            raise UsageError(f"{path}: a diagram, not an RFC; check diagrams with rfc check --diagrams")
        raise UsageError(f"{path}: not an RFC: none of the template's sections (such as '{check.first_section()}') is in it")
    return checked


def check_file(path: Path, stage: str | None, style: str | None = None) -> FileResult:
    try:
        findings = checked_rfc(path, stage).findings
    except UsageError as error:
        return FileResult(path, [], str(error))
    if style is None:
        return FileResult(path, findings)
    return FileResult(path, [], text=formatted(findings, path, style), count=len(findings))


# Below this many files a second process costs more than it saves.
PARALLEL_FROM = 32


def check_files(files: list[Path], stage: str | None, jobs: int | None = None, style: str | None = None) -> Iterator[FileResult]:
    """Each file's result, in order; spread over the machine's cores for many files.

    Parsing is the cost, and it is pure Python: only processes run it in parallel. With
    a `style`, each result carries its findings formatted instead (see `_format`).
    """
    jobs = jobs or _cores()
    if jobs == 1 or len(files) < PARALLEL_FROM:
        yield from (check_file(path, stage, style) for path in files)
        return
    check.read_the_template()  # once, before the workers fork
    # imported here, not at the top: `rfc new` never needs them, and its start-up counts
    import itertools
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods and sys.platform == "linux" else None)
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_ignore_interrupts)
    try:
        yield from pool.map(check_file, files, itertools.repeat(stage), itertools.repeat(style),
                            chunksize=max(1, len(files) // (jobs * 8)))
    finally:
        pool.shutdown(cancel_futures=True)


def check_with_diagrams(files: list[Path], stage: str | None, jobs: int | None = None) -> list[FileResult]:
    """check_files, plus Mermaid's verdict (RFC204) on every diagram of each RFC and beside it.

    Each rfc.md's RFC204 findings join its others, in line order; its diagrams/*.mmd follow
    it. A .mmd PATH is a diagram only. One Node process parses them all, started first, so
    that it loads Mermaid while this process runs the other checks.
    """
    from rfc_template import mermaid

    order: list[tuple[Path, bool]] = []  # (path, is an RFC)
    seen: set[Path] = set()
    for path in files:
        is_rfc = path.suffix != ".mmd"
        for item, item_is_rfc in [(path, is_rfc), *((d, False) for d in (mermaid.diagrams_beside(path) if is_rfc else []))]:
            key = Path(os.path.abspath(item))
            if key not in seen:
                seen.add(key)
                order.append((item, item_is_rfc))
    try:
        running = mermaid.MermaidCheck([path for path, _ in order])
    except mermaid.Unavailable as error:
        raise UsageError(str(error)) from None
    try:
        rfcs = [path for path, is_rfc in order if is_rfc]
        checked = dict(zip(rfcs, check_files(rfcs, stage, jobs)))
        diagrams, notes = running.results()
    except mermaid.Unavailable as error:
        raise UsageError(str(error)) from None
    finally:
        running.stop()
    for note in notes:
        print(f"rfc check: note: {note}", file=sys.stderr)
    results = []
    for path, is_rfc in order:
        seen_by_mermaid = diagrams[path]
        if not is_rfc:
            results.append(FileResult(path, seen_by_mermaid.findings, seen_by_mermaid.error))
        elif checked[path].error:  # unreadable: said once, by the ordinary check
            results.append(checked[path])
        else:
            results.append(FileResult(path, in_order(checked[path].findings + seen_by_mermaid.findings), seen_by_mermaid.error))
    return results


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _ignore_interrupts() -> None:
    # Ctrl-C is the parent's to report, once; workers just stop with the pool.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


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


# --- rfc preview --------------------------------------------------------------------


def run_preview(args: argparse.Namespace) -> int:
    from rfc_template import preview

    source = Path(args.rfc)
    text = read_rfc(source)
    output = Path(args.output) if args.output else source.with_suffix(".html")
    given = Path(args.mermaid) if args.mermaid else None
    if given is not None and not given.is_file():
        raise UsageError(f"--mermaid {given}: no such file")
    if output.exists() and not _is_preview(output):
        raise UsageError(f"{output} exists and is not a page rfc preview wrote; it is left untouched (choose another -o)")
    mermaid = preview.locate_mermaid(source, given)
    try:
        page = preview.render(text, source, mermaid)
    except RecursionError:
        raise UsageError(f"{source}: nested too deeply to parse") from None
    problems = target.output_problems(output.parent, "-o")
    if problems:
        raise UsageError(problems[0])
    made = target.folders_to_make(output.parent)  # a missing folder is made, as rfc new does
    try:
        output.parent.mkdir(parents=True, exist_ok=True)
        written = preview.write(page, output, source, mermaid)
    except (preview.PreviewError, OSError) as error:
        target.remove_made_folders(made)
        message = str(error) if isinstance(error, preview.PreviewError) else f"cannot write {output} ({error.strerror})"
        raise UsageError(message) from None
    print(f"wrote {output}")
    print(mermaid.report(written.mermaid_copy, written.copied))
    if written.ignored:
        print(f"kept out of commits: {', '.join(written.ignored)} added to {written.gitignore}")
    if args.open:
        import webbrowser

        webbrowser.open(output.resolve().as_uri())
    return 0


def _is_preview(path: Path) -> bool:
    from rfc_template.preview import GENERATED_BY

    try:
        with path.open("rb") as handle:
            return GENERATED_BY in handle.read(200).decode("utf-8", "replace")
    except OSError:
        return False


# --- rfc index ---------------------------------------------------------------------

# (entry key, basic-info key or None, the column's name where it is no basic-info key)
INDEX_COLUMNS = (
    ("title", None, {"zh": "标题", "en": "Title"}),
    ("author", "作者", None),
    ("status", "状态", None),
    ("modules", "相关模块", None),
    ("backend", "适用后端", None),
    ("issue", "相关 issue / PR", None),
    ("date", "创建日期", None),
    ("path", None, {"zh": "路径", "en": "Path"}),
)


def index_headers(language: str) -> list[str]:
    """The index's column names in one edition's words (basic-info keys as the template writes them)."""
    from rfc_template.editions import edition

    return [names[language] if names else edition(language).name(key) for _, key, names in INDEX_COLUMNS]


def run_index(args: argparse.Namespace) -> int:
    directory = Path(args.directory)
    if not directory.is_dir():
        raise UsageError(f"{directory}: not a directory")
    rules = load_rules()
    entries, unreadable = [], 0
    for path in rfc_files([str(directory)]):  # none at all: a wrong path, not an empty index
        try:
            checked = checked_rfc(path, check.DRAFT, diagram_files=False)
        except UsageError as error:  # listed on stderr; the others are still indexed
            print(f"rfc index: {error}", file=sys.stderr)
            unreadable += 1
            continue
        entry = {key: checked.info.get(info_key, "") for key, info_key, _ in INDEX_COLUMNS if info_key}
        # a status in the words of the RFC's own edition, however it was typed
        entry.update(title=checked.title, status=rules.in_edition(entry["status"], checked.language),
                     path=os.path.relpath(path, directory), language=checked.language)
        entries.append(entry)
    entries.sort(key=lambda e: (e["date"], e["path"]))
    if args.format == "json":
        sys.stdout.write(json.dumps(entries, ensure_ascii=False, indent=2) + "\n")
        return USAGE_ERROR if unreadable else 0
    language = args.language or _most_common([e["language"] for e in entries], default=rules.languages[0])
    lines = ["| " + " | ".join(index_headers(language)) + " |", "|" + " --- |" * len(INDEX_COLUMNS)]
    for entry in entries:
        cells = [_cell(entry[key]) for key, _, _ in INDEX_COLUMNS]
        cells[-1] = f"[{cells[-1]}]({_link(entry['path'])})"
        lines.append("| " + " | ".join(cells) + " |")
    sys.stdout.write("\n".join(lines) + "\n")
    return USAGE_ERROR if unreadable else 0


def _most_common(values: list[str], default: str) -> str:
    """The most frequent value; on a tie or none, `default` if it is among the most frequent."""
    if not values:
        return default
    counts = {value: values.count(value) for value in values}
    top = max(counts.values())
    return default if counts.get(default) == top else max(counts, key=counts.get)


def _cell(value: str) -> str:
    """A value as the text of one table cell, on one line: a folder's name may hold a
    line break, which would end the row."""
    from rfc_template.jinja import markdown_text

    return markdown_text(value.replace("\r\n", " ").replace("\r", " ").replace("\n", " "))


def _link(path: str) -> str:
    """A relative path as a link's destination, percent-encoded: a folder's name may
    hold a space, `)`, `|`, `<` or a line break, which would end the link or the cell."""
    from urllib.parse import quote

    return quote(Path(path).as_posix())


if __name__ == "__main__":
    sys.exit(main())
