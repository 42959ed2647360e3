"""`rfc new` without its command line: the answers, checked, and the RFC rendered from them.

`new_rfc` is the whole command; `resolve_answers`, `generate` and the prompts are its steps.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Mapping
from pathlib import Path

from rfc_template import answers, target
from rfc_template.errors import UsageError
from rfc_template.generated import check_generated, next_steps
from rfc_template.template import load_context, load_rules, template_dir
from rfc_template.terminal import enable_line_editing

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

# Choice answers also accepted in the other edition's words (`Performance optimization`).
CHOICE_NAMES = ("backend", "rfc_type")


def new_rfc(given: dict[str, str], output_dir: Path, interactive: bool = True) -> Path:
    """`rfc new`: the RFC folder made in `output_dir` from the `given` answers (template
    variable -> literal value), the others asked for (`interactive`) or the defaults."""
    problems = target.output_problems(output_dir, "--output-dir")
    if problems:  # said before any question is asked
        raise UsageError(problems[0])

    def slug_is_free(slug: str) -> list[str]:
        return target.target_problems(output_dir, slug, slug_option="rfc_slug", output_option="--output-dir")

    values = resolve_answers(given, ask=ask if interactive else None, also_check={"rfc_slug": slug_is_free})
    problems = answers.find_problems(values)
    if problems:
        raise UsageError("invalid answers:\n" + "\n".join(f"  - {as_option(problem)}" for problem in problems))
    problems = target.target_problems(
        output_dir, str(values["rfc_slug"]), slug_option="--slug", output_option="--output-dir"
    )
    if problems:
        raise UsageError(problems[0])
    rfc_dir = output_dir / str(values["rfc_slug"])
    generate(values, output_dir, rfc_dir)
    return rfc_dir


def as_option(problem: str) -> str:
    """A problem with an answer, named by `rfc new`'s option (`rfc_slug: ...` -> `--slug: ...`)."""
    variable, _, rest = problem.partition(": ")
    option = next((option for option, name in NEW_OPTIONS.items() if name == variable), None)
    if option is None:
        return problem
    if option == "module":
        rest = rest.replace("(comma-separated)", "(repeat --module for more)")
    return f"--{option}: {rest}"


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
    with template_on_path():
        env = StrictEnvironment(context={"cookiecutter": context})
        values: dict[str, object] = {}
        for name in answers.ANSWER_NAMES:
            raw = context[name]
            if name in given:
                values[name] = _taken(name, given[name], rules)
                continue
            # as cookiecutter.prompt.render_variable does (that module imports rich, which
            # would cost `rfc new` more start-up than the whole rendering)
            default = (
                raw[0] if isinstance(raw, list) else env.from_string(raw).render(cookiecutter={**private, **values})
            )
            if not ask:
                values[name] = default
                continue
            while True:
                reply = ask(name, default, raw if isinstance(raw, list) else None, values.get("language"))
                problems = answers.field_problems(name, reply, rules) or (also_check or {}).get(name, lambda _: [])(
                    reply
                )
                if not problems:
                    break
                for problem in problems:
                    print(f"  {problem}", file=sys.stderr)
            values[name] = reply
    return values


def _taken(name: str, value: str, rules) -> str:
    """A given value as the template spells it: a choice in either edition's words, the
    edition in any case (`EN`); anything else literally."""
    if name in CHOICE_NAMES:
        return rules.canonical(value)
    if name == "language" and value.strip().lower() in rules.languages:
        return value.strip().lower()
    return value


def ask(name: str, default: object, choices: list[str] | None, language: str | None = None) -> str:
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
    enable_line_editing()
    try:
        return input(prompt).strip()
    except EOFError:
        option = next(option for option, variable in NEW_OPTIONS.items() if variable == name)
        raise UsageError(
            f"no answer for {name} (input ended); pass --{option}, or --no-input for the defaults"
        ) from None


def generate(values: Mapping[str, object], output_dir: Path, rfc_dir: Path) -> None:
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
        with template_on_path():
            generate_files(repo_dir=str(template), context=context, output_dir=str(output_dir), accept_hooks=False)
        problems, note = check_generated(rfc_dir)
        if problems:
            raise UsageError(
                "\n  ".join([f"the generated RFC does not match the template; {rfc_dir} was removed:", *problems])
            )
    except BaseException as error:
        # Only the run holding the claim has made anything. A run refused the folder leaves
        # the output folders alone: the run holding it may be creating the RFC in them
        # right now, and an empty parent removed under it fails its mkdir.
        if target.holds(rfc_dir):
            if rfc_dir.exists():
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


class template_on_path:
    """cookiecutter imports local_extensions.py from the template root, as its CLI does."""

    def __enter__(self) -> None:
        self._saved = list(sys.path)
        sys.path.append(str(template_dir()))

    def __exit__(self, *exc: object) -> None:
        sys.path[:] = self._saved
