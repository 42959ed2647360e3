"""An issue body read back into an RFC's text, each line with the line of the body it came from.

A forge writes a submitted form as `### <label>`, a blank line, then the answer
(`_No response_` for an empty field, a multiple dropdown's choices joined by `, `,
checkboxes as `- [X] option`); GitCode may put the form's markdown text first. Only the
form's own labels (fields.py) split the body, so an answer's own `### 3.1 目标` stays in
it. The text of an RFC pasted whole into an issue is read as it is.

Whatever the form has no section for (the feedback period, the checkbox, text before the
first field, and fields a maintainer added to the form) goes to an appendix at the end:
nothing the issue said is lost.
"""

from __future__ import annotations

import datetime
import json
import re
from dataclasses import dataclass, field

from rfc_template import document, structure
from rfc_template.editions import edition
from rfc_template.errors import UsageError
from rfc_template.issues.fields import FORM_TITLE, Field, Form, basic_info_variables, filed_status, form
from rfc_template.jinja import issue_link, markdown_text
from rfc_template.template import load_rules

# GitHub refuses a longer issue body ("body is too long (maximum is 65536 characters)").
MAX_BODY_CHARS = 65536
# An issue's JSON (gh issue view, the REST API, a workflow's event) around such a body.
MAX_ISSUE_BYTES = 4 * 1024 * 1024
NO_RESPONSE = ("_No response_", "None")
LABEL = re.compile(r"###[ \t]+(.+?)[ \t#]*\Z")
APPENDIX = {"zh": "附：issue 中的其他内容", "en": "Appendix: the rest of the issue"}
BEFORE_FIELDS = {"zh": "表单之前的文字", "en": "Text before the form's fields"}


@dataclass
class Issue:
    """An issue as `gh issue view N --json number,title,body,author,url,createdAt`, the
    REST API or a workflow event gives it; from a bare body, only `body` is known."""

    body: str
    title: str = ""
    number: int | None = None
    url: str = ""
    author: str = ""
    created: str = ""  # YYYY-MM-DD

    @property
    def link(self) -> str:
        """The issue as 相关 issue / PR names it: its URL, else #N, else nothing."""
        return self.url or (f"#{self.number}" if self.number else "")


@dataclass
class Answer:
    label: str
    label_line: int  # of the body, 1-based
    lines: list[tuple[int, str]] = field(default_factory=list)  # (body line, text)
    field: Field | None = None  # None: the text before the form's first field

    def trimmed(self) -> list[tuple[int, str]]:
        lines = list(self.lines)
        while lines and not lines[0][1].strip():
            lines.pop(0)
        while lines and not lines[-1][1].strip():
            lines.pop()
        if len(lines) == 1 and lines[0][1].strip() in NO_RESPONSE:
            return []
        return lines

    @property
    def text(self) -> str:
        return "\n".join(text for _, text in self.trimmed()).strip()

    @property
    def line(self) -> int:
        """Where a finding about the answer is shown: its first line, else its label's."""
        lines = self.trimmed()
        return lines[0][0] if lines else self.label_line


@dataclass
class Converted:
    """The RFC an issue says, and for each of its lines the body line it came from (None:
    made here, from the issue itself: the status, the date, the issue's link)."""

    text: str
    lines: list[int | None]
    language: str
    answers: dict[str, str]  # template variable -> value, as the issue gives them
    fields: dict[str, str]  # template variable -> the form's label for it
    is_form: bool

    def body_line(self, line: int) -> int | None:
        return self.lines[line - 1] if 0 < line <= len(self.lines) else None


def read_issue(data: bytes | str, name: str) -> Issue:
    """An issue from a file's content: JSON with a `body` (or a workflow event's `issue`),
    else the body itself. Too large, or not text: one UsageError naming `name`."""
    if isinstance(data, bytes):
        if len(data) > MAX_ISSUE_BYTES:
            raise UsageError(f"{name}: {len(data) / 2**20:.1f} MB is too large for an issue")
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise UsageError(f"{name}: not UTF-8 text (byte {error.start + 1}): not an issue body") from None
    issue = _from_json(data, name) if data.lstrip().startswith("{") else None
    issue = issue or Issue(body=data)
    issue.body = issue.body.replace("\r\n", "\n").replace("\r", "\n")
    if len(issue.body) > MAX_BODY_CHARS:
        raise UsageError(
            f"{name}: the issue body is {len(issue.body):,} characters; a forge keeps at most "
            f"{MAX_BODY_CHARS:,}: not an issue body"
        )
    if "\x00" in issue.body:
        raise UsageError(f"{name}: the issue body holds a NUL character: not text")
    return issue


