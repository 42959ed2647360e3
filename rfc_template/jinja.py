"""Jinja filters and globals the template renders with (registered by `local_extensions.py`).

Every user value that reaches `rfc.md` or a diagram goes through one of these filters,
so that it shows exactly as typed and cannot add a heading, a table cell or a node.
"""

from __future__ import annotations

import atexit
import importlib
import json
import os
import re
import shutil
import sys
import tempfile
import threading
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from cookiecutter.exceptions import FailedHookException
from jinja2 import Environment, FileSystemBytecodeCache
from jinja2.ext import Extension

from rfc_template import answers, provenance, target
from rfc_template.template import RFC_DIR_NAME, clear_caches, template_dir
from rfc_template.terminal import enable_line_editing

# ASCII punctuation that starts or ends Markdown syntax inside a line (emphasis, code,
# links, HTML, headings, table cells, strikethrough, entities) and braces, so that a
# value holding `{{` is never mistaken for unrendered template syntax. CommonMark lets a
# backslash escape any ASCII punctuation, so escaping these shows them as typed.
MARKDOWN_SPECIALS = "\\`*_[]<>#|!~&{}"

# Characters Mermaid reads as syntax inside a label; written as its `#code;` entities
# (one character at a time, so an entity is never escaped again).
MERMAID_ENTITIES = {
    "#": "#35;",
    '"': "#quot;",
    "<": "#lt;",
    ">": "#gt;",
    "&": "#amp;",
    "`": "#96;",
    ";": "#59;",
    "%": "#37;",
    "{": "#123;",
    "}": "#125;",
    # Mermaid strips the last `;` of any line matching `style.*:\S*#.*;` or
    # `classDef.*:\S*#.*;` before it decodes entities, which would break the entity of a
    # `#` in a title such as "style A fill:#f00"; with no `:` the line cannot match.
    ":": "#58;",
    "\\": "#92;",  # Mermaid draws `\n` in a label as a line break
}


def markdown_text(value: str) -> str:
    """A value shown as literal text in a Markdown heading, paragraph or table cell.

    Surrounding whitespace is dropped, as Markdown itself drops spaces there.
    """
    return "".join("\\" + ch if ch in MARKDOWN_SPECIALS else ch for ch in str(value).strip())


def mermaid_text(value: str) -> str:
    """A value shown as literal text inside a Mermaid label (surrounding whitespace dropped)."""
    return "".join(MERMAID_ENTITIES.get(ch, ch) for ch in str(value).strip())


def issue_link(value: str) -> str:
    """`#123` / `!123` as they are, a URL as an autolink (no escapes apply inside `<...>`)."""
    value = str(value)
    return f"<{value}>" if value.startswith(("http://", "https://")) else value


# A terminal's escape sequence (CSI `\x1b[D` and SS3 `\x1bOD` of an arrow key, or a two-character one)
# and any other control character: typed where a prompt had no line editing.
TERMINAL_NOISE = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|O.|[@-Z\\-_])?|[\x00-\x1f\x7f]")


def slug_of(title: str, **options: Any) -> str:
    """cookiecutter's `slugify` of the title, once terminal escape sequences and control
    characters are dropped: `\x1b[D` would otherwise leave a `d` in the slug."""
    from slugify import slugify  # python-slugify, cookiecutter's own slugify filter

    return slugify(TERMINAL_NOISE.sub("", str(title)), **options)


def public_answers(context: Mapping[str, object]) -> dict:
    """The user's answers, without cookiecutter's private and machine-specific keys."""
    return {name: context[name] for name in answers.ANSWER_NAMES if name in context}


JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
TEMPLATE_CHARACTERS = {"{": "\\u007b", "}": "\\u007d", "%": "\\u0025", "#": "\\u0023"}


def pretty_json(value: object) -> str:
    """Readable JSON whose strings never show Jinja delimiters (they are \\u-escaped)."""
    text = json.dumps(value, ensure_ascii=False, indent=2)
    return JSON_STRING.sub(lambda m: "".join(TEMPLATE_CHARACTERS.get(c, c) for c in m.group()), text)


class RefusedAnswers(FailedHookException):
    """Bad answers, found before the RFC directory exists.

    A FailedHookException, so that cookiecutter's command line prints the message and
    exits 1 without a traceback, as it does for a failing hook.
    """

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("ERROR: cannot generate the RFC:\n" + "\n".join(f"  - {p}" for p in problems))


