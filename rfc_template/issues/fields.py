"""The RFC issue form's fields, read off the template: one source for `rfc issue-form`
(forms.py) and for reading a submitted form's body back into an RFC (body.py).

- The basic-info answers the form asks for are inputs and dropdowns whose options are
  cookiecutter.json's; the others come from the issue itself (its link, its date) or
  from its being filed (an RFC issue is up for review).
- Each level-2 section after the basic info is a textarea, labelled with its heading and
  holding the template's text for it (level-3 headings included) as its starting value.
- The framework's own RFC form adds a feedback period, the biweekly-review note and one
  checkbox; they are kept.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from rfc_template import structure
from rfc_template.editions import edition
from rfc_template.template import load_context, load_rules, rfc_template_path, template_dir

# The template's mark of a place to fill in: the form's text has it where the answers
# (the category, the feature's name) would go, as the seed itself does (`enable_xxx`).
SLOT = "xxx"

# Basic-info answers the form asks for; the rest are the issue's own (see body.py).
ASKED = ("author", "modules", "backend", "rfc_type")


def filed_status() -> str:
    """The status of an RFC filed as an issue: put up for review, the template's status after
    the draft (so it is checked at the review stage)."""
    return load_rules().statuses[1]


# What the framework's RFC form says besides the template (.github/ISSUE_TEMPLATE/003-RFC.yml).
FRAMEWORK_FORM: dict[str, dict] = {
    "zh": {
        "name": "特性 RFC",
        "about": "在写代码前提出一个特性 RFC：问题、接口、方案、依赖、约束和验证。",
        "review": "核心团队每两周召开一次 RFC 评审会议（biweekly RFC review）。提交后请留出完整的反馈期限，通常至少一周。",
        "feedback": ("完整的反馈期限", "通常至少一周。", "例如：两周，至 2026-12-20"),
        "searched": ("确认", "我已搜索过已有的 RFC，没有重复的提议"),
        "author_note": "留空则为提交 issue 的人。",
    },
    "en": {
        "name": "Feature RFC",
        "about": "Propose a feature RFC before writing code: the problem, interface, design, dependencies, constraints and verification.",
        "review": "The core team holds a biweekly RFC review. After filing, leave a full feedback period, usually at least one week.",
        "feedback": ("Feedback period", "Usually at least one week.", "e.g. two weeks, until 2026-12-20"),
        "searched": ("Confirmation", "I have searched the existing RFCs and none proposes this"),
        "author_note": "Left empty: whoever files the issue.",
    },
}
FORM_TITLE = "[RFC]: "
FORM_LABEL = "RFC"


@dataclass(frozen=True)
class Field:
    id: str
    kind: str  # input, dropdown, textarea or checkboxes (as the forges name them)
    label: str
    description: str = ""
    value: str = ""  # a textarea's starting text
    placeholder: str = ""
    options: tuple[str, ...] = ()
    multiple: bool = False
    required: bool = False
    variable: str = ""  # the answer it gives (author, modules, backend, rfc_type)
    section: str = ""  # the template section it holds, as its heading is written


@dataclass(frozen=True)
class Form:
    language: str
    name: str
    about: str
    intro: str  # the form's first text: the template's own note, and the review note
    fields: tuple[Field, ...] = field(default_factory=tuple)

    def by_label(self) -> dict[str, Field]:
        return {f.label: f for f in self.fields}


@cache
def form(language: str) -> Form:
    words = FRAMEWORK_FORM[language]
    ed = edition(language)
    fields = [*_basic_info_fields(language), *_section_fields(language)]
    label, about, placeholder = words["feedback"]
    fields.append(Field("feedback-period", "input", label, about, placeholder=placeholder))
    label, option = words["searched"]
    fields.append(Field("searched", "checkboxes", label, options=(option,), required=True))
    intro = f"{_template_note(language)}\n\n{words['review']}"
    assert len({f.label for f in fields}) == len(fields), f"two fields of the {ed.language} form share a label"
    return Form(language, words["name"], words["about"], intro, tuple(fields))


def basic_info_variables(language: str = "zh") -> dict[str, str]:
    """Each basic-info key -> the answer its row shows (`作者` -> `author`, `状态` -> `_statuses`),
    read from the template's own rows (the last `c.<name>` of each: `c._en_labels[c.rfc_type]`)."""
    keys = structure.basic_info_keys(language)
    rows = [line for line in structure.template_lines_by_section(language)[ed_basic(language)] if line.startswith("| ")]
    found = {}
    for row in rows[2:]:
        names = re.findall(r"\bc\.(\w+)", row) or re.findall(r"\{\{\s*(\w+)", row)
        found[row.split("|")[1].strip()] = names[-1]
    assert tuple(found) == keys, "the basic-info rows and keys disagree"
    return found