def _from_json(text: str, name: str) -> Issue | None:
    try:
        data = json.loads(text)
    except ValueError:
        return None  # a body that starts with '{'
    if not isinstance(data, dict):
        return None
    if isinstance(data.get("issue"), dict):  # a workflow event (issues: opened, edited)
        data = data["issue"]
    if "body" not in data:
        return None
    body, title = data.get("body") or "", data.get("title") or ""
    if not isinstance(body, str) or not isinstance(title, str):
        raise UsageError(f"{name}: the issue's body and title must be text")
    person = data.get("author") or data.get("user") or {}
    created = str(data.get("createdAt") or data.get("created_at") or "")[:10]
    number = data.get("number")
    return Issue(
        body=body,
        title=title,
        number=number if isinstance(number, int) and not isinstance(number, bool) else None,
        url=str(data.get("url") or data.get("html_url") or ""),
        author=str(person.get("login") or "") if isinstance(person, dict) else "",
        created=created if re.fullmatch(r"\d{4}-\d{2}-\d{2}", created) else "",
    )


def rfc_title(issue: Issue) -> str:
    """The issue's title without the form's `[RFC]: ` (or `[RFC]`, `RFC:`)."""
    prefix = re.escape(FORM_TITLE.strip(": ").strip("[]"))
    return re.sub(rf"\A\s*(?:\[{prefix}\]|{prefix})\s*[:：]?\s*", "", issue.title, flags=re.I).strip()


def convert(issue: Issue, name: str) -> Converted:
    """The RFC the issue's body holds: a filled form, or an RFC pasted whole."""
    lines = issue.body.split("\n")
    found = {language: _answers(lines, form(language)) for language in load_rules().languages}
    language = max(found, key=lambda lang: sum(a.field is not None for a in found[lang]))
    answers = found[language]
    if any(a.field is not None for a in answers):
        return _from_form(issue, form(language), answers)
    doc = document.parse(issue.body)
    sections = {heading.section for heading in doc.headings}
    if any(s.text in sections for lang in found for s in edition(lang).sections):
        pasted = Converted(
            issue.body, list(range(1, len(lines) + 1)), document.language_of(doc.headings), {}, {}, False
        )
        return pasted
    second = edition("zh").sections[1].text
    raise UsageError(
        f"{name}: not an RFC issue: the body has none of the RFC form's fields (such as '### {second}') "
        f"and none of the template's sections (such as '## {second}')"
    )


def _answers(lines: list[str], spec: Form) -> list[Answer]:
    """The body split at the form's labels (each once, outside code blocks); the text before
    the first label, if any, as an Answer without a field."""
    labels = spec.by_label()
    current = Answer("", 0)
    answers = [current]
    seen: set[str] = set()
    fence = None
    for number, line in enumerate(lines, start=1):
        marker = re.match(r" {0,3}(`{3,}|~{3,})", line)
        if marker and (fence is None or marker.group(1).startswith(fence)):
            fence = None if fence else marker.group(1)[0] * 3
        label = LABEL.match(line.strip()) if fence is None else None
        known = labels.get(label.group(1).strip()) if label else None
        if known is not None and known.label not in seen:
            seen.add(known.label)
            current = Answer(known.label, number, field=known)
            answers.append(current)
            continue
        current.lines.append((number, line))
    if not answers[0].trimmed():
        answers.pop(0)
    return answers


def _from_form(issue: Issue, spec: Form, answers: list[Answer]) -> Converted:
    """The RFC a filled form says: the title and basic info from the issue and its answers,
    then each section's field, then an appendix of whatever else the body holds."""
    lang = spec.language
    by_variable = {a.field.variable: a for a in answers if a.field is not None and a.field.variable}
    values = _values(issue, lang, by_variable)
    out = _head(lang, values, by_variable, rfc_title(issue))
    for answer in answers:
        if answer.field is not None and answer.field.section:
            out += [("", None), (f"## {answer.field.section}", answer.label_line), ("", None)]
            out += [(text, number) for number, text in answer.trimmed()]
    out += _appendix(lang, [a for a in answers if a.field is None or not (a.field.section or a.field.variable)], spec)
    labels = {variable: a.label for variable, a in by_variable.items()}
    return Converted("\n".join(text for text, _ in out) + "\n", [line for _, line in out], lang, values, labels, True)