def checked_answers(context: Mapping[str, object]) -> Mapping[str, object]:
    """The answers, once they are all valid, and the place the RFC would go.

    Called twice per generation, both before anything exists: by `__checked` in
    cookiecutter.json (right after the questions, before cookiecutter or cruft records
    the answers) and in the render of the project folder's name, just before
    cookiecutter creates it (see `RfcExtension.preprocess`): there `_output_dir` is
    known, and a replayed or overridden answer is checked too. A slug such as `../x`
    or an existing RFC directory (even with `--overwrite-if-exists`: it may hold an
    edited RFC) never makes or touches a folder.

    There the RFC folder is claimed for this run (`target.claim`) before it is checked
    to be free, so that of several runs for one slug at the same moment exactly one
    goes on; the output folders cookiecutter is about to make are removed again at
    exit if the run fails, with a half-written RFC folder.
    """
    problems = answers.find_problems(context)
    if not problems and context.get("_output_dir"):
        problems = _claim_target(Path(str(context["_output_dir"])), str(context["rfc_slug"]))
    if problems:
        raise RefusedAnswers(problems)
    return context


def _claim_target(output_dir: Path, slug: str) -> list[str]:
    rfc_dir = output_dir / slug
    if not target.claim(rfc_dir):
        return [target.being_made(rfc_dir)]
    problems = target.target_problems(output_dir, slug)
    if problems:
        target.release(rfc_dir)
        return problems
    # cookiecutter leaves a half-written folder when rendering a file fails: at exit,
    # a folder this run claimed and never finished goes, with the output folders it made
    atexit.register(target.abandon, rfc_dir, target.folders_to_make(output_dir))
    return []


def answers_checked(context: Mapping[str, object]) -> str:
    """`__checked` in cookiecutter.json: what cookiecutter records once the answers pass.

    With `--replay-file`, cookiecutter renders only the variables the replay file lacks
    (this one and the private ones), in a context that holds none of the answers: the
    replayed answers are checked, with everything else, where the RFC folder's name is
    rendered and in the pre-generation hook."""
    if not any(name in context for name in answers.ANSWER_NAMES):
        return "replayed"
    checked_answers(context)
    return "yes"


def answer_problems(context: Mapping[str, object]) -> list[str]:
    """For hooks/pre_gen_project.py, rendered into it as JSON."""
    _warm_the_checker()
    return answers.find_problems(context)


def _warm_the_checker() -> None:
    """Import the post-generation check in the background, once.

    cookiecutter renders the pre-generation hook, then waits for it in a second
    process and renders the files: the import (mistune and the rules) overlaps that
    wait instead of adding to it."""
    global _warming
    if _warming is None and "rfc_template.check" not in sys.modules:
        _warming = threading.Thread(target=_load_the_checker, daemon=True)
        _warming.start()


_warming: threading.Thread | None = None


def _load_the_checker() -> None:
    try:
        importlib.import_module("rfc_template.check")  # mistune
        importlib.import_module("rfc_template.lint.registry").draft_rules()  # the rules a new RFC is checked with
        importlib.import_module("rfc_template.editions").all_editions()  # the template's structure
    except Exception:  # noqa: BLE001 (the post-generation check itself reports any problem)
        pass


