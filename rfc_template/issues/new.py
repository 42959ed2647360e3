"""`rfc new --from-issue`: the RFC folder an issue says, made as `rfc new` makes any.

The answers come from the issue (a form's fields, its title, author, link and date; or the
basic info of an RFC pasted whole), the command line's options over them. The folder is
generated from the template with those answers, then rfc.md takes the issue's text: a
form's sections after the template's basic info, or the pasted RFC whole. Each diagram
under diagrams/ becomes its block in rfc.md, and one whose block the issue left out is
removed. Any failure removes the folder: nothing half-made is left.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from rfc_template import answers, document, target
from rfc_template.errors import UsageError
from rfc_template.generate import NEW_OPTIONS, new_rfc, resolve_answers
from rfc_template.issues.body import Converted, Issue, convert
from rfc_template.issues.fields import basic_info_variables
from rfc_template.structure import diagram_sections


def new_from_issue(issue: Issue, name: str, given: dict[str, str], output_dir: Path) -> Path:
    converted = convert(issue, name)
    if given.get("language", converted.language).strip().lower() != converted.language:
        raise UsageError(
            f"--language: {name} is written in the {converted.language} edition; its RFC is made in that edition "
            "(leave --language out)"
        )
    from_issue = converted.answers if converted.is_form else _pasted_answers(converted)
    values = {k: v for k, v in from_issue.items() if v} | given  # an option given wins
    if not values.get("rfc_title", "").strip():
        raise UsageError(
            f"{name}: the issue gives no title (a body alone has none): pass --title, or give the issue's "
            "JSON (gh issue view N --json number,title,body,author,url,createdAt)"
        )
    resolved = resolve_answers(values, ask=None)
    problems = answers.find_problems(resolved)
    if problems:
        raise UsageError(
            f"{name}: the issue's answers cannot make an RFC:\n"
            + "\n".join(f"  - {_named(problem, given, converted)}" for problem in problems)
        )
    made = target.folders_to_make(output_dir)  # as rfc new does: removed again if this run fails
    rfc_dir = new_rfc(values, output_dir, interactive=False)
    try:
        _take_issue_text(rfc_dir / "rfc.md", converted)
    except BaseException as error:
        shutil.rmtree(rfc_dir, ignore_errors=True)
        target.remove_made_folders(made)
        if isinstance(error, OSError):
            raise UsageError(f"could not write {rfc_dir}: {error.strerror or error}; {rfc_dir} was removed") from None
        raise
    print(f"rfc new: {rfc_dir / 'rfc.md'} holds the issue's text ({name})", file=sys.stderr)
    return rfc_dir


def _pasted_answers(converted: Converted) -> dict[str, str]:
    """The answers an RFC pasted whole gives in its title and basic info."""
    from rfc_template.check import check_text

    checked = check_text(converted.text)
    variables = basic_info_variables("zh")
    found = {variables[key]: value for key, value in checked.info.items() if key in variables}
    found.pop("_statuses", None)
    found["related_issue"] = found.get("related_issue", "").strip("<>")
    return {"language": converted.language, "rfc_title": checked.title, **found}


def _named(problem: str, given: dict[str, str], converted: Converted) -> str:
    """A problem with an answer, named by the option that gave it or by the issue's field."""
    variable, _, rest = problem.partition(": ")
    if variable in given:
        option = next(option for option, name in NEW_OPTIONS.items() if name == variable)
        return f"--{option}: {rest}"
    label = converted.fields.get(variable) or {"rfc_title": "title", "rfc_slug": "title"}.get(variable)
    return f"{label}: {rest}" if label else problem


def _take_issue_text(rfc: Path, converted: Converted) -> None:
    generated = rfc.read_text(encoding="utf-8")
    if converted.is_form:  # the template's title and basic info, then the issue's sections
        text = _before_second_section(generated) + _from_second_section(converted.text)
    else:
        text = converted.text if converted.text.endswith("\n") else converted.text + "\n"
    rfc.write_text(text, encoding="utf-8")
    _diagrams_from_blocks(rfc, text, converted.language)


def _before_second_section(text: str) -> str:
    """The generated rfc.md up to the section after the basic info: its title, the
    template's opening note and the basic-info table, as `rfc new` writes them."""
    at = [n for n, line in enumerate(text.split("\n")) if line.startswith("## ")]
    return "\n".join(text.split("\n")[: at[1]]) + "\n"


def _from_second_section(text: str) -> str:
    """The converted form from its first section after the basic info (body.py writes
    the title, the basic info and each section's heading: the first two `## ` lines are its own)."""
    lines = text.split("\n")
    at = [n for n, line in enumerate(lines) if line.startswith("## ")]
    return "\n".join(lines[at[1] :]) if len(at) > 1 else ""


def _diagrams_from_blocks(rfc: Path, text: str, language: str) -> None:
    doc = document.parse(text)
    for name, section in diagram_sections(language).items():
        copy = rfc.parent / "diagrams" / name
        block = next((b for b in doc.code_blocks if b.section == section and b.info == "mermaid"), None)
        if block is None:
            copy.unlink(missing_ok=True)
        else:
            copy.write_text(block.code, encoding="utf-8")
    folder = rfc.parent / "diagrams"
    if folder.is_dir() and not any(folder.iterdir()):
        folder.rmdir()