def ed_basic(language: str) -> str:
    return edition(language).basic_info


def _basic_info_fields(language: str) -> list[Field]:
    rules = load_rules()
    prompts = load_context()["__prompts__"]
    options = {
        "modules": rules.modules,
        "backend": rules.backends,
        "rfc_type": tuple(rules.in_edition(t, language) for t in rules.rfc_types),
    }
    fields = []
    for key, variable in basic_info_variables(language).items():
        if variable not in ASKED:
            continue
        prompt = prompts.get(variable, "")
        description = prompt.get("__prompt__", "") if isinstance(prompt, dict) else prompt
        description = re.split(r"[:(]", description)[0].strip()  # the prompt's name, not how to type it
        if variable == "author":
            description = f"{description}. {FRAMEWORK_FORM[language]['author_note']}"
        kind = "dropdown" if variable in options else "input"
        fields.append(
            Field(
                variable.replace("_", "-"),
                kind,
                key,
                description,
                options=options.get(variable, ()),
                multiple=variable == "modules",
                required=variable != "author",
                variable=variable,
            )
        )
    return fields


def _section_fields(language: str) -> list[Field]:
    """A textarea per level-2 section after the basic info, its id from the English heading."""
    english = [s for s in edition("en").sections if s.level == 2][1:]
    own = [s for s in edition(language).sections if s.level == 2][1:]
    texts = section_texts(language)
    fields = []
    for en, section in zip(english, own):
        value = texts[section.text]
        hints = " ".join(" ".join(c.split()) for c in re.findall(r"<!--(.*?)-->", value, re.S))
        ident = re.sub(r"[^a-z0-9]+", "-", re.sub(r"^\d+\.?\s*", "", en.text).lower()).strip("-")
        fields.append(Field(ident, "textarea", section.text, hints, value=value, required=True, section=section.text))
    return fields


@cache
def section_texts(language: str) -> dict[str, str]:
    """Each level-2 section's text as the template renders it for the form (without its
    heading), and the text before the first section under the key ''."""
    texts: dict[str, list[str]] = {"": []}
    current = ""
    fence = None
    for line in rendered_template(language).split("\n"):
        marker = re.match(r"(`{3,}|~{3,})", line)
        if marker and (fence is None or marker.group(1).startswith(fence)):
            fence = None if fence else marker.group(1)
        elif fence is None and line.startswith("## "):
            current = line[3:].strip()
            texts[current] = []
            continue
        texts[current].append(line)
    return {name: _tidy(lines) for name, lines in texts.items()}


def _tidy(lines: list[str]) -> str:
    """Without blank lines at either end, and one blank line where the render left several."""
    out: list[str] = []
    for line in lines:
        if not line.strip() and (not out or not out[-1].strip()):
            continue
        out.append(line.rstrip())
    while out and not out[-1].strip():
        out.pop()
    return "\n".join(out)


def _template_note(language: str) -> str:
    """The template's opening comment (what it is for, how to fill it in), as plain text."""
    head = section_texts(language)[""]
    match = re.search(r"<!--(.*?)-->", head, re.S)
    return match.group(1).strip() if match else ""


@cache
def rendered_template(language: str) -> str:
    """The template's rfc.md rendered with the form's answers: no module chosen, both
    backends (every row a single-backend RFC deletes), and SLOT for the category and the
    feature's name."""
    from cookiecutter.environment import StrictEnvironment
    from cookiecutter.generate import generate_context
    from jinja2 import FileSystemLoader

    from rfc_template.generate import template_on_path

    root = template_dir()
    context = generate_context(context_file=str(root / "cookiecutter.json"))
    rules = load_rules()
    values = context["cookiecutter"]
    values.update(
        language=language,
        rfc_title=SLOT,
        rfc_slug=SLOT,
        author=SLOT,
        modules="",
        backend=rules.both_backends,
        related_issue="",
        rfc_type=SLOT,
        date="1970-01-01",
        _en_labels={**values["_en_labels"], SLOT: SLOT},
    )
    with template_on_path():
        env = StrictEnvironment(context=context, keep_trailing_newline=True)
        env.loader = FileSystemLoader(str(root / "templates"))
        source = rfc_template_path(language).relative_to(root / "templates").as_posix()
        return env.get_template(source).render(cookiecutter=values)