def _values(issue: Issue, language: str, by_variable: dict[str, Answer]) -> dict[str, str]:
    """The answers the issue gives (template variable -> value): the form's, and the issue's own."""
    values = {variable: a.text for variable, a in by_variable.items()}
    if not values.get("author") and issue.author:
        values["author"] = issue.author  # the form's author left empty: whoever filed the issue
    if values.get("modules"):
        values["modules"] = ", ".join(part.strip() for part in re.split(r"[,，]", values["modules"]) if part.strip())
    values.update(
        language=language,
        rfc_title=rfc_title(issue),
        related_issue=issue.link,
        date=issue.created or datetime.date.today().isoformat(),
    )
    return values


def _head(
    language: str, values: dict[str, str], by_variable: dict[str, Answer], title: str
) -> list[tuple[str, int | None]]:
    """The title and the basic-info table, each value's row at the line of its answer."""
    rules = load_rules()
    basic_info = edition(language).basic_info
    rows = [line for line in structure.template_lines_by_section(language)[basic_info] if line.startswith("| ")]
    # a body alone has no title: a stand-in, whose findings (on no line of the body) are left out
    out: list[tuple[str, int | None]] = [(f"# {markdown_text(title)}" if title else "# RFC", 1 if title else None)]
    out += [("", None), (f"## {basic_info}", None), ("", None), *((row, None) for row in rows[:2])]
    for key, variable in basic_info_variables(language).items():
        answer = by_variable.get(variable)
        value = _cell(variable, values, language, rules)
        out.append((f"| {key} |{' ' + value + ' ' if value else ' '}|", answer.line if answer else None))
    return out


def _appendix(language: str, extra: list[Answer], spec: Form) -> list[tuple[str, int | None]]:
    """What the form has no section for, each under its label (GitCode's copy of the form's
    own text, written before the fields, is no one's answer and is left out)."""
    kept = [a for a in extra if a.trimmed() and not (a.field is None and _is_intro(a, spec))]
    if not kept:
        return []
    out: list[tuple[str, int | None]] = [("", None), (f"## {APPENDIX[language]}", None)]
    for answer in kept:
        out += [("", None), (f"### {answer.label or BEFORE_FIELDS[language]}", answer.label_line or None), ("", None)]
        out += [(text, number) for number, text in answer.trimmed()]
    return out


def _cell(variable: str, values: dict[str, str], language: str, rules) -> str:
    """A basic-info value as the template's row writes it; what the issue said, literally
    (escaped for a table cell), where it is no value the template knows."""
    if variable == "_statuses":
        return rules.in_edition(filed_status(), language)
    value = " ".join(values.get(variable, "").split())
    if variable == "author":
        return markdown_text(value)
    if variable == "related_issue":  # as the template's row writes it (an address as an autolink)
        linked = issue_link(value)
        return linked if linked != value else value.replace("|", "\\|")
    if variable == "modules":
        value = " / ".join(part.strip() for part in value.split(","))
    if variable == "rfc_type" and rules.canonical(value) in rules.rfc_types:
        value = rules.in_edition(value, language)
    return value.replace("|", "\\|")


def _is_intro(answer: Answer, spec: Form) -> bool:
    """The form's own text, which GitCode writes before the fields."""
    return " ".join(answer.text.split()) in " ".join(spec.intro.split())


def read_issue_file(path: str) -> Issue:
    """An issue from a file, or from standard input for `-`."""
    import sys

    name = "-" if path == "-" else path
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_ISSUE_BYTES + 1)
        else:
            with open(path, "rb") as file:
                data = file.read(MAX_ISSUE_BYTES + 1)
    except OSError as error:
        raise UsageError(f"{name}: cannot read the issue: {error.strerror or error}") from None
    return read_issue(data, name)


def check_issue(issue: Issue, name: str, stage: str | None, overrides) -> tuple[list, int]:
    """The findings of the RFC the issue holds, each at the line of the body it reads (a
    finding about what the issue itself supplies, such as its date, has none and is left
    out), and how many the waivers silenced."""
    from rfc_template import check, config

    converted = convert(issue, name)
    # The repository's configuration (the working directory's), not that of wherever the
    # issue's file is (a workflow's event is outside the repository).
    settings = config.settings_for(None, overrides)
    try:
        checked = check.check_text(converted.text, None, stage, settings)
    except RecursionError:
        raise UsageError(f"{name}: nested too deeply to parse") from None
    rfc_lines, body_lines = converted.text.split("\n"), issue.body.split("\n")
    findings = []
    for finding in checked.findings:
        line = converted.body_line(finding.line)
        if line is None:
            continue
        # a column counts in the body's line only where the RFC's line is that line as written
        as_written = rfc_lines[finding.line - 1] == body_lines[line - 1]
        findings.append(finding._replace(line=line, col=finding.col if as_written else 1))
    return findings, checked.waived