def generated_verdict(context: Mapping[str, object]) -> dict | None:
    """For hooks/post_gen_project.py, rendered into it as JSON once every file is written.

    cookiecutter renders the post-generation hook in its own process after generating
    the files, so the check runs here without a second interpreter importing the
    checker again, and while the hook's interpreter starts: the verdict is written to a
    file the hook waits for, `{"file": ...}`. None where the RFC folder is not known
    (cruft sets no `_output_dir`): the hook then checks in its own process.
    """
    output_dir = context.get("_output_dir")
    rfc_dir = Path(str(output_dir), str(context.get("rfc_slug"))) if output_dir else None
    if rfc_dir is not None:
        target.release(rfc_dir)  # every file is written: the folder now speaks for itself
    if rfc_dir is None or not (rfc_dir / "rfc.md").is_file():
        return None
    folder = Path(tempfile.mkdtemp(prefix="rfc-template-verdict-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)  # read by the hook, or not: gone at exit
    verdict_file = folder / "verdict.json"
    # not a daemon: cookiecutter's process ends only once the verdict is written
    threading.Thread(target=_write_verdict, args=(rfc_dir, verdict_file)).start()
    return {"file": str(verdict_file)}


def _write_verdict(rfc_dir: Path, verdict_file: Path) -> None:
    try:
        if _warming is not None:
            _warming.join()
        from rfc_template.generated import verdict

        checked = verdict(rfc_dir)
    except Exception as error:  # noqa: BLE001 (said by the hook, as the check's own verdict)
        checked = {"problems": [f"the check of the new RFC failed: {error!r}"], "note": "", "next_steps": ""}
    written = verdict_file.with_suffix(".part")
    written.write_text(json.dumps(checked), encoding="utf-8")
    os.replace(written, verdict_file)  # the hook never reads half a verdict


# The project folder's name as cookiecutter renders it: the same slug, with the checks.
CHECKED_DIR_NAME = "{{ rfc_checked(cookiecutter).rfc_slug }}"


# --- values stay values --------------------------------------------------------------


def literal_template(text: str) -> str:
    """A Jinja template that renders to `text` exactly: one string literal, every
    character written as an escape, so nothing in it can be read as Jinja syntax."""
    return '{{ "' + "".join(f"\\U{ord(ch):08x}" for ch in text) + '" }}'


@cache
def own_template_sources() -> frozenset[str]:
    """Every string of this template that cookiecutter renders from a string: the
    defaults in cookiecutter.json, the names of its files and folders, its hooks."""
    root = template_dir()
    sources: set[str] = set()

    def collect(value: object) -> None:
        if isinstance(value, str):
            sources.add(value)
        elif isinstance(value, list):
            for item in value:
                collect(item)

    for value in json.loads((root / "cookiecutter.json").read_text(encoding="utf-8")).values():
        collect(value)
    project = root / RFC_DIR_NAME
    sources.add(RFC_DIR_NAME)
    for path in project.rglob("*"):
        sources.update(path.relative_to(project).parts)
        sources.add(str(path.relative_to(project)))
    for hook in (root / "hooks").glob("*.py"):
        sources.add(hook.read_text(encoding="utf-8"))
    return frozenset(sources)


def package_root() -> str:
    """The folder that holds the `rfc` package, so that hooks can import it."""
    return str(Path(__file__).resolve().parent.parent)


class RfcExtension(Extension):
    def __init__(self, environment: Environment) -> None:
        super().__init__(environment)
        # cookiecutter builds an environment per step; cruft update renders two commits of
        # this template in one process, so what was read from its files is read again.
        clear_caches()
        own_template_sources.cache_clear()
        # rfc.md and its includes compile to the same Python every time: keep the compiled
        # code (Jinja's per-user cache folder, checked against each source's checksum).
        enable_line_editing()  # cookiecutter's own prompts read with input() too
        if environment.bytecode_cache is None:
            environment.bytecode_cache = FileSystemBytecodeCache()
        environment.filters.update(
            md_text=markdown_text,
            mermaid_text=mermaid_text,
            issue_link=issue_link,
            rfc_modules=answers.canonical_modules,
            feature_identifier=answers.feature_identifier,
            public_answers=public_answers,
            pretty_json=pretty_json,
            rfc_answers_checked=answers_checked,
            rfc_slug=slug_of,
        )
        environment.globals.update(
            rfc_checked=checked_answers,
            rfc_answer_problems=answer_problems,
            rfc_generated_verdict=generated_verdict,
            rfc_package_root=package_root(),
            # read afresh, never from the answers: a replayed RFC records the template it was made with
            rfc_template_made_by=provenance.record(),
        )

    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        """Keep every value a value, also through plain `cookiecutter --no-input`.

        cookiecutter compiles each answer given on its command line (and in a user's
        config) as a Jinja template, so `{{ 7*7 }}` would become 49 and a crafted value
        could run code. Templates from files come with a name; of the nameless ones, only
        this template's own strings may hold Jinja syntax: any other is rendered literally.

        The project folder's name is rendered once per generation, from its own string,
        just before cookiecutter creates the folder: that render also runs the checks
        (`checked_answers`), so no folder is made for bad answers or an existing RFC.
        """
        if name is None and source == RFC_DIR_NAME:
            return CHECKED_DIR_NAME
        if name is not None or source in own_template_sources():
            return source
        if any(delimiter in source for delimiter in self._delimiters):
            return literal_template(source)
        return source

    @property
    def _delimiters(self) -> tuple[str, ...]:
        env = self.environment
        return env.block_start_string, env.variable_start_string, env.comment_start_string
